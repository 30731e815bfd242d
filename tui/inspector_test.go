package tui

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/tiktoken-go/tokenizer"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/report"
)

// detailText is the detail view's text without styles.
func detailText(m model) string { return ansi.Strip(m.detail.vp.GetContent()) }

func TestDetailShowsTheWholeToolWithIssuesInPlace(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, inspectTools(t), 120, 40), "enter")
	if m.view != viewDetail {
		t.Fatal("enter on a tool should open its detail")
	}
	text := detailText(m)
	for _, want := range []string{
		"title: Create a calendar event",
		"it to change an event that exists.", // the end of the description, wrapped
		"input schema (inputSchema)",
		"├─ title*  string", "minLength 1 · maxLength 200", // required mark, bounds
		`format "date-time"`,
		"default 30 · minimum 5 · maximum 1440",
		"└─ items  $ref #/$defs/person (reference)", "↳ #/$defs/person  object", // the target, inline
		`enum "public" | "private"`,
		"anyOf [0]  integer", "anyOf [1]  null",
		`const "event"`,
		`pattern "^[A-Z]-[0-9]{3}$"`,
		"└─ $defs/person  object",
		"output schema (outputSchema)", "├─ id*  string", `format "uri"`,
		"annotations", "readOnlyHint: false", "openWorldHint: true",
		"cost: 1,420 bytes · 354 tokens",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the detail lacks %q:\n%s", want, text)
		}
	}
	// Each issue under its node: the required name under the root, the
	// unknown type under the definition's property, not under its
	// inline copy.
	lines := strings.Split(text, "\n")
	for _, tc := range []struct{ node, issue string }{
		{" object", "E 19:38 required-not-in-properties"},
		{"    └─ name  str", "E 25:30 unknown-type"},
	} {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.TrimRight(l, " ") == tc.node })
		if i < 0 || i+1 >= len(lines) || !strings.Contains(lines[i+1], tc.issue) {
			t.Errorf("%q should stand under %q:\n%s", tc.issue, tc.node, text)
		}
	}
	if n := strings.Count(text, "unknown-type"); n != 1 {
		t.Errorf("the issue is shown %d times, want once", n)
	}
	if m = press(t, m, "esc"); m.view != viewNone {
		t.Error("esc should close the detail")
	}
}

func TestDetailMarksRecursiveAndBrokenReferences(t *testing.T) {
	t.Parallel()
	doc := `[{"name": "tree", "description": "A tree of nodes, each with its children.", "parameters": {
	  "type": "object",
	  "properties": {
	    "root": {"$ref": "#/$defs/node"},
	    "other": {"$ref": "#/$defs/missing"},
	    "remote": {"$ref": "https://example.com/s.json"}
	  },
	  "$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}
	}}]`
	m := press(t, newLoadedModel(t, doc, 120, 40), "enter")
	text := detailText(m)
	for _, want := range []string{"↺ recursive: the target is shown above", "the reference resolves to nothing", "a reference to another document: not followed"} {
		if !strings.Contains(text, want) {
			t.Errorf("the detail lacks %q:\n%s", want, text)
		}
	}
}

func TestDetailShowsTheEscapesInATypeItDoesNotKnow(t *testing.T) {
	t.Parallel()
	doc := `[{"name": "t", "description": "Types with odd bytes inside them.", "parameters": {"type": "object", "properties": {
	  "a": {"type": "str\u001b[31mZZZ"}, "b": {"type": "strZZZ"}, "c": {"type": "array", "contains": {"type": "x\u202ey"}}}}}]`
	m := press(t, newLoadedModel(t, doc, 120, 40), "enter")
	text := detailText(m)
	for _, want := range []string{`a  str\x1b[31mZZZ`, "b  strZZZ", `contains x\u{202E}y`} {
		if !strings.Contains(text, want) {
			t.Errorf("the detail lacks %q:\n%s", want, text)
		}
	}
}

// manyParams is a tool of n properties, p1 to pn.
func manyParams(n int) string {
	var props []string
	for i := 1; i <= n; i++ {
		props = append(props, fmt.Sprintf(`"p%d": {"type": "string", "description": "Parameter number %d."}`, i, i))
	}
	return `[{"name": "wide", "description": "A tool with a great many parameters to pass.", "parameters": {"type": "object", "properties": {` + strings.Join(props, ", ") + `}}}]`
}

