package tui

import (
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// hostileTools hides terminal controls and a bidi override in every
// place the workbench shows text from the file: a tool name, a property
// name, a description, and so in the issues about them.
const hostileTools = `[
  {"type": "function", "function": {
    "name": "evil\u001b[2J",
    "description": "Clears the screen \u202e and hides text.",
    "parameters": {"type": "object",
      "properties": {
        "k\u0007ey": {"type": "string", "description": "rings \u202e the bell\u001b]0;title\u0007"}
      },
      "required": ["k\u0007ey", "gh\u200bost"]}}}
]`

func TestUntrustedTextIsShownEscaped(t *testing.T) {
	t.Parallel()
	m := newModel(Options{File: "evil\x1b[31m.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 160, Height: 40})
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "evil\x1b[31m.json", hostileTools, lint.Options{})})

	screens := map[string]model{
		"tools":      m,
		"issues":     press(t, m, "tab"),
		"all issues": press(t, m, "tab", "a"),
		"sample":     press(t, m, "ctrl+s"),
	}
	raw := []string{"\x1b[2J", "\x1b]0;", "\x07", "\u202e", "\u200b", "\x1b[31m.json"}
	for name, sm := range screens {
		content := sm.View().Content
		for _, r := range raw {
			if strings.Contains(content, r) {
				t.Errorf("%s: the screen holds %q raw", name, r)
			}
		}
	}
	s := screen(m)
	for _, want := range []string{`evil\x1b[2J`, `k\x07ey`, `rings \u{202E} the bell`, `evil\x1b[31m.json`} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks the escaped %q:\n%s", want, s)
		}
	}
	if is := screen(screens["all issues"]); !strings.Contains(is, `gh\u{200B}ost`) {
		t.Errorf("the issue about the hidden character should show it escaped:\n%s", is)
	}
	if call := screens["sample"].call.input.Value(); strings.ContainsAny(call, "\x1b\x07\u202e") {
		t.Errorf("the sample call holds raw controls: %q", call)
	}
}

