package tui

import (
	"errors"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/lint"
	"toolbench/watch"
)

// Update routes msg: sizes and loads go to every pane, keys and the mouse
// to the pane they are for. It only assigns what messages carry; the
// work that produces them runs in commands.
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
		cmd := m.loaded(msg.snap)
		return m, tea.Batch(cmd, waitForEvent(m.src))
	case docFailedMsg:
		m.failed(msg)
		return m, waitForEvent(m.src)
	case sourceClosedMsg:
		m.watching = false
		m.src = nil
		return m, nil
	case deepCheckedMsg:
		m.call.deepChecked(msg)
		return m, nil
	case editorDoneMsg:
		m.note = ""
		if msg.err != nil {
			m.note = "editor: " + shown(msg.err.Error(), maxText)
		}
		return m, nil
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		return m.toFocused(msg)
	case tea.MouseClickMsg:
		return m.click(msg)
	case tea.MouseWheelMsg:
		return m.wheel(msg)
	}
	return m, nil
}

// loaded shows a new document and checks the call again against it.
func (m *model) loaded(s *snapshot) tea.Cmd {
	m.snap = s
	m.broken, m.removed = "", false
	m.tools.stale = false
	m.tools.setSnapshot(s)
	m.issues.setSnapshot(s, m.tools.Selected())
	m.layout() // the parameter table may have changed size
	return m.call.setSchemas(s.schemas)
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
}

// key handles a key press: the keys that work everywhere first, then, when
// nothing is being typed, the single-letter commands, then the focused
// pane.
func (m model) key(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	m.note = "" // a passing message lasts until the next key
	k := m.keys
	switch {
	case key.Matches(msg, k.ForceQuit):
		return m, tea.Quit
	case key.Matches(msg, k.Next):
		m.setFocus(m.focus.next())
		return m, nil
	case key.Matches(msg, k.Prev):
		m.setFocus(m.focus.prev())
		return m, nil
	case key.Matches(msg, k.Sample):
		return m.sample()
	}
	if !m.typing() {
		switch {
		case key.Matches(msg, k.Quit):
			return m, tea.Quit
		case key.Matches(msg, k.Help):
			m.help.ShowAll = !m.help.ShowAll
			m.layout()
			return m, nil
		case key.Matches(msg, k.Target):
			return m.cycleTarget()
		case key.Matches(msg, k.Deep):
			m.deep = !m.deep
			cmd := m.call.setDeep(m.deep)
			return m, cmd
		case m.focus == paneIssues && key.Matches(msg, k.Edit):
			return m.openEditor()
		}
	}
	return m.toFocused(msg)
}

// toFocused hands msg to the focused pane.
func (m model) toFocused(msg tea.Msg) (tea.Model, tea.Cmd) { return m.toPane(m.focus, msg) }

// toPane hands msg to pane p and keeps the others in step with what it did.
func (m model) toPane(p pane, msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch p {
	case paneTools:
		m.tools, cmd = m.tools.Update(msg)
		m.issues.setTool(m.tools.Selected())
	case paneIssues:
		m.issues, cmd = m.issues.Update(msg)
	case paneCall:
		m.call, cmd = m.call.Update(msg)
	}
	m.relayoutForHelp()
	return m, cmd
}

// setFocus moves the focus to p.
func (m *model) setFocus(p pane) {
	m.focus = p
	m.tools.setFocused(p == paneTools)
	m.issues.setFocused(p == paneIssues)
	m.call.setFocused(p == paneCall)
	m.relayoutForHelp()
}

// relayoutForHelp lays the panes out again when the full help, which
// lists the keys that apply now, has changed height with the state.
func (m *model) relayoutForHelp() {
	if m.helpHeight() != m.laidHelp {
		m.layout()
	}
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
	return m, m.call.setText(call.SampleCall(t))
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
	case m.demo:
		m.note = "the demo has no file to edit: run toolbench FILE"
		return m, nil
	case is == nil:
		m.note = "no issue selected"
		return m, nil
	}
	c := editorCommand(m.editor, m.file, is.Line, is.Column)
	return m, tea.ExecProcess(c, func(err error) tea.Msg { return editorDoneMsg{err: err} })
}

// click focuses the pane under the pointer and lets it act on the click.
func (m model) click(msg tea.MouseClickMsg) (tea.Model, tea.Cmd) {
	if msg.Button != tea.MouseLeft {
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

// wheel scrolls the pane under the pointer, focused or not: that is the
// pane the user is looking at.
func (m model) wheel(msg tea.MouseWheelMsg) (tea.Model, tea.Cmd) {
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

// setStyles switches every pane to st, after the terminal has said what
// its background is.
func (m *model) setStyles(st *styles) {
	m.st = st
	m.help.Styles = st.help
	m.tools.setStyles(st)
	m.issues.setStyles(st)
	m.call.setStyles(st)
}