func TestTheParameterTableScrollsAndSaysWhatIsHidden(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, manyParams(60), 80, 24)
	s := screen(m)
	more := lineOf(s, "more (J/K)")
	if more == "" || !strings.Contains(s, "› p1 ") {
		t.Fatalf("a table taller than the pane should say how many rows are hidden:\n%s", s)
	}
	for range 30 {
		m = press(t, m, "J")
	}
	s = screen(m)
	if !strings.Contains(s, "› p31 ") {
		t.Errorf("J should move the selection to p31 and keep it in view:\n%s", s)
	}
	if strings.Contains(s, " p1 ") {
		t.Errorf("the table should have scrolled past p1:\n%s", s)
	}
	for range 40 {
		m = press(t, m, "K")
	}
	if s = screen(m); !strings.Contains(s, "› p1 ") {
		t.Errorf("K should bring the selection back to p1:\n%s", s)
	}
}

// sourceTools has issues on two lines near each other.
const sourceTools = `[
  {"type": "function", "function": {
    "name": "search",
    "description": "Search the index for documents that match a query.",
    "parameters": {"type": "object",
      "properties": {"q": {"type": "str"}, "n": {"type": "int"}},
      "required": ["q", "missing"]}}}
]`

// TestSourceViewMarksASpanOverSeveralLines opens the source of an issue
// about a whole object, a tool without a description: each of its lines
// is marked, from its text on, not its indentation.
func TestSourceViewMarksASpanOverSeveralLines(t *testing.T) {
	t.Parallel()
	const src = `[
  {"name": "search",
    "parameters": {"type": "object",
      "properties": {"q": {"type": "string"}}}}
]`
	m := press(t, newLoadedModel(t, src, 100, 30), "tab")
	for i := 0; m.issues.Selected().Code != "missing-description"; i++ {
		if i > 5 {
			t.Fatal("no missing-description issue")
		}
		m = press(t, m, "j")
	}
	m = press(t, m, "v")
	content := m.View().Content
	for _, want := range []string{
		`{"name": "search",`,
		`"parameters": {"type": "object",`,
		`"properties": {"q": {"type": "string"}}}}`,
	} {
		if !strings.Contains(content, m.st.errorMark.Render(want)) {
			t.Errorf("the line %s of the span should be marked from its text on", want)
		}
	}
	if strings.Contains(content, m.st.errorMark.Render("]")) {
		t.Error("the line after the span should not be marked")
	}
}

func TestSourceViewMarksTheSpanAndTheOtherIssuesOfItsLines(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, sourceTools, 100, 30)
	m = press(t, m, "tab")
	var i int
	for i = 0; m.issues.Selected().Code != "unknown-type" || !strings.Contains(m.issues.Selected().Message, "'str'"); i++ {
		if i > 5 {
			t.Fatal("no unknown-type issue for 'str'")
		}
		m = press(t, m, "j")
	}
	m = press(t, m, "v")
	if m.view != viewSource {
		t.Fatal("v on an issue should open the source view")
	}
	is := m.issues.Selected()
	src := m.snap.result.Doc.Src
	start, end, _ := is.Span()
	if src[start:end] != `"str"` {
		t.Errorf("the issue spans %q, want the type name \"str\"", src[start:end])
	}
	if content := m.View().Content; !strings.Contains(content, m.st.errorMark.Render(src[start:end])) {
		t.Errorf("the issue's span %s should be marked", src[start:end])
	}
	s := screen(m)
	for _, want := range []string{fmt.Sprintf("›   %d │", is.Line), "Source tools.json:" + position(*is)} {
		if !strings.Contains(s, want) {
			t.Errorf("the source view lacks %q:\n%s", want, s)
		}
	}
	// The other issues' lines are marked in the gutter.
	for _, other := range m.snap.result.Issues {
		if other.Line != is.Line && !strings.Contains(s, fmt.Sprintf("E   %d │", other.Line)) {
			t.Errorf("line %d of %s should be marked in the gutter:\n%s", other.Line, other.Code, s)
		}
	}
	if m = press(t, m, "v"); m.view != viewNone {
		t.Error("v again should close the source view")
	}
}

func TestSourceViewShowsAWindowOfAVeryLongLine(t *testing.T) {
	t.Parallel()
	doc := `[{"name": "t", "description": "` + strings.Repeat("long words ", 5000) + `", "parameters": {"type": "object", "properties": {"x": {"type": "str"}}}}]`
	m := newLoadedModel(t, doc, 100, 30)
	m = press(t, m, "tab", "v")
	s := screen(m)
	if !strings.Contains(s, `"str"`) || !strings.Contains(s, "…") {
		t.Errorf("the view should show the issue's part of the line, cut at both ends:\n%s", s)
	}
	for _, l := range strings.Split(m.View().Content, "\n") {
		if w := ansi.StringWidth(l); w > 100 {
			t.Fatalf("a line is %d wide", w)
		}
	}
}

