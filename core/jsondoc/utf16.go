package jsondoc

import (
	"slices"
	"unicode/utf8"
)

// Columns are counted in bytes, as Go's tools count them. SARIF viewers
// and VS Code count UTF-16 code units, as JavaScript strings do, so a
// column after non-ASCII text differs: "é" is two bytes and one unit, an
// emoji four bytes and two units. This is the one place that converts.

// UTF16Len is the length of s in UTF-16 code units: two for a character
// past U+FFFF, one for any other character, and one for each byte that
// is not part of a UTF-8 sequence (a decoder's U+FFFD).
func UTF16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n++
		if r > 0xFFFF {
			n++
		}
		i += size
	}
	return n
}

// UTF16Column converts col, a 1-based column in bytes of line (the text
// of a line from its first byte; it may go on past the column), to the
// 1-based column in UTF-16 code units. A column past the end of line
// counts what is missing as one unit a byte.
func UTF16Column(line string, col int) int {
	n := min(max(col-1, 0), len(line))
	return UTF16Len(line[:n]) + max(col-1-n, 0) + 1
}

// utf16Columns sets the UTF-16 column of every position that has a line
// and column. Positions on one line are counted on from the one before
// them, in offset order, so that many positions on one long line (a
// minified document) cost one pass over it, not one each.
func (d *Document) utf16Columns(ps []Pos) {
	order := make([]int, 0, len(ps))
	for i := range ps {
		if ps[i].Line > 0 {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return ps[a].Offset - ps[b].Offset })
	clamp := func(off int) int { return min(off, len(d.Src)) }
	prev := -1
	for _, i := range order {
		p := &ps[i]
		if prev >= 0 && ps[prev].Line == p.Line {
			// On from the position before, where that one's column is
			// known; what lies past the end of the text counts a unit a
			// byte, as UTF16Column has it.
			q := ps[prev]
			p.UTF16Column = q.UTF16Column + UTF16Len(d.Src[clamp(q.Offset):clamp(p.Offset)]) +
				(p.Offset - clamp(p.Offset)) - (q.Offset - clamp(q.Offset))
		} else {
			p.UTF16Column = UTF16Column(d.Src[clamp(p.Offset-(p.Column-1)):], p.Column)
		}
		prev = i
	}
}
