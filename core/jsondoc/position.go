package jsondoc

import (
	"slices"
	"sort"
	"strings"
	"toolbench/core/termtext"

	"toolbench/core/internal/par"
)

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

// index builds the line index, unless another goroutine has.
func (d *Document) index() {
	d.linesMu.Lock()
	defer d.linesMu.Unlock()
	if !d.indexed.Load() {
		d.lines = lineStarts(d.Src)
		d.indexed.Store(true)
	}
}

// Pos is a place in a document: a byte offset, and the 1-based line and
// byte column PositionAll finds for it, and the column in UTF-16 code
// units (see UTF16Column).
type Pos struct{ Offset, Line, Column, UTF16Column int }

// PositionAll sets the line and column of every position from its
// offset, as Position would, and its UTF-16 column; an offset below 0
// means no position, and becomes 0 with line and columns 0. Unless the lines are already
// indexed, it counts newlines up to each offset rather than index a large
// document for a few positions: in offset order, the first half from the
// top and, at the same time, the second half from the start of its first
// position's line.
func (d *Document) PositionAll(ps []Pos) {
	order := make([]int, 0, len(ps))
	for i := range ps {
		if ps[i].Offset < 0 {
			ps[i] = Pos{} // no position: line and column stay 0
			continue
		}
		order = append(order, i)
	}
	defer d.utf16Columns(ps)
	if d.indexed.Load() || len(order) == 0 {
		for _, i := range order {
			ps[i].Line, ps[i].Column = d.Position(ps[i].Offset)
		}
		return
	}
	slices.SortFunc(order, func(a, b int) int { return ps[a].Offset - ps[b].Offset })
	// The second half is numbered from the start of its first position's
	// line while the first half is numbered from the top, which then
	// gives the second half's first line.
	first, second := order[:len(order)/2], order[len(order)/2:]
	from := strings.LastIndexByte(d.Src[:min(ps[second[0]].Offset, len(d.Src))], '\n') + 1
	var fromLine int
	halves := [2]func(){
		func() {
			c := lineCursor{line: 1}
			c.number(d.Src, ps, first)
			c.advance(d.Src, max(c.at, from))
			fromLine = c.line
		},
		func() {
			c := lineCursor{at: from, lineStart: from}
			c.number(d.Src, ps, second)
		},
	}
	par.Split(min(2, par.Shares(len(d.Src), parallelScanSize)), 2, func(_, lo, hi int) {
		for _, half := range halves[lo:hi] {
			half()
		}
	})
	for _, i := range second {
		ps[i].Line += fromLine
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

// number sets the line and column of the positions at order, sorted by
// offset and at or after the cursor, moving the cursor along.
func (c *lineCursor) number(src string, ps []Pos, order []int) {
	for _, i := range order {
		off := ps[i].Offset
		c.advance(src, min(off, len(src))) // past the end is on the last line, as Position has it
		ps[i].Line, ps[i].Column = c.line, off-c.lineStart+1
	}
}

// lineStarts returns the offsets at which the lines of src start. A large
// text is split among the processors, each finding the line starts in its
// part.
func lineStarts(src string) []int32 {
	k := par.Shares(len(src), parallelScanSize)
	parts := make([][]int32, k)
	par.Split(k, len(src), func(part, lo, hi int) {
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

// ErrorAt is a syntax error of the document at offset. What msg quotes
// of the input is escaped (the decoder's "invalid character" names it as
// it is, a Hangul filler or a bidi control too), so that every reader of
// Msg may print it.
func (d *Document) ErrorAt(offset int, msg string) *SyntaxError {
	line, col := d.Position(offset)
	start := min(max(offset-col+1, 0), len(d.Src))
	return &SyntaxError{File: d.Name, Offset: offset, Line: line, Column: col, UTF16Column: UTF16Column(d.Src[start:], col), Msg: termtext.EscapeLine(msg)}
}

// parser builds the Node tree in one pass over jsontext's tokens, taking
// offsets from the decoder and text from the source string, so unescaped
// strings cost no allocation.
