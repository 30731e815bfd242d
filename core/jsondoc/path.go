package jsondoc

import (
	"strconv"
	"strings"
)

// A path names a value in a document: "$", then ".key" for a key that is
// an identifier, "['key']" for any other key (with ' and \ escaped) and
// "[N]" for an array index.

// AppendKey returns path extended by an object key.
func AppendKey(path, key string) string {
	if isIdent(key) {
		return path + "." + key
	}
	var b strings.Builder
	b.Grow(len(path) + len(key) + 4)
	b.WriteString(path)
	appendKeyTo(&b, key)
	return b.String()
}

// appendKeyTo writes the path segment of an object key to b.
func appendKeyTo(b *strings.Builder, key string) {
	if isIdent(key) {
		b.WriteByte('.')
		b.WriteString(key)
		return
	}
	b.WriteString("['")
	for i := 0; i < len(key); i++ {
		if key[i] == '\'' || key[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(key[i])
	}
	b.WriteString("']")
}

// AppendIndex returns path extended by an array index.
func AppendIndex(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// Seg is one step of a path: an object key, or an array index.
type Seg struct {
	Key   string
	Index int // -1 for an object key
}

// KeySeg is the step to the member key of an object.
func KeySeg(key string) Seg { return Seg{Key: key, Index: -1} }

// IndexSeg is the step to element i of an array.
func IndexSeg(i int) Seg { return Seg{Index: i} }

// AppendSegs returns path extended by segs. One builder for the whole
// path: appending segment by segment copies the path once per level,
// which is quadratic in deep documents.
func AppendSegs(path string, segs []Seg) string {
	var b strings.Builder
	b.WriteString(path)
	for _, s := range segs {
		if s.Index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.Index))
			b.WriteByte(']')
		} else {
			appendKeyTo(&b, s.Key)
		}
	}
	return b.String()
}
