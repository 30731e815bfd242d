// Package compat says which providers accept each tool of a document: a
// matrix of the tools and the lint targets (openai, openai-strict,
// anthropic, gemini, mcp), each cell the number of errors that target's
// rules give the tool. The command line prints it whole; the workbench
// shows one tool's row.
//
// It imports lint, tooldef and jsondoc.
package compat

import (
	"slices"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/tooldef"
)

// Matrix is the errors each target's rules give each tool.
type Matrix struct {
	Targets []string // the columns, in the order of lint.Targets
	Rows    []Row    // Rows[i] is the tool of index i
	// Document is the errors per target of the rules about the document
	// as a whole (too many tools, say); nil when there are none.
	Document []int
}

// Row is one tool's errors.
type Row struct {
	Tool         string // its name, "" when it has none
	Path         string // JSON path of the tool
	Line, Column int    // where it starts
	Errors       []int  // per target, as Matrix.Targets
}

// OK reports whether every target accepts the tool.
func (r Row) OK() bool {
	for _, n := range r.Errors {
		if n > 0 {
			return false
		}
	}
	return true
}

// Compute lints doc with the targets opt names (every target when it
// names none) and counts, for each tool and target, the errors of that
// target's rules and of the targets it implies (openai-strict counts
// openai's): the rules every lint runs are the same for every target and
// are not counted. A tool that opts into a target the columns leave out
// (a strict tool, with openai alone) is not counted against it.
func Compute(doc *jsondoc.Document, opt lint.Options) *Matrix {
	if len(opt.Targets) == 0 {
		opt.Targets = lint.TargetNames()
	}
	res := lint.Lint(doc, opt)
	m := &Matrix{Targets: opt.Targets, Rows: make([]Row, len(res.Tools.Tools))}
	counts := columnsOf(opt.Targets)
	ps := make([]jsondoc.Pos, len(res.Tools.Tools))
	for i := range res.Tools.Tools {
		t := &res.Tools.Tools[i]
		m.Rows[i] = Row{Tool: t.Name, Path: t.Path, Errors: make([]int, len(opt.Targets))}
		ps[i].Offset = int(t.Node.Start)
	}
	doc.PositionAll(ps)
	for i := range m.Rows {
		m.Rows[i].Line, m.Rows[i].Column = ps[i].Line, ps[i].Column
	}
	for _, is := range res.Issues {
		r := lint.LookupRule(is.Code)
		if is.Severity != lint.Error || r == nil {
			continue
		}
		// One issue may stand for the same defect found by several
		// targets' rules, under the first one's code or the base name
		// rule's: each of them counts it, if it is an error of its own.
		// A rule several revisions of a provider's rules share counts in
		// the column of each.
		var targets []string
		if is.FoundBy == nil {
			targets = append(targets, r.Targets()...)
		} else {
			for _, code := range *is.FoundBy {
				if fr := lint.LookupRule(code); fr != nil && fr.Severity == lint.Error {
					targets = append(targets, fr.Targets()...)
				}
			}
		}
		if len(targets) == 0 {
			continue
		}
		errs := &m.Document
		if t := toolAt(res.Tools, is.Offset); t != nil {
			errs = &m.Rows[t.Index].Errors
		} else if m.Document == nil {
			m.Document = make([]int, len(opt.Targets))
		}
		// A column counts a defect once, though more than one of the
		// targets it takes rules from found it.
		cols := map[int]bool{}
		for _, target := range targets {
			for _, col := range counts[target] {
				cols[col] = true
			}
		}
		for col := range cols {
			(*errs)[col]++
		}
	}
	return m
}

func toolAt(set *tooldef.ToolSet, offset int) *tooldef.Tool {
	if offset < 0 {
		return nil
	}
	return set.ToolAt(offset)
}

// columnsOf maps each target to the columns whose count its rules add
// to: its own, and those of the targets that imply it.
func columnsOf(columns []string) map[string][]int {
	m := map[string][]int{}
	for col, name := range columns {
		var add func(t *lint.Target)
		add = func(t *lint.Target) {
			if slices.Contains(m[t.Name], col) {
				return
			}
			m[t.Name] = append(m[t.Name], col)
			for _, i := range t.Implies {
				add(i)
			}
		}
		if t := lint.LookupTarget(name); t != nil {
			add(t)
		}
	}
	return m
}
