package watch

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// openFiles counts the process's file descriptors, or returns -1 where
// /proc/self/fd does not exist.
func openFiles(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(entries)
}

// settle polls f until it returns at most want, for up to two seconds, and
// returns the last value: a goroutine takes a moment to exit after what it
// waits on closes.
func settle(want int, f func() int) int {
	got := f()
	for deadline := time.Now().Add(2 * time.Second); got > want && time.Now().Before(deadline); got = f() {
		time.Sleep(5 * time.Millisecond)
	}
	return got
}

func TestCloseLeavesNoGoroutineOrFileDescriptor(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	link := filepath.Join(dir, "link.json")
	write(t, path, toolA)
	if err := os.Symlink(path, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	// Warm up anything the runtime or the test framework starts once,
	// such as the timer goroutines of time.After.
	w := start(t, path, Options{})
	next(t, w)
	w.Close()

	goroutines := runtime.NumGoroutine()
	fds := openFiles(t)
	for _, p := range []string{path, link, filepath.Join(dir, "missing.json")} {
		w, err := New(p, Options{})
		if err != nil {
			t.Fatal(err)
		}
		next(t, w)
		write(t, path, toolB)
		if p != filepath.Join(dir, "missing.json") {
			until(t, w, "the change", content(toolB))
		}
		write(t, path, toolA)
		// Close with a reload likely under way or pending.
		if err := w.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	}
	if got := settle(goroutines, runtime.NumGoroutine); got > goroutines {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d before, %d after Close\n%s", goroutines, got, buf[:runtime.Stack(buf, true)])
	}
	if fds < 0 {
		t.Log("no /proc/self/fd: file descriptors not counted")
		return
	}
	if got := settle(fds, func() int { return openFiles(t) }); got > fds {
		t.Errorf("file descriptors: %d before, %d after Close", fds, got)
	}
}
