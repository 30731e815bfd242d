package tui

import "charm.land/bubbles/v2/key"

// keyMap is every key binding of the workbench. The help bar and the key
// handling read the same bindings, so what the help says is what the keys
// do. Bindings that do nothing in the current state are disabled, which
// hides them from help and makes key.Matches skip them.
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

func defaultKeyMap() keyMap {
	return keyMap{
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

// forState returns the key map with the bindings that apply in st
// enabled and the others disabled.
func (k keyMap) forState(st keyState) keyMap {
	k.Up.SetEnabled(!st.typing)
	k.Down.SetEnabled(!st.typing)
	k.PageUp.SetEnabled(!st.typing)
	k.PageDown.SetEnabled(!st.typing)
	k.Top.SetEnabled(!st.typing)
	k.Bottom.SetEnabled(!st.typing)
	k.move.SetEnabled(!st.typing)
	k.Filter.SetEnabled(st.focus == paneTools && !st.typing)
	k.EndFilter.SetEnabled(st.filtering)
	k.AllIssues.SetEnabled(st.focus == paneIssues)
	k.Edit.SetEnabled(st.focus == paneIssues)
	k.EditCall.SetEnabled(st.focus == paneCall && !st.typing)
	k.Leave.SetEnabled(st.typing)
	k.Target.SetEnabled(!st.typing)
	k.Deep.SetEnabled(!st.typing)
	k.Help.SetEnabled(!st.typing)
	k.Quit.SetEnabled(!st.typing)
	return k
}

// ShortHelp is the one line of help always on screen.
func (k keyMap) ShortHelp() []key.Binding {
	short := []key.Binding{
		k.Next, k.move, k.Filter, k.EndFilter, k.AllIssues, k.Edit, k.EditCall,
		k.Leave, k.Sample, k.Help, k.Quit, k.Target, k.Deep,
	}
	if !k.Quit.Enabled() {
		short = append(short, k.ForceQuit) // the one way out while typing
	}
	return short
}

// FullHelp is the help `?` opens, a column per kind of key.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.Up, k.Down, k.PageUp, k.PageDown},
		{k.Top, k.Bottom, k.Filter, k.EndFilter, k.AllIssues, k.Edit},
		{k.Sample, k.EditCall, k.Leave, k.Target, k.Deep},
		{k.Help, k.Quit, k.ForceQuit},
	}
}
