package tui

import (
	"fmt"
	"strings"
	"testing"
	"toolbench/core/call"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
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
	t.Parallel()
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
	t.Parallel()
	m := withDeep(t, press(t, newLoadedModel(t, roomTools, 120, 40), "tab", "tab"))
	next, _ := m.Update(tea.PasteMsg{Content: deepInvalid}) // the deep check not run
	s := screen(next.(model))
	if strings.Contains(s, "✓ valid") || !strings.Contains(s, "✓ flat check: valid") || !strings.Contains(s, "checking against the schema") {
		t.Errorf("while the deep check runs the call should be valid by the flat check only:\n%s", s)
	}
}

func TestADeepValidCallIsValid(t *testing.T) {
	t.Parallel()
	m := withDeep(t, press(t, newLoadedModel(t, roomTools, 120, 40), "tab", "tab"))
	m = update(t, m, tea.PasteMsg{Content: `{"name": "book_room", "arguments": {"room": "AB-123-north-wing-floor-2", "people": 4}}`})
	if s := screen(m); !strings.Contains(s, "✓ valid") || !strings.Contains(s, "✓ schema: valid") {
		t.Errorf("a call both checks pass should be valid:\n%s", s)
	}
}

// callResults is the call pane's results as the screen shows them, a
// line each, without the border.
func callResults(t *testing.T, m model) []string {
	t.Helper()
	lines := strings.Split(ansi.Strip(m.call.View()), "\n")
	for i, l := range lines {
		if strings.Contains(l, "───") && i > 0 {
			var out []string
			for _, r := range lines[i+1 : len(lines)-1] {
				r = strings.TrimSuffix(strings.TrimPrefix(r, "┃"), "┃")
				out = append(out, r)
			}
			return out
		}
	}
	t.Fatalf("the call pane has no rule over its results:\n%s", strings.Join(lines, "\n"))
	return nil
}

// squeezed is s without its white space: what is left of a message that
// is wrapped and indented.
func squeezed(s string) string { return strings.Join(strings.Fields(s), "") }

func TestLongResultsWrapAtThePaneWidth(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		text string
		want func(m model) []string // the messages the results must hold whole
	}{
		{"schema errors", deepInvalid, func(m model) []string {
			var msgs []string
			for _, e := range m.call.deepErrs() {
				msgs = append(msgs, "schema "+e.Path+": "+e.Message)
			}
			return msgs
		}},
		{"a malformed call", `{"function": {"name": "book_room", "arguments": "{\"room\": \"AB-123\""}}`, func(m model) []string {
			return m.call.errs()
		}},
		{"a malformed call in a batch", `{"name": "book_room", "arguments": {"room": "AB-123-north-wing-floor-2"}}` + "\n" + `{"function": {"name": "book_room", "arguments": "{\"room\": \"AB-123\""}}`, func(m model) []string {
			return call.Strings(m.call.results[1].errs)
		}},
	}
	for _, tc := range cases {
		// Tall enough for every result to be on screen.
		for _, size := range []struct{ w, h int }{{120, 60}, {80, 60}} {
			t.Run(fmt.Sprintf("%s/%dx%d", tc.name, size.w, size.h), func(t *testing.T) {
				m := withDeep(t, press(t, newLoadedModel(t, roomTools, size.w, size.h), "tab", "tab"))
				m = update(t, m, tea.PasteMsg{Content: tc.text})
				msgs := tc.want(m)
				if len(msgs) == 0 {
					t.Fatal("the call has no errors to show")
				}
				results := callResults(t, m)
				inner := m.call.innerWidth()
				for _, l := range results {
					if strings.Contains(l, "…") || ansi.StringWidth(l) != inner {
						t.Errorf("result line cut or not %d cells wide: %q", inner, l)
					}
				}
				all := squeezed(strings.Join(results, " "))
				long := 0
				for _, msg := range msgs {
					if width(msg) > inner {
						long++
					}
					if !strings.Contains(all, squeezed(msg)) {
						t.Errorf("the results do not hold %q whole:\n%s", msg, strings.Join(results, "\n"))
					}
				}
				if long == 0 {
					t.Errorf("no message is wider than the pane's %d cells, so nothing needed wrapping: %q", inner, msgs)
				}
			})
		}
	}
}

func TestWhatACallSentBringsBackWrapsAtThePaneWidth(t *testing.T) {
	t.Parallel()
	content := "The room AB-123 on the north wing is booked from nine to ten for four people; 会議室の予約が完了しました。"
	for _, size := range []struct{ w, h int }{{120, 60}, {80, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			m := press(t, newLoadedModel(t, roomTools, size.w, size.h), "tab", "tab")
			m = update(t, m, tea.PasteMsg{Content: `{"name": "book_room", "arguments": {"room": "AB-123-north-wing-floor-2"}}`})
			m.call.showRun(runShown{head: "book_room: ok 4 ms", lines: []string{shown(content, maxText)}})
			results := callResults(t, m)
			inner := m.call.innerWidth()
			for _, l := range results {
				if strings.Contains(l, "…") {
					t.Errorf("result line cut: %q", l)
				}
			}
			if width(content) <= inner {
				t.Fatalf("the content fits the pane's %d cells, so nothing needs wrapping", inner)
			}
			if !strings.Contains(squeezed(strings.Join(results, " ")), squeezed(content)) {
				t.Errorf("the results do not hold the content whole:\n%s", strings.Join(results, "\n"))
			}
		})
	}
}

func TestTheTestersMessagesBreakOnlyAtSpaces(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 80, 30)
	inner := m.call.innerWidth()
	lead := m.st.err.Render(" ✗ ")
	for k := range inner {
		// The name moves along the line with k, so that the border falls
		// at each of its hyphens in turn.
		text := m.st.muted.Render(strings.Repeat("x", k)+" no tool named ") + "get-weather-forecast-for-tomorrow" + " in the list"
		lines := m.call.wrapped(lead, text)
		plain := ansi.Strip(strings.Join(lines, "\n"))
		if !strings.Contains(plain, "get-weather-forecast-for-tomorrow") {
			t.Errorf("at %d the name is split:\n%s", k, plain)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > inner {
				t.Errorf("at %d a line is %d cells, more than the pane's %d: %q", k, ansi.StringWidth(l), inner, ansi.Strip(l))
			}
		}
	}
}
