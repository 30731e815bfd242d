package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/internal/gen"
	"toolbench/watch"
)

// keyScene is a state of the workbench to press keys in, built anew for
// every key so that no key sees what another did.
type keyScene struct {
	name  string
	build func(t *testing.T) model
}

// formTools has a tool whose form has a text field, a boolean and a
// choice between two other fields, so that every key of the form has
// somewhere to go from each.
const formTools = `[{"type": "function", "function": {"name": "book", "description": "Book a room for a meeting.",
  "parameters": {"type": "object", "properties": {
    "room": {"type": "string"}, "title": {"type": "string"}, "private": {"type": "boolean"},
    "size": {"type": "string", "enum": ["small", "large"]}, "note": {"type": "string"}},
  "required": ["room"]}}}]`

// keyServerTools is a server's listing whose middle tool has three
// parameters, and a tool that is asked about before it runs.
const keyServerTools = `{"tools": [
{"name":"ping","description":"Answer pong, to see the server is up.","inputSchema":{"type":"object","properties":{}},"annotations":{"readOnlyHint":true}},
{"name":"echo","description":"Echo the text back, unchanged.","inputSchema":{"type":"object","properties":{"text":{"type":"string"},"times":{"type":"integer"},"loud":{"type":"boolean"}},"required":["text"]},"annotations":{"readOnlyHint":true}},
{"name":"write_note","description":"Write a note over the last one.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]},"annotations":{"destructiveHint":true}}
]}`

// keysModel is the workbench on src at w x h, loaded, with a source that
// takes the targets t asks for.
func keysModel(t *testing.T, src string, w, h int) model {
	t.Helper()
	m := newLoadedModel(t, src, w, h)
	m.src = newFakeSource()
	return m
}

// keysServerModel is the workbench on a fake server listing
// keyServerTools, whose standard error is longer than a screen.
func keysServerModel(t *testing.T, w, h int) model {
	t.Helper()
	fake := newFakeSession()
	for i := range 60 {
		fake.stderr += fmt.Sprintf("line %d of the server's log\n", i+1)
	}
	return fakeServerOn(t, fake, keyServerTools, w, h)
}

// keysFileModel is the workbench on a tools file of src in a new
// directory, which a fix can be written to.
func keysFileModel(t *testing.T, src string, w, h int) model {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	wt, err := watch.New("tools.json", watch.Options{Debounce: 10 * time.Millisecond, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wt.Close() })
	m := newModel(Options{File: "tools.json", Dir: dir}, wt)
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return loadUntil(t, m, isLoaded)
}

// threeLines is a call over three lines, its value on the middle one.
func threeLines(tool, text string) string {
	return "{\"name\": \"" + tool + "\",\n \"arguments\": {\"text\": \"" + text + "\"}\n}"
}

