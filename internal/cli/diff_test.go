package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiffExitsOneOnBreakingChanges(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runIn(t, "diff", "testdata/diff/old.json", "testdata/diff/new.json")
	if code != exitIssues || stderr != "" || !strings.HasSuffix(stdout, "9 breaking changes, 3 notes\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, _ = runIn(t, "diff", "testdata/diff/new.json", "testdata/diff/new.json")
	if code != exitOK || stdout != "no changes\n" {
		t.Errorf("a file against itself: exit %d, %q", code, stdout)
	}
	code, stdout, _ = runIn(t, "diff", "--format", "markdown", "testdata/diff/old.json", "testdata/diff/old.json")
	if code != exitOK || !strings.HasPrefix(stdout, "### toolbench diff: no changes\n") {
		t.Errorf("markdown of no changes: exit %d, %q", code, stdout)
	}
}

func TestDiffComparesADatasetRecordByRecord(t *testing.T) {
	t.Parallel()
	const (
		x = `{"id": 1, "function": [{"name": "a", "description": "A tool of the tests.", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}]}`
		y = `{"id": 2, "function": [{"name": "a", "description": "A tool of the tests.", "parameters": {"type": "object", "properties": {"y": {"type": "string"}}}}]}`
		z = `{"id": 2, "function": [{"name": "a", "description": "A tool of the tests.", "parameters": {"type": "object", "properties": {"z": {"type": "string"}}, "required": ["z"]}}]}`
	)
	dir := t.TempDir()
	write := func(name string, lines ...string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	old, new, longer := write("old.jsonl", x, y), write("new.jsonl", x, z), write("longer.jsonl", x, z, x)
	tests := []struct {
		name     string
		old, new string
		code     int
		want     string // in stdout, or in stderr for exit 2
	}{
		{"as many records", old, new, exitIssues,
			"BREAKING " + new + ":2:130 'a' $[1].function[0].parameters.properties.z: new parameter 'z' is required: calls without it fail [new-required-parameter]\n"},
		{"more records in NEW", old, longer, exitFailure,
			"toolbench diff: " + old + " has 2 lists of tools and " + longer + " has 3: the records of a dataset are compared in order"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runIn(t, "diff", tc.old, tc.new)
			out := stdout
			if tc.code == exitFailure {
				out = stderr
			}
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, stdout:\n%s\nstderr: %s\nwant %d and %q", code, stdout, stderr, tc.code, tc.want)
			}
		})
	}
}

func TestDiffReadsARevisionWithGit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	old, err := os.ReadFile(inWork(t, "testdata/diff/old.json"))
	if err != nil {
		t.Fatal(err)
	}
	newer, err := os.ReadFile(inWork(t, "testdata/diff/new.json"))
	if err != nil {
		t.Fatal(err)
	}
	workIn(t, t.TempDir())
	gitIn(t, "init", "-q")
	if err := os.WriteFile(inWork(t, "tools.json"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, "add", "tools.json")
	gitIn(t, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "tools")
	if err := os.WriteFile(inWork(t, "tools.json"), newer, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, "diff", "HEAD:tools.json", "tools.json")
	if code != exitIssues || stderr != "" || !strings.Contains(stdout, "BREAKING HEAD:tools.json:27:19 'search_docs' $[1].function.parameters.properties.page: parameter 'page' was removed") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	// Workflow annotations go on a file of the work tree: what is gone
	// is put on the file, at the revision's line in the message.
	code, stdout, _ = runIn(t, "diff", "--format", "github", "HEAD:tools.json", "tools.json")
	if want := "::error file=tools.json,title=removed-parameter::HEAD:tools.json:27:19: search_docs: $[1].function.parameters.properties.page: parameter 'page' was removed\n"; code != exitIssues || !strings.Contains(stdout, want) || strings.Contains(stdout, "HEAD%3A") {
		t.Errorf("github: exit %d, want %q in:\n%s", code, want, stdout)
	}
	// So do SARIF's results: on the file, with no region.
	code, stdout, _ = runIn(t, "diff", "--format", "sarif", "HEAD:tools.json", "tools.json")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }     `json:"artifactLocation"`
						Region           *struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || code != exitIssues {
		t.Fatalf("sarif: exit %d, %v:\n%s", code, err, stdout)
	}
	found := false
	for _, res := range log.Runs[0].Results {
		loc := res.Locations[0].PhysicalLocation
		if res.RuleID == "removed-parameter" {
			found = true
			if loc.ArtifactLocation.URI != "tools.json" || loc.Region != nil || !strings.HasPrefix(res.Message.Text, "HEAD:tools.json:27:19: ") {
				t.Errorf("sarif: the removed parameter at %+v, %q; want on tools.json, no region, the revision's place in the message", loc, res.Message.Text)
			}
		}
	}
	if !found {
		t.Errorf("sarif: no removed-parameter result:\n%s", stdout)
	}
	code, _, stderr = runIn(t, "diff", "HEAD:missing.json", "tools.json")
	if code != exitFailure || !strings.Contains(stderr, "toolbench diff: HEAD:missing.json: git show: path 'missing.json' does not exist in 'HEAD'") {
		t.Errorf("a missing path: exit %d, stderr %q", code, stderr)
	}
}

