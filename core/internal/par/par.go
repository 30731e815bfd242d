// Package par splits work among the processors for the packages of
// toolbench's core: it cuts a range into shares, runs each on a goroutine
// of its own, and raises a helper's panic again in the goroutine that
// waits for it, with the helper's stack. It imports only the standard
// library.
package par

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Shares is how many goroutines should split n items of work so that each
// has at least least items: one per processor, fewer for a small job.
func Shares(n, least int) int {
	return max(1, min(runtime.GOMAXPROCS(0), n/least))
}

// Split splits [0, n) into k consecutive ranges of about equal length and
// calls fn with each, the k'th on a goroutine of its own, and waits for
// them all. With k of 1 it calls fn on the calling goroutine. A panic in
// one of the goroutines is raised again in the caller.
func Split(k, n int, fn func(part, lo, hi int)) {
	if k <= 1 {
		fn(0, 0, n)
		return
	}
	var (
		wg    sync.WaitGroup
		first Panics
	)
	for part := range k {
		lo, hi := part*n/k, (part+1)*n/k
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer first.Catch()
			fn(part, lo, hi)
		}()
	}
	wg.Wait()
	first.Raise()
}

// Panics keeps the first panic of a group of goroutines, to raise it
// again in the goroutine that waits for them. The zero value is ready.
type Panics struct {
	mu sync.Mutex
	p  *Panic
}

// Catch, deferred by a goroutine of the group, recovers its panic and
// keeps it if it is the first.
func (f *Panics) Catch() {
	if r := recover(); r != nil {
		f.Keep(r)
	}
}

// Keep keeps r, a value recovered from a panic of the group, if it is the
// first.
func (f *Panics) Keep(r any) {
	gp, ok := r.(*Panic)
	if !ok {
		gp = &Panic{Value: r, Stack: debug.Stack()}
	}
	f.mu.Lock()
	if f.p == nil {
		f.p = gp
	}
	f.mu.Unlock()
}

// Happened reports whether a goroutine of the group has panicked.
func (f *Panics) Happened() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.p != nil
}

// Raise panics with the first panic kept, if there is one.
func (f *Panics) Raise() {
	f.mu.Lock()
	p := f.p
	f.mu.Unlock()
	if p != nil {
		panic(p)
	}
}

// Panic is a panic raised again in a goroutine other than the one that
// raised it: its value, and the stack of that goroutine, which a crash
// report would otherwise lose.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string {
	return fmt.Sprintf("%v\n\n[the goroutine that panicked]\n%s", p.Value, p.Stack)
}