// keyScenes are states that between them hold every binding somewhere it
// applies, each with its lists, views and text away from their ends, so
// that every binding that applies has something to do.
var keyScenes = []keyScene{
	{"Tools", func(t *testing.T) model {
		return press(t, keysModel(t, string(gen.Tools(60)), 100, 24), "j", "j", "j", "J")
	}},
	{"Tools, a filter kept", func(t *testing.T) model {
		m := press(t, keysModel(t, string(gen.Tools(60)), 100, 24), "/")
		return press(t, typeText(t, m, "tool_1"), "enter", "j", "j", "J")
	}},
	{"Tools, typing the filter", func(t *testing.T) model {
		m := press(t, keysModel(t, string(gen.Tools(60)), 100, 24), "/")
		return press(t, typeText(t, m, "ab cd"), "left", "left")
	}},
	{"Issues", func(t *testing.T) model {
		return press(t, keysModel(t, string(gen.Tools(60)), 100, 30), "tab", "a", "j", "j")
	}},
	{"Issues, typing the filter", func(t *testing.T) model {
		m := press(t, keysModel(t, string(gen.Tools(60)), 100, 24), "tab", "/")
		return press(t, typeText(t, m, "ab cd"), "left", "left")
	}},
	{"Call, not typing", func(t *testing.T) model {
		m := press(t, keysModel(t, string(gen.Tools(60)), 100, 24), "tab", "tab")
		batch := strings.Repeat(`{"name": "nope"}`+"\n", 12)
		return press(t, update(t, m, tea.PasteMsg{Content: batch}), "esc", "j")
	}},
	{"Call, typing", func(t *testing.T) model {
		m := press(t, keysModel(t, string(gen.Tools(60)), 100, 24), "tab", "tab")
		m = update(t, m, tea.PasteMsg{Content: "{\"name\": \"tool_1\",\n \"arguments\": {\"city\": \"big town\"},\n \"x\": 1}"})
		return press(t, m, "up", "left", "left", "left", "left", "left")
	}},
	{"Call, the form on a text field", func(t *testing.T) model {
		m := press(t, keysModel(t, formTools, 100, 30), "ctrl+s", "ctrl+f", "down")
		return press(t, typeText(t, m, "ab cd"), "left", "left")
	}},
	{"Call, the form on a boolean", func(t *testing.T) model {
		return press(t, keysModel(t, formTools, 100, 30), "ctrl+s", "ctrl+f", "down", "down", "space")
	}},
	{"Call, the form on a choice", func(t *testing.T) model {
		return press(t, keysModel(t, formTools, 100, 30), "ctrl+s", "ctrl+f", "down", "down", "down", "right")
	}},
	{"the tool in detail", func(t *testing.T) model {
		return press(t, keysModel(t, string(gen.Tools(60)), 100, 16), "enter", "j", "j")
	}},
	{"the source of an issue", func(t *testing.T) model {
		return press(t, keysModel(t, string(gen.Tools(60)), 100, 12), "tab", "a", "j", "v", "j", "j")
	}},
	{"every key", func(t *testing.T) model {
		return press(t, keysModel(t, testTools, 100, 16), "?", "j", "j")
	}},
	{"a fix to write", func(t *testing.T) model {
		return press(t, keysFileModel(t, fixTools, 100, 12), "tab", "F", "j")
	}},
	{"a server, Tools", func(t *testing.T) model {
		return press(t, keysServerModel(t, 100, 24), "j", "J")
	}},
	{"a server, a call recalled", func(t *testing.T) model {
		m := keysServerModel(t, 100, 30)
		for _, text := range []string{"first one", "second one", "third one"} {
			m = press(t, inTester(t, m, threeLines("echo", text)), "ctrl+r")
		}
		return press(t, m, "ctrl+p", "ctrl+p", "left", "left")
	}},
	{"a server, asking before a run", func(t *testing.T) model {
		return press(t, inTester(t, keysServerModel(t, 100, 24), threeLines("write_note", "hi")), "ctrl+r")
	}},
	{"a server, a call being sent", func(t *testing.T) model {
		m, _ := pressCmd(t, inTester(t, keysServerModel(t, 100, 24), threeLines("echo", "hi there")), "ctrl+r")
		return press(t, m, "up", "end", "left", "left", "left", "left")
	}},
	{"several servers, Tools", func(t *testing.T) model {
		return press(t, fakeServersModel(t, Options{}, 100, 24), "j", "J")
	}},
	{"a server's standard error", func(t *testing.T) model {
		return press(t, keysServerModel(t, 100, 16), "S", "k", "k") // it opens at the end
	}},
	{"Traffic", func(t *testing.T) model {
		return press(t, proxyModel(t, 100, 30), "k", "k")
	}},
	{"a message of the traffic", func(t *testing.T) model {
		return press(t, proxyModel(t, 100, 16), "k", "k", "v", "j")
	}},
	{"a screen too small", func(t *testing.T) model {
		return keysModel(t, testTools, 30, 10)
	}},
}

