package tui

import (
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/termtext"
)

// The smallest screen the panes fit on; below it the workbench says so.
const (
	minWidth  = 40
	minHeight = 12
)

// How much of one string from the file is shown, at most, in bytes: a
// screen holds a few thousand cells, and measuring a 10 MB description on
// every frame would stall it.
const (
	maxName = 256  // names, keys, codes, types
	maxText = 2048 // descriptions, messages, paths, hints
)

// shown is s as the screen shows it: cut to n bytes (at a character),
// then escaped onto one line, so nothing in it reaches the terminal raw.
func shown(s string, n int) string {
	return termtext.EscapeLine(termtext.Cut(s, n))
}

// rect is a pane's place on the screen.
type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool {
	return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h
}

// layout gives each pane its place: Tools down the left two fifths, Issues
// above Call on the right, the status bar and the help line below; beside
// a proxy, Traffic under them all, the whole width, a third of the
// height. The views over the panes take the panes' place.
func (m *model) layout() {
	m.help.SetWidth(m.width)
	bodyH := max(m.height-2, 0)
	trafficH := 0
	if m.feed != nil {
		trafficH = max(bodyH/3, 4)
	}
	topH := bodyH - trafficH
	leftW := m.width * 2 / 5
	rightW := m.width - leftW
	issuesH := topH / 2
	callH := topH - issuesH
	m.rects = [paneCount]rect{
		paneTools:  {0, 0, leftW, topH},
		paneIssues: {leftW, 0, rightW, issuesH},
		paneCall:   {leftW, issuesH, rightW, callH},
	}
	if m.feed != nil {
		m.rects[paneTraffic] = rect{0, topH, m.width, trafficH}
	}
	m.tools.SetSize(leftW, topH)
	m.issues.SetSize(rightW, issuesH)
	m.call.SetSize(rightW, callH)
	m.traffic.SetSize(m.width, trafficH)
	for _, v := range []interface {
		SetSize(w, h int)
		setFocused(bool)
	}{&m.detail, &m.source, &m.keyHelp, &m.fixes, &m.stderr, &m.message} {
		v.SetSize(m.width, bodyH)
		v.setFocused(true)
	}
}

func (m model) tooSmall() bool { return m.width < minWidth || m.height < minHeight }

// tooSmallTexts are what a screen too small for the panes says, longest
// first: it shows the first that fits whole.
var tooSmallTexts = []string{
	"toolbench needs at least " + minSize + " cells · ctrl+c quits",
	"needs " + minSize + " · ctrl+c quits",
	"needs " + minSize,
	minSize,
	"…",
}

var minSize = strconv.Itoa(minWidth) + "x" + strconv.Itoa(minHeight)

// tooSmallText is the longest of tooSmallTexts that fits in w x h cells
// with its words wrapped, never a message cut short: down to one cell.
func tooSmallText(w, h int) string {
	for _, msg := range tooSmallTexts {
		lines := termtext.Wrap(msg, w, termtext.KeepLongWords)
		if len(lines) <= h && widest(lines) <= w {
			return strings.Join(lines, "\n")
		}
	}
	return ""
}

// widest is the width of the widest of lines.
func widest(lines []string) int {
	n := 0
	for _, l := range lines {
		n = max(n, ansi.StringWidth(l))
	}
	return n
}

// View draws the screen. It is a pure function of the model.
func (m model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "toolbench"
	if x, y, ok := m.cursor(); ok {
		v.Cursor = tea.NewCursor(x, y)
	}
	return v
}

func (m model) render() string {
	if m.width == 0 || m.height == 0 {
		return ""
	}
	if m.tooSmall() {
		return lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, tooSmallText(m.width, m.height))
	}
	var body string
	switch m.view {
	case viewDetail:
		body = m.detail.View()
	case viewSource:
		body = m.source.View()
	case viewHelp:
		body = m.keyHelp.View()
	case viewFix:
		body = m.fixes.View()
	case viewStderr:
		body = m.stderr.View()
	case viewMessage:
		body = m.message.View()
	default:
		body = sideBySide(m.tools.View(), m.issues.View()+"\n"+m.call.View())
		if m.feed != nil {
			body += "\n" + m.traffic.View()
		}
	}
	return body + "\n" + m.statusLine() + "\n" + m.helpView()
}

// sideBySide puts two blocks of the same height next to each other. The
// panes are drawn to their exact sizes, so lines join as they are, with
// no measuring (lipgloss.JoinHorizontal measures every line again).
func sideBySide(left, right string) string {
	l, r := strings.Split(left, "\n"), strings.Split(right, "\n")
	var b strings.Builder
	b.Grow(len(left) + len(right) + len(l))
	for i := range max(len(l), len(r)) {
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(l) {
			b.WriteString(l[i])
		}
		if i < len(r) {
			b.WriteString(r[i])
		}
	}
	return b.String()
}

