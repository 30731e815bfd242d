package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"toolbench/core/lint"
)

// keyMap is every key binding of the workbench, one for the root and the
// panes alike, built once and never changed. The key table (keytable.go)
// gives each binding where it applies and what it does there; the key
// handling, the help line, the help screen and README's key table all
// read these bindings through it, so what the help says is what the keys
// do. Which bindings apply depends on the state, as the table declares,
// not on enabled flags, so that the one map can be shared. A key may be
// bound twice when the states the bindings apply in never meet: y
// copies, or answers yes to a question.
type keyMap struct {
	// Anywhere.
	Next, Prev key.Binding // focus
	Sample     key.Binding
	ForceQuit  key.Binding

	// Anywhere nothing is being typed.
	Help, Quit, Target, Deep, Copy key.Binding
	Stderr, Reconnect              key.Binding // on a server
	NextServer, PrevServer         key.Binding // on several servers

	// Lists and scrolling views.
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	Top, Bottom      key.Binding

	// Tools.
	Filter     key.Binding // Tools and Issues: filter the list
	ErrorsOnly key.Binding
	Detail     key.Binding
	ParamUp    key.Binding // the parameter table's selection
	ParamDown  key.Binding

	// Issues.
	AllIssues key.Binding // the selected tool's or all
	Severity  key.Binding
	Source    key.Binding
	Edit      key.Binding // open $EDITOR at the issue
	Fix       key.Binding // the issue's fix
	FixAll    key.Binding // every fix of the file

	// Typing a filter.
	EndFilter   key.Binding
	ClearFilter key.Binding

	// Call.
	EditCall key.Binding // type into the tester again
	Leave    key.Binding // stop typing
	Form     key.Binding // the form or the JSON text
	Run      key.Binding // send the call to the server
	Cancel   key.Binding // cancel the call being sent
	HistPrev key.Binding // the session's calls
	HistNext key.Binding

	// Traffic.
	CallsOnly    key.Binding // the calls, or every message
	ProblemsOnly key.Binding
	OpenCall     key.Binding // a call in the tester
	Message      key.Binding // the whole message

	// The call's form.
	NextField, PrevField   key.Binding
	Toggle                 key.Binding
	ChoosePrev, ChooseNext key.Binding

	// A question: run a tool, write a fix.
	Yes, No key.Binding

	// The views over the panes.
	Back key.Binding

	edit editKeys

	// move stands for Up and Down together in the short help; it is
	// never matched.
	move key.Binding
}

func newKeyMap() *keyMap {
	return &keyMap{
		Next:      key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next pane")),
		Prev:      key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous pane")),
		Sample:    key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "sample call")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),

		Help:   key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Quit:   key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		Target: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "target")),
		Deep:   key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "deep")),
		Copy:   key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy")),

		Stderr:    key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "server stderr")),
		Reconnect: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "reconnect")),

		NextServer: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next server")),
		PrevServer: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous server")),

		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+u"), key.WithHelp("pgup/ctrl+u", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+d"), key.WithHelp("pgdn/ctrl+d", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),

		Filter:     key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		ErrorsOnly: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "errors only")),
		Detail:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "whole tool")),
		ParamUp:    key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "parameter up")),
		ParamDown:  key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "parameter down")),

		AllIssues: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "all/tool")),
		Severity:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "severity")),
		Source:    key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "source")),
		Edit:      key.NewBinding(key.WithKeys("e", "enter"), key.WithHelp("e/enter", "edit")),
		Fix:       key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "fix")),
		FixAll:    key.NewBinding(key.WithKeys("F"), key.WithHelp("F", "fix all")),

		EndFilter:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		ClearFilter: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),

		EditCall: key.NewBinding(key.WithKeys("enter", "i"), key.WithHelp("i/enter", "type")),
		Leave:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop typing")),
		Form:     key.NewBinding(key.WithKeys("ctrl+f"), key.WithHelp("ctrl+f", "form/JSON")),
		Run:      key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "run")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel the call")),
		HistPrev: key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "previous call")),
		HistNext: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "next call")),

		CallsOnly:    key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "calls only")),
		ProblemsOnly: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "problems only")),
		OpenCall:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "call in the tester")),
		Message:      key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "whole message")),

		NextField:  key.NewBinding(key.WithKeys("down", "enter"), key.WithHelp("↓/enter", "next field")),
		PrevField:  key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous field")),
		Toggle:     key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "toggle")),
		ChoosePrev: key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "previous choice")),
		ChooseNext: key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "next choice")),

		Yes: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "yes")),
		No:  key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n/esc", "no")),

		Back: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),

		edit: defaultEditKeys(),

		move: key.NewBinding(key.WithKeys("up", "down", "k", "j"), key.WithHelp("↑↓/jk", "move")),
	}
}

