package jsonrpc

import (
	"bytes"
	"errors"
	"io"
	"strconv"
)

// DefaultMaxMessage is the bound on one message that MCP's peers in
// toolbench read: 64 MiB, four times the Go SDK's own line limit, which
// one listing of large schemas can pass.
const DefaultMaxMessage = 64 << 20

// readChunk is how much a Reader asks of its input at a time, and the
// size its buffer starts at.
const readChunk = 64 << 10

// A Reader reads MCP's stdio framing: one message a line, each line
// ended by "\n" (a "\r" before it is dropped). Lines of white space only
// are skipped, when they are within the bound. A line longer than the bound is a *TooLongError, and the
// reader goes on with the line after it: one oversized message never
// ends a session, and is never held in memory whole.
//
// It keeps one buffer, which grows to the longest line read (up to the
// bound) and is handed back to the garbage collector after a line of
// more than a few MiB, so that a session that once carried a large
// message does not hold its size for ever.
type Reader struct {
	r   io.Reader
	max int
	buf []byte
	// buf[start:end] is read and not yet returned; buf[start:scan] holds
	// no line end.
	start, scan, end int
	err              error  // of r, returned once what it left is read
	line             int    // of the last line returned
	skipping         bool   // within a line too long, dropping its bytes
	dropped          int    // the bytes dropped of that line
	head             []byte // its first bytes
}

// NewReader reads lines of up to max bytes (without their ends) from r;
// max <= 0 means DefaultMaxMessage.
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMaxMessage
	}
	return &Reader{r: r, max: max}
}

// A TooLongError is a line longer than a Reader's bound. The line's
// bytes are dropped; the next Next reads the line after it.
type TooLongError struct {
	Line  int // its number, from 1
	Limit int // the bound, in bytes
	// Read is how many of its bytes were read before it was dropped: all
	// of them, unless the input ended within it.
	Read int
	// Head is the line's first bytes, up to HeadSize: enough to find the
	// id of a message that puts it first, as most writers do, and answer
	// it (see HeadID).
	Head []byte
}

// HeadSize is how much of a line too long a TooLongError keeps.
const HeadSize = 256

// HeadID is the id of the message a line too long starts with, when its
// head holds the whole member ("id" with a string or number before
// anything cut off), else nil.
func (e *TooLongError) HeadID() []byte { return HeadID(e.Head) }

// HeadID is the id of the message b starts with: the value of its last
// "id" member, a string or a number, among the members before anything
// that cuts the message short or breaks it (a control character in a
// string, invalid UTF-8), else nil. It finds what a message that is not
// JSON meant to answer, which Parse, as JSON-RPC has it, does not say.
func HeadID(b []byte) []byte { return headID(b, false) }

// HeadResponseID is HeadID for what the peer that answers may have
// meant as an answer: nil when a "method" member stands among the
// members read, since a broken request or notification of the peer's
// answers nothing, and its id, of the peer's own numbering, may be that
// of a request the other side waits on.
func HeadResponseID(b []byte) []byte { return headID(b, true) }

func headID(b []byte, response bool) []byte {
	var id []byte
	for key, v := range Members(b) {
		switch {
		case response && keyIs(key, "method"):
			return nil
		case keyIs(key, "id") && isID(v):
			id = v
		}
	}
	return id
}

// HeadResponseID is the TooLongError's HeadResponseID.
func (e *TooLongError) HeadResponseID() []byte { return HeadResponseID(e.Head) }

func headOf(b []byte) []byte { return bytes.Clone(b[:min(len(b), HeadSize)]) }

func (e *TooLongError) Error() string {
	return "line " + strconv.Itoa(e.Line) + ": a message longer than " + sizeText(e.Limit) + ", the most one message may hold"
}

// sizeText is a size in bytes as people read it: "64 MiB", or in bytes.
// It is core/termtext's Size, copied: this package imports only the
// standard library (see its doc), so that anything may use it.
func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return strconv.Itoa(n>>20) + " MiB"
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}

// Line is the number of the line the last Next returned, from 1,
// counting the lines skipped.
func (r *Reader) Line() int { return r.line }

