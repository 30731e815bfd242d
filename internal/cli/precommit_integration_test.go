//go:build integration

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreCommitHooksFailWhatTheyShould runs the hooks of
// .pre-commit-hooks.yaml with pre-commit itself (pre-commit try-repo,
// which builds toolbench from this repository as a user's pre-commit
// would) on a repository holding a tools.json: the lint hook on a bad one
// and a good one, then both hooks on one pinned in toolbench.lock.json,
// as pinned and with its description changed.
func TestPreCommitHooksFailWhatTheyShould(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds toolbench under pre-commit; skipped with -short")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install pre-commit); .ci/run installs it")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	// pre-commit builds the hook with its own GOPATH; the module cache
	// of this machine spares it downloading every module again.
	env := append(os.Environ(), "PRE_COMMIT_HOME="+t.TempDir(), "GOMODCACHE="+strings.TrimSpace(string(modcache)), "NO_COLOR=1")
	tryRepo := func(files map[string]string, hooks ...string) (int, string) {
		t.Helper()
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(repo, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			git("add", name)
		}
		cmd := exec.Command("pre-commit", append(append([]string{"try-repo", root}, hooks...), "--all-files", "--color", "never")...)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}

	code, out := tryRepo(map[string]string{"tools.json": readTestFile(t, "examples/invalid.json"), "notes.json": `{"not": "tools"}`}, "toolbench-lint")
	if code != 1 || !strings.Contains(out, "tools.json:5:15 $[0].function.name: invalid tool name 'get weather!'") || strings.Contains(out, "notes.json") {
		t.Errorf("a bad tools.json: exit %d, output:\n%s\nwant 1 and its issues, and notes.json left alone", code, out)
	}
	code, out = tryRepo(map[string]string{"tools.json": readTestFile(t, "examples/valid.json")}, "toolbench-lint")
	if code != 0 || !strings.Contains(out, "toolbench lint") || !strings.Contains(out, "Passed") {
		t.Errorf("a good tools.json: exit %d, output:\n%s\nwant 0 and Passed", code, out)
	}

	lock := filepath.Join(repo, "toolbench.lock.json")
	if code, _, stderr := runIn(t, "lock", "--no-config", "--lock", lock, filepath.Join(repo, "tools.json")); code != exitOK {
		t.Fatalf("lock: exit %d, %s", code, stderr)
	}
	lockText, err := os.ReadFile(lock)
	if err != nil {
		t.Fatal(err)
	}
	code, out = tryRepo(map[string]string{"toolbench.lock.json": string(lockText)})
	if code != 0 || strings.Count(out, "Passed") != 2 {
		t.Errorf("a pinned tools.json as pinned: exit %d, output:\n%s\nwant 0 and both hooks passed", code, out)
	}
	retold := strings.Replace(readTestFile(t, "examples/valid.json"), "Get the current weather", "Get the weather", 1)
	code, out = tryRepo(map[string]string{"tools.json": retold})
	if code != 1 || !strings.Contains(out, "DRIFT") || !strings.Contains(out, "[description-changed]") {
		t.Errorf("a pinned tool whose description changed: exit %d, output:\n%s\nwant 1 and the drift", code, out)
	}
}
