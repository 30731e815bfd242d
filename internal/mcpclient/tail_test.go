package mcpclient

import (
	"strings"
	"testing"
)

func TestTailKeepsTheLastBytes(t *testing.T) {
	t.Parallel()
	tl := newTail(8)
	tl.Write([]byte("abc"))
	if got := tl.String(); got != "abc" {
		t.Errorf("got %q", got)
	}
	tl.Write([]byte("defgh"))
	tl.Write([]byte("ij"))
	if got := tl.String(); got != "cdefghij" {
		t.Errorf("got %q, want cdefghij", got)
	}
	tl.Write([]byte(strings.Repeat("x", 20) + "12345678"))
	if got := tl.String(); got != "12345678" {
		t.Errorf("got %q, want 12345678", got)
	}
}
