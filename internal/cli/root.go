// Package cli is toolbench's command line: a cobra command tree whose
// help, errors, completion and version fang styles, with the workbench at
// its root and a command a file under it.
//
//	toolbench [FILE]          open the workbench
//	toolbench lint FILE...    lint tool definitions
//	toolbench dump SOURCE     write a server's tools as it sent them
//	toolbench call SCHEMAS    check tool calls, or run them on a server
//	toolbench fix FILE        fix what lint can
//	toolbench diff OLD NEW    breaking changes between two versions
//	toolbench compat FILE     which providers accept each tool
//	toolbench watch FILE      re-lint on every save
//	toolbench lock SOURCE...  pin the tools of files and servers
//	toolbench verify          report every change to the pinned tools
//	toolbench mcp             serve these checks to agents over MCP
//	toolbench proxy -- CMD    check a server's traffic as an agent uses it
//
// A live MCP server is a source of tools wherever a file is: every
// command that reads tools takes --server-cmd, --server-url or --server
// NAME in place of a FILE, and internal/source reads them all.
//
// A team's choices are in toolbench.toml, which the commands that check
// tools find and read through one function (config.go), under
// --config FILE and --no-config.
//
// This file holds the root and what every command shares; each other
// file holds one command: its flags, its help, and the exit status of its
// result. The work is done in core, internal/source, watch and tui. The
// package reads nothing of the process: what a command may touch (its
// streams, working directory and environment) is the Env it runs in,
// which main builds from the process and tests build of their own.
//
// To add a command, give it a file: a struct of its flags whose command
// method returns its *cobra.Command with the flags defined on it, each
// once with its help, and a config method that checks the parsed flags
// and operands (see dump.go; rulesCommand is one with no flags). Add
// it to the list in newRoot. Its RunE is runs(f.config, ...), which turns
// config's error into a usage error (exit 2, one line naming the command)
// and the status its work returns into the exit status; a RunE of its own
// returns nil, exit(status) or usage(cmd, err). A
// flag several commands share is a type in flags.go with a register
// method, as serverFlags is; a flag every command takes is a persistent
// flag of the root, as --color is.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/fang/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/catalog"
	"toolbench/core/config"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/policy"
)

// Exit codes shared by every command.
const (
	exitOK      = 0 // nothing wrong
	exitIssues  = 1 // the input has errors (or any issue under --strict)
	exitFailure = 2 // usage errors, unreadable or unparsable input
)

func init() {
	// Help lists the commands in the order newRoot adds them, which goes
	// from the everyday ones to the reference.
	cobra.EnableCommandSorting = false
}

// run runs the command line args with e and returns its exit status.
//
// fang styles help and would write errors, but before either it asks the
// terminal for its background color (OSC 11, and the device attributes
// after it), and a terminal that does not answer holds the command for
// seconds. So errors never reach fang: every command's arguments, run and
// flags hand theirs to run, which writes it (writeError), colored only
// as --color says and without asking the terminal anything. Help asks
// only when color is wanted (see withoutTerminalQuery).
func run(e *env, args []string) int {
	root := newRoot(e)
	if args == nil {
		args = []string{} // cobra reads os.Args for nil
	}
	root.SetArgs(args)
	wrapLongHelp(root, e.helpWidth())
	var failed error
	keepErrors(root, func(err error) {
		if failed == nil {
			failed = err
		}
	}, func() bool { return failed != nil })
	var err error
	e.withoutTerminalQuery(args, func() {
		err = fang.Execute(context.Background(), root,
			fang.WithVersion(e.build.version()),
			fang.WithoutManpage(),                                         // manCommand writes to the command's output
			fang.WithErrorHandler(func(io.Writer, fang.Styles, error) {}), // run writes it
		)
	})
	if failed != nil {
		err = failed
	}
	var status exitStatus
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &status):
		return int(status)
	}
	e.writeError(err)
	return exitFailure
}

