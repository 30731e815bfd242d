package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// sgrColor matches an SGR sequence that sets a color.
var sgrColor = regexp.MustCompile(`\x1b\[[0-9;]*(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]`)

func TestCompletionLoadsInBash(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script := filepath.Join(t.TempDir(), "toolbench.bash")
	out, err := exec.Command(toolbenchBin, "completion", "bash").Output()
	if err != nil || !bytes.Contains(out, []byte("__start_toolbench")) {
		t.Fatalf("toolbench completion bash: %v\n%.300s", err, out)
	}
	os.WriteFile(script, out, 0o644)
	got, err := exec.Command("bash", "-c", "source "+script+" && complete -p toolbench").CombinedOutput()
	if err != nil || !strings.Contains(string(got), "-F __start_toolbench toolbench") {
		t.Errorf("bash does not load the completion: %v\n%s", err, got)
	}
	for _, shell := range []string{"zsh", "fish", "powershell"} {
		if code, out, stderr := runIn(t, "completion", shell); code != exitOK || !strings.Contains(out, "toolbench") {
			t.Errorf("completion %s: exit %d, stderr %q", shell, code, stderr)
		}
	}
}

func TestBashCompletesWithoutTheBashCompletionPackage(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "toolbench.bash")
	out, err := exec.Command(toolbenchBin, "completion", "bash").Output()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(script, out, 0o644)
	for _, f := range []string{"servers.json", "notes.txt"} {
		os.WriteFile(filepath.Join(dir, f), []byte("{}"), 0o644)
	}
	// What the shell does on TAB, with the bash-completion package's
	// functions gone, as they are on a system without it.
	comp := `unset -f _get_comp_words_by_ref _filedir _init_completion 2>/dev/null
source ` + script + `
comp() {
	COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
	read -r -a COMP_WORDS <<< "$COMP_LINE"; COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
	COMPREPLY=(); __start_toolbench 2>/dev/null
	echo "${COMPREPLY[*]}"
}
comp "` + toolbenchBin + ` lint --target op"
comp "` + toolbenchBin + ` lint --target=anth"
comp "` + toolbenchBin + ` lint --ignore openai/inv"
comp "` + toolbenchBin + ` lint --mcp-config s"
comp "` + toolbenchBin + ` lint --mcp-config n"
`
	cmd := exec.Command("bash", "--norc", "--noprofile", "-c", comp)
	cmd.Dir = dir
	got, err := cmd.CombinedOutput()
	want := "openai openai-strict\nanthropic anthropic-strict\nopenai/invalid-name\nservers.json\n\n"
	if err != nil || string(got) != want {
		t.Errorf("completions: %v\n%q\nwant\n%q", err, got, want)
	}
}

// TestCompletionOffersTheTablesValues asks the completion as the shell
// scripts do, and gets the names of the tables: targets, formats, rule
// codes, and the codes explain knows.
func TestCompletionOffersTheTablesValues(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"lint", "--target", ""}, []string{"openai\t", "openai-strict\t", "mcp\t"}},
		{[]string{"lint", "--target", "openai,g"}, []string{"openai,gemini\t"}},
		{[]string{"lint", "--format", ""}, []string{"sarif\t", "markdown\t"}},
		{[]string{"diff", "--format", ""}, []string{"github\t"}},
		{[]string{"lint", "--ignore", "short"}, []string{"short-description\t"}},
		{[]string{"explain", "removed"}, []string{"removed-tool\t"}},
		{[]string{"--color", ""}, []string{"never"}},
		{[]string{""}, []string{"lint\t", "completion\t"}},
	} {
		code, out, stderr := runIn(t, append([]string{"__complete"}, tc.args...)...)
		for _, w := range tc.want {
			if code != exitOK || !strings.Contains(out, w) {
				t.Errorf("complete %q: exit %d, stderr %q, want %q in:\n%s", tc.args, code, stderr, w, out)
			}
		}
	}
}

func TestManPageRendersEveryCommandAndFlag(t *testing.T) {
	t.Parallel()
	code, page, stderr := runIn(t, "man")
	if code != exitOK || stderr != "" || !strings.HasPrefix(page, ".TH TOOLBENCH 1 ") {
		t.Fatalf("man: exit %d, stderr %q, page %.200q", code, stderr, page)
	}
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("groff is not installed (.ci/run installs groff-base)")
	}
	cmd := exec.Command("groff", "-man", "-Tutf8", "-ww")
	cmd.Stdin = strings.NewReader(page)
	var warnings bytes.Buffer
	cmd.Stderr = &warnings
	out, err := cmd.Output()
	if err != nil || warnings.Len() > 0 {
		t.Fatalf("groff: %v\n%s", err, warnings.String())
	}
	text := regexp.MustCompile(`.\x08`).ReplaceAllString(string(out), "") // overstrikes: bold, underline
	// One space between words, as groff justifies and hyphenates the lines.
	text = strings.Join(strings.Fields(regexp.MustCompile("‐\n *").ReplaceAllString(text, "")), " ")
	for _, want := range []string{"NAME", "toolbench - a workbench for LLM tool definitions", "lint", "--server-cmd", "--mcp-config", "the servers file of --server", "explain", "--color",
		"-e, --env", "-w, --write", "-o, --output",
		// what the manual says of a flag, beyond its line in help
		"split into words as a shell splits them", "in place of the configuration's targets: openai,"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered page lacks %q:\n%s", want, text)
		}
	}
	if bad := regexp.MustCompile(`--[a-z], --`).FindString(text); bad != "" {
		t.Errorf("the page writes a short flag with two dashes: %q", bad)
	}
}

