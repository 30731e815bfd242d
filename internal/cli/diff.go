package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/source"
)

// diffOptions is a parsed diff command line.
type diffOptions struct {
	format   report.Format
	old, new source.Input
}

// diffFlags are the flags of toolbench diff.
type diffFlags struct {
	format   formatFlags
	serverAs string
	server   serverFlags
}

// command returns toolbench diff, its flags read into f.
func (f *diffFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "find breaking changes between two versions",
		Long: prose(`
Compare two versions of a tools file and report what changed for the calls
a model sends, by tool name: breaking changes (a tool or parameter removed,
a parameter now required, a type, enum value, format or bound taken away,
extra arguments refused) as errors, the others as notes. Each change names
the tool and the JSON path, with line:col, in NEW (in OLD for what is gone).
The records of a JSON Lines dataset are compared in order, record by
record, so both files must have as many. "toolbench explain CODE" says what
a change's code means.

OLD and NEW are files, - for standard input, or REV:PATH for a file as git
has it at a revision (git show REV:PATH; PATH from the top of the
repository, or ./PATH from here). With a server's flags, one of them is
the tools the server lists now, NEW unless --server-as old says OLD: give
the other as the one operand. Compare a committed toolbench dump with the
server, or a file with the server it would replace.

Exit status: 0 nothing breaking, 1 breaking changes, 2 usage error or a
source that cannot be read or parsed, or a server that cannot be reached
or listed.`),
		Example: `toolbench diff old/tools.json tools.json
toolbench diff main:tools.json tools.json
toolbench diff tools.dump.json --server-cmd 'node server.js'
toolbench diff --server everything --server-as old tools.json
toolbench diff --format markdown v1.2.0:tools.json HEAD:tools.json >> "$GITHUB_STEP_SUMMARY"`,
		RunE: runs(f.options, func(opts *diffOptions) error { return exit(runDiff(e, opts)) }),
	}
	f.format.register(cmd, writesChanges)
	f.server.register(cmd, e)
	cmd.Flags().StringVar(&f.serverAs, "server-as", "new", "which side the server flags name: new or old")
	cmd.RegisterFlagCompletionFunc("server-as", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{"new", "old"}, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// options reads `diff [flags] OLD NEW`, or one of them and a server.
func (f *diffFlags) options(fs *pflag.FlagSet, sources []string) (*diffOptions, error) {
	cfg := &diffOptions{}
	var err error
	if cfg.format, err = f.format.pick(fs, writesChanges); err != nil {
		return nil, err
	}
	server, err := f.server.resolve(fs)
	if err != nil {
		return nil, err
	}
	switch {
	case f.serverAs != "new" && f.serverAs != "old":
		return nil, fmt.Errorf("--server-as %q: want new or old", f.serverAs)
	case server == nil && fs.Changed("server-as"):
		return nil, errors.New("--server-as says which side a server is; name one with --server-cmd, --server-url or --server")
	case server != nil && len(sources) == 2:
		return nil, f.server.twoSources(sides(f.serverAs) + " " + sources[1])
	case server != nil && len(sources) != 1:
		return nil, fmt.Errorf("want %s beside %s, which is %s; got %s", sides(other(f.serverAs)), f.server.given, sides(f.serverAs), termtext.Plural(len(sources), "source"))
	case server != nil && f.serverAs == "old":
		cfg.old, cfg.new = source.Input{Server: server}, source.Input{Path: sources[0]}
		return cfg, nil
	case server != nil:
		cfg.old, cfg.new = source.Input{Path: sources[0]}, source.Input{Server: server}
		return cfg, nil
	case len(sources) != 2:
		return nil, fmt.Errorf("want OLD and NEW, got %s", termtext.Plural(len(sources), "source"))
	case sources[0] == "-" && sources[1] == "-":
		return nil, errors.New("standard input (-) can be one source, not both")
	}
	cfg.old, cfg.new = source.Input{Path: sources[0]}, source.Input{Path: sources[1]}
	return cfg, nil
}

// sides names a side of a diff as the help does: OLD or NEW.
func sides(side string) string {
	if side == "old" {
		return "OLD"
	}
	return "NEW"
}

// other is the side that is not side.
func other(side string) string {
	if side == "old" {
		return "new"
	}
	return "old"
}

func runDiff(e *env, cfg *diffOptions) int {
	defer e.oneShotGC([]string{cfg.old.Path, cfg.new.Path})()
	var docs [2]*jsondoc.Document
	atRevision := map[string]string{}
	servers := map[string]report.Server{}
	for i, in := range []source.Input{cfg.old, cfg.new} {
		ctx, stop := sourceContext(in)
		src, err := openSource(ctx, e, "diff", in)
		if err != nil {
			code := sourceFailed(ctx, e, "toolbench diff", err)
			stop()
			return code
		}
		src.Close() // the tools are read; a server's session is not needed
		stop()
		docs[i] = src.Doc
		if src.Revision != "" {
			atRevision[src.Doc.Name] = src.Revision
		}
		if in.Server != nil {
			servers[src.Doc.Name] = reportServer(in.Server)
		}
	}
	res, err := diff.Compare(docs[0], docs[1])
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench diff: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	r := &report.ChangeReport{Result: res, Old: docs[0].Name, New: docs[1].Name, AtRevision: atRevision, Servers: servers, Color: e.colored(e.stdout),
		Version: e.build.version(), InformationURI: e.build.informationURI()}
	if err := cfg.format.Changes(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench diff: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if res.Breaking > 0 {
		return exitIssues
	}
	return exitOK
}
