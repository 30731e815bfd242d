package jsonedit

import (
	"unicode/utf16"
	"unicode/utf8"

	"toolbench/core/jsondoc"
)

// DeleteInString returns the edits that delete characters from the
// string value n: those whose byte offsets in the decoded text, n.Str(),
// are in offsets, in increasing order. A character goes with all the
// bytes that write it, raw or as an escape (a \u escape, or the two of a
// surrogate pair), and nothing else of the string changes. Deletions side
// by side are one edit.
func DeleteInString(doc *jsondoc.Document, n *jsondoc.Node, offsets []int) []Edit {
	src := doc.Src[n.Start:n.End]
	var edits []Edit
	decoded, k := 0, 0
	for i := 1; i < len(src)-1 && k < len(offsets); {
		r, width := decodeAt(src, i)
		if decoded == offsets[k] {
			start, end := int(n.Start)+i, int(n.Start)+i+width
			if last := len(edits) - 1; last >= 0 && edits[last].End == start {
				edits[last].End = end
			} else {
				edits = append(edits, Edit{Start: start, End: end})
			}
			k++
		}
		decoded += utf8.RuneLen(r)
		i += width
	}
	return edits
}

// decodeAt decodes the character written at src[i:], inside a string:
// the character, and the number of bytes that write it.
func decodeAt(src string, i int) (rune, int) {
	if src[i] != '\\' {
		r, size := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && size == 1 {
			return utf8.RuneError, 1
		}
		return r, size
	}
	if src[i+1] != 'u' {
		return rune(unescape(src[i+1])), 2
	}
	r := hex4(src[i+2 : i+6])
	if utf16.IsSurrogate(r) && i+12 <= len(src) && src[i+6] == '\\' && src[i+7] == 'u' {
		if pair := utf16.DecodeRune(r, hex4(src[i+8:i+12])); pair != utf8.RuneError {
			return pair, 12
		}
	}
	if utf16.IsSurrogate(r) {
		return utf8.RuneError, 6 // a lone surrogate decodes as U+FFFD
	}
	return r, 6
}

func unescape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	}
	return c // '"', '\\', '/'
}

func hex4(s string) rune {
	var r rune
	for i := 0; i < 4; i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
