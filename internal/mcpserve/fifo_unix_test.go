//go:build unix

package mcpserve_test

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/internal/mcpserve"
)

// A named pipe under the root is refused, not opened: opening it would
// wait for a writer, and the call would never be answered.
func TestANamedPipeIsRefusedNotWaitedOn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.json"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	cs := connect(t, mcpserve.Options{Root: root})
	done := make(chan string, 1)
	go func() { done <- toolError(t, cs, "lint_tools", lintPathArgs("pipe.json")) }()
	select {
	case got := <-done:
		if want := `tools_path "pipe.json" is not a regular file`; !strings.Contains(got, want) {
			t.Errorf("error %q\nwant it to contain %q", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("lint_tools of a named pipe has not answered in 10 s")
	}
}
