package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/tui"
)

// defaultToolsFile is what the workbench opens when no FILE is named and
// the file exists; otherwise it opens the demo.
const defaultToolsFile = "tools.json"

// parseWorkbenchArgs reads the workbench command line: flags before or
// after the one optional FILE, everything after "--" a file. It returns
// flag.ErrHelp for -h.
func parseWorkbenchArgs(args []string, getenv func(string) string) (tui.Config, error) {
	var cfg tui.Config
	fs := newFlagSet("toolbench")
	deep := fs.Bool("deep", false, "")
	var rules ruleFlags
	rules.register(fs)

	files, err := parseInterleaved(fs, args)
	if err != nil {
		return cfg, err
	}
	switch {
	case len(files) > 1:
		return cfg, fmt.Errorf("one FILE to open, not %d", len(files))
	case len(files) == 1 && files[0] == "-":
		return cfg, errors.New("standard input cannot be watched; name a file")
	}
	if cfg.Lint, err = rules.options(); err != nil {
		return cfg, err
	}
	cfg.Deep = *deep
	cfg.Editor = getenv("EDITOR")
	if cfg.Editor == "" {
		cfg.Editor = getenv("VISUAL")
	}

	if len(files) == 1 {
		cfg.File = files[0]
		// A mistyped command would otherwise open an empty workbench on a
		// file of that name.
		fi, err := os.Stat(cfg.File)
		if err != nil {
			return cfg, fmt.Errorf("%s: no such file (and not a command: see toolbench --help)", cfg.File)
		}
		if fi.IsDir() {
			return cfg, fmt.Errorf("%s is a directory; name a tools file", cfg.File)
		}
	} else if fi, err := os.Stat(defaultToolsFile); err == nil && !fi.IsDir() {
		cfg.File = defaultToolsFile
	}
	return cfg, nil
}

// runWorkbench opens the TUI on the file the arguments name.
func runWorkbench(e *env, args []string) int {
	cfg, err := parseWorkbenchArgs(args, e.getenv)
	if err != nil {
		return argsError(e, "toolbench", err, workbenchUsage)
	}
	if !e.isTerminal(e.stdout) {
		fmt.Fprintln(e.stderr, "toolbench: the workbench needs a terminal; for a report use 'toolbench lint FILE'")
		return exitFailure
	}
	if f, ok := e.stdout.(*os.File); ok {
		cfg.Output = f
	}
	if err := tui.Run(cfg); err != nil {
		fmt.Fprintf(e.stderr, "toolbench: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return exitOK
}

func workbenchUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench [flags] [FILE]

Open the workbench on FILE: its tools, their lint issues and a call tester,
re-linted every time the file is saved. With no FILE, open ./%s when it
exists, or else a built-in demo.

Flags:
  --target NAME  also check a provider's rules: %s
                 (repeat the flag or separate names with commas; t cycles
                 the target in the workbench)
  --ignore CODE  do not report the rule CODE (repeat or use commas)
  --deep         start with deep call validation on (d toggles it)
  -h, --help     show this help

Keys: tab and shift+tab move between the panes, ? shows them all, q quits
(ctrl+c quits from anywhere).

Examples:
  toolbench
  toolbench tools.json
  toolbench --target openai-strict --deep tools.json
`, defaultToolsFile, strings.Join(lint.TargetNames(), ", "))
}
