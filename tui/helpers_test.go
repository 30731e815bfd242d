package tui

import (
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/watch"
)

// testTools is a small document: a clean tool and one whose required
// list names a parameter it does not define.
const testTools = `[
  {
    "type": "function",
    "function": {
      "name": "search",
      "description": "Search the index for documents that match a query.",
      "parameters": {
        "type": "object",
        "properties": {
          "query": {"type": "string", "description": "Words to look for."},
          "limit": {"type": "integer", "description": "Most results to return.", "minimum": 1}
        },
        "required": ["query"]
      }
    }
  },
  {
    "type": "function",
    "function": {
      "name": "get_weather",
      "description": "Get the current weather for a city, in the units asked for.",
      "parameters": {
        "type": "object",
        "properties": {
          "city": {"type": "string", "description": "City name."},
          "units": {"type": "string", "enum": ["metric", "imperial"], "description": "Unit system."}
        },
        "required": ["city", "country"]
      }
    }
  }
]
`

// loadTime is the load time tests show, fixed so screens compare.
var loadTime = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

// lintSnapshot parses and lints src as the watcher would.
func lintSnapshot(t testing.TB, name, src string, opts lint.Options) *snapshot {
	t.Helper()
	doc, err := jsondoc.Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return newSnapshot(lint.Lint(doc, opts), loadTime)
}

// fakeSource is a source that delivers what a test puts on its channel
// and records the options it is asked for.
type fakeSource struct {
	events chan watch.Event
	mu     sync.Mutex
	opts   []lint.Options
}

func newFakeSource() *fakeSource { return &fakeSource{events: make(chan watch.Event, 4)} }

func (f *fakeSource) Events() <-chan watch.Event { return f.events }

func (f *fakeSource) SetOptions(o lint.Options) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.opts = append(f.opts, o)
}

func (f *fakeSource) asked() []lint.Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]lint.Options(nil), f.opts...)
}

// newLoadedModel is the workbench on "tools.json" holding src, sized
// w x h, with src's load already arrived. It has no source, so no
// command waits for a next load; it shows itself watching, as it would.
func newLoadedModel(t testing.TB, src string, w, h int) model {
	t.Helper()
	m := newModel(Options{File: "tools.json", Editor: "vi"}, nil)
	m.watching = true
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", src, lint.Options{})})
}

// update runs one message through Update and then the commands it
// returns that finish at once (deep checks), as the program would.
func update(t testing.TB, m model, msg tea.Msg) model {
	t.Helper()
	next, cmd := m.Update(msg)
	m = next.(model)
	return runQuick(t, m, cmd)
}

// runQuick runs the results of the workbench's own commands (deep
// checks) back through Update; it drops the messages that act on the
// terminal. Tests that use it have no source, so no command waits.
func runQuick(t testing.TB, m model, cmd tea.Cmd) model {
	t.Helper()
	for _, msg := range quickMsgs(cmd) {
		next, more := m.Update(msg)
		m = runQuick(t, next.(model), more)
	}
	return m
}

func quickMsgs(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-done:
	case <-time.After(30 * time.Second):
		// A guard against a command that never returns, not a measure:
		// the commands of a load of 10,000 tools take seconds on a
		// machine busy with other tests.
		panic("a command did not finish within 30s")
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, quickMsgs(c)...)
		}
		return out
	case deepCheckedMsg, siftedMsg, costsMsg, compatMsg, callDoneMsg, fixPlannedMsg, driftMsg, crossServerCheckedMsg:
		return []tea.Msg{msg}
	}
	return nil
}

// keyPress is the key press a name stands for: "tab", "shift+tab",
// "ctrl+s", "esc", "enter", "backspace", "up", "down", or one character.
func keyPress(name string) tea.KeyPressMsg {
	named := map[string]tea.KeyPressMsg{
		"tab":       {Code: tea.KeyTab},
		"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"esc":       {Code: tea.KeyEscape},
		"enter":     {Code: tea.KeyEnter},
		"backspace": {Code: tea.KeyBackspace},
		"up":        {Code: tea.KeyUp},
		"down":      {Code: tea.KeyDown},
		"ctrl+c":    {Code: 'c', Mod: tea.ModCtrl},
		"ctrl+s":    {Code: 's', Mod: tea.ModCtrl},
		"ctrl+f":    {Code: 'f', Mod: tea.ModCtrl},
		"ctrl+d":    {Code: 'd', Mod: tea.ModCtrl},
		"ctrl+w":    {Code: 'w', Mod: tea.ModCtrl},
		"ctrl+r":    {Code: 'r', Mod: tea.ModCtrl},
		"ctrl+p":    {Code: 'p', Mod: tea.ModCtrl},
		"ctrl+n":    {Code: 'n', Mod: tea.ModCtrl},
		"ctrl+u":    {Code: 'u', Mod: tea.ModCtrl},
		"end":       {Code: tea.KeyEnd},
		"left":      {Code: tea.KeyLeft},
		"right":     {Code: tea.KeyRight},
		"space":     {Code: tea.KeySpace, Text: " "},
	}
	if k, ok := named[name]; ok {
		return k
	}
	r := []rune(name)[0]
	return tea.KeyPressMsg{Code: r, Text: name}
}

// press sends the named keys one after another.
func press(t testing.TB, m model, names ...string) model {
	t.Helper()
	for _, n := range names {
		m = update(t, m, keyPress(n))
	}
	return m
}

// typeText types s a character at a time, as a person does.
func typeText(t testing.TB, m model, s string) model {
	t.Helper()
	for _, r := range s {
		m = update(t, m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

// screen is the model's screen without styles.
func screen(m model) string { return ansi.Strip(m.View().Content) }

// isQuit reports whether cmd quits the program.
func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

// lineOf is the first screen line holding s, or "".
func lineOf(screen, s string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}
