package tui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/lint"
	"toolbench/watch"
)

// nextLoad runs the workbench's own command for the next load of m's
// source, as the program would, and feeds its message to Update.
func nextLoad(t *testing.T, m model) (model, tea.Msg) {
	t.Helper()
	got := make(chan tea.Msg, 1)
	go func() { got <- waitForEvent(m.src)() }()
	select {
	case msg := <-got:
		next, _ := m.Update(msg)
		return next.(model), msg
	case <-time.After(10 * time.Second):
		t.Fatal("no load arrived")
	}
	return m, nil
}

// loadUntil takes loads until ok accepts one: a save can reach the
// watcher as more than one change.
func loadUntil(t *testing.T, m model, ok func(tea.Msg) bool) model {
	t.Helper()
	for range 20 {
		var msg tea.Msg
		m, msg = nextLoad(t, m)
		if ok(msg) {
			return m
		}
	}
	t.Fatal("the load looked for never came")
	return m
}

func isLoaded(msg tea.Msg) bool { _, ok := msg.(docLoadedMsg); return ok }
func isFailed(msg tea.Msg) bool { _, ok := msg.(docFailedMsg); return ok }

func TestBadSavesKeepTheLastGoodToolsAndAFixRecovers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() // the working directory: the file as a user names it is short
	path := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(path, []byte(testTools), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := watch.New("tools.json", watch.Options{Debounce: 10 * time.Millisecond, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	m := newModel(Options{File: "tools.json", Dir: dir}, w)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = loadUntil(t, m, isLoaded)
	if len(m.snap.rows) != 2 {
		t.Fatalf("first load has %d tools, want 2", len(m.snap.rows))
	}

	bad := []struct {
		name    string
		content string
		where   string // what the status must show of the error
	}{
		{"empty", "", "tools.json:"},
		{"white space", "  \n\t\n", "tools.json:"},
		{"truncated", testTools[:len(testTools)/2], "tools.json:"},
		{"NUL bytes", "[\x00\x00]", "tools.json:1:"},
		{"invalid UTF-8", "[\"\xff\xfe\"]", "tools.json:1:"},
		{"an escape sequence", "\x1b[2J\x1b]0;pwned\x07", "tools.json:1:1"},
		{"NaN", `[{"name": NaN}]`, "tools.json:1:"},
		{"trailing data", "[] []", "tools.json:1:"},
		{"nested too deep", strings.Repeat("[", 100000), "deep"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			m = loadUntil(t, m, isFailed)
			content := m.View().Content
			s := screen(m)
			if !strings.Contains(s, tc.where) || !strings.Contains(s, "last good") {
				t.Errorf("status %q should show %q and that the last good load is shown", lineOf(s, "✗"), tc.where)
			}
			if len(m.tools.snap.rows) != 2 || !strings.Contains(s, "get_weather") {
				t.Errorf("the last good tools are gone:\n%s", s)
			}
			if !strings.Contains(lineOf(s, "shape"), "last good load") {
				t.Errorf("the tools pane should say its tools are the last good load: %q", lineOf(s, "shape"))
			}
			for _, raw := range []string{"\x1b[2J", "\x1b]0;", "\x07", "\x00", "\xff"} {
				if strings.Contains(content, raw) {
					t.Errorf("the screen holds %q from the file", raw)
				}
			}
		})
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	m = loadUntil(t, m, isFailed)
	if !m.removed || !strings.Contains(screen(m), "removed") {
		t.Errorf("a removed file should be reported, status %q", lineOf(screen(m), "✗"))
	}

	fixed := strings.Replace(testTools, `"required": ["city", "country"]`, `"required": ["city"]`, 1)
	if err := os.WriteFile(path, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	m = loadUntil(t, m, isLoaded)
	s := screen(m)
	if m.broken != "" || strings.Contains(s, "last good") || strings.Contains(s, "✗") {
		t.Errorf("the fix should clear the error, status %q", lineOf(s, "tools"))
	}
	if m.snap.result.Errors != 0 || !strings.Contains(lineOf(s, "get_weather"), "ok") {
		t.Errorf("the fixed file should show get_weather clean:\n%s", s)
	}
	if !strings.Contains(s, "watching") {
		t.Errorf("the status should say the file is watched: %q", lineOf(s, "tools"))
	}
}

func TestTargetCycleReLintsThroughTheWatcher(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	// A name OpenAI rejects: only the openai target reports it.
	src := strings.Replace(testTools, `"name": "search"`, `"name": "search the web"`, 1)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := watch.New(path, watch.Options{Debounce: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	m := newModel(Options{File: path}, w)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = loadUntil(t, m, isLoaded)
	codes := func(m model) []string {
		var c []string
		for _, is := range m.snap.result.Issues {
			c = append(c, is.Code+" "+is.Message)
		}
		return c
	}
	before := codes(m)

	next, cmd := m.Update(keyPress("t"))
	m = next.(model)
	cmd() // asks the watcher to re-lint
	m = loadUntil(t, m, isLoaded)
	after := codes(m)
	if strings.Join(after, "\n") == strings.Join(before, "\n") {
		t.Errorf("the openai target should change the issues: before %q, after %q", before, after)
	}
	if !strings.Contains(strings.Join(after, " "), "for OpenAI") {
		t.Errorf("issues after the target change %q hold none of OpenAI's rules", after)
	}
	if !strings.Contains(screen(m), "target openai") {
		t.Errorf("status should show the target: %q", lineOf(screen(m), "target"))
	}
}

func TestFollowingTheCallEndsWhenAReloadDropsItsTool(t *testing.T) {
	t.Parallel()
	// testTools is two tools, search first, then get_weather.
	searchOnly := testTools[:strings.Index(testTools, "  {\n    \"type\": \"function\",\n    \"function\": {\n      \"name\": \"get_weather\"")]
	searchOnly = strings.TrimSuffix(strings.TrimRight(searchOnly, " \n"), ",") + "\n]\n"
	cases := []struct {
		name   string
		reload string
		want   bool // still following
	}{
		{"the tool stays", strings.Replace(testTools, `"required": ["city", "country"]`, `"required": ["city"]`, 1), true},
		{"the tool is gone", searchOnly, false},
		{"the tool is renamed", strings.Replace(testTools, `"name": "get_weather"`, `"name": "weather_now"`, 1), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, testTools, 120, 40), "tab", "tab")
			m = typeText(t, m, `{"name": "get_weather", "arguments": {"city": "Oslo"}}`)
			if !m.following || !strings.Contains(screen(m), "following the call") {
				t.Fatalf("the tools pane should follow the call before the reload:\n%s", screen(m))
			}
			m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", tc.reload, lint.Options{})})
			if _, ok := m.snap.byName["get_weather"]; ok != tc.want {
				t.Fatalf("the reload has get_weather %v, want %v", ok, tc.want)
			}
			if got := strings.Contains(screen(m), "following the call"); got != tc.want || m.following != tc.want {
				t.Errorf("after the reload the status shows following %v (model %v), want %v:\n%s", got, m.following, tc.want, lineOf(screen(m), "tools.json"))
			}
		})
	}
}

func TestADetailViewWhoseToolAReloadRemovesSaysSo(t *testing.T) {
	t.Parallel()
	// agreeTools is refund_order, get customer, ping; get customer goes.
	without := strings.Replace(agreeTools, `
  {"type": "function", "function": {"name": "get customer", "description": "Look a customer up by id.", "parameters": {"type": "object", "properties": {"id": {"type": "string", "description": "The id."}}}}},`, "", 1)
	renamed := strings.Replace(agreeTools, `"name": "get customer"`, `"name": "get_customer"`, 1)
	cases := []struct {
		name, reload string
		title, note  string // "" for no note
	}{
		{"the tool stays", strings.Replace(agreeTools, "Look a customer", "Find a customer", 1), "Tool get customer", ""},
		{"the tool is gone", without, "Tool ping", "get customer is gone from the reload: showing ping"},
		{"the tool is renamed", renamed, "Tool get_customer", "get customer is gone from the reload: showing get_customer"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, agreeTools, 120, 40), "j", "enter")
			if m.view != viewDetail || !strings.Contains(screen(m), "Tool get customer") {
				t.Fatalf("enter should show get customer:\n%s", screen(m))
			}
			m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", tc.reload, lint.Options{})})
			s := screen(m)
			if m.view != viewDetail || !strings.Contains(s, tc.title) {
				t.Errorf("after the reload the detail view should show %q:\n%s", tc.title, s)
			}
			status := lineOf(s, "tools.json ·")
			if tc.note == "" && m.note != "" || tc.note != "" && !strings.Contains(status, tc.note) {
				t.Errorf("the status bar says %q, want the note %q", status, tc.note)
			}
		})
	}

	m := press(t, newLoadedModel(t, agreeTools, 120, 40), "j", "enter")
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", `[]`, lint.Options{})})
	if m.view != viewNone || !strings.Contains(m.note, "get customer is gone from the reload, and no tool is left to show") {
		t.Errorf("a reload with no tool should close the detail view and say why: view %v, note %q", m.view, m.note)
	}
}

