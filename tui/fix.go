package tui

// Fixes in the workbench: f shows the fix of the selected issue as a
// unified diff, F every fix `toolbench fix` makes in the file (the rules
// whose fixes are made without asking: core/fix.Apply with no codes); y
// writes the fixed text as `toolbench fix -w` does, atomically, and the
// watcher reloads it. A fix that must be asked for (invalid-name's rename)
// is made by f on its own issue only. The diff is made in a command, and
// the file is written only when it still holds the text the fix was made
// from, so a save in the editor since the last load is never undone.

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/fix"
	"toolbench/core/jsonedit"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/atomicfile"
)

// fixPlan is a fix made in memory, to show and then write.
type fixPlan struct {
	snap  *snapshot // the load it was made from
	title string    // what it fixes, escaped
	old   string    // the text it was made from
	fixed string    // the fixed text
	diff  []string  // the unified diff, a line each, escaped
	count int       // the issues it fixes
}

// fixPlannedMsg is a fix made in a command, or why it could not be.
type fixPlannedMsg struct {
	plan *fixPlan
	err  error
}

// fixWrittenMsg is the file written with a fix, or why not.
type fixWrittenMsg struct {
	path  string
	title string
	err   error
}

// planFix makes the fix f of issue is in s's document.
func planFix(s *snapshot, is lint.Issue, f lint.Fix) tea.Cmd {
	return func() tea.Msg {
		doc := s.result.Doc
		next, err := fix.Make(doc, f)
		if err != nil {
			return fixPlannedMsg{err: fmt.Errorf("the fix of %s: %w", is.Code, err)}
		}
		edits := slices.SortedFunc(slices.Values(f.Edits), func(a, b jsonedit.Edit) int { return cmp.Compare(a.Start, b.Start) })
		title := shown(is.Code, maxName) + " at " + position(is) + ": " + shown(f.Message, maxText)
		return planned(s, title, next.Src, edits, 1)
	}
}

// planFixAll makes every fix toolbench fix makes in s's document.
func planFixAll(s *snapshot, opts lint.Options) tea.Cmd {
	return func() tea.Msg {
		res, err := fix.Apply(s.result.Doc, fix.Options{Lint: opts})
		if err != nil {
			return fixPlannedMsg{err: err}
		}
		if len(res.Fixed) == 0 {
			return fixPlannedMsg{plan: &fixPlan{snap: s}}
		}
		title := termtext.Plural(len(res.Fixed), "issue") + " (" + fixedCodes(res.Fixed) + ")"
		return planned(s, title, res.Doc.Src, res.Edits, len(res.Fixed))
	}
}

// planned is the plan of edits that make fixed of s's text.
func planned(s *snapshot, title, fixed string, edits []jsonedit.Edit, count int) tea.Msg {
	doc := s.result.Doc
	var b bytes.Buffer
	if err := fix.WriteDiff(&b, doc.Name, fix.Hunks(doc.Src, edits), false); err != nil {
		return fixPlannedMsg{err: err}
	}
	diff := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	return fixPlannedMsg{plan: &fixPlan{snap: s, title: title, old: doc.Src, fixed: fixed, diff: diff, count: count}}
}

// fixedCodes counts the issues fixed by rule: "2 unknown-type, 1
// duplicate-key", by code.
func fixedCodes(issues []lint.Issue) string {
	count := map[string]int{}
	for _, is := range issues {
		count[is.Code]++
	}
	codes := slices.Sorted(func(yield func(string) bool) {
		for c := range count {
			if !yield(c) {
				return
			}
		}
	})
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d %s", count[c], shown(c, maxName))
	}
	return strings.Join(parts, ", ")
}

// errChanged is a file that no longer holds the text a fix was made from.
var errChanged = errors.New("the file has changed since it loaded: nothing was written (f or F again fixes what it holds now)")

// writeFix writes p's fixed text over the file at path, named name, when
// it still holds the text p was made from.
func writeFix(name, path string, p *fixPlan) tea.Cmd {
	return func() tea.Msg {
		msg := fixWrittenMsg{path: name, title: p.title}
		msg.err = atomicfile.Replace(path, p.old, []byte(p.fixed))
		var changed *atomicfile.ChangedError
		if errors.As(msg.err, &changed) {
			msg.err = errChanged
		}
		return msg
	}
}

// fixView shows a fix's diff over the panes, with what y does.
type fixView struct {
	paneBase
	vp       viewport.Model
	plan     *fixPlan
	writable bool   // y writes it
	where    string // what y writes, or why nothing can be written
}

func newFixView(st *styles, keys *keyMap) fixView {
	return fixView{paneBase: newPaneBase(st, keys), vp: newViewport()}
}

// open shows p; where says what y writes to, or why it writes nothing.
func (v *fixView) open(p *fixPlan, writable bool, where string) {
	v.plan, v.writable, v.where = p, writable, where
	v.vp.GotoTop()
	v.build()
}

// SetSize sets the view's outer size and lays the diff out for it.
func (v *fixView) SetSize(w, h int) {
	v.paneBase.SetSize(w, h)
	v.vp.SetWidth(v.innerWidth())
	v.vp.SetHeight(v.innerHeight())
	if v.plan != nil {
		v.build()
	}
}

