package tui

// The key table: every binding of the key map with when it applies and
// what it does. The root dispatches a key press through it and the help
// line lists what it says applies, so the two cannot disagree: a binding
// applies only where the table declares it, and a key that applies
// nowhere does nothing at all (the note stays too). Where text is typed,
// a printable key no binding takes is typed.

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// keyState is what decides which bindings apply.
type keyState struct {
	tooSmall bool // the screen is too small for the panes
	asking   bool // a question waits for y or n
	view     view // a view over the panes, or none
	writable bool // the fix view shows a fix that y writes
	focus    pane
	input    input // what keys are typed into, if anything
	kept     bool  // the focused list keeps a filter it is not typing
	server   bool  // the tools are a live server's
	servers  bool  // the workbench is on several servers
	running  bool  // a call is being sent
}

// input is what the keys are typed into.
type input int

const (
	inputNone    input = iota // nothing: keys are commands
	inputFilter               // a list's filter: one line
	inputCall                 // the call's JSON text: lines
	inputField                // a form's text field: one line
	inputBool                 // a form's boolean field
	inputChoice               // a form's enum or const field
	inputNoField              // a form with no field
)

// typesText reports whether printable keys are typed into a text.
func (in input) typesText() bool {
	return in == inputFilter || in == inputCall || in == inputField
}

// form reports whether the keys go to a form: the call's, or the
// server's question.
func (in input) form() bool { return in >= inputField }

// keyState is the state that decides which keys apply.
func (m model) keyState() keyState {
	st := keyState{
		tooSmall: m.tooSmall(),
		asking:   m.call.asking != nil,
		view:     m.view,
		writable: m.view == viewFix && m.fixes.writable,
		focus:    m.focus,
		server:   m.call.onServer(),
		servers:  len(m.groups) > 1,
		running:  m.call.running != nil,
	}
	switch {
	case m.tools.filtering() || m.issues.filtering():
		st.input = inputFilter
	default:
		st.input = m.call.typingInto()
	}
	switch m.focus {
	case paneTools:
		st.kept = m.tools.filter.value() != ""
	case paneIssues:
		st.kept = m.issues.filter.value() != ""
	}
	return st
}

// When the bindings apply. Each says it in full: the states where the
// screen is too small, a question is asked or a view covers the panes
// are the others' exceptions.

func always(keyState) bool { return true }

func asking(st keyState) bool { return !st.tooSmall && st.asking }

func inView(st keyState) bool { return !st.tooSmall && !st.asking && st.view != viewNone }

func inViewOf(v view) func(keyState) bool {
	return func(st keyState) bool { return inView(st) && st.view == v }
}

func writableFix(st keyState) bool { return inViewOf(viewFix)(st) && st.writable }

// onPanes: the panes are on screen and nothing is asked.
func onPanes(st keyState) bool { return !st.tooSmall && !st.asking && st.view == viewNone }

// idle: on the panes, and nothing is being typed.
func idle(st keyState) bool { return onPanes(st) && st.input == inputNone }

func idleIn(p pane) func(keyState) bool {
	return func(st keyState) bool { return idle(st) && st.focus == p }
}

func idleInList(st keyState) bool { return idleIn(paneTools)(st) || idleIn(paneIssues)(st) }

// scrolls: a view covers the panes, or a list has the keys: Tools,
// Issues or Traffic.
func scrolls(st keyState) bool { return inView(st) || idleInList(st) || idleIn(paneTraffic)(st) }

func idleOnServer(st keyState) bool { return idle(st) && st.server }

func idleOnServers(st keyState) bool { return idle(st) && st.servers }

func inCall(st keyState) bool { return onPanes(st) && st.focus == paneCall }

func onServerInCall(st keyState) bool { return inCall(st) && st.server }

// cancellable: a call is being sent, and esc is not a filter's.
func cancellable(st keyState) bool { return onPanes(st) && st.running && st.input != inputFilter }

func filtering(st keyState) bool { return onPanes(st) && st.input == inputFilter }

// keptFilter: a list that is not typing its filter still has one to
// clear.
func keptFilter(st keyState) bool { return idleInList(st) && st.kept }

func typingCall(st keyState) bool { return inCall(st) && st.input != inputNone }

func inForm(st keyState) bool { return onPanes(st) && st.input.form() && st.input != inputNoField }