// editKeys are the keys of a text field (the call tester, the filters,
// the form's fields): the usual readline and arrow keys. Anything else
// printable is typed.
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
		Left:           key.NewBinding(key.WithKeys("left", "ctrl+b"), key.WithHelp("←/ctrl+b", "character left")),
		Right:          key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "character right")),
		Up:             key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "line up")),
		Down:           key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "line down")),
		WordLeft:       key.NewBinding(key.WithKeys("alt+left", "alt+b", "ctrl+left"), key.WithHelp("alt+b/alt+←", "word left")),
		WordRight:      key.NewBinding(key.WithKeys("alt+right", "alt+f", "ctrl+right"), key.WithHelp("alt+f/alt+→", "word right")),
		LineStart:      key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home/ctrl+a", "line start")),
		LineEnd:        key.NewBinding(key.WithKeys("end", "ctrl+e"), key.WithHelp("end/ctrl+e", "line end")),
		Start:          key.NewBinding(key.WithKeys("ctrl+home", "alt+<"), key.WithHelp("ctrl+home/alt+<", "start of the text")),
		End:            key.NewBinding(key.WithKeys("ctrl+end", "alt+>"), key.WithHelp("ctrl+end/alt+>", "end of the text")),
		DeleteBack:     key.NewBinding(key.WithKeys("backspace", "ctrl+h"), key.WithHelp("backspace", "delete left")),
		Delete:         key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("delete/ctrl+d", "delete right")),
		DeleteWordBack: key.NewBinding(key.WithKeys("ctrl+w", "alt+backspace"), key.WithHelp("ctrl+w", "delete the word left")),
		DeleteToEnd:    key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "delete to the line end")),
		DeleteToStart:  key.NewBinding(key.WithKeys("ctrl+u"), key.WithHelp("ctrl+u", "delete to the line start")),
		Newline:        key.NewBinding(key.WithKeys("enter", "ctrl+j"), key.WithHelp("enter", "new line (in the call)")),
	}
}

// keyGroup is the keys of one pane or mode, as the help screen and
// README list them.
type keyGroup struct {
	where string
	keys  []keyDoc
}

// keyDoc is a binding and what it does, said in full: the help line
// under the status bar has room for its short help only.
type keyDoc struct {
	b    *key.Binding
	what string
}

