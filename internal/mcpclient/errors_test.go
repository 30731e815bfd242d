package mcpclient

import (
	"strings"
	"testing"
)

func TestStderrSuffixQuotesTheLastLines(t *testing.T) {
	t.Parallel()
	if got := stderrSuffix("  \n"); got != "" {
		t.Errorf("blank stderr: got %q", got)
	}
	long := strings.Repeat("noise line\n", 100) + "Error: \x1b[31mboom\n"
	got := stderrSuffix(long)
	if !strings.HasPrefix(got, `; stderr ends: "noise line\n`) || !strings.HasSuffix(got, `Error: \x1b[31mboom\n"`) {
		t.Errorf("got %s", got)
	}
	if len(got) > stderrLimit+64 {
		t.Errorf("%d bytes, more than about %d", len(got), stderrLimit)
	}
}
