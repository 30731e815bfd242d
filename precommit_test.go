package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPreCommitHookFailsABadToolsFileAndPassesAGoodOne runs the lint hook
// of .pre-commit-hooks.yaml with pre-commit itself (pre-commit try-repo,
// which builds toolbench from this repository as a user's pre-commit
// would) on a repository holding a tools.json, bad and then good.
func TestPreCommitHookFailsABadToolsFileAndPassesAGoodOne(t *testing.T) {
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
	tryRepo := func(files map[string]string) (int, string) {
		t.Helper()
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(repo, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			git("add", name)
		}
		cmd := exec.Command("pre-commit", "try-repo", root, "toolbench-lint", "--all-files", "--color", "never")
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}

	code, out := tryRepo(map[string]string{"tools.json": readTestFile(t, "examples/invalid.json"), "notes.json": `{"not": "tools"}`})
	if code != 1 || !strings.Contains(out, "tools.json:5:15 $[0].function.name: invalid tool name 'get weather!'") || strings.Contains(out, "notes.json") {
		t.Errorf("a bad tools.json: exit %d, output:\n%s\nwant 1 and its issues, and notes.json left alone", code, out)
	}
	code, out = tryRepo(map[string]string{"tools.json": readTestFile(t, "examples/valid.json")})
	if code != 0 || !strings.Contains(out, "toolbench lint") || !strings.Contains(out, "Passed") {
		t.Errorf("a good tools.json: exit %d, output:\n%s\nwant 0 and Passed", code, out)
	}
}
