package jsondoc

import (
	"fmt"
	"strconv"
	"strings"
)

// Pointer finds the value that the JSON Pointer ptr (RFC 6901) names below
// n: "" is n itself, "/a/0" the first element of member a. In a token "~1"
// stands for "/" and "~0" for "~"; an array index is decimal without a
// leading zero. It returns the value and the steps from n to it, or a
// *PointerError when the pointer leads to nothing. A URI fragment must be
// percent-decoded before it is a pointer (RFC 6901, section 6).
func (n *Node) Pointer(ptr string) (*Node, []Seg, error) {
	return n.PointerBy(ptr, (*Node).Get)
}

// PointerBy is Pointer finding the member of an object with get, which
// returns what Get would: a caller that resolves many pointers into one
// large object looks its keys up in an index of them.
func (n *Node) PointerBy(ptr string, get func(obj *Node, key string) *Node) (*Node, []Seg, error) {
	if ptr == "" {
		return n, nil, nil
	}
	if ptr[0] != '/' {
		return nil, nil, &PointerError{Pointer: ptr, Malformed: true}
	}
	var segs []Seg
	parent := ""
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		fail := &PointerError{Pointer: ptr, Token: tok, Parent: parent, Kind: n.Kind, Len: n.Len()}
		switch n.Kind {
		case Object:
			next := get(n, tok)
			if next == nil {
				return nil, nil, fail
			}
			n, segs = next, append(segs, KeySeg(tok))
		case Array:
			i, ok := ArrayIndex(tok, n.Len())
			if !ok {
				return nil, nil, fail
			}
			n, segs = n.Elem(i), append(segs, IndexSeg(i))
		default:
			return nil, nil, fail
		}
		parent = tok
	}
	return n, segs, nil
}

// ArrayIndex parses tok as an index into an array of n elements, as a
// JSON Pointer writes one: decimal, no sign, no leading zero.
func ArrayIndex(tok string, n int) (int, bool) {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || tok[0] == '+' || tok[0] == '-' {
		return 0, false
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i >= n {
		return 0, false
	}
	return i, true
}

// FormatPointer writes tokens as a JSON Pointer: "/a/0"; "" for none.
func FormatPointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// PointerError is a JSON Pointer that leads to nothing: the token that
// does, applied to a value of kind Kind with Len members, which the token
// Parent led to ("" for the value the pointer starts at).
type PointerError struct {
	Pointer   string
	Malformed bool // the pointer does not start with "/"
	Token     string
	Parent    string
	Kind      Kind
	Len       int
}

// Problem says what is wrong, naming the value the pointer starts at as
// start: `the schema has no member "x"`.
func (e *PointerError) Problem(start string) string {
	if e.Malformed {
		return "is not a JSON pointer: it does not start with '/'"
	}
	where := start
	if e.Parent != "" {
		where = strconv.Quote(e.Parent)
	}
	switch e.Kind {
	case Object:
		return fmt.Sprintf("%s has no member %q", where, e.Token)
	case Array:
		return fmt.Sprintf("%s has %d elements and no index %q", where, e.Len, e.Token)
	}
	return fmt.Sprintf("%s is %s, with no member %q", where, e.Kind.Phrase(), e.Token)
}

func (e *PointerError) Error() string {
	return fmt.Sprintf("JSON pointer %q resolves to nothing: %s", e.Pointer, e.Problem("the value"))
}
