package tui

import "charm.land/bubbles/v2/key"

// keyMap is every key binding of the workbench, one for the root and the
// panes alike, built once and never changed. The help bar and the key
// handling read the same bindings, so what the help says is what the keys
// do; which of them apply depends on the state (see shortHelp), not on
// enabled flags, so that the one map can be shared.
type keyMap struct {
	Next, Prev key.Binding // focus

	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	Top, Bottom      key.Binding

	Filter    key.Binding // Tools: filter by name
	EndFilter key.Binding // Tools: keep the filter, stop typing it
	AllIssues key.Binding // Issues: the selected tool's or all
	Edit      key.Binding // Issues: open $EDITOR at the issue
	Sample    key.Binding // fill the tester with a sample call
	EditCall  key.Binding // Call: type into the tester again
	Leave     key.Binding // stop typing (tester or filter)
	Target    key.Binding // cycle the provider target
	Deep      key.Binding // toggle deep call validation
	Help      key.Binding
	Quit      key.Binding
	ForceQuit key.Binding

	edit editKeys

	// move stands for Up and Down together in the short help; it is
	// never matched.
	move key.Binding
}

func newKeyMap() *keyMap {
	return &keyMap{
		Next: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "pane")),
		Prev: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),

		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),

		Filter:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		EndFilter: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "done")),
		AllIssues: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "all/tool")),
		Edit:      key.NewBinding(key.WithKeys("e", "enter"), key.WithHelp("e", "edit")),
		Sample:    key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "sample")),
		EditCall:  key.NewBinding(key.WithKeys("enter", "i"), key.WithHelp("i", "type")),
		Leave:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop typing")),
		Target:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "target")),
		Deep:      key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "deep")),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),

		edit: defaultEditKeys(),

		move: key.NewBinding(key.WithKeys("up", "down", "k", "j"), key.WithHelp("↑↓/jk", "move")),
	}
}

// editKeys are the keys of a text field (the call tester and the tools
// filter): the usual readline and arrow keys. Anything else printable is
// typed.
type editKeys struct {
	Left, Right, Up, Down key.Binding
	WordLeft, WordRight   key.Binding
	LineStart, LineEnd    key.Binding
	Start, End            key.Binding // the whole text
	DeleteBack, Delete    key.Binding
	DeleteWordBack        key.Binding
	DeleteToEnd           key.Binding
	DeleteToStart         key.Binding
	Newline               key.Binding
}

func defaultEditKeys() editKeys {
	return editKeys{
		Left:           key.NewBinding(key.WithKeys("left", "ctrl+b")),
		Right:          key.NewBinding(key.WithKeys("right", "ctrl+f")),
		Up:             key.NewBinding(key.WithKeys("up", "ctrl+p")),
		Down:           key.NewBinding(key.WithKeys("down", "ctrl+n")),
		WordLeft:       key.NewBinding(key.WithKeys("alt+left", "alt+b", "ctrl+left")),
		WordRight:      key.NewBinding(key.WithKeys("alt+right", "alt+f", "ctrl+right")),
		LineStart:      key.NewBinding(key.WithKeys("home", "ctrl+a")),
		LineEnd:        key.NewBinding(key.WithKeys("end", "ctrl+e")),
		Start:          key.NewBinding(key.WithKeys("ctrl+home", "alt+<")),
		End:            key.NewBinding(key.WithKeys("ctrl+end", "alt+>")),
		DeleteBack:     key.NewBinding(key.WithKeys("backspace", "ctrl+h")),
		Delete:         key.NewBinding(key.WithKeys("delete", "ctrl+d")),
		DeleteWordBack: key.NewBinding(key.WithKeys("ctrl+w", "alt+backspace")),
		DeleteToEnd:    key.NewBinding(key.WithKeys("ctrl+k")),
		DeleteToStart:  key.NewBinding(key.WithKeys("ctrl+u")),
		Newline:        key.NewBinding(key.WithKeys("enter", "ctrl+j")),
	}
}

// keyState is what decides which bindings apply.
type keyState struct {
	focus     pane
	typing    bool // keys go to the tester or the filter
	filtering bool // the tools filter is being typed
}

// applies reports whether binding b does something in state st.
func (k *keyMap) applies(b *key.Binding, st keyState) bool {
	switch b {
	case &k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Top, &k.Bottom, &k.move,
		&k.Target, &k.Deep, &k.Help, &k.Quit:
		return !st.typing
	case &k.Filter:
		return st.focus == paneTools && !st.typing
	case &k.EndFilter:
		return st.filtering
	case &k.AllIssues, &k.Edit:
		return st.focus == paneIssues
	case &k.EditCall:
		return st.focus == paneCall && !st.typing
	case &k.Leave:
		return st.typing
	}
	return true
}

// pick is the bindings of bs that apply in st.
func (k *keyMap) pick(st keyState, bs ...*key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(bs))
	for _, b := range bs {
		if k.applies(b, st) {
			out = append(out, *b)
		}
	}
	return out
}

// shortHelp is the one line of help always on screen.
func (k *keyMap) shortHelp(st keyState) []key.Binding {
	short := k.pick(st, &k.Next, &k.move, &k.Filter, &k.EndFilter, &k.AllIssues, &k.Edit, &k.EditCall,
		&k.Leave, &k.Sample, &k.Help, &k.Quit, &k.Target, &k.Deep)
	if !k.applies(&k.Quit, st) {
		short = append(short, k.ForceQuit) // the one way out while typing
	}
	return short
}

// fullHelp is the help `?` opens, a column per kind of key.
func (k *keyMap) fullHelp(st keyState) [][]key.Binding {
	return [][]key.Binding{
		k.pick(st, &k.Next, &k.Prev, &k.Up, &k.Down, &k.PageUp, &k.PageDown),
		k.pick(st, &k.Top, &k.Bottom, &k.Filter, &k.EndFilter, &k.AllIssues, &k.Edit),
		k.pick(st, &k.Sample, &k.EditCall, &k.Leave, &k.Target, &k.Deep),
		k.pick(st, &k.Help, &k.Quit, &k.ForceQuit),
	}
}