// withoutTerminalQuery runs f, in which fang may write help. Before it
// writes help, fang asks the terminal for its background color whenever
// the process's standard output is one, and reads the answer from the
// process's standard input: a terminal that does not answer holds the
// command for seconds, and the query is written even when no color is.
// For a command line that asks for help, unless color is wanted and the
// terminal may answer, f runs with the process's standard input hidden
// from fang (nil, which is no terminal), so that it asks nothing. Nothing
// else reads it then; a command run side by side with others, as tests
// run them, leaves it be.
func (e *env) withoutTerminalQuery(args []string, f func()) {
	if !e.process || !helpRequested(args) || e.helpInColor(args) {
		f()
		return
	}
	stdin := os.Stdin
	os.Stdin = nil
	defer func() { os.Stdin = stdin }()
	f()
}

// helpRequested reports whether args ask for help: -h or --help before
// any "--", or help as the first word that is no flag.
func helpRequested(args []string) bool {
	word := ""
	for _, a := range args {
		switch {
		case a == "--":
			return false
		case a == "-h" || a == "--help" || strings.HasPrefix(a, "--help="):
			return true
		case word == "" && !strings.HasPrefix(a, "-"):
			word = a
		}
	}
	return word == "help"
}

// helpInColor reports whether help written for args is colored on a
// terminal that can answer fang's query: --color always, or by default
// standard output a terminal, NO_COLOR not set, and TERM naming a
// terminal that is not a dumb one. args are read before cobra parses
// them: the last --color given wins, as it does in cobra.
func (e *env) helpInColor(args []string) bool {
	mode := "auto"
	for i, a := range args {
		if a == "--" {
			break
		}
		switch {
		case a == "--color" && i+1 < len(args):
			mode = args[i+1]
		case strings.HasPrefix(a, "--color="):
			mode = strings.TrimPrefix(a, "--color=")
		}
	}
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	term := e.getenv("TERM")
	return e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == "" && term != "" && term != "dumb"
}

// keepErrors makes every command of root hand the error of its
// arguments, its flags and its run to keep rather than return it, so
// that nothing reaches fang's error handler; a command whose arguments
// failed does not run (failed says so).
func keepErrors(root *cobra.Command, keep func(error), failed func() bool) {
	flagError := root.FlagErrorFunc()
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		keep(flagError(cmd, err))
		return nil // the command does not run: cobra returns this at once
	})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if args := c.Args; args != nil {
			c.Args = func(cmd *cobra.Command, a []string) error {
				if err := args(cmd, a); err != nil {
					keep(err)
				}
				return nil
			}
		}
		if runE := c.RunE; runE != nil {
			c.RunE = func(cmd *cobra.Command, a []string) error {
				if failed() {
					return nil
				}
				if err := runE(cmd, a); err != nil {
					keep(err)
				}
				return nil
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// newRoot returns the command tree: the workbench at its root, and every
// command under it in the order help lists them.
func newRoot(e *env) *cobra.Command {
	root := new(workbenchFlags).command(e)
	root.SetIn(e.stdin)
	root.SetOut(helpOutput(e))
	root.SetErr(e.stderr)
	root.PersistentFlags().Var(&e.color, "color", "color output: auto, always or never")
	document(root.PersistentFlags(), "color", "color reports, errors and help: auto (on a terminal, unless NO_COLOR is set), always or never")
	root.RegisterFlagCompletionFunc("color", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return []cobra.Completion{"auto", "always", "never"}, cobra.ShellCompDirectiveNoFileComp
	})
	e.config.register(root)
	root.AddCommand(
		new(lintFlags).command(e),
		new(dumpFlags).command(e),
		new(callFlags).command(e),
		new(fixFlags).command(e),
		new(diffFlags).command(e),
		new(compatFlags).command(e),
		new(watchFlags).command(e),
		new(lockFlags).command(e),
		new(verifyFlags).command(e),
		rulesCommand(e),
		explainCommand(e),
		mcpCommand(e),
		new(proxyFlags).command(e),
		manCommand(),
	)
	completionCommand(root)
	root.SetVersionTemplate("toolbench {{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if ops := cmd.Flags().Args(); cmd == root && len(ops) > 0 {
			if near := mistypedCommand(root, e.dir, ops[0]); near != "" {
				err = fmt.Errorf("unknown command %q; did you mean %q?", ops[0], near)
			}
		}
		if near := mistypedFlag(cmd, err); near != "" {
			err = fmt.Errorf("%w; did you mean --%s?", err, near)
		}
		return usage(cmd, err)
	})
	// The flags of every command are listed in the order they are
	// defined, which puts the ones used most first.
	for _, c := range append(root.Commands(), root) {
		c.Flags().SortFlags = false
		c.PersistentFlags().SortFlags = false
	}
	return root
}

