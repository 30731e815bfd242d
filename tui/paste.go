package tui

import (
	"bytes"
	"encoding/base64"
	"os"
	"strings"
)

// Bubble Tea's input decoder reads a bracketed paste as key events and
// keeps only their text: escape sequences inside the paste (a color code,
// a window title) and bytes that are not UTF-8 are dropped, so the call
// checked would not be the call pasted. pasteReader stands between the
// terminal and Bubble Tea and re-encodes the content of every bracketed
// paste as base64 text behind pasteTag, which the decoder passes on
// intact; pastedText restores the bytes when the paste reaches Update.
// Keys typed and pasted stay in the order they came, as the paste travels
// in the input stream itself.

// The bracketed paste markers (xterm's mode 2004).
const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// pasteTag starts the content of a paste that pasteReader encoded.
const pasteTag = "toolbench-paste:"

// minHeldStart is the shortest tail of a read that is held back as the
// possible start of a paste marker: "\x1b[200" is the start of no key's
// sequence, while shorter prefixes are keys (esc, alt+[, insert, F9)
// that must reach Bubble Tea at once.
const minHeldStart = len(pasteStart) - 1

// pasteReader is the terminal's input with each bracketed paste encoded.
// It reads the terminal once per Read and never more, so that a Read
// waits only where the terminal's own would (Bubble Tea waits for input
// with epoll on Fd before it calls Read, and cancels that wait).
type pasteReader struct {
	f *os.File // the terminal

	held    []byte // the end of the last read: maybe a marker cut in two
	inPaste bool
	carry   []byte // pasted bytes not yet encoded: fewer than three
	out     []byte // encoded input not yet returned
	chunk   []byte
}

func newPasteReader(f *os.File) *pasteReader { return &pasteReader{f: f} }

// Fd, Name, Write and Close make the reader the terminal for Bubble Tea,
// which puts it in raw mode and waits on it.
func (r *pasteReader) Fd() uintptr                 { return r.f.Fd() }
func (r *pasteReader) Name() string                { return r.f.Name() }
func (r *pasteReader) Write(b []byte) (int, error) { return r.f.Write(b) }
func (r *pasteReader) Close() error                { return r.f.Close() }

// Read returns input with its pastes encoded. It may return no bytes
// when all it read is held back (the middle of a paste); more input is
// then on its way.
func (r *pasteReader) Read(p []byte) (int, error) {
	if len(r.out) == 0 {
		// Encoding grows a paste by a third, and an empty paste's
		// markers by less than three times: read no more than fits in p
		// once encoded, so that nothing is left over to wait for the
		// next input.
		limit := max((len(p)-len(pasteTag)-len(pasteEnd)-8)/3, 1)
		if cap(r.chunk) < limit {
			r.chunk = make([]byte, limit)
		}
		n, err := r.f.Read(r.chunk[:limit])
		if n == 0 {
			return 0, err
		}
		r.scan(r.chunk[:n])
	}
	n := copy(p, r.out)
	r.out = r.out[n:]
	return n, nil
}

// scan takes in newly read input.
func (r *pasteReader) scan(b []byte) {
	in := append(r.held, b...)
	r.held = nil
	for len(in) > 0 {
		if !r.inPaste {
			i := bytes.Index(in, []byte(pasteStart))
			if i < 0 {
				keep := heldTail(in, pasteStart, minHeldStart)
				r.out = append(r.out, in[:len(in)-keep]...)
				r.held = append(r.held, in[len(in)-keep:]...)
				return
			}
			r.out = append(r.out, in[:i+len(pasteStart)]...)
			r.out = append(r.out, pasteTag...)
			r.inPaste = true
			in = in[i+len(pasteStart):]
			continue
		}
		i := bytes.Index(in, []byte(pasteEnd))
		if i < 0 {
			keep := heldTail(in, pasteEnd, 1)
			r.encode(in[:len(in)-keep], false)
			r.held = append(r.held, in[len(in)-keep:]...)
			return
		}
		r.encode(in[:i], true)
		r.out = append(r.out, pasteEnd...)
		r.inPaste = false
		in = in[i+len(pasteEnd):]
	}
}

// encode appends pasted bytes to the output as base64, three at a time,
// carrying the rest to the next call until the paste ends.
func (r *pasteReader) encode(b []byte, last bool) {
	data := append(r.carry, b...)
	whole := len(data)
	if !last {
		whole -= whole % 3
	}
	r.out = base64.StdEncoding.AppendEncode(r.out, data[:whole])
	r.carry = append(r.carry[:0:0], data[whole:]...)
}

// heldTail is how many bytes at the end of b are a proper prefix of
// marker at least least long: the start of a marker the next read ends.
func heldTail(b []byte, marker string, least int) int {
	for n := min(len(marker)-1, len(b)); n >= least; n-- {
		if strings.HasPrefix(marker, string(b[len(b)-n:])) {
			return n
		}
	}
	return 0
}

// pastedText is the text a paste carries: the bytes pasteReader encoded,
// or, for a paste that did not come through it, the text as it is.
func pastedText(content string) string {
	enc, ok := strings.CutPrefix(content, pasteTag)
	if !ok {
		return content
	}
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return content
	}
	return string(b)
}
