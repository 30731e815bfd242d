package tui

import (
	"errors"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
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
		if m.stale(msg.from) {
			return m, nil
		}
		m.listedAgain(msg.snap)
		cmd := m.loaded(msg.snap)
		return m, tea.Batch(cmd, waitForEvent(m.src))
	case docFailedMsg:
		if m.stale(msg.from) {
			return m, nil
		}
		m.failed(msg)
		return m, waitForEvent(m.src)
	case sourceClosedMsg:
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
	case editorDoneMsg:
		m.note = ""
		if msg.err != nil {
			m.note = "editor: " + shown(msg.err.Error(), maxText)
		}
		return m, nil
	case tea.KeyPressMsg, tea.PasteMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		if m.tooSmall() {
			return m.tooSmallInput(msg)
		}
		return m.input(msg)
	}
	return m, nil
}

// input routes a key, a paste or the mouse.
func (m model) input(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
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

// tooSmallInput takes a key or the mouse while the screen is too small
// for the panes: only ctrl+c, which the screen offers, quits; the rest
// would act on panes and views the user cannot see, and be found done
// once the terminal grows.
func (m model) tooSmallInput(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, m.keys.ForceQuit) {
		return m, tea.Quit
	}
	return m, nil
}

// loaded shows a new document, checks the call again against it and
// starts counting what its tools cost.
func (m *model) loaded(s *snapshot) tea.Cmd {
	m.snap = s
	m.broken, m.removed = "", false
	m.tools.stale = false
	prevCosts := m.costs
	m.costs, m.costErr = nil, ""
	cmds := []tea.Cmd{m.tools.setSnapshot(s)}
	cmds = append(cmds, m.issues.setSnapshot(s, m.tools.Selected()))
	cmds = append(cmds, m.call.setSchemas(s.schemas), countCosts(s, prevCosts, m.seed), m.follow())
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
	m.broken = "cannot load"
	if msg.err != nil {
		m.broken = shown(msg.err.Error(), maxText)
	}
	switch {
	case !m.call.onServer():
	case errors.Is(msg.err, watch.ErrEnded):
		m.call.ended = true
	default:
		m.addNote(listChangedNote + "the new list of tools is broken; the last good one stays")
	}
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
	if m.loads == 1 || m.snap == nil || s.result.Doc == m.snap.result.Doc {
		return
	}
	m.changedAt = s.loaded
	m.addNote(listChangedNote + "the tools were listed again (" + termtext.Plural(len(s.rows), "tool") + ")")
}

// sifted hands a list sifted in a command to the pane that asked.
func (m model) sifted(msg siftedMsg) (tea.Model, tea.Cmd) {
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

// key handles a key press: the keys that work everywhere first, then
// those of the view over the panes, then, when nothing is being typed,
// the single-letter commands, then the focused pane.
func (m model) key(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	m.note = "" // a passing message lasts until the next key
	k := m.keys
	if key.Matches(msg, k.ForceQuit) {
		return m, tea.Quit
	}
	if m.call.asking != nil {
		return m.answer(msg)
	}
	if m.view != viewNone {
		return m.viewKey(msg)
	}
	filtering := m.tools.filtering() || m.issues.filtering()
	switch {
	case m.call.running != nil && !filtering && key.Matches(msg, k.Cancel):
		m.call.cancelCall()
		return m, nil
	case m.focus == paneCall && m.call.onServer() && key.Matches(msg, k.Run):
		return m.runCall()
	case m.focus == paneCall && m.call.onServer() && key.Matches(msg, k.HistPrev):
		return m.recall(-1)
	case m.focus == paneCall && m.call.onServer() && key.Matches(msg, k.HistNext):
		return m.recall(1)
	case key.Matches(msg, k.Next):
		m.setFocus(m.focus.next())
		return m, nil
	case key.Matches(msg, k.Prev):
		m.setFocus(m.focus.prev())
		return m, nil
	case key.Matches(msg, k.Sample):
		return m.sample()
	case m.focus == paneCall && key.Matches(msg, k.Form):
		m.note = m.call.toggleForm(m.formTool())
		return m, m.follow()
	}
	if !m.typing() {
		switch {
		case key.Matches(msg, k.Quit):
			return m, tea.Quit
		case key.Matches(msg, k.Help):
			m.view = viewHelp
			return m, nil
		case key.Matches(msg, k.Target):
			return m.cycleTarget()
		case key.Matches(msg, k.Deep):
			m.deep = !m.deep
			cmd := m.call.setDeep(m.deep)
			return m, cmd
		case key.Matches(msg, k.Copy):
			return m.copyCall()
		case m.focus == paneTools && key.Matches(msg, k.Detail):
			return m.openDetail(), nil
		case m.focus == paneIssues && key.Matches(msg, k.Source):
			return m.openSource(), nil
		case m.focus == paneIssues && key.Matches(msg, k.Edit):
			return m.openEditor()
		case m.focus == paneIssues && key.Matches(msg, k.Fix):
			return m.fixIssue()
		case m.focus == paneIssues && key.Matches(msg, k.FixAll):
			return m.fixAll()
		case m.call.onServer() && key.Matches(msg, k.Stderr):
			return m.openStderr(), nil
		case m.call.onServer() && key.Matches(msg, k.Reconnect):
			return m.reconnect()
		}
	}
	return m.toFocused(msg)
}

// viewKey handles a key while a view covers the panes.
func (m model) viewKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Back),
		m.view == viewHelp && key.Matches(msg, k.Help),
		m.view == viewSource && key.Matches(msg, k.Source),
		m.view == viewStderr && key.Matches(msg, k.Stderr),
		m.view == viewFix && key.Matches(msg, k.No):
		m.view = viewNone
		return m, nil
	case m.view == viewFix && key.Matches(msg, k.Yes):
		return m.writeFix()
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case m.view == viewDetail && key.Matches(msg, k.Copy):
		return m.copySample(m.detail.tool())
	}
	return m.toView(msg), nil
}

