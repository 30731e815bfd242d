package tui

import (
	tea "charm.land/bubbletea/v2"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lock"
	"toolbench/core/termtext"
)

// A team's files, as the workbench shows them: the status bar names the
// configuration in force, whose accepted issues never reach the panes
// (Options.Accept, applied by the watcher as toolbench watch applies it);
// and with a lock in force, each load is held to it, as toolbench verify
// holds it, in a command, and the tools that changed since they were
// pinned are marked in the tools pane.

// driftMark is what the lock says of a tool of the shown load.
type driftMark uint8

const (
	notPinned driftMark = iota + 1 // the lock pins no tool of its name: NEW
	drifted                        // it changed since it was pinned: DRIFT
)

// driftMsg is the lock's verdict on a load's document.
type driftMsg struct {
	doc   *jsondoc.Document
	marks map[string]driftMark // by tool name; nil when nothing changed
	// drifted and added count the tools marked so; err is why the load
	// could not be held to the lock.
	drifted, added int
	err            string
}

// checkDrift holds s's document to the lock, with verify.
func checkDrift(s *snapshot, verify func(*jsondoc.Document) (*lock.Drift, error)) tea.Cmd {
	if verify == nil || s.result.Doc == nil {
		return nil
	}
	doc := s.result.Doc
	return func() tea.Msg {
		msg := driftMsg{doc: doc}
		d, err := verify(doc)
		if err != nil {
			msg.err = err.Error()
			return msg
		}
		for _, c := range d.Changes {
			if msg.marks == nil {
				msg.marks = map[string]driftMark{}
			}
			mark := drifted
			if c.Severity != catalog.Error {
				mark = notPinned
			}
			for _, name := range []string{c.Tool, c.OldTool} {
				if name != "" && msg.marks[name] < mark {
					msg.marks[name] = mark
				}
			}
		}
		for _, mark := range msg.marks {
			if mark == drifted {
				msg.drifted++
			} else {
				msg.added++
			}
		}
		return msg
	}
}

// drifted takes the lock's verdict on the document shown.
func (m *model) driftChecked(msg driftMsg) {
	if m.snap == nil || msg.doc != m.snap.result.Doc {
		return // a verdict on a load since replaced
	}
	m.drift = &msg
	m.tools.drift = msg.marks
}

// teamParts are the status bar's parts about the configuration and the
// lock in force: "config toolbench.toml", "lock: 2 drifted, 1 new".
func (m model) teamParts() []string {
	var parts []string
	if m.configFile != "" {
		parts = append(parts, m.st.status.Render("config "+shown(m.configFile, maxName)))
	}
	if m.verify == nil {
		return parts
	}
	switch d := m.drift; {
	case d == nil:
		parts = append(parts, m.st.status.Render("lock …"))
	case d.err != "":
		parts = append(parts, m.st.statusBad.Render("lock: "+shown(d.err, maxText)))
	case d.drifted > 0:
		s := "lock: " + termtext.Plural(d.drifted, "tool") + " drifted"
		if d.added > 0 {
			s += ", " + termtext.Plural(d.added, "new tool")
		}
		parts = append(parts, m.st.statusBad.Render(s))
	case d.added > 0:
		parts = append(parts, m.st.statusNote.Render("lock: "+termtext.Plural(d.added, "new tool")))
	default:
		parts = append(parts, m.st.status.Render("lock: as pinned"))
	}
	return parts
}

// driftLabel is a tool's mark in the tools pane, two cells wide: "⊘ "
// for a tool a proxy withheld from its client, "≠ " for a pinned tool
// that changed, "~ " for one a proxy passed on not as the lock pins it
// (under audit), "+ " for one the lock does not pin. A tool with several
// marks gets the first of these.
func (p toolsPane) driftLabel(name string) string {
	switch {
	case p.proxy[name] == proxyWithheld:
		return p.st.err.Render("⊘") + " "
	case p.drift[name] == drifted:
		return p.st.err.Render("≠") + " "
	case p.proxy[name] == proxyDrift:
		return p.st.warn.Render("~") + " "
	case p.drift[name] == notPinned:
		return p.st.warn.Render("+") + " "
	}
	return ""
}