func TestIssuesAreSiftedByTextAndSeverity(t *testing.T) {
	t.Parallel()
	base := press(t, newLoadedModel(t, inspectTools(t), 120, 40), "tab", "a")
	cases := []struct {
		name   string
		keys   []string
		filter string
		want   []string // the codes listed
	}{
		{"every issue", nil, "", []string{"unknown-type", "required-not-in-properties", "enum-without-type"}},
		{"by code", nil, "enum-without", []string{"enum-without-type"}},
		{"by message", nil, "organizer", []string{"required-not-in-properties"}},
		{"by path", nil, "$defs", []string{"unknown-type"}},
		{"by tool", nil, "list_rooms", []string{"enum-without-type"}},
		{"case does not matter", nil, "UNKNOWN", []string{"unknown-type"}},
		{"errors only", []string{"s"}, "", []string{"unknown-type", "required-not-in-properties"}},
		{"warnings only", []string{"s", "s"}, "", []string{"enum-without-type"}},
		{"back to all", []string{"s", "s", "s"}, "", []string{"unknown-type", "required-not-in-properties", "enum-without-type"}},
		{"a text and a severity", []string{"s"}, "type", []string{"unknown-type"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, base, tc.keys...)
			if tc.filter != "" {
				m = press(t, typeText(t, press(t, m, "/"), tc.filter), "enter")
			}
			var got []string
			for _, i := range m.issues.list {
				got = append(got, m.snap.result.Issues[i].Code)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("listed %q, want %q", got, tc.want)
			}
		})
	}
}

func TestEveryIssueShowsItsToolAndMovesTheToolsSelection(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, inspectTools(t), 120, 40), "tab", "a")
	if !strings.Contains(lineOf(screen(m), "enum-without-type"), "list_rooms") {
		t.Errorf("each row of every tool's issues should name its tool:\n%s", screen(m))
	}
	if m.tools.SelectedTool().Name != "create_event" {
		t.Fatal("switching to every issue should not move the tools selection")
	}
	m = press(t, m, "G")
	if got := m.tools.SelectedTool().Name; got != "list_rooms" {
		t.Errorf("moving to list_rooms's issue selected %s in Tools", got)
	}
	if got := m.issues.SelectedIndex(); m.snap.result.Issues[got].Code != "enum-without-type" || !m.issues.all {
		t.Errorf("the issues list should stay as it was")
	}
}

// agreeTools has two tools with issues, refund_order's first in the
// file, and one without.
const agreeTools = `[
  {"type": "function", "function": {"name": "refund_order", "parameters": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id", "amount"]}}},
  {"type": "function", "function": {"name": "get customer", "description": "Look a customer up by id.", "parameters": {"type": "object", "properties": {"id": {"type": "string", "description": "The id."}}}}},
  {"type": "function", "function": {"name": "ping", "description": "Check that the service answers.", "parameters": {"type": "object", "properties": {"echo": {"type": "string", "description": "Sent back."}}}}}
]`

// issueToolOf is the tool of the issue at the cursor, "" for none.
func issueToolOf(m model) string {
	i := m.issues.SelectedIndex()
	if i < 0 || m.snap.issueRow[i] < 0 {
		return ""
	}
	return m.snap.rows[m.snap.issueRow[i]].tool.Name
}

func TestAllIssuesStartAtTheSelectedToolsFirstIssue(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, agreeTools, 120, 40), "j", "tab", "a")
	if !strings.Contains(screen(m), "all issues: 3 of 3 issues · a: only get customer") {
		t.Fatalf("a should list every issue:\n%s", screen(m))
	}
	if got, sel := issueToolOf(m), m.tools.SelectedTool().Name; got != "get customer" || sel != "get customer" {
		t.Errorf("the cursor is on an issue of %q with %q selected in Tools, want both get customer", got, sel)
	}
	if m = press(t, m, "v"); m.view != viewSource || m.snap.result.Issues[m.source.issue].Code != "invalid-name" {
		t.Errorf("v should open get customer's issue")
	}

	// With every issue listed, s and / start at the selected tool too.
	m = press(t, m, "esc", "s")
	if got, sel := issueToolOf(m), m.tools.SelectedTool().Name; got != "get customer" || sel != "get customer" {
		t.Errorf("after s the cursor is on an issue of %q with %q selected, want both get customer", got, sel)
	}
}

func TestAllIssuesOfAToolWithNoneMoveTheToolsSelectionToTheCursor(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, agreeTools, 120, 40), "j", "j", "tab", "a")
	if got, sel := issueToolOf(m), m.tools.SelectedTool().Name; got != "refund_order" || sel != "refund_order" {
		t.Errorf("ping has no issue: the cursor is on %q's with %q selected, want both refund_order", got, sel)
	}
	if !strings.Contains(screen(m), "a: only refund_order") {
		t.Errorf("the header should name the tool selected now:\n%s", screen(m))
	}
}

