//go:build unix

package mcpclient

import (
	"context"
	"regexp"
	"testing"
	"time"

	"toolbench/internal/proctest"
)

// Close ends what the server started too, on Unix, where the server is
// the leader of a process group; Windows ends the server alone.
func TestCloseEndsTheWholeProcessGroup(t *testing.T) {
	proctest.SkipUnsupported(t)
	t.Parallel()
	c := connectStdio(t, "intermediate")
	re := regexp.MustCompile(`grandchild pid (\d+)`)
	var pid int
	if !waitFor(2*time.Second, func() bool {
		m := re.FindStringSubmatch(c.StderrTail())
		if m == nil {
			return false
		}
		pid = atoi(m[1])
		return true
	}) {
		t.Fatalf("no grandchild pid in stderr %q", c.StderrTail())
	}
	if _, err := c.ListTools(context.Background()); err != nil {
		t.Fatal(err) // the grandchild is the server
	}
	pgid := c.proc.pgid
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	assertGroupGone(t, pgid)
	if proctest.Alive(pid) {
		t.Errorf("grandchild %d still runs", pid)
	}
}