// toView hands msg to the view over the panes.
func (m model) toView(msg tea.Msg) model {
	switch m.view {
	case viewDetail:
		m.detail, _ = m.detail.Update(msg)
	case viewSource:
		m.source, _ = m.source.Update(msg)
	case viewHelp:
		m.keyHelp, _ = m.keyHelp.Update(msg)
	case viewFix:
		m.fixes, _ = m.fixes.Update(msg)
	case viewStderr:
		m.stderr, _ = m.stderr.Update(msg)
	}
	return m
}

// runCall sends the call at the cursor to the server.
func (m model) runCall() (tea.Model, tea.Cmd) {
	note, cmd := m.call.runCall()
	m.note = note
	return m, cmd
}

// answer takes y or n to the question before a tool's first run.
func (m model) answer(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Yes):
		return m, m.call.answerYes()
	case key.Matches(msg, m.keys.No):
		m.call.answerNo()
	}
	return m, nil
}

// recall puts a call of the session's history in the tester.
func (m model) recall(step int) (tea.Model, tea.Cmd) {
	note, cmd, moved := m.call.recall(step)
	m.note = note
	if moved {
		cmd = tea.Batch(cmd, m.follow())
	}
	return m, cmd
}

// openDetail shows the selected tool in full.
func (m model) openDetail() model {
	r := m.tools.Selected()
	if r < 0 {
		m.note = "no tool selected"
		return m
	}
	m.detail.open(m.snap, m.costs, r)
	m.view = viewDetail
	return m
}

// openSource shows the text around the selected issue.
func (m model) openSource() model {
	i := m.issues.SelectedIndex()
	if i < 0 {
		m.note = "no issue selected"
		return m
	}
	m.source.open(m.snap, i)
	m.view = viewSource
	return m
}

// toFocused hands msg to the focused pane.
func (m model) toFocused(msg tea.Msg) (tea.Model, tea.Cmd) { return m.toPane(m.focus, msg) }

// toPane hands msg to pane p and keeps the others in step with what it
// did: the issues follow the tools selection, the tools selection follows
// an issue of all the issues, and the call in the tester.
func (m model) toPane(p pane, msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch p {
	case paneTools:
		before := m.tools.Selected()
		m.tools, cmd = m.tools.Update(msg)
		next, more := m.afterTools(m.tools.Selected() != before)
		return next, tea.Batch(cmd, more)
	case paneIssues:
		m.issues, cmd = m.issues.Update(msg)
		cmd = tea.Batch(cmd, m.followIssue())
	case paneCall:
		m.call, cmd = m.call.Update(msg)
		cmd = tea.Batch(cmd, m.follow())
	}
	return m, cmd
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
}

// sample fills the tester with a valid call of the selected tool and
// moves the focus there.
func (m model) sample() (tea.Model, tea.Cmd) {
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
func (m model) copyCall() (tea.Model, tea.Cmd) {
	if m.focus == paneCall && !m.call.input.empty() {
		text := m.call.text()
		m.note = "copied the call to the clipboard (" + groupDigits(len(text)) + " bytes)"
		return m, tea.SetClipboard(text)
	}
	return m.copySample(m.tools.SelectedTool())
}

// copySample copies a sample call of t to the clipboard.
func (m model) copySample(t *tooldef.Tool) (tea.Model, tea.Cmd) {
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
func (m model) cycleTarget() (tea.Model, tea.Cmd) {
	m.opts.Targets = nextTarget(m.opts.Targets, m.startTargets)
	return m, setOptions(m.src, lint.Options{Targets: slices.Clone(m.opts.Targets), Ignore: slices.Clone(m.opts.Ignore)})
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
func (m model) openEditor() (tea.Model, tea.Cmd) {
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
	c := editorCommand(m.editor, m.file, is.Line, is.Column)
	if m.tty != nil {
		c.Stdin = m.tty // the terminal itself, not the reader in front of it
	}
	return m, tea.ExecProcess(c, func(err error) tea.Msg { return editorDoneMsg{err: err} })
}

// click focuses the pane under the pointer and lets it act on the click.
func (m model) click(msg tea.MouseClickMsg) (tea.Model, tea.Cmd) {
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
// pointer, focused or not: that is the pane the user is looking at.
func (m model) wheel(msg tea.MouseWheelMsg) (tea.Model, tea.Cmd) {
	if m.view != viewNone {
		return m.toView(msg), nil
	}
	p, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	return m.toPane(p, msg)
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
	if m.view == viewDetail {
		m.detail.build()
	}
}
