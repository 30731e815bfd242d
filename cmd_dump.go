package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/source"
)

// dumpFlags are the flags of toolbench dump.
type dumpFlags struct {
	server serverFlags
}

// command returns toolbench dump, its flags read into f.
func (f *dumpFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dump [FILE]",
		Short: "write the tools of a live MCP server as one document, each as the server sent it",
		Long: prose(`
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

With a FILE (or - or nothing, standard input; or REV:PATH) it writes the
file's tools in the same layout, each entry of its list of tools as
written, in the file's shape: nothing is converted.

Exit status: 0 written, 2 usage error, a file that cannot be read or is not
a tools document, or a server that cannot be reached or listed.`),
		Example: `toolbench dump --server-cmd 'npx -y @modelcontextprotocol/server-everything' > tools.json
toolbench dump --server-url https://example.com/mcp --header 'Authorization: Bearer $TOKEN'
toolbench dump --server everything | toolbench lint --target mcp`,
		RunE: runs(f.config, func(in source.Input) int { return runDump(e, in) }),
	}
	f.server.register(cmd)
	return cmd
}

// config reads `dump [flags] [FILE]`, or a server flag in place of FILE.
func (f *dumpFlags) config(fs *pflag.FlagSet, files []string) (source.Input, error) {
	server, err := f.server.resolve(fs)
	switch {
	case err != nil:
		return source.Input{}, err
	case server != nil && len(files) > 0:
		return source.Input{}, f.server.twoSources("FILE")
	case server != nil:
		return source.Input{Server: server}, nil
	case len(files) > 1:
		return source.Input{}, fmt.Errorf("one FILE to dump, not %d", len(files))
	case len(files) == 1:
		return source.Input{Path: files[0]}, nil
	}
	return source.Input{Path: "-"}, nil
}

func runDump(e *env, in source.Input) int {
	ctx, stop := sourceContext(in)
	defer stop()
	src, err := openSource(ctx, e, "dump", in)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench dump", err)
	}
	defer src.Close()
	out, err := src.Dump()
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench dump: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
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
