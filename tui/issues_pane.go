package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// issuesPane lists lint issues, of the selected tool or of the whole
// document, with the selected issue's path, message and hint below.
type issuesPane struct {
	paneBase

	snap   *snapshot
	tool   int  // the selected tool's row, -1 for none
	all    bool // every issue, not only the selected tool's
	list   []int
	cursor int
	offset int
}

func newIssuesPane(st *styles, keys *keyMap) issuesPane {
	return issuesPane{paneBase: newPaneBase(st, keys), tool: -1}
}

// SetSize sets the pane's outer size.
func (p *issuesPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.keepCursorVisible()
}

// setSnapshot shows a new load for the tool at row tool.
func (p *issuesPane) setSnapshot(s *snapshot, tool int) {
	p.snap = s
	p.tool = tool
	p.relist(true)
}

// setTool follows a new selection in the tools pane.
func (p *issuesPane) setTool(tool int) {
	if tool == p.tool {
		return
	}
	p.tool = tool
	p.relist(false)
}

// showingAll reports whether the pane lists the whole document's issues:
// when asked to, or when no tool is selected.
func (p issuesPane) showingAll() bool {
	return p.all || p.tool < 0 || p.snap == nil || p.tool >= len(p.snap.rows)
}

// relist rebuilds the list; keep holds the cursor where it was (a reload)
// rather than going back to the first issue (a new tool).
func (p *issuesPane) relist(keep bool) {
	p.list = nil // a new list: earlier copies of the pane keep theirs
	if p.snap == nil {
		return
	}
	if p.showingAll() {
		for i := range p.snap.result.Issues {
			p.list = append(p.list, i)
		}
	} else {
		p.list = append(p.list, p.snap.rows[p.tool].issues...)
	}
	if !keep {
		p.cursor, p.offset = 0, 0
	}
	p.cursor = min(p.cursor, max(len(p.list)-1, 0))
	p.keepCursorVisible()
}

// Selected is the selected issue, or nil.
func (p issuesPane) Selected() *lint.Issue {
	if p.snap == nil || p.cursor >= len(p.list) {
		return nil
	}
	return &p.snap.result.Issues[p.list[p.cursor]]
}

// Update handles the keys and mouse events the root routes here.
func (p issuesPane) Update(msg tea.Msg) (issuesPane, tea.Cmd) {
	if step, ok := p.keys.listStep(msg, p.listHeight(), len(p.list)); ok {
		p.move(step)
		return p, nil
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if key.Matches(msg, p.keys.AllIssues) {
			p.all = !p.all
			p.relist(false)
		}
	case tea.MouseClickMsg:
		if i := msg.Y - 2; i >= 0 && i < p.shownRows() && p.offset+i < len(p.list) {
			p.cursor = p.offset + i
		}
	}
	return p, nil
}

func (p *issuesPane) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(len(p.list)-1, 0))
	p.keepCursorVisible()
}

func (p *issuesPane) keepCursorVisible() {
	p.offset = scrollTo(p.cursor, p.offset, p.listHeight(), len(p.list))
}

// minDetail is the lines kept under the list for the selected issue,
// however long the list: its message, path and hint need a few.
func (p issuesPane) minDetail() int {
	avail := p.innerHeight() - 1
	switch {
	case avail >= 12:
		return 5
	case avail >= 6:
		return 3
	case avail >= 4:
		return 1
	}
	return 0
}

// listHeight is the rows the list may take.
func (p issuesPane) listHeight() int {
	return max(p.innerHeight()-1-p.minDetail(), 0)
}

// shownRows is the rows the list takes: no more than it needs, so the
// detail sits right under it.
func (p issuesPane) shownRows() int {
	return min(len(p.list), p.listHeight())
}

// View draws the pane.
func (p issuesPane) View() string {
	extra := ""
	if p.snap != nil {
		extra = strconv.Itoa(len(p.snap.result.Issues))
	}
	return p.frame(paneIssues.String(), extra, p.body())
}

func (p issuesPane) body() string {
	if p.snap == nil {
		return p.st.muted.Render(" no issues until the file loads")
	}
	w := p.innerWidth()
	lines := []string{p.headerLine(w)}
	if len(p.list) == 0 {
		lines = append(lines, p.st.ok.Render(" ✓ no issues"))
		return strings.Join(lines, "\n")
	}
	rows := p.shownRows()
	posW := 0
	for i := p.offset; i < p.offset+rows; i++ {
		posW = max(posW, len(position(p.snap.result.Issues[p.list[i]])))
	}
	for j := p.offset; j < p.offset+rows; j++ {
		lines = append(lines, p.rowLine(p.snap.result.Issues[p.list[j]], j == p.cursor, posW, w))
	}
	lines = append(lines, p.detail(w, p.innerHeight()-1-rows)...)
	return strings.Join(lines, "\n")
}

func (p issuesPane) headerLine(w int) string {
	var s string
	switch {
	case p.tool < 0 || p.snap == nil || p.tool >= len(p.snap.rows):
		s = " all issues"
	case p.all:
		s = " all issues · a: only " + p.snap.rows[p.tool].label
	default:
		s = " " + p.snap.rows[p.tool].label + ": " + strconv.Itoa(len(p.list)) + " of " + termtext.Plural(len(p.snap.result.Issues), "issue") + " · a: all"
	}
	return p.st.muted.Render(clip(s, w))
}

// position is an issue's line:col, or "-" for one about no place.
func position(is lint.Issue) string {
	if is.Line == 0 {
		return "-"
	}
	return strconv.Itoa(is.Line) + ":" + strconv.Itoa(is.Column)
}

func (p issuesPane) severity(s lint.Severity) string {
	if s == lint.Error {
		return p.st.err.Render("E")
	}
	return p.st.warn.Render("W")
}

func (p issuesPane) rowLine(is lint.Issue, selected bool, posW, w int) string {
	pos := position(is)
	pos += strings.Repeat(" ", posW-len(pos))
	text := p.st.code.Render(shown(is.Code, maxName)) + " " + shown(is.Message, maxText)
	lead := "   "
	if selected {
		lead = p.st.marker.Render(" › ")
		text = p.st.selected.Render(clip(ansi.Strip(text), max(w-6-posW, 1)))
	}
	return clip(lead+p.severity(is.Severity)+" "+p.st.muted.Render(pos)+" "+text, w)
}

// detail is the selected issue in full: its message, path and hint,
// wrapped to the pane, in at most h lines.
func (p issuesPane) detail(w, h int) []string {
	is := p.Selected()
	if is == nil || h <= 0 {
		return nil
	}
	width := max(w-3, 10)
	var lines []string
	add := func(style func(...string) string, prefix, text string) {
		for _, l := range strings.Split(ansi.Wordwrap(prefix+text, width, ""), "\n") {
			lines = append(lines, "   "+style(l))
		}
	}
	add(p.st.name.Render, "", shown(is.Message, maxText))
	add(p.st.muted.Render, "at ", shown(is.Path, maxText))
	if is.Hint != "" {
		add(p.st.hint.Render, "hint: ", shown(is.Hint, maxText))
	}
	// The message comes first but must not push the path off: keep at
	// most half the lines for it.
	msgLines := len(strings.Split(ansi.Wordwrap(shown(is.Message, maxText), width, ""), "\n"))
	if keep := max(h/2, 1); msgLines > keep && len(lines) > h {
		cut := msgLines - keep
		lines = append(lines[:keep], lines[keep+cut:]...)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}
