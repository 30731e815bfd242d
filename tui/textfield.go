package tui

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/mattn/go-runewidth"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// textField is a small text editor: several lines for the call tester,
// one for the filters and the form's fields. It is toolbench's own rather
// than bubbles' textarea and textinput because of what may enter it: text
// arrives from pastes and from sample calls built out of the tools file,
// and those widgets show a bidi override or a zero-width character as it
// is (they drop control characters, another loss). Here every such
// character is either rewritten as it arrives, by escape, so the text on
// screen is the text that is checked; or, in a field whose value is a
// string (raw), kept as it is in the value and shown escaped. It can
// also mark characters, which the tester does at a syntax error.
type textField struct {
	keys      *editKeys // shared, never changed
	multiline bool
	// escape writes a character the screen must not get raw: a JSON
	// \u escape in the tester (the call means the same), the \u{...}
	// form of termtext.Escape in the filters (which is how names are
	// shown). nil keeps the character in the value (raw), and the screen
	// shows it as termtext.EscapeRune writes it.
	escape func(rune) string

	lines    [][]rune
	row, col int // the cursor, in runes
	top      int // the first screen row shown, when multiline
	left     int // the first rune shown, when not
	w, h     int

	marks     []textPos // characters shown with markStyle
	markStyle func(...string) string
}

// textPos is a place in a textField's text: a line and a rune in it.
type textPos struct{ line, col int }

func newTextField(keys *editKeys, multiline bool, escape func(rune) string) textField {
	return textField{keys: keys, multiline: multiline, escape: escape, lines: [][]rune{nil}, w: 1, h: 1}
}

// jsonRuneEscape writes r as a JSON string escape: the same character to
// a JSON parser, and visible text to a person.
func jsonRuneEscape(r rune) string { return string(jsondoc.AppendRuneEscape(nil, r)) }

// Value is the text, lines joined with newlines.
func (f textField) Value() string {
	if len(f.lines) == 1 {
		return string(f.lines[0])
	}
	var b strings.Builder
	for i, l := range f.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(string(l))
	}
	return b.String()
}

// raw reports whether the field keeps hidden characters in its value.
func (f textField) raw() bool { return f.escape == nil }

// cell is how the screen shows rune r of the text.
func (f textField) cell(r rune) string {
	if f.raw() && (termtext.IsHidden(r) || r == '\n' || r == '\t' || r == utf8.RuneError) {
		return termtext.EscapeRune(r)
	}
	return string(r)
}

// cellWidth is the cells rune r takes on screen.
func (f textField) cellWidth(r rune) int {
	if f.raw() && (termtext.IsHidden(r) || r == '\n' || r == '\t' || r == utf8.RuneError) {
		return len(termtext.EscapeRune(r))
	}
	return runewidth.RuneWidth(r)
}

// cells is how the screen shows runes rs.
func (f textField) cells(rs []rune) string {
	if !f.raw() {
		return string(rs)
	}
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(f.cell(r))
	}
	return b.String()
}

// SetValue replaces the text and puts the cursor at its end.
func (f *textField) SetValue(s string) {
	f.lines = [][]rune{nil}
	f.row, f.col, f.top, f.left = 0, 0, 0, 0
	f.insert(s)
}

// MoveToStart puts the cursor at the start of the text.
func (f *textField) MoveToStart() {
	f.row, f.col = 0, 0
	f.top, f.left = 0, 0
	f.scroll()
}

// SetCursorOffset puts the cursor at byte offset off of Value, or at the
// end of the text when off is past it.
func (f *textField) SetCursorOffset(off int) {
	f.row, f.col = len(f.lines)-1, len(f.lines[len(f.lines)-1])
	n := 0
	for i, l := range f.lines {
		for j, r := range l {
			if n >= off {
				f.row, f.col = i, j
				f.scroll()
				return
			}
			n += utf8.RuneLen(r)
		}
		if n >= off {
			f.row, f.col = i, len(l)
			break
		}
		n++ // the newline
	}
	f.scroll()
}

// cursorLine is the line the cursor is on, from 0.
func (f textField) cursorLine() int { return f.row }

// setMarks marks the characters at ps (a place past the end of its line
// marks the cell after it) in style.
func (f *textField) setMarks(ps []textPos, style func(...string) string) {
	f.marks, f.markStyle = ps, style
}

// posOfByteColumn is the place of 1-based line and byte column in the
// text, as a syntax error gives them.
func (f textField) posOfByteColumn(line, col int) (textPos, bool) {
	if line < 1 || line > len(f.lines) || col < 1 {
		return textPos{}, false
	}
	l := f.lines[line-1]
	n := 0
	for j, r := range l {
		if n >= col-1 {
			return textPos{line - 1, j}, true
		}
		n += utf8.RuneLen(r)
	}
	return textPos{line - 1, len(l)}, true
}

