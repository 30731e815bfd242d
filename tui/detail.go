package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/viewport"
	"github.com/charmbracelet/x/ansi"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// detailView is one tool in full over the panes: its name, title and
// description, what it costs, its input and output schemas as trees
// (references shown inline and marked, each issue under the node it is
// about), and its annotations. The text is built when the view opens or
// the screen changes size; scrolling is bubbles' viewport, which draws
// only the lines on screen.
type detailView struct {
	paneBase
	vp viewport.Model

	snap  *snapshot
	costs *costs
	row   int
	name  string // the tool's name, to find it again after a reload
}

func newDetailView(st *styles, keys *keyMap) detailView {
	return detailView{paneBase: newPaneBase(st, keys), vp: newViewport()}
}

// newViewport is a viewport driven by the workbench's own keys (its
// defaults bind f, b, d and u, which mean other things here).
func newViewport() viewport.Model {
	vp := viewport.New()
	vp.KeyMap = viewport.KeyMap{}
	vp.MouseWheelEnabled = true
	return vp
}

// open shows tool row of s.
func (d *detailView) open(s *snapshot, c *costs, row int) {
	d.snap, d.costs, d.row = s, c, row
	d.name = s.rows[row].tool.Name
	d.vp.GotoTop()
	d.build()
}

// reopen follows a reload: the same tool by name, else by place. It
// reports whether there is a tool to show.
func (d *detailView) reopen(s *snapshot, c *costs) bool {
	row, ok := s.byName[d.name]
	if !ok {
		row = min(d.row, len(s.rows)-1)
	}
	if row < 0 {
		return false
	}
	y := d.vp.YOffset()
	d.snap, d.costs, d.row = s, c, row
	d.name = s.rows[row].tool.Name
	d.build()
	d.vp.SetYOffset(y)
	return true
}

// setCosts shows the tool's cost once it is counted.
func (d *detailView) setCosts(c *costs) {
	d.costs = c
	if d.snap != nil {
		y := d.vp.YOffset()
		d.build()
		d.vp.SetYOffset(y)
	}
}

// SetSize sets the view's outer size and lays the text out for it.
func (d *detailView) SetSize(w, h int) {
	d.paneBase.SetSize(w, h)
	d.vp.SetWidth(d.innerWidth())
	d.vp.SetHeight(d.innerHeight())
	if d.snap != nil {
		d.build()
	}
}

func (d *detailView) build() {
	d.vp.SetContentLines(toolDetail(d.st, d.snap, d.costs, d.row, d.innerWidth()))
}

// tool is the tool shown.
func (d detailView) tool() *tooldef.Tool { return d.snap.rows[d.row].tool }

// View draws the view.
func (d detailView) View() string {
	extra := withScroll(d.vp, "esc back")
	return d.frame("Tool "+d.snap.rows[d.row].label, extra, d.vp.View())
}

// withScroll is a view's title extra: where its viewport is, when it
// does not show everything, and then what closes it.
func withScroll(vp viewport.Model, closing string) string {
	if s := scrollExtra(vp); s != "" {
		return "· " + s + " · " + closing
	}
	return "· " + closing
}

// scrollExtra says where a viewport is: "lines 1-20 of 84".
func scrollExtra(vp viewport.Model) string {
	total := vp.TotalLineCount()
	if total <= vp.Height() {
		return ""
	}
	first := vp.YOffset() + 1
	return "lines " + strconv.Itoa(first) + "-" + strconv.Itoa(min(first+vp.Height()-1, total)) + " of " + strconv.Itoa(total)
}

// maxTreeLines bounds the text of one tool: a generated schema of a
// hundred thousand nodes is cut rather than laid out whole.
const maxTreeLines = 20000

// maxTreeDepth bounds the nesting shown, references followed included.
const maxTreeDepth = 24

