package tui

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/tooldef"
	"toolbench/watch"
)

// Messages carry results; the commands below do the work that makes them.

// docLoadedMsg is a document that loaded and linted, ready to show. from
// is the source it came from, nil in tests that make it: after a
// reconnection, what the old session's watcher still sends is dropped.
type docLoadedMsg struct {
	snap *snapshot
	from source
}

// docFailedMsg is a load that failed: bad JSON, a file removed, a file
// that cannot be read. The last good document stays on screen.
type docFailedMsg struct {
	err     error
	removed bool
	at      time.Time
	from    source
}

// sourceClosedMsg says no more loads will come from a source.
type sourceClosedMsg struct{ from source }

// deepCheckedMsg is the result of a deep check of the calls in the
// tester, a list of errors per call; seq tells a current result from one
// about older text.
type deepCheckedMsg struct {
	seq  int
	errs [][]call.SchemaError
}

// editorDoneMsg is the editor returning.
type editorDoneMsg struct{ err error }

// snapshot is one linted document prepared for the screen. It is built in
// a command, so that Update only assigns it, however many tools it has.
type snapshot struct {
	result  *lint.Result
	schemas *call.Schemas // the call check's view of the tools, built once per load
	rows    []toolRow     // one per tool, in document order
	byName  map[string]int
	shape   string // the tools' shape as people write it
	loaded  time.Time

	// issueRow is the row of each issue's tool, -1 for one about the
	// document; issueText is what the issues filter searches of each:
	// its code, message, path and tool as shown, in lower case.
	issueRow  []int
	issueText []string
	// issueShown is each issue's code and message as the rows show them,
	// escaped once here rather than on every frame.
	issueShown []shownIssue

	// across is how many of the last issues of result were found by
	// the checks of several servers together (checkCrossServer), not by
	// the load's own lint; plain is that lint's result, nil when across
	// is 0.
	across int
	plain  *lint.Result

	// What the tools cost, counted once in a command (countCosts).
	costOnce sync.Once
	costs    *costs
	costErr  error
}

// toolRow is a tool as the tools pane lists it.
type toolRow struct {
	tool     *tooldef.Tool
	label    string // the name, escaped for the terminal
	lower    string // label in lower case, for the filter
	errors   int
	warnings int
	issues   []int // indexes into result.Issues
}

// newSnapshot prepares res for the screen: escaped labels, the call
// schemas, each tool's issues and the text the issues filter searches.
func newSnapshot(res *lint.Result, at time.Time) *snapshot {
	return prepare(&snapshot{result: res, loaded: at})
}

// prepare prepares s, its result and the time of its load given, for the
// screen, as newSnapshot says.
func prepare(s *snapshot) *snapshot {
	res := s.result
	defer s.indexIssues()
	if res.Tools == nil {
		return s
	}
	s.schemas = call.SchemasFromTools(res.Tools)
	s.shape = res.Tools.Shape.Title()
	tools := res.Tools.Tools
	s.rows = make([]toolRow, len(tools))
	for i := range tools {
		t := &tools[i]
		label := shown(t.Name, maxName)
		if !t.NameNode.Is(jsondoc.String) || t.Name == "" {
			label = "(unnamed " + strconv.Itoa(i+1) + ")"
		}
		s.rows[i] = toolRow{tool: t, label: label, lower: strings.ToLower(label)}
	}
	s.byName = make(map[string]int, len(tools))
	for i := len(tools) - 1; i >= 0; i-- { // the first of a repeated name wins, as in the call check
		if tools[i].NameNode.Is(jsondoc.String) {
			s.byName[tools[i].Name] = i
		}
	}
	s.issueRow = make([]int, len(res.Issues))
	for i, is := range res.Issues {
		r := s.toolAt(is)
		s.issueRow[i] = r
		if r < 0 {
			continue
		}
		row := &s.rows[r]
		row.issues = append(row.issues, i)
		if is.Severity == catalog.Error {
			row.errors++
		} else {
			row.warnings++
		}
	}
	return s
}

// own is the result of the load's own lint, without the issues found
// across servers.
func (s *snapshot) own() *lint.Result {
	if s.plain != nil {
		return s.plain
	}
	return s.result
}

