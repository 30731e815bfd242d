// Package compat says which providers accept each tool of a document: a
// matrix of the tools and the lint targets (openai, openai-strict,
// anthropic, anthropic-strict, gemini, mcp), each cell the number of
// errors the provider's API would give the tool: its target's rules' and
// the rules every lint runs. The command line prints it whole; the workbench
// shows one tool's row.
//
// It imports lint, tooldef and jsondoc.
package compat

import (
	"slices"

	"toolbench/core/catalog"
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
	// AsSent is, per target, whether its column holds the tool only to
	// the rules of the tool as it is sent: a strict target's column, for
	// a tool that does not opt into it (Options.StrictForAll unset).
	AsSent []bool
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

// Options says which columns a matrix has and how its strict columns
// count.
type Options struct {
	// Lint names the columns (every target when it names none) and the
	// rule codes not to count.
	Lint lint.Options
	// StrictForAll holds every tool to the strict targets' rules in their
	// columns (openai-strict, anthropic-strict), as if each set "strict":
	// true; otherwise only the tools that opt in are, and the others are
	// counted there as they are sent.
	StrictForAll bool
}

// Compute is ComputeWith, counting strict rules for the tools that opt in.
func Compute(doc *jsondoc.Document, opt lint.Options) *Matrix {
	return ComputeWith(doc, Options{Lint: opt})
}

// ComputeWith lints doc and counts, for each tool and column, the errors
// a provider's API would give it: the errors of the column's target and
// of the targets it implies (openai-strict counts openai's), and the
// errors of the rules every lint runs, which every provider meets. A
// strict target's rules count for the tools that opt into it ("strict":
// true, in the shape of its provider), unless opt.StrictForAll.
func ComputeWith(doc *jsondoc.Document, opt Options) *Matrix {
	columns := opt.Lint.Targets
	if len(columns) == 0 {
		columns = lint.TargetNames()
	}
	lo := opt.Lint
	lo.Targets = lintTargets(columns, opt.StrictForAll)
	res := lint.Lint(doc, lo)
	m := &Matrix{Targets: columns, Rows: make([]Row, len(res.Tools.Tools))}
	counts := columnsOf(columns)
	ps := make([]jsondoc.Pos, len(res.Tools.Tools))
	for i := range res.Tools.Tools {
		t := &res.Tools.Tools[i]
		m.Rows[i] = Row{Tool: t.Key(), Path: t.Path, Errors: make([]int, len(columns)), AsSent: make([]bool, len(columns))}
		for j, name := range columns {
			if ct := lint.LookupTarget(name); ct != nil && ct.OptIn != nil && !opt.StrictForAll {
				m.Rows[i].AsSent[j] = !ct.OptIn(t)
			}
		}
		ps[i].Offset = int(t.Node.Start)
	}
	doc.PositionAll(ps)
	for i := range m.Rows {
		m.Rows[i].Line, m.Rows[i].Column = ps[i].Line, ps[i].Column
	}
	every := make([]int, len(columns))
	for i := range every {
		every[i] = i
	}
	for _, is := range res.Issues {
		r := lint.LookupRule(is.Code)
		if is.Severity != catalog.Error || r == nil {
			continue
		}
		// One issue may stand for the same defect found by several
		// targets' rules, under the first one's code or the base name
		// rule's: each of them counts it, if it is an error of its own.
		// A rule several revisions of a provider's rules share counts in
		// the column of each.
		var targets []string
		if is.FoundBy == nil {
			targets = append(targets, targetsOf(r)...)
		} else {
			for _, code := range *is.FoundBy {
				if fr := lint.LookupRule(code); fr != nil && fr.Severity == catalog.Error {
					targets = append(targets, targetsOf(fr)...)
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
			m.Document = make([]int, len(columns))
		}
		// A column counts a defect once, though more than one of the
		// targets it takes rules from found it; a base rule's, every
		// column.
		cols := map[int]bool{}
		for _, target := range targets {
			in := counts[target]
			if target == "" {
				in = every
			}
			for _, col := range in {
				cols[col] = true
			}
		}
		for col := range cols {
			(*errs)[col]++
		}
	}
	return m
}

// lintTargets are the targets a matrix of those columns lints with: the
// columns and the targets they imply, less the strict ones (those a tool
// opts into) unless every tool is held to them.
func lintTargets(columns []string, strictForAll bool) []string {
	var out []string
	var add func(t *lint.Target)
	add = func(t *lint.Target) {
		if slices.Contains(out, t.Name) {
			return
		}
		if t.OptIn == nil || strictForAll {
			out = append(out, t.Name)
		}
		for _, i := range t.Implies {
			add(i)
		}
	}
	for _, name := range columns {
		if t := lint.LookupTarget(name); t != nil {
			add(t)
		}
	}
	return out
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

// targetsOf is the targets whose columns an error of rule r counts in:
// its targets, or "" for a rule every lint runs, which counts in every
// column.
func targetsOf(r *lint.Rule) []string {
	if t := r.Targets(); len(t) > 0 {
		return t
	}
	return []string{""}
}
