// Command toolbench lints LLM tool definitions, checks model-proposed tool
// calls against them, and opens a live workbench on a tools.json.
//
//	toolbench [FILE]          open the workbench
//	toolbench lint FILE...    lint tool definitions
//	toolbench dump SOURCE     write a server's tools as it sent them
//	toolbench call SCHEMAS    check tool calls, or run them on a server
//	toolbench fix FILE        fix what lint can
//	toolbench diff OLD NEW    breaking changes between two versions
//	toolbench compat FILE     which providers accept each tool
//	toolbench watch FILE      re-lint on every save
//
// A live MCP server is a source of tools wherever a file is: the
// workbench, lint, dump, call and watch take --server-cmd, --server-url or
// --server NAME in place of FILE or SCHEMAS.
//
// This file and the cmd_*.go files beside it are the command line only:
// flags, files and exit codes. The work is done in core, watch and tui.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/charmbracelet/x/term"

	"toolbench/core/termtext"
)

// Exit codes shared by every command.
const (
	exitOK      = 0 // nothing wrong
	exitIssues  = 1 // the input has errors (or any issue under --strict)
	exitFailure = 2 // usage errors, unreadable or unparsable input
)

// env is what a command may touch of the process, so tests can run
// commands in-process with their own streams.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
	// isTerminal reports whether w is a terminal (for colour decisions).
	isTerminal func(w io.Writer) bool
	// stdinTerminal says standard input is a terminal, where a command
	// reading it waits for someone to type.
	stdinTerminal bool
}

// command is one subcommand: its name, the line -h gives it, and what runs
// it with the arguments after its name.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) int
}

// commands is every subcommand, in the order help lists them. Help, the
// unknown-command message and README's command list come from it.
var commands = []command{
	{"lint", "lint tool definitions", runLint},
	{"dump", "write the tools of a live MCP server as one document, each as the server sent it", runDump},
	{"call", "check tool calls against tool schemas, and with --run send them to a live MCP server", runCall},
	{"fix", "make the fixes lint suggests, as a diff or in place", runFix},
	{"diff", "compare two versions of a tools file for changes that break callers", runDiff},
	{"compat", "show which providers accept each tool", runCompat},
	{"watch", "re-lint a file on every save, or a live MCP server on every list_changed", runWatch},
	{"rules", "list every rule code with its severity and target", runRules},
	{"explain", "print what a rule or target checks, why, how to fix it, and its source", runExplain},
}

// mistypedCommand returns the command arg is a misspelling of, when arg
// names no file and is close to one: toolbench opens a FILE in the
// workbench, so a typo in a command would otherwise be taken for a file.
func mistypedCommand(arg string) string {
	if strings.HasPrefix(arg, "-") {
		return ""
	}
	if _, err := os.Stat(arg); err == nil {
		return ""
	}
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return termtext.Closest(arg, names)
}

// lookupCommand returns the command named name.
func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func main() {
	e := &env{
		stdin:      os.Stdin,
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		getenv:     os.Getenv,
		isTerminal: isTerminal,
		// A terminal, not any character device: /dev/zero is one too.
		stdinTerminal: term.IsTerminal(os.Stdin.Fd()),
	}
	os.Exit(run(e, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "-help", "--help", "help":
			usage(e.stdout)
			return exitOK
		case "--version", "-version":
			return printVersion(e)
		}
		if c, ok := lookupCommand(args[0]); ok {
			return c.run(e, args[1:])
		}
		if near := mistypedCommand(args[0]); near != "" {
			fmt.Fprintf(e.stderr, "toolbench: unknown command %q; did you mean %q?\nRun 'toolbench -h' for the commands.\n", termtext.EscapeLine(args[0]), near)
			return exitFailure
		}
	}
	return runWorkbench(e, args)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `toolbench: a workbench for LLM tool definitions (tools.json)

Usage:
  toolbench [flags] [FILE]     open the workbench on FILE (default ./tools.json,
                               or a built-in demo when there is none)
  toolbench [flags] --server-cmd 'CMD ARGS' | --server-url URL | --server NAME
                               open it on a live MCP server's tools
  toolbench COMMAND [flags] ARGS

Commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Workbench flags:
  --target NAME   also check a provider's rules (openai, openai-strict,
                  anthropic, gemini, mcp; repeat or use commas)
  --ignore CODE   do not report the rule CODE
  --deep          start with deep call validation on
  --yes           on a server, run tools without asking first
  --history FILE  on a server, append the calls sent to FILE
  --server-cmd, --server-url, --server and the flags that go with them,
                  as for toolbench lint (toolbench lint -h lists them)

Run "toolbench COMMAND -h" for a command's flags, "toolbench rules" for the
rule codes, "toolbench explain CODE" for one rule's documentation and
"toolbench --version" for the version.
Exit status: 0 no errors, 1 errors found, 2 usage error or unreadable input.
`)
}

// readingStdin tells someone at a terminal that a command is reading
// what they type, what, and how to end it: without a word the command
// only seems to hang. Piped input needs no telling.
func readingStdin(e *env, command, what string) {
	if !e.stdinTerminal {
		return
	}
	end := "ctrl+d"
	if runtime.GOOS == "windows" {
		end = "ctrl+z and enter"
	}
	fmt.Fprintf(e.stderr, "toolbench %s: reading %s from standard input; end it with %s on a line of its own, or ctrl+c to stop\n", command, what, end)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
