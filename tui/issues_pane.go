package tui

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// issuesPane lists lint issues, of the selected tool or of the whole
// document, sifted by severity and text, with the selected issue's path,
// message and hint below.
type issuesPane struct {
	paneBase

	snap     *snapshot
	tool     int  // the selected tool's row, -1 for none
	all      bool // every issue, not only the selected tool's
	severity severityFilter
	filter   listFilter

	list    []int // indexes into snap.result.Issues
	cursor  int
	offset  int
	siftSeq int
	sifting bool
	moved   bool // the last Update moved the selection through the list
	// seek puts the cursor of the list being made on the selected tool's
	// first issue: a list of all issues starts where the Tools selection
	// is, so that the two agree.
	seek bool
}

func newIssuesPane(st *styles, keys *keyMap) issuesPane {
	return issuesPane{paneBase: newPaneBase(st, keys), tool: -1, filter: newListFilter(keys)}
}

// SetSize sets the pane's outer size.
func (p *issuesPane) SetSize(w, h int) {
	p.paneBase.SetSize(w, h)
	p.filter.setWidth(p.innerWidth())
	p.keepCursorVisible()
}

// setFocused gives or takes the focus; the filter stops taking keys
// without it.
func (p *issuesPane) setFocused(on bool) {
	p.paneBase.setFocused(on)
	if !on {
		p.filter.typing = false
	}
}

func (p issuesPane) filtering() bool { return p.filter.typing }

// setSnapshot shows a new load for the tool at row tool.
func (p *issuesPane) setSnapshot(s *snapshot, tool int) tea.Cmd {
	p.snap = s
	p.tool = tool
	return p.relist(true)
}

// setTool follows a new selection in the tools pane. A list of all
// issues stays as it is.
func (p *issuesPane) setTool(tool int) tea.Cmd {
	if tool == p.tool {
		return nil
	}
	wasAll := p.showingAll()
	p.tool = tool
	if wasAll && p.showingAll() {
		return nil
	}
	return p.relist(false)
}

// showingAll reports whether the pane lists the whole document's issues:
// when asked to, or when no tool is selected.
func (p issuesPane) showingAll() bool {
	return p.all || p.tool < 0 || p.snap == nil || p.tool >= len(p.snap.rows)
}

// relist rebuilds the list; keep holds the cursor where it was (a reload)
// rather than going back to the first issue (a new tool, a new filter).
func (p *issuesPane) relist(keep bool) tea.Cmd {
	p.siftSeq++
	if !keep {
		p.cursor, p.offset = 0, 0
		p.seek = p.all && p.snap != nil && p.tool >= 0 && p.tool < len(p.snap.rows)
	}
	if p.snap == nil {
		p.list = nil
		return nil
	}
	c := issuesSift{all: p.showingAll(), severity: p.severity, text: p.filter.query()}
	if !c.all {
		c.from = p.snap.rows[p.tool].issues
	}
	s := p.snap
	list, cmd := sift(paneIssues, p.siftSeq, c.count(s), func() []int { return siftIssues(s, c) })
	if cmd != nil {
		p.sifting = true
		if keep {
			p.list = nil // the old list is of the old issues
		}
		return cmd
	}
	p.showList(list)
	return nil
}

// takeSifted takes a list sifted in a command, unless a newer one was
// asked for since.
func (p *issuesPane) takeSifted(msg siftedMsg) {
	p.moved = false
	if msg.seq == p.siftSeq {
		p.showList(msg.list)
	}
}

// showList shows list. When it seeks the selected tool's first issue and
// the tool has none in it, the cursor stays on the first issue and counts
// as moved there: the Tools selection follows it to that issue's tool.
func (p *issuesPane) showList(list []int) {
	p.sifting = false
	p.list = list
	p.cursor = min(p.cursor, max(len(p.list)-1, 0))
	if p.seek {
		p.seek = false
		p.moved = true
		for j, i := range list {
			if p.snap.issueRow[i] == p.tool {
				p.cursor, p.moved = j, false
				break
			}
		}
	}
	p.keepCursorVisible()
}

// Selected is the selected issue, or nil.
func (p issuesPane) Selected() *lint.Issue {
	if i := p.SelectedIndex(); i >= 0 {
		return &p.snap.result.Issues[i]
	}
	return nil
}

// SelectedIndex is the selected issue's index in the snapshot, or -1.
func (p issuesPane) SelectedIndex() int {
	if p.snap == nil || p.cursor >= len(p.list) {
		return -1
	}
	return p.list[p.cursor]
}

// Update handles what the root routes here besides the key table's
// commands: keys typed into the filter, pastes into it, and the mouse.
func (p issuesPane) Update(msg tea.Msg) (issuesPane, tea.Cmd) {
	p.moved = false
	switch msg := msg.(type) {
	case tea.KeyPressMsg, editMsg, tea.PasteMsg:
		if p.filter.typing && p.filter.update(msg) {
			return p, p.relist(false)
		}
	case tea.MouseWheelMsg:
		if n := wheelDirection(msg) * wheelStep; n != 0 {
			p.move(n)
		}
	case tea.MouseClickMsg:
		if i := msg.Y - 1 - p.headerLines(); i >= 0 && i < p.shownRows() && p.offset+i < len(p.list) {
			p.cursor = p.offset + i
			p.moved = true
		}
	}
	return p, nil
}

