package cli

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"toolbench/tui"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// runIn runs toolbench with args in process, standard output not a
// terminal.
func runIn(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{
		dir:        workDir(t),
		stdin:      strings.NewReader(""),
		stdout:     &out,
		stderr:     &errOut,
		getenv:     func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false },
	}
	code = run(e, args)
	return code, out.String(), errOut.String()
}

// testRoot is the command tree as run builds it, with the commands cobra
// adds when it runs (help and completion).
func testRoot() *cobra.Command {
	root := newRoot(&env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }})
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

// parseWith parses args with the flags of cmd, as running it does, and
// returns its flags and operands.
func parseWith(cmd *cobra.Command, args []string) (*pflag.FlagSet, []string, error) {
	if err := cmd.ParseFlags(args); err != nil {
		return nil, nil, err
	}
	return cmd.Flags(), cmd.Flags().Args(), nil
}

// watchOf reads a watch command line as toolbench watch does, in t's
// working directory: its options, and the configuration and baseline
// they come to.
func watchOf(t testing.TB, args []string) (*watched, error) {
	var f watchFlags
	e := &env{dir: workDir(t)}
	fs, ops, err := parseWith(f.command(e), args)
	if err != nil {
		return nil, err
	}
	opts, err := f.options(fs, ops)
	if err != nil {
		return nil, err
	}
	pol, err := e.policy(opts.rules)
	if err != nil {
		return nil, err
	}
	if err := pol.ReadBaseline(opts.baseline); err != nil {
		return nil, err
	}
	return &watched{opts, pol}, nil
}

// workbenchOf reads a workbench command line as toolbench does, in t's
// working directory with the environment getenv reads: its options, and
// the workbench's once the files they name are read.
func workbenchOf(t testing.TB, args []string, getenv func(string) string) (*workbenchOptions, tui.Options, error) {
	var f workbenchFlags
	e := &env{dir: workDir(t), getenv: getenv}
	fs, ops, err := parseWith(f.command(e), args)
	if err != nil {
		return nil, tui.Options{}, err
	}
	opts, err := f.options(fs, ops)
	if err != nil {
		return nil, tui.Options{}, err
	}
	to, _, err := e.tuiOptions(opts)
	return opts, to, err
}

func TestAMistypedCommandIsNamedNotOpenedAsAFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lnit", "tools.json"}, `unknown command "lnit"; did you mean "lint"?`},
		{[]string{"lnit", "--strict", "tools.json"}, `unknown command "lnit"; did you mean "lint"?`},
		{[]string{"wacth"}, `unknown command "wacth"; did you mean "watch"?`},
		{[]string{"explian", "invalid-name"}, `unknown command "explian"; did you mean "explain"?`},
		{[]string{"rule"}, `unknown command "rule"; did you mean "rules"?`},
		{[]string{"complection", "bash"}, `unknown command "complection"; did you mean "completion"?`},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			code, stdout, stderr := runIn(t, tc.args...)
			want := "toolbench: " + tc.want + "\nRun 'toolbench -h' for usage.\n"
			if code != exitFailure || stdout != "" || stderr != want {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, want)
			}
		})
	}
}

func TestAFileNamedLikeACommandIsStillAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	workIn(t, dir)
	if err := os.WriteFile(inWork(t, "lnit"), []byte(`[]`), 0o644); err != nil {
		t.Fatal(err)
	}
	root := testRoot()
	if got := mistypedCommand(root, workDir(t), "lnit"); got != "" {
		t.Errorf("mistypedCommand of an existing file = %q, want none", got)
	}
	if got := mistypedCommand(root, workDir(t), "nothing-like-a-command.json"); got != "" {
		t.Errorf("mistypedCommand(nothing-like-a-command.json) = %q, want none", got)
	}
}

func TestHelpListsEveryCommandOfTheTree(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		code, stdout, stderr := runIn(t, args...)
		if code != exitOK || stderr != "" {
			t.Fatalf("%q: exit %d, stderr %q; want 0 and nothing", args, code, stderr)
		}
		for _, c := range testRoot().Commands() {
			if !c.IsAvailableCommand() {
				continue
			}
			line := regexp.MustCompile(`\n +` + regexp.QuoteMeta(c.Name()) + `\b.* {2,}` + regexp.QuoteMeta(titleFirst(c.Short)) + `\n`)
			if !line.MatchString(stdout) {
				t.Errorf("%q does not list %s: %s:\n%s", args, c.Name(), c.Short, stdout)
			}
		}
	}
}