// toolDetail is the text of the detail view of tool row of s, w cells wide.
func toolDetail(st *styles, s *snapshot, c *costs, row, w int) []string {
	r := s.rows[row]
	t := r.tool
	dw := &detailWriter{st: st, w: w}

	dw.add(" " + st.name.Render(r.label))
	if title := t.Def.Get("title"); title.Is(jsondoc.String) {
		dw.wrap(" ", "title: "+shown(title.Str(), maxText), st.muted.Render)
	}
	if t.Desc.Is(jsondoc.String) && t.Desc.Str() != "" {
		dw.wrap(" ", shown(t.Desc.Str(), maxText), nil)
	} else {
		dw.add(st.muted.Render(" no description"))
	}
	facts := []string{s.shape + " shape", shown(t.Path, maxText)}
	if line, _ := s.result.Doc.Position(int(t.Node.Start)); line > 0 {
		facts = append(facts, "line "+strconv.Itoa(line))
	}
	switch {
	case t.Strict:
		facts = append(facts, "strict")
	case t.StrictByDefault():
		facts = append(facts, "strict by default (Responses)")
	}
	dw.wrap(" ", strings.Join(facts, " · "), st.muted.Render)
	if c != nil {
		dw.wrap(" ", "cost: "+costText(c.bytes[row], c.tokens[row])+" (o200k_base; providers render tools their own way, so this is an estimate)", st.muted.Render)
	} else {
		dw.add(st.muted.Render(" cost: counting…"))
	}

	// Each issue goes under the deepest schema node its place is in; the
	// rest are about the tool itself.
	schemas := []*jsondoc.Node{t.Params, t.Output}
	under, rest := placeIssues(s, r.issues, schemas)
	if len(rest) > 0 {
		dw.add("")
		dw.add(" " + st.header.Render("issues of the tool"))
		for _, i := range rest {
			dw.issue("   ", s.result.Issues[i])
		}
	}

	dw.add("")
	dw.add(" " + st.header.Render("input schema") + st.muted.Render(" ("+t.ParamsKey+") · * required"))
	switch {
	case t.Params == nil:
		dw.add(st.muted.Render("   none"))
	case !t.Params.Is(jsondoc.Object):
		dw.add(st.muted.Render("   " + t.Params.Kind.Phrase() + ", not a schema"))
	default:
		tw := treeWriter{detailWriter: dw, s: s, root: t.Params, under: under}
		tw.node(" ", " ", "", t.Params, false, 0)
	}
	if out := t.Output; out != nil {
		dw.add("")
		dw.add(" " + st.header.Render("output schema") + st.muted.Render(" ("+t.OutputKey+")"))
		if out.Is(jsondoc.Object) {
			tw := treeWriter{detailWriter: dw, s: s, root: out, under: under}
			tw.node(" ", " ", "", out, false, 0)
		} else {
			dw.add(st.muted.Render("   " + out.Kind.Phrase() + ", not a schema"))
		}
	}
	if ann := t.Def.Get("annotations"); ann != nil {
		dw.add("")
		dw.add(" " + st.header.Render("annotations"))
		if !ann.Is(jsondoc.Object) {
			dw.add(st.muted.Render("   " + ann.Kind.Phrase()))
		}
		for _, m := range ann.Kids() {
			dw.wrap("   ", st.name.Render(shown(m.Key, maxName))+": "+compactShown(m.Value), nil)
		}
	}
	if dw.cut {
		dw.lines = append(dw.lines, st.warn.Render(" … the rest is not shown: the tool is too large to lay out"))
	}
	return dw.lines
}

// detailWriter collects the lines of the detail view.
type detailWriter struct {
	st    *styles
	w     int
	lines []string
	cut   bool // maxTreeLines was reached
}

func (dw *detailWriter) add(line string) {
	if len(dw.lines) >= maxTreeLines {
		dw.cut = true
		return
	}
	dw.lines = append(dw.lines, line)
}

// wrap adds text wrapped to the width, each line after prefix, styled by
// style when it is not nil.
func (dw *detailWriter) wrap(prefix, text string, style func(...string) string) {
	width := max(dw.w-ansi.StringWidth(prefix), 10)
	for _, l := range termtext.Wrap(text, width, termtext.BreakLongWords) {
		if style != nil {
			l = style(l)
		}
		dw.add(prefix + l)
	}
}

// issue adds an issue's line after prefix: severity, place, code and
// message, wrapped.
func (dw *detailWriter) issue(prefix string, is lint.Issue) {
	dw.wrap(prefix, dw.st.severityMark(is.Severity)+" "+dw.st.muted.Render(position(is))+" "+dw.st.code.Render(shown(is.Code, maxName))+" "+shown(is.Message, maxText), nil)
}

// placeIssues puts each issue of issues under the deepest schema node of
// roots whose text holds the issue's place. The others are returned.
func placeIssues(s *snapshot, issues []int, roots []*jsondoc.Node) (under map[*jsondoc.Node][]int, rest []int) {
	var nodes []*jsondoc.Node
	for _, root := range roots {
		if root.Is(jsondoc.Object) {
			schema.Walk(root, nil, func(n *jsondoc.Node, _ []jsondoc.Seg) bool {
				nodes = append(nodes, n)
				return len(nodes) < maxTreeLines
			})
		}
	}
	under = map[*jsondoc.Node][]int{}
	for _, i := range issues {
		off := int32(s.result.Issues[i].Offset)
		var best *jsondoc.Node
		for _, n := range nodes {
			if n.Start <= off && off < n.End && (best == nil || n.End-n.Start < best.End-best.Start) {
				best = n
			}
		}
		if best == nil {
			rest = append(rest, i)
			continue
		}
		under[best] = append(under[best], i)
	}
	return under, rest
}

// treeWriter writes a schema as a tree.
type treeWriter struct {
	*detailWriter
	s     *snapshot
	root  *jsondoc.Node // the schema "#" refers to
	under map[*jsondoc.Node][]int
	refs  []*jsondoc.Node // the references being followed, against cycles
}

