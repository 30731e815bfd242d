package tui

import (
	"errors"
	"slices"
	"strings"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
	"toolbench/watch"
)

// Update routes msg: sizes and loads go to every pane, keys and the mouse
// to the pane or view they are for. It only assigns what messages carry;
// the work that produces them runs in commands.
func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return m, nil
	case tea.BackgroundColorMsg:
		m.setStyles(newStyles(msg.IsDark()))
		return m, nil
	case docLoadedMsg:
		if m, cmd, ok := m.hiddenEvent(msg.from, msg); ok {
			return m, cmd
		}
		if m.stale(msg.from) {
			return m, nil
		}
		m.listedAgain(msg.snap)
		cmd := m.loaded(msg.snap)
		return m, tea.Batch(cmd, waitForEvent(m.src), m.checkCrossServer())
	case docFailedMsg:
		if m, cmd, ok := m.hiddenEvent(msg.from, msg); ok {
			return m, cmd
		}
		if m.stale(msg.from) {
			return m, nil
		}
		m.failed(msg)
		return m, waitForEvent(m.src)
	case sourceClosedMsg:
		if m, cmd, ok := m.hiddenEvent(msg.from, msg); ok {
			return m, cmd
		}
		if m.stale(msg.from) {
			return m, nil
		}
		m.watching = false
		m.src = nil
		return m, nil
	case compatMsg:
		if msg.snap.result.Doc == m.snap.result.Doc {
			m.compat, m.compatFor, m.compatIgnore = msg.matrix, msg.snap.result.Doc, msg.ignore
			m.tools.setCompat(msg.matrix)
		}
		return m, nil
	case crossServerCheckedMsg:
		return m.crossServerChecked(msg)
	case reconnectedMsg:
		return m.reconnected(msg)
	case callDoneMsg:
		if note := m.call.callDone(msg); note != "" {
			m.note = note
		}
		return m, nil
	case fixPlannedMsg:
		return m.fixPlanned(msg), nil
	case fixWrittenMsg:
		m.fixWritten(msg)
		return m, nil
	case deepCheckedMsg:
		m.call.deepChecked(msg)
		return m, nil
	case siftedMsg:
		return m.sifted(msg)
	case costsMsg:
		m.costed(msg)
		return m, nil
	case driftMsg:
		m.driftChecked(msg)
		return m, nil
	case trafficMsg:
		return m.trafficArrived(msg)
	case editorDoneMsg:
		m.note = ""
		if msg.err != nil {
			m.note = "editor: " + shown(msg.err.Error(), maxText)
		}
		return m, nil
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		if m.tooSmall() {
			return m, nil // it would act on panes and views the user cannot see
		}
		return m.input(msg)
	}
	return m, nil
}

// input routes a paste or the mouse: keys go through the key table.
func (m model) input(msg tea.Msg) (model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if m.view != viewNone {
			return m, nil
		}
		return m.toFocused(tea.PasteMsg{Content: pastedText(msg.Content)})
	case tea.MouseClickMsg:
		return m.click(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	}
	return m, nil
}

// loaded shows a new document, checks the call again against it and
// starts counting what its tools cost.
func (m *model) loaded(s *snapshot) tea.Cmd {
	m.broken, m.removed, m.call.unloaded = "", false, ""
	m.tools.stale = false
	return m.show(s)
}

// show shows s, the load shown or a new one, as loaded says; whether the
// source loads now is left as it is.
func (m *model) show(s *snapshot) tea.Cmd {
	m.snap = s
	prevCosts := m.costs
	m.costs, m.costErr = nil, ""
	cmds := []tea.Cmd{m.tools.setSnapshot(s)}
	cmds = append(cmds, m.issues.setSnapshot(s, m.tools.Selected()))
	cmds = append(cmds, m.call.setSchemas(s.schemas), countCosts(s, prevCosts, m.seed), m.follow(), checkDrift(s, m.verify))
	if s.result.Doc != m.compatFor || !slices.Equal(m.opts.Ignore, m.compatIgnore) {
		m.compat, m.compatFor = nil, nil
		cmds = append(cmds, countCompat(s, m.opts.Ignore))
	}
	m.tools.setCompat(m.compat)
	switch m.view {
	case viewDetail:
		m.reopenDetail(s)
	case viewSource:
		if i := m.issues.SelectedIndex(); i >= 0 {
			m.source.open(s, i)
		} else {
			m.view = viewNone
		}
	}
	return tea.Batch(cmds...)
}