// TestHelpOfEveryCommandShowsItsFlags asks every command for its help
// and finds each of its flags there with the help the flag is defined
// with: parsing and help read one definition.
func TestHelpOfEveryCommandShowsItsFlags(t *testing.T) {
	t.Parallel()
	root := testRoot()
	cmds := append([]*cobra.Command{root}, root.Commands()...)
	for _, c := range cmds {
		if !c.IsAvailableCommand() && c != root {
			continue
		}
		args := append(strings.Fields(strings.TrimPrefix(c.CommandPath(), "toolbench")), "--help")
		t.Run(c.CommandPath(), func(t *testing.T) {
			code, stdout, stderr := runIn(t, args...)
			if code != exitOK || stderr != "" {
				t.Fatalf("%q: exit %d, stderr %q", args, code, stderr)
			}
			if c.Short != "" && !strings.Contains(stdout, "USAGE") {
				t.Errorf("%q has no usage:\n%s", args, stdout)
			}
			c.Flags().VisitAll(func(f *pflag.Flag) {
				if f.Hidden {
					return
				}
				name := "--" + f.Name
				if f.Shorthand != "" {
					name = "-" + f.Shorthand + " --" + f.Name
				}
				first, _, _ := strings.Cut(f.Usage, "\n")
				re := regexp.MustCompile(`\n +` + regexp.QuoteMeta(name) + ` +` + regexp.QuoteMeta(titleFirst(first)))
				if !re.MatchString(stdout) {
					t.Errorf("%q does not show %s with %q:\n%s", args, name, first, stdout)
				}
			})
		})
	}
}

// titleFirst is s with its first letter upper-cased, as fang writes a
// summary.
func titleFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func TestUsageErrorsNameTheCommandAndExit2(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--nope"}, "toolbench lint: unknown flag: --nope\nRun 'toolbench lint -h' for usage.\n"},
		{[]string{"diff", "--format"}, "toolbench diff: flag needs an argument: --format\nRun 'toolbench diff -h' for usage.\n"},
		{[]string{"--deep=maybe"}, "toolbench: invalid argument \"maybe\" for \"--deep\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax\nRun 'toolbench -h' for usage.\n"},
		{[]string{"rules", "extra"}, "toolbench rules: unexpected argument \"extra\"\nRun 'toolbench rules -h' for usage.\n"},
		{[]string{"lint", "--config", "x.json"}, "toolbench lint: x.json: no such file or directory\nRun 'toolbench lint -h' for usage.\n"},
		{[]string{"lint", "--config", "x.toml", "--no-config"}, "toolbench lint: --config and --no-config: give one\nRun 'toolbench lint -h' for usage.\n"},
		{[]string{"lint", "--color", "sometimes"}, "toolbench lint: invalid argument \"sometimes\" for \"--color\" flag: want auto, always or never\nRun 'toolbench lint -h' for usage.\n"},
	} {
		code, stdout, stderr := runIn(t, tc.args...)
		if code != exitFailure || stdout != "" || stderr != tc.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}

func TestCompletionOfAShellItHasNoScriptForIsAUsageError(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runIn(t, "completion", "tcsh")
	want := "toolbench completion: no completion for the shell \"tcsh\"; toolbench completes bash, zsh, fish and powershell\nRun 'toolbench completion -h' for usage.\n"
	if code != exitFailure || stdout != "" || stderr != want {
		t.Errorf("completion tcsh: exit %d, stdout %.80q, stderr %q; want 2 and %q", code, stdout, stderr, want)
	}
}

func TestAMistypedFlagIsNamed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--tagret", "openai"}, "toolbench lint: unknown flag: --tagret; did you mean --target?\n"},
		{[]string{"lint", "-strict"}, "toolbench lint: unknown shorthand flag: 's' in -strict; did you mean --strict?\n"},
		{[]string{"call", "--jsn"}, "toolbench call: unknown flag: --jsn; did you mean --json?\n"},
		{[]string{"--dep"}, "toolbench: unknown flag: --dep; did you mean --deep?\n"},
		{[]string{"lint", "--colr", "never"}, "toolbench lint: unknown flag: --colr; did you mean --color?\n"},
		{[]string{"lint", "--nope"}, "toolbench lint: unknown flag: --nope\n"},
	} {
		code, _, stderr := runIn(t, tc.args...)
		if first, _, _ := strings.Cut(stderr, "\n"); code != exitFailure || first+"\n" != tc.want {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}
