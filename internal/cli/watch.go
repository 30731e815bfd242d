package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/policy"
	"toolbench/internal/source"
	"toolbench/watch"
)

// watchOptions are a parsed watch command line.
type watchOptions struct {
	format   report.Format // the zero Format is text
	rules    ruleOptions
	baseline string // --baseline; "" for the configuration's
	file     string
	server   *source.Server // the server to watch in place of file; nil for a file
}

// input is what is watched, as a source.
func (c *watchOptions) input() source.Input {
	return source.Input{Path: c.file, Server: c.server}
}

// watchFlags are the flags of toolbench watch.
type watchFlags struct {
	format   formatFlags
	rules    ruleFlags
	server   serverFlags
	baseline string
}

// command returns toolbench watch, its flags read into f.
func (f *watchFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "watch FILE",
		Short: "lint again on every save or list_changed",
		Long: prose(`
Lint FILE now and again every time it is saved, printing each report as it
comes, until interrupted. Every way editors save is seen: writing in place,
renaming a new file over it, or moving it away and writing a new one. When
FILE is missing, removed, unreadable or not valid JSON, that is reported
and the watch goes on: the next save that fixes it prints a new report. A
FILE that does not exist yet is loaded as soon as it is created.

Each report is a header line with the time and the file, then what
'toolbench lint' prints (with --format concise, what 'toolbench lint
--format concise' prints). With --json it is one JSON object on its own
line:
  {"time": "2025-06-01T12:00:00+02:00", "file": "tools.json", "ok": true, "issues": [...]}
  {"time": "...", "file": "tools.json", "ok": false, "error": "tools.json:3:7: ..."}
with the issue objects of 'toolbench lint --json'. A watch has no end, so
it writes none of the formats of a finished run (SARIF, GitHub
annotations, Markdown): 'toolbench lint' does.

With a server flag, lint the tools the live MCP server lists now, and again
every time it says they changed (notifications/tools/list_changed), with
the server's name in place of the file's; with no --target, as --target
mcp. A listing that fails is reported and the watch goes on; a session
that ends (the server exited) is reported, and ends the watch.

The configuration (toolbench.toml, see --config) is read once, when the
watch starts: its targets and rules, the issues it accepts and its
baseline (or --baseline's) apply to every report.

` + targetsHelp() + `

Exit status: 0 when stopped by SIGINT (ctrl+c) or SIGTERM, 2 for a usage
error, a configuration or baseline with a mistake, a directory that cannot
be watched, or a server that cannot be reached or listed, or whose session
ends.`),
		Example: `toolbench watch tools.json
toolbench watch --json --target openai tools.json | jq -c '[.ok, (.issues | length)]'
toolbench watch --server everything`,
		RunE: runs(f.options, func(opts *watchOptions) error { return runWatch(e, opts) }),
	}
	f.format.register(cmd, writesEvents)
	f.rules.register(cmd, "", "")
	registerBaseline(cmd, &f.baseline)
	f.server.register(cmd, e)
	return cmd
}

// options reads the watch command line: the one FILE, or a server in
// its place.
func (f *watchFlags) options(fs *pflag.FlagSet, files []string) (*watchOptions, error) {
	format, err := f.format.pick(fs, writesEvents)
	if err != nil {
		return nil, err
	}
	rules, err := f.rules.options()
	if err != nil {
		return nil, err
	}
	opts := &watchOptions{format: format, rules: rules, baseline: f.baseline}
	if opts.server, err = f.server.resolve(fs); err != nil {
		return nil, err
	}
	switch {
	case opts.server != nil && len(files) > 0:
		return nil, f.server.twoSources("FILE")
	case opts.server != nil:
	case len(files) == 0:
		return nil, errors.New("no FILE to watch")
	case len(files) > 1:
		return nil, fmt.Errorf("one FILE to watch, not %d", len(files))
	case files[0] == "-":
		return nil, errors.New("standard input cannot be watched; name a file")
	default:
		opts.file = files[0]
	}
	return opts, nil
}