// SetSize sets the cells the field is shown in.
func (f *textField) SetSize(w, h int) {
	f.w, f.h = max(w, 1), max(h, 1)
	f.left = 0 // as much of the line as fits, the cursor still in view
	f.scroll()
}

// insert types s at the cursor. Carriage returns end lines as newlines
// do, tabs become two spaces, and hidden characters go through escape.
func (f *textField) insert(s string) {
	var line []rune
	cur := f.lines[f.row]
	tail := append([]rune(nil), cur[f.col:]...)
	line = cur[:f.col:f.col] // appending must not write into cur

	for i, r := range s {
		switch {
		case f.raw() && !(f.multiline && (r == '\n' || r == '\r')):
			line = append(line, r) // a raw field keeps its text as it came
		case r == '\r' && strings.HasPrefix(s[i+1:], "\n"):
			continue
		case r == '\n' || r == '\r':
			if !f.multiline {
				line = append(line, ' ')
				continue
			}
			f.lines[f.row] = line
			f.row++
			f.lines = append(f.lines, nil)
			copy(f.lines[f.row+1:], f.lines[f.row:])
			line = nil
		case r == '\t':
			line = append(line, ' ', ' ')
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			line = append(line, []rune(f.escape(r))...)
		case termtext.IsHidden(r):
			line = append(line, []rune(f.escape(r))...)
		default:
			line = append(line, r)
		}
	}
	f.col = len(line)
	f.lines[f.row] = append(line, tail...)
	f.scroll()
}

// editMsg is a key of the editing keys, as the key table found it
// applies: the binding itself, which the field being typed into acts on.
type editMsg struct{ b *key.Binding }

// Update applies an editing key, a printable key typed or a paste, and
// reports whether the text changed. The text is copied before it changes
// (the list of lines; each edited line is built anew), so an earlier
// textField value keeps its own.
func (f textField) Update(msg tea.Msg) (textField, bool) {
	f.lines = slices.Clone(f.lines)
	switch msg := msg.(type) {
	case tea.PasteMsg:
		f.insert(msg.Content)
		return f, true
	case editMsg:
		changed := f.edit(msg.b)
		f.scroll()
		return f, changed
	case tea.KeyPressMsg:
		if !typed(msg) {
			return f, false
		}
		f.insert(msg.Text)
		return f, true
	}
	return f, false
}

// edit does what binding b, one of the editing keys, does.
func (f *textField) edit(b *key.Binding) bool {
	k := f.keys
	line := f.lines[f.row]
	switch b {
	case &k.Left:
		if f.col > 0 {
			f.col--
		} else if f.row > 0 {
			f.row--
			f.col = len(f.lines[f.row])
		}
	case &k.Right:
		if f.col < len(line) {
			f.col++
		} else if f.row < len(f.lines)-1 {
			f.row++
			f.col = 0
		}
	case &k.Up:
		if f.row > 0 {
			f.row--
			f.col = min(f.col, len(f.lines[f.row]))
		}
	case &k.Down:
		if f.row < len(f.lines)-1 {
			f.row++
			f.col = min(f.col, len(f.lines[f.row]))
		}
	case &k.WordLeft:
		f.col = wordStart(line, f.col)
	case &k.WordRight:
		f.col = wordEnd(line, f.col)
	case &k.LineStart:
		f.col = 0
	case &k.LineEnd:
		f.col = len(line)
	case &k.Start:
		f.row, f.col = 0, 0
	case &k.End:
		f.row = len(f.lines) - 1
		f.col = len(f.lines[f.row])
	case &k.DeleteBack:
		return f.deleteBack()
	case &k.Delete:
		return f.deleteForward()
	case &k.DeleteWordBack:
		start := wordStart(line, f.col)
		if start == f.col {
			return f.deleteBack()
		}
		f.lines[f.row] = append(line[:start:start], line[f.col:]...)
		f.col = start
		return true
	case &k.DeleteToEnd:
		if f.col == len(line) {
			return f.deleteForward()
		}
		f.lines[f.row] = line[:f.col]
		return true
	case &k.DeleteToStart:
		if f.col == 0 {
			return false
		}
		f.lines[f.row] = append([]rune(nil), line[f.col:]...)
		f.col = 0
		return true
	case &k.Newline:
		if !f.multiline {
			return false
		}
		f.insert("\n")
		return true
	}
	return false
}

func (f *textField) deleteBack() bool {
	line := f.lines[f.row]
	switch {
	case f.col > 0:
		f.lines[f.row] = append(line[:f.col-1:f.col-1], line[f.col:]...)
		f.col--
	case f.row > 0:
		prev := f.lines[f.row-1]
		f.col = len(prev)
		f.lines[f.row-1] = append(prev[:len(prev):len(prev)], line...)
		f.lines = append(f.lines[:f.row], f.lines[f.row+1:]...)
		f.row--
	default:
		return false
	}
	return true
}