// reopenDetail follows a reload in the detail view: the same tool, else
// the one now in its place (a rename keeps the place, so an edited name
// goes on showing), with a note that the tool shown is another; with no
// tool left the view closes.
func (m *model) reopenDetail(s *snapshot) {
	was := m.detail.name
	shownNow := m.detail.reopen(s, nil)
	if shownNow && m.detail.name == was {
		return
	}
	from := "the reload"
	if m.call.onServer() {
		from = "the new list of tools"
	}
	note := shown(was, maxName) + " is gone from " + from + ": showing " + shown(m.detail.name, maxName)
	if !shownNow {
		m.view = viewNone
		note = shown(was, maxName) + " is gone from " + from + ", and no tool is left to show"
	}
	if m.note != "" {
		note = m.note + " · " + note
	}
	m.note = note
}

// failed records a load that did not work. The last good document stays
// on screen, with the reason in the status bar.
func (m *model) failed(msg docFailedMsg) {
	m.removed = msg.removed || errors.Is(msg.err, watch.ErrRemoved)
	m.tools.stale = true
	m.broken = loadFailure(msg)
	if !strings.HasPrefix(m.note, listChangedNote) {
		m.note = "" // the failure is the news: an older note would hide it
	}
	if m.snap == nil {
		m.call.unloaded = "no tools to check calls against: " + m.broken + "; once the file loads, the call is checked"
	}
	switch {
	case !m.call.onServer():
	case errors.Is(msg.err, watch.ErrEnded):
		m.call.ended = true
	default:
		m.addNote(listChangedNote + "the new list of tools is broken; the last good one stays")
	}
}

// loadFailure is why a load failed, as the status bar says it.
func loadFailure(msg docFailedMsg) string {
	if msg.err == nil {
		return "cannot load"
	}
	return shown(msg.err.Error(), maxText)
}

// listChangedNote starts the notes about a listing after list_changed.
const listChangedNote = "list_changed: "

// addNote adds a note about a listing after list_changed to the note
// shown, which it replaces when that is about an earlier listing: a
// reconnection's note lasts until the next key too.
func (m *model) addNote(note string) {
	if m.note != "" && !strings.HasPrefix(m.note, listChangedNote) {
		note = m.note + " · " + note
	}
	m.note = note
}

// stale reports whether a load comes from a source the workbench has
// left: the watcher of a session that a reconnection ended.
func (m model) stale(from source) bool { return from != nil && from != m.src }

// listedAgain notes a load of a server's tools that listed them again,
// after list_changed, rather than linting the last listing again (after
// t) or listing them for a new session.
func (m *model) listedAgain(s *snapshot) {
	if !m.call.onServer() {
		return
	}
	m.loads++
	if !relisted(m.loads, m.snap, s) {
		return
	}
	m.changedAt = s.loaded
	m.addNote(listChangedNote + "the tools were listed again (" + termtext.Plural(len(s.rows), "tool") + ")")
}

// relisted reports whether s, the n-th load of a session's watcher,
// listed the tools again after prev: not the session's first listing,
// nor the last one linted again.
func relisted(n int, prev, s *snapshot) bool {
	return n > 1 && prev != nil && s.result.Doc != prev.result.Doc
}

// sifted hands a list sifted in a command to the pane that asked.
func (m model) sifted(msg siftedMsg) (model, tea.Cmd) {
	switch msg.pane {
	case paneTools:
		m.tools.takeSifted(msg)
		return m.afterTools(false)
	case paneIssues:
		m.issues.takeSifted(msg)
		return m, m.followIssue()
	}
	return m, nil
}

