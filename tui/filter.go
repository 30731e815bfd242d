package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/termtext"
)

// listFilter is the text filter of a list pane (Tools, Issues): a one-line
// field drawn as " /text" on the line under the pane's header, and whether
// it has the keys. The panes decide what the text sifts.
type listFilter struct {
	field  textField
	typing bool
}

func newListFilter(keys *keyMap) listFilter {
	return listFilter{field: newTextField(&keys.edit, false, termtext.EscapeRune)}
}

// setWidth fits the field to a pane w cells wide inside its border,
// after the prompt.
func (f *listFilter) setWidth(w int) { f.field.SetSize(max(w-2, 1), 1) }

// value is the text as typed.
func (f listFilter) value() string { return f.field.Value() }

// query is the text rows are matched against: trimmed, in lower case.
func (f listFilter) query() string { return strings.ToLower(strings.TrimSpace(f.field.Value())) }

// shown reports whether the filter has its line: while it is typed or
// holds text.
func (f listFilter) shown() bool { return f.typing || f.field.Value() != "" }

// update applies a key or a paste to the text and reports whether the
// text changed.
func (f *listFilter) update(msg tea.Msg) bool {
	var changed bool
	f.field, changed = f.field.Update(msg)
	return changed
}

// clear stops typing and empties the text, reporting whether it held any.
func (f *listFilter) clear() bool {
	f.typing = false
	if f.field.Value() == "" {
		return false
	}
	f.field.SetValue("")
	return true
}

// line draws the filter's line, at most w cells: the prompt marked while
// the filter has the keys.
func (f listFilter) line(st *styles, w int) string {
	text, _, _ := f.field.view()
	line := ""
	if len(text) > 0 {
		line = text[0]
	}
	prompt := st.muted.Render("/")
	if f.typing {
		prompt = st.marker.Render("/")
	}
	return clip(" "+prompt+line, w)
}

// cursor is where the filter's cursor is in its pane's cells (past the
// border, the space and the prompt, on the line under the header), and
// whether it is shown.
func (f listFilter) cursor() (x, y int, ok bool) {
	if !f.typing {
		return 0, 0, false
	}
	_, cx, _ := f.field.view()
	return 1 + 2 + cx, 1 + 1, true
}
