package jsondoc

import (
	"sync"
	"sync/atomic"
)

// Document is a parsed JSON text: its source, its root value and the
// findings made while reading it.
type Document struct {
	Name       string // the file as the user named it, or "<stdin>"
	Src        string
	Root       *Node
	Duplicates []DuplicateKey // in the order of the repeated keys in the text
	// JSONLines is set when the text is JSON Lines, several values one a
	// line: Root is then the list of them, $[0] the first, a list the
	// text does not hold itself.
	JSONLines bool

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