// watched opens the workbench on a file of content, watched, at 100 by
// 30, and takes its first load.
func watched(t *testing.T, content string, first func(tea.Msg) bool) model {
	t.Helper()
	t.Chdir(t.TempDir())
	if err := os.WriteFile("tools.json", []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := watch.New("tools.json", watch.Options{Debounce: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	m := newModel(Options{File: "tools.json"}, w)
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	return loadUntil(t, m, first)
}

func TestAParseErrorAfterAReloadIsShownNotHiddenBehindAnOlderNote(t *testing.T) {
	m := watched(t, testTools, isLoaded)
	m = press(t, m, "y") // copies a sample call: a note in the status bar
	if !strings.Contains(screen(m), "copied a sample call") {
		t.Fatalf("y should leave a note: %q", lineOf(screen(m), "tools"))
	}
	if err := os.WriteFile("tools.json", []byte(`[{"name": "get_weather",`), 0o644); err != nil {
		t.Fatal(err)
	}
	m = loadUntil(t, m, isFailed)
	status := lineOf(screen(m), "✗")
	if !strings.HasPrefix(strings.TrimSpace(status), "✗ tools.json:1:") || strings.Contains(status, "copied") {
		t.Errorf("the status bar should lead with the error and drop the older note: %q", status)
	}
	m = press(t, m, "y") // a note after the failure comes after it
	if status := lineOf(screen(m), "✗"); !strings.HasPrefix(strings.TrimSpace(status), "✗ tools.json:1:") {
		t.Errorf("a later note should not push the error out: %q", status)
	}
}

func TestAFileBrokenAtStartOpensTheTesterWithAClearState(t *testing.T) {
	m := watched(t, `[{"name": "get_weather",`, isFailed)
	m = press(t, m, "tab", "tab")
	if m.focus != paneCall {
		t.Fatalf("tab, tab should reach the tester, at %v", m.focus)
	}
	m = typeText(t, m, `{"name": "get_weather", "arguments": {}}`)
	s := screen(m)
	if tester := lineOf(s, "no tools to check"); !strings.Contains(tester, "tools.json:1:") || strings.Contains(s, "waiting for the tools") {
		t.Errorf("the tester should say why it checks nothing, and where the file breaks:\n%s", s)
	}
	if !strings.Contains(m.call.text(), `"get_weather"`) {
		t.Errorf("the tester should take the call typed: %q", m.call.text())
	}

	// Once the file loads, the call typed is checked against its tools.
	if err := os.WriteFile("tools.json", []byte(testTools), 0o644); err != nil {
		t.Fatal(err)
	}
	m = loadUntil(t, m, isLoaded)
	s = screen(m)
	if strings.Contains(s, "no tools to check") || !slices.Contains(m.call.errs(), "missing:city") {
		t.Errorf("after the load the call should be checked (errors %q):\n%s", m.call.errs(), s)
	}
}
