package tui

import (
	"errors"
	"image/color"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/google/go-cmp/cmp"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
	"toolbench/internal/gen"
	"toolbench/watch"
)

func TestFocusStartsOnToolsAndTabCyclesThePanes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []string
		want pane
	}{
		{"at start", nil, paneTools},
		{"tab once", []string{"tab"}, paneIssues},
		{"tab twice", []string{"tab", "tab"}, paneCall},
		{"tab wraps to Tools", []string{"tab", "tab", "tab"}, paneTools},
		{"shift+tab goes back to Call", []string{"shift+tab"}, paneCall},
		{"shift+tab from Call to Issues", []string{"shift+tab", "shift+tab"}, paneIssues},
		// While typing in the tester, tab still leaves it.
		{"tab leaves the tester", []string{"tab", "tab", "x", "tab"}, paneTools},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, testTools, 80, 24), tc.keys...)
			if m.focus != tc.want {
				t.Errorf("focus = %v, want %v", m.focus, tc.want)
			}
		})
	}
}

func TestPaneNames(t *testing.T) {
	t.Parallel()
	for p, want := range map[pane]string{paneTools: "Tools", paneIssues: "Issues", paneCall: "Call", pane(7): "pane(7)"} {
		if got := p.String(); got != want {
			t.Errorf("pane(%d).String() = %q, want %q", int(p), got, want)
		}
	}
}

func TestArrowsAndJKMoveTheToolSelection(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []string
		want string
	}{
		{"first tool at start", nil, "search"},
		{"j moves down", []string{"j"}, "get_weather"},
		{"down moves down", []string{"down"}, "get_weather"},
		{"stops at the last", []string{"j", "j", "j"}, "get_weather"},
		{"k moves back up", []string{"j", "k"}, "search"},
		{"up moves back up", []string{"j", "up"}, "search"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, testTools, 80, 24), tc.keys...)
			if got := m.tools.SelectedTool().Name; got != tc.want {
				t.Errorf("selected %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTypingIntoTheTesterShowsTheCallErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		call string
		want []string
	}{
		{"missing arguments", `{"name": "get_weather", "arguments": {}}`, []string{"missing:city", "missing:country"}},
		{"wrong type and extra", `{"name": "search", "arguments": {"query": "x", "limit": "5", "page": 2}}`, []string{"extra:page", "type:limit:int"}},
		{"unknown tool", `{"name": "nope", "arguments": {}}`, []string{"unknown_tool:nope"}},
		{"valid", `{"name": "search", "arguments": {"query": "go"}}`, nil},
		{"syntax error positioned in the call", "{\"name\": \"search\",\n \"arguments\": {]}", []string{"malformed:2:16: "}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
			m = typeText(t, m, tc.call)
			got := m.call.errs()
			if strings.HasPrefix(strings.Join(tc.want, ""), "malformed:") {
				if len(got) != 1 || !strings.HasPrefix(got[0], tc.want[0]) {
					t.Fatalf("errors = %q, want one starting %q", got, tc.want[0])
				}
			} else if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("errors (-want +got):\n%s", diff)
			}
			s := screen(m)
			for _, e := range got {
				if !strings.Contains(s, "✗ "+ansi.Truncate(e, 30, "")) {
					t.Errorf("screen does not show %q:\n%s", e, s)
				}
			}
			if len(got) == 0 && !strings.Contains(s, "✓ valid") {
				t.Errorf("screen does not say valid:\n%s", s)
			}
		})
	}
}

func TestCallErrorsMatchTheCallCommand(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	text := `{"name": "get_weather", "arguments": {"city": 3, "zip": "1"}}`
	m = typeText(t, m, text)
	want := call.CheckCallText(text, m.snap.schemas)
	if diff := cmp.Diff(want, m.call.errs()); diff != "" {
		t.Errorf("tester errors differ from call.CheckCallText (-want +got):\n%s", diff)
	}
}