// costed takes what the tools cost, when it is about the document shown.
func (m *model) costed(msg costsMsg) {
	if msg.snap != m.snap {
		return
	}
	if msg.err != nil {
		m.costErr = shown(msg.err.Error(), maxText)
		return
	}
	m.costs = msg.costs
	m.tools.setCosts(msg.costs)
	if m.view == viewDetail {
		m.detail.setCosts(msg.costs)
	}
}

// runCall sends the call at the cursor to the server.
func (m model) runCall() (model, tea.Cmd) {
	note, cmd := m.call.runCall()
	m.note = note
	return m, cmd
}

// openDetail shows the selected tool in full.
func (m model) openDetail() (model, tea.Cmd) {
	r := m.tools.Selected()
	if r < 0 {
		m.note = "no tool selected"
		return m, nil
	}
	m.detail.open(m.snap, m.costs, r)
	m.view = viewDetail
	return m, nil
}

// openSource shows the text around the selected issue.
func (m model) openSource() (model, tea.Cmd) {
	i := m.issues.SelectedIndex()
	if i < 0 {
		m.note = "no issue selected"
		return m, nil
	}
	m.source.open(m.snap, i)
	m.view = viewSource
	return m, nil
}

// viewport is the scrolling text of the view over the panes, nil when
// none covers them.
func (m *model) viewport() *viewport.Model {
	switch m.view {
	case viewDetail:
		return &m.detail.vp
	case viewSource:
		return &m.source.vp
	case viewHelp:
		return &m.keyHelp.vp
	case viewFix:
		return &m.fixes.vp
	case viewStderr:
		return &m.stderr.vp
	case viewMessage:
		return &m.message.vp
	}
	return nil
}

// toggleForm shows the call as a form, or as JSON text again.
func (m model) toggleForm() (model, tea.Cmd) {
	m.note = m.call.toggleForm(m.formTool())
	cmd := m.follow()
	return m, cmd
}

// toggleDeep turns deep call validation on or off.
func (m model) toggleDeep() (model, tea.Cmd) {
	m.deep = !m.deep
	cmd := m.call.setDeep(m.deep)
	return m, cmd
}

// startFilter, endFilter and clearFilter start typing the focused list's
// filter, stop typing it, and drop it.
func (m model) startFilter() (model, tea.Cmd) {
	if m.focus == paneIssues {
		m.issues.filter.typing = true
	} else {
		m.tools.filter.typing = true
	}
	return m, nil
}

func (m model) endFilter() (model, tea.Cmd) {
	m.tools.filter.typing, m.issues.filter.typing = false, false
	return m, nil
}

func (m model) clearFilter() (model, tea.Cmd) {
	if m.focus == paneIssues {
		return onIssues((*issuesPane).clearFilter)(m)
	}
	return onTools((*toolsPane).clearFilter)(m)
}

// onTools, onIssues and onCall are the key table's actions on a pane:
// each runs f on it and keeps the others in step, as toPane does.
func onTools(f func(*toolsPane) tea.Cmd) keyAction {
	return func(m model) (model, tea.Cmd) {
		before := m.tools.Selected()
		cmd := f(&m.tools)
		m, more := m.afterTools(m.tools.Selected() != before)
		return m, tea.Batch(cmd, more)
	}
}

func onIssues(f func(*issuesPane) tea.Cmd) keyAction {
	return func(m model) (model, tea.Cmd) {
		m.issues.moved = false
		cmd := f(&m.issues)
		more := m.followIssue()
		return m, tea.Batch(cmd, more)
	}
}

func onCall(f func(*callPane) tea.Cmd) keyAction {
	return func(m model) (model, tea.Cmd) {
		cmd := f(&m.call)
		more := m.follow()
		return m, tea.Batch(cmd, more)
	}
}

// toFocused hands msg to the focused pane.
func (m model) toFocused(msg tea.Msg) (model, tea.Cmd) { return m.toPane(m.focus, msg) }