// watched is a watch as it runs: its options, and the policy they come
// to once the configuration and the baseline are read, when it starts.
type watched struct {
	*watchOptions
	policy *policy.Policy
}

// runWatch lints what the options name now and on every change, until
// SIGINT or SIGTERM.
func runWatch(e *env, opts *watchOptions) error {
	if opts.file != "" && source.IsRevision(e.dir, opts.file) {
		return fmt.Errorf("%s: a revision does not change, so it cannot be watched; name a file", opts.file)
	}
	pol, err := e.policy(opts.rules)
	if err != nil {
		return err
	}
	if err := pol.ReadBaseline(opts.baseline); err != nil {
		return err
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(stop)
	return exit(streamWatch(e, &watched{opts, pol}, stop))
}

// events is a source of loads: a watch.Watcher or a watch.ServerWatcher.
type events interface {
	Events() <-chan watch.Event
	Close() error
}

// streamWatch prints a report for the initial load and for every reload
// until stop receives: being stopped is how a watch ends, so that is
// status 0. A server's session that ends is status 2.
func streamWatch(e *env, cfg *watched, stop <-chan os.Signal) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	w, err := openWatch(ctx, e, cfg)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench watch", err)
	}
	defer w.Close()
	format := cfg.format
	if format.Events == nil {
		format = textFormat
	}
	// JSON lines carry strings from the file; keep bidi and invisible
	// characters escaped in them too.
	er := &report.EventReport{Color: e.colored(e.stdout)}
	if sw, ok := w.(*serverWatch); ok {
		// As lint says of a server: its name, and the revision whose
		// rules apply with no --target.
		er.Servers = map[string]report.Server{cfg.server.DisplayName(): reportServer(cfg.server)}
		er.Revision = sw.src.Client.ProtocolVersion()
	}
	out := format.Events(jsondoc.SafeWriter(e.stdout), er)
	for {
		select {
		case <-ctx.Done():
			return exitOK
		case ev, ok := <-w.Events():
			if !ok {
				return exitOK
			}
			if err := out.Event(&report.Event{Time: ev.Time, File: ev.Path, Lint: ev.Result, Err: ev.Err}); err != nil {
				fmt.Fprintf(e.stderr, "toolbench watch: writing the report: %s\n", termtext.EscapeLine(err.Error()))
				return exitFailure
			}
			if errors.Is(ev.Err, watch.ErrEnded) && ctx.Err() == nil {
				fmt.Fprintf(e.stderr, "toolbench watch: %s\n", termtext.EscapeLine(ev.Err.Error()))
				return exitFailure
			}
		}
	}
}

// openWatch starts watching the file, or connects to the server, lists
// its tools and starts following its list_changed. The session ends with
// ctx, or when the watch is closed.
func openWatch(ctx context.Context, e *env, cfg *watched) (events, error) {
	opt := cfg.policy.Options(cfg.input())
	if cfg.server == nil {
		return watch.New(cfg.file, watch.Options{Lint: opt, Accept: cfg.accept(), Dir: e.dir})
	}
	src, err := openSource(ctx, e, "watch", source.Input{Server: cfg.server})
	if err != nil {
		return nil, err
	}
	opt.Server = live.Survey(ctx, src.Client, src.List)
	return &serverWatch{watch.NewServer(src.Client, src.Doc, watch.Options{Lint: opt, Accept: cfg.accept()}), src}, nil
}

// accept takes out of each load what the configuration and the baseline
// accept, each load matched against the whole baseline; nil for none.
func (c *watched) accept() func(*lint.Result) *lint.Result {
	if c.policy.Config == nil && c.policy.Baseline == nil {
		return nil
	}
	return func(res *lint.Result) *lint.Result {
		return c.policy.Accept(c.input(), res, c.policy.Match())
	}
}

// serverWatch is a ServerWatcher that owns its session: closing it ends
// the session too.
type serverWatch struct {
	*watch.ServerWatcher
	src *source.Source
}

func (w *serverWatch) Close() error {
	err := w.ServerWatcher.Close()
	w.src.Close()
	return err
}
