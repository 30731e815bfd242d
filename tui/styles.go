package tui

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/table"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/catalog"
)

// palette is every color the workbench uses, chosen for the terminal's
// background. Colors are always full color here: Bubble Tea downsamples
// them to what the terminal can show and drops them under NO_COLOR, so
// nothing on screen may depend on color alone (selection has a marker,
// severities a letter, focus a heavier border).
type palette struct {
	accent   color.Color // the focused pane's border and title
	border   color.Color // other panes' borders
	muted    color.Color // secondary text
	err      color.Color
	warn     color.Color
	ok       color.Color
	selectBg color.Color // the selected row
}

func newPalette(isDark bool) palette {
	ld := lipgloss.LightDark(isDark)
	return palette{
		accent:   ld(lipgloss.Color("#5A4FCF"), lipgloss.Color("#9D8CFF")),
		border:   ld(lipgloss.Color("#A8A8A8"), lipgloss.Color("#5C5C5C")),
		muted:    ld(lipgloss.Color("#6E6E6E"), lipgloss.Color("#949494")),
		err:      ld(lipgloss.Color("#C8102E"), lipgloss.Color("#FF6B7F")),
		warn:     ld(lipgloss.Color("#9A5B00"), lipgloss.Color("#FFB347")),
		ok:       ld(lipgloss.Color("#1A7F37"), lipgloss.Color("#6BD68A")),
		selectBg: ld(lipgloss.Color("#E4E0FF"), lipgloss.Color("#2F2A4F")),
	}
}

// styles holds every lipgloss style of the workbench, built once from a
// palette; panes take them from here and never build their own.
type styles struct {
	isDark bool

	borderFocused, borderBlurred look // border characters
	titleFocused, titleBlurred   look
	focusedEdge, blurredEdge     lipgloss.Border

	selected look // the row under the cursor
	marker   look // the "›" before it
	muted    look
	header   look // table headings
	name     look // tool and parameter names
	code     look // rule codes
	err      look
	warn     look
	ok       look
	hint     look
	// errorMark marks a character in text: where a call's syntax error
	// is, the span an issue is about. Reverse video shows without color.
	errorMark look

	status     look // the status bar
	statusBad  look // the status bar when the file is broken
	statusNote look // a passing message in the status bar

	help help.Styles
}

func newStyles(isDark bool) *styles {
	p := newPalette(isDark)
	s := &styles{isDark: isDark}
	s.borderFocused = newLook(lipgloss.NewStyle().Foreground(p.accent))
	s.borderBlurred = newLook(lipgloss.NewStyle().Foreground(p.border))
	s.titleFocused = newLook(lipgloss.NewStyle().Foreground(p.accent).Bold(true))
	s.titleBlurred = newLook(lipgloss.NewStyle().Foreground(p.muted))
	s.focusedEdge = lipgloss.ThickBorder()
	s.blurredEdge = lipgloss.RoundedBorder()

	s.selected = newLook(lipgloss.NewStyle().Background(p.selectBg).Bold(true))
	s.marker = newLook(lipgloss.NewStyle().Foreground(p.accent).Bold(true))
	s.muted = newLook(lipgloss.NewStyle().Foreground(p.muted))
	s.header = newLook(lipgloss.NewStyle().Foreground(p.muted).Bold(true))
	s.name = newLook(lipgloss.NewStyle().Bold(true))
	s.code = newLook(lipgloss.NewStyle().Foreground(p.accent))
	s.err = newLook(lipgloss.NewStyle().Foreground(p.err).Bold(true))
	s.warn = newLook(lipgloss.NewStyle().Foreground(p.warn).Bold(true))
	s.ok = newLook(lipgloss.NewStyle().Foreground(p.ok).Bold(true))
	s.hint = newLook(lipgloss.NewStyle().Foreground(p.ok))
	s.errorMark = newLook(lipgloss.NewStyle().Foreground(p.err).Reverse(true))

	s.status = newLook(lipgloss.NewStyle().Foreground(p.muted))
	s.statusBad = newLook(lipgloss.NewStyle().Foreground(p.err).Bold(true))
	s.statusNote = newLook(lipgloss.NewStyle().Foreground(p.warn))

	s.help = help.DefaultStyles(isDark)

	return s
}