// toPane hands msg to pane p and keeps the others in step with what it
// did: the issues follow the tools selection, the tools selection follows
// an issue of all the issues, and the call in the tester.
func (m model) toPane(p pane, msg tea.Msg) (model, tea.Cmd) {
	switch p {
	case paneTools:
		return onTools(func(p *toolsPane) (cmd tea.Cmd) { *p, cmd = p.Update(msg); return cmd })(m)
	case paneIssues:
		return onIssues(func(p *issuesPane) (cmd tea.Cmd) { *p, cmd = p.Update(msg); return cmd })(m)
	case paneCall:
		return onCall(func(p *callPane) (cmd tea.Cmd) { *p, cmd = p.Update(msg); return cmd })(m)
	case paneTraffic:
		return onTraffic(func(p *trafficPane) { *p, _ = p.Update(msg) })(m)
	}
	return m, nil
}

// afterTools keeps the issues in step with the tools selection; moved
// says the user moved it, which stops it following the call.
func (m model) afterTools(moved bool) (model, tea.Cmd) {
	if moved {
		m.following = false
	}
	return m, m.issues.setTool(m.tools.Selected())
}

// followIssue moves the tools selection to the tool of the selected
// issue, when the issues listed are every tool's and the user has moved
// through them.
func (m *model) followIssue() tea.Cmd {
	i := m.issues.SelectedIndex()
	if !m.issues.showingAll() || !m.issues.moved || i < 0 {
		return nil
	}
	r := m.snap.issueRow[i]
	if r < 0 || r == m.tools.Selected() {
		return nil
	}
	if m.tools.selectRow(r) {
		m.following = false
		return m.issues.setTool(r)
	}
	return nil
}

// follow moves the tools selection to the tool the call in the tester
// names, and the parameter table to the argument the form is on. When
// the call names no tool of the load shown (a reload took its tool away,
// or the name is being typed), there is nothing to follow; when its tool
// cannot be selected (the tools filter hides it), the selection stays
// where it is and is not following either.
func (m *model) follow() tea.Cmd {
	r, ok := m.calledRow()
	if !ok {
		m.following = false
		return nil
	}
	var cmd tea.Cmd
	if r != m.tools.Selected() {
		if !m.tools.selectRow(r) {
			m.following = false
			return nil
		}
		cmd = m.issues.setTool(r)
	}
	m.following = true
	if f := m.call.formField(); f != "" {
		m.tools.selectParam(shown(f, maxName))
	}
	return cmd
}

// calledRow is the row of the tool the call in the tester names, when
// the load shown has it.
func (m model) calledRow() (int, bool) {
	name := m.call.calledTool()
	if name == "" || m.snap == nil {
		return 0, false
	}
	r, ok := m.snap.byName[name]
	return r, ok
}

// formTool is the tool a form is for: the one the call names, else the
// selected one.
func (m model) formTool() *tooldef.Tool {
	if name := m.call.calledTool(); name != "" {
		return m.snap.schemas.Tools[name]
	}
	return m.tools.SelectedTool()
}

// setFocus moves the focus to p.
func (m *model) setFocus(p pane) {
	m.focus = p
	m.tools.setFocused(p == paneTools)
	m.issues.setFocused(p == paneIssues)
	m.call.setFocused(p == paneCall)
	m.traffic.setFocused(p == paneTraffic)
}

// sample fills the tester with a valid call of the selected tool and
// moves the focus there.
func (m model) sample() (model, tea.Cmd) {
	t := m.tools.SelectedTool()
	if t == nil {
		m.note = "no tool selected for a sample call"
		return m, nil
	}
	m.setFocus(paneCall)
	if m.call.showForm && m.call.form.tool != t {
		m.call.form.tool = t
	}
	cmd := m.call.setText(call.SampleCall(t))
	return m, tea.Batch(cmd, m.follow())
}

// copyCall copies the call in the tester, when the tester has the focus
// and a call, or else a sample call of the selected tool, to the
// terminal's clipboard (OSC 52, which works over ssh).
func (m model) copyCall() (model, tea.Cmd) {
	if m.focus == paneCall && !m.call.input.empty() {
		text := m.call.text()
		m.note = "copied the call to the clipboard (" + groupDigits(len(text)) + " bytes)"
		return m, tea.SetClipboard(text)
	}
	return m.copySample(m.tools.SelectedTool())
}