func TestDiffOutsideAGitRepositorySaysSo(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	workIn(t, dir)
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	code, stdout, stderr := runIn(t, "diff", "main:tools.json", "tools.json")
	want := "toolbench diff: main:tools.json: no such file, and not in a git repository to read it as REV:PATH from\n"
	if code != exitFailure || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, want)
	}
}

func TestDiffUsageErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"one source", []string{"a.json"}, "want OLD and NEW, got 1 source\n"},
		{"three sources", []string{"a.json", "b.json", "c.json"}, "want OLD and NEW, got 3 sources\n"},
		{"stdin twice", []string{"-", "-"}, "standard input (-) can be one source, not both"},
		{"a format without changes", []string{"--format", "concise", "a", "b"}, `unknown --format "concise" (known: text, json, sarif, github, markdown)`},
		{"--json and another format", []string{"--json", "--format", "text", "a", "b"}, "--json and --format text disagree"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runIn(t, append([]string{"diff"}, tc.args...)...)
			if code != exitFailure || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
		})
	}
	code, _, stderr := runIn(t, "diff", "testdata/diff/old.json", "testdata/lint/syntax-error.json")
	if code != exitFailure || !strings.Contains(stderr, "testdata/lint/syntax-error.json:") {
		t.Errorf("a source that does not parse: exit %d, stderr %q", code, stderr)
	}
}

func TestCompatShowsTheMatrix(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runIn(t, "compat", "testdata/compat/tools.json")
	if code != exitIssues || stderr != "" || !strings.HasPrefix(stdout, "TOOL                openai  openai-strict  anthropic  anthropic-strict  gemini  mcp  mcp@2025-11-25\nsearch_docs         ") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, _ = runIn(t, "compat", "--target", "mcp,gemini", "testdata/lint/examples/valid.json")
	if code != exitOK || !strings.HasPrefix(stdout, "TOOL") || !strings.Contains(stdout, "  mcp  gemini\n") {
		t.Errorf("chosen columns: exit %d, stdout:\n%s", code, stdout)
	}
	for _, tc := range []struct{ args []string }{{[]string{"--format", "github", "x.json"}}, {[]string{}}, {[]string{"--target", "acme", "x.json"}}} {
		if code, _, _ := runIn(t, append([]string{"compat"}, tc.args...)...); code != exitFailure {
			t.Errorf("compat %v: exit %d, want 2", tc.args, code)
		}
	}
}

func gitIn(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = workDir(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestDiffOfAServerComparesADumpWithWhatItListsNow compares the tools a
// server lists with a dump of them, unchanged and then with a tool the
// server no longer has.
func TestDiffOfAServerComparesADumpWithWhatItListsNow(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	code, dump, stderr := commandRun{}.run(t, append([]string{"dump"}, ts.args...)...)
	if code != exitOK {
		t.Fatalf("dump: exit %d, %s", code, stderr)
	}
	old := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(old, []byte(dump), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := commandRun{}.run(t, append([]string{"diff", old}, ts.args...)...)
	if code != exitOK || stderr != "" || !strings.Contains(out, "no changes") {
		t.Errorf("diff of a server with its own dump: exit %d, stdout %q, stderr %q; want 0 and no changes", code, out, stderr)
	}

	gone := strings.Replace(dump, "{\"tools\": [\n", "{\"tools\": [\n{\"name\": \"retired\", \"description\": \"A tool the server dropped.\", \"inputSchema\": {\"type\": \"object\"}},\n", 1)
	if err := os.WriteFile(old, []byte(gone), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = commandRun{}.run(t, append([]string{"diff", old}, ts.args...)...)
	if code != exitIssues || !strings.Contains(out, "'retired'") || !strings.Contains(out, "[removed-tool]") {
		t.Errorf("diff against a server that dropped a tool: exit %d, stdout %q; want 1 and removed-tool", code, out)
	}
	ts.assertGone(t)
}

func TestDiffTakesOneSourceBesideAServer(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"diff", "a.json", "b.json", "--server-cmd", "x"},
		{"diff", "--server-url", "http://127.0.0.1:1/mcp"},
	} {
		code, _, stderr := commandRun{}.run(t, args...)
		if code != exitFailure || !strings.Contains(stderr, "toolbench diff: ") {
			t.Errorf("%q: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}

// TestCompatHoldsEveryToolToStrictRulesWithStrictAll: a tool that does
// not opt into strict mode is sent as it is, so the strict column accepts
// it, unless --strict-all asks how it would fare with "strict": true.
func TestCompatHoldsEveryToolToStrictRulesWithStrictAll(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "tools.json")
	tool := `[{"type": "function", "function": {"name": "lookup", "description": "Look up a customer record by its identifier.", "parameters": {"type": "object", "properties": {"id": {"type": "string"}}}}}]`
	if err := os.WriteFile(file, []byte(tool), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runIn(t, "compat", "--target", "openai-strict", file)
	if code != exitOK || !strings.Contains(stdout, "lookup  -\n") || !strings.Contains(stdout, "\n-: accepted as sent, not strict") {
		t.Errorf("without --strict-all: exit %d, stdout:\n%s", code, stdout)
	}
	code, stdout, _ = runIn(t, "compat", "--target", "openai-strict", "--strict-all", file)
	if code != exitIssues || !strings.Contains(stdout, "lookup  2") {
		t.Errorf("with --strict-all: exit %d, stdout:\n%s", code, stdout)
	}
}
