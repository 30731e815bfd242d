package report

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/mattn/go-runewidth"

	"toolbench/core/compat"
	"toolbench/core/termtext"
)

// MatrixReport is what a format renders of compat's matrix.
type MatrixReport struct {
	Matrix *compat.Matrix
	File   string
	Color  bool // as Report.Color
}

const (
	sgrOK  = "\x1b[32m"
	sgrBad = "\x1b[31m"
)

// matrixRow is a row as the formats show it: a label and the cells.
type matrixRow struct {
	label  string
	errors []int
	asSent []bool // as compat.Row.AsSent; nil for the document
}

// rowsOf are the rows of m: a tool by its name (its path when it has
// none), and the document's own row when it has errors.
func rowsOf(m *compat.Matrix) []matrixRow {
	rows := make([]matrixRow, 0, len(m.Rows)+1)
	for _, r := range m.Rows {
		label := r.Tool
		if label == "" {
			label = r.Path
		}
		rows = append(rows, matrixRow{label: label, errors: r.Errors, asSent: r.AsSent})
	}
	if m.Document != nil {
		rows = append(rows, matrixRow{label: "(the document)", errors: m.Document})
	}
	return rows
}

// cellText is a cell of the text matrix: "ok", the number of errors, or
// "-" where the tool is accepted as sent but does not opt into the
// column's strict target, which therefore said nothing of it.
func (row matrixRow) cellText(j int) string {
	switch n := row.errors[j]; {
	case n > 0:
		return strconv.Itoa(n)
	case row.asSent != nil && row.asSent[j]:
		return "-"
	}
	return "ok"
}

// strictLegend explains the "-" of the matrix's cells, or is "" when
// there is none.
func strictLegend(m *compat.Matrix) string {
	for _, r := range m.Rows {
		for j, as := range r.AsSent {
			if as && r.Errors[j] == 0 {
				return `-: accepted as sent, not strict: no "strict": true (a Responses function is strict unless it sets "strict": false; --strict-all checks it)`
			}
		}
	}
	return ""
}