func (f *textField) deleteForward() bool {
	line := f.lines[f.row]
	switch {
	case f.col < len(line):
		f.lines[f.row] = append(line[:f.col:f.col], line[f.col+1:]...)
	case f.row < len(f.lines)-1:
		f.lines[f.row] = append(line[:len(line):len(line)], f.lines[f.row+1]...)
		f.lines = append(f.lines[:f.row+1], f.lines[f.row+2:]...)
	default:
		return false
	}
	return true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// wordStart is where the word before col begins.
func wordStart(line []rune, col int) int {
	for col > 0 && !isWordRune(line[col-1]) {
		col--
	}
	for col > 0 && isWordRune(line[col-1]) {
		col--
	}
	return col
}

// wordEnd is where the word after col ends.
func wordEnd(line []rune, col int) int {
	for col < len(line) && !isWordRune(line[col]) {
		col++
	}
	for col < len(line) && isWordRune(line[col]) {
		col++
	}
	return col
}

// segment is one screen row of the text: runes [start, end) of a line.
type segment struct{ line, start, end int }

// wrapped cuts every line into rows of at most w cells, breaking between
// characters (a call is JSON, not prose), and finds the cursor's row and
// cell. A cursor just past a full row goes to the start of a row of its
// own, as in most editors.
func (f textField) wrapped() (rows []segment, crow, ccol int) {
	for i, line := range f.lines {
		start, width := 0, 0
		for j, r := range line {
			rw := f.cellWidth(r)
			if width+rw > f.w && j > start {
				rows = append(rows, segment{i, start, j})
				start, width = j, 0
			}
			if i == f.row && j == f.col {
				crow, ccol = len(rows), width
			}
			width += rw
		}
		rows = append(rows, segment{i, start, len(line)})
		if i == f.row && f.col == len(line) {
			crow, ccol = len(rows)-1, width
			if width >= f.w {
				rows = append(rows, segment{i, len(line), len(line)})
				crow, ccol = len(rows)-1, 0
			}
		}
	}
	return rows, crow, ccol
}

// scroll moves the view so the cursor is inside it: down the rows of a
// wrapped field, sideways along a one-line one.
func (f *textField) scroll() {
	if f.multiline {
		_, crow, _ := f.wrapped()
		if crow < f.top {
			f.top = crow
		}
		if crow >= f.top+f.h {
			f.top = crow - f.h + 1
		}
		return
	}
	if f.col < f.left {
		f.left = f.col
	}
	line := f.lines[0]
	for f.left < f.col && f.width(line[f.left:f.col]) >= f.w {
		f.left++
	}
}

// width is the cells runes rs take on screen.
func (f textField) width(rs []rune) int {
	n := 0
	for _, r := range rs {
		n += f.cellWidth(r)
	}
	return n
}

// view is the visible text, at most h rows of at most w cells, and the
// cursor's cell in it.
func (f textField) view() (lines []string, cx, cy int) {
	if !f.multiline {
		line := f.lines[0]
		start := min(f.left, len(line))
		return []string{clip(f.marked(0, start, len(line)), f.w)}, f.width(line[start:f.col]), 0
	}
	rows, crow, ccol := f.wrapped()
	top := min(f.top, max(len(rows)-1, 0))
	lines = make([]string, 0, f.h)
	for i, r := range rows[top:min(len(rows), top+f.h)] {
		end := r.end
		if top+i+1 < len(rows) && rows[top+i+1].line == r.line {
			end = -r.end // a row the line goes on from: a mark past it is not here
		}
		lines = append(lines, f.marked(r.line, r.start, end))
	}
	return lines, ccol, crow - top
}

// marked is runes [start, end) of line as the screen shows them, with the
// marks among them styled. A negative end is a row that the line
// continues after; otherwise a mark at end is a cell after the text.
func (f textField) marked(line, start, end int) string {
	last := end >= 0
	if end < 0 {
		end = -end
	}
	rs := f.lines[line][start:end]
	var hit []int
	for _, m := range f.marks {
		if m.line == line && m.col >= start && (m.col < end || last && m.col == end) {
			hit = append(hit, m.col-start)
		}
	}
	if len(hit) == 0 {
		return f.cells(rs)
	}
	var b strings.Builder
	for j, r := range rs {
		if slices.Contains(hit, j) {
			b.WriteString(f.markStyle(f.cell(r)))
			continue
		}
		b.WriteString(f.cell(r))
	}
	if slices.Contains(hit, len(rs)) {
		b.WriteString(f.markStyle(" "))
	}
	return b.String()
}

// empty reports whether the field holds nothing but white space.
func (f textField) empty() bool {
	for _, l := range f.lines {
		for _, r := range l {
			if !unicode.IsSpace(r) {
				return false
			}
		}
	}
	return true
}
