package jsondoc

import (
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"
)

// The parser's fast path. Most input is valid JSON, and for valid JSON the
// parser need not ask a decoder what each next token is: scan reads the
// source's bytes itself, accepting exactly the grammar the decoder accepts
// (RFC 8259, strict UTF-8, paired surrogate escapes, duplicate names
// allowed) and building the same nodes. At the first byte it does not
// accept, it gives up without a message; the caller then parses the text
// again with the decoder, whose error, position and wording are the ones
// reported. FuzzScanMatchesDecoder holds the two paths to the same
// answers.

// plain marks the bytes a string holds as they are: printable ASCII other
// than the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// scan reads p.src, after a byte order mark, as one JSON value followed
// by white space only, with n goroutines in all (see startHelpers), and
// reports whether it could.
func (p *parser) scan(n int) (*Node, bool) {
	p.base = bomLen(p.src)
	h := p.startHelpers(n)
	defer h.waitQuietly() // no helper outlives the scan, even one that panics
	root, ok := p.scanAll()
	h.wait()
	return root, ok
}

// scanAll reads p.src from p.base as one JSON value followed by white
// space only, or with p.lines as JSON Lines, and reports whether it could.
func (p *parser) scanAll() (*Node, bool) {
	root, i := p.scanValue(p.base, 0)
	if root == nil {
		return nil, false
	}
	switch i = skipSpace(p.src, i); {
	case i == len(p.src):
		return root, true
	case p.lines && startsLines(p.src, root, i):
		return p.scanLines(root, i)
	}
	return nil, false
}

// skipSpace returns the offset of the first byte at or after i in s that
// is not JSON white space.
func skipSpace(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c > ' ':
			return i
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '\n':
			// Indentation: the spaces after a newline, eight at a time.
			i++
			for i+8 <= len(s) {
				if x := load64(s, i) ^ spaces; x != 0 {
					i += bits.TrailingZeros64(x) / 8
					break
				}
				i += 8
			}
		default:
			return i
		}
	}
	return i
}

// spaces is a word of eight spaces.
const spaces = 0x2020202020202020

// load64 reads the eight bytes of s from i as a little-endian word, in
// one load.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// plainBytes returns how many of the eight bytes of x, from the lowest,
// a string holds as they are (see plain) before one it does not: a quote,
// a backslash, a control character or a byte past ASCII.
func plainBytes(x uint64) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	quote := x ^ ('"' * ones)
	slash := x ^ ('\\' * ones)
	// A byte is zero in quote or slash where x has the character, and
	// below 0x20 in x for a control. Each test sets the high bit of the
	// first byte it finds, and may set it in bytes above that one only.
	found := (quote - ones) &^ quote
	found |= (slash - ones) &^ slash
	found |= (x - 0x20*ones) &^ x
	return bits.TrailingZeros64((found|x)&highs) / 8
}

// scanValue reads the value that starts, after white space, at i, and
// returns it with the offset just past it; nil when there is no valid
// value there.
func (p *parser) scanValue(i, depth int) (*Node, int) {
	s := p.src
	i = skipSpace(s, i)
	if i >= len(s) {
		return nil, i
	}
	switch c := s[i]; c {
	case '{', '[':
		if depth >= MaxDepth {
			return nil, i
		}
		p.deepest = max(p.deepest, depth)
		if c == '{' {
			return p.scanObject(i, depth)
		}
		return p.scanArray(i, depth)
	case '"':
		end, escaped := scanString(s, i)
		if end < 0 {
			return nil, i
		}
		n := p.newNode(String, i, end)
		n.setStr(p.stringAt(i, end, escaped))
		return n, end
	case 't':
		return p.scanLiteral(i, "true", Bool)
	case 'f':
		return p.scanLiteral(i, "false", Bool)
	case 'n':
		return p.scanLiteral(i, "null", Null)
	}
	end := scanNumber(s, i)
	if end < 0 {
		return nil, i
	}
	n := p.newNode(Number, i, end)
	n.setStr(s[i:end])
	return n, end
}

func (p *parser) scanLiteral(i int, lit string, k Kind) (*Node, int) {
	end := i + len(lit)
	if end > len(p.src) || p.src[i:end] != lit {
		return nil, i
	}
	n := p.newNode(k, i, end)
	if k == Bool {
		n.setStr(p.src[i:end])
	}
	return n, end
}

// stringAt is the text of the string literal src[start:end]; escaped says
// whether it holds a backslash.
func (p *parser) stringAt(start, end int, escaped bool) string {
	if !escaped {
		return p.src[start+1 : end-1]
	}
	return p.unquote(start, end)
}

