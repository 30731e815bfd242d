package mcpclient

import "sync"

// StderrTailSize is how much of a server's standard error is kept: the
// last 64 KiB.
const StderrTailSize = 64 << 10

// tail keeps the last bytes written to it, up to its size. It is safe for
// one writer and any number of readers at once.
type tail struct {
	mu   sync.Mutex
	buf  []byte // a ring once full
	next int    // where the next byte goes once buf is full
	size int
}

func newTail(size int) *tail { return &tail{size: size} }

// Write keeps p, or its end, in place of the oldest bytes. It never fails,
// so that a server's output is always drained.
func (t *tail) Write(p []byte) (int, error) {
	n := len(p)
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) > t.size {
		p = p[len(p)-t.size:]
	}
	if room := t.size - len(t.buf); room > 0 {
		k := min(room, len(p))
		t.buf = append(t.buf, p[:k]...)
		p = p[k:]
	}
	for len(p) > 0 {
		k := copy(t.buf[t.next:], p)
		t.next = (t.next + k) % t.size
		p = p[k:]
	}
	return n, nil
}

// String returns the bytes kept, oldest first.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.buf) < t.size {
		return string(t.buf)
	}
	return string(t.buf[t.next:]) + string(t.buf[:t.next])
}