// cursor is where the terminal's cursor goes: in the field being typed.
func (m model) cursor() (x, y int, ok bool) {
	if m.tooSmall() || m.view != viewNone {
		return 0, 0, false
	}
	var r rect
	switch {
	case m.call.editing():
		x, y, ok = m.call.cursor()
		r = m.rects[paneCall]
	case m.tools.filtering():
		x, y, ok = m.tools.filter.cursor()
		r = m.rects[paneTools]
	case m.issues.filtering():
		x, y, ok = m.issues.filter.cursor()
		r = m.rects[paneIssues]
	}
	return r.x + x, r.y + y, ok
}

// statusLine is the file, the counts, the targets linted with, whether
// the file is watched and when it last loaded; or why it cannot be
// loaded now.
func (m model) statusLine() string {
	var lead []string
	if m.note != "" {
		lead = append(lead, m.st.statusNote.Render(m.note))
	}
	if m.broken != "" {
		bad := "✗ " + m.broken
		if m.call.ended && !m.call.reconnecting {
			bad = "✗ R reconnects · " + m.broken // first: the server's error may be long
		}
		if m.snap != nil {
			bad += " · showing the last good load"
		}
		// The failure first: a note after it is cut before it is.
		return clip(m.statusOf(append([]string{m.st.statusBad.Render(bad)}, lead...)), m.width)
	}
	long, short := m.targetStatus()
	line := m.statusOf(m.loadParts(lead, long))
	if short != long && width(line) > m.width {
		// Narrow: the targets without why, before the end is cut.
		line = m.statusOf(m.loadParts(lead, short))
	}
	return clip(line, m.width)
}

// statusOf is the status bar of parts, before it is cut to the width.
func (m model) statusOf(parts []string) string {
	return " " + strings.Join(parts, m.st.status.Render(" · "))
}

// loadParts is lead and then the status bar's parts about the file or
// server that loads; target is the targets' part, "" for none.
func (m model) loadParts(lead []string, target string) []string {
	parts := slices.Clone(lead)
	name := "demo"
	switch {
	case m.call.onServer():
		name = m.call.serverTitle()
	case !m.demo:
		name = shown(m.file, maxText)
	}
	parts = append(parts, m.st.name.Render(name))
	if g := m.groupStatus(); g != "" {
		parts = append(parts, m.st.statusNote.Render(g))
	}
	if m.snap == nil {
		parts = append(parts, m.st.status.Render("loading…"))
	} else {
		parts = append(parts, m.st.status.Render(termtext.Plural(len(m.snap.rows), "tool")+m.costStatus()))
		parts = append(parts, m.counts())
	}
	parts = append(parts, m.proxyParts()...)
	if m.call.running != nil {
		parts = append(parts, m.st.statusNote.Render("sending "+m.call.running.tool))
	}
	if m.following {
		parts = append(parts, m.st.statusNote.Render("following the call"))
	}
	if target != "" {
		parts = append(parts, m.st.status.Render(target))
	}
	parts = append(parts, m.teamParts()...)
	switch {
	case m.call.reconnecting:
		parts = append(parts, m.st.statusNote.Render("reconnecting…"))
	case m.demo:
		parts = append(parts, m.st.statusNote.Render("toolbench FILE to open a file"))
	case m.watching:
		parts = append(parts, m.st.status.Render("watching"))
	default:
		parts = append(parts, m.st.statusBad.Render("not watching"))
	}
	switch t := m.reloadedAt(); {
	case m.call.onServer() && !m.changedAt.IsZero():
		parts = append(parts, m.st.status.Render("listed again on list_changed "+m.changedAt.Format("15:04:05")))
	case m.call.onServer() && !t.IsZero():
		parts = append(parts, m.st.status.Render("listed "+t.Format("15:04:05")))
	case !t.IsZero() && !m.demo:
		parts = append(parts, m.st.status.Render("reloaded "+t.Format("15:04:05")))
	}
	return parts
}

func (m model) counts() string {
	r := m.snap.result
	if r.Errors == 0 && r.Warnings == 0 {
		return m.st.ok.Render("no issues")
	}
	var s []string
	if r.Errors > 0 {
		s = append(s, m.st.err.Render(termtext.Plural(r.Errors, "error")))
	}
	if r.Warnings > 0 {
		s = append(s, m.st.warn.Render(termtext.Plural(r.Warnings, "warning")))
	}
	return strings.Join(s, m.st.status.Render(", "))
}

// costStatus is what every tool costs together, once it is counted.
func (m model) costStatus() string {
	switch {
	case m.costErr != "":
		return " (tokens not counted: " + m.costErr + ")"
	case m.costs == nil:
		return ""
	}
	return " ≈" + shortCount(m.costs.totalTokens) + " tokens"
}

// helpView is the help line under the status bar: the keys that apply
// now (? lists them all).
func (m model) helpView() string {
	// Cut here too: bubbles' help goes on past the width when even its
	// ellipsis does not fit.
	return clip(m.help.View(keysNow{m.table, m.keyState()}), m.width)
}