// longHelpKey is the annotation that keeps a command's long help as it
// was written, for the man page, when wrapLongHelp has wrapped it.
const longHelpKey = "toolbench/long"

// wrapLongHelp wraps the long help of every command of root to fit the
// width fang lays help out in, less its indent of 2, with termtext.Wrap:
// fang's own wrapping breaks words at hyphens, a flag's name across two
// lines, and where a word that starts with '-' meets the end of a line it
// leaves the line a cell too wide (charmbracelet/x/ansi's Wrap, v0.11),
// which a terminal of that width shows as an empty line after each line
// of the paragraph. Lines that fit are left to fang as they are.
func wrapLongHelp(root *cobra.Command, width int) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Long != "" {
			if c.Annotations == nil {
				c.Annotations = map[string]string{}
			}
			c.Annotations[longHelpKey] = c.Long
			c.Long = strings.Join(termtext.Wrap(c.Long, width-2, termtext.KeepLongWords), "\n")
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// longHelp is c's long help as it was written, before wrapLongHelp.
func longHelp(c *cobra.Command) string {
	if long, ok := c.Annotations[longHelpKey]; ok {
		return long
	}
	return c.Long
}

// exitStatus is a command's exit status other than 0, as an error: the
// command has said what it had to, and the error handler adds nothing.
type exitStatus int

func (s exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(s)) }

// exit returns a RunE's error for the exit status code: nil for 0.
func exit(code int) error {
	if code == exitOK {
		return nil
	}
	return exitStatus(code)
}

// runs returns a command's RunE: options reads the parsed flags and the
// operands, and does no I/O; run runs the command with what it returns.
// An error of either is a usage error (exit status 2, and one line naming
// the command), but for an exit status, which run returns when it has
// said what it had to.
func runs[O any](options func(*pflag.FlagSet, []string) (O, error), run func(O) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		opts, err := options(cmd.Flags(), args)
		if err == nil {
			err = run(opts)
		}
		var status exitStatus
		if err == nil || errors.As(err, &status) {
			return err
		}
		return usage(cmd, err)
	}
}

// usageError is a command line that cmd cannot run: exit status 2, and a
// line naming the command and what is wrong.
type usageError struct {
	cmd *cobra.Command
	err error
}

func (u *usageError) Error() string { return u.err.Error() }
func (u *usageError) Unwrap() error { return u.err }

// usage returns the error of a command line cmd cannot run.
func usage(cmd *cobra.Command, err error) error {
	return &usageError{cmd, err}
}

// errorColors are the colors of an error's command name and of its
// help, fang's: of its dark scheme, which is what fang chooses when the
// terminal says nothing of its background. An error does not ask it.
var errorColors = fang.DefaultColorScheme(lipgloss.LightDark(true))