func TestAllIssuesSiftedInACommandStartAtTheSelectedTool(t *testing.T) {
	t.Parallel()
	m := newModel(Options{File: "big.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = update(t, m, docLoadedMsg{snap: bigSnap()})
	s := m.snap
	if len(s.result.Issues) <= syncSift {
		t.Fatalf("%d issues are sifted at once", len(s.result.Issues))
	}
	r := s.issueRow[len(s.result.Issues)/2]
	if !m.tools.selectRow(r) {
		t.Fatal("cannot select the tool")
	}
	m = runQuick(t, m, m.issues.setTool(r))
	m = press(t, m, "tab")
	next, cmd := m.Update(keyPress("a"))
	if m = next.(model); cmd == nil || !m.issues.sifting {
		t.Fatal("every issue of 10,000 tools should be sifted in a command")
	}
	m = runQuick(t, m, cmd)
	if i := m.issues.SelectedIndex(); i < 0 || s.issueRow[i] != r || m.tools.Selected() != r {
		t.Errorf("the cursor is on issue %d, of row %d, want one of row %d", i, s.issueRow[max(i, 0)], r)
	}
}

func TestErrorsOnlyShowsTheToolsWithErrors(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, inspectTools(t), 120, 40), "j", "x")
	if len(m.tools.visible) != 1 || m.tools.SelectedTool().Name != "create_event" {
		t.Errorf("x should leave create_event alone, got %d tools", len(m.tools.visible))
	}
	if !strings.Contains(screen(m), "Tools 1/2") {
		t.Errorf("the title should count the tools shown:\n%s", screen(m))
	}
	if m = press(t, m, "x"); len(m.tools.visible) != 2 {
		t.Error("x again should show every tool")
	}
}

func TestLongListsAreSiftedInACommand(t *testing.T) {
	t.Parallel()
	m := newModel(Options{File: "big.json"}, nil)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = update(t, m, docLoadedMsg{snap: bigSnap()})
	m = press(t, m, "/")
	next, cmd := m.Update(tea.KeyPressMsg{Code: '7', Text: "7"})
	m = next.(model)
	if cmd == nil || !m.tools.sifting || len(m.tools.visible) != 10000 {
		t.Fatalf("a filter over 10,000 tools should be sifted in a command, showing the old list meanwhile")
	}
	m = runQuick(t, m, cmd)
	if m.tools.sifting || len(m.tools.visible) != 3439 {
		t.Errorf("after the command %d tools, want the 3,439 with a 7 in their name", len(m.tools.visible))
	}
	stale := siftedMsg{pane: paneTools, seq: m.tools.siftSeq - 1, list: []int{1}}
	if m = update(t, m, stale); len(m.tools.visible) == 1 {
		t.Error("a list sifted for an older filter was taken")
	}
}