// TestEveryKeyTheHelpListsDoesSomethingAndNoOtherKeyDoes presses, in
// each scene, every key of every binding the help lists there (the
// bindings of each key group that apply) and asserts that it changed the
// screen or gave a command; then every other key of the key map, and a
// few bound to nothing, and asserts that they changed nothing. Between
// them the scenes must press every binding of the key map.
func TestEveryKeyTheHelpListsDoesSomethingAndNoOtherKeyDoes(t *testing.T) {
	t.Parallel()
	k := newKeyMap()
	fired := map[string]bool{} // by binding: its keys and what it does
	for _, sc := range keyScenes {
		t.Run(sc.name, func(t *testing.T) {
			m := sc.build(t)
			st := m.keyState()
			listed := map[*key.Binding]bool{}
			for _, g := range (keysNow{m.table, st}).listed() {
				for _, b := range g {
					listed[b] = true
				}
			}
			for _, b := range (keysNow{m.table, st}).ShortHelp() {
				if !listedHelp(listed, b) {
					t.Errorf("the help line offers %q, which the key groups do not list as applying", b.Help().Key)
				}
			}
			for b := range listed {
				ran := false
				for _, name := range b.Keys() {
					if c := m.table.command(name, st); c == nil || c.b != b {
						continue // another binding has this key here
					}
					ran = true
					m := sc.build(t)
					before := looks(m)
					next, cmd := m.Update(keyFor(t, name))
					if cmd == nil && looks(next.(model)) == before {
						t.Errorf("%s (%s) is listed and did nothing", name, b.Help().Desc)
					}
				}
				if !ran {
					t.Errorf("%q (%s) is listed, and none of its keys runs it", b.Help().Key, b.Help().Desc)
				}
				fired[b.Help().Key+" "+b.Help().Desc] = true
			}
			for _, name := range unlistedKeys(t, m, listed) {
				before := looks(m)
				next, cmd := m.Update(keyFor(t, name))
				if cmd != nil || looks(next.(model)) != before {
					t.Errorf("%s is not listed and did something", name)
				}
			}
		})
	}
	for _, g := range k.groups() {
		for _, d := range g.keys {
			if !fired[d.b.Help().Key+" "+d.b.Help().Desc] {
				t.Errorf("%q (%s) of %q applies in none of the scenes", d.b.Help().Key, d.b.Help().Desc, g.where)
			}
		}
	}
}

// listedHelp reports whether b, from the help line, is among the listed
// bindings: move stands for up and down.
func listedHelp(listed map[*key.Binding]bool, b key.Binding) bool {
	for l := range listed {
		if l.Help() == b.Help() || b.Help().Desc == "move" && l.Help().Desc == "up" {
			return true
		}
	}
	return false
}

// unlistedKeys is every key of the key map, and a few bound to nothing,
// that no binding listed takes in m: where text is typed, printable keys
// are left out, as they are typed.
func unlistedKeys(t testing.TB, m model, listed map[*key.Binding]bool) []string {
	names := map[string]bool{"z": true, "%": true, "f5": true, "ctrl+o": true, "alt+z": true, "shift+up": true}
	for _, b := range allBindings(m.keys) {
		for _, name := range b.Keys() {
			names[name] = true
		}
	}
	st := m.keyState()
	var out []string
	for name := range names {
		taken := false
		for b := range listed {
			for _, bound := range b.Keys() {
				taken = taken || bound == name
			}
		}
		if taken || typingText(st) && typed(keyFor(t, name)) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// looks is what the screen shows: its text with styles, and the cursor.
func looks(m model) string {
	v := m.View()
	if v.Cursor == nil {
		return v.Content
	}
	return fmt.Sprintf("%s\ncursor %d,%d", v.Content, v.Cursor.X, v.Cursor.Y)
}

// keyFor is the key press whose name, as Bubble Tea writes it and the
// key map binds it, is name: "ctrl+home", "alt+<", "G", "pgdown".
func keyFor(t testing.TB, name string) tea.KeyPressMsg {
	t.Helper()
	var mod tea.KeyMod
	rest := name
	for _, m := range []struct {
		prefix string
		mod    tea.KeyMod
	}{{"ctrl+", tea.ModCtrl}, {"alt+", tea.ModAlt}, {"shift+", tea.ModShift}} {
		if len(rest) > len(m.prefix) && strings.HasPrefix(rest, m.prefix) {
			mod |= m.mod
			rest = rest[len(m.prefix):]
		}
	}
	named := map[string]rune{
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"home": tea.KeyHome, "end": tea.KeyEnd, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "space": tea.KeySpace, "f5": tea.KeyF5,
	}
	k := tea.KeyPressMsg{Mod: mod}
	if code, ok := named[rest]; ok {
		k.Code = code
		if rest == "space" && mod == 0 {
			k.Text = " "
		}
	} else {
		k.Code, _ = utf8.DecodeRuneInString(rest)
		if mod == 0 {
			k.Text = rest
		}
	}
	if k.String() != name {
		t.Fatalf("the key press made for %q is %q", name, k.String())
	}
	return k
}
