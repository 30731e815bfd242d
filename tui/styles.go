package tui

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/table"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// palette is every colour the workbench uses, chosen for the terminal's
// background. Colours are always full colour here: Bubble Tea downsamples
// them to what the terminal can show and drops them under NO_COLOR, so
// nothing on screen may depend on colour alone (selection has a marker,
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

	borderFocused, borderBlurred lipgloss.Style // border characters
	titleFocused, titleBlurred   lipgloss.Style
	focusedEdge, blurredEdge     lipgloss.Border

	selected lipgloss.Style // the row under the cursor
	marker   lipgloss.Style // the "›" before it
	muted    lipgloss.Style
	header   lipgloss.Style // table headings
	name     lipgloss.Style // tool and parameter names
	code     lipgloss.Style // rule codes
	err      lipgloss.Style
	warn     lipgloss.Style
	ok       lipgloss.Style
	hint     lipgloss.Style
	// errorMark marks a character in text: where a call's syntax error
	// is, the span an issue is about. Reverse video shows without colour.
	errorMark lipgloss.Style

	status     lipgloss.Style // the status bar
	statusBad  lipgloss.Style // the status bar when the file is broken
	statusNote lipgloss.Style // a passing message in the status bar

	help help.Styles
}

func newStyles(isDark bool) *styles {
	p := newPalette(isDark)
	s := &styles{isDark: isDark}
	s.borderFocused = lipgloss.NewStyle().Foreground(p.accent)
	s.borderBlurred = lipgloss.NewStyle().Foreground(p.border)
	s.titleFocused = lipgloss.NewStyle().Foreground(p.accent).Bold(true)
	s.titleBlurred = lipgloss.NewStyle().Foreground(p.muted)
	s.focusedEdge = lipgloss.ThickBorder()
	s.blurredEdge = lipgloss.RoundedBorder()

	s.selected = lipgloss.NewStyle().Background(p.selectBg).Bold(true)
	s.marker = lipgloss.NewStyle().Foreground(p.accent).Bold(true)
	s.muted = lipgloss.NewStyle().Foreground(p.muted)
	s.header = lipgloss.NewStyle().Foreground(p.muted).Bold(true)
	s.name = lipgloss.NewStyle().Bold(true)
	s.code = lipgloss.NewStyle().Foreground(p.accent)
	s.err = lipgloss.NewStyle().Foreground(p.err).Bold(true)
	s.warn = lipgloss.NewStyle().Foreground(p.warn).Bold(true)
	s.ok = lipgloss.NewStyle().Foreground(p.ok).Bold(true)
	s.hint = lipgloss.NewStyle().Foreground(p.ok)
	s.errorMark = lipgloss.NewStyle().Foreground(p.err).Reverse(true)

	s.status = lipgloss.NewStyle().Foreground(p.muted)
	s.statusBad = lipgloss.NewStyle().Foreground(p.err).Bold(true)
	s.statusNote = lipgloss.NewStyle().Foreground(p.warn)

	s.help = help.DefaultStyles(isDark)

	return s
}

// paramTable is the styles of the tools pane's parameter table.
func (s *styles) paramTable() table.Styles {
	return table.Styles{
		Header:   s.header.PaddingRight(1),
		Cell:     lipgloss.NewStyle().PaddingRight(1),
		Selected: s.selected,
	}
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
	if ansi.StringWidth(label) > inner-1 {
		label = ansi.Truncate(label, inner-1, "")
	}
	fill := inner - 1 - ansi.StringWidth(label)

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
	n := ansi.StringWidth(line)
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
	if ansi.StringWidth(line) > w {
		return ansi.Truncate(line, w, "…")
	}
	return line
}
