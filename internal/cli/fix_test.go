package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/gen"
)

const fixableTools = `[
  {
    "name": "get_weather",
    "description": "Get the current weather for a city.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": {"type": "str"},
        "units": {"type": "string", "enum": ["metric", "imperial", "metric"]}
      },
      "required": ["city", "country"]
    }
  }
]
`

// writeTools writes text to a file of mode perm in a temporary folder.
func writeTools(t *testing.T, text string, perm os.FileMode) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(path, []byte(text), perm); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFixPrintsTheDiffAndChangesNothing(t *testing.T) {
	t.Parallel()
	path := writeTools(t, fixableTools, 0o644)
	code, stdout, stderr := runIn(t, "fix", path)
	if code != exitIssues {
		t.Errorf("exit %d, want 1: there is something to fix", code)
	}
	for _, want := range []string{
		"--- " + path + ".orig\n+++ " + path + "\n@@ -5,10 +5,10 @@\n",
		`-        "city": {"type": "str"},`,
		`+        "city": {"type": "string"},`,
		`+        "units": {"type": "string", "enum": ["metric", "imperial"]}`,
		`+      "required": ["city"]`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the diff lacks %q:\n%s", want, stdout)
		}
	}
	if want := path + ": 3 issues to fix (1 duplicate-enum-value, 1 required-not-in-properties, 1 unknown-type)\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if data, _ := os.ReadFile(path); string(data) != fixableTools {
		t.Error("fix without -w changed the file")
	}
}

func TestFixWriteFixesInPlaceKeepingTheModeAndFixingTwiceChangesNothing(t *testing.T) {
	t.Parallel()
	path := writeTools(t, fixableTools, 0o600)
	code, stdout, stderr := runIn(t, "fix", "-w", path)
	if code != exitOK || !strings.HasPrefix(stdout, path+": 3 issues fixed") || stderr != "" {
		t.Fatalf("fix -w: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jsondoc.Parse(path, data); err != nil {
		t.Fatalf("the fixed file does not parse: %v", err)
	}
	if !strings.Contains(string(data), `"required": ["city"]`) {
		t.Errorf("the file is not fixed:\n%s", data)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want -rw-------", fi.Mode().Perm())
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("the folder holds %v, want the file alone", entries)
	}
	code, stdout, _ = runIn(t, "fix", "-w", path)
	again, _ := os.ReadFile(path)
	if code != exitOK || stdout != path+": nothing to fix\n" || string(again) != string(data) {
		t.Errorf("fixing twice: exit %d, %q, and the file changed: %v", code, stdout, string(again) != string(data))
	}
	if code, stdout, _ := runIn(t, "fix", path); code != exitOK || stdout != "" {
		t.Errorf("the diff of a fixed file: exit %d, %q; want 0 and nothing", code, stdout)
	}
}

func TestFixOutputWritesElsewhere(t *testing.T) {
	t.Parallel()
	path := writeTools(t, fixableTools, 0o644)
	out := filepath.Join(filepath.Dir(path), "fixed.json")
	if code, _, stderr := runIn(t, "fix", "-o", out, path); code != exitOK || !strings.Contains(stderr, "3 issues fixed") {
		t.Fatalf("fix -o: exit %d, stderr %q", code, stderr)
	}
	if data, _ := os.ReadFile(path); string(data) != fixableTools {
		t.Error("fix -o changed the input")
	}
	if data, _ := os.ReadFile(out); !strings.Contains(string(data), `"type": "string"}`) {
		t.Errorf("the output is not fixed:\n%s", data)
	}
	code, stdout, _ := runIn(t, "fix", "-o", "-", path)
	if code != exitOK || !strings.Contains(stdout, `"required": ["city"]`) {
		t.Errorf("fix -o -: exit %d, %q", code, stdout)
	}
}

func TestFixCodeLimitsTheFixesAndAsksForRenames(t *testing.T) {
	t.Parallel()
	path := writeTools(t, strings.Replace(fixableTools, "get_weather", "get weather", 1), 0o644)
	code, stdout, stderr := runIn(t, "fix", "--code", "invalid-name", path)
	if code != exitIssues || !strings.Contains(stdout, `+    "name": "get_weather",`) || strings.Contains(stdout, `"string"}`) {
		t.Errorf("exit %d, diff:\n%s", code, stdout)
	}
	if want := path + ": 1 issue to fix (1 invalid-name)\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if _, stdout, _ := runIn(t, "fix", path); strings.Contains(stdout, "get_weather") {
		t.Errorf("a rename was made without --code invalid-name:\n%s", stdout)
	}
}