// groups lists every binding, grouped by where it works. The help screen
// shows them and README's key table is made from them.
func (k *keyMap) groups() []keyGroup {
	e := &k.edit
	return []keyGroup{
		{"anywhere", []keyDoc{
			{&k.Next, "next pane: Tools, Issues, Call, and Traffic beside a proxy (also leaves a filter or the tester)"},
			{&k.Prev, "previous pane"},
			{&k.Sample, "a sample call of the selected tool in the tester, the cursor on its first value"},
			{&k.ForceQuit, "quit"},
		}},
		{"anywhere but typing", []keyDoc{
			{&k.Help, "every key (this list)"},
			{&k.Quit, "quit"},
			{&k.Target, "next provider target: the starting ones, none, then each of " + strings.Join(lint.TargetNames(), ", ") + "; the file is linted again"},
			{&k.Deep, "deep call validation (the whole JSON Schema) on or off"},
			{&k.Copy, "copy the call in the tester, or a sample call of the selected tool, to the clipboard (OSC 52)"},
			{&k.Stderr, "on a server: the end of its standard error (the last 64 KiB, escaped)"},
			{&k.Reconnect, "on a server: reconnect, a new session with the tools listed again"},
			{&k.NextServer, "on several servers (--all-servers): the next server's tools"},
			{&k.PrevServer, "on several servers: the previous server's tools"},
		}},
		{"lists and views", []keyDoc{
			{&k.Up, "move up; scroll"},
			{&k.Down, "move down; scroll"},
			{&k.PageUp, "page up"},
			{&k.PageDown, "page down"},
			{&k.Top, "first"},
			{&k.Bottom, "last"},
		}},
		{"Tools", []keyDoc{
			{&k.Filter, "filter the tools by name"},
			{&k.ErrorsOnly, "only the tools with errors, or all"},
			{&k.Detail, "the whole tool: schemas as trees, issues in place, cost"},
			{&k.ParamDown, "next parameter in the table"},
			{&k.ParamUp, "previous parameter in the table"},
		}},
		{"Issues", []keyDoc{
			{&k.Filter, "filter the issues by message, path, code or tool"},
			{&k.AllIssues, "the selected tool's issues, or all (each with its tool)"},
			{&k.Severity, "all severities, errors only, warnings only"},
			{&k.Source, "the document's text around the issue"},
			{&k.Edit, "open $EDITOR at the issue's line"},
			{&k.Fix, "the issue's fix as a diff; y writes it to the file (atomically, as toolbench fix -w)"},
			{&k.FixAll, "every fix toolbench fix makes in the file, as one diff; y writes them"},
		}},
		{"typing a filter", []keyDoc{
			{&k.EndFilter, "keep the filter, stop typing it"},
			{&k.ClearFilter, "clear the filter"},
		}},
		{"Call", []keyDoc{
			{&k.EditCall, "type into the tester again"},
			{&k.Leave, "stop typing (the keys above work again)"},
			{&k.Form, "the call as a form, or as JSON text"},
			{&k.Run, "on a server: send the call at the cursor when it is valid; the result shows under the errors"},
			{&k.Cancel, "cancel the call being sent (the server is told)"},
			{&k.HistPrev, "the session's previous call, with its result"},
			{&k.HistNext, "the session's next call; past the last, the text typed before"},
		}},
		{"Call, the form", []keyDoc{
			{&k.NextField, "next field"},
			{&k.PrevField, "previous field"},
			{&k.Toggle, "a boolean: true, false, unset"},
			{&k.ChoosePrev, "an enum or const: previous choice"},
			{&k.ChooseNext, "an enum or const: next choice"},
		}},
		{"Traffic (toolbench proxy --tui)", []keyDoc{
			{&k.CallsOnly, "only the calls, a row each with its answer's latency and findings, or every message again"},
			{&k.ProblemsOnly, "only what the proxy refused, dropped or filtered and what has findings, or everything again"},
			{&k.OpenCall, "a tools/call: its arguments in the tester, to edit and send again with ctrl+r; another message: the whole of it"},
			{&k.Message, "the whole message: its findings with their hints, a call's answer and params"},
		}},
		{"asked a question", []keyDoc{
			{&k.Yes, "yes: run the tool, or write the fix"},
			{&k.No, "no"},
		}},
		{"tool detail, source, fix, stderr, message, help", []keyDoc{
			{&k.Back, "back to the panes"},
			{&k.Source, "close the source view"},
			{&k.Message, "close the message"},
			{&k.Stderr, "close the server's standard error"},
			{&k.Help, "close the help"},
		}},
		{"typing text", []keyDoc{
			{&e.Left, "character left"}, {&e.Right, "character right"},
			{&e.Up, "line up"}, {&e.Down, "line down"},
			{&e.WordLeft, "word left"}, {&e.WordRight, "word right"},
			{&e.LineStart, "start of the line"}, {&e.LineEnd, "end of the line"},
			{&e.Start, "start of the text"}, {&e.End, "end of the text"},
			{&e.DeleteBack, "delete the character left"}, {&e.Delete, "delete the character right"},
			{&e.DeleteWordBack, "delete the word left"}, {&e.DeleteToEnd, "delete to the end of the line"},
			{&e.DeleteToStart, "delete to the start of the line"}, {&e.Newline, "a new line, in the call's JSON text"},
		}},
	}
}

// KeyGroup is the keys of one pane or mode of the workbench.
type KeyGroup struct {
	Where string
	Keys  []KeyDoc
}

// KeyDoc is one key binding: its keys as the help writes them, and what
// it does.
type KeyDoc struct {
	Keys, What string
}

// KeyHelp lists every key of the workbench by pane and mode: what the
// help screen shows, for README's key table.
func KeyHelp() []KeyGroup {
	var out []KeyGroup
	for _, g := range newKeyMap().groups() {
		kg := KeyGroup{Where: g.where}
		for _, d := range g.keys {
			kg.Keys = append(kg.Keys, KeyDoc{Keys: d.b.Help().Key, What: d.what})
		}
		out = append(out, kg)
	}
	return out
}