// writeError writes the error a command line ended with: a usage error
// is one line naming the command, then where its help is; an exit status
// says nothing more. The command's name is colored as --color says.
func (e *env) writeError(err error) {
	var status exitStatus
	if errors.As(err, &status) {
		return
	}
	prog := "toolbench"
	var u *usageError
	if errors.As(err, &u) {
		prog = u.cmd.CommandPath()
	}
	name, help := prog+":", "'"+prog+" -h'"
	w := e.stderr
	if e.colored(e.stderr) {
		name = lipgloss.NewStyle().Bold(true).Foreground(errorColors.ErrorHeader[1]).Render(name)
		help = lipgloss.NewStyle().Foreground(errorColors.Flag).Render(help)
		w = &colorprofile.Writer{Forward: w, Profile: colorprofile.ANSI}
	}
	// A mistake in toolbench.toml is not one of the command line: each
	// problem is a line of its own, and the help is the page of the
	// configuration's keys.
	var cfgErr *config.Error
	if errors.As(err, &cfgErr) {
		for _, p := range cfgErr.Sorted() {
			fmt.Fprintf(w, "%s %s\n", name, termtext.EscapeLine(p.String()))
		}
		page := configPage
		if url := catalog.DocURL(e.build.informationURI(), configPage); url != "" {
			page = url
		}
		fmt.Fprintf(w, "The keys and their values: %s\n", page)
		return
	}
	// A file named (a servers file) that is not JSON is no mistake of
	// the command line: its error alone, as a tools file's is said.
	var syntax *jsondoc.SyntaxError
	if errors.As(err, &syntax) {
		fmt.Fprintf(w, "%s %s\n", name, termtext.EscapeLine(err.Error()))
		return
	}
	fmt.Fprintf(w, "%s %s\nRun %s for usage.\n", name, termtext.EscapeLine(err.Error()), help)
}

// configPage is the page of toolbench.toml's keys.
const configPage = "docs/configuration.md"

// helpOutput is standard output as cobra and fang see it. fang colors
// help when standard output is a terminal, which it asks of the file's
// descriptor: under --color never, that answer is no.
func helpOutput(e *env) io.Writer {
	if f, ok := e.stdout.(*os.File); ok {
		return helpFile{f, e}
	}
	return e.stdout
}

type helpFile struct {
	*os.File
	e *env
}

func (h helpFile) Fd() uintptr {
	if h.e.color == colorNever {
		return ^uintptr(0) // no descriptor: not a terminal
	}
	return h.File.Fd()
}

// mistypedFlag returns the flag of cmd that the unknown flag of err is
// a misspelling of, if any: --tagret for --target, or -strict, one dash
// short, for --strict. cobra suggests commands, not flags.
func mistypedFlag(cmd *cobra.Command, err error) string {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) {
		return ""
	}
	typed := unknown.GetSpecifiedName()
	if short := unknown.GetSpecifiedShortnames(); len(short) > 1 {
		typed = short // -strict: pflag read it as the shorthands s, t, r...
	}
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	return termtext.Closest(typed, names)
}

// mistypedCommand returns the command of root that arg is a misspelling
// of, when arg names no file in the working directory dir and is close
// to one: toolbench opens a FILE
// in the workbench, so a typo in a command would otherwise be taken for a
// file.
func mistypedCommand(root *cobra.Command, dir, arg string) string {
	if strings.HasPrefix(arg, "-") {
		return ""
	}
	if _, err := os.Stat(policy.Join(dir, arg)); err == nil {
		return ""
	}
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return termtext.Closest(arg, names)
}

// completionCommand adds cobra's completion command to root, which has
// a command per shell, with a summary that fits help and a usage error
// for a shell it has no command for: left alone, it shows its help for
// one and exits 0. It writes to root's output, which newRoot set before.
func completionCommand(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	c, _, err := root.Find([]string{"completion"})
	if err != nil || c == root {
		return
	}
	var shells []string
	for _, sh := range c.Commands() {
		shells = append(shells, sh.Name())
	}
	bashCompletion(root, c)
	c.Short = "write a shell's completion script"
	c.Args = cobra.ArbitraryArgs
	c.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		last := len(shells) - 1
		return usage(cmd, fmt.Errorf("no completion for the shell %q; toolbench completes %s and %s", args[0], strings.Join(shells[:last], ", "), shells[last]))
	}
}