func TestFixUsageErrors(t *testing.T) {
	t.Parallel()
	path := writeTools(t, fixableTools, 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no file", nil, "want one FILE, got 0"},
		{"two files", []string{path, path}, "want one FILE, got 2"},
		{"-w and -o", []string{"-w", "-o", "x.json", path}, "-w and -o both say where to write"},
		{"-w on standard input", []string{"-w", "-"}, "-w cannot write standard input back"},
		{"an unknown code", []string{"--code", "no-such-rule", path}, `unknown rule code "no-such-rule"`},
		{"a rule without a fix", []string{"--code", "short-description", path}, "rule short-description has no fix (rules with fixes: invalid-name, unknown-type"},
		{"an unknown target", []string{"--target", "acme", path}, `unknown target "acme"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runIn(t, append([]string{"fix"}, tc.args...)...)
			if code != exitFailure || stdout != "" || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, tc.want)
			}
		})
	}
}

func TestFixRefusesAFileThatDoesNotParse(t *testing.T) {
	t.Parallel()
	path := writeTools(t, `[{"name": "x",}]`, 0o644)
	code, stdout, stderr := runIn(t, "fix", "-w", path)
	if code != exitFailure || stdout != "" || !strings.Contains(stderr, path+":1:14: ") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if data, _ := os.ReadFile(path); string(data) != `[{"name": "x",}]` {
		t.Error("the file was written")
	}
}

// TestFixDiffOfACRLFFileAppliesWithGitAndPatch checks that the diff fix
// prints to a pipe holds the file's bytes, its carriage returns and hidden
// characters included, so that git apply and patch make of the file what
// fix -o writes; and that a terminal still gets them escaped.
func TestFixDiffOfACRLFFileAppliesWithGitAndPatch(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	crlf := strings.ReplaceAll(strings.Replace(fixableTools, "current weather", "current\u200b weather", 1), "\n", "\r\n")
	workIn(t, t.TempDir())
	if err := os.WriteFile(inWork(t, "tools.json"), []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	code, patch, _ := runIn(t, "fix", "tools.json")
	if code != exitIssues {
		t.Fatalf("fix: exit %d, want 1", code)
	}
	_, fixed, _ := runIn(t, "fix", "-o", "-", "tools.json")
	if strings.Count(fixed, "\n") != strings.Count(fixed, "\r\n") {
		t.Fatalf("fix -o - has bare newlines:\n%q", fixed)
	}
	if err := os.WriteFile(inWork(t, "fix.patch"), []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, "apply", "-p0", "fix.patch")
	if got, _ := os.ReadFile(inWork(t, "tools.json")); string(got) != fixed {
		t.Errorf("git apply made:\n%q\nwant what fix -o writes:\n%q", got, fixed)
	}
	if _, err := exec.LookPath("patch"); err == nil {
		if err := os.WriteFile(inWork(t, "tools.json"), []byte(crlf), 0o644); err != nil {
			t.Fatal(err)
		}
		patch := exec.Command("patch", "-p0", "-i", "fix.patch")
		patch.Dir = workDir(t)
		if out, err := patch.CombinedOutput(); err != nil {
			t.Fatalf("patch: %v\n%s", err, out)
		}
		if got, _ := os.ReadFile(inWork(t, "tools.json")); string(got) != fixed {
			t.Errorf("patch made:\n%q\nwant what fix -o writes:\n%q", got, fixed)
		}
	}

	if err := os.WriteFile(inWork(t, "tools.json"), []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	e := &env{dir: workDir(t), stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" },
		isTerminal: func(w io.Writer) bool { return w == &out }}
	if code := run(e, []string{"fix", "--color", "never", "tools.json"}); code != exitIssues {
		t.Fatalf("fix on a terminal: exit %d, want 1", code)
	}
	if hazards := termtext.Hazards(out.String()); len(hazards) > 0 || strings.Contains(out.String(), "\r") {
		t.Errorf("the diff on a terminal holds %v or a carriage return:\n%q", hazards, out.String())
	}
	if !strings.Contains(out.String(), `\u{200B}`) {
		t.Errorf("the diff on a terminal does not show the hidden character:\n%s", out.String())
	}
}

func TestFixOutputToADeviceWritesIt(t *testing.T) {
	t.Parallel()
	path := writeTools(t, fixableTools, 0o644)
	if code, _, stderr := runIn(t, "fix", "-o", os.DevNull, path); code != exitOK || !strings.Contains(stderr, "3 issues fixed") {
		t.Errorf("fix -o %s: exit %d, stderr %q", os.DevNull, code, stderr)
	}
}

func TestFixWriteLeavesASaveMadeWhileItRuns(t *testing.T) {
	// fix -w of a large file wrote over a save an editor made while it
	// ran, without a word. Here an editor saves every millisecond, by
	// renaming a new file over the old as editors do.
	doc := string(gen.Tools(500))
	path := writeTools(t, doc, 0o644)
	stop, last := make(chan struct{}), make(chan string)
	go func() {
		saved := doc
		for i := 0; ; i++ {
			select {
			case <-stop:
				last <- saved
				return
			default:
			}
			text := doc + strings.Repeat(" ", i%64+1)
			if err := os.WriteFile(path+".new", []byte(text), 0o644); err == nil && os.Rename(path+".new", path) == nil {
				saved = text
			}
			time.Sleep(time.Millisecond)
		}
	}()
	code, _, stderr := runIn(t, "fix", "-w", path)
	close(stop)
	saved := <-last
	if code != exitFailure || !strings.Contains(stderr, path+" changed since it was read, so it was not written") {
		t.Errorf("fix -w: exit %d, stderr %q; want 2 and that the file changed", code, stderr)
	}
	if now, _ := os.ReadFile(path); string(now) != saved {
		t.Errorf("the file does not hold the last save (%d bytes, want %d)", len(now), len(saved))
	}
}

func TestFixWriteRefusesAReadOnlyFileAndOneWithOtherNames(t *testing.T) {
	readOnly := writeTools(t, fixableTools, 0o444)
	linked := writeTools(t, fixableTools, 0o644)
	if err := os.Link(linked, linked+".other"); err != nil {
		t.Skip(err)
	}
	for path, want := range map[string]string{
		readOnly: readOnly + " is read-only (-r--r--r--)",
		linked:   linked + " has 2 names (hard links)",
	} {
		code, _, stderr := runIn(t, "fix", "-w", path)
		if code != exitFailure || !strings.Contains(stderr, want) {
			t.Errorf("fix -w %s: exit %d, stderr %q; want 2 and %q", filepath.Base(filepath.Dir(path)), code, stderr, want)
		}
		if data, _ := os.ReadFile(path); string(data) != fixableTools {
			t.Errorf("%s was written", path)
		}
	}
}
