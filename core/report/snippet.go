package report

import (
	"bufio"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// The line an issue points at, as the text format quotes it under the
// issue, with carets under the span, as ruff and rustc do:
//
//	     10 |           "city": {"type": "str", "description": "City name"},
//	        |                            ^^^^^
//
// The line is made safe for a terminal (termtext's escapes, tabs as four
// spaces) and cut to snippetWidth cells around the span, with "…" where
// it is cut, so that the issue at column 5021 of a minified one-line
// document shows the text around it. Only the bytes near the span are
// read, however long the line.

// snippetWidth is the most cells of the document's text a quoted line
// shows.
const snippetWidth = 100

// cellWidth measures characters the same whatever the locale, so that a
// report is the same everywhere: East Asian ambiguous characters are one
// cell.
var cellWidth = &runewidth.Condition{StrictEmojiNeutral: true}

// writeSnippet writes the line of src that issue is starts on and the
// carets under its span, and reports whether it did: not for an issue
// with no place in the text, or whose place src does not hold. The
// characters of the line are read into buf, which a report's issues
// share.
func writeSnippet(w *bufio.Writer, buf *[]cell, src string, is *lint.Issue) bool {
	start, end, ok := is.Span()
	lineStart := start - (is.Column - 1)
	if !ok || is.Column < 1 || start > len(src) || lineStart < 0 || lineStart > 0 && src[lineStart-1] != '\n' {
		return false
	}
	ex := excerpt(buf, src, lineStart, start, end, snippetWidth)
	num := strconv.Itoa(is.Line)
	pad := max(len(textIndent)-1-len(num), 0)
	writeRepeat(w, ' ', pad)
	w.WriteString(num)
	if text := strings.TrimRight(ex.text, " "); text != "" {
		w.WriteString(" | ")
		w.WriteString(text)
	} else {
		w.WriteString(" |")
	}
	w.WriteByte('\n')
	writeRepeat(w, ' ', pad+len(num))
	w.WriteString(" | ")
	writeRepeat(w, ' ', ex.at)
	writeRepeat(w, '^', ex.width)
	if is.EndLine > is.Line {
		w.WriteString(" to line " + strconv.Itoa(is.EndLine))
	}
	w.WriteByte('\n')
	return true
}

func writeRepeat(w *bufio.Writer, c byte, n int) {
	for range n {
		w.WriteByte(c)
	}
}

// lineExcerpt is a window of one line around a span.
type lineExcerpt struct {
	text  string // the window, escaped, with "…" where the line is cut
	at    int    // the cells of text before the span
	width int    // the cells of text the span covers in the window, at least 1
}

// cell is one character of a line as the terminal shows it.
type cell struct {
	off   int    // its offset in the document
	text  string // what is shown: the character, or its escape
	width int
}

// excerpt cuts the line of src that starts at lineStart to a window of
// at most width cells that shows the start of the span start..end,
// reading its characters into buf.
func excerpt(buf *[]cell, src string, lineStart, start, end, width int) lineExcerpt {
	// Enough bytes either side of the span's start for any window: a
	// character is at least one byte, and nearly all are at least a
	// cell.
	reach := 4 * width
	from := max(lineStart, start-reach)
	for from > lineStart && !utf8.RuneStart(src[from]) {
		from--
	}
	limit := min(len(src), start+reach)
	lineEnd := limit
	if nl := strings.IndexByte(src[start:limit], '\n'); nl >= 0 {
		lineEnd = start + nl
	}
	if lineEnd > start && src[lineEnd-1] == '\r' && (lineEnd == len(src) || src[lineEnd] == '\n') {
		lineEnd-- // the CR of a CRLF line end
	}
	goesOn := lineEnd < len(src) && src[lineEnd] != '\n' && src[lineEnd] != '\r'
	cells := cellsOf((*buf)[:0], src, from, lineEnd)
	*buf = cells

	// The window starts at the line's start if the span shows from
	// there, else a third of the width before the span.
	first := 0
	before := 0 // cells before the span
	spanAt := len(cells)
	for i, c := range cells {
		if c.off >= start {
			spanAt = i
			break
		}
		before += c.width
	}
	spanWidth := 0
	for _, c := range cells[spanAt:] {
		if c.off >= end {
			break
		}
		spanWidth += c.width
	}
	if from > lineStart || before+min(max(spanWidth, 1), width/2) > width {
		first, before = spanAt, 0
		for first > 0 && before+cells[first-1].width <= width/3 {
			first--
			before += cells[first].width
		}
	}
	var b strings.Builder
	used := 0
	if first > 0 || from > lineStart {
		b.WriteString("…")
		used++
	}
	at := used + before
	last := first
	for ; last < len(cells) && used+cells[last].width <= width-1; last++ {
		b.WriteString(cells[last].text)
		used += cells[last].width
	}
	if last < len(cells) || goesOn {
		b.WriteString("…")
	}
	shown := 0
	for _, c := range cells[spanAt:last] {
		if c.off >= end {
			break
		}
		shown += c.width
	}
	return lineExcerpt{text: b.String(), at: at, width: max(shown, 1)}
}

// cellsOf appends to cells the characters of src[from:to] as a terminal
// shows them: hidden characters and invalid bytes as termtext escapes
// them, a tab as four spaces.
func cellsOf(cells []cell, src string, from, to int) []cell {
	for i := from; i < to; {
		r, size := utf8.DecodeRuneInString(src[i:to])
		c := cell{off: i, text: src[i : i+size], width: 1}
		switch {
		case r == '\t':
			c.text, c.width = "    ", 4
		case r == utf8.RuneError && size == 1, termtext.IsHidden(r):
			c.text = termtext.EscapeLine(c.text)
			c.width = len(c.text) // an escape is ASCII
		case r >= utf8.RuneSelf:
			c.width = cellWidth.RuneWidth(r)
		}
		cells = append(cells, c)
		i += size
	}
	return cells
}
