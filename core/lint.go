package core

// Options says which rules a lint runs beyond the ones always on.
type Options struct {
	Targets []string // provider targets; "openai-strict" implies "openai"
	Ignore  []string // rule codes not to report
}

// Result is a linted document.
type Result struct {
	Doc      *Document
	Tools    *ToolSet
	Issues   []Issue // errors first, then warnings, each in walk order
	Errors   int
	Warnings int
}

// Lint checks doc against the rules opt enables. Findings are issues; Lint
// itself does not fail.
func Lint(doc *Document, opt Options) *Result {
	l := newLinter(doc, opt)
	l.run()
	issues := append(l.errors, l.warnings...)
	doc.positionAll(issues)
	return &Result{Doc: doc, Tools: l.set, Issues: issues, Errors: len(l.errors), Warnings: len(l.warnings)}
}

type linter struct {
	doc      *Document
	set      *ToolSet
	rules    []*Rule // enabled for every tool
	all      hooks   // the hooks of rules
	strict   hooks   // the hooks of the rules enabled for tools that set "strict": true
	ignore   map[string]bool
	toolCtx  ToolContext
	walker   walker
	errors   []Issue
	warnings []Issue
}

func newLinter(doc *Document, opt Options) *linter {
	l := &linter{doc: doc, ignore: map[string]bool{}}
	for _, c := range opt.Ignore {
		l.ignore[c] = true
	}
	targets := map[string]bool{}
	for _, t := range opt.Targets {
		targets[t] = true
	}
	if targets["openai-strict"] {
		targets["openai"] = true
	}
	for _, r := range ruleTable {
		if l.ignore[r.Code] {
			continue
		}
		on := r.Target == "" || targets[r.Target]
		if on {
			l.rules = append(l.rules, r)
			l.all.add(r)
		}
		if on || r.Target == "openai-strict" || r.Target == "openai" {
			l.strict.add(r)
		}
	}
	return l
}

// hooks are the enabled rules that set each per-tool hook, in table
// order: the walker calls them on every schema of every tool, so it
// should not have to skip the rules that have none.
type hooks struct {
	tool, schema, after []*Rule
}

func (h *hooks) add(r *Rule) {
	if r.Tool != nil {
		h.tool = append(h.tool, r)
	}
	if r.Schema != nil {
		h.schema = append(h.schema, r)
	}
	if r.SchemaAfter != nil {
		h.after = append(h.after, r)
	}
}

func (l *linter) report(r *Rule, n *Node, path, msg, hint, tool string) {
	off := -1
	if n != nil {
		off = int(n.Start)
	}
	l.reportOffset(r, off, path, msg, hint, tool)
}

// reportOffset records an issue; offset -1 means no position.
func (l *linter) reportOffset(r *Rule, offset int, path, msg, hint, tool string) {
	if l.ignore[r.Code] {
		return
	}
	// Lines and columns are counted once, for all the issues, at the end.
	is := Issue{Severity: r.Severity, Code: r.Code, Path: path, Message: msg, Hint: hint, Tool: tool, File: l.doc.Name, Offset: offset}
	if r.Severity == Error {
		l.errors = append(l.errors, is)
	} else {
		l.warnings = append(l.warnings, is)
	}
}

func (l *linter) run() {
	l.set = Tools(l.doc)
	if l.set.Problem != "" {
		path := l.set.ListPath
		n := l.doc.Root
		if l.set.problemNode != nil {
			n = l.set.problemNode
		}
		if path == "" {
			path = "$"
		}
		l.report(ruleIndex["invalid-document"], n, path, l.set.Problem,
			"Write a JSON list of tools, one tool object, or {\"tools\": [...]}.", "")
		return
	}
	dc := &DocContext{l: l, Doc: l.doc, Set: l.set}
	for _, r := range l.rules {
		if r.Document != nil {
			dc.rule = r
			r.Document(dc)
		}
	}
	l.entries(l.set.entries())
}

// parallelTools is the number of tools from which a lint splits them among
// the processors, half as many a goroutine: below it, starting goroutines
// costs more than it saves.
const parallelTools = 1024

