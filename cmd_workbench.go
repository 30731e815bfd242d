package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
	"toolbench/tui"
)

// defaultToolsFile is what the workbench opens when no FILE is named and
// the file exists; otherwise it opens the demo.
const defaultToolsFile = "tools.json"

// workbenchArgs is a parsed workbench command line.
type workbenchArgs struct {
	cfg     tui.Config
	server  *sourceFlags // the server to open on in place of a file; nil for a file
	yes     bool         // --yes: run tools without asking
	history string       // --history FILE
}

// parseWorkbenchArgs reads the workbench command line: flags before or
// after the one optional FILE, everything after "--" a file, or the
// server flags in place of FILE. It returns flag.ErrHelp for -h.
func parseWorkbenchArgs(args []string, getenv func(string) string) (workbenchArgs, error) {
	var wa workbenchArgs
	fs := newFlagSet("toolbench")
	deep := fs.Bool("deep", false, "")
	yes := fs.Bool("yes", false, "")
	history := fs.String("history", "", "")
	var rules ruleFlags
	rules.register(fs)
	var src sourceFlags
	src.register(fs)

	files, err := parseInterleaved(fs, args)
	if err != nil {
		return wa, err
	}
	if wa.server, err = src.serverFlags(fs); err != nil {
		return wa, err
	}
	switch {
	case wa.server != nil && len(files) > 0:
		return wa, wa.server.twoSources("FILE")
	case wa.server == nil && *yes:
		return wa, errors.New("--yes is for the calls sent to a server; name one with --server-cmd, --server-url or --server")
	case wa.server == nil && *history != "":
		return wa, errors.New("--history records the calls sent to a server; name one with --server-cmd, --server-url or --server")
	case len(files) > 1:
		return wa, fmt.Errorf("one FILE to open, not %d", len(files))
	case len(files) == 1 && files[0] == "-":
		return wa, errors.New("standard input cannot be watched; name a file")
	}
	if wa.cfg.Lint, err = rules.options(); err != nil {
		return wa, err
	}
	wa.yes, wa.history = *yes, *history
	wa.cfg.Deep = *deep
	wa.cfg.Editor = getenv("EDITOR")
	if wa.cfg.Editor == "" {
		wa.cfg.Editor = getenv("VISUAL")
	}
	if wa.server != nil {
		return wa, nil
	}

	if len(files) == 1 {
		wa.cfg.File = files[0]
		// A mistyped command would otherwise open an empty workbench on a
		// file of that name.
		fi, err := os.Stat(wa.cfg.File)
		if err != nil {
			return wa, fmt.Errorf("%s: no such file (and not a command: see toolbench --help)", wa.cfg.File)
		}
		if fi.IsDir() {
			return wa, fmt.Errorf("%s is a directory; name a tools file", wa.cfg.File)
		}
	} else if fi, err := os.Stat(defaultToolsFile); err == nil && !fi.IsDir() {
		wa.cfg.File = defaultToolsFile
	}
	return wa, nil
}

// runWorkbench opens the TUI on the file or the server the arguments
// name.
func runWorkbench(e *env, args []string) int {
	wa, err := parseWorkbenchArgs(args, e.getenv)
	if err != nil {
		return argsError(e, "toolbench", err, workbenchUsage)
	}
	if !e.isTerminal(e.stdout) {
		fmt.Fprintln(e.stderr, "toolbench: the workbench needs a terminal; for a report use 'toolbench lint FILE'")
		return exitFailure
	}
	if f, ok := e.stdout.(*os.File); ok {
		wa.cfg.Output = f
	}
	if wa.server != nil {
		return runWorkbenchOnServer(e, wa)
	}
	return openWorkbench(e, wa.cfg)
}

// runWorkbenchOnServer connects to the server before the screen opens,
// so that a server that cannot be reached gets the one line every
// command gives it, and opens the workbench on its tools. Every session,
// and the server's processes, end before it returns.
func runWorkbenchOnServer(e *env, wa workbenchArgs) int {
	spec, err := wa.server.spec(lookupEnv(e.getenv))
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	srv := &tui.Server{
		Yes: wa.yes,
		Connect: func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error) {
			src, err := openServer(ctx, spec)
			if err != nil {
				return nil, nil, nil, err
			}
			return src.client, src.list, src.doc, nil
		},
	}
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
	first := spec
	first.Progress = startProgress(e) // before the screen opens
	src, err := openServer(ctx, first)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench", err)
	}
	defer src.close()
	srv.Client, srv.List, srv.Doc = src.client, src.list, src.doc
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

func workbenchUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench [flags] [FILE]
       toolbench [flags] --server-cmd 'CMD ARGS...' | --server-url URL | --server NAME

Open the workbench on FILE: its tools, their lint issues and a call tester,
re-linted every time the file is saved. With no FILE, open ./%s when it
exists, or else a built-in demo. On a live MCP server, open it on the tools
the server lists, listed again on every list_changed, and send calls to it
from the tester (ctrl+r).

Flags:
  --target NAME   also check a provider's rules: %s
                  (repeat the flag or separate names with commas; t cycles
                  the target in the workbench; a server gets mcp by default)
  --ignore CODE   do not report the rule CODE (repeat or use commas)
  --deep          start with deep call validation on (d toggles it)
  --yes           on a server, send calls to tools that do not say they
                  only read without asking first
  --history FILE  on a server, append each call sent and its result to FILE
                  as JSON Lines, which toolbench call --run replays
  -h, --help      show this help

%s
Keys: tab and shift+tab move between the panes, ? shows them all, q quits
(ctrl+c quits from anywhere).

Examples:
  toolbench
  toolbench tools.json
  toolbench --target openai-strict --deep tools.json
  toolbench --server-cmd 'npx -y @modelcontextprotocol/server-everything' --history calls.jsonl
`, defaultToolsFile, strings.Join(lint.TargetNames(), ", "), serverFlagsHelp)
}