func inFormOf(in input) func(keyState) bool {
	return func(st keyState) bool { return onPanes(st) && st.input == in }
}

func typingText(st keyState) bool { return onPanes(st) && st.input.typesText() }

func typingLines(st keyState) bool { return onPanes(st) && st.input == inputCall }

// keyAction is what a binding does to the model.
type keyAction func(m model) (model, tea.Cmd)

// typeIn is the action of the editing keys: the binding goes to the
// field being typed into (an editMsg), which does what it says.
var typeIn keyAction

// command is one binding's meaning in some states.
type command struct {
	b    *key.Binding
	when func(keyState) bool
	do   keyAction // typeIn (nil) for an editing key
}

// keyTable is the commands of a key map, by key.
type keyTable struct {
	keys      *keyMap
	commands  []command
	byKey     map[string][]*command // in table order
	byBinding map[*key.Binding][]*command
}

// newKeyTable is the table of k: where two commands share a key, the
// first that applies is the one the key runs.
func newKeyTable(k *keyMap) *keyTable {
	e := &k.edit
	t := &keyTable{keys: k, commands: []command{
		{&k.ForceQuit, always, quit},

		// The question before a tool's first run takes y and n only.
		{&k.Yes, asking, onCall((*callPane).answerYes)},
		{&k.No, asking, func(m model) (model, tea.Cmd) { m.call.answerNo(); return m, nil }},

		// The views over the panes.
		{&k.Back, inView, closeView},
		{&k.Help, inViewOf(viewHelp), closeView},
		{&k.Source, inViewOf(viewSource), closeView},
		{&k.Stderr, inViewOf(viewStderr), closeView},
		{&k.Message, inViewOf(viewMessage), closeView},
		{&k.No, inViewOf(viewFix), closeView},
		{&k.Yes, writableFix, model.writeFix},
		{&k.Quit, inView, quit},
		{&k.Copy, inViewOf(viewDetail), func(m model) (model, tea.Cmd) { return m.copySample(m.detail.tool()) }},

		// The views, and the lists when nothing is typed.
		{&k.Up, scrolls, scroll(lineUp)},
		{&k.Down, scrolls, scroll(lineDown)},
		{&k.PageUp, scrolls, scroll(pageUp)},
		{&k.PageDown, scrolls, scroll(pageDown)},
		{&k.Top, scrolls, scroll(toTop)},
		{&k.Bottom, scrolls, scroll(toBottom)},

		// The panes, typing or not.
		{&k.Cancel, cancellable, func(m model) (model, tea.Cmd) { m.call.cancelCall(); return m, nil }},
		{&k.Run, onServerInCall, model.runCall},
		{&k.HistPrev, onServerInCall, recall(-1)},
		{&k.HistNext, onServerInCall, recall(1)},
		{&k.Next, onPanes, func(m model) (model, tea.Cmd) { m.setFocus(m.nextPane(1)); return m, nil }},
		{&k.Prev, onPanes, func(m model) (model, tea.Cmd) { m.setFocus(m.nextPane(-1)); return m, nil }},
		{&k.Sample, onPanes, model.sample},
		{&k.Form, inCall, model.toggleForm},

		// The panes, nothing typed.
		{&k.Quit, idle, quit},
		{&k.Help, idle, func(m model) (model, tea.Cmd) { m.view = viewHelp; return m, nil }},
		{&k.Target, idle, model.cycleTarget},
		{&k.Deep, idle, model.toggleDeep},
		{&k.Copy, idle, model.copyCall},
		{&k.Stderr, idleOnServer, model.openStderr},
		{&k.Reconnect, idleOnServer, model.reconnect},
		{&k.NextServer, idleOnServers, switchServer(1)},
		{&k.PrevServer, idleOnServers, switchServer(-1)},
		{&k.Filter, idleInList, model.startFilter},
		{&k.ClearFilter, keptFilter, model.clearFilter},

		// Tools.
		{&k.Detail, idleIn(paneTools), model.openDetail},
		{&k.ErrorsOnly, idleIn(paneTools), onTools(func(p *toolsPane) tea.Cmd { return p.toggleErrorsOnly() })},
		{&k.ParamDown, idleIn(paneTools), onTools(func(p *toolsPane) tea.Cmd { p.moveParam(1); return nil })},
		{&k.ParamUp, idleIn(paneTools), onTools(func(p *toolsPane) tea.Cmd { p.moveParam(-1); return nil })},

		// Issues.
		{&k.AllIssues, idleIn(paneIssues), onIssues(func(p *issuesPane) tea.Cmd { return p.toggleAll() })},
		{&k.Severity, idleIn(paneIssues), onIssues(func(p *issuesPane) tea.Cmd { return p.nextSeverity() })},
		{&k.Source, idleIn(paneIssues), model.openSource},
		{&k.Edit, idleIn(paneIssues), model.openEditor},
		{&k.Fix, idleIn(paneIssues), model.fixIssue},
		{&k.FixAll, idleIn(paneIssues), model.fixAll},

		// Traffic.
		{&k.CallsOnly, idleIn(paneTraffic), onTraffic((*trafficPane).toggleCalls)},
		{&k.ProblemsOnly, idleIn(paneTraffic), onTraffic((*trafficPane).toggleProblems)},
		{&k.OpenCall, idleIn(paneTraffic), model.openTrafficCall},
		{&k.Message, idleIn(paneTraffic), model.openMessage},

		// Typing a filter.
		{&k.EndFilter, filtering, model.endFilter},
		{&k.ClearFilter, filtering, model.clearFilter},

		// Call.
		{&k.EditCall, idleIn(paneCall), onCall(func(p *callPane) tea.Cmd { p.startTyping(); return nil })},
		{&k.Up, idleIn(paneCall), onCall(func(p *callPane) tea.Cmd { p.scroll(-1); return nil })},
		{&k.Down, idleIn(paneCall), onCall(func(p *callPane) tea.Cmd { p.scroll(1); return nil })},
		{&k.Leave, typingCall, onCall(func(p *callPane) tea.Cmd { p.leave(); return nil })},
		{&k.NextField, inForm, formKey((*callForm).nextField)},
		{&k.PrevField, inForm, formKey((*callForm).prevField)},
		{&k.Toggle, inFormOf(inputBool), formKey((*callForm).toggle)},
		{&k.ChoosePrev, inFormOf(inputChoice), formKey(func(f *callForm) bool { return f.choose(-1) })},
		{&k.ChooseNext, inFormOf(inputChoice), formKey(func(f *callForm) bool { return f.choose(1) })},

		// Typing text: the field being typed into takes these keys.
		{&e.Left, typingText, typeIn},
		{&e.Right, typingText, typeIn},
		{&e.Up, typingLines, typeIn},
		{&e.Down, typingLines, typeIn},
		{&e.WordLeft, typingText, typeIn},
		{&e.WordRight, typingText, typeIn},
		{&e.LineStart, typingText, typeIn},
		{&e.LineEnd, typingText, typeIn},
		{&e.Start, typingText, typeIn},
		{&e.End, typingText, typeIn},
		{&e.DeleteBack, typingText, typeIn},
		{&e.Delete, typingText, typeIn},
		{&e.DeleteWordBack, typingText, typeIn},
		{&e.DeleteToEnd, typingText, typeIn},
		{&e.DeleteToStart, typingText, typeIn},
		{&e.Newline, typingLines, typeIn},
	}}
	t.byKey = map[string][]*command{}
	t.byBinding = map[*key.Binding][]*command{}
	for i := range t.commands {
		c := &t.commands[i]
		for _, name := range c.b.Keys() {
			t.byKey[name] = append(t.byKey[name], c)
		}
		t.byBinding[c.b] = append(t.byBinding[c.b], c)
	}
	return t
}