func (v *fixView) setStyles(st *styles) {
	v.paneBase.setStyles(st)
	if v.plan != nil {
		v.build()
	}
}

func (v *fixView) build() {
	w := v.innerWidth()
	lines := []string{
		" " + v.st.name.Render(clip(v.plan.title, max(w-1, 1))),
		" " + v.st.muted.Render(clip(v.where, max(w-1, 1))),
		"",
	}
	for _, l := range v.plan.diff {
		lines = append(lines, v.diffLines(l, w)...)
	}
	v.vp.SetContentLines(lines)
}

// maxChangedLine is how much of a changed line the fix view wraps onto
// several: a server's tool is one line, and its change may be far along.
const maxChangedLine = 16 << 10

// diffLines is one line of the diff in lines of w cells, styled by what
// it is: a removed or added line whole, wrapped, each piece after the
// first starting with its + or - again; any other cut to the width.
func (v *fixView) diffLines(l string, w int) []string {
	op := l[:min(len(l), 1)]
	if (op != "+" && op != "-") || strings.HasPrefix(l, "+++") || strings.HasPrefix(l, "---") || width(l) <= w {
		return []string{v.diffLine(clip(l, w))}
	}
	l = termtext.Cut(l, maxChangedLine) // WriteDiff has escaped it
	pieces := strings.Split(ansi.Hardwrap(l[1:], max(w-1, 1), false), "\n")
	out := make([]string, len(pieces))
	for i, p := range pieces {
		out[i] = v.diffLine(op + p)
	}
	return out
}

// diffLine styles one line of the diff by what it is.
func (v *fixView) diffLine(l string) string {
	switch {
	case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		return v.st.name.Render(l)
	case strings.HasPrefix(l, "@@"):
		return v.st.code.Render(l)
	case strings.HasPrefix(l, "+"):
		return v.st.ok.Render(l)
	case strings.HasPrefix(l, "-"):
		return v.st.err.Render(l)
	}
	return l
}

// View draws the view.
func (v fixView) View() string {
	closing := "esc closes"
	if v.writable {
		closing = "y writes · n or esc does not"
	}
	return v.frame("Fix", withScroll(v.vp, closing), v.vp.View())
}

// fixIssue makes the fix of the selected issue, to show it.
func (m model) fixIssue() (model, tea.Cmd) {
	is := m.issues.Selected()
	switch {
	case is == nil:
		m.note = "no issue selected"
		return m, nil
	case len(is.SuggestedFixes()) == 0:
		m.note = "no fix for this " + shown(is.Code, maxName) + " issue (toolbench rules lists the rules with fixes)"
		return m, nil
	}
	if why := m.cannotFix(); why != "" {
		m.note = why
		return m, nil
	}
	m.fixing = true
	return m, planFix(m.snap, *is, is.SuggestedFixes()[0])
}

// fixAll makes every fix toolbench fix makes, to show them.
func (m model) fixAll() (model, tea.Cmd) {
	if why := m.cannotFix(); why != "" {
		m.note = why
		return m, nil
	}
	m.fixing = true
	return m, planFixAll(m.snap, m.opts)
}

// cannotFix says why no fix can be made now, "" when one can.
func (m model) cannotFix() string {
	switch {
	case m.snap == nil:
		return "nothing has loaded to fix"
	case m.fixing:
		return "a fix is being made"
	case m.broken != "" && !m.call.onServer() && !m.demo:
		return "the file does not load now: a fix of the last good load would undo the edits since; save it loading first"
	}
	return ""
}

// fixPlanned shows a fix that was made, when it is of the load shown.
func (m model) fixPlanned(msg fixPlannedMsg) model {
	m.fixing = false
	p := msg.plan
	switch {
	case msg.err != nil:
		m.note = "fix: " + shown(msg.err.Error(), maxText)
		return m
	case p.snap != m.snap:
		m.note = "the tools loaded again while the fix was made: press f or F again"
		return m
	case p.count == 0:
		m.note = "nothing that toolbench fix makes on its own to fix here; f fixes an issue whose fix is asked for"
		return m
	}
	writable, where := false, ""
	switch {
	case m.call.onServer():
		where = "the tools come from " + shown(m.call.srvName, maxName) + ": there is no file to write; change the server's code"
	case m.demo:
		where = "the demo has no file to write: run toolbench FILE"
	default:
		writable = true
		where = "y writes " + shown(m.file, maxText) + " (atomically, as toolbench fix -w); the watcher reloads it"
	}
	m.fixes.open(p, writable, where)
	m.view = viewFix
	return m
}

// writeFix writes the fix shown.
func (m model) writeFix() (model, tea.Cmd) {
	if !m.fixes.writable {
		return m, nil
	}
	m.view = viewNone
	m.note = "writing " + shown(m.file, maxText) + "…"
	return m, writeFix(m.file, m.path(), m.fixes.plan)
}

// fixWritten says what became of a fix written.
func (m *model) fixWritten(msg fixWrittenMsg) {
	if msg.err != nil {
		m.note = "nothing written: " + shown(msg.err.Error(), maxText)
		if errors.Is(msg.err, errChanged) {
			m.note = shown(msg.err.Error(), maxText)
		}
		return
	}
	m.note = "fixed " + msg.title + " in " + shown(msg.path, maxText)
}
