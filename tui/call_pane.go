package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
)

// callPane is the call tester: a call typed or pasted in any shape the
// call command reads, checked on every keystroke against the current
// tools, with the errors exactly as `toolbench call` prints them.
type callPane struct {
	paneBase

	input  textField
	typing bool

	schemas *call.Schemas
	checked bool     // errs is about the text in input
	errs    []string // the flat check's errors; none means valid

	deep     bool
	deepSeq  int // the newest deep check asked for
	deepFor  int // the check deepErrs answers
	deepErrs []call.SchemaError

	offset int // the results scrolled by the wheel or j/k
}

func newCallPane(st *styles, keys *keyMap, deep bool) callPane {
	return callPane{paneBase: newPaneBase(st, keys), deep: deep, input: newTextField(&keys.edit, true, jsonRuneEscape)}
}

// SetSize sets the pane's outer size.
func (p *callPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.input.SetSize(p.innerWidth(), p.editorHeight())
}

// setFocused gives or takes the focus: the tester takes the keys as it
// gets the focus, and stops when it loses it.
func (p *callPane) setFocused(on bool) {
	p.paneBase.setFocused(on)
	p.typing = on
}

func (p callPane) editing() bool { return p.typing }

// editorHeight is the lines of the text field; the results take the
// rest, below a rule.
func (p callPane) editorHeight() int { return max((p.innerHeight()-1)/2, 1) }
func (p callPane) resultsHeight() int {
	return max(p.innerHeight()-1-p.editorHeight(), 0)
}

// setSchemas checks the call again against a new load's tools.
func (p *callPane) setSchemas(s *call.Schemas) tea.Cmd {
	p.schemas = s
	return p.recheck()
}

// setDeep turns deep validation on or off.
func (p *callPane) setDeep(on bool) tea.Cmd {
	p.deep = on
	return p.recheck()
}

// setText replaces the call, as a sample does, and checks it.
func (p *callPane) setText(s string) tea.Cmd {
	p.input.SetValue(s)
	p.input.MoveToStart() // show a sample from its top
	p.offset = 0
	return p.recheck()
}

// recheck runs the flat check now (it is fast: one parse of the call and
// a map lookup) and, when deep validation is on, starts a deep check in a
// command.
func (p *callPane) recheck() tea.Cmd {
	p.checked = false
	p.errs = nil
	p.deepErrs = nil
	p.deepSeq++
	if p.schemas == nil || p.input.empty() {
		return nil
	}
	text := p.input.Value()
	p.errs = call.CheckCallText(text, p.schemas)
	p.checked = true
	if !p.deep {
		return nil
	}
	return deepCheck(p.deepSeq, text, p.schemas)
}

// deepChecked takes a deep check's result, unless the call has changed
// since it was asked for.
func (p *callPane) deepChecked(msg deepCheckedMsg) {
	if msg.seq != p.deepSeq {
		return
	}
	p.deepFor = msg.seq
	p.deepErrs = msg.errs
}

// Update handles the keys, pastes and mouse events the root routes here.
func (p callPane) Update(msg tea.Msg) (callPane, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if p.typing {
			if key.Matches(msg, p.keys.Leave) {
				p.typing = false
				return p, nil
			}
			var changed bool
			p.input, changed = p.input.Update(msg)
			if changed {
				p.offset = 0
				return p, p.recheck()
			}
			return p, nil
		}
		switch {
		case key.Matches(msg, p.keys.EditCall):
			p.typing = true
		case key.Matches(msg, p.keys.Up):
			p.scroll(-1)
		case key.Matches(msg, p.keys.Down):
			p.scroll(1)
		}
	case tea.PasteMsg:
		if p.typing {
			p.input, _ = p.input.Update(msg)
			return p, p.recheck()
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			p.scroll(-1)
		case tea.MouseWheelDown:
			p.scroll(1)
		}
	case tea.MouseClickMsg:
		p.typing = true
	}
	return p, nil
}

func (p *callPane) scroll(n int) {
	p.offset = min(max(p.offset+n, 0), max(len(p.resultLines())-p.resultsHeight(), 0))
}

// cursor is where the text cursor is, in pane cells, when it is shown.
func (p callPane) cursor() (x, y int, ok bool) {
	if !p.typing {
		return 0, 0, false
	}
	_, cx, cy := p.input.view()
	return 1 + cx, 1 + cy, true
}

// View draws the pane.
func (p callPane) View() string {
	extra := ""
	if p.deep {
		extra = "(deep)"
	}
	return p.frame(paneCall.String(), extra, p.body())
}

func (p callPane) body() string {
	w := p.innerWidth()
	text, _, _ := p.input.view()
	lines := make([]string, 0, p.innerHeight())
	if p.input.empty() && len(text) <= 1 {
		lines = append(lines, p.st.muted.Render(clip(`{"name": "...", "arguments": {...}}`, w)))
	} else {
		lines = append(lines, text...)
	}
	for len(lines) < p.editorHeight() {
		lines = append(lines, "")
	}
	lines = append(lines, p.st.muted.Render(strings.Repeat("─", w)))
	results := p.resultLines()
	for i := p.offset; i < len(results) && i < p.offset+p.resultsHeight(); i++ {
		lines = append(lines, results[i])
	}
	return strings.Join(lines, "\n")
}

// resultLines is what the check says about the call, a line each.
func (p callPane) resultLines() []string {
	switch {
	case p.schemas == nil:
		return []string{p.st.muted.Render(" waiting for the tools to load…")}
	case !p.checked:
		return []string{p.st.muted.Render(" type a call, or ctrl+s for a sample of the selected tool")}
	}
	var lines []string
	if len(p.errs) == 0 {
		lines = append(lines, p.st.ok.Render(" ✓ valid"))
	}
	for _, e := range p.errs {
		lines = append(lines, p.st.err.Render(" ✗ ")+shown(e, maxText))
	}
	if !p.deep {
		return lines
	}
	switch {
	case p.deepFor != p.deepSeq:
		lines = append(lines, p.st.muted.Render(" … checking against the schema"))
	case len(p.deepErrs) == 0 && len(p.errs) == 0:
		lines = append(lines, p.st.ok.Render(" ✓ schema: valid"))
	}
	for _, e := range p.deepErrs {
		path := e.Path
		if path == "" {
			path = "/"
		}
		lines = append(lines, p.st.err.Render(" ✗ ")+p.st.muted.Render("schema "+shown(path, maxText)+": ")+shown(e.Message, maxText))
	}
	return lines
}
