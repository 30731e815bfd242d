package core

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"
)

// Limits on what Load accepts. Past them loading fails with a positioned
// error instead of exhausting the stack or memory.
const (
	// MaxDocumentSize is the largest input, in bytes, that Load reads.
	MaxDocumentSize = 256 << 20
	// MaxDepth is the deepest nesting of objects and arrays accepted.
	MaxDepth = 10000
)

// Kind is the JSON type of a Node.
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota + 1
	Bool
	Number
	String
	Object
	Array
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Object:
		return "object"
	case Array:
		return "array"
	}
	return "invalid"
}

// Phrase names the kind with its article, as messages say it: "a string",
// "an array", "null".
func (k Kind) Phrase() string {
	switch k {
	case Null:
		return "null"
	case Object, Array:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// Node is one JSON value of a Document with the byte offsets of its text.
//
// Str returns a string's decoded text, a number's literal exactly as
// written (so big integers and 1e400 are never rounded) and "true" or
// "false" for a boolean. Kids returns an object's members in the order of
// the text, or an array's elements (with empty keys). When an object
// repeats a key, the last value wins at the position of the first, as
// Python's dict does.
//
// A document of thirty megabytes has about a million nodes, and on a
// large document the memory of its tree costs more time than reading it,
// so a node is 24 bytes: a container keeps a pointer to its first member
// and their count, a scalar a pointer to its text and its length, in the
// same two fields.
type Node struct {
	Kind  Kind
	Start int32          // offset of the value's first byte
	End   int32          // offset just past its last byte
	n     int32          // a container's members, or the bytes of a scalar's text
	p     unsafe.Pointer // a container's first member, or a scalar's first byte
}

// Member is one member of an object, or one element of an array.
type Member struct {
	Key   string
	Value *Node
}

func (n *Node) isContainer() bool { return n.Kind == Object || n.Kind == Array }

// Kids returns the members of an object or the elements of an array, and
// nil for any other value. The slice belongs to the document: it is not
// to be changed.
func (n *Node) Kids() []Member {
	if n == nil || n.p == nil || !n.isContainer() {
		return nil
	}
	return unsafe.Slice((*Member)(n.p), n.n)
}

// Str returns the text of a string, number or boolean, and "" for null,
// objects and arrays.
func (n *Node) Str() string {
	if n == nil || n.p == nil || n.isContainer() {
		return ""
	}
	return unsafe.String((*byte)(n.p), n.n)
}

// setKids makes kids the members of a container.
func (n *Node) setKids(kids []Member) {
	if len(kids) == 0 {
		n.p, n.n = nil, 0
		return
	}
	n.p, n.n = unsafe.Pointer(&kids[0]), int32(len(kids))
}

// setStr makes s the text of a scalar.
func (n *Node) setStr(s string) {
	n.p, n.n = unsafe.Pointer(unsafe.StringData(s)), int32(len(s))
}

// Get returns the value of the member named key, or nil.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for _, m := range n.Kids() {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// Member returns the member named key and whether it exists.
func (n *Node) Member(key string) (Member, bool) {
	if n == nil || n.Kind != Object {
		return Member{}, false
	}
	for _, m := range n.Kids() {
		if m.Key == key {
			return m, true
		}
	}
	return Member{}, false
}

// Has reports whether n is an object with a member named key.
func (n *Node) Has(key string) bool { return n.Get(key) != nil }

// Len is the number of members or elements of a container, else 0.
func (n *Node) Len() int {
	if n == nil || !n.isContainer() {
		return 0
	}
	return int(n.n)
}

// Elem returns the i'th element of an array.
func (n *Node) Elem(i int) *Node { return n.Kids()[i].Value }

// KeyOffset returns the offset of the opening quote of member m's key in
// the document's text; -1 for an array element. Of a key the object
// repeats, it is the first occurrence's, where the member stands.
func (d *Document) KeyOffset(m Member) int {
	off := keyOffset(d.Src, m.Value.Start)
	if off >= 0 && len(d.Duplicates) > 0 {
		i, found := slices.BinarySearchFunc(d.Duplicates, int32(off), func(dk DuplicateKey, at int32) int { return int(dk.Second - at) })
		if found {
			return int(d.Duplicates[i].First)
		}
	}
	return off
}

// keyOffset reads src back from valueStart, the first byte of a value,
// to the opening quote of the key it is the value of; -1 when the value
// has no key.
func keyOffset(src string, valueStart int32) int {
	i := int(valueStart) - 1
	for i >= 0 && isSpace(src[i]) {
		i--
	}
	if i < 0 || src[i] != ':' {
		return -1
	}
	i--
	for i >= 0 && isSpace(src[i]) {
		i--
	}
	// i is at the key's closing quote: its opening quote is the first
	// quote before it with an even number of backslashes in front.
	for i--; i >= 0; i-- {
		if src[i] != '"' {
			continue
		}
		slashes := 0
		for j := i - 1; j >= 0 && src[j] == '\\'; j-- {
			slashes++
		}
		if slashes%2 == 0 {
			return i
		}
	}
	return -1
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// Is reports whether n is non-nil and of kind k.
func (n *Node) Is(k Kind) bool { return n != nil && n.Kind == k }

// IsInt reports whether n is a number written without a fraction or an
// exponent: the numbers Python's json module reads as int.
func (n *Node) IsInt() bool {
	return n != nil && n.Kind == Number && !strings.ContainsAny(n.Str(), ".eE")
}

// Text returns the string value of a String node and "" for anything else.
func (n *Node) Text() string {
	if n == nil || n.Kind != String {
		return ""
	}
	return n.Str()
}

// Document is a parsed JSON text: its source, its root value and the
// findings made while reading it.
type Document struct {
	Name       string // the file as the user named it, or "<stdin>"
	Src        string
	Root       *Node
	Duplicates []DuplicateKey // in the order of the repeated keys in the text

	lines   []int32 // offsets of line starts, built on first use
	linesMu sync.Mutex
	indexed atomic.Bool // lines is built
}

// DuplicateKey records an object that names a key twice.
type DuplicateKey struct {
	Path   string // JSON path of the object
	Key    string
	First  int32 // offset of the first occurrence's key
	Second int32 // offset of the repeated key
}

// SyntaxError is a document that could not be read, with where and why.
type SyntaxError struct {
	File   string
	Offset int
	Line   int
	Column int
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// LoadFile reads and parses the file at path. The name in positions is the
// path as given. A regular file larger than MaxDocumentSize fails before
// any of it is read.
func LoadFile(path string) (*Document, error) { return loadFile(path, false) }

// LoadFileMapped is LoadFile for a program that runs once over a large
// file, such as toolbench lint: rather than copy the file into memory, it
// maps it, and the document's text, and every string taken from it, read
// the file's pages for as long as the process lives. Files smaller than
// MapFileSize, and files that cannot be mapped, are read as LoadFile
// reads them.
//
// A mapped file that shrinks makes reading past its new end fault. The
// caller runs with debug.SetPanicOnFault(true), recovers, and reports a
// value for which IsFault is true as the file having changed while it was
// read; core's own goroutines raise such a fault in their caller.
func LoadFileMapped(path string) (*Document, error) { return loadFile(path, true) }

// loadFile is LoadFile, mapping a large regular file when mapLarge says so.
func loadFile(path string, mapLarge bool) (*Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := statSize(f.Stat())
	if mapLarge && size >= MapFileSize && size <= MaxDocumentSize {
		if data := mapFile(f, size); data != nil {
			if statSize(f.Stat()) == size {
				// Never unmapped: the document's strings point into it.
				return parseOwned(path, data)
			}
			// It changed size since it was looked at: read it whole.
			unmapFile(data)
			size = statSize(f.Stat())
		}
	}
	return load(path, f, size, MaxDocumentSize, probeSize)
}

// MapFileSize is the size from which LoadFileMapped maps a file rather
// than read it: below it, reading costs less than mapping.
const MapFileSize = 1 << 20

// statSize is the size of a regular file, or -1.
func statSize(fi os.FileInfo, err error) int64 {
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// LoadReader reads r up to MaxDocumentSize and parses it. Input that is
// not JSON from its first bytes, such as /dev/zero, fails without being
// read to the limit.
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
// limit bytes, load fails with ErrTooLarge.
func load(name string, r io.Reader, size, limit int64, probe int) (*Document, error) {
	if size > limit {
		return nil, &SyntaxError{File: name, Msg: ErrTooLarge.Error()}
	}
	var data []byte
	if size >= 0 {
		data = make([]byte, 0, size+1) // one byte more, to see a file that grew
		if f, ok := r.(fileReader); ok && scanners(int(size)) > 1 {
			// What the parallel read leaves, a file that changed size or a
			// read error, the reads below find.
			data = data[:readParallel(f, data[:size], scanners(int(size)))]
			if _, err := f.Seek(int64(len(data)), io.SeekStart); err != nil {
				return nil, &SyntaxError{File: name, Msg: err.Error()}
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
			return nil, &SyntaxError{File: name, Msg: err.Error()}
		}
		if err := probeError(name, data); err != nil {
			return nil, err
		}
	}
	data, err := appendLimited(data, r, limit)
	if err != nil {
		return nil, &SyntaxError{File: name, Msg: err.Error()}
	}
	return parseOwned(name, data)
}

// probeError parses head, the start of a longer input, and returns its
// syntax error if no continuation could make it valid JSON.
func probeError(name string, head []byte) error {
	if len(head) < len(bom) && bytes.HasPrefix(bom, head) {
		return nil
	}
	p := parser{doc: &Document{Name: name, Src: string(head)}}
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
	inShares(n, len(buf), func(k, lo, hi int) { got[k], _ = f.ReadAt(buf[lo:hi], int64(lo)) })
	total := 0
	for k, g := range got {
		total += g
		if g < (k+1)*len(buf)/n-k*len(buf)/n {
			break
		}
	}
	return total
}

// ErrTooLarge is returned by ReadLimited for input past its limit.
var ErrTooLarge = fmt.Errorf("input is larger than the %d MiB limit", MaxDocumentSize>>20)

// ReadLimited reads all of r, failing once more than limit bytes arrive, so
// endless inputs such as /dev/zero end with an error.
func ReadLimited(r io.Reader, limit int64) ([]byte, error) {
	return appendLimited(nil, r, limit)
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
	return parse(name, data, string(data))
}

// parseOwned is Parse for a buffer that load read itself and that no one
// else holds: the Document's source is the buffer itself rather than a
// copy of it, which halves what a large file costs in memory. Nothing
// may write to data after this call.
func parseOwned(name string, data []byte) (*Document, error) {
	if len(data) == 0 {
		return parse(name, data, "")
	}
	return parse(name, data, unsafe.String(&data[0], len(data)))
}

// parse parses data, whose text src is, as a Document.
func parse(name string, data []byte, src string) (*Document, error) {
	return parseScanners(name, data, src, scanners(len(data)))
}

// parseScanners is parse with n goroutines scanning the text.
func parseScanners(name string, data []byte, src string, n int) (*Document, error) {
	doc := &Document{Name: name, Src: src}
	p := parser{doc: doc, src: src}
	root, ok := p.scan(n)
	if !ok {
		// Not JSON, or not JSON the scanner takes: the decoder reads it
		// again and says what is wrong, and where.
		p = parser{doc: doc}
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
		out[i] = DuplicateKey{Path: appendSegs("$", d.segs), Key: d.key, First: d.first, Second: d.second}
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

// Position returns the 1-based line and byte column of offset. The first
// call indexes the lines of the document; goroutines may call it at once.
func (d *Document) Position(offset int) (line, col int) {
	if !d.indexed.Load() {
		d.index()
	}
	i := sort.Search(len(d.lines), func(i int) bool { return int(d.lines[i]) > offset }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, offset - int(d.lines[i]) + 1
}

// index builds the line index, unless another goroutine has. A fault
// while building it (in a mapped file that shrank) leaves it unbuilt.
func (d *Document) index() {
	d.linesMu.Lock()
	defer d.linesMu.Unlock()
	if !d.indexed.Load() {
		d.lines = lineStarts(d.Src)
		d.indexed.Store(true)
	}
}

// positionAll sets the line and column of every issue from its offset,
// as Position would; an offset of -1 means no position. Unless the lines
// are already indexed, it counts newlines up to each issue rather than
// index a large document for a few issues: the issues in offset order,
// the first half from the top and, at the same time, the second half
// from the start of its first issue's line.
func (d *Document) positionAll(issues []Issue) {
	order := make([]int, 0, len(issues))
	for i := range issues {
		if issues[i].Offset < 0 {
			issues[i].Offset = 0 // no position: line and column stay 0
			continue
		}
		order = append(order, i)
	}
	if d.indexed.Load() || len(order) == 0 {
		for _, i := range order {
			issues[i].Line, issues[i].Column = d.Position(issues[i].Offset)
		}
		return
	}
	slices.SortFunc(order, func(a, b int) int { return issues[a].Offset - issues[b].Offset })
	// The second half is numbered from the start of its first issue's
	// line while the first half is numbered from the top, which then
	// gives the second half's first line.
	first, second := order[:len(order)/2], order[len(order)/2:]
	from := strings.LastIndexByte(d.Src[:min(issues[second[0]].Offset, len(d.Src))], '\n') + 1
	var fromLine int
	halves := [2]func(){
		func() {
			c := lineCursor{line: 1}
			c.number(d.Src, issues, first)
			c.advance(d.Src, max(c.at, from))
			fromLine = c.line
		},
		func() {
			c := lineCursor{at: from, lineStart: from}
			c.number(d.Src, issues, second)
		},
	}
	inShares(min(2, shares(len(d.Src), parallelScanSize)), 2, func(_, lo, hi int) {
		for _, half := range halves[lo:hi] {
			half()
		}
	})
	for _, i := range second {
		issues[i].Line += fromLine
	}
}

// lineCursor counts lines through a text: at is an offset, line the
// number of the line holding it and lineStart that line's offset.
type lineCursor struct{ at, line, lineStart int }

// advance moves the cursor on to off.
func (c *lineCursor) advance(src string, off int) {
	seg := src[c.at:off]
	if n := strings.Count(seg, "\n"); n > 0 {
		c.line += n
		c.lineStart = c.at + strings.LastIndexByte(seg, '\n') + 1
	}
	c.at = off
}

// number sets the line and column of the issues at order, sorted by
// offset and at or after the cursor, moving the cursor along.
func (c *lineCursor) number(src string, issues []Issue, order []int) {
	for _, i := range order {
		off := issues[i].Offset
		c.advance(src, min(off, len(src))) // past the end is on the last line, as Position has it
		issues[i].Line, issues[i].Column = c.line, off-c.lineStart+1
	}
}

// lineStarts returns the offsets at which the lines of src start. A large
// text is split among the processors, each finding the line starts in its
// part.
func lineStarts(src string) []int32 {
	k := shares(len(src), parallelScanSize)
	parts := make([][]int32, k)
	inShares(k, len(src), func(part, lo, hi int) {
		starts := make([]int32, 0, strings.Count(src[lo:hi], "\n")+1)
		if lo == 0 {
			starts = append(starts, 0)
		}
		for i := lo; ; {
			j := strings.IndexByte(src[i:hi], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			starts = append(starts, int32(i))
		}
		parts[part] = starts
	})
	if k == 1 {
		return parts[0]
	}
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	all := make([]int32, 0, n)
	for _, p := range parts {
		all = append(all, p...)
	}
	return all
}

func (d *Document) errorAt(offset int, msg string) *SyntaxError {
	line, col := d.Position(offset)
	return &SyntaxError{File: d.Name, Offset: offset, Line: line, Column: col, Msg: msg}
}

// parser builds the Node tree in one pass over jsontext's tokens, taking
// offsets from the decoder and text from the source string, so unescaped
// strings cost no allocation.
type parser struct {
	doc   *Document
	dec   *jsontext.Decoder
	src   string
	base  int      // bytes skipped before the decoder's input (a BOM)
	slab  []Node   // the free rest of the chunk that nodes are taken from
	kids  []Member // the free rest of the chunk that containers' members are cut from
	stack []Member // members of the open containers
	// The sizes of the next chunks: they start small, for the many
	// short texts of a call log, and double up to nodeChunk and
	// memberChunk as a document proves large.
	nodeSize, kidSize int
	path              []pathSeg // from the root to the value being read
	dups              []parsedDup
	// firstKeys holds, for a value that replaced another under a
	// repeated key, the offset of the key's first occurrence.
	firstKeys map[*Node]int32

	// spec and specAt are the parser's share of a parallel scan: at an
	// array element at or past specAt, it looks for a run of elements
	// another goroutine has read from there.
	spec   *specChain
	specAt int
	// deepest is the deepest container the parser opened.
	deepest int

	// truncated records that the error returned was the end of the input
	// arriving too soon: more input might have mended it.
	truncated bool
}

type pathSeg struct {
	key   string
	index int // -1 for object keys
}

// parsedDup is a repeated key as the parser meets it, its path still in
// segments.
type parsedDup struct {
	segs          []pathSeg // the object's path
	key           string
	first, second int32 // offsets of the first and the repeated key
}

// bomText is the UTF-8 byte order mark, which a document may start with.
const bomText = "\xef\xbb\xbf"

var bom = []byte(bomText)

// bomLen is the length of the byte order mark src starts with: 0 or 3.
func bomLen(src string) int {
	if strings.HasPrefix(src, bomText) {
		return len(bomText)
	}
	return 0
}

func (p *parser) parseAll(data []byte) (*Node, error) {
	p.src = p.doc.Src
	p.base = bomLen(p.src)
	body := data[p.base:]
	if len(bytes.TrimLeft(body, " \t\r\n")) == 0 {
		p.truncated = true
		if len(data) == 0 {
			return nil, &SyntaxError{File: p.doc.Name, Line: 1, Column: 1, Msg: "empty input: expected a JSON value"}
		}
		return nil, p.doc.errorAt(len(data), "no JSON value, only white space")
	}
	p.dec = jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowDuplicateNames(true))
	root, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	return root, nil
}

// end checks that nothing but white space follows the value just read.
func (p *parser) end() error {
	if p.dec.PeekKind() != 0 {
		// A second value: the error is at its first byte, whatever it holds.
		return p.doc.errorAt(p.tokenStart(), "after the JSON value: unexpected data, only white space may follow")
	}
	_, err := p.dec.ReadToken()
	switch err {
	case io.EOF:
		return nil
	case nil: // PeekKind saw nothing, so ReadToken cannot succeed
		err = errors.New("unexpected data")
	}
	return p.syntaxError(err, "after the JSON value: ")
}

// nodeChunk is how many nodes the parser allocates at once, at most.
const nodeChunk = 1024

func (p *parser) newNode(k Kind, start, end int) *Node {
	if len(p.slab) == 0 {
		p.nodeSize = nextChunk(p.nodeSize, nodeChunk)
		p.slab = make([]Node, p.nodeSize)
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	n.Kind, n.Start, n.End = k, int32(start), int32(end)
	return n
}

// tokenStart is the offset of the next token: the decoder's offset after
// the previous token plus the white space, colon or comma in front of it.
func (p *parser) tokenStart() int {
	off := int(p.dec.InputOffset())
	for _, c := range p.dec.UnreadBuffer() {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != ':' && c != ',' {
			break
		}
		off++
	}
	return off + p.base
}

func (p *parser) value(depth int) (*Node, error) {
	switch k := p.dec.PeekKind(); k {
	case '{', '[':
		start := p.tokenStart()
		if depth >= MaxDepth {
			return nil, p.doc.errorAt(start, fmt.Sprintf("too deeply nested: more than %d levels of objects and arrays", MaxDepth))
		}
		if _, err := p.dec.ReadToken(); err != nil {
			return nil, p.syntaxError(err, "")
		}
		if k == '{' {
			return p.object(start, depth)
		}
		return p.array(start, depth)
	case 0:
		_, err := p.dec.ReadToken()
		return nil, p.syntaxError(err, "")
	default:
		v, err := p.dec.ReadValue()
		if err != nil {
			return nil, p.syntaxError(err, "")
		}
		end := int(p.dec.InputOffset()) + p.base
		start := end - len(v)
		var n *Node
		switch k {
		case 'n':
			n = p.newNode(Null, start, end)
		case 't', 'f':
			n = p.newNode(Bool, start, end)
			n.setStr(p.src[start:end])
		case '0':
			n = p.newNode(Number, start, end)
			n.setStr(p.src[start:end])
		case '"':
			n = p.newNode(String, start, end)
			n.setStr(p.unquote(start, end))
		}
		return n, nil
	}
}

// unquote decodes the string literal src[start:end]. Strings without
// escapes are substrings of the source and allocate nothing.
func (p *parser) unquote(start, end int) string {
	raw := p.src[start:end]
	if strings.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1]
	}
	b, err := jsontext.AppendUnquote(nil, raw)
	if err != nil { // the decoder already validated it
		return raw[1 : len(raw)-1]
	}
	return string(b)
}

// keyIndexAt is the number of members past which an object's keys are
// looked up in a map, so that a huge object costs linear time.
const keyIndexAt = 32

func (p *parser) object(start, depth int) (*Node, error) {
	mark := len(p.stack)
	var keys map[string]int // key -> index in p.stack, once the object is large
	for {
		k := p.dec.PeekKind()
		if k == '}' {
			break
		}
		if k != '"' {
			_, err := p.dec.ReadToken()
			return nil, p.syntaxError(err, "")
		}
		kv, err := p.dec.ReadValue()
		if err != nil {
			return nil, p.syntaxError(err, "")
		}
		kend := int(p.dec.InputOffset()) + p.base
		kstart := kend - len(kv)
		key := p.unquote(kstart, kend)
		p.path = append(p.path, pathSeg{key: key, index: -1})
		v, err := p.value(depth + 1)
		p.path = p.path[:len(p.path)-1]
		if err != nil {
			return nil, err
		}
		keys = p.addMember(mark, keys, key, kstart, v)
	}
	if _, err := p.dec.ReadToken(); err != nil {
		return nil, p.syntaxError(err, "")
	}
	return p.closeContainer(Object, start, int(p.dec.InputOffset())+p.base, mark), nil
}

// addMember adds the member key: v, whose key starts at kstart, to the
// object being read, whose members start at mark on the stack. A repeated
// key is recorded as a duplicate and its value replaces the first's, in
// the first's place. keys indexes the members once the object is large;
// addMember returns it, made when the object grows to need it.
func (p *parser) addMember(mark int, keys map[string]int, key string, kstart int, v *Node) map[string]int {
	if i := p.findKey(mark, keys, key); i >= 0 {
		// The first occurrence's key is the one before the value that
		// won so far, unless that value itself replaced another.
		old := p.stack[i].Value
		first, ok := p.firstKeys[old]
		if !ok {
			first = int32(keyOffset(p.src, old.Start))
		}
		if p.firstKeys == nil {
			p.firstKeys = map[*Node]int32{}
		}
		p.firstKeys[v] = first
		p.dups = append(p.dups, parsedDup{segs: slices.Clone(p.path), key: key, first: first, second: int32(kstart)})
		p.stack[i].Value = v
		return keys
	}
	p.stack = append(p.stack, Member{Key: key, Value: v})
	switch n := len(p.stack) - mark; {
	case keys != nil:
		keys[key] = len(p.stack) - 1
	case n == keyIndexAt:
		keys = make(map[string]int, 2*n)
		for i := mark; i < len(p.stack); i++ {
			keys[p.stack[i].Key] = i
		}
	}
	return keys
}

// findKey looks for key among the members of the object being read, which
// start at mark, in keys when the object has an index.
func (p *parser) findKey(mark int, keys map[string]int, key string) int {
	if keys != nil {
		if i, ok := keys[key]; ok {
			return i
		}
		return -1
	}
	for i := mark; i < len(p.stack); i++ {
		if p.stack[i].Key == key {
			return i
		}
	}
	return -1
}

func (p *parser) array(start, depth int) (*Node, error) {
	mark := len(p.stack)
	for i := 0; ; i++ {
		if p.dec.PeekKind() == ']' {
			break
		}
		p.path = append(p.path, pathSeg{index: i})
		v, err := p.value(depth + 1)
		p.path = p.path[:len(p.path)-1]
		if err != nil {
			return nil, err
		}
		p.stack = append(p.stack, Member{Value: v})
	}
	if _, err := p.dec.ReadToken(); err != nil {
		return nil, p.syntaxError(err, "")
	}
	return p.closeContainer(Array, start, int(p.dec.InputOffset())+p.base, mark), nil
}

// memberChunk is how many members the parser allocates at once, at
// most; the members of each container are a slice of such a chunk, so a
// document of a million values costs a few hundred allocations, not a
// million.
const memberChunk = 4096

// firstChunk is the size of the parser's first chunks of nodes and members.
const firstChunk = 32

// nextChunk is the size of the chunk after one of size, at most limit.
func nextChunk(size, limit int) int {
	if size == 0 {
		return firstChunk
	}
	return min(2*size, limit)
}

// take moves the members above mark off the stack into a slice cut from
// the current chunk, capped at its length so that appending to it copies.
func (p *parser) take(mark int) []Member {
	n := len(p.stack) - mark
	if n == 0 {
		return nil
	}
	if len(p.kids) < n {
		p.kidSize = nextChunk(p.kidSize, memberChunk)
		p.kids = make([]Member, max(n, p.kidSize))
	}
	kids := p.kids[:n:n]
	p.kids = p.kids[n:]
	copy(kids, p.stack[mark:])
	clear(p.stack[mark:])
	p.stack = p.stack[:mark]
	return kids
}

// syntaxError turns a decoder error into a positioned SyntaxError with a
// message that names what was wrong, without jsontext's prefix.
func (p *parser) syntaxError(err error, prefix string) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		off, msg := int(se.ByteOffset)+p.base, se.Err.Error()
		switch {
		case errors.Is(se.Err, io.ErrUnexpectedEOF):
			p.truncated = true
			msg = "unexpected end of input: " + p.expecting()
		case p.trailingComma(off) != 0:
			msg = fmt.Sprintf("a trailing comma: JSON allows no ',' before '%c'", p.trailingComma(off))
		}
		return p.doc.errorAt(off, prefix+msg)
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		p.truncated = true
		return p.doc.errorAt(len(p.src), "unexpected end of input: "+p.expecting())
	}
	return p.doc.errorAt(int(p.dec.InputOffset())+p.base, prefix+err.Error())
}

// trailingComma returns the bracket that follows the comma at off, or 0
// when there is no comma there or something else follows it.
func (p *parser) trailingComma(off int) byte {
	if off >= len(p.src) || p.src[off] != ',' {
		return 0
	}
	rest := strings.TrimLeft(p.src[off+1:], " \t\r\n")
	if rest != "" && (rest[0] == ']' || rest[0] == '}') {
		return rest[0]
	}
	return 0
}

func (p *parser) expecting() string {
	if p.dec.StackDepth() == 0 {
		return "expected a JSON value"
	}
	if k, _ := p.dec.StackIndex(p.dec.StackDepth()); k == '{' {
		return "an object is not closed (expected '}')"
	}
	return "an array is not closed (expected ']')"
}