// node writes schema n labelled label: first after lead, its other lines
// after pad. Within a reference's target (inlined), issues are not
// repeated: they stand where the target is written.
func (tw *treeWriter) node(lead, pad, label string, n *jsondoc.Node, inlined bool, depth int) {
	if depth > maxTreeDepth {
		tw.add(lead + tw.st.muted.Render(label+" … nested too deeply to show"))
		return
	}
	head := label
	if head != "" {
		head = tw.st.name.Render(head) + "  "
	}
	ref := n.Get("$ref")
	if ref.Is(jsondoc.String) {
		head += tw.st.code.Render("$ref "+shown(ref.Str(), maxText)) + tw.st.muted.Render(" (reference)")
	} else {
		head += schemaType(n)
	}
	tw.add(lead + head)
	if d := n.Get("description"); d.Is(jsondoc.String) && d.Str() != "" {
		tw.wrap(pad+"  ", shown(d.Str(), maxText), tw.st.muted.Render)
	}
	if facts := schemaFacts(n); facts != "" {
		tw.wrap(pad+"  ", facts, nil)
	}
	if !inlined {
		for _, i := range tw.under[n] {
			tw.issue(pad+"  ", tw.s.result.Issues[i])
		}
	}

	type child struct {
		label string
		n     *jsondoc.Node
	}
	var kids []child
	required := requiredNames(n)
	schema.Children(n, func(via string, rel [2]jsondoc.Seg, nrel int, c *jsondoc.Node) bool {
		kids = append(kids, child{childLabel(via, rel, nrel, required), c})
		return true
	})
	var target *jsondoc.Node
	var targetNote string
	if ref.Is(jsondoc.String) {
		target, targetNote = tw.follow(ref.Str())
	}
	for i, k := range kids {
		last := i == len(kids)-1 && target == nil && targetNote == ""
		branch, next := "├─ ", "│  "
		if last {
			branch, next = "└─ ", "   "
		}
		tw.node(pad+tw.st.muted.Render(branch), pad+tw.st.muted.Render(next), k.label, k.n, inlined, depth+1)
	}
	switch {
	case targetNote != "":
		tw.add(pad + tw.st.muted.Render("└╌ ") + tw.st.muted.Render(targetNote))
	case target != nil:
		tw.refs = append(tw.refs, target)
		tw.node(pad+tw.st.muted.Render("└╌ "), pad+tw.st.muted.Render("   "), "↳ "+shown(ref.Str(), maxText), target, true, depth+1)
		tw.refs = tw.refs[:len(tw.refs)-1]
	}
}

// follow resolves a reference for the tree: its target, or a note saying
// why it is not shown.
func (tw *treeWriter) follow(ref string) (*jsondoc.Node, string) {
	t := schema.Resolve(tw.root, ref)
	switch {
	case t.Remote:
		return nil, "a reference to another document: not followed"
	case t.Node == nil:
		return nil, "the reference " + shown(t.Problem, maxText)
	case !t.Node.Is(jsondoc.Object):
		return nil, "the target is " + t.Node.Kind.Phrase()
	}
	for _, r := range tw.refs {
		if r == t.Node {
			return nil, "↺ recursive: the target is shown above"
		}
	}
	return t.Node, ""
}

// childLabel names a subschema by how its parent holds it: a property's
// name (with * when required), a definition's, items, anyOf [1].
func childLabel(via string, rel [2]jsondoc.Seg, nrel int, required map[string]bool) string {
	if nrel == 1 {
		return via
	}
	seg := rel[1]
	switch via {
	case "properties":
		name := shown(seg.Key, maxName)
		if required[seg.Key] {
			name += "*"
		}
		return name
	case "$defs", "definitions":
		return via + "/" + shown(seg.Key, maxName)
	}
	return via + " [" + strconv.Itoa(seg.Index) + "]"
}

// schemaFacts is what n says about its values besides their type: the
// choices, default and examples, formats, patterns and bounds.
func schemaFacts(n *jsondoc.Node) string {
	var facts []string
	for _, k := range []string{"const", "enum", "default", "examples", "format", "pattern",
		"minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf",
		"minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "contains",
		"minProperties", "maxProperties", "nullable", "deprecated", "readOnly", "writeOnly", "title"} {
		v := n.Get(k)
		if v == nil {
			continue
		}
		switch {
		case k == "enum" && v.Is(jsondoc.Array):
			var opts []string
			for _, e := range v.Kids() {
				opts = append(opts, compactShown(e.Value))
			}
			facts = append(facts, "enum "+strings.Join(opts, " | "))
		case k == "contains":
			facts = append(facts, "contains "+schemaType(v))
		default:
			facts = append(facts, k+" "+compactShown(v))
		}
	}
	if ap := n.Get("additionalProperties"); ap.Is(jsondoc.Bool) {
		if ap.IsTrue() {
			facts = append(facts, "other properties allowed")
		} else {
			facts = append(facts, "no other properties")
		}
	}
	return strings.Join(facts, " · ")
}

// compactShown is a value as compact JSON, cut and escaped for the
// screen.
func compactShown(v *jsondoc.Node) string {
	return shown(string(jsondoc.AppendCompact(nil, v, true, maxText)), maxText)
}