func TestTheFormIsASecondViewOfTheCall(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, inspectTools(t), 120, 40)
	m = press(t, m, "tab", "tab")
	m = typeText(t, m, `{"name": "create_event", "arguments": {"start": "2026-03-14T09:00:00Z", "debug": 1}}`)
	m = press(t, m, "ctrl+f")
	if !m.call.showForm {
		t.Fatalf("ctrl+f should open the form (%s)", m.note)
	}
	var names []string
	for _, f := range m.call.form.fields {
		names = append(names, f.name)
	}
	want := []string{"title", "start", "duration", "attendees", "visibility", "reminder", "kind", "room", "notify", "organizer"}
	if !slices.Equal(names, want) {
		t.Errorf("fields %q, want the schema's properties in order, then the required name without one: %q", names, want)
	}
	s := screen(m)
	for _, want := range []string{"title*", "start*", "2026-03-14T09:00:00Z", "default 30", `also in the call: "debug": 1`} {
		if !strings.Contains(s, want) {
			t.Errorf("the form lacks %q:\n%s", want, s)
		}
	}
	if !slices.Contains(m.call.errs(), "missing:title") {
		t.Fatalf("errors %q, want missing:title", m.call.errs())
	}

	// Typing a required field: the call gets it, in the call's shape, and
	// the errors are the call check's of the text.
	m = typeText(t, m, "Standup")
	text := m.call.text()
	if !strings.Contains(text, `"title": "Standup"`) || !strings.Contains(text, `"debug": 1`) || !strings.HasPrefix(text, `{"name": "create_event", "arguments": {`) {
		t.Errorf("the form wrote %s", text)
	}
	if slices.Contains(m.call.errs(), "missing:title") {
		t.Errorf("missing:title should be gone: %q", m.call.errs())
	}
	if diff := call.CheckCallText(text, m.snap.schemas); !slices.Equal(diff, m.call.errs()) {
		t.Errorf("the form's errors %q are not the call check's %q", m.call.errs(), diff)
	}

	// Numbers refuse letters; booleans toggle; choices cycle.
	m = press(t, m, "down", "down") // duration
	m = typeText(t, m, "4x5")
	if got := m.call.form.fields[2].input.Value(); got != "45" {
		t.Errorf("the integer field holds %q, want the letter refused: 45", got)
	}
	m = press(t, m, "down", "down", "right") // visibility
	if !strings.Contains(m.call.text(), `"visibility": "public"`) {
		t.Errorf("right should choose the first value: %s", m.call.text())
	}
	m = press(t, m, "right", "right")
	if strings.Contains(m.call.text(), `"visibility"`) {
		t.Errorf("past the last value the choice is unset: %s", m.call.text())
	}
	m = press(t, m, "down", "down", "down", "down", "space") // notify
	if !strings.Contains(m.call.text(), `"notify": true`) {
		t.Errorf("space should set the boolean: %s", m.call.text())
	}
	m = press(t, m, "up", "up", "up", "up", "up") // attendees, a JSON field
	m = typeText(t, m, "[1,")
	if !strings.Contains(screen(m), "left out of the call") || strings.Contains(m.call.text(), `"attendees"`) {
		t.Errorf("JSON with a syntax error should be said and left out:\n%s", screen(m))
	}
	m = typeText(t, m, " 2]")
	if !strings.Contains(m.call.text(), `"attendees": [1, 2]`) {
		t.Errorf("the JSON field should reach the call: %s", m.call.text())
	}

	// Back to the text: it is the call the form made.
	m = press(t, m, "ctrl+f")
	if m.call.showForm || m.call.text() != text && !strings.Contains(m.call.text(), `"attendees": [1, 2]`) {
		t.Errorf("ctrl+f should show the text again: %s", m.call.text())
	}
}

func TestTheFormKeepsTheCallsShape(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, call, want string }{
		{"an OpenAI arguments string", `{"id": "c1", "type": "function", "function": {"name": "list_rooms", "arguments": "{}"}}`,
			`{"id": "c1", "type": "function", "function": {"name": "list_rooms", "arguments": "{\"at\": \"x\"}"}}`},
		{"an MCP request without arguments", `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_rooms"}}`,
			`{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_rooms", "arguments": {"at": "x"}}}`},
		{"pretty-printed", "{\n  \"name\": \"list_rooms\",\n  \"arguments\": {\n    \"floor\": 2\n  }\n}",
			"{\n  \"name\": \"list_rooms\",\n  \"arguments\": {\n    \"at\": \"x\",\n    \"floor\": 2\n  }\n}"},
		{"no call yet", ``, `{"name": "list_rooms", "arguments": {"at": "x"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, inspectTools(t), 120, 40), "j", "tab", "tab")
			m = update(t, m, tea.PasteMsg{Content: tc.call})
			m = press(t, m, "ctrl+f")
			m = typeText(t, m, "x")
			if got := m.call.text(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestTheFormShowsHiddenCharactersEscapedAndKeepsThem(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, inspectTools(t), 120, 40), "j", "tab", "tab", "ctrl+f")
	m = update(t, m, tea.PasteMsg{Content: "a\u202eb"})
	if !strings.Contains(m.call.text(), `"at": "a\u202eb"`) {
		t.Errorf("the call should hold the character as a JSON escape: %s", m.call.text())
	}
	if s := m.View().Content; strings.Contains(s, "\u202e") || !strings.Contains(ansi.Strip(s), `a\u{202E}b`) {
		t.Errorf("the field should show the character escaped")
	}
}

func TestTheCallPaneLeads(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 100, 30)
	m = press(t, m, "tab", "tab")
	m = typeText(t, m, `{"name": "get_weather", "arguments": {}}`)
	if m.tools.SelectedTool().Name != "get_weather" || !strings.Contains(screen(m), "following the call") {
		t.Errorf("the tool the call names should be selected, and the status say so:\n%s", screen(m))
	}
	m = press(t, m, "shift+tab", "shift+tab", "k")
	if strings.Contains(screen(m), "following the call") {
		t.Error("moving the selection by hand should stop following")
	}
}

func TestACallNamingAToolTheFilterHidesIsNotFollowed(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 120, 40)
	m = press(t, typeText(t, press(t, m, "/"), "search"), "enter")
	if got := m.tools.visible; len(got) != 1 || m.snap.rows[got[0]].label != "search" {
		t.Fatalf("the filter should leave search alone in the list, got rows %v", got)
	}
	m = typeText(t, press(t, m, "tab", "tab"), `{"name": "search", "arguments": {}}`)
	if !m.following || !strings.Contains(screen(m), "following the call") {
		t.Fatalf("a call of search, which the filter shows, should be followed: %q", statusBar(m))
	}
	// A paste names get_weather in one step: typing it would pass through
	// names of no tool, which stop the following on the way.
	m = update(t, m, tea.PasteMsg{Content: "\n" + `{"name": "get_weather", "arguments": {}}`})
	if m.call.calledTool() != "get_weather" || m.tools.SelectedTool().Name != "search" {
		t.Fatalf("the call should name get_weather with search still selected: called %q, selected %q", m.call.calledTool(), m.tools.SelectedTool().Name)
	}
	if m.following || strings.Contains(screen(m), "following the call") {
		t.Errorf("the selection is not on the tool the call names, yet the status follows it: %q", statusBar(m))
	}
}

func TestAMalformedCallIsMarkedWhereItsErrorIs(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m = update(t, m, tea.PasteMsg{Content: "{\"name\": \"search\",\n \"arguments\": {\"query\" \"x\"}}"})
	if got := m.call.errs(); len(got) != 1 || !strings.HasPrefix(got[0], "malformed:2:24:") {
		t.Fatalf("errors %q, want one malformed at 2:24", got)
	}
	if !slices.Equal(m.call.input.marks, []textPos{{1, 23}}) {
		t.Errorf("marks %v, want the character at 2:24", m.call.input.marks)
	}
	if !strings.Contains(m.View().Content, m.st.errorMark.Render(`"`)) {
		t.Error("the marked character should be drawn marked")
	}
}

