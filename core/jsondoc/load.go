package jsondoc

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"unicode/utf8"
	"unsafe"

	"toolbench/core/internal/par"
)

// LoadFile reads and parses the file at path as ParseDocument does: one
// JSON value, or JSON Lines. The name in positions is the path as given.
// A regular file larger than MaxDocumentSize fails before any of it is
// read.
func LoadFile(path string) (*Document, error) {
	return LoadFileAs(path, path)
}

// LoadFileAs loads the file at path as LoadFile does, as a document (and
// errors) named name: the path as a user gave it, from a working
// directory path is joined to.
func LoadFileAs(name, path string) (*Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &ReadError{File: name, Err: err}
	}
	defer f.Close()
	return LoadOpen(name, f)
}

// LoadOpen loads the open file f as LoadFile does, as a document named
// name: for a caller that opened it its own way, through an os.Root.
func LoadOpen(name string, f *os.File) (*Document, error) {
	return load(name, f, statSize(f.Stat()), MaxDocumentSize, probeSize)
}

// statSize is the size of a regular file, or -1.
func statSize(fi os.FileInfo, err error) int64 {
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// LoadReader reads r up to MaxDocumentSize and parses it as
// ParseDocument does. Input that is not JSON from its first bytes, such
// as /dev/zero, fails without being read to the limit.
func LoadReader(name string, r io.Reader) (*Document, error) {
	return load(name, r, -1, MaxDocumentSize, probeSize)
}

// probeSize is how much of an input of unknown size load parses on its
// own before it reads the rest.
const probeSize = 64 << 10

// load reads r and parses it; size is r's length when known, else
// negative. Of an input of unknown size it first parses the first probe
// bytes alone: a syntax error there that no continuation could mend is
// the document's own error, so it is returned without reading on. Past
// limit bytes, load fails with a *TooLargeError.
func load(name string, r io.Reader, size, limit int64, probe int) (*Document, error) {
	if size > limit {
		return nil, &TooLargeError{File: name, Limit: limit}
	}
	var data []byte
	if size >= 0 {
		data = make([]byte, 0, size+1) // one byte more, to see a file that grew
		if f, ok := r.(fileReader); ok && scanners(int(size)) > 1 {
			// What the parallel read leaves, a file that changed size or a
			// read error, the reads below find.
			data = data[:readParallel(f, data[:size], scanners(int(size)))]
			if _, err := f.Seek(int64(len(data)), io.SeekStart); err != nil {
				return nil, &ReadError{File: name, Err: err}
			}
		}
	} else {
		head := make([]byte, min(int64(probe), limit+1))
		n, err := io.ReadFull(r, head)
		data = head[:n]
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return parseOwned(name, data)
		case err != nil:
			return nil, &ReadError{File: name, Err: err}
		}
		if err := prefixError(name, data, true); err != nil {
			return nil, err
		}
	}
	data, err := appendLimited(data, r, limit)
	switch {
	case errors.Is(err, ErrTooLarge):
		return nil, &TooLargeError{File: name, Limit: limit}
	case err != nil:
		return nil, &ReadError{File: name, Err: err}
	}
	return parseOwned(name, data)
}

// PrefixError parses head, the start of a longer input, and returns its
// syntax error if no continuation could make it one JSON value.
func PrefixError(name string, head []byte) error { return prefixError(name, head, false) }

// prefixError is PrefixError, for a document when lines is set: JSON
// Lines too.
func prefixError(name string, head []byte, lines bool) error {
	if len(head) < len(bom) && bytes.HasPrefix(bom, head) {
		return nil
	}
	p := parser{doc: &Document{Name: name, Src: string(head)}, lines: lines}
	_, err := p.parseAll(head)
	var se *SyntaxError
	if err == nil || p.truncated || !errors.As(err, &se) {
		return nil
	}
	// The decoder may read a whole token before it finds fault with it
	// ("{0.5" fails at the 0 for not being a string, "{0." at the end),
	// so the error stands only when the token at it, and a little more,
	// ended inside head.
	if end := tokenEnd(head, se.Offset); end < 0 || end+probeMargin > len(head) {
		return nil
	}
	return err
}

// probeMargin is how many bytes past the token at a probe's error must
// have been read for the error to stand: enough for an escape sequence
// such as \ud83d\ude00 that the decoder may quote whole.
const probeMargin = 16

