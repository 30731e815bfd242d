package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// roomTools is a tool whose schema holds what only the deep check sees:
// a pattern, bounds and a format.
const roomTools = `[
  {
    "type": "function",
    "function": {
      "name": "book_room",
      "description": "Book a meeting room for a time slot in the office building.",
      "parameters": {
        "type": "object",
        "properties": {
          "room": {"type": "string", "description": "Room code.", "pattern": "^[A-Z]{2}-[0-9]{3}-(north|south|east|west)-wing-floor-[0-9]+$"},
          "people": {"type": "integer", "description": "How many.", "minimum": 1, "maximum": 20},
          "when": {"type": "string", "description": "Start time.", "format": "date-time"}
        },
        "required": ["room"]
      }
    }
  }
]
`

// deepInvalid passes the flat check and breaks the schema three ways; its
// room is long, and partly of wide characters, so its pattern error is
// longer than the pane at any size.
const deepInvalid = `{"name": "book_room", "arguments": {"room": "東京-会議室-somewhere-in-the-building-by-the-long-corridor-on-the-left", "people": 50, "when": "tomorrow"}}`

// withDeep is m with deep validation on, from the call tester.
func withDeep(t *testing.T, m model) model {
	t.Helper()
	return press(t, m, "esc", "d", "i")
}

func TestADeepInvalidCallIsNotCalledValid(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string // on the screen
	}{
		{"one call", deepInvalid, []string{"✓ flat check: valid · ✗ schema: 3 errors", "✗ schema /people: maximum"}},
		{"a batch", `{"name": "book_room", "arguments": {"room": "AB-123-north-wing-floor-2"}}` + "\n" + deepInvalid,
			[]string{"2 calls: 1 valid, 1 invalid", "line 1 ✓ valid", "line 2 ✓ flat check: valid · ✗ schema: 3 errors"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := withDeep(t, press(t, newLoadedModel(t, roomTools, 120, 40), "tab", "tab"))
			m = update(t, m, tea.PasteMsg{Content: tc.text})
			last := m.call.results[len(m.call.results)-1]
			if len(last.errs) != 0 || len(last.deep) != 3 {
				t.Fatalf("errors %q, deep errors %+v: want none and 3", last.errs, last.deep)
			}
			s := screen(m)
			for _, w := range tc.want {
				if !strings.Contains(s, w) {
					t.Errorf("the screen lacks %q:\n%s", w, s)
				}
			}
			if l := lineOf(s, "✓ valid"); l != "" && !strings.Contains(l, "line 1") {
				t.Errorf("a call with schema errors is called valid: %q", l)
			}
		})
	}
}

func TestACallIsNotCalledValidBeforeTheDeepCheckAnswers(t *testing.T) {
	m := withDeep(t, press(t, newLoadedModel(t, roomTools, 120, 40), "tab", "tab"))
	next, _ := m.Update(tea.PasteMsg{Content: deepInvalid}) // the deep check not run
	s := screen(next.(model))
	if strings.Contains(s, "✓ valid") || !strings.Contains(s, "✓ flat check: valid") || !strings.Contains(s, "checking against the schema") {
		t.Errorf("while the deep check runs the call should be valid by the flat check only:\n%s", s)
	}
}

func TestADeepValidCallIsValid(t *testing.T) {
	m := withDeep(t, press(t, newLoadedModel(t, roomTools, 120, 40), "tab", "tab"))
	m = update(t, m, tea.PasteMsg{Content: `{"name": "book_room", "arguments": {"room": "AB-123-north-wing-floor-2", "people": 4}}`})
	if s := screen(m); !strings.Contains(s, "✓ valid") || !strings.Contains(s, "✓ schema: valid") {
		t.Errorf("a call both checks pass should be valid:\n%s", s)
	}
}
