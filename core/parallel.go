package core

import (
	"fmt"
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
		wg    sync.WaitGroup
		first firstPanic
	)
	start := goLikeCaller()
	for part := range k {
		lo, hi := part*n/k, (part+1)*n/k
		wg.Add(1)
		start(func() {
			defer wg.Done()
			defer first.catch()
			fn(part, lo, hi)
		})
	}
	wg.Wait()
	first.raise()
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

// firstPanic keeps the first panic of a group of goroutines, to raise it
// again in the goroutine that waits for them.
type firstPanic struct {
	mu sync.Mutex
	p  *goroutinePanic
}

// catch, deferred by a goroutine of the group, recovers its panic and
// keeps it if it is the first.
func (f *firstPanic) catch() {
	if r := recover(); r != nil {
		f.keep(r)
	}
}

func (f *firstPanic) keep(r any) {
	gp, ok := r.(*goroutinePanic)
	if !ok {
		gp = &goroutinePanic{value: r, stack: debug.Stack()}
	}
	f.mu.Lock()
	if f.p == nil {
		f.p = gp
	}
	f.mu.Unlock()
}

// happened reports whether a goroutine of the group has panicked.
func (f *firstPanic) happened() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.p != nil
}

// raise panics with the first panic kept, if there is one.
func (f *firstPanic) raise() {
	f.mu.Lock()
	p := f.p
	f.mu.Unlock()
	if p != nil {
		panic(p)
	}
}

// goroutinePanic is a panic raised again in a goroutine other than the
// one that raised it: its value, and the stack of that goroutine, which
// a crash report would otherwise lose.
type goroutinePanic struct {
	value any
	stack []byte
}

func (p *goroutinePanic) Error() string {
	return fmt.Sprintf("%v\n\n[the goroutine that panicked]\n%s", p.value, p.stack)
}

// IsFault reports whether r, a value recovered from a panic, is a memory
// fault in a file that LoadFileMapped mapped: reading past the end of a
// file that shrank after it was mapped, turned into a panic by
// debug.SetPanicOnFault. Any other fault is a bug, not a changed file.
func IsFault(r any) bool {
	if gp, ok := r.(*goroutinePanic); ok {
		r = gp.value
	}
	f, ok := r.(interface{ Addr() uintptr })
	return ok && inMappedFile(f.Addr())
}