func TestTextFieldEscapesHiddenCharactersAsTheyArrive(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		multi  bool
		escape func(rune) string
		in     string
		want   string
	}{
		{"json escape in the tester", true, jsonRuneEscape, "a\u202eb\u200bc", `a\u202eb\u200bc`},
		{"astral characters as a surrogate pair", true, jsonRuneEscape, "x\U000E0041y", `x\udb40\udc41y`},
		{"escape sequence", true, jsonRuneEscape, "\x1b[2J", `\u001b[2J`},
		{"core escapes in the filter", false, termtext.EscapeRune, "a\u202eb", `a\u{202E}b`},
		{"newlines end lines in the tester", true, jsonRuneEscape, "a\r\nb\rc\nd", "a\nb\nc\nd"},
		{"newlines are spaces in the filter", false, termtext.EscapeRune, "a\nb", "a b"},
		{"tabs are spaces", true, jsonRuneEscape, "\tx", "  x"},
		{"plain text is kept", true, jsonRuneEscape, `{"name": "é ✓"}`, `{"name": "é ✓"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newTextField(&testEditKeys, tc.multi, tc.escape)
			f.SetValue(tc.in)
			if got := f.Value(); got != tc.want {
				t.Errorf("value %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTextFieldEditing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []string
		want string
	}{
		{"typing", []string{"a", "b"}, "ab"},
		{"backspace", []string{"a", "b", "backspace"}, "a"},
		{"enter splits a line", []string{"a", "b", "left", "enter"}, "a\nb"},
		{"backspace joins lines", []string{"a", "enter", "b", "left", "backspace"}, "ab"},
		{"delete joins the next line", []string{"a", "enter", "b", "up", "end", "delete"}, "ab"},
		{"ctrl+w deletes a word", []string{"f", "o", "o", " ", "b", "a", "r", "ctrl+w"}, "foo "},
		{"ctrl+u deletes to the line start", []string{"a", "b", "left", "ctrl+u"}, "b"},
		{"ctrl+k deletes to the line end", []string{"a", "b", "home", "ctrl+k"}, ""},
		{"insert in the middle", []string{"a", "c", "left", "b"}, "abc"},
		{"space", []string{"a", "space", "b"}, "a b"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newTextField(&testEditKeys, true, jsonRuneEscape)
			f.SetSize(20, 3)
			for _, k := range tc.keys {
				f, _ = f.Update(fieldKey(k))
			}
			if got := f.Value(); got != tc.want {
				t.Errorf("value %q, want %q", got, tc.want)
			}
		})
	}
}

var testEditKeys = defaultEditKeys()

// fieldKey is what the key table hands a field for the key name: the
// editing key's binding, or else the key press, typed.
func fieldKey(name string) tea.Msg {
	k := fieldKeyPress(name)
	for _, b := range []*key.Binding{
		&testEditKeys.Left, &testEditKeys.Right, &testEditKeys.Up, &testEditKeys.Down,
		&testEditKeys.WordLeft, &testEditKeys.WordRight, &testEditKeys.LineStart, &testEditKeys.LineEnd,
		&testEditKeys.Start, &testEditKeys.End, &testEditKeys.DeleteBack, &testEditKeys.Delete,
		&testEditKeys.DeleteWordBack, &testEditKeys.DeleteToEnd, &testEditKeys.DeleteToStart, &testEditKeys.Newline,
	} {
		if key.Matches(k, *b) {
			return editMsg{b}
		}
	}
	return k
}

func fieldKeyPress(name string) tea.KeyPressMsg {
	switch name {
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "delete":
		return tea.KeyPressMsg{Code: tea.KeyDelete}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "ctrl+w", "ctrl+u", "ctrl+k":
		return tea.KeyPressMsg{Code: rune(name[5]), Mod: tea.ModCtrl}
	}
	return keyPress(name)
}

func TestTextFieldWrapsAndKeepsTheCursorInView(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		multi  bool
		w, h   int
		text   string
		keys   []string
		want   []string
		cx, cy int
	}{
		{"a long line wraps", true, 10, 3, "line three is long", nil, []string{"line three", " is long"}, 8, 1},
		{"the view follows the cursor down", true, 10, 2, "one\ntwo\nthree is long", nil, []string{"three is l", "ong"}, 3, 1},
		{"and back up", true, 10, 2, "one\ntwo\nthree", []string{"up", "up"}, []string{"one", "two"}, 3, 0},
		{"a full row puts the cursor on the next", true, 4, 3, "abcd", nil, []string{"abcd", ""}, 0, 1},
		{"wide characters wrap by cells", true, 5, 3, "日本語です", nil, []string{"日本", "語で", "す"}, 2, 2},
		{"one line scrolls sideways", false, 5, 1, "abcdefgh", nil, []string{"efgh"}, 4, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newTextField(&testEditKeys, tc.multi, jsonRuneEscape)
			f.SetSize(tc.w, tc.h)
			f.SetValue(tc.text)
			for _, k := range tc.keys {
				f, _ = f.Update(fieldKey(k))
			}
			lines, cx, cy := f.view()
			if strings.Join(lines, "|") != strings.Join(tc.want, "|") || cx != tc.cx || cy != tc.cy {
				t.Errorf("view %q cursor %d,%d; want %q cursor %d,%d", lines, cx, cy, tc.want, tc.cx, tc.cy)
			}
		})
	}
}

func TestHugeStringsFromTheFileDoNotStallTheScreen(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("long words ", 1<<20/11) // about 1 MB
	doc := `[{"name": "` + strings.Repeat("n", 1<<20) + `", "description": "` + big + `",
	  "parameters": {"type": "object", "properties": {"` + strings.Repeat("k", 1<<20) + `": {"type": "string", "description": "` + big + `"}}}}]`
	m := newModel(Options{File: "tools.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", doc, lint.Options{})})
	m = press(t, m, "tab", "a")
	start := time.Now()
	const frames = 20
	for range frames {
		m.View()
	}
	if per := time.Since(start) / frames; per > 20*time.Millisecond {
		t.Errorf("a frame takes %v with megabyte strings, want well under 20ms", per)
	}
	if s := screen(m); !strings.Contains(s, "nnnn") || len(s) > 64<<10 {
		t.Errorf("the screen should show the start of the name and stay small (%d bytes)", len(s))
	}
}

func TestShownCutsAtACharacterAndEscapes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   string
		n    int
		want string
	}{
		{"short text is kept", "abc", 10, "abc"},
		{"long text is cut", "abcdef", 3, "abc…"},
		{"a cut never splits a character", "aé", 2, "a…"},
		{"escapes after cutting", "\x1b[2Jabc", 5, `\x1b[2Ja…`},
		{"newlines are escaped", "a\nb", 10, `a\nb`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := shown(tc.in, tc.n); got != tc.want {
				t.Errorf("shown(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
			}
		})
	}
}