// command is what the key named name does in st: the first command of
// the table bound to it that applies, nil for none.
func (t *keyTable) command(name string, st keyState) *command {
	for _, c := range t.byKey[name] {
		if c.when(st) {
			return c
		}
	}
	return nil
}

// applies reports whether binding b does something in st: one of its
// keys runs one of its commands. The key map's move stands for Up.
func (t *keyTable) applies(b *key.Binding, st keyState) bool {
	if b == &t.keys.move {
		b = &t.keys.Up
	}
	for _, c := range t.byBinding[b] {
		if !c.when(st) {
			continue
		}
		for _, name := range b.Keys() {
			if t.command(name, st) == c {
				return true
			}
		}
	}
	return false
}

// typed reports whether msg is a printable key, which a text being typed
// takes when no binding does.
func typed(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) == 0
}

// key handles a key press through the key table.
func (m model) key(msg tea.KeyPressMsg) (model, tea.Cmd) {
	st := m.keyState()
	c := m.table.command(msg.String(), st)
	switch {
	case c != nil && c.do != nil:
		m.note = "" // a passing message lasts until the next key that does something
		return c.do(m)
	case c != nil:
		m.note = ""
		return m.toFocused(editMsg{c.b})
	case typingText(st) && typed(msg):
		m.note = ""
		return m.toFocused(msg)
	}
	return m, nil
}