// copySample copies a sample call of t to the clipboard.
func (m model) copySample(t *tooldef.Tool) (model, tea.Cmd) {
	if t == nil {
		m.note = "no tool selected to copy a sample call of"
		return m, nil
	}
	text := call.SampleCall(t)
	m.note = "copied a sample call of " + shown(t.Name, maxName) + " to the clipboard (" + groupDigits(len(text)) + " bytes)"
	return m, tea.SetClipboard(text)
}

// cycleTarget moves to the next provider target and asks for a re-lint
// with it; the result arrives as a load.
func (m model) cycleTarget() (model, tea.Cmd) {
	m.opts.Targets = nextTarget(m.opts.Targets, m.startTargets)
	return m, setOptions(m.src, m.opts.Clone()) // the configuration's rules stay
}

// nextTarget is the targets after cur in the cycle t walks: the targets
// the workbench started with when they are several (so a combination
// from the command line comes round again), none, then each known target
// alone in lint.TargetNames' order.
func nextTarget(cur, start []string) []string {
	cycle := [][]string{nil}
	for _, name := range lint.TargetNames() {
		cycle = append(cycle, []string{name})
	}
	if len(start) > 1 {
		cycle = append([][]string{start}, cycle...)
	}
	i := slices.IndexFunc(cycle, func(ts []string) bool { return slices.Equal(ts, cur) })
	return slices.Clone(cycle[(i+1)%len(cycle)])
}

// openEditor suspends the screen for $EDITOR at the selected issue.
func (m model) openEditor() (model, tea.Cmd) {
	is := m.issues.Selected()
	switch {
	case m.call.onServer():
		m.note = "the tools come from the server " + shown(m.call.srvName, maxName) + ": there is no file to edit (toolbench dump writes them to one)"
		return m, nil
	case m.demo:
		m.note = "the demo has no file to edit: run toolbench FILE"
		return m, nil
	case is == nil:
		m.note = "no issue selected"
		return m, nil
	}
	c := editorCommand(m.editor, m.dir, m.file, is.Line, is.Column)
	if m.tty != nil {
		c.Stdin = m.tty // the terminal itself, not the reader in front of it
	}
	return m, tea.ExecProcess(c, func(err error) tea.Msg { return editorDoneMsg{err: err} })
}

// click focuses the pane under the pointer and lets it act on the click.
func (m model) click(msg tea.MouseClickMsg) (model, tea.Cmd) {
	if msg.Button != tea.MouseLeft || m.view != viewNone {
		return m, nil
	}
	p, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	if p != m.focus {
		m.setFocus(p)
	}
	r := m.rects[p]
	local := tea.MouseClickMsg{X: msg.X - r.x, Y: msg.Y - r.y, Button: msg.Button, Mod: msg.Mod}
	return m.toFocused(local)
}

// wheel scrolls the view over the panes, or else the pane under the
// pointer, which takes the focus as a click gives it: the mouse, as the
// keys, goes to the focused pane only.
func (m model) wheel(msg tea.MouseWheelMsg) (model, tea.Cmd) {
	if m.view != viewNone {
		if vp := m.viewport(); vp != nil {
			scrollBy(vp, wheelDirection(msg)*wheelStep)
		}
		return m, nil
	}
	p, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	if p != m.focus {
		m.setFocus(p)
	}
	return m.toFocused(msg)
}

func (m model) paneAt(x, y int) (pane, bool) {
	for p := range paneCount {
		if m.rects[p].contains(x, y) {
			return p, true
		}
	}
	return 0, false
}

// setStyles switches every pane and view to st, after the terminal has
// said what its background is.
func (m *model) setStyles(st *styles) {
	m.st = st
	m.help.Styles = st.help
	m.tools.setStyles(st)
	m.issues.setStyles(st)
	m.call.setStyles(st)
	m.detail.setStyles(st)
	m.source.setStyles(st)
	m.keyHelp.setStyles(st)
	m.fixes.setStyles(st)
	m.stderr.setStyles(st)
	m.traffic.setStyles(st)
	m.message.setStyles(st)
	if m.view == viewDetail {
		m.detail.build()
	}
}