// moveBy moves the selection for a key of the key table.
func (p *issuesPane) moveBy(mv listMove) { p.move(mv.step(p.listHeight(), len(p.list))) }

// toggleAll lists every tool's issues, or the selected tool's again.
func (p *issuesPane) toggleAll() tea.Cmd {
	p.all = !p.all
	return p.relist(false)
}

// nextSeverity sifts by the next severity: all, errors, warnings.
func (p *issuesPane) nextSeverity() tea.Cmd {
	p.severity = (p.severity + 1) % severityFilters
	return p.relist(false)
}

func (p *issuesPane) clearFilter() tea.Cmd {
	if !p.filter.clear() {
		return nil
	}
	return p.relist(false)
}

func (p *issuesPane) move(n int) {
	p.moved = true
	p.cursor = min(max(p.cursor+n, 0), max(len(p.list)-1, 0))
	p.keepCursorVisible()
}

func (p *issuesPane) keepCursorVisible() {
	p.offset = scrollTo(p.cursor, p.offset, p.listHeight(), len(p.list))
}

// headerLines is the lines above the list: what it shows, and the filter
// while it is in use.
func (p issuesPane) headerLines() int {
	if p.filter.shown() {
		return 2
	}
	return 1
}

// minDetail is the lines kept under the list for the selected issue,
// however long the list: its message, path and hint need a few.
func (p issuesPane) minDetail() int {
	avail := p.innerHeight() - p.headerLines()
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
	return max(p.innerHeight()-p.headerLines()-p.minDetail(), 0)
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
	if p.headerLines() == 2 {
		lines = append(lines, p.filter.line(p.st, w))
	}
	if len(p.list) == 0 {
		lines = append(lines, p.emptyLine())
		return strings.Join(lines, "\n")
	}
	rows := p.shownRows()
	posW, toolW := 0, 0
	for i := p.offset; i < p.offset+rows; i++ {
		posW = max(posW, len(position(p.snap.result.Issues[p.list[i]])))
		if p.showingAll() {
			toolW = max(toolW, width(p.snap.issueTool(p.list[i])))
		}
	}
	toolW = min(toolW, max(w/4, 8))
	for j := p.offset; j < p.offset+rows; j++ {
		lines = append(lines, p.rowLine(p.list[j], j == p.cursor, posW, toolW, w))
	}
	lines = append(lines, p.detail(w, p.innerHeight()-p.headerLines()-rows)...)
	return strings.Join(lines, "\n")
}

func (p issuesPane) emptyLine() string {
	switch {
	case p.sifting:
		return p.st.muted.Render(" filtering…")
	case p.filter.value() != "" || p.severity != allSeverities:
		return p.st.muted.Render(" no issue passes the filters")
	}
	return p.st.ok.Render(" ✓ no issues")
}

func (p issuesPane) headerLine(w int) string {
	var s string
	total := termtext.Plural(len(p.snap.result.Issues), "issue")
	switch {
	case p.tool < 0 || p.tool >= len(p.snap.rows):
		s = " all issues: " + strconv.Itoa(len(p.list)) + " of " + total
	case p.all:
		s = " all issues: " + strconv.Itoa(len(p.list)) + " of " + total + " · a: only " + p.snap.rows[p.tool].label
	default:
		s = " " + p.snap.rows[p.tool].label + ": " + strconv.Itoa(len(p.list)) + " of " + total + " · a: all"
	}
	if p.severity != allSeverities {
		s += " · " + p.severity.String() + " only"
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

// rowLine is issue i as a row: severity, position, the tool when the
// list holds every tool's, code and message.
func (p issuesPane) rowLine(i int, selected bool, posW, toolW, w int) string {
	is := p.snap.result.Issues[i]
	pos := position(is)
	pos += strings.Repeat(" ", posW-len(pos))
	lead := p.st.severityMark(is.Severity) + " " + p.st.muted.Render(pos) + " "
	if toolW > 0 {
		lead += p.st.name.Render(fit(p.snap.issueTool(i), toolW)) + " "
	}
	sh := p.snap.issueShown[i]
	text := p.st.code.Render(sh.code) + " " + sh.message
	if selected {
		text = p.st.selected.Render(clip(ansi.Strip(text), max(w-3-width(lead), 1)))
		return clip(p.st.marker.Render(" › ")+lead+text, w)
	}
	return clip("   "+lead+text, w)
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
		for _, l := range termtext.Wrap(prefix+text, width, termtext.KeepLongWords) {
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
	msgLines := len(termtext.Wrap(shown(is.Message, maxText), width, termtext.KeepLongWords))
	if keep := max(h/2, 1); msgLines > keep && len(lines) > h {
		cut := msgLines - keep
		lines = append(lines[:keep], lines[keep+cut:]...)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lines
}
