package tui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/compat"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/watch"
)

// fixTools has an unknown type and a repeated enum value in one tool (both
// fixed without asking), and a name no provider takes (renamed only when
// asked), each on a line of its own.
const fixTools = `{"tools": [
  {
    "name": "lookup city",
    "description": "Look a city up by its name and country.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "city": {"type": "str", "description": "The city's name."},
        "units": {"type": "string", "enum": ["metric", "imperial", "metric"], "description": "Unit system."}
      },
      "required": ["city"]
    }
  }
]}
`

// watchedModel is the workbench on a file holding src, watched, at 120x40,
// with its first load taken. The file is ./tools.json, as the user names
// it, in a directory of its own; path is where it is.
func watchedModel(t *testing.T, src string) (m model, path string) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, "tools.json")
	if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	w, err := watch.New("tools.json", watch.Options{Debounce: 10 * time.Millisecond, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	m = newModel(Options{File: "tools.json", Dir: dir}, w)
	m = update(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	return loadUntil(t, m, isLoaded), path
}

// selectIssue moves the focus to Issues, lists every tool's, and selects
// the first of code.
func selectIssue(t *testing.T, m model, code string) model {
	t.Helper()
	m.setFocus(paneIssues)
	if !m.issues.showingAll() {
		m = press(t, m, "a")
	}
	m = press(t, m, "g") // the list opens on the selected tool's issues
	for range len(m.issues.list) {
		if is := m.issues.Selected(); is != nil && is.Code == code {
			return m
		}
		m = press(t, m, "j")
	}
	t.Fatalf("no %s issue among %d", code, len(m.issues.list))
	return m
}

// codes are the codes of the issues shown.
func codes(m model) string {
	var c []string
	for _, is := range m.snap.result.Issues {
		c = append(c, is.Code)
	}
	return strings.Join(c, " ")
}

func TestFShowsTheIssuesFixAndYWritesItForTheWatcherToReload(t *testing.T) {
	t.Parallel()
	m, path := watchedModel(t, fixTools)
	m = selectIssue(t, m, "unknown-type")
	m = press(t, m, "f")
	s := screen(m)
	for _, want := range []string{"Fix", "unknown-type at 8:", "--- tools.json.orig", "+++ tools.json",
		`-        "city": {"type": "str", "description": "The city's name."},`,
		`+        "city": {"type": "string", "description": "The city's name."},`, "y writes tools.json"} {
		if !strings.Contains(s, want) {
			t.Errorf("the fix view lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, `"metric", "imperial"]`) {
		t.Errorf("f shows the selected issue's fix only, not the enum's:\n%s", s)
	}
	m, cmd := pressCmd(t, m, "y")
	m = result(t, m, cmd)
	if m.view != viewNone || !strings.Contains(m.note, "fixed unknown-type") {
		t.Errorf("after y: view %v, note %q", m.view, m.note)
	}
	b, _ := os.ReadFile(path)
	if want := strings.Replace(fixTools, `"str"`, `"string"`, 1); string(b) != want {
		t.Errorf("the file is now:\n%s\nwant:\n%s", b, want)
	}
	m = loadUntil(t, m, isLoaded)
	if strings.Contains(codes(m), "unknown-type") || !strings.Contains(codes(m), "duplicate-enum-value") {
		t.Errorf("after the reload the issues are %s", codes(m))
	}

	// n closes the diff and writes nothing.
	m = selectIssue(t, m, "duplicate-enum-value")
	m = press(t, m, "f", "n")
	if b2, _ := os.ReadFile(path); m.view != viewNone || string(b2) != string(b) {
		t.Error("n should close the fix and leave the file")
	}
}

func TestFFixesEveryIssueToolbenchFixMakesAndLeavesTheRenameToF(t *testing.T) {
	t.Parallel()
	m, path := watchedModel(t, fixTools)
	m = press(t, m, "tab", "F")
	s := screen(m)
	if m.view != viewFix || !strings.Contains(s, "2 issues (1 duplicate-enum-value, 1 unknown-type)") ||
		!strings.Contains(s, `+        "units": {"type": "string", "enum": ["metric", "imperial"], "description": "Unit system."}`) ||
		strings.Contains(s, `+    "name": "lookup_city"`) {
		t.Fatalf("F should show the two fixes made without asking, and not the rename:\n%s", s)
	}
	m, cmd := pressCmd(t, m, "y")
	m = loadUntil(t, result(t, m, cmd), isLoaded)
	// A list in MCP's shape is held to MCP's name rule, whose issue
	// offers the rename too.
	if got := codes(m); got != "mcp/invalid-name" {
		t.Errorf("after F the issues are %q, want the name's only", got)
	}

	// The rename is made by f on its own issue.
	m = selectIssue(t, m, "mcp/invalid-name")
	m = press(t, m, "f")
	if !strings.Contains(screen(m), `+    "name": "lookup_city",`) {
		t.Fatalf("f on mcp/invalid-name should offer the rename:\n%s", screen(m))
	}
	m, cmd = pressCmd(t, m, "y")
	m = loadUntil(t, result(t, m, cmd), isLoaded)
	if got := codes(m); got != "" {
		t.Errorf("after the rename the issues are %q, want none", got)
	}
	if m = press(t, m, "F"); m.view != viewNone || !strings.Contains(m.note, "nothing") {
		t.Errorf("F on a clean file: view %v, note %q", m.view, m.note)
	}
	b, _ := os.ReadFile(path)
	if _, err := jsondoc.Parse(path, b); err != nil || !strings.Contains(string(b), `"lookup_city"`) {
		t.Errorf("the file should parse, renamed: %v\n%s", err, b)
	}
}

func TestAFixIsNotWrittenOverAFileThatChangedOrDoesNotLoad(t *testing.T) {
	t.Parallel()
	m, path := watchedModel(t, fixTools)
	m = selectIssue(t, m, "unknown-type")
	m = press(t, m, "f")
	edited := strings.Replace(fixTools, "Look a city up", "Find a city", 1)
	if err := os.WriteFile(path, []byte(edited), 0o600); err != nil {
		t.Fatal(err)
	}
	m, cmd := pressCmd(t, m, "y")
	m = result(t, m, cmd)
	if b, _ := os.ReadFile(path); string(b) != edited || !strings.Contains(m.note, "the file has changed since it loaded: nothing was written") {
		t.Errorf("a file edited since the load: note %q, file changed by the fix %v", m.note, string(b) != edited)
	}

	// A save that breaks the file: the last good load stays on screen,
	// and a fix of it would undo the edit.
	if err := os.WriteFile(path, []byte(`{"tools": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	m = loadUntil(t, m, isFailed)
	for _, k := range []string{"f", "F"} {
		if m = press(t, m, k); m.view != viewNone || !strings.Contains(m.note, "the file does not load now") {
			t.Errorf("%s on a broken file: view %v, note %q", k, m.view, m.note)
		}
	}
	if !strings.Contains(lineOf(screen(m), "shape"), "last good load") {
		t.Errorf("the last good tools should stay on screen:\n%s", screen(m))
	}
}

func TestFOnAnIssueWithoutAFixSaysSo(t *testing.T) {
	t.Parallel()
	noFix := strings.Replace(testTools, `"description": "Search the index for documents that match a query.",`, "", 1)
	m := newLoadedModel(t, noFix, 120, 40)
	m = selectIssue(t, m, "missing-description")
	if m = press(t, m, "f"); m.view != viewNone || !strings.Contains(m.note, "no fix for this missing-description issue") {
		t.Errorf("f without a fix: view %v, note %q", m.view, m.note)
	}
}

func TestFixesOnAServerOrTheDemoShowTheDiffButWriteNothing(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	ls.srv.AddTool(&mcp.Tool{Name: "typo", Description: "A tool whose parameter has a type misspelt.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"str","description":"The query."}}}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	m := openOnServer(t, ls.serveHTTP(t), Server{}, 120, 40)
	m = selectIssue(t, m, "unknown-type")
	m = update(t, m, keyPress("f"))
	s := screen(m)
	if m.view != viewFix || m.fixes.writable || !strings.Contains(s, "there is no file to write; change the server's code") ||
		!strings.Contains(s, `+:"string","description":"The query."}}},"name":"typo"},`) || !strings.Contains(s, "esc closes") {
		t.Errorf("f on a server should show the diff and say there is no file:\n%s", s)
	}
	if m, cmd := pressCmd(t, m, "y"); cmd != nil || m.view != viewFix {
		t.Error("y on a server's fix should do nothing")
	}

	d := newModel(Options{}, nil)
	d = update(t, d, tea.WindowSizeMsg{Width: 120, Height: 40})
	d = update(t, d, docLoadedMsg{snap: lintSnapshot(t, demoName, string(demoJSON), lint.Options{})})
	d = update(t, d, keyPress("tab"))
	d = update(t, d, keyPress("F"))
	if d.view != viewFix || d.fixes.writable || !strings.Contains(screen(d), "the demo has no file to write") {
		t.Errorf("F on the demo should show the diff only:\n%s", screen(d))
	}
}

func TestTheCompatRowCountsEachTargetsErrors(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, testTools, 120, 40)
	want := compat.Compute(m.snap.result.Doc, lint.Options{})
	for r, name := range []string{"search", "get_weather"} {
		if r > 0 {
			m = press(t, m, "j")
		}
		row := strings.Join(strings.Fields(strings.Join(compatText(m), " ")), " ")
		var cells []string
		for i, target := range want.Targets {
			if n := want.Rows[r].Errors[i]; n > 0 {
				cells = append(cells, target+" "+strconv.Itoa(n))
			} else {
				cells = append(cells, target+" ok")
			}
		}
		if w := "compat " + strings.Join(cells, " "); row != w {
			t.Errorf("%s: the compat row is %q, want %q", name, row, w)
		}
	}
	if !strings.Contains(strings.Join(compatText(m), " "), "openai-strict") {
		t.Fatal("the row should name every target")
	}
}

// compatText is the compat row's lines on screen, from the label on.
func compatText(m model) []string {
	lines := strings.Split(screen(m), "\n")
	for i, l := range lines {
		j := strings.Index(l, " compat ")
		if j < 0 {
			continue
		}
		out := []string{tools(l)}
		for _, next := range lines[i+1:] {
			cell := strings.TrimSpace(tools(next))
			if cell == "" || strings.Contains(next, "╰") || strings.Contains(next, "┗") {
				break
			}
			out = append(out, cell)
		}
		return out
	}
	return nil
}

// tools is the part of a screen line in the tools pane, inside its border.
func tools(line string) string {
	r := []rune(line)
	end := len(r)
	for i := 1; i < len(r); i++ {
		if r[i] == '┃' || r[i] == '│' {
			end = i
			break
		}
	}
	return strings.Trim(string(r[:end]), "┃│ ")
}
