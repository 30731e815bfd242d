package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/atomicfile"
	"toolbench/internal/source"
)

// dumpFlags are the flags of toolbench dump.
type dumpFlags struct {
	server serverFlags
	dir    string
}

// dumpOptions are a parsed dump command line.
type dumpOptions struct {
	in source.Input
	// all says --all-servers: the servers of the servers file, named by
	// in.Server, each written to dir.
	all bool
	dir string
}

// command returns toolbench dump, its flags read into f.
func (f *dumpFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dump [FILE]",
		Short: "write the tools a live MCP server lists",
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

With --all-servers, reach every server of the servers file at once and
write each one's tools to DIR/NAME.json (--dir), NAME its name in the
servers file; a server that cannot be reached is one line on standard
error, and the others are written all the same.

Exit status: 0 written, 2 usage error, a file that cannot be read or is not
a tools document, or a server that cannot be reached or listed (under
--all-servers, after the others are written).`),
		Example: `toolbench dump --server-cmd 'npx -y @modelcontextprotocol/server-everything' > tools.json
toolbench dump --server-url https://example.com/mcp --header 'Authorization: Bearer $TOKEN'
toolbench dump --server everything | toolbench lint --target mcp
toolbench dump --all-servers --dir mcp-tools`,
		RunE: runs(f.options, func(opts dumpOptions) error {
			if opts.all {
				return runDumpAll(e, opts)
			}
			return exit(runDump(e, opts.in))
		}),
	}
	f.server.register(cmd, e)
	f.server.registerAll(cmd, "dump every server of the servers file to --dir", "write the tools of every server of the servers file, each to DIR/NAME.json (--dir)")
	cmd.Flags().StringVar(&f.dir, "dir", "", "the DIR --all-servers writes the tools to")
	document(cmd.Flags(), "dir", "under --all-servers, the directory to write each server's tools to")
	cmd.MarkFlagDirname("dir")
	return cmd
}

// options reads `dump [flags] [FILE]`, or a server flag in place of FILE.
func (f *dumpFlags) options(fs *pflag.FlagSet, files []string) (dumpOptions, error) {
	servers, err := f.server.options(fs)
	switch {
	case err != nil:
		return dumpOptions{}, err
	case servers.all != (f.dir != ""):
		return dumpOptions{}, errors.New("--all-servers writes each server's tools to a file of its own: name their directory with --dir")
	case servers.server != nil && len(files) > 0:
		return dumpOptions{}, f.server.twoSources("FILE")
	case servers.all:
		return dumpOptions{in: source.Input{Server: servers.server}, all: true, dir: f.dir}, nil
	case servers.server != nil:
		return dumpOptions{in: source.Input{Server: servers.server}}, nil
	case len(files) > 1:
		return dumpOptions{}, fmt.Errorf("one FILE to dump, not %d", len(files))
	case len(files) == 1:
		return dumpOptions{in: source.Input{Path: files[0]}}, nil
	}
	return dumpOptions{in: source.Input{Path: "-"}}, nil
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

// runDumpAll writes the tools of every server to a file of its own in
// the directory, the servers reached at once. A server that cannot be
// reached, or whose name is no file's, costs only itself.
func runDumpAll(e *env, cfg dumpOptions) error {
	all, err := source.AllServers(*cfg.in.Server)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(e.path(cfg.dir), 0o755); err != nil {
		fmt.Fprintf(e.stderr, "toolbench dump: %s\n", termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	ins := make([]source.Input, len(all))
	for i := range all {
		ins[i].Server = &all[i]
	}
	ctx, stop := interruptContext()
	defer stop()
	code := exitOK
	opened := source.OpenAll(ctx, ins, e.sourceOptions())
	defer source.CloseAll(opened) // on every way out, ctrl+c's included
	for i, o := range opened {
		name := all[i].Name
		path := filepath.Join(cfg.dir, dumpFileName(name))
		err := o.Err
		if err == nil {
			o.Source.Close() // the tools are read; the session is not needed
			err = writeDump(e.path(path), name, o.Source)
		}
		if err == nil {
			fmt.Fprintf(e.stdout, "wrote %s\n", termtext.EscapeLine(path))
		} else {
			code = sourceFailed(ctx, e, "toolbench dump", err)
			if ctx.Err() != nil {
				return exit(code)
			}
		}
	}
	return exit(code)
}

// dumpFileName is the name of the file the tools of the server name are
// written to: NAME.json, the name's hidden characters (controls,
// escapes, bidi and zero-width characters, which a terminal would act on
// when it lists the folder) and '%' written as %XX of their bytes, so
// that two names never share a file.
func dumpFileName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r == '%' || r == utf8.RuneError || termtext.IsHidden(r) {
			for _, c := range []byte(string(r)) {
				fmt.Fprintf(&b, "%%%02X", c)
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String() + ".json"
}

// writeDump writes the tools of src, the server name, to path.
func writeDump(path, name string, src *source.Source) error {
	if name == "" || name != filepath.Base(name) || strings.HasPrefix(name, ".") || strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("%s: a server's name is its file's, and this one cannot be: rename it in the servers file", termtext.Quote(name))
	}
	out, err := src.Dump()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, out)
}
