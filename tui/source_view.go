package tui

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/viewport"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
)

// sourceView is the document's text around an issue: line numbers, the
// issue's span marked (on each of its lines), and the other issues of the
// lines shown marked in the gutter. It shows a window of lines, and of columns on long lines
// (a minified document is one line), so opening it costs what it shows.
type sourceView struct {
	paneBase
	vp viewport.Model

	snap  *snapshot
	issue int // index into snap.result.Issues
}

// sourceContext is how many lines around the issue the view holds.
const sourceContext = 200

func newSourceView(st *styles, keys *keyMap) sourceView {
	return sourceView{paneBase: newPaneBase(st, keys), vp: newViewport()}
}

// open shows issue i of s.
func (v *sourceView) open(s *snapshot, i int) {
	v.snap, v.issue = s, i
	v.build()
}

// SetSize sets the view's outer size and lays the text out for it.
func (v *sourceView) SetSize(w, h int) {
	v.paneBase.SetSize(w, h)
	v.vp.SetWidth(v.innerWidth())
	v.vp.SetHeight(v.innerHeight())
	if v.snap != nil {
		v.build()
	}
}

func (v *sourceView) build() {
	lines, at := sourceLines(v.st, v.snap, v.issue, v.innerWidth())
	v.vp.SetContentLines(lines)
	v.vp.SetYOffset(max(at-v.innerHeight()/2, 0))
}

// View draws the view.
func (v sourceView) View() string {
	is := v.snap.result.Issues[v.issue]
	title := "Source " + shown(v.snap.result.Doc.Name, maxText) + ":" + position(is)
	return v.frame(title, withScroll(v.vp, "v or esc closes"), v.vp.View())
}

// sourceLines is the text around issue i of s for a view w cells wide,
// and the index of the issue's line among them.
func sourceLines(st *styles, s *snapshot, i, w int) ([]string, int) {
	doc := s.result.Doc
	is := s.result.Issues[i]
	if is.Line == 0 || doc == nil {
		return []string{st.muted.Render(" the issue is about the document as a whole: it has no place in the text")}, 0
	}
	src := doc.Src
	start, end, _ := is.Span()
	start, end = min(start, len(src)), min(end, len(src))
	off := start

	// From sourceContext lines before the issue's line to as many after.
	from, first := strings.LastIndexByte(src[:off], '\n')+1, is.Line
	for first > 1 && is.Line-first < sourceContext && from > 0 {
		from = strings.LastIndexByte(src[:from-1], '\n') + 1
		first--
	}
	last := is.Line + sourceContext

	marks := gutterMarks(s, first, last, i)
	numW := len(strconv.Itoa(last))
	textW := max(w-numW-5, 8)
	// One window of columns for every line, so that they line up: from
	// the start, or, when the issue's span would not show, from a third
	// of the width before its column.
	left := 0
	if is.Column-1+min(end-start, textW/2) > textW-2 {
		left = max(is.Column-1-textW/3, 0)
	}

	var lines []string
	at := 0
	for lineNo, pos := first, from; lineNo <= last; lineNo++ {
		lineEnd := len(src)
		if eol := strings.IndexByte(src[pos:], '\n'); eol >= 0 {
			lineEnd = pos + eol
		}
		text := src[pos:lineEnd]
		var body string
		switch {
		case lineNo == is.Line:
			at = len(lines)
			body = markedLine(st, text, start-pos, min(end, lineEnd)-pos, left, textW)
		case lineNo > is.Line && pos < end:
			// A line the span goes on over: marked from its text, not
			// its indentation.
			from := len(text) - len(strings.TrimLeft(text, " \t"))
			if to := min(end, lineEnd) - pos; from < to {
				body = markedLine(st, text, from, to, left, textW)
				break
			}
			body = windowText(text, left, textW)
		default:
			body = windowText(text, left, textW)
		}
		num := strconv.Itoa(lineNo)
		gutter := gutterMark(st, marks[lineNo]) + " " + strings.Repeat(" ", numW-len(num)) + st.muted.Render(num+" │ ")
		lines = append(lines, gutter+body)
		if lineEnd == len(src) {
			break
		}
		pos = lineEnd + 1
	}
	return lines, at
}

// gutterMarks marks the lines first to last that hold issues: › for the
// issue shown, else E or W for the worst of the others.
func gutterMarks(s *snapshot, first, last, shownIssue int) map[int]string {
	worst := map[int]catalog.Severity{}
	has := map[int]bool{}
	for j, is := range s.result.Issues {
		if is.Line < first || is.Line > last || j == shownIssue {
			continue
		}
		if !has[is.Line] || is.Severity == catalog.Error {
			worst[is.Line] = is.Severity
		}
		has[is.Line] = true
	}
	marks := make(map[int]string, last-first+1)
	for l := first; l <= last; l++ {
		marks[l] = " "
		if has[l] {
			if worst[l] == catalog.Error {
				marks[l] = "E"
			} else {
				marks[l] = "W"
			}
		}
	}
	marks[s.result.Issues[shownIssue].Line] = "›"
	return marks
}

// gutterMark styles a mark of gutterMarks.
func gutterMark(st *styles, m string) string {
	switch m {
	case "›":
		return st.marker.Render(m)
	case "E":
		return st.err.Render(m)
	case "W":
		return st.warn.Render(m)
	}
	return m
}

// windowText is the bytes of line from left, cut to about w cells and
// escaped, with an ellipsis where text is cut off.
func windowText(line string, left, w int) string {
	return markedLine(nil, line, -1, -1, left, w)
}

// markedLine is windowText with bytes [start, end) of line marked, when
// st is not nil.
func markedLine(st *styles, line string, start, end, left, w int) string {
	left = runeStart(line, min(left, len(line)))
	stop := runeStart(line, min(left+w*4, len(line))) // enough bytes for w cells, escaped or not
	var b strings.Builder
	if left > 0 {
		b.WriteString("…")
	}
	piece := func(from, to int) string {
		from, to = max(from, left), min(to, stop)
		if from >= to {
			return ""
		}
		return termtext.EscapeLine(line[from:to])
	}
	if st == nil || start < 0 {
		b.WriteString(piece(left, stop))
	} else {
		b.WriteString(piece(left, start))
		span := piece(start, max(end, start+1))
		if span == "" {
			span = " " // the end of the line: mark the cell after it
		}
		b.WriteString(st.errorMark.Render(span))
		b.WriteString(piece(max(end, start+1), stop))
	}
	out := clip(b.String(), w)
	if stop < len(line) && !strings.HasSuffix(out, "…") {
		out = clip(out, max(w-1, 1)) + "…"
	}
	return out
}

// runeStart moves i back to the start of the character it is in.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