// directGrowth is the size past which a buffer grows to the bound at
// once.
const directGrowth = 1 << 20

// bigBuffer is the size past which a Reader lets its buffer go once the
// line that needed it is read.
const bigBuffer = 4 << 20

// Next returns the next line that holds more than white space, without
// its end. The slice is the Reader's, valid until the next call. At the
// end of the input it returns io.EOF (after a last line without an end,
// if there is one) or the error that ended it; a line over the bound is
// a *TooLongError, after which Next goes on.
func (r *Reader) Next() ([]byte, error) {
	if len(r.buf) > bigBuffer && r.start == r.end {
		r.buf, r.start, r.scan, r.end = nil, 0, 0, 0
	}
	for {
		if r.skipping {
			if err := r.skip(); err != nil {
				return nil, err
			}
			continue
		}
		if i := bytes.IndexByte(r.buf[r.scan:r.end], '\n'); i >= 0 {
			nl := r.scan + i
			line := r.buf[r.start:nl]
			r.start, r.scan = nl+1, nl+1
			r.line++
			line = bytes.TrimSuffix(line, []byte{'\r'})
			if len(line) > r.max {
				return nil, &TooLongError{Line: r.line, Limit: r.max, Read: len(line), Head: headOf(line)}
			}
			if !blank(line) {
				return line, nil
			}
			continue
		}
		r.scan = r.end
		if r.end-r.start > r.max+1 {
			// No line end within the bound: the line is too long.
			r.line++
			r.dropped = r.end - r.start
			r.head = headOf(r.buf[r.start:r.end])
			r.start, r.scan, r.end = 0, 0, 0
			r.skipping = true
			continue
		}
		if r.err != nil {
			return r.last()
		}
		r.fill()
	}
}

// last returns what the input left without a line end, then its error.
func (r *Reader) last() ([]byte, error) {
	line := r.buf[r.start:r.end]
	r.start, r.scan = r.end, r.end
	if len(line) > 0 {
		r.line++
	}
	switch {
	case len(line) > r.max:
		return nil, &TooLongError{Line: r.line, Limit: r.max, Read: len(line), Head: headOf(line)}
	case !blank(line):
		return line, nil
	}
	return nil, r.err
}

// skip drops the rest of a line too long, and returns its error once its
// end is read, or the input's when it ends first.
func (r *Reader) skip() error {
	if i := bytes.IndexByte(r.buf[r.start:r.end], '\n'); i >= 0 {
		r.dropped += i
		r.start += i + 1
		r.scan = r.start
		r.skipping = false
		return &TooLongError{Line: r.line, Limit: r.max, Read: r.dropped, Head: r.head}
	}
	r.dropped += r.end - r.start
	r.start, r.scan, r.end = 0, 0, 0
	if r.err != nil {
		r.skipping = false
		return &TooLongError{Line: r.line, Limit: r.max, Read: r.dropped, Head: r.head}
	}
	r.fill()
	return nil
}

// fill reads more of the input into the buffer, making room first: what
// is unread moves to the front, and a full buffer grows, to no more than
// the bound and a chunk.
func (r *Reader) fill() {
	if r.start > 0 {
		n := copy(r.buf, r.buf[r.start:r.end])
		r.scan -= r.start
		r.start, r.end = 0, n
	}
	if len(r.buf)-r.end < readChunk/2 {
		size := max(2*len(r.buf), readChunk)
		if size > directGrowth {
			// A line this long may be as long as the bound: the buffer
			// takes the bound at once rather than being copied as it
			// doubles. Its pages are the system's until read into, so it
			// costs what the line holds, not what the bound allows.
			size = r.max + 1 + readChunk
		}
		size = min(size, r.max+1+readChunk)
		if size > len(r.buf) {
			buf := make([]byte, size)
			copy(buf, r.buf[:r.end])
			r.buf = buf
		}
	}
	n, err := r.r.Read(r.buf[r.end:])
	r.end += n
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = io.EOF
		}
		r.err = err
	}
}

// blank reports whether a line holds nothing but white space.
func blank(line []byte) bool {
	for _, c := range line {
		if !isSpace(c) {
			return false
		}
	}
	return true
}