// pick is the bindings of bs that apply in st.
func (t *keyTable) pick(st keyState, bs ...*key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if t.applies(b, st) {
			out = append(out, *b)
		}
	}
	return out
}

// shortHelp is the one line of help always on screen: the keys that
// apply now, the most useful first (the line is cut to the width).
func (t *keyTable) shortHelp(st keyState) []key.Binding {
	k := t.keys
	if st.asking {
		return t.pick(st, &k.Yes, &k.No, &k.ForceQuit)
	}
	short := t.pick(st, &k.Yes, &k.Back, &k.Cancel, &k.Next, &k.Help, &k.Quit)
	if !t.applies(&k.Quit, st) {
		short = append(short, k.ForceQuit) // the one way out while typing
	}
	return append(short, t.pick(st, &k.Run, &k.Sample, &k.Filter, &k.EndFilter, &k.ClearFilter,
		&k.Detail, &k.ErrorsOnly, &k.AllIssues, &k.Severity, &k.Fix, &k.FixAll, &k.Source, &k.Edit, &k.EditCall,
		&k.CallsOnly, &k.ProblemsOnly, &k.OpenCall, &k.Message,
		&k.Form, &k.Leave, &k.HistPrev, &k.NextField, &k.Toggle, &k.ChooseNext, &k.Copy, &k.move,
		&k.NextServer, &k.PrevServer, &k.Stderr, &k.Reconnect, &k.Target, &k.Deep)...)
}

// keysNow is the key table in one state, as bubbles' help reads a key
// map: the short help is the help line, the full help every group's
// bindings that apply.
type keysNow struct {
	t  *keyTable
	st keyState
}

var _ help.KeyMap = keysNow{}

func (h keysNow) ShortHelp() []key.Binding { return h.t.shortHelp(h.st) }

func (h keysNow) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	for _, g := range h.listed() {
		col := make([]key.Binding, len(g))
		for i, b := range g {
			col[i] = *b
		}
		out = append(out, col)
	}
	return out
}

// listed is the bindings of each group of the key map that apply, the
// groups with none left out.
func (h keysNow) listed() [][]*key.Binding {
	var out [][]*key.Binding
	for _, g := range h.t.keys.groups() {
		var col []*key.Binding
		for _, d := range g.keys {
			if h.t.applies(d.b, h.st) {
				col = append(col, d.b)
			}
		}
		if len(col) > 0 {
			out = append(out, col)
		}
	}
	return out
}

// The actions of the table that are not a pane's or a view's own.

func quit(m model) (model, tea.Cmd) { return m, tea.Quit }

func closeView(m model) (model, tea.Cmd) {
	m.view = viewNone
	return m, nil
}

// scroll moves the focused list, or scrolls the view over the panes.
func scroll(mv listMove) keyAction {
	return func(m model) (model, tea.Cmd) {
		if vp := m.viewport(); vp != nil {
			scrollBy(vp, mv.step(vp.Height(), vp.TotalLineCount()))
			return m, nil
		}
		switch m.focus {
		case paneTools:
			return onTools(func(p *toolsPane) tea.Cmd { p.moveBy(mv); return nil })(m)
		case paneIssues:
			return onIssues(func(p *issuesPane) tea.Cmd { p.moveBy(mv); return nil })(m)
		case paneTraffic:
			return onTraffic(func(p *trafficPane) { p.moveBy(mv) })(m)
		}
		return m, nil
	}
}

// recall puts the session's previous (step -1) or next call in the
// tester.
func recall(step int) keyAction {
	return func(m model) (model, tea.Cmd) {
		note, cmd, moved := m.call.recall(step)
		m.note = note
		if moved {
			cmd = tea.Batch(cmd, m.follow())
		}
		return m, cmd
	}
}

// formKey applies a key of the form to the form being typed into.
func formKey(key func(*callForm) bool) keyAction {
	return onCall(func(p *callPane) tea.Cmd { return p.formKey(key) })
}
