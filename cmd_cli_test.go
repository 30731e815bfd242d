package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

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
	for _, want := range []string{"NAME", "toolbench - a workbench for LLM tool definitions", "lint", "--server-cmd", "--config", "the servers file of --server", "explain"} {
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
