package core

import (
	"runtime"
	"sync"
)

// shares is how many goroutines should split n items of work so that each
// has at least least items: one per processor, fewer for a small job.
func shares(n, least int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/least))
}

// inShares splits [0, n) into k consecutive ranges of about equal length
// and calls fn with each, the k'th on a goroutine of its own, and waits
// for them all. With k of 1 it calls fn on the calling goroutine.
func inShares(k, n int, fn func(part, lo, hi int)) {
	if k <= 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for part := range k {
		lo, hi := part*n/k, (part+1)*n/k
		wg.Go(func() { fn(part, lo, hi) })
	}
	wg.Wait()
}