// writeMatrixText writes the matrix as aligned columns, "ok" or the
// number of errors in each cell, then a summary line.
func writeMatrixText(w io.Writer, r *MatrixReport) error {
	m := r.Matrix
	rows := rowsOf(m)
	labels := make([]string, len(rows))
	width := len("TOOL")
	for i, row := range rows {
		labels[i] = termtext.EscapeLine(row.label)
		width = max(width, runewidth.StringWidth(labels[i]))
	}
	cols := make([]int, len(m.Targets))
	for j, t := range m.Targets {
		cols[j] = len(t)
		for _, row := range rows {
			cols[j] = max(cols[j], len(row.cellText(j)))
		}
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(pad("TOOL", width))
	for j, t := range m.Targets {
		bw.WriteString("  " + t)
		if j < len(m.Targets)-1 {
			bw.WriteString(strings.Repeat(" ", cols[j]-len(t)))
		}
	}
	bw.WriteByte('\n')
	for i, row := range rows {
		bw.WriteString(pad(labels[i], width))
		for j := range m.Targets {
			cell := row.cellText(j)
			bw.WriteString("  ")
			switch {
			case !r.Color, cell == "-":
				bw.WriteString(cell)
			case row.errors[j] == 0:
				bw.WriteString(sgrOK + cell + sgrReset)
			default:
				bw.WriteString(sgrBad + cell + sgrReset)
			}
			if j < len(m.Targets)-1 {
				bw.WriteString(strings.Repeat(" ", cols[j]-len(cell)))
			}
		}
		bw.WriteByte('\n')
	}
	bw.WriteString(matrixSummary(m) + "\n")
	if legend := strictLegend(m); legend != "" {
		bw.WriteString(legend + "\n")
	}
	return bw.Flush()
}

// WriteMatrices writes the matrices of several sources in format f, each
// under the name of its source (its File): one after another in text
// and Markdown, a JSON array of their objects in JSON.
func WriteMatrices(w io.Writer, f Format, rs []*MatrixReport) error {
	if f.Name == "json" {
		var objects []json.RawMessage
		for _, r := range rs {
			var b strings.Builder
			if err := f.Matrix(&b, r); err != nil {
				return err
			}
			objects = append(objects, json.RawMessage(b.String()))
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if objects == nil {
			objects = []json.RawMessage{}
		}
		return enc.Encode(objects)
	}
	for i, r := range rs {
		head := termtext.EscapeLine(r.File) + "\n"
		if f.Name == "markdown" {
			head = "## " + mdCode(r.File) + "\n\n"
		}
		if i > 0 {
			head = "\n" + head
		}
		if _, err := io.WriteString(w, head); err != nil {
			return err
		}
		if err := f.Matrix(w, r); err != nil {
			return err
		}
	}
	return nil
}

// pad is s with spaces after it to width columns.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-runewidth.StringWidth(s)))
}

// matrixSummary says how many tools every target accepts.
func matrixSummary(m *compat.Matrix) string {
	ok := 0
	for _, r := range m.Rows {
		if r.OK() {
			ok++
		}
	}
	s := strconv.Itoa(ok) + " of " + termtext.Plural(len(m.Rows), "tool") + " accepted by every target"
	if m.Document != nil {
		s += "; the document has errors of its own"
	}
	return s
}

// writeMatrixMarkdown writes the matrix as a Markdown table.
func writeMatrixMarkdown(w io.Writer, r *MatrixReport) error {
	m := r.Matrix
	bw := bufio.NewWriter(w)
	bw.WriteString("| Tool |")
	for _, t := range m.Targets {
		bw.WriteString(" " + t + " |")
	}
	bw.WriteString("\n| --- |" + strings.Repeat(" :-: |", len(m.Targets)) + "\n")
	for _, row := range rowsOf(m) {
		bw.WriteString("| " + mdCode(row.label) + " |")
		for j, n := range row.errors {
			cell := row.cellText(j)
			if n > 0 {
				cell = termtext.Plural(n, "error")
			}
			bw.WriteString(" " + cell + " |")
		}
		bw.WriteByte('\n')
	}
	bw.WriteString("\n" + matrixSummary(m) + "\n")
	if legend := strictLegend(m); legend != "" {
		bw.WriteString("\n" + legend + "\n")
	}
	return bw.Flush()
}

// matrixJSON is the JSON form of the matrix.
type matrixJSON struct {
	File     string           `json:"file"`
	Targets  []string         `json:"targets"`
	Tools    []matrixToolJSON `json:"tools"`
	Document map[string]int   `json:"document,omitempty"`
}

type matrixToolJSON struct {
	Tool   string         `json:"tool"`
	Path   string         `json:"path"`
	Line   int            `json:"line"`
	Column int            `json:"column"`
	Errors map[string]int `json:"errors"`
	// AsSent names the strict targets the tool does not opt into, whose
	// counts are of the tool as sent.
	AsSent []string `json:"as_sent,omitempty"`
}

// writeMatrixJSON writes the matrix as one JSON object: the file, the
// targets, and for each tool its name, path, position and the errors of
// each target (0 for one that accepts it), and the document's own errors
// when it has any.
func writeMatrixJSON(w io.Writer, r *MatrixReport) error {
	m := r.Matrix
	byTarget := func(errs []int) map[string]int {
		out := make(map[string]int, len(errs))
		for i, n := range errs {
			out[m.Targets[i]] = n
		}
		return out
	}
	out := matrixJSON{File: r.File, Targets: m.Targets, Tools: make([]matrixToolJSON, len(m.Rows))}
	for i, row := range m.Rows {
		out.Tools[i] = matrixToolJSON{Tool: row.Tool, Path: row.Path, Line: row.Line, Column: row.Column, Errors: byTarget(row.Errors)}
		for j, as := range row.AsSent {
			if as {
				out.Tools[i].AsSent = append(out.Tools[i].AsSent, m.Targets[j])
			}
		}
	}
	if m.Document != nil {
		out.Document = byTarget(m.Document)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
