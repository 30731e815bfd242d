//go:build unix

package mcpserve_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

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

// A file swapped for a named pipe between the server's check of it and
// its open held the server for ever, still alive after its client left.
// Here the file is swapped back and forth as fast as it can be while a
// client lints it again and again: every call is answered.
func TestAFileSwappedForANamedPipeNeverHoldsTheServer(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "tools.json")
	if err := os.WriteFile(path, []byte(badTools), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "probe"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	stop := make(chan struct{})
	swapped := make(chan struct{})
	go func() {
		defer close(swapped)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			next := filepath.Join(root, "next")
			if i%2 == 0 {
				syscall.Mkfifo(next, 0o644)
			} else {
				os.WriteFile(next, []byte(badTools), 0o644)
			}
			os.Rename(next, path)
		}
	}()
	defer func() {
		close(stop)
		<-swapped
	}()
	cs := connect(t, mcpserve.Options{Root: root})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 300 {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "lint_tools", Arguments: lintPathArgs("tools.json")})
			if err != nil {
				t.Errorf("lint_tools: %v", err)
				return
			}
			if text := resultText(t, res); res.IsError && !strings.Contains(text, "is not a regular file") {
				t.Errorf("lint_tools: %s", text)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("a call of lint_tools has not been answered in a minute")
	}
}