// entries lints the tool list's entries in their order. A large list is
// cut into one run of entries a processor, each linted by a copy of l with
// issue lists of its own, which are then joined in the order of the runs,
// so the issues come out in walk order as they do from one linter. A
// tool's hooks read the document, the tool set and the linter's settings
// and write only to their own linter.
func (l *linter) entries(es []listEntry) {
	n := shares(len(es), parallelTools/2)
	if n < 2 {
		for _, e := range es {
			l.entry(e)
		}
		return
	}
	parts := make([]*linter, n)
	inShares(n, len(es), func(k, lo, hi int) {
		part := &linter{doc: l.doc, set: l.set, rules: l.rules, all: l.all, strict: l.strict, ignore: l.ignore}
		parts[k] = part
		for _, e := range es[lo:hi] {
			part.entry(e)
		}
	})
	for _, part := range parts {
		l.errors = append(l.errors, part.errors...)
		l.warnings = append(l.warnings, part.warnings...)
	}
}

// entry lints one element of the tool list: a tool, or an entry that is
// not one.
func (l *linter) entry(e listEntry) {
	if e.tool != nil {
		l.tool(e.tool)
		return
	}
	l.report(ruleIndex["invalid-tool"], e.bad.Node, e.bad.Path,
		"tool entry is a "+e.bad.Node.Kind.String()+", not an object", "Each tool is a JSON object with a name.", "")
}

func (l *linter) tool(t *Tool) {
	rules := &l.all
	if t.Strict {
		rules = &l.strict
	}
	// One context and one walker serve every tool: a lint of thousands
	// of tools allocates neither per tool nor per schema.
	tc := &l.toolCtx
	*tc = ToolContext{DocContext: DocContext{l: l, Doc: l.doc, Set: l.set}, Tool: t}
	for _, r := range rules.tool {
		tc.rule = r
		r.Tool(tc)
	}
	if t.Params.Is(Object) {
		w := &l.walker
		*w = walker{l: l, tool: t, rules: rules, root: t.Params, segs: w.segs[:0]}
		w.schema(t.Params, 0, "")
	}
}

// DocContext is what a Document hook sees.
type DocContext struct {
	l    *linter
	rule *Rule
	Doc  *Document
	Set  *ToolSet
}

// Report records a finding of the running rule about node n at path.
func (c *DocContext) Report(n *Node, path, msg, hint string) {
	c.l.report(c.rule, n, path, msg, hint, "")
}

// ReportOffset records a finding at a byte offset that starts no value,
// such as an object key.
func (c *DocContext) ReportOffset(offset int, path, msg, hint string) {
	c.l.reportOffset(c.rule, offset, path, msg, hint, "")
}

// ToolContext is what a Tool hook sees.
type ToolContext struct {
	DocContext
	Tool *Tool
}

// Report records a finding of the running rule about node n at path.
func (c *ToolContext) Report(n *Node, path, msg, hint string) {
	c.l.report(c.rule, n, path, msg, hint, c.Tool.Name)
}

// ReportOffset records a finding at a byte offset that starts no value,
// such as an object key.
func (c *ToolContext) ReportOffset(offset int, path, msg, hint string) {
	c.l.reportOffset(c.rule, offset, path, msg, hint, c.Tool.Name)
}

// FirstIndexOf returns the index of the first tool named name, or -1.
func (c *ToolContext) FirstIndexOf(name string) int { return c.Set.FirstNamed(name) }

// SchemaContext is what a Schema hook sees: one object schema inside a
// tool's parameters. The linter reuses it from schema to schema, so a hook
// must not keep it past its call.
type SchemaContext struct {
	w     *walker
	rule  *Rule
	Tool  *Tool
	Node  *Node  // the schema object
	Root  *Node  // the tool's parameter schema, for resolving "#/..." refs
	Depth int    // 0 for the root schema, one more for each nested schema
	Via   string // the keyword that led here ("properties", "items", ...); "" at the root
}

// AtRoot reports whether the schema is the tool's parameter schema itself.
func (c *SchemaContext) AtRoot() bool { return c.Depth == 0 && c.Via == "" }

// Path is the JSON path of the schema.
func (c *SchemaContext) Path() string { return c.w.path() }