func TestVersionFlags(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"--version", "-v"} {
		code, out, _ := runIn(t, arg)
		if want := "toolbench " + (Build{}).version() + "\n"; code != exitOK || out != want {
			t.Errorf("%s: exit %d, %q; want 0 and %q", arg, code, out, want)
		}
	}
}

// TestColorFlagDecidesOverTheTerminalAndNoColor lints a file with
// errors, whose report colors its severities, and sends a bad flag,
// whose error colors the command's name.
func TestColorFlagDecidesOverTheTerminalAndNoColor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		args      []string
		terminal  bool
		noColor   string
		wantColor bool
	}{
		{"a pipe", nil, false, "", false},
		{"a terminal", nil, true, "", true},
		{"a terminal under NO_COLOR", nil, true, "1", false},
		{"always to a pipe", []string{"--color", "always"}, false, "", true},
		{"always under NO_COLOR", []string{"--color=always"}, true, "1", true},
		{"never on a terminal", []string{"--color", "never"}, true, "", false},
		{"auto on a terminal", []string{"--color", "auto"}, true, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range [][]string{append([]string{"lint", lintInvalid}, tc.args...), append(append([]string{}, tc.args...), "lint", "--nope")} {
				var out, errOut bytes.Buffer
				e := &env{dir: workDir(t), stdin: strings.NewReader(""), stdout: &out, stderr: &errOut,
					getenv:     func(k string) string { return map[string]string{"NO_COLOR": tc.noColor}[k] },
					isTerminal: func(io.Writer) bool { return tc.terminal }}
				run(e, args)
				got := sgrColor.MatchString(out.String() + errOut.String())
				if got != tc.wantColor {
					t.Errorf("%q: color %v, want %v:\n%q\n%q", args, got, tc.wantColor, out.String(), errOut.String())
				}
				if plain := regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAllString(errOut.String(), ""); args[len(args)-1] == "--nope" && plain != "toolbench lint: unknown flag: --nope\nRun 'toolbench lint -h' for usage.\n" {
					t.Errorf("%q: the error reads %q", args, plain)
				}
			}
		})
	}
}

// TestHelpIsColoredOnATerminalUnlessNever reads help on a real terminal
// (tmux) with its attributes.
func TestHelpIsColoredOnATerminalUnlessNever(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	for i, tc := range []struct {
		args   string
		colors bool
	}{
		{"lint -h", true},
		{"--color never lint -h", false},
	} {
		t.Run(tc.args, func(t *testing.T) {
			tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-help%d-%d", i, os.Getpid())}
			shell := fmt.Sprintf("env TERM=xterm-256color %q %s | head -5; %q %s; echo done; sleep 30", toolbenchBin, tc.args, toolbenchBin, tc.args)
			tt.tmux("new-session", "-d", "-s", "tb", "-x", "120", "-y", "80", "sh", "-c", shell)
			defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()
			tt.waitFor("the help", "USAGE", "done")
			styled := tt.tmux("capture-pane", "-p", "-e", "-S", "-80", "-t", "tb")
			if got := sgrColor.MatchString(styled); got != tc.colors {
				t.Errorf("colors = %v, want %v:\n%q", got, tc.colors, styled)
			}
		})
	}
}

// helpColumn is the widest a flag's usage line may be, with the default
// help shows after it: help lays flags out as a column of names and one
// of usages, and at 80 columns, less fang's indent of 4 and the column of
// names (--protocol-version and two spaces), 56 cells are left. The
// longer description a flag has for the manual is not held to it.
const helpColumn = 80 - 4 - len("--protocol-version  ")

func TestEveryFlagUsageIsOneShortLine(t *testing.T) {
	t.Parallel()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, fs := range []*pflag.FlagSet{c.LocalNonPersistentFlags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				shown := f.Usage
				if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" {
					shown += " (" + d + ")"
				}
				switch {
				case strings.Contains(f.Usage, "\n"):
					t.Errorf("%s --%s: the usage has a line break: %q", c.CommandPath(), f.Name, f.Usage)
				case ansi.StringWidth(shown) > helpColumn:
					t.Errorf("%s --%s: %q is %d cells with its default, over %d", c.CommandPath(), f.Name, shown, ansi.StringWidth(shown), helpColumn)
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(testRoot())
}

// TestHelpFitsTheTerminal renders every command's help as fang does at
// 80 and 100 columns, and at the 120 it uses when standard output is not
// a terminal. fang asks the terminal of the process's standard output for
// its width, or reads __FANG_TEST_WIDTH (its help.go), so the help runs in
// a process of its own.
func TestHelpFitsTheTerminal(t *testing.T) {
	t.Parallel()
	var paths [][]string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.IsAvailableCommand() || !c.HasParent() || c.Name() == "help" {
			paths = append(paths, strings.Fields(strings.TrimPrefix(c.CommandPath(), "toolbench")))
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(testRoot())
	for _, width := range []int{80, 100, 120} {
		for _, path := range paths {
			cmd := exec.Command(toolbenchBin, append(path, "--help")...)
			cmd.Env = append(os.Environ(), fmt.Sprintf("__FANG_TEST_WIDTH=%d", width), "NO_COLOR=1")
			out, err := cmd.Output()
			if err != nil || !bytes.Contains(out, []byte("USAGE")) {
				t.Fatalf("%q --help: %v\n%s", path, err, out)
			}
			for i, line := range strings.Split(string(out), "\n") {
				if w := ansi.StringWidth(line); w > width {
					t.Errorf("%q --help at %d columns: line %d is %d wide: %q", path, width, i+1, w, line)
				}
			}
		}
	}
}