func TestLetterKeysAreTypedWhileTheTesterHasFocus(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 80, 24), "tab", "tab")
	for _, k := range []string{"q", "j", "k", "t", "d", "?", "/", "a", "e"} {
		next, cmd := m.Update(keyPress(k))
		m = next.(model)
		if isQuit(cmd) {
			t.Fatalf("%q quit while typing", k)
		}
	}
	if got, want := m.call.input.Value(), "qjktd?/ae"; got != want {
		t.Errorf("tester holds %q, want %q", got, want)
	}
	if m.deep || len(m.opts.Targets) != 0 || m.help.ShowAll || m.focus != paneCall {
		t.Errorf("a typed letter ran a command: deep=%v targets=%v help=%v focus=%v", m.deep, m.opts.Targets, m.help.ShowAll, m.focus)
	}
}

func TestEscLeavesTheTesterAndThenQQuits(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 80, 24), "tab", "tab", "esc")
	if m.call.editing() || m.focus != paneCall {
		t.Fatalf("after esc: editing=%v focus=%v, want not editing on Call", m.call.editing(), m.focus)
	}
	m = press(t, m, "i")
	if !m.call.editing() || m.call.input.Value() != "" {
		t.Fatalf("i should resume typing without typing itself: editing=%v text=%q", m.call.editing(), m.call.input.Value())
	}
	m = press(t, m, "esc")
	if _, cmd := m.Update(keyPress("q")); !isQuit(cmd) {
		t.Error("q did not quit once the tester was left")
	}
}