func TestABatchIsCheckedCallByCallAsTheCallCommandDoes(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"JSON Lines":           `{"name": "search", "arguments": {"query": "x"}}` + "\n\n" + `{"name": "get_weather", "arguments": {"city": 1}}` + "\n" + `{"name": ` + "\n" + `{"name": "nope"}` + "\n",
		"pretty-printed calls": "{\n  \"name\": \"search\",\n  \"arguments\": {\"query\": \"x\"}\n}\n{\n  \"name\": \"get_weather\"\n}\n",
	}
	for name, batch := range cases {
		t.Run(name, func(t *testing.T) {
			m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
			m = update(t, m, tea.PasteMsg{Content: batch})
			var got []string
			for _, r := range m.call.results {
				errs := strings.Join(call.Strings(r.errs), ", ")
				if errs == "" {
					errs = "valid"
				}
				got = append(got, fmt.Sprintf("line %d: %s", r.line, errs))
			}
			var out bytes.Buffer
			text, _ := report.LookupFormat("text")
			if _, err := report.WriteCalls(text, &out, &report.CallReport{}, strings.NewReader(batch), m.snap.schemas, call.CallOptions{}); err != nil {
				t.Fatal(err)
			}
			want := strings.Split(strings.TrimSpace(out.String()), "\n")
			want = want[:len(want)-1] // the count
			if !slices.Equal(got, want) {
				t.Errorf("the tester says\n%q\ntoolbench call says\n%q", got, want)
			}
			if !strings.Contains(screen(m), fmt.Sprintf("%d calls:", len(want))) {
				t.Errorf("the results should count the calls:\n%s", screen(m))
			}
		})
	}
}

func TestAfterASampleTheCursorIsOnTheFirstValue(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "ctrl+s")
	text := m.call.text()
	off := strings.Index(text, `"example"`) + len(`"example`)
	if got := textOffset(m.call.input); got != off {
		t.Errorf("cursor at byte %d, want %d, at the end of the first value:\n%s", got, off, text)
	}
	m = press(t, m, "ctrl+w")
	if !strings.Contains(m.call.text(), `"query": ""`) {
		t.Errorf("ctrl+w should clear the sample value: %s", m.call.text())
	}
}

// textOffset is the byte offset of a field's cursor in its Value.
func textOffset(f textField) int {
	n := 0
	for i := range f.row {
		n += len(string(f.lines[i])) + 1
	}
	return n + len(string(f.lines[f.row][:f.col]))
}

