package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Every command that reads tools reads them from internal/source: a
// server wherever a file goes, and a revision (REV:PATH) too.

func TestCompatReadsAServer(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	code, out, stderr := commandRun{}.run(t, append([]string{"compat", "--target", "mcp,openai"}, ts.args...)...)
	// "search files" is a name neither MCP nor OpenAI allows.
	if code != exitIssues || stderr != "" || !strings.HasPrefix(out, "TOOL") || !strings.Contains(out, "  mcp  openai\n") || !strings.Contains(out, "search files") {
		t.Errorf("compat --server-cmd: exit %d, stderr %q, stdout:\n%s", code, stderr, out)
	}
	code, _, stderr = commandRun{}.run(t, append([]string{"compat", "tools.json"}, ts.args...)...)
	if code != exitFailure || !strings.Contains(stderr, "toolbench compat: FILE and --server-cmd name two sources of tools; give one") {
		t.Errorf("compat FILE --server-cmd: exit %d, stderr %q", code, stderr)
	}
	ts.assertGone(t)
}

// TestDiffTakesTheServerAsEitherSide compares a server with a file that
// lacks one of its tools: as NEW (the default) the server added it; as
// OLD, the file removed it, which breaks callers.
func TestDiffTakesTheServerAsEitherSide(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	code, dump, stderr := commandRun{}.run(t, append([]string{"dump"}, ts.args...)...)
	if code != exitOK {
		t.Fatalf("dump: exit %d, %s", code, stderr)
	}
	var kept []string
	for _, l := range lines(dump) {
		if !strings.Contains(l, `"name":"echo"`) {
			kept = append(kept, l)
		}
	}
	file := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(file, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := commandRun{}.run(t, append([]string{"diff", file}, ts.args...)...)
	if code != exitOK || stderr != "" || !strings.Contains(out, "'echo'") || strings.Contains(out, "BREAKING") {
		t.Errorf("server as NEW: exit %d, stderr %q, stdout:\n%s", code, stderr, out)
	}
	code, out, stderr = commandRun{}.run(t, append([]string{"diff", "--server-as", "old", file}, ts.args...)...)
	if code != exitIssues || stderr != "" || !strings.Contains(out, "[removed-tool]") || !strings.Contains(out, "'echo'") {
		t.Errorf("server as OLD: exit %d, stderr %q, stdout:\n%s", code, stderr, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"diff", "--server-as", "old", file}, "--server-as says which side a server is; name one with"},
		{[]string{"diff", "--server-as", "both", file, "--server-cmd", "x"}, `--server-as "both": want new or old`},
		{[]string{"diff", "--server-as", "old", "a.json", "b.json", "--server-cmd", "x"}, "OLD b.json and --server-cmd name two sources"},
		{[]string{"diff", "--server-as", "old", "--server-cmd", "x"}, "want NEW beside --server-cmd, which is OLD; got 0 sources"},
	} {
		code, _, stderr := runIn(t, tc.args...)
		if code != exitFailure || !strings.HasPrefix(stderr, "toolbench diff: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
	ts.assertGone(t)
}

func TestFixRefusesAServerInOneLine(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runIn(t, "fix", "--server-cmd", "node server.js")
	want := "toolbench fix: --server-cmd: a server has no file to fix; write its tools to one with toolbench dump, then fix that\nRun 'toolbench fix -h' for usage.\n"
	if code != exitFailure || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, want)
	}
}

// TestEveryCommandReadsARevision reads tools.json as committed, while the
// work tree's copy is empty.
func TestEveryCommandReadsARevision(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tools, err := os.ReadFile(lintInvalid)
	if err != nil {
		t.Fatal(err)
	}
	workIn(t, t.TempDir())
	gitIn(t, "init", "-q")
	os.WriteFile(inWork(t, "tools.json"), tools, 0o644)
	gitIn(t, "add", "tools.json")
	gitIn(t, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "tools")
	os.WriteFile(inWork(t, "tools.json"), []byte(`[]`), 0o644)

	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout
	}{
		{[]string{"lint", "HEAD:tools.json"}, exitIssues, "HEAD:tools.json:5:15"},
		{[]string{"compat", "HEAD:tools.json"}, exitIssues, "TOOL"},
		{[]string{"dump", "HEAD:tools.json"}, exitOK, "{\"tools\": [\n"},
		{[]string{"fix", "-o", "-", "HEAD:tools.json"}, exitOK, `"type": "function"`},
		{[]string{"diff", "HEAD:tools.json", "tools.json"}, exitIssues, "[removed-tool]"},
	} {
		code, out, stderr := runIn(t, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("%q: exit %d, stderr %q, stdout:\n%s\nwant %d and %q", tc.args, code, stderr, out, tc.code, tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fix", "-w", "HEAD:tools.json"}, "toolbench fix: -w cannot write a revision back (HEAD:tools.json): use -o FILE"},
		{[]string{"watch", "HEAD:tools.json"}, "toolbench watch: HEAD:tools.json: a revision does not change, so it cannot be watched; name a file"},
		{[]string{"HEAD:tools.json"}, "toolbench: HEAD:tools.json: a revision does not change, so the workbench cannot watch it; try toolbench lint HEAD:tools.json"},
	} {
		code, _, stderr := runIn(t, tc.args...)
		if code != exitFailure || !strings.HasPrefix(stderr, tc.want+"\n") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}
