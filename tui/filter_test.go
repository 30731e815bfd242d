package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestAListFilterDrawsItsLineAndCursor(t *testing.T) {
	t.Parallel()
	st, keys := newStyles(true), newKeyMap()
	cases := []struct {
		name    string
		text    string
		typing  bool
		width   int
		line    string // unstyled
		shown   bool
		cursorX int    // -1 when no cursor is shown
		query   string // what rows are matched against
	}{
		{"closed", "", false, 20, " /", false, -1, ""},
		{"typing nothing", "", true, 20, " /", true, 3, ""},
		{"typing", "Type ", true, 20, " /Type", true, 8, "type"},
		{"kept after typing", "type", false, 20, " /type", true, -1, "type"},
		{"hidden characters escaped", "a\u202eb", false, 20, ` /a\u{202E}b`, true, -1, `a\u{202e}b`},
		{"scrolled within the pane", strings.Repeat("x", 30), true, 12, " /xxxxxxxxx", true, 12, strings.Repeat("x", 30)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newListFilter(keys)
			f.setWidth(tc.width)
			f.field.SetValue(tc.text)
			f.typing = tc.typing
			if got := ansi.Strip(f.line(st, tc.width)); strings.TrimRight(got, " ") != tc.line {
				t.Errorf("line %q, want %q", got, tc.line)
			}
			if f.shown() != tc.shown {
				t.Errorf("shown %v, want %v", f.shown(), tc.shown)
			}
			x, y, ok := f.cursor()
			switch {
			case tc.cursorX < 0 && ok:
				t.Errorf("a cursor at %d,%d while the filter does not have the keys", x, y)
			case tc.cursorX >= 0 && (!ok || x != tc.cursorX || y != 2):
				t.Errorf("cursor %d,%d (shown %v), want %d,2", x, y, ok, tc.cursorX)
			}
			if got := f.query(); got != tc.query {
				t.Errorf("query %q, want %q", got, tc.query)
			}
		})
	}
}

func TestClearingAListFilterSaysWhetherItHeldText(t *testing.T) {
	t.Parallel()
	f := newListFilter(newKeyMap())
	f.typing = true
	if f.clear() || f.typing {
		t.Errorf("clearing an empty filter: held text, or still typing %v", f.typing)
	}
	f.field.SetValue("x")
	if !f.clear() || f.value() != "" {
		t.Errorf("clearing %q should report it and leave nothing, left %q", "x", f.value())
	}
}
