package fix

import (
	"cmp"
	"fmt"
	"slices"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/lint"
	"toolbench/core/tooldef"
)

// Options says which fixes Apply makes.
type Options struct {
	// Lint is the lint each round runs. The targets of the rules Codes
	// names are turned on with it.
	Lint lint.Options
	// Codes are the rules whose fixes are made. With none, every rule
	// whose fixes are made without asking (catalog.FixAuto) is.
	Codes []string
	// Keep, when set, reports the issues to leave as they are: those a
	// team's configuration accepts.
	Keep func(*lint.Issue) bool
}

// Result is a fixed document.
type Result struct {
	Doc   *jsondoc.Document // the fixed document; the input when nothing was fixed
	Fixed []lint.Issue      // the issues fixed, in the order they were, each with the fix made first
	// Edits take the original text to the fixed one, in order and apart.
	Edits  []jsonedit.Edit
	Rounds int // the rounds of fixes made
}

// maxRounds bounds the rounds of Apply: each round makes every fix that
// conflicts with none made before it, so a few rounds finish any
// document, and a fix that kept undoing another could not loop forever.
const maxRounds = 16

// Apply makes the fixes opt asks for in doc, round after round: each
// lints the text, makes the first fix of every issue that does not
// conflict with a fix already taken, and parses what comes out. It stops
// when a round has nothing left to fix. It fails, fixing nothing, when a
// round's text does not parse, which would be a fault of a rule's fix:
// Apply never returns a document that does not parse.
func Apply(doc *jsondoc.Document, opt Options) (*Result, error) {
	want, lopt := wanted(opt)
	res := &Result{Doc: doc}
	text := pieces{{start: 0, end: len(doc.Src), orig: true}}
	for res.Rounds < maxRounds {
		lr := lint.Lint(res.Doc, lopt)
		edits, fixed := choose(lr, want, opt.Keep)
		if len(edits) == 0 {
			break
		}
		next, err := Make(res.Doc, lint.Fix{Edits: edits})
		if err != nil {
			return nil, fmt.Errorf("fixing %s in round %d: %w", codesOf(fixed), res.Rounds+1, err)
		}
		text = text.edit(res.Doc.Src, edits)
		lopt.Only = touched(lr.Tools, edits)
		res.Doc = next
		res.Fixed = append(res.Fixed, fixed...)
		res.Rounds++
	}
	res.Edits = text.edits(doc.Src)
	return res, nil
}

// Make makes one fix in doc and returns the document that results, or
// an error when the edits conflict or their text does not parse.
func Make(doc *jsondoc.Document, f lint.Fix) (*jsondoc.Document, error) {
	src, err := jsonedit.Apply(doc.Src, f.Edits)
	if err != nil {
		return nil, err
	}
	next, err := jsondoc.ParseText(doc.Name, src)
	if err != nil {
		return nil, fmt.Errorf("the fixed text does not parse: %w", err)
	}
	return next, nil
}

// wanted returns whether a rule's fixes are made, and the lint options
// with the targets of the rules asked for.
func wanted(opt Options) (func(*lint.Rule) bool, lint.Options) {
	if len(opt.Codes) == 0 {
		return func(r *lint.Rule) bool { return r.Fix == catalog.FixAuto }, opt.Lint
	}
	lopt := opt.Lint
	lopt.Targets = slices.Clone(lopt.Targets)
	codes := map[string]bool{}
	for _, c := range opt.Codes {
		codes[c] = true
		if r := lint.LookupRule(c); r != nil && r.Target != "" && !slices.Contains(lopt.Targets, r.Target) {
			lopt.Targets = append(lopt.Targets, r.Target)
		}
	}
	return func(r *lint.Rule) bool { return r.Fix != catalog.FixNone && codes[r.Code] }, lopt
}

