package proctest

import (
	"strings"
	"sync"
	"testing"
)

func TestBufferKeepsEveryWriteOfGoroutinesWritingAtOnce(t *testing.T) {
	const writers, writes = 8, 100
	var b Buffer
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for range writes {
				b.Write([]byte("line\n"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got, want := b.Len(), writers*writes*len("line\n"); got != want {
		t.Errorf("Len = %d, want %d", got, want)
	}
	if got := strings.Count(b.String(), "line\n"); got != writers*writes {
		t.Errorf("String holds %d lines, want %d", got, writers*writes)
	}
}
