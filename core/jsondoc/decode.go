package jsondoc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

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
	path              []Seg // from the root to the value being read
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

	// lines accepts JSON Lines: the text may be several values, one a
	// line (see lines.go).
	lines bool
}

// parsedDup is a repeated key as the parser meets it, its path still in
// segments.
type parsedDup struct {
	segs          []Seg // the object's path
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
		return nil, p.doc.ErrorAt(len(data), "no JSON value, only white space")
	}
	p.dec = jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowDuplicateNames(true))
	root, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if err := p.end(); err != nil {
		if next := skipSpace(p.src, int(root.End)); p.lines && startsLines(p.src, root, next) {
			return p.parseLines(data, root, next)
		}
		return nil, err
	}
	return root, nil
}

// end checks that nothing but white space follows the value just read.
func (p *parser) end() error {
	if p.dec.PeekKind() != 0 {
		// A second value: the error is at its first byte, whatever it holds.
		return p.doc.ErrorAt(p.tokenStart(), "after the JSON value: unexpected data, only white space may follow")
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
			return nil, p.doc.ErrorAt(start, fmt.Sprintf("too deeply nested: more than %d levels of objects and arrays", MaxDepth))
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
		p.path = append(p.path, Seg{Key: key, Index: -1})
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
		p.path = append(p.path, Seg{Index: i})
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
		return p.doc.ErrorAt(off, prefix+msg)
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		p.truncated = true
		return p.doc.ErrorAt(len(p.src), "unexpected end of input: "+p.expecting())
	}
	return p.doc.ErrorAt(int(p.dec.InputOffset())+p.base, prefix+err.Error())
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
