package tui

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// textField is a small text editor: several lines for the call tester,
// one for the tools filter. It is toolbench's own rather than bubbles'
// textarea because of what may enter it: text arrives from pastes and
// from sample calls built out of the tools file, and a bidi override or
// a zero-width character there would reach the screen. Here every such
// character is rewritten as it arrives, by escape, so the text on screen
// is always the text that is checked.
type textField struct {
	keys      *editKeys // shared, never changed
	multiline bool
	// escape writes a character the screen must not get raw: a JSON
	// \u escape in the tester (the call means the same), the \u{...}
	// form of termtext.Escape in the filter (which is how names are shown).
	escape func(rune) string

	lines    [][]rune
	row, col int // the cursor, in runes
	top      int // the first screen row shown, when multiline
	left     int // the first rune shown, when not
	w, h     int
}

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

// SetValue replaces the text and puts the cursor at its end.
func (f *textField) SetValue(s string) {
	f.lines = [][]rune{nil}
	f.row, f.col, f.top, f.left = 0, 0, 0, 0
	f.insert(s)
}

// MoveToStart puts the cursor at the start of the text.
func (f *textField) MoveToStart() {
	f.row, f.col = 0, 0
	f.scroll()
}

// SetSize sets the cells the field is shown in.
func (f *textField) SetSize(w, h int) {
	f.w, f.h = max(w, 1), max(h, 1)
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

// Update applies a key press or a paste and reports whether the text
// changed. The text is copied before it changes (the list of lines; each
// edited line is built anew), so an earlier textField value keeps its own.
func (f textField) Update(msg tea.Msg) (textField, bool) {
	f.lines = slices.Clone(f.lines)
	switch msg := msg.(type) {
	case tea.PasteMsg:
		f.insert(msg.Content)
		return f, true
	case tea.KeyPressMsg:
		changed := f.key(msg)
		f.scroll()
		return f, changed
	}
	return f, false
}

func (f *textField) key(msg tea.KeyPressMsg) bool {
	k := f.keys
	line := f.lines[f.row]
	switch {
	case key.Matches(msg, k.Left):
		if f.col > 0 {
			f.col--
		} else if f.row > 0 {
			f.row--
			f.col = len(f.lines[f.row])
		}
	case key.Matches(msg, k.Right):
		if f.col < len(line) {
			f.col++
		} else if f.row < len(f.lines)-1 {
			f.row++
			f.col = 0
		}
	case key.Matches(msg, k.Up):
		if f.row > 0 {
			f.row--
			f.col = min(f.col, len(f.lines[f.row]))
		}
	case key.Matches(msg, k.Down):
		if f.row < len(f.lines)-1 {
			f.row++
			f.col = min(f.col, len(f.lines[f.row]))
		}
	case key.Matches(msg, k.WordLeft):
		f.col = wordStart(line, f.col)
	case key.Matches(msg, k.WordRight):
		f.col = wordEnd(line, f.col)
	case key.Matches(msg, k.LineStart):
		f.col = 0
	case key.Matches(msg, k.LineEnd):
		f.col = len(line)
	case key.Matches(msg, k.Start):
		f.row, f.col = 0, 0
	case key.Matches(msg, k.End):
		f.row = len(f.lines) - 1
		f.col = len(f.lines[f.row])
	case key.Matches(msg, k.DeleteBack):
		return f.deleteBack()
	case key.Matches(msg, k.Delete):
		return f.deleteForward()
	case key.Matches(msg, k.DeleteWordBack):
		start := wordStart(line, f.col)
		if start == f.col {
			return f.deleteBack()
		}
		f.lines[f.row] = append(line[:start:start], line[f.col:]...)
		f.col = start
		return true
	case key.Matches(msg, k.DeleteToEnd):
		if f.col == len(line) {
			return f.deleteForward()
		}
		f.lines[f.row] = line[:f.col]
		return true
	case key.Matches(msg, k.DeleteToStart):
		if f.col == 0 {
			return false
		}
		f.lines[f.row] = append([]rune(nil), line[f.col:]...)
		f.col = 0
		return true
	case f.multiline && key.Matches(msg, k.Newline):
		f.insert("\n")
		return true
	case msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) == 0:
		f.insert(msg.Text)
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
			rw := runewidth.RuneWidth(r)
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
	for f.left < f.col && ansi.StringWidth(string(line[f.left:f.col])) >= f.w {
		f.left++
	}
}

// view is the visible text, at most h rows of at most w cells, and the
// cursor's cell in it.
func (f textField) view() (lines []string, cx, cy int) {
	if !f.multiline {
		line := f.lines[0]
		start := min(f.left, len(line))
		return []string{clip(string(line[start:]), f.w)}, ansi.StringWidth(string(line[start:f.col])), 0
	}
	rows, crow, ccol := f.wrapped()
	top := min(f.top, max(len(rows)-1, 0))
	lines = make([]string, 0, f.h)
	for _, r := range rows[top:min(len(rows), top+f.h)] {
		lines = append(lines, string(f.lines[r.line][r.start:r.end]))
	}
	return lines, ccol, crow - top
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