func TestCopyPutsTheCallOnTheClipboard(t *testing.T) {
	t.Parallel()
	m := press(t, newLoadedModel(t, testTools, 100, 30), "tab", "tab")
	m = typeText(t, m, `{"name": "search"}`)
	next, cmd := press(t, m, "esc").Update(keyPress("y"))
	m = next.(model)
	if cmd == nil || !reflect.DeepEqual(cmd(), tea.SetClipboard(`{"name": "search"}`)()) {
		t.Error("y should set the clipboard to the call")
	}
	if !strings.Contains(screen(m), "copied the call to the clipboard (18 bytes)") {
		t.Errorf("the status should say what was copied:\n%s", lineOf(screen(m), "copied"))
	}
	next, cmd = press(t, m, "tab").Update(keyPress("y"))
	m = next.(model)
	sample := call.SampleCall(m.tools.SelectedTool())
	if cmd == nil || !reflect.DeepEqual(cmd(), tea.SetClipboard(sample)()) || !strings.Contains(screen(m), "copied a sample call of search") {
		t.Errorf("y in Tools should copy the selected tool's sample call:\n%s", lineOf(screen(m), "copied"))
	}
}

func TestHelpListsEveryKeyOfTheKeyMap(t *testing.T) {
	t.Parallel()
	k := newKeyMap()
	listed := map[*key.Binding]bool{}
	for _, g := range k.groups() {
		for _, d := range g.keys {
			listed[d.b] = true
		}
	}
	for _, b := range allBindings(k) {
		if !listed[b] && b != &k.move {
			t.Errorf("the binding of %q is in no help group", b.Keys())
		}
	}
	m := press(t, newLoadedModel(t, testTools, 100, 200), "?")
	s := screen(m)
	for _, g := range KeyHelp() {
		for _, d := range g.Keys {
			if !strings.Contains(s, d.Keys) {
				t.Errorf("the help screen lacks %q", d.Keys)
			}
		}
	}
	if m = press(t, m, "?"); m.view != viewNone {
		t.Error("? again should close the help")
	}
}

// allBindings is every key.Binding in the key map, its editing keys
// included, found by reflection so that a new one cannot be missed.
func allBindings(k *keyMap) []*key.Binding {
	var out []*key.Binding
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		for i := range v.NumField() {
			f := v.Field(i)
			switch {
			case f.Type() == reflect.TypeOf(key.Binding{}):
				// The map's fields are unexported: take the address as
				// is, to compare with the groups' pointers.
				out = append(out, (*key.Binding)(unsafe.Pointer(f.UnsafeAddr())))
			case f.Kind() == reflect.Struct:
				walk(f)
			}
		}
	}
	walk(reflect.ValueOf(k).Elem())
	return out
}

func TestTheFixServerAndHistoryKeysAreBoundOnceEach(t *testing.T) {
	t.Parallel()
	k := newKeyMap()
	want := map[string]*key.Binding{
		"f": &k.Fix, "F": &k.FixAll, "ctrl+r": &k.Run, "S": &k.Stderr, "R": &k.Reconnect,
		"ctrl+p": &k.HistPrev, "ctrl+n": &k.HistNext, "ctrl+f": &k.Form,
	}
	bound := map[string]int{}
	for _, b := range allBindings(k) {
		for _, name := range b.Keys() {
			w, ok := want[name]
			if !ok {
				continue
			}
			bound[name]++
			if b != w {
				t.Errorf("%q is bound to %q as well as to %q", name, b.Help().Desc, w.Help().Desc)
			}
		}
	}
	for name := range want {
		if bound[name] != 1 {
			t.Errorf("%q is bound %d times, want once", name, bound[name])
		}
	}
}

func TestTokensAreCountedOnceForEachText(t *testing.T) {
	t.Parallel()
	s := lintSnapshot(t, "tools.json", testTools, lint.Options{})
	enc := &countingCodec{}
	c := measure(s, nil, testSeed, enc)
	for i, r := range s.rows {
		compact := jsondoc.AppendCompact(nil, r.tool.Node, false, 0)
		if c.bytes[i] != len(compact) || c.tokens[i] != len(strings.Fields(string(compact))) {
			t.Errorf("%s: %d bytes %d tokens, want %d bytes and the codec's count", r.label, c.bytes[i], c.tokens[i], len(compact))
		}
	}
	if c.totalBytes != c.bytes[0]+c.bytes[1] || c.totalTokens != c.tokens[0]+c.tokens[1] {
		t.Error("the totals are not the sums")
	}
	changed := strings.Replace(testTools, "Words to look for.", "Words to search for.", 1)
	s2 := lintSnapshot(t, "tools.json", changed, lint.Options{})
	enc.calls = 0
	measure(s2, c, testSeed, enc)
	if enc.calls != 1 {
		t.Errorf("a reload with one tool changed counted %d texts, want 1", enc.calls)
	}
}

