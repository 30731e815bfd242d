package jsondoc

import (
	"slices"
	"strings"
	"unsafe"
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

// An Index finds the members of an object by key as Get does, in linear
// time however many there are: a caller that looks up every key of one
// object in another indexes the other. A small object is looked through;
// one past 32 members is indexed in a map once.
type Index struct {
	n    *Node
	keys map[string]*Node
}

// IndexOf returns the Index of n, an object; of anything else, an Index
// that finds nothing.
func IndexOf(n *Node) Index {
	x := Index{n: n}
	if n.Is(Object) && n.Len() > keyIndexAt {
		x.keys = make(map[string]*Node, n.Len())
		for _, m := range n.Kids() {
			if _, seen := x.keys[m.Key]; !seen {
				x.keys[m.Key] = m.Value // the first, as Get finds it
			}
		}
	}
	return x
}

// Get returns the value of the member named key, or nil.
func (x Index) Get(key string) *Node {
	if x.keys != nil {
		return x.keys[key]
	}
	return x.n.Get(key)
}

// Has reports whether the object has a member named key.
func (x Index) Has(key string) bool { return x.Get(key) != nil }

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

// IsTrue reports whether n is the literal true; a missing member is nil
// and not true.
func (n *Node) IsTrue() bool { return n.Is(Bool) && n.Str() == "true" }

// Members returns the members of an object, and nil for any other value.
func (n *Node) Members() []Member {
	if !n.Is(Object) {
		return nil
	}
	return n.Kids()
}

// Elems returns the elements of an array, and nil for any other value.
func (n *Node) Elems() []Member {
	if !n.Is(Array) {
		return nil
	}
	return n.Kids()
}
