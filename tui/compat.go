package tui

import (
	"slices"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/compat"
	"toolbench/core/lint"
)

// The tools pane shows, under the selected tool's parameters, which
// providers accept it: a row of the targets, each `ok` or the number of
// errors its rules give the tool, as `toolbench compat` counts them. The
// matrix lints the document once per target, so it is counted in a
// command after each load, and again only when the document or the
// ignored rules change.

// compatMsg is the compat matrix of a load's document.
type compatMsg struct {
	snap   *snapshot
	ignore []string
	matrix *compat.Matrix
}

// countCompat counts the matrix of s's document with the rules of ignore
// left out.
func countCompat(s *snapshot, ignore []string) tea.Cmd {
	if s.result.Tools == nil || len(s.rows) == 0 {
		return nil
	}
	ignore = slices.Clone(ignore)
	return func() tea.Msg {
		return compatMsg{snap: s, ignore: ignore, matrix: compat.Compute(s.result.Doc, lint.Options{Ignore: ignore})}
	}
}

// compatCells is the row of tool r as its cells, "openai ok" and
// "openai-strict 2", styled; nil until the matrix is counted.
func compatCells(st *styles, m *compat.Matrix, r int) []string {
	if m == nil || r < 0 || r >= len(m.Rows) {
		return nil
	}
	row := m.Rows[r]
	cells := make([]string, len(m.Targets))
	for i, t := range m.Targets {
		if n := row.Errors[i]; n > 0 {
			cells[i] = t + " " + st.err.Render(strconv.Itoa(n))
		} else {
			cells[i] = t + " " + st.ok.Render("ok")
		}
	}
	return cells
}

// compatLines lays the cells out in lines of w cells, the label first,
// as many lines as they need (two or three on a narrow pane).
func compatLines(st *styles, cells []string, w int) []string {
	label := " " + st.header.Render("compat") + " "
	if cells == nil {
		return []string{label + st.muted.Render("…")}
	}
	const indent = " "
	var lines []string
	line := label
	first := true
	for _, c := range cells {
		switch {
		case first:
			line += c
			first = false
		case width(line)+2+width(c) <= w:
			line += "  " + c
		default:
			lines = append(lines, line)
			line = indent + c
		}
	}
	return append(lines, line)
}