func TestCostsShowInTheListTheDetailAndTheStatus(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 120, 40)
	if m.costs == nil {
		t.Fatal("no costs counted")
	}
	s := screen(m)
	if !strings.Contains(s, "≈"+shortCount(m.costs.totalTokens)+" tokens") || !strings.Contains(lineOf(s, "› search"), shortCount(m.costs.tokens[0])) {
		t.Errorf("the status and the list should show the tokens:\n%s", s)
	}
	if d := detailText(press(t, m, "enter")); !strings.Contains(d, costText(m.costs.bytes[0], m.costs.tokens[0])) || !strings.Contains(d, "estimate") {
		t.Errorf("the detail should show the cost and say it is an estimate:\n%s", d)
	}
}

func TestShortCountsFitTheColumn(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1.0k", 12_345: "12.3k", 312_000: "312k", 3_100_000: "3.1M"} {
		if got := shortCount(n); got != want || len(got) >= costW {
			t.Errorf("shortCount(%d) = %q, want %q", n, got, want)
		}
	}
	if got := groupDigits(1234567); got != "1,234,567" {
		t.Errorf("groupDigits = %q", got)
	}
}

// countingCodec counts words instead of tokens, and how often it counts.
type countingCodec struct {
	fakeCodec
	calls int
}

func (c *countingCodec) Count(s string) (int, error) {
	c.calls++
	return len(strings.Fields(s)), nil
}

// fakeCodec is the rest of a tokenizer.Codec, which measure never calls.
type fakeCodec struct{}

func (fakeCodec) GetName() string                         { return "fake" }
func (fakeCodec) Encode(string) ([]uint, []string, error) { return nil, nil, nil }
func (fakeCodec) Decode([]uint) (string, error)           { return "", nil }
func (fakeCodec) ErrorMode() tokenizer.ErrorMode          { return tokenizer.ErrorModeNone }
func (fakeCodec) SetErrorMode(tokenizer.ErrorMode)        {}
func (fakeCodec) Count(string) (int, error)               { return 0, nil }

var testSeed = maphash.MakeSeed()

func TestAChoiceEditedAsJSONChoosesAgainOnceCtrlUClearsIt(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, inspectTools(t), 120, 40)
	m = press(t, m, "tab", "tab")
	// "secret" is none of the choices: the form edits it as JSON.
	m = typeText(t, m, `{"name": "create_event", "arguments": {"visibility": "secret"}}`)
	m = press(t, m, "ctrl+f", "down", "down", "down", "down") // visibility
	if f := m.call.form.fields[m.call.form.focus]; f.name != "visibility" || f.kind != fieldJSON {
		t.Fatalf("focus on %s of kind %v, want visibility edited as JSON", f.name, f.kind)
	}
	m = press(t, m, "ctrl+u", "right")
	if !strings.Contains(m.call.text(), `"visibility": "public"`) {
		t.Errorf("once cleared, right should choose the first value again: %s", m.call.text())
	}
	if s := screen(m); strings.Contains(s, "edited as JSON") {
		t.Errorf("the note about the value that was no choice should go with it:\n%s", s)
	}
}

func TestTypingIntoAFieldThatShowsASampleReplacesTheSample(t *testing.T) {
	m := newLoadedModel(t, inspectTools(t), 120, 40)
	m = press(t, m, "ctrl+s", "ctrl+f")
	if !m.call.showForm || m.call.form.tool.Name != "create_event" {
		t.Fatalf("ctrl+s, ctrl+f should show the form of a sample call of create_event (%s)", m.note)
	}
	title := m.call.form.fields[0]
	if title.name != "title" || title.input.Value() == "" || !title.sample {
		t.Fatalf("the first field should hold the sample's title: %+v", title)
	}
	m = typeText(t, m, "Standup")
	if got := m.call.form.fields[0].input.Value(); got != "Standup" {
		t.Errorf("the title holds %q, want the sample replaced by what was typed: Standup", got)
	}
	if !strings.Contains(m.call.text(), `"title": "Standup"`) {
		t.Errorf("the call should carry the typed title: %s", m.call.text())
	}

	// A field the user edits otherwise is theirs: a backspace takes one
	// character off the sample, and what is typed next joins the rest.
	m = press(t, m, "down") // start, a sample date-time
	start := m.call.form.fields[1].input.Value()
	m = press(t, m, "backspace")
	m = typeText(t, m, "Z")
	if got := m.call.form.fields[1].input.Value(); got != start[:len(start)-1]+"Z" {
		t.Errorf("start holds %q, want the sample less its last character, then Z", got)
	}

	// A call someone wrote is no sample: typing joins its values.
	m = press(t, m, "ctrl+f")
	m = inTester(t, m, `{"name": "create_event", "arguments": {"title": "Stand"}}`)
	m = press(t, m, "ctrl+f")
	m = typeText(t, m, "up")
	if got := m.call.form.fields[0].input.Value(); got != "Standup" {
		t.Errorf("the title holds %q, want what was typed after the written value: Standup", got)
	}
}
