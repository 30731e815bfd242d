package main

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
)

// sgrColour matches an SGR sequence that sets a colour.
var sgrColour = regexp.MustCompile(`\x1b\[[0-9;]*(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]`)

func TestCompletionLoadsInBash(t *testing.T) {
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

// TestCompletionOffersTheTablesValues asks the completion as the shell
// scripts do, and gets the names of the tables: targets, formats, rule
// codes, and the codes explain knows.
func TestCompletionOffersTheTablesValues(t *testing.T) {
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
	for _, want := range []string{"NAME", "toolbench - a workbench for LLM tool definitions", "lint", "--server-cmd", "--mcp-config", "the servers file of --server", "explain", "--color"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendered page lacks %q:\n%s", want, text)
		}
	}
}

func TestVersionFlags(t *testing.T) {
	for _, arg := range []string{"--version", "-v"} {
		code, out, _ := runIn(t, arg)
		if want := "toolbench " + toolVersion() + "\n"; code != exitOK || out != want {
			t.Errorf("%s: exit %d, %q; want 0 and %q", arg, code, out, want)
		}
	}
}

// TestColorFlagDecidesOverTheTerminalAndNoColor lints a file with
// errors, whose report colours its severities, and sends a bad flag,
// whose error colours the command's name.
func TestColorFlagDecidesOverTheTerminalAndNoColor(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		terminal   bool
		noColor    string
		wantColour bool
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
				e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut,
					getenv:     func(k string) string { return map[string]string{"NO_COLOR": tc.noColor}[k] },
					isTerminal: func(io.Writer) bool { return tc.terminal }}
				run(e, args)
				got := sgrColour.MatchString(out.String() + errOut.String())
				if got != tc.wantColour {
					t.Errorf("%q: colour %v, want %v:\n%q\n%q", args, got, tc.wantColour, out.String(), errOut.String())
				}
				if plain := regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAllString(errOut.String(), ""); args[len(args)-1] == "--nope" && plain != "toolbench lint: unknown flag: --nope\nRun 'toolbench lint -h' for usage.\n" {
					t.Errorf("%q: the error reads %q", args, plain)
				}
			}
		})
	}
}

// TestHelpIsColouredOnATerminalUnlessNever reads help on a real terminal
// (tmux) with its attributes.
func TestHelpIsColouredOnATerminalUnlessNever(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	for i, tc := range []struct {
		args    string
		colours bool
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
			if got := sgrColour.MatchString(styled); got != tc.colours {
				t.Errorf("colours = %v, want %v:\n%q", got, tc.colours, styled)
			}
		})
	}
}