// tokenEnd returns the offset just past the token that starts at off in
// b, or -1 when b ends first or cuts a character in two there. A byte
// that starts no string, number or literal is a token of its own.
func tokenEnd(b []byte, off int) int {
	if off >= len(b) || !utf8.FullRune(b[off:]) {
		return -1
	}
	if b[off] == '"' {
		for i := off + 1; i < len(b); i++ {
			switch b[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
		return -1
	}
	if !isWordByte(b[off]) {
		_, size := utf8.DecodeRune(b[off:])
		return off + size
	}
	for i := off + 1; i < len(b); i++ {
		if !isWordByte(b[i]) {
			return i
		}
	}
	return -1
}

// isWordByte reports whether c may be part of a number or a literal.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}

// fileReader is a file that can be read at offsets, such as *os.File.
type fileReader interface {
	io.ReaderAt
	io.Seeker
}

// readParallel fills buf from the start of f with n goroutines, each
// reading a part, and returns how many bytes from the start it read
// without a gap: all of buf unless a read failed or the file was shorter.
// Reading a large file this way spreads the cost of the fresh memory it
// fills over the processors.
func readParallel(f io.ReaderAt, buf []byte, n int) int {
	got := make([]int, n)
	par.Split(n, len(buf), func(k, lo, hi int) { got[k], _ = f.ReadAt(buf[lo:hi], int64(lo)) })
	total := 0
	for k, g := range got {
		total += g
		if g < (k+1)*len(buf)/n-k*len(buf)/n {
			break
		}
	}
	return total
}

// ReadLimited reads all of r, failing with a *TooLargeError once more
// than limit bytes arrive, so endless inputs such as /dev/zero end with
// an error.
func ReadLimited(r io.Reader, limit int64) ([]byte, error) {
	data, err := appendLimited(nil, r, limit)
	if errors.Is(err, ErrTooLarge) {
		return nil, &TooLargeError{Limit: limit}
	}
	return data, err
}

// appendLimited appends all of r to data, failing with ErrTooLarge once
// there would be more than limit bytes. It fills the spare capacity of
// data first (all a file of known size needs), then reads chunks that
// grow with the input and joins them at the end, so that input which
// turns out too large costs no more memory than the limit, and no copying.
func appendLimited(data []byte, r io.Reader, limit int64) ([]byte, error) {
	for len(data) < cap(data) {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			if int64(len(data)) > limit {
				return nil, ErrTooLarge
			}
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
	total := int64(len(data))
	var chunks [][]byte
	for {
		if total > limit {
			return nil, ErrTooLarge
		}
		chunk := make([]byte, min(max(total, 64<<10), 16<<20, limit+1-total))
		n, err := io.ReadFull(r, chunk)
		total += int64(n)
		if n > 0 {
			chunks = append(chunks, chunk[:n])
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if total > limit {
		return nil, ErrTooLarge
	}
	if len(data) == 0 && len(chunks) == 1 {
		return chunks[0], nil
	}
	out := make([]byte, 0, total)
	out = append(out, data...)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out, nil
}

// Parse parses one JSON value from data. A UTF-8 byte order mark is
// skipped; anything after the value other than white space is an error.
// The error, when there is one, is a *SyntaxError.
func Parse(name string, data []byte) (*Document, error) {
	return parse(name, data, string(data), false)
}

// ParseDocument parses data as the text of a file: one JSON value, as
// Parse does, or JSON Lines, several values one a line, which it reads as
// a list of them (Document.JSONLines; see lines.go for what counts).
func ParseDocument(name string, data []byte) (*Document, error) {
	return parse(name, data, string(data), true)
}

// ParseText is ParseDocument for text held as a string, such as an
// edited document: the string is the Document's source, not a copy of
// it. The parser only reads the bytes it is given, so they may be the
// string's.
func ParseText(name, src string) (*Document, error) {
	return parse(name, unsafe.Slice(unsafe.StringData(src), len(src)), src, true)
}

// parseOwned is Parse for a buffer that load read itself and that no one
// else holds: the Document's source is the buffer itself rather than a
// copy of it, which halves what a large file costs in memory. Nothing
// may write to data after this call.
func parseOwned(name string, data []byte) (*Document, error) {
	if len(data) == 0 {
		return parse(name, data, "", true)
	}
	return parse(name, data, unsafe.String(&data[0], len(data)), true)
}

// parse parses data, whose text src is, as a Document; lines accepts
// JSON Lines.
func parse(name string, data []byte, src string, lines bool) (*Document, error) {
	return parseScanners(name, data, src, scanners(len(data)), lines)
}

// parseScanners is parse with n goroutines scanning the text.
func parseScanners(name string, data []byte, src string, n int, lines bool) (*Document, error) {
	doc := &Document{Name: name, Src: src}
	p := parser{doc: doc, src: src, lines: lines}
	root, ok := p.scan(n)
	if !ok {
		// Not JSON, or not JSON the scanner takes: the decoder reads it
		// again and says what is wrong, and where.
		p = parser{doc: doc, lines: lines}
		var err error
		if root, err = p.parseAll(data); err != nil {
			return nil, err
		}
	}
	doc.Root = root
	doc.Duplicates = p.duplicates()
	return doc, nil
}

// duplicates returns the repeated keys the parser met, in text order. An
// object's duplicates are found when its value is read, after those of
// the objects inside that value.
func (p *parser) duplicates() []DuplicateKey {
	if len(p.dups) == 0 {
		return nil
	}
	out := make([]DuplicateKey, len(p.dups))
	for i, d := range p.dups {
		out[i] = DuplicateKey{Path: AppendSegs("$", d.segs), Key: d.key, First: d.first, Second: d.second}
	}
	slices.SortFunc(out, func(a, b DuplicateKey) int { return int(a.Second - b.Second) })
	return out
}

// ParseValue is Parse for text that is not a file of its own, such as one
// line of a batch or a string holding JSON: it returns the root and the
// syntax error with positions relative to text.
func ParseValue(name, text string) (*Node, error) {
	doc, err := Parse(name, []byte(text))
	if err != nil {
		return nil, err
	}
	return doc.Root, nil
}
