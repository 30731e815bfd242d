package jsondoc

import "unicode/utf8"

// The text of what a caller points at: a value is its own span, from
// Node.Start to Node.End; these find the spans of what has no node, a
// key, a token at an offset, and a piece of a string, so that what is
// pointed at can be underlined.

// KeySpan returns the offsets of member m's key in the text, from its
// opening quote to just past its closing one; -1, -1 for an array
// element. Of a key the object repeats, it is the first occurrence's, as
// KeyOffset says.
func (d *Document) KeySpan(m Member) (start, end int) {
	start = d.KeyOffset(m)
	if start < 0 {
		return -1, -1
	}
	return start, d.TokenEnd(start)
}

// TokenEnd returns the offset just past the token that starts at off: a
// string to its closing quote, a number or literal to its last byte, and
// any other character (a bracket, a comma) by itself; off itself when off
// is past the text.
func (d *Document) TokenEnd(off int) int {
	src := d.Src
	switch {
	case off < 0 || off >= len(src):
		return max(off, 0)
	case src[off] == '"':
		if end, _ := scanString(src, off); end > 0 {
			return end
		}
		return len(src)
	case isWordByte(src[off]):
		end := off + 1
		for end < len(src) && isWordByte(src[end]) {
			end++
		}
		return end
	}
	_, size := utf8.DecodeRuneInString(src[off:])
	return off + size
}

// StringSpan returns the offsets in the text of the characters from..to
// of a string's decoded text (byte offsets into Node.Str, or into a key),
// the string's opening quote being at quote. A character written as an
// escape spans the whole escape. An offset past the decoded text is at
// the closing quote.
func (d *Document) StringSpan(quote, from, to int) (start, end int) {
	src := d.Src
	if quote < 0 || quote >= len(src) || src[quote] != '"' {
		return quote, quote
	}
	last := d.TokenEnd(quote) - 1 // the closing quote
	start, end = -1, last
	decoded := 0
	for i := quote + 1; i < last; {
		if start < 0 && decoded >= from {
			start = i
		}
		if decoded >= to {
			end = i
			break
		}
		r, width := StringChar(src, i)
		if src[i] == '\\' {
			decoded += utf8.RuneLen(r)
		} else {
			decoded += width
		}
		i += width
	}
	if start < 0 {
		start = last
	}
	return start, max(end, start)
}
