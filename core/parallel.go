package core

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// shares is how many goroutines should split n items of work so that each
// has at least least items: one per processor, fewer for a small job.
func shares(n, least int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/least))
}

// inShares splits [0, n) into k consecutive ranges of about equal length
// and calls fn with each, the k'th on a goroutine of its own, and waits
// for them all. With k of 1 it calls fn on the calling goroutine. The
// goroutines work as the caller would (see goLikeCaller); a panic in one
// of them is raised again in the caller.
func inShares(k, n int, fn func(part, lo, hi int)) {
	if k <= 1 {
		fn(0, 0, n)
		return
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		panicked any
	)
	start := goLikeCaller()
	for part := range k {
		lo, hi := part*n/k, (part+1)*n/k
		wg.Add(1)
		start(func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					if panicked == nil {
						panicked = r
					}
					mu.Unlock()
				}
			}()
			fn(part, lo, hi)
		})
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// goLikeCaller returns a function that starts goroutines which treat a
// memory fault as the calling goroutine does (debug.SetPanicOnFault): a
// document read from a mapped file faults where the file has shrunk, and
// a caller that turns such faults into errors must have its helpers turn
// them into panics too, for it to recover.
func goLikeCaller() func(fn func()) {
	onFault := debug.SetPanicOnFault(false)
	debug.SetPanicOnFault(onFault)
	return func(fn func()) {
		go func() {
			debug.SetPanicOnFault(onFault)
			fn()
		}()
	}
}

// IsFault reports whether r, a value recovered from a panic, is a memory
// fault that debug.SetPanicOnFault turned into a panic: reading a mapped
// file past its end after it shrank.
func IsFault(r any) bool {
	_, ok := r.(interface{ Addr() uintptr })
	return ok
}