// Report records a finding of the running rule about the schema itself.
func (c *SchemaContext) Report(msg, hint string) {
	c.w.l.report(c.rule, c.Node, c.w.path(), msg, hint, c.Tool.Name)
}

// ReportAt records a finding about node n inside the schema, at path.
func (c *SchemaContext) ReportAt(n *Node, path, msg, hint string) {
	c.w.l.report(c.rule, n, path, msg, hint, c.Tool.Name)
}

// ReportKey records a finding about the key of m, a member of an object
// inside the schema, at path.
func (c *SchemaContext) ReportKey(m Member, path, msg, hint string) {
	c.w.l.reportOffset(c.rule, c.w.l.doc.KeyOffset(m), path, msg, hint, c.Tool.Name)
}

// walker visits the object schemas of one tool depth first, keeping the
// path as segments so a string is built only for a finding.
type walker struct {
	l     *linter
	tool  *Tool
	rules *hooks
	root  *Node
	base  string // the tool's ParamsPath, built on first use
	segs  []pathSeg
	ctx   SchemaContext

	// totals is the tool's strict-mode totals, added up once for the
	// rules that compare them with OpenAI's limits.
	totals *openaiTotals
}

func (w *walker) path() string {
	if w.base == "" {
		w.base = w.tool.ParamsPath()
	}
	return appendSegs(w.base, w.segs)
}

// childSchemas calls fn on each object schema directly below n that the
// walk visits, in the order of n's members, with the keyword that holds it
// and the one or two path segments from n to it ("items"; "anyOf", 1;
// "properties", "city": the first nrel of rel), until fn returns false. It
// reports whether it ran to the end. rel is passed by value so that the
// walk allocates nothing for it.
func childSchemas(n *Node, fn func(via string, rel [2]pathSeg, nrel int, child *Node) bool) bool {
	var rel [2]pathSeg
	for _, m := range n.Kids() {
		v := m.Value
		rel[0] = pathSeg{key: m.Key, index: -1}
		switch {
		case v.Is(Object) && isSchemaMapKeyword(m.Key):
			for _, p := range v.Kids() {
				rel[1] = pathSeg{key: p.Key, index: -1}
				if p.Value.Is(Object) && !fn(m.Key, rel, 2, p.Value) {
					return false
				}
			}
		case v.Is(Object) && isSchemaKeyword(m.Key):
			if !fn(m.Key, rel, 1, v) {
				return false
			}
		case v.Is(Array) && isSchemaListKeyword(m.Key):
			for i, e := range v.Kids() {
				rel[1] = pathSeg{index: i}
				if e.Value.Is(Object) && !fn(m.Key, rel, 2, e.Value) {
					return false
				}
			}
		}
	}
	return true
}

// Keywords whose value is a schema, a list of schemas, or a map of names
// to schemas. A switch rather than a lookup in lists: the walker asks for
// every member of every schema.
func isSchemaKeyword(k string) bool {
	switch k {
	case "items", "additionalProperties", "not", "if", "then", "else":
		return true
	}
	return false
}

func isSchemaListKeyword(k string) bool {
	switch k {
	case "items", "prefixItems", "anyOf", "oneOf", "allOf":
		return true
	}
	return false
}

func isSchemaMapKeyword(k string) bool {
	switch k {
	case "properties", "$defs", "definitions":
		return true
	}
	return false
}

func (w *walker) schema(n *Node, depth int, via string) {
	c := &w.ctx
	*c = SchemaContext{w: w, Tool: w.tool, Node: n, Root: w.root, Depth: depth, Via: via}
	for _, r := range w.rules.schema {
		c.rule = r
		r.Schema(c)
	}
	childSchemas(n, func(via string, rel [2]pathSeg, nrel int, child *Node) bool {
		w.segs = append(w.segs, rel[:nrel]...)
		w.schema(child, depth+1, via)
		w.segs = w.segs[:len(w.segs)-nrel]
		return true
	})
	*c = SchemaContext{w: w, Tool: w.tool, Node: n, Root: w.root, Depth: depth, Via: via}
	for _, r := range w.rules.after {
		c.rule = r
		r.SchemaAfter(c)
	}
}