func (p *parser) scanObject(start, depth int) (*Node, int) {
	s := p.src
	// The node is made before its members', so that a walk of the tree
	// from the top reads memory in the order it was written.
	n := p.newNode(Object, start, start)
	mark := len(p.stack)
	var keys map[string]int
	i := skipSpace(s, start+1)
	if i < len(s) && s[i] == '}' {
		return p.closeNode(n, i+1, mark), i + 1
	}
	for {
		if i >= len(s) || s[i] != '"' {
			return nil, i
		}
		kstart := i
		kend, escaped := scanString(s, i)
		if kend < 0 {
			return nil, i
		}
		key := p.stringAt(kstart, kend, escaped)
		i = skipSpace(s, kend)
		if i >= len(s) || s[i] != ':' {
			return nil, i
		}
		p.path = append(p.path, Seg{Key: key, Index: -1})
		var v *Node
		v, i = p.scanValue(i+1, depth+1)
		p.path = p.path[:len(p.path)-1]
		if v == nil {
			return nil, i
		}
		keys = p.addMember(mark, keys, key, kstart, v)
		// What follows a member: a comma or the end. scanElements has
		// the same for elements, written out in both because a shared
		// function, called once a value, costs the scan 3% (callgrind).
		i = skipSpace(s, i)
		if i >= len(s) {
			return nil, i
		}
		switch s[i] {
		case ',':
			i = skipSpace(s, i+1)
		case '}':
			return p.closeNode(n, i+1, mark), i + 1
		default:
			return nil, i
		}
	}
}

func (p *parser) scanArray(start, depth int) (*Node, int) {
	n := p.newNode(Array, start, start)
	mark := len(p.stack)
	i := skipSpace(p.src, start+1)
	if i >= len(p.src) || p.src[i] != ']' {
		var ok bool
		if i, ok = p.scanElements(i, depth); !ok {
			return nil, i
		}
	}
	return p.closeNode(n, i+1, mark), i + 1
}

// scanElements reads the elements of an array at depth, the first of
// which starts at i, onto the stack, and returns the offset of the array's
// closing bracket. At each element it may take a run of elements that a
// parallel scan read ahead (see specChain).
func (p *parser) scanElements(i, depth int) (int, bool) {
	s := p.src
	for k := 0; ; k++ {
		if p.spec != nil && i >= p.specAt {
			if end, ok := p.adoptRun(i, depth, k); ok {
				return end, true
			}
		}
		p.path = append(p.path, Seg{Index: k})
		var v *Node
		v, i = p.scanValue(i, depth+1)
		p.path = p.path[:len(p.path)-1]
		if v == nil {
			return i, false
		}
		p.stack = append(p.stack, Member{Value: v})
		i = skipSpace(s, i)
		if i >= len(s) {
			return i, false
		}
		switch s[i] {
		case ',':
			i = skipSpace(s, i+1)
		case ']':
			return i, true
		default:
			return i, false
		}
	}
}

// closeNode ends n, an object or array, at end, with the members on the
// stack above mark.
func (p *parser) closeNode(n *Node, end, mark int) *Node {
	n.End = int32(end)
	n.setKids(p.take(mark))
	return n
}

// closeContainer makes the node of the object or array src[start:end],
// whose members are those on the stack above mark.
func (p *parser) closeContainer(k Kind, start, end, mark int) *Node {
	return p.closeNode(p.newNode(k, start, end), end, mark)
}

// scanString returns the offset just past the string literal that starts
// at i, and whether it holds an escape; -1 when it is not a valid string.
func scanString(s string, i int) (end int, escaped bool) {
	j := i + 1
	for {
		for j+8 <= len(s) {
			n := plainBytes(load64(s, j))
			j += n
			if n < 8 {
				break
			}
		}
		for j < len(s) && plain[s[j]] {
			j++
		}
		if j >= len(s) {
			return -1, false
		}
		switch c := s[j]; {
		case c == '"':
			return j + 1, escaped
		case c == '\\':
			escaped = true
			n := escapeLen(s, j)
			if n == 0 {
				return -1, false
			}
			j += n
		case c < ' ':
			return -1, false
		default:
			// Past ASCII: a valid UTF-8 sequence, which RuneError of
			// width 1 is not.
			if _, size := utf8.DecodeRuneInString(s[j:]); size > 1 {
				j += size
			} else {
				return -1, false
			}
		}
	}
}

// escapeLen returns the length of the escape sequence at s[j], a
// backslash, or 0 when it is not a valid one. A surrogate must be escaped
// as the pair that makes one character.
func escapeLen(s string, j int) int {
	if j+1 >= len(s) {
		return 0
	}
	switch s[j+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
	default:
		return 0
	}
	r1, ok := hex4(s, j+2)
	if !ok {
		return 0
	}
	if !utf16.IsSurrogate(r1) {
		return 6
	}
	if j+8 > len(s) || s[j+6] != '\\' || s[j+7] != 'u' {
		return 0
	}
	r2, ok := hex4(s, j+8)
	if !ok || utf16.DecodeRune(r1, r2) == utf8.RuneError {
		return 0
	}
	return 12
}

// hex4 reads the four hexadecimal digits at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// scanNumber returns the offset just past the number that starts at i,
// or -1 when none does: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func scanNumber(s string, i int) int {
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	switch {
	case j >= len(s):
		return -1
	case s[j] == '0':
		j++
	case '1' <= s[j] && s[j] <= '9':
		j = digits(s, j+1)
	default:
		return -1
	}
	if j < len(s) && s[j] == '.' {
		if j+1 >= len(s) || !isDigit(s[j+1]) {
			return -1
		}
		j = digits(s, j+1)
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j >= len(s) || !isDigit(s[j]) {
			return -1
		}
		j = digits(s, j)
	}
	return j
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digits returns the offset of the first byte at or after j that is not a
// decimal digit.
func digits(s string, j int) int {
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	return j
}