// severityMark is a severity as a letter, which shows without color:
// E for an error, W for a warning, N for a note.
func (s *styles) severityMark(sev catalog.Severity) string {
	switch sev {
	case catalog.Error:
		return s.err.Render("E")
	case catalog.Note:
		return s.muted.Render("N")
	}
	return s.warn.Render("W")
}

// paramTable is the styles of the tools pane's parameter table.
func (s *styles) paramTable() table.Styles {
	return table.Styles{
		Header:   s.header.Style.PaddingRight(1),
		Cell:     lipgloss.NewStyle().PaddingRight(1),
		Selected: s.selected.Style,
	}
}

// look is a lipgloss style with the escape sequences it puts around a
// line of text taken once. The lists draw a few styled pieces on every
// row of every frame, and Style.Render works out the style each time;
// for one line of text without escapes or tabs, wrapping it in the
// sequences is what Render does (a test checks it), at a fraction of the
// cost. Anything else goes to Render.
type look struct {
	lipgloss.Style
	pre, post string
}

func newLook(st lipgloss.Style) look {
	r := st.Render("x")
	i := strings.IndexByte(r, 'x')
	return look{Style: st, pre: r[:i], post: r[i+1:]}
}

// Render styles strs as lipgloss does.
func (l look) Render(strs ...string) string {
	if len(strs) != 1 || strings.ContainsAny(strs[0], "\x1b\n\r\t") {
		return l.Style.Render(strs...)
	}
	if strs[0] == "" {
		return ""
	}
	return l.pre + strs[0] + l.post
}

// width is the cells s takes on a terminal. Most of what the panes draw
// is ASCII with SGR sequences, which is counted byte by byte; anything
// else is measured by ansi.StringWidth.
func width(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return ansi.StringWidth(s)
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
		case c < 0x20 || c == 0x7f:
			return ansi.StringWidth(s)
		default:
			n++
		}
	}
	return n
}

// box draws body in a w x h frame titled title: a heavy accent border
// when focused, a light rounded one otherwise. body is cut or padded to
// fill the inside exactly, so panes line up whatever they hold.
func (s *styles) box(title, extra, body string, w, h int, focused bool) string {
	if w < 4 || h < 2 {
		return ""
	}
	edge, bs, ts := s.blurredEdge, s.borderBlurred, s.titleBlurred
	if focused {
		edge, bs, ts = s.focusedEdge, s.borderFocused, s.titleFocused
	}
	inner := w - 2

	label := " " + ts.Render(title)
	if extra != "" {
		label += " " + s.muted.Render(extra)
	}
	label += " "
	if width(label) > inner-1 {
		label = ansi.Truncate(label, inner-1, "")
	}
	fill := inner - 1 - width(label)

	var b strings.Builder
	b.WriteString(bs.Render(edge.TopLeft + edge.Top))
	b.WriteString(label)
	b.WriteString(bs.Render(strings.Repeat(edge.Top, fill) + edge.TopRight))
	b.WriteByte('\n')

	lines := strings.Split(body, "\n")
	left, right := bs.Render(edge.Left), bs.Render(edge.Right)
	for i := range h - 2 {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		b.WriteString(left)
		b.WriteString(fit(line, inner))
		b.WriteString(right)
		b.WriteByte('\n')
	}
	b.WriteString(bs.Render(edge.BottomLeft + strings.Repeat(edge.Bottom, inner) + edge.BottomRight))
	return b.String()
}

// fit cuts line to w cells, with an ellipsis when it loses text, or pads
// it with spaces to exactly w.
func fit(line string, w int) string {
	if w <= 0 {
		return ""
	}
	n := width(line)
	if n > w {
		return ansi.Truncate(line, w, "…")
	}
	return line + strings.Repeat(" ", w-n)
}

// clip cuts line to w cells with an ellipsis, without padding.
func clip(line string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(line) > w {
		return ansi.Truncate(line, w, "…")
	}
	return line
}
