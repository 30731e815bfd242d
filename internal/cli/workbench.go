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
	follow  string
	rules   ruleFlags
	server  serverFlags
}

// workbenchOptions are a parsed workbench command line.
type workbenchOptions struct {
	file    string        // FILE; "" for ./tools.json, or the demo
	servers serverOptions // the server to open on in place of a file, or every one
	rules   ruleOptions
	deep    bool
	yes     bool   // --yes: run tools without asking
	history string // --history FILE
	follow  string // --follow-record FILE: a proxy's traffic
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

With --follow-record FILE the workbench attaches to a running toolbench
proxy by its record (--record FILE): a Traffic pane shows its recent
messages and each as it is written, and the tools the proxy withheld are
marked; open it on the proxy's server (--server NAME) to send a call of
the traffic again from the tester.

` + targetsHelp() + `

Exit status: 0 no errors, 1 errors found, 2 usage error or unreadable
input; each command's help says what its own mean.`),
		Example: `toolbench
toolbench tools.json
toolbench --target openai-strict --deep tools.json
toolbench --server-cmd 'npx -y @modelcontextprotocol/server-everything' --history calls.jsonl
toolbench --server everything --follow-record proxy.jsonl
toolbench lint tools.json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				if near := mistypedCommand(cmd.Root(), e.dir, args[0]); near != "" {
					return usage(cmd, fmt.Errorf("unknown command %q; did you mean %q?", args[0], near))
				}
			}
			opts, err := f.options(cmd.Flags(), args)
			if err == nil {
				err = runWorkbench(e, opts)
			}
			var status exitStatus
			if err == nil || errors.As(err, &status) {
				return err
			}
			return usage(cmd, err)
		},
	}
	fs := cmd.Flags()
	f.rules.register(cmd, "also check these targets (t cycles them)", "")
	fs.BoolVar(&f.deep, "deep", false, "start with deep validation on (d toggles it)")
	document(fs, "deep", "start with deep call validation on (d toggles it)")
	fs.BoolVar(&f.yes, "yes", false, "run tools not read-only without asking")
	document(fs, "yes", "on a server, send calls to tools not marked read-only without asking first")
	fs.StringVar(&f.history, "history", "", "append each call and its result to FILE")
	document(fs, "history", "on a server, append each call sent and its result to FILE (JSON Lines, which toolbench call --run replays)")
	fs.StringVar(&f.follow, "follow-record", "", "show the traffic a proxy records to FILE")
	document(fs, "follow-record", "show in a Traffic pane the traffic a running toolbench proxy records to FILE (--record), its recent lines and each as it is written")
	cmd.MarkFlagFilename("follow-record", "jsonl")
	f.server.register(cmd, e)
	f.server.registerAll(cmd, "open on every server of the servers file", "open on every server of the servers file, each one's tools a group (] and [ move between them)")
	return cmd
}

// options reads the workbench command line: the one optional FILE, or
// the server flags in place of FILE.
func (f *workbenchFlags) options(fs *pflag.FlagSet, files []string) (*workbenchOptions, error) {
	servers, err := f.server.options(fs)
	if err != nil {
		return nil, err
	}
	switch {
	case servers.all && f.history != "":
		return nil, errors.New("--history records the calls of one server, for toolbench call --run to replay; name one with --server")
	case servers.server != nil && len(files) > 0:
		return nil, f.server.twoSources("FILE")
	case servers.server == nil && f.yes:
		return nil, errors.New("--yes is for the calls sent to a server; name one with --server-cmd, --server-url or --server")
	case servers.server == nil && f.history != "":
		return nil, errors.New("--history records the calls sent to a server; name one with --server-cmd, --server-url or --server")
	case len(files) > 1:
		return nil, fmt.Errorf("one FILE to open, not %d", len(files))
	case len(files) == 1 && files[0] == "-":
		return nil, errors.New("standard input cannot be watched; name a file")
	}
	rules, err := f.rules.options()
	if err != nil {
		return nil, err
	}
	opts := &workbenchOptions{servers: servers, rules: rules, deep: f.deep, yes: f.yes, history: f.history, follow: f.follow}
	if len(files) == 1 {
		opts.file = files[0]
	}
	return opts, nil
}

// tuiOptions are the workbench's options for what opts name: the
// configuration, baseline and lock in force read, the file checked, or
// every server of the servers file named under --all-servers.
func (e *env) tuiOptions(opts *workbenchOptions) (tui.Options, []source.Server, error) {
	to := tui.Options{Deep: opts.deep, Dir: e.dir, Editor: e.getenv("EDITOR")}
	if to.Editor == "" {
		to.Editor = e.getenv("VISUAL")
	}
	servers, err := opts.servers.servers()
	if err != nil {
		return to, nil, err
	}
	pol, err := e.policy(opts.rules)
	if err != nil {
		return to, nil, err
	}
	var ins []source.Input
	switch {
	case opts.servers.all:
		// The options of all of them are those of the servers file, as
		// lint --all-servers checks them together; the issues of them
		// together are placed in the servers file, and accepted for it,
		// as lint --all-servers places and accepts them.
		origin := source.Input{Path: servers[0].ServersFile}
		to.Lint = pol.Options(origin)
		to.ServersFile = origin.DocName()
		to.TokenBudget = pol.TokenBudget()
		ins = []source.Input{origin}
		for i := range servers {
			ins = append(ins, source.Input{Server: &servers[i]})
		}
	case len(servers) == 1:
		ins = []source.Input{{Server: &servers[0]}}
		to.Lint = pol.Options(ins[0])
	default:
		if to.File, err = e.workbenchFile(opts.file); err != nil {
			return to, nil, err
		}
		to.Lint = pol.Options(source.Input{Path: to.File})
		if to.File == "" {
			return to, nil, nil // the demo: a team's files are not about it
		}
		ins = []source.Input{{Path: to.File}}
	}
	team, err := pol.Team(ins)
	if err != nil {
		return to, nil, err
	}
	to.ConfigFile, to.Accept, to.Verify = team.ConfigFile, team.Accept, team.Verify
	return to, servers, nil
}

// workbenchFile is the file the workbench opens: the one named, which
// must be one (a mistyped command would otherwise open an empty
// workbench on a file of that name), else ./tools.json when there is
// one; "" for the demo.
func (e *env) workbenchFile(named string) (string, error) {
	if named == "" {
		if fi, err := os.Stat(e.path(defaultToolsFile)); err == nil && !fi.IsDir() {
			return defaultToolsFile, nil
		}
		return "", nil
	}
	fi, err := os.Stat(e.path(named))
	switch {
	case err != nil && source.IsRevision(e.dir, named):
		return "", fmt.Errorf("%s: a revision does not change, so the workbench cannot watch it; try toolbench lint %s", named, named)
	case err != nil:
		return "", fmt.Errorf("%s: no such file (and not a command: see toolbench --help)", named)
	case fi.IsDir():
		return "", fmt.Errorf("%s is a directory; name a tools file", named)
	}
	return named, nil
}

// runWorkbench opens the TUI on the file or the server the options name.
func runWorkbench(e *env, opts *workbenchOptions) error {
	to, servers, err := e.tuiOptions(opts)
	if err != nil {
		return err
	}
	if !e.isTerminal(e.stdout) {
		fmt.Fprintln(e.stderr, "toolbench: the workbench needs a terminal; for a report use 'toolbench lint FILE'")
		return exit(exitFailure)
	}
	if f, ok := e.stdout.(*os.File); ok {
		to.Output = f
	}
	if opts.follow != "" {
		if _, err := os.Stat(e.path(opts.follow)); err != nil {
			return fmt.Errorf("--follow-record: %w", err)
		}
		feed := tui.NewTrafficFeed(0)
		to.Traffic = feed
		ctx, cancel := context.WithCancel(context.Background())
		followed := make(chan error, 1)
		go func() {
			followed <- followRecord(ctx, e.path(opts.follow), feed.Send)
			feed.Close()
		}()
		defer func() {
			cancel()
			if err := <-followed; err != nil {
				fmt.Fprintf(e.stderr, "toolbench: --follow-record %s: %s\n", termtext.EscapeLine(opts.follow), termtext.EscapeLine(err.Error()))
			}
		}()
	}
	switch {
	case opts.servers.all:
		return exit(runWorkbenchOnServers(e, to, servers, opts.yes))
	case len(servers) == 1:
		return exit(runWorkbenchOnServer(e, to, &servers[0], opts))
	}
	return exit(openWorkbench(e, to))
}

// runWorkbenchOnServers reaches every server at once before the screen
// opens, each that cannot be reached one line, and opens the workbench
// on the others. The exit status is 2 when one could not be reached.
func runWorkbenchOnServers(e *env, to tui.Options, all []source.Server, yes bool) int {
	ctx, stop := interruptContext()
	defer stop()
	ins := make([]source.Input, len(all))
	for i := range all {
		ins[i].Server = &all[i]
	}
	code := exitOK
	opened := source.OpenAll(ctx, ins, e.sourceOptions())
	defer source.CloseAll(opened) // when the workbench closes, or on ctrl+c before it opens
	for i, o := range opened {
		if o.Err != nil {
			code = sourceFailed(ctx, e, "toolbench", o.Err)
			if ctx.Err() != nil {
				return code
			}
			continue
		}
		srv := workbenchServer(e, ins[i], yes)
		srv.Client, srv.List, srv.Doc = o.Source.Client, o.Source.List, o.Source.Doc
		to.Servers = append(to.Servers, srv)
	}
	switch len(to.Servers) {
	case 0:
		return exitFailure
	case 1:
		to.Server, to.Servers = to.Servers[0], nil
	}
	return max(openWorkbench(e, to), code)
}

// workbenchServer is the server of in as the workbench reaches it again
// (R): a new session, listed again.
func workbenchServer(e *env, in source.Input, yes bool) *tui.Server {
	again := e.sourceOptions()
	again.Progress = nil // the screen is open by then
	if in.Server != nil {
		srv := in.Server.Anew() // its entry as the servers file has it then, edited since or not
		in.Server = &srv
	}
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
func runWorkbenchOnServer(e *env, to tui.Options, server *source.Server, opts *workbenchOptions) int {
	in := source.Input{Server: server}
	opt := e.sourceOptions()
	srv := workbenchServer(e, in, opts.yes)
	if opts.history != "" {
		f, err := live.OpenHistory(e.path(opts.history))
		if err != nil {
			fmt.Fprintf(e.stderr, "toolbench: --history: %s\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
		defer f.Close()
		srv.History, srv.HistoryName = f, opts.history
	}
	ctx, stop := interruptContext()
	defer stop()
	src, err := source.Open(ctx, in, opt)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench", err)
	}
	defer src.Close()
	srv.Client, srv.List, srv.Doc = src.Client, src.List, src.Doc
	to.Server = srv
	return openWorkbench(e, to)
}

// openWorkbench runs the workbench until the user quits.
func openWorkbench(e *env, to tui.Options) int {
	if err := tui.Run(to); err != nil {
		fmt.Fprintf(e.stderr, "toolbench: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return exitOK
}
