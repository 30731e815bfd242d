package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
	"toolbench/internal/source"
	"toolbench/tui"
)

// defaultToolsFile is what the workbench opens when no FILE is named and
// the file exists; otherwise it opens the demo.
const defaultToolsFile = "tools.json"

// workbenchFlags are the flags of the workbench, the root command.
type workbenchFlags struct {
	deep    bool
	yes     bool
	history string
	rules   ruleFlags
	server  serverFlags
}

// workbenchArgs is a parsed workbench command line.
type workbenchArgs struct {
	cfg     tui.Config
	server  *source.Server  // the server to open on in place of a file; nil for a file
	all     []source.Server // under --all-servers, the servers to open on together
	yes     bool            // --yes: run tools without asking
	history string          // --history FILE
}

// command returns the root command, the workbench, its flags read into f.
func (f *workbenchFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "toolbench [FILE]",
		Short: "a workbench for LLM tool definitions",
		Long: prose(`
toolbench checks LLM tool definitions (OpenAI, Anthropic, MCP and Gemini
shapes) for the defects that make a model skip a tool or call it wrongly,
and the tool calls a model proposes against them.

With no command it opens the workbench on FILE: its tools, their lint
issues and a call tester, linted again every time the file is saved. With
no FILE it opens ./` + defaultToolsFile + ` when it exists, or else a built-in demo. With
a server flag (--server-cmd, --server-url or --server) it opens on the
tools a live MCP server lists (with no --target, under the MCP target),
listed again on every list_changed, and
the tester sends calls to it (ctrl+r). With --all-servers it opens on
every server of the servers file at once, each one's tools a group: ]
and [ move between them, and a server that cannot be reached is one line
before the screen opens (and makes the exit status 2). Keys: tab and
shift+tab move between the panes, ? shows them all, q quits (ctrl+c from
anywhere).

The configuration (toolbench.toml, see --config) sets the targets and
rules, and what it and its baseline accept is not shown; the status bar
names it. With a lock (toolbench lock) that pins what is open, every load
is held to it as toolbench verify holds it: the status bar counts the
tools that drifted, and the tools pane marks each tool changed since it
was pinned, and each the lock does not pin.

` + targetsHelp() + `

Exit status: 0 no errors, 1 errors found, 2 usage error or unreadable
input; each command's help says what its own mean.`),
		Example: `toolbench
toolbench tools.json
toolbench --target openai-strict --deep tools.json
toolbench --server-cmd 'npx -y @modelcontextprotocol/server-everything' --history calls.jsonl
toolbench lint tools.json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				if near := mistypedCommand(cmd.Root(), args[0]); near != "" {
					return usage(cmd, fmt.Errorf("unknown command %q; did you mean %q?", args[0], near))
				}
			}
			wa, err := f.config(cmd.Flags(), args, e.getenv)
			if err != nil {
				return usage(cmd, err)
			}
			return exit(runWorkbench(e, wa))
		},
	}
	fs := cmd.Flags()
	f.rules.register(cmd, e, "also check these targets (t cycles them)", "")
	fs.BoolVar(&f.deep, "deep", false, "start with deep validation on (d toggles it)")
	document(fs, "deep", "start with deep call validation on (d toggles it)")
	fs.BoolVar(&f.yes, "yes", false, "run tools not read-only without asking")
	document(fs, "yes", "on a server, send calls to tools not marked read-only without asking first")
	fs.StringVar(&f.history, "history", "", "append each call and its result to FILE")
	document(fs, "history", "on a server, append each call sent and its result to FILE (JSON Lines, which toolbench call --run replays)")
	f.server.register(cmd)
	f.server.registerAll(cmd, "open on every server of the servers file", "open on every server of the servers file, each one's tools a group (] and [ move between them)")
	return cmd
}

// config reads the workbench command line: the one optional FILE, or the
// server flags in place of FILE.
func (f *workbenchFlags) config(fs *pflag.FlagSet, files []string, getenv func(string) string) (workbenchArgs, error) {
	var wa workbenchArgs
	servers, err := f.server.resolveAll(fs)
	if err != nil {
		return wa, err
	}
	switch {
	case f.server.given == "--all-servers" && f.history != "":
		return wa, errors.New("--history records the calls of one server, for toolbench call --run to replay; name one with --server")
	case f.server.given == "--all-servers":
		wa.all, wa.server = servers, &servers[0]
	case len(servers) == 1:
		wa.server = &servers[0]
	}
	switch {
	case wa.server != nil && len(files) > 0:
		return wa, f.server.twoSources("FILE")
	case wa.server == nil && f.yes:
		return wa, errors.New("--yes is for the calls sent to a server; name one with --server-cmd, --server-url or --server")
	case wa.server == nil && f.history != "":
		return wa, errors.New("--history records the calls sent to a server; name one with --server-cmd, --server-url or --server")
	case len(files) > 1:
		return wa, fmt.Errorf("one FILE to open, not %d", len(files))
	case len(files) == 1 && files[0] == "-":
		return wa, errors.New("standard input cannot be watched; name a file")
	}
	checks, err := f.rules.checks()
	if err != nil {
		return wa, err
	}
	wa.yes, wa.history = f.yes, f.history
	wa.cfg.Deep = f.deep
	wa.cfg.Editor = getenv("EDITOR")
	if wa.cfg.Editor == "" {
		wa.cfg.Editor = getenv("VISUAL")
	}
	if wa.all != nil {
		// The options of all of them are those of the servers file, as
		// lint --all-servers checks them together.
		// The issues of them together are placed in the servers file, and
		// accepted for it, as lint --all-servers places and accepts them.
		origin := source.Input{Path: wa.all[0].ServersFile}
		wa.cfg.Lint = checks.options(origin)
		wa.cfg.ServersFile = docName(origin)
		wa.cfg.TokenBudget = checks.tokenBudget()
		ins := []source.Input{origin}
		for i := range wa.all {
			ins = append(ins, source.Input{Server: &wa.all[i]})
		}
		return wa, checks.team(&wa.cfg, ins)
	}
	if wa.server != nil {
		wa.cfg.Lint = checks.options(source.Input{Server: wa.server})
		return wa, checks.team(&wa.cfg, []source.Input{{Server: wa.server}})
	}

	if len(files) == 1 {
		wa.cfg.File = files[0]
		// A mistyped command would otherwise open an empty workbench on a
		// file of that name.
		fi, err := os.Stat(wa.cfg.File)
		switch {
		case err != nil && source.IsRevision(wa.cfg.File):
			return wa, fmt.Errorf("%s: a revision does not change, so the workbench cannot watch it; try toolbench lint %s", wa.cfg.File, wa.cfg.File)
		case err != nil:
			return wa, fmt.Errorf("%s: no such file (and not a command: see toolbench --help)", wa.cfg.File)
		case fi.IsDir():
			return wa, fmt.Errorf("%s is a directory; name a tools file", wa.cfg.File)
		}
	} else if fi, err := os.Stat(defaultToolsFile); err == nil && !fi.IsDir() {
		wa.cfg.File = defaultToolsFile
	}
	wa.cfg.Lint = checks.options(source.Input{Path: wa.cfg.File})
	if wa.cfg.File == "" {
		return wa, nil // the demo: a team's files are not about it
	}
	return wa, checks.team(&wa.cfg, []source.Input{{Path: wa.cfg.File}})
}

// runWorkbench opens the TUI on the file or the server the arguments
// name.
func runWorkbench(e *env, wa workbenchArgs) int {
	if !e.isTerminal(e.stdout) {
		fmt.Fprintln(e.stderr, "toolbench: the workbench needs a terminal; for a report use 'toolbench lint FILE'")
		return exitFailure
	}
	if f, ok := e.stdout.(*os.File); ok {
		wa.cfg.Output = f
	}
	switch {
	case wa.all != nil:
		return runWorkbenchOnServers(e, wa)
	case wa.server != nil:
		return runWorkbenchOnServer(e, wa)
	}
	return openWorkbench(e, wa.cfg)
}

// runWorkbenchOnServers reaches every server at once before the screen
// opens, each that cannot be reached one line, and opens the workbench
// on the others. The exit status is 2 when one could not be reached.
func runWorkbenchOnServers(e *env, wa workbenchArgs) int {
	ctx, stop := interruptContext()
	defer stop()
	ins := make([]source.Input, len(wa.all))
	for i := range wa.all {
		ins[i].Server = &wa.all[i]
	}
	code := exitOK
	opened := source.OpenAll(ctx, ins, sourceOptions(e))
	defer source.CloseAll(opened) // when the workbench closes, or on ctrl+c before it opens
	for i, o := range opened {
		if o.Err != nil {
			code = sourceFailed(ctx, e, "toolbench", o.Err)
			if ctx.Err() != nil {
				return code
			}
			continue
		}
		srv := workbenchServer(e, ins[i], wa.yes)
		srv.Client, srv.List, srv.Doc = o.Source.Client, o.Source.List, o.Source.Doc
		wa.cfg.Servers = append(wa.cfg.Servers, srv)
	}
	switch len(wa.cfg.Servers) {
	case 0:
		return exitFailure
	case 1:
		wa.cfg.Server, wa.cfg.Servers = wa.cfg.Servers[0], nil
	}
	return max(openWorkbench(e, wa.cfg), code)
}

// workbenchServer is the server of in as the workbench reaches it again
// (R): a new session, listed again.
func workbenchServer(e *env, in source.Input, yes bool) *tui.Server {
	again := sourceOptions(e)
	again.Progress = nil // the screen is open by then
	return &tui.Server{
		Yes: yes,
		Connect: func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error) {
			src, err := source.Open(ctx, in, again)
			if err != nil {
				return nil, nil, nil, err
			}
			return src.Client, src.List, src.Doc, nil
		},
	}
}

// runWorkbenchOnServer connects to the server before the screen opens,
// so that a server that cannot be reached gets the one line every
// command gives it, and opens the workbench on its tools. Every session,
// and the server's processes, end before it returns.
func runWorkbenchOnServer(e *env, wa workbenchArgs) int {
	in := source.Input{Server: wa.server}
	opt := sourceOptions(e)
	srv := workbenchServer(e, in, wa.yes)
	if wa.history != "" {
		f, err := live.OpenHistory(wa.history)
		if err != nil {
			fmt.Fprintf(e.stderr, "toolbench: --history: %s\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
		defer f.Close()
		srv.History, srv.HistoryName = f, wa.history
	}
	ctx, stop := interruptContext()
	defer stop()
	src, err := source.Open(ctx, in, opt)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench", err)
	}
	defer src.Close()
	srv.Client, srv.List, srv.Doc = src.Client, src.List, src.Doc
	wa.cfg.Server = srv
	return openWorkbench(e, wa.cfg)
}

// openWorkbench runs the workbench until the user quits.
func openWorkbench(e *env, cfg tui.Config) int {
	if err := tui.Run(cfg); err != nil {
		fmt.Fprintf(e.stderr, "toolbench: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return exitOK
}
