package cli

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestProxyRefusesARecordThatIsAPipeNoOneReads(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{})
	if err := syscall.Mkfifo(filepath.Join(root, "rec.fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, _, errOut := runIn(t, "proxy", "--record", "rec.fifo", "--", testServerCommand(t))
		done <- result{code, errOut}
	}()
	select {
	case r := <-done:
		if want := "toolbench proxy: --record: 'rec.fifo' is a pipe that no one reads"; r.code != exitFailure || !strings.Contains(r.stderr, want) {
			t.Errorf("exit %d, stderr %q; want 2 and a line saying %q", r.code, r.stderr, want)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the proxy still waits, 20 s on, for someone to read its record")
	}
}
