package mcpserve_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
)

// buildToolbench builds the toolbench command of this module into a
// temporary directory and returns its path.
func buildToolbench(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds toolbench; skipped with -short")
	}
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "toolbench")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = filepath.Dir(strings.TrimSpace(string(gomod)))
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// toolbench runs the built command in dir with args and stdin, and
// returns its exit status and standard output, failing the test when it
// cannot run at all.
func toolbench(t *testing.T, bin, dir, stdin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	if stderr.Len() > 0 {
		t.Logf("toolbench %s: stderr:\n%s", strings.Join(args, " "), stderr.String())
	}
	return cmd.ProcessState.ExitCode(), stdout.String()
}

// TestToolbenchMCPServesItsToolsOnStdio runs `toolbench mcp` as a user's
// agent and toolbench itself would: spawned on stdio by toolbench's
// client, by `toolbench lint` and `toolbench call --run` with
// --server-cmd, and by the .mcp.json entry README shows.
func TestToolbenchMCPServesItsToolsOnStdio(t *testing.T) {
	t.Parallel()
	bin := buildToolbench(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"bad.json": badTools})
	server := "'" + bin + "' mcp --root '" + dir + "'"

	t.Run("client", func(t *testing.T) {
		lintBadFileOnStdio(t, mcpclient.Spec{Command: []string{bin, "mcp", "--root", dir}})
	})

	t.Run("lint --server-cmd", func(t *testing.T) {
		code, out := toolbench(t, bin, dir, "", "lint", "--target", strings.Join(lint.TargetNames(), ","), "--server-cmd", server)
		if code != 0 || out != "valid (MCP 2026-07-28)\n" {
			t.Errorf("exit %d, output:\n%s\nwant 0 and valid on MCP 2026-07-28", code, out)
		}
	})

	t.Run("call --run --server-cmd", func(t *testing.T) {
		call := `{"name": "lint_tools", "arguments": {"tools": null, "tools_path": "bad.json", "targets": null, "ignore": null}}`
		code, out := toolbench(t, bin, dir, call, "call", "--run", "--server-cmd", server)
		if code != 0 || !strings.Contains(out, "bad.json:8:28 $[0].parameters: required property 'units' is not in properties [required-not-in-properties]") {
			t.Errorf("exit %d, output:\n%s\nwant 0 and the issues of bad.json", code, out)
		}
	})

	t.Run(".mcp.json", func(t *testing.T) {
		// README's entry, with the command where this test built it.
		config, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"toolbench": map[string]any{"command": bin, "args": []string{"mcp"}}}})
		writeFiles(t, dir, map[string]string{".mcp.json": string(config)})
		code, out := toolbench(t, bin, dir, "", "dump", "--server", "toolbench")
		var dump struct {
			Tools []struct {
				Name string `json:"name"`
			} `json:"tools"`
		}
		if err := json.Unmarshal([]byte(out), &dump); code != 0 || err != nil || len(dump.Tools) != 4 {
			t.Errorf("exit %d, %d tools (%v), output:\n%s\nwant 0 and 4 tools", code, len(dump.Tools), err, out)
		}
		os.Remove(filepath.Join(dir, ".mcp.json"))
	})
}
