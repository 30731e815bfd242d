//go:build integration

package cli

import (
	"testing"
	"time"
)

func TestAServerThatTakes12SecondsToStartIsLintedWithTheDefaults(t *testing.T) {
	t.Parallel() // it waits
	ts := stdioServer(t, "slow")
	args := append(withoutFlag(ts.args, "--start-timeout"), "-e", testDelayEnv+"=12s")
	start := time.Now()
	code, out, stderr := terminalRun(t, append([]string{"lint", "--json"}, args...)...)
	if code == exitFailure {
		t.Fatalf("lint: exit %d after %v, stderr %q", code, time.Since(start).Round(time.Second), stderr)
	}
	if took := time.Since(start); took < 12*time.Second {
		t.Errorf("took %v: the server did not wait", took)
	}
	if len(lintIssues(t, out)) == 0 {
		t.Error("no issues: the server's tools were not linted")
	}
	// On a terminal, a line says what is awaited, and how to wait longer.
	if want := "toolbench: starting " + ts.name + ", waiting for its first answer (--start-timeout 60s)\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}