func TestQuitKeys(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []string
		key  string
		want bool
	}{
		{"q on Tools", nil, "q", true},
		{"q on Issues", []string{"tab"}, "q", true},
		{"q while typing a call", []string{"tab", "tab"}, "q", false},
		{"q while typing a filter", []string{"/"}, "q", false},
		{"ctrl+c on Tools", nil, "ctrl+c", true},
		{"ctrl+c while typing a call", []string{"tab", "tab"}, "ctrl+c", true},
		{"ctrl+c while typing a filter", []string{"/"}, "ctrl+c", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, testTools, 80, 24), tc.keys...)
			_, cmd := m.Update(keyPress(tc.key))
			if got := isQuit(cmd); got != tc.want {
				t.Errorf("quits = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestDocLoadedMsgUpdatesToolsAndIssues(t *testing.T) {
	t.Parallel()
	m := newModel(Options{File: "tools.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	if s := screen(m); !strings.Contains(s, "loading") {
		t.Errorf("before the first load the screen should say loading:\n%s", s)
	}
	snap := lintSnapshot(t, "tools.json", testTools, lint.Options{})
	m = update(t, m, docLoadedMsg{snap: snap})

	var names []string
	for _, r := range m.tools.snap.rows {
		names = append(names, r.label)
	}
	if diff := cmp.Diff([]string{"search", "get_weather"}, names); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	s := screen(m)
	for _, want := range []string{"search", "get_weather", "2 tools", termtext.Plural(snap.result.Errors, "error")} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	if !strings.Contains(s, "1E") || !strings.Contains(lineOf(s, "get_weather"), "1E") {
		t.Errorf("get_weather should show its one error:\n%s", s)
	}

	m = press(t, m, "j", "tab")
	is := m.issues.Selected()
	if is == nil || is.Code != "required-not-in-properties" {
		t.Fatalf("selected issue = %+v, want required-not-in-properties", is)
	}
	if !strings.Contains(screen(m), "required-not-in-properties") {
		t.Errorf("issues pane does not show the issue:\n%s", screen(m))
	}
}

func TestIssuesOfTheSelectedToolOrAll(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	total := len(m.snap.result.Issues)
	var searchIssues int
	for _, is := range m.snap.result.Issues {
		if is.Tool == "search" {
			searchIssues++
		}
	}
	if got := len(m.issues.list); got != searchIssues {
		t.Errorf("with search selected the list has %d issues, want search's %d", got, searchIssues)
	}
	m = press(t, m, "tab", "a")
	if got := len(m.issues.list); got != total {
		t.Errorf("after a the list has %d issues, want all %d", got, total)
	}
	// search has none: the cursor is on get_weather's first issue, and
	// the Tools selection with it, so a again lists get_weather's.
	if got := m.tools.SelectedTool().Name; got != "get_weather" {
		t.Errorf("after a the Tools selection is %s, want get_weather, the tool of the issue at the cursor", got)
	}
	weatherIssues := total - searchIssues
	m = press(t, m, "a")
	if got := len(m.issues.list); got != weatherIssues {
		t.Errorf("a again gives %d issues, want get_weather's %d", got, weatherIssues)
	}
}

func TestDocFailedMsgKeepsTheLastGoodDocumentAndSaysWhere(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	_, err := jsondoc.Parse("tools.json", []byte("[\n  {\"name\": }\n]"))
	if err == nil {
		t.Fatal("want a syntax error")
	}
	m = update(t, m, docFailedMsg{err: err, at: loadTime})
	s := screen(m)
	if !strings.Contains(s, "tools.json:2:") {
		t.Errorf("status should give the file, line and column of the error:\n%s", lineOf(s, "tools.json"))
	}
	if !strings.Contains(s, "last good") {
		t.Errorf("status should say the last good load is shown:\n%s", s)
	}
	if len(m.tools.snap.rows) != 2 || !strings.Contains(s, "get_weather") {
		t.Errorf("the last good tools should stay:\n%s", s)
	}

	fixed := strings.Replace(testTools, `"required": ["city", "country"]`, `"required": ["city"]`, 1)
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", fixed, lint.Options{})})
	if m.broken != "" || strings.Contains(screen(m), "last good") {
		t.Errorf("a good load should clear the error, status: %q", lineOf(screen(m), "tools.json"))
	}
}

func TestRemovedFileIsReported(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	m = update(t, m, docFailedMsg{err: errors.New("tools.json: removed"), removed: true, at: loadTime})
	if !m.removed || !strings.Contains(screen(m), "tools.json: removed") {
		t.Errorf("removed=%v, status %q", m.removed, lineOf(screen(m), "removed"))
	}
}

func TestAReloadRechecksTheCall(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m = typeText(t, m, `{"name": "get_weather", "arguments": {"city": "Oslo"}}`)
	if diff := cmp.Diff([]string{"missing:country"}, m.call.errs()); diff != "" {
		t.Fatalf("before the reload (-want +got):\n%s", diff)
	}
	fixed := strings.Replace(testTools, `"required": ["city", "country"]`, `"required": ["city"]`, 1)
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", fixed, lint.Options{})})
	if len(m.call.errs()) != 0 || !strings.Contains(screen(m), "✓ valid") {
		t.Errorf("after the reload errors = %q, want none", m.call.errs())
	}
}

func TestWindowResizeRelaysOutAtOnce(t *testing.T) {
	t.Parallel()
	sizes := []struct{ w, h int }{{80, 24}, {120, 40}, {100, 30}, {200, 60}, {60, 20}}
	m := newLoadedModel(t, testTools, 80, 24)
	for _, sz := range sizes {
		m = update(t, m, tea.WindowSizeMsg{Width: sz.w, Height: sz.h})
		lines := strings.Split(m.View().Content, "\n")
		if len(lines) != sz.h {
			t.Errorf("%dx%d: %d lines, want %d", sz.w, sz.h, len(lines), sz.h)
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > sz.w {
				t.Errorf("%dx%d: line %d is %d wide", sz.w, sz.h, i, w)
			}
		}
		s := screen(m)
		for _, title := range []string{"Tools", "Issues", "Call"} {
			if !strings.Contains(s, title) {
				t.Errorf("%dx%d: no %s title", sz.w, sz.h, title)
			}
		}
		if m.rects[paneTools].w+m.rects[paneIssues].w != sz.w {
			t.Errorf("%dx%d: panes are %d + %d wide", sz.w, sz.h, m.rects[paneTools].w, m.rects[paneIssues].w)
		}
	}
	m = update(t, m, tea.WindowSizeMsg{Width: 30, Height: 8})
	if s := screen(m); !strings.Contains(s, "needs at least") {
		t.Errorf("a tiny terminal should be told so:\n%s", s)
	}
}

func TestCtrlSFillsTheTesterWithAValidSample(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	m = press(t, m, "j", "ctrl+s")
	if m.focus != paneCall || !m.call.editing() {
		t.Errorf("after ctrl+s focus=%v editing=%v, want typing in Call", m.focus, m.call.editing())
	}
	text := m.call.input.Value()
	if !strings.Contains(text, `"get_weather"`) {
		t.Errorf("sample is not for get_weather:\n%s", text)
	}
	if want := call.CheckCallText(text, m.snap.schemas); len(want) != 0 || len(m.call.errs()) != 0 {
		t.Errorf("sample is not valid: %q", m.call.errs())
	}
	if !strings.Contains(screen(m), "✓ valid") {
		t.Errorf("screen should say valid:\n%s", screen(m))
	}
}

func TestFilterNarrowsTheTools(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	m = press(t, m, "/")
	if m.keyState().input != inputFilter {
		t.Fatal("/ should start typing a filter")
	}
	m = typeText(t, m, "WEA")
	if got := len(m.tools.visible); got != 1 || m.tools.SelectedTool().Name != "get_weather" {
		t.Fatalf("filter WEA shows %d tools, selected %v; want get_weather alone", got, m.tools.SelectedTool())
	}
	if !strings.Contains(screen(m), "/WEA") {
		t.Errorf("the filter should be on screen:\n%s", screen(m))
	}
	m = press(t, m, "enter")
	if m.keyState().input != inputNone || len(m.tools.visible) != 1 {
		t.Errorf("enter should keep the filter and stop typing: input=%v visible=%d", m.keyState().input, len(m.tools.visible))
	}
	m = press(t, m, "esc")
	if len(m.tools.visible) != 2 {
		t.Errorf("esc should clear the filter, %d visible", len(m.tools.visible))
	}
	m = press(t, m, "/")
	m = typeText(t, m, "zzz")
	if !strings.Contains(screen(m), "no tool matches") || m.tools.SelectedTool() != nil {
		t.Errorf("a filter matching nothing should say so:\n%s", screen(m))
	}
}

func TestHelpKeyShowsTheFullHelp(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 120, 40)
	short := screen(m)
	if !strings.Contains(short, "ctrl+s sample") || !strings.Contains(short, "q quit") {
		t.Errorf("short help should show ctrl+s and q:\n%s", lineOf(short, "tab"))
	}
	m = press(t, m, "?")
	full := screen(m)
	for _, want := range []string{"previous pane", "page down", "ctrl+s", "target", "deep"} {
		if !strings.Contains(full, want) {
			t.Errorf("full help lacks %q:\n%s", want, full)
		}
	}
	if lines := strings.Split(m.View().Content, "\n"); len(lines) != 40 {
		t.Errorf("with full help the screen has %d lines, want 40", len(lines))
	}
	if m = press(t, m, "?"); m.help.ShowAll {
		t.Error("? again should close the full help")
	}
}

func TestNextTarget(t *testing.T) {
	t.Parallel()
	names := lint.TargetNames()
	last := []string{names[len(names)-1]}
	cases := []struct {
		name       string
		cur, start []string
		want       []string
	}{
		{"none to the first target", nil, nil, names[:1]},
		{"a target to the next", names[:1], nil, names[1:2]},
		{"the last target back to none", last, nil, nil},
		{"a starting combination to none", []string{"openai", "mcp"}, []string{"openai", "mcp"}, nil},
		{"the last target back to the starting combination", last, []string{"openai", "mcp"}, []string{"openai", "mcp"}},
		{"one starting target is no extra stop", last, names[:1], nil},
		{"an unknown set to the first stop", []string{"nope"}, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, nextTarget(tc.cur, tc.start)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestTheTargetCycleComesBackToTheStartingCombination(t *testing.T) {
	t.Parallel()
	start := []string{"openai", "mcp"}
	m := newModel(Options{File: "tools.json", Lint: lint.Options{Targets: start}}, newFakeSource())
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	seen := map[string]bool{}
	for range len(lint.TargetNames()) + 2 {
		m = press(t, m, "t")
		seen[targetList(m.opts.Targets)] = true
		if slices.Equal(m.opts.Targets, start) {
			break
		}
	}
	if !slices.Equal(m.opts.Targets, start) {
		t.Fatalf("t never came back to %v; saw %v", start, seen)
	}
	for _, name := range append(lint.TargetNames(), "none") {
		if !seen[name] {
			t.Errorf("the cycle skipped %s", name)
		}
	}
}

func TestTargetKeyAsksTheSourceToReLint(t *testing.T) {
	t.Parallel()
	src := newFakeSource()
	m := newModel(Options{File: "tools.json", Lint: lint.Options{Ignore: []string{"short-description"}}}, src)
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	next, cmd := m.Update(keyPress("t"))
	m = next.(model)
	if cmd == nil {
		t.Fatal("t returned no command")
	}
	cmd()
	want := []lint.Options{{Targets: []string{"openai"}, Ignore: []string{"short-description"}}}
	if diff := cmp.Diff(want, src.asked()); diff != "" {
		t.Errorf("options asked for (-want +got):\n%s", diff)
	}
	if !strings.Contains(screen(m), "target openai") {
		t.Errorf("status should show the target:\n%s", lineOf(screen(m), "target"))
	}
}

func TestDeepKeyValidatesAgainstTheWholeSchema(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m = typeText(t, m, `{"name": "search", "arguments": {"query": "go", "limit": 0}}`)
	if len(m.call.errs()) != 0 {
		t.Fatalf("flat check errors = %q, want none", m.call.errs())
	}
	m = press(t, m, "esc", "d")
	if !m.deep {
		t.Fatal("d did not turn deep validation on")
	}
	if len(m.call.deepErrs()) == 0 || m.call.deepErrs()[0].Path != "/limit" {
		t.Fatalf("deep errors = %+v, want one at /limit", m.call.deepErrs())
	}
	if s := screen(m); !strings.Contains(s, "schema /limit") || !strings.Contains(s, "Call (deep)") {
		t.Errorf("screen should show the schema error and the mode:\n%s", s)
	}
	m = press(t, m, "d")
	if m.deep || len(m.call.deepErrs()) != 0 || strings.Contains(screen(m), "schema /limit") {
		t.Errorf("d again should turn deep validation off")
	}
}

func TestStaleDeepResultsAreDropped(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m.deep = true
	m.call.deep = true
	m = typeText(t, m, `{"name": "search", "arguments": {"query": "go", "limit": 0}}`)
	seq := m.call.deepSeq
	m = update(t, m, deepCheckedMsg{seq: seq - 1, errs: [][]call.SchemaError{{{Path: "/old", Message: "stale"}}}})
	if strings.Contains(screen(m), "stale") {
		t.Error("a deep result for older text was shown")
	}
}

func TestEditorCommand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		editor string
		file   string
		line   int
		col    int
		want   []string
	}{
		{"vi by default", "", "tools.json", 12, 5, []string{"vi", "+12", "tools.json"}},
		{"nano", "nano", "tools.json", 3, 1, []string{"nano", "+3", "tools.json"}},
		{"an editor with arguments", "emacs -nw", "a/tools.json", 7, 2, []string{"emacs", "-nw", "+7", "a/tools.json"}},
		{"VS Code", "code", "tools.json", 12, 5, []string{"code", "-g", "tools.json:12:5"}},
		{"VS Code by path and waiting", "/usr/bin/code --wait", "tools.json", 4, 9, []string{"/usr/bin/code", "--wait", "-g", "tools.json:4:9"}},
		{"no line", "vim", "tools.json", 0, 0, []string{"vim", "tools.json"}},
		{"a file named like an option", "vi", "-rf.json", 2, 1, []string{"vi", "+2", "./-rf.json"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := editorCommand(tc.editor, "", tc.file, tc.line, tc.col).Args
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEditKeyOpensTheEditorExceptInTheDemo(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "j", "tab")
	if _, cmd := m.Update(keyPress("e")); cmd == nil {
		t.Error("e on an issue returned no command to run the editor")
	}

	demo := newModel(Options{}, nil)
	demo = update(t, demo, tea.WindowSizeMsg{Width: 100, Height: 30})
	demo = update(t, demo, docLoadedMsg{snap: lintSnapshot(t, demoName, string(demoJSON), lint.Options{})})
	demo = press(t, demo, "j", "tab")
	next, cmd := demo.Update(keyPress("enter"))
	if cmd != nil {
		t.Error("the demo started an editor")
	}
	if s := screen(next.(model)); !strings.Contains(s, "toolbench FILE") {
		t.Errorf("the demo should say how to open a file:\n%s", lineOf(s, "demo"))
	}
}

func TestDemoDocumentHasToolsWithIssues(t *testing.T) {
	t.Parallel()
	src := newDemoSource(lint.Options{})
	ev := <-src.Events()
	if ev.Err != nil {
		t.Fatalf("the demo does not load: %v", ev.Err)
	}
	res := ev.Result
	if n := len(res.Tools.Tools); n < 3 || res.Tools.Shape != tooldef.ShapeOpenAI {
		t.Errorf("demo has %d tools of shape %q, want a few OpenAI tools", n, res.Tools.Shape)
	}
	if res.Errors == 0 || res.Warnings == 0 {
		t.Errorf("demo has %d errors and %d warnings, want some of each", res.Errors, res.Warnings)
	}
	src.SetOptions(lint.Options{Targets: []string{"openai"}})
	if ev := <-src.Events(); ev.Result == nil {
		t.Errorf("re-linting the demo failed: %v", ev.Err)
	}

	m := newModel(Options{}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	m = update(t, m, eventMsg(ev, nil))
	if s := lineOf(screen(m), "demo"); !strings.Contains(s, "toolbench FILE to open a file") {
		t.Errorf("status line %q should name the demo and how to open a file", s)
	}
}

func TestMouseClickFocusesAPaneAndWheelScrolls(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	r := m.rects[paneCall]
	m = update(t, m, tea.MouseClickMsg{X: r.x + 3, Y: r.y + 2, Button: tea.MouseLeft})
	if m.focus != paneCall || !m.call.editing() {
		t.Errorf("click in Call: focus=%v editing=%v", m.focus, m.call.editing())
	}
	r = m.rects[paneTools]
	// Row 0 of the list is on the pane's line 2: border, shape line.
	m = update(t, m, tea.MouseClickMsg{X: r.x + 4, Y: r.y + 3, Button: tea.MouseLeft})
	if m.focus != paneTools || m.tools.SelectedTool().Name != "get_weather" {
		t.Errorf("click on the second tool: focus=%v selected=%v", m.focus, m.tools.SelectedTool().Name)
	}
	m = update(t, m, tea.MouseWheelMsg{X: r.x + 4, Y: r.y + 3, Button: tea.MouseWheelUp})
	if m.tools.SelectedTool().Name != "search" {
		t.Errorf("wheel up over Tools selected %v, want search", m.tools.SelectedTool().Name)
	}
}

func TestTheWheelOverAPaneFocusesItAndScrollsIt(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, string(gen.Tools(60)), 100, 30), "tab", "a", "G", "tab", "tab")
	if m.focus != paneTools {
		t.Fatalf("focus %v, want Tools", m.focus)
	}
	before := m.issues.cursor
	r := m.rects[paneIssues]
	m = update(t, m, tea.MouseWheelMsg{X: r.x + 2, Y: r.y + 3, Button: tea.MouseWheelUp})
	if m.focus != paneIssues || m.issues.cursor != before-wheelStep {
		t.Errorf("wheel up over Issues: focus %v, cursor %d; want Issues, %d", m.focus, m.issues.cursor, before-wheelStep)
	}
}

func TestPasteIntoTheTesterIsChecked(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m = update(t, m, tea.PasteMsg{Content: "{\"name\": \"search\",\r\n \"arguments\": {\"query\": \"a\u202eb\"}}"})
	if got := m.call.input.Value(); !strings.Contains(got, `a\u202eb`) || strings.ContainsRune(got, '\u202e') {
		t.Errorf("pasted bidi override should become a JSON escape, text %q", got)
	}
	if len(m.call.errs()) != 0 {
		t.Errorf("pasted call errors = %q, want none", m.call.errs())
	}
}

func TestSnapshotAssignsIssuesToTheirTools(t *testing.T) {
	t.Parallel()
	s := lintSnapshot(t, "tools.json", testTools, lint.Options{})
	for i, row := range s.rows {
		for _, j := range row.issues {
			if is := s.result.Issues[j]; is.Tool != row.tool.Name {
				t.Errorf("issue %s of tool %q filed under %q", is.Code, is.Tool, row.tool.Name)
			}
		}
		if got := row.errors + row.warnings; got != len(row.issues) {
			t.Errorf("row %d counts %d issues but lists %d", i, got, len(row.issues))
		}
	}
	weather := s.rows[1]
	if weather.errors == 0 || !slices.ContainsFunc(weather.issues, func(j int) bool {
		return s.result.Issues[j].Code == "required-not-in-properties"
	}) {
		t.Errorf("get_weather's row lacks its required-not-in-properties error: %+v", weather)
	}
}

func TestAFileBrokenFromTheStartSaysSo(t *testing.T) {
	t.Parallel()
	m := newModel(Options{File: "tools.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	_, err := jsondoc.Parse("tools.json", []byte("{\n  \"tools\": [\n"))
	m = update(t, m, docFailedMsg{err: err, at: loadTime})
	s := screen(m)
	if !strings.Contains(s, "tools.json:3:") || !strings.Contains(s, "has not loaded yet") {
		t.Errorf("a file that never loaded should say why and where:\n%s", s)
	}
	if strings.Contains(s, "last good") {
		t.Errorf("there is no last good load to speak of:\n%s", lineOf(s, "✗"))
	}
	m = update(t, m, docLoadedMsg{snap: lintSnapshot(t, "tools.json", testTools, lint.Options{})})
	if s := screen(m); strings.Contains(s, "has not loaded") || !strings.Contains(s, "get_weather") {
		t.Errorf("the first good load should replace the message:\n%s", s)
	}
}

func TestInitAsksForTheBackgroundAndTheFirstLoad(t *testing.T) {
	t.Parallel()
	src := newFakeSource()
	m := newModel(Options{File: "tools.json"}, src)
	batch, ok := m.Init()().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("Init should batch two commands, got %T", m.Init()())
	}
	src.events <- eventMsgSource(t)
	got := make(chan tea.Msg, 2)
	for _, c := range batch {
		go func() { got <- c() }()
	}
	var loaded bool
	for range 2 {
		if _, ok := (<-got).(docLoadedMsg); ok {
			loaded = true
		}
	}
	if !loaded {
		t.Error("Init did not read the first load")
	}
}

// eventMsgSource is the first load of testTools as a watcher sends it.
func eventMsgSource(t *testing.T) watch.Event {
	s := lintSnapshot(t, "tools.json", testTools, lint.Options{})
	return watch.Event{Time: loadTime, Path: "tools.json", Result: s.result}
}

func TestBackgroundColorPicksLightOrDarkStyles(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 80, 24)
	if !m.st.isDark {
		t.Fatal("styles should start dark, the common case, until the terminal answers")
	}
	m = update(t, m, tea.BackgroundColorMsg{Color: color.White})
	if m.st.isDark || m.tools.st != m.st || m.issues.st != m.st || m.call.st != m.st {
		t.Errorf("a white background should give every pane the light styles")
	}
	m = update(t, m, tea.BackgroundColorMsg{Color: color.Black})
	if !m.st.isDark {
		t.Error("a black background should give the dark styles")
	}
}

func TestSourceClosingStopsTheWatchingState(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	m = update(t, m, sourceClosedMsg{})
	if m.watching || !strings.Contains(screen(m), "not watching") {
		t.Errorf("status %q should say the file is no longer watched", lineOf(screen(m), "tools.json"))
	}
}

func TestAnEarlierModelKeepsItsStateAfterLaterUpdates(t *testing.T) {
	t.Parallel()
	typing := typeText(t, press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab"), `{"a`)
	later := typeText(t, typing, "bc")
	later = press(t, later, "backspace", "backspace", "backspace", "x")
	if got := typing.call.input.Value(); got != `{"a` {
		t.Errorf("the earlier tester holds %q, want %q", got, `{"a`)
	}
	if got := later.call.input.Value(); got != `{"x` {
		t.Errorf("the later tester holds %q, want %q", got, `{"x`)
	}

	filtered := typeText(t, press(t, newLoadedModel(t, testTools, 100, 30), "/"), "sea")
	wider := press(t, filtered, "backspace", "backspace", "backspace")
	if len(filtered.tools.visible) != 1 || len(wider.tools.visible) != 2 {
		t.Errorf("filtered shows %d tools, wider %d; want 1 and 2", len(filtered.tools.visible), len(wider.tools.visible))
	}
}

func TestLongListsKeepTheSelectionOnScreen(t *testing.T) {
	t.Parallel()
	doc, err := jsondoc.Parse("big.json", gen.Tools(300))
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(Options{File: "big.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	m = update(t, m, docLoadedMsg{snap: newSnapshot(lint.Lint(doc, lint.Options{}), loadTime)})
	cases := []struct {
		name string
		keys []string
		want int // the selected tool's index
	}{
		{"G goes to the last tool", []string{"G"}, 299},
		{"pgup from the last", []string{"G", "pgup"}, 299 - m.tools.listHeight()},
		{"g goes back to the first", []string{"G", "g"}, 0},
		{"pgdown pages", []string{"pgdown"}, m.tools.listHeight()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := press(t, m, tc.keys...)
			if i := got.tools.Selected(); i != tc.want {
				t.Fatalf("selected %d, want %d", i, tc.want)
			}
			label := got.tools.snap.rows[tc.want].label
			if !strings.Contains(lineOf(screen(got), label+" "), "› "+label) {
				t.Errorf("the selected %s is not on screen:\n%s", label, screen(got))
			}
			if !strings.Contains(screen(got), "verbose") {
				t.Errorf("the parameter table should show all six parameters:\n%s", screen(got))
			}
		})
	}

	issues := press(t, m, "tab", "a", "G")
	last := issues.snap.result.Issues[len(issues.snap.result.Issues)-1]
	if sel := issues.issues.Selected(); sel == nil || *sel != last {
		t.Fatalf("G in Issues selected %+v, want the last issue", sel)
	}
	if !strings.Contains(screen(issues), position(last)) {
		t.Errorf("the last issue (%s) is not on screen:\n%s", position(last), screen(issues))
	}
	issues = press(t, issues, "k", "k", "j")
	if sel := issues.issues.Selected(); *sel != issues.snap.result.Issues[len(issues.snap.result.Issues)-2] {
		t.Errorf("k k j should leave the next to last issue selected")
	}
	wheel := update(t, issues, tea.MouseWheelMsg{X: issues.rects[paneIssues].x + 2, Y: 3, Button: tea.MouseWheelUp})
	if wheel.issues.cursor != issues.issues.cursor-3 {
		t.Errorf("a wheel step up moves %d issues, want 3", issues.issues.cursor-wheel.issues.cursor)
	}
}
