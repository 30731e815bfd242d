package main

import (
	"fmt"
	"io"
	"slices"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// dumpConfig is a parsed dump command line.
type dumpConfig struct {
	file   string       // "-" is standard input
	server *sourceFlags // nil for a file
}

// parseDumpArgs reads `dump [flags] [FILE]`, or a server flag in place of
// FILE. It returns flag.ErrHelp for -h.
func parseDumpArgs(args []string) (*dumpConfig, error) {
	fs := newFlagSet("dump")
	var src sourceFlags
	src.register(fs)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}
	cfg := &dumpConfig{file: "-"}
	if cfg.server, err = src.serverFlags(fs); err != nil {
		return nil, err
	}
	switch {
	case cfg.server != nil && len(files) > 0:
		return nil, cfg.server.twoSources("FILE")
	case len(files) > 1:
		return nil, fmt.Errorf("one FILE to dump, not %d", len(files))
	case len(files) == 1:
		cfg.file = files[0]
	}
	return cfg, nil
}

func runDump(e *env, args []string) int {
	cfg, err := parseDumpArgs(args)
	if err != nil {
		return argsError(e, "toolbench dump", err, dumpUsage)
	}
	ctx, stop := interruptContext()
	defer stop()
	src, err := openSource(ctx, e, cfg.server, cfg.file)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench dump", err)
	}
	defer src.close()

	out := []byte(src.doc.Src) // a server's document is the dump already
	if src.client == nil {
		if out, err = dumpFile(src.doc); err != nil {
			fmt.Fprintf(e.stderr, "toolbench dump: %s\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
	}
	// The bytes are what a file or a pipe gets, so that a dump lints with
	// the positions of the server's own; only a terminal gets hidden
	// characters escaped, which keeps the JSON's meaning.
	w := e.stdout
	if e.isTerminal(e.stdout) {
		w = jsondoc.SafeWriter(w)
	}
	if _, err := w.Write(out); err != nil {
		fmt.Fprintf(e.stderr, "toolbench dump: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return exitOK
}

// dumpFile lays out the tools of a file as a server's are dumped: the
// entries of its list of tools (or its one tool), each as written, one
// after each line break of {"tools": [ ... ]}. Nothing is converted: an
// OpenAI tool stays one.
func dumpFile(doc *jsondoc.Document) ([]byte, error) {
	ts := tooldef.Tools(doc)
	if len(ts.Problems) > 0 {
		p := ts.Problems[0]
		return nil, doc.ErrorAt(int(p.Node.Start), p.Msg)
	}
	// The entries of every list, and the tools that are values of their
	// own (one tool, or JSON Lines of tools), in text order.
	var entries []*jsondoc.Node
	for _, l := range ts.Lists {
		for _, m := range l.Node.Kids() {
			entries = append(entries, m.Value)
		}
	}
	for _, t := range ts.Tools {
		if ts.Lists[t.List].Node == nil {
			entries = append(entries, t.Node)
		}
	}
	slices.SortFunc(entries, func(a, b *jsondoc.Node) int { return int(a.Start - b.Start) })
	return toolsDocument(doc.Src, entries), nil
}

// toolsDocument is {"tools": [...]} with the text of each node of src on
// a line of its own, the layout of a server's tools document.
func toolsDocument(src string, tools []*jsondoc.Node) []byte {
	if len(tools) == 0 {
		return []byte("{\"tools\": []}\n")
	}
	b := []byte("{\"tools\": [\n")
	for i, n := range tools {
		if i > 0 {
			b = append(b, ",\n"...)
		}
		b = append(b, src[n.Start:n.End]...)
	}
	return append(b, "\n]}\n"...)
}

func dumpUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench dump [flags] [FILE]
       toolbench dump [flags] --server-cmd 'CMD ARGS...' | --server-url URL | --server NAME

Write the tools of a live MCP server as one JSON document, every page of
its tools/list in order, each tool's bytes as the server sent them:

  {"tools": [
  {"name":"echo",...},
  {"name":"get-sum",...}
  ]}

It is the document 'toolbench lint' reads from the server, with the same
lines and columns, to commit, diff and lint in CI without starting the
server. To a terminal, hidden characters are written as \uXXXX escapes,
which mean the same JSON; to a file or a pipe, the bytes are the server's.

With a FILE (or - or nothing, standard input) it writes the file's tools
in the same layout, each entry of its list of tools as written, in the
file's shape: nothing is converted.

%s
Examples:
  toolbench dump --server-cmd 'npx -y @modelcontextprotocol/server-everything' > tools.json
  toolbench dump --server-url https://example.com/mcp --header 'Authorization: Bearer $TOKEN'
  toolbench dump --server everything | toolbench lint --target mcp

Exit status: 0 written, 2 usage error, a file that cannot be read or is not
a tools document, or a server that cannot be reached or listed.
`, serverFlagsHelp)
}