// withAcross is s with the issues found across servers, in place of
// those it has; s itself when they are the same.
func (s *snapshot) withAcross(across []lint.Issue) *snapshot {
	own := s.own()
	if slices.Equal(s.result.Issues[len(own.Issues):], across) {
		return s
	}
	if len(across) == 0 {
		return newSnapshot(own, s.loaded)
	}
	res := *own
	res.Issues = append(slices.Clip(own.Issues), across...)
	for _, is := range across {
		if is.Severity == catalog.Error {
			res.Errors++
		} else {
			res.Warnings++
		}
	}
	return prepare(&snapshot{result: &res, loaded: s.loaded, across: len(across), plain: own})
}

// lintedWith reports whether the load was linted with targets asked for,
// rather than with those asked for before them.
func (s *snapshot) lintedWith(targets []string) bool {
	return slices.Equal(s.result.Requested, targets)
}

// indexIssues writes the text the issues filter searches.
func (s *snapshot) indexIssues() {
	if s.issueRow == nil {
		s.issueRow = make([]int, len(s.result.Issues))
		for i := range s.issueRow {
			s.issueRow[i] = -1
		}
	}
	s.issueText = make([]string, len(s.result.Issues))
	s.issueShown = make([]shownIssue, len(s.result.Issues))
	var b strings.Builder
	for i, is := range s.result.Issues {
		sh := shownIssue{code: shown(is.Code, maxName), message: shown(is.Message, maxText)}
		s.issueShown[i] = sh
		b.Reset()
		b.WriteString(sh.code)
		b.WriteByte(0)
		b.WriteString(sh.message)
		b.WriteByte(0)
		b.WriteString(shown(is.Path, maxText))
		b.WriteByte(0)
		b.WriteString(s.issueTool(i))
		s.issueText[i] = strings.ToLower(b.String())
	}
}

// shownIssue is an issue's code and message escaped for the screen.
type shownIssue struct{ code, message string }

// issueTool is the tool issue i is about, as the lists show it.
func (s *snapshot) issueTool(i int) string {
	if r := s.issueRow[i]; r >= 0 {
		return s.rows[r].label
	}
	if i >= len(s.result.Issues)-s.across && s.result.Issues[i].File != s.result.Doc.Name {
		return "(all servers)"
	}
	return "(document)"
}

// toolAt finds the tool whose text holds the issue's position, or -1 for
// an issue about the document as a whole. Tools are in document order
// and do not overlap, so a binary search on their starts finds it.
func (s *snapshot) toolAt(is lint.Issue) int {
	if is.Line == 0 {
		return -1
	}
	off := int32(is.Offset)
	i := sort.Search(len(s.rows), func(i int) bool { return s.rows[i].tool.Node.Start > off }) - 1
	if i < 0 || off >= s.rows[i].tool.Node.End {
		return -1
	}
	return i
}

// waitForEvent reads the next load from src and turns it into a message.
// Update arms it again after every load.
func waitForEvent(src source) tea.Cmd {
	if src == nil {
		return nil
	}
	return func() tea.Msg {
		ev, ok := <-src.Events()
		if !ok {
			return sourceClosedMsg{from: src}
		}
		return eventMsg(ev, src)
	}
}

func eventMsg(ev watch.Event, from source) tea.Msg {
	if ev.Result == nil {
		return docFailedMsg{err: ev.Err, removed: ev.Removed, at: ev.Time, from: from}
	}
	return docLoadedMsg{snap: newSnapshot(ev.Result, ev.Time), from: from}
}

// setOptions asks src to re-lint with opts; the result arrives as a load.
func setOptions(src source, opts lint.Options) tea.Cmd {
	if src == nil {
		return nil
	}
	return func() tea.Msg {
		src.SetOptions(opts)
		return nil
	}
}

// deepCheck validates each call in text against its tool's full JSON
// Schema, reading the text as the flat check does. Compiling a schema the
// first time can take a while, so it runs here and not in Update.
func deepCheck(seq int, text string, schemas *call.Schemas) tea.Cmd {
	return func() tea.Msg {
		var errs [][]call.SchemaError
		call.ReadCalls(strings.NewReader(text), func(_ int, c call.Call) error {
			errs = append(errs, call.DeepValidate(c, schemas))
			return nil
		})
		return deepCheckedMsg{seq: seq, errs: errs}
	}
}