// touched returns whether a tool of the text that edits make of the
// tools' document holds one of them: the tools the next round lints, as
// a fix changes the issues of its own tool only. When an edit is not
// inside a tool, it returns nil, so that the next round lints them all.
func touched(set *tooldef.ToolSet, edits []jsonedit.Edit) func(*tooldef.Tool) bool {
	spans := make([][2]int, len(edits)) // where each edit's text is in the new text
	delta := 0
	for i, e := range edits {
		t := set.ToolAt(e.Start)
		if t == nil || e.Start <= int(t.Node.Start) || e.End >= int(t.Node.End) {
			return nil
		}
		spans[i] = [2]int{e.Start + delta, e.Start + delta + len(e.New)}
		delta += len(e.New) - (e.End - e.Start)
	}
	return func(t *tooldef.Tool) bool {
		i, _ := slices.BinarySearchFunc(spans, int(t.Node.Start), func(s [2]int, start int) int { return cmp.Compare(s[1], start) })
		return i < len(spans) && spans[i][0] <= int(t.Node.End)
	}
}

// choose takes, in the order of the issues, the first fix of each issue
// whose rule is wanted and that keep (nil for none) does not keep, unless
// one of its edits conflicts with an edit already taken, or it names a
// tool as another fix taken does. It returns the edits taken, in text
// order, and the issues they fix.
func choose(lr *lint.Result, want func(*lint.Rule) bool, keep func(*lint.Issue) bool) ([]jsonedit.Edit, []lint.Issue) {
	var taken []jsonedit.Edit
	var fixed []lint.Issue
	names := map[string]bool{} // the tool names fixes taken give
	for _, is := range lr.Issues {
		if is.Fixes == nil || len(*is.Fixes) == 0 {
			continue
		}
		if r := lint.LookupRule(is.Code); r == nil || !want(r) || keep != nil && keep(&is) {
			continue
		}
		f := (*is.Fixes)[0]
		if slices.ContainsFunc(f.Edits, func(e jsonedit.Edit) bool { return conflicts(taken, e) }) {
			continue
		}
		// Each rename was checked against the names in the document, not
		// against those other renames give.
		name, renames := renamed(lr.Tools, f)
		if renames && names[name] {
			continue
		}
		if renames {
			names[name] = true
		}
		for _, e := range f.Edits {
			i, _ := slices.BinarySearchFunc(taken, e.Start, func(t jsonedit.Edit, start int) int { return cmp.Compare(t.Start, start) })
			taken = slices.Insert(taken, i, e)
		}
		is.Fixes = &[]lint.Fix{f}
		fixed = append(fixed, is)
	}
	return taken, fixed
}

// renamed returns the name f gives a tool, when one of its edits
// replaces a tool's name.
func renamed(set *tooldef.ToolSet, f lint.Fix) (string, bool) {
	for _, e := range f.Edits {
		t := set.ToolAt(e.Start)
		if t == nil || t.NameNode == nil || int(t.NameNode.Start) != e.Start || int(t.NameNode.End) != e.End {
			continue
		}
		if n, err := jsondoc.ParseValue("", e.New); err == nil {
			return n.Text(), true
		}
	}
	return "", false
}

// conflicts reports whether e conflicts with one of taken, which are
// apart and in order: only the ones on either side of where e would go
// can.
func conflicts(taken []jsonedit.Edit, e jsonedit.Edit) bool {
	i, _ := slices.BinarySearchFunc(taken, e.Start, func(t jsonedit.Edit, start int) int { return cmp.Compare(t.Start, start) })
	for _, j := range [...]int{i - 1, i, i + 1} {
		if j >= 0 && j < len(taken) && jsonedit.Conflict(taken[j], e) {
			return true
		}
	}
	return false
}

// codesOf names the rules of issues, for an error.
func codesOf(issues []lint.Issue) string {
	var codes []string
	for _, is := range issues {
		if !slices.Contains(codes, is.Code) {
			codes = append(codes, is.Code)
		}
	}
	return fmt.Sprint(codes)
}
