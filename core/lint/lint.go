package lint

import (
	"cmp"
	"slices"

	"toolbench/core/catalog"
	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// Options says which rules a lint runs beyond the ones always on, and
// which of their issues it reports, at which severity.
type Options struct {
	Targets []string // provider targets, by name; a target's implied targets come with it
	// Ignore are the rule codes, or targets' prefixes ("openai/"), whose
	// issues are not reported: each as a Level of Off (see LevelOf).
	Ignore []string
	// Levels set, by rule code or target prefix, whether a rule's issues
	// are reported and at which severity, as the configuration's [rules]
	// table does (see LevelOf).
	Levels map[string]Level
	// Only, when set, limits the tools linted to those it reports true
	// for; the rules of the document as a whole still run. A caller that
	// changed a few tools of a document linted before re-lints just those.
	Only func(*tooldef.Tool) bool
	// Server holds the facts of the live server whose listing the
	// document is, for the rules that read them; nil for a file.
	Server *ServerFacts
	// Done, when not nil, stops the lint once it is closed: at the next
	// tool or schema, which is soon whatever the document (a server's
	// caller that went away, or cancelled). What Lint returns then holds
	// the issues found so far, and the caller, who closed Done, knows
	// it is not the whole lint.
	Done <-chan struct{}
	// SecurityRulesAlone gives the security rules' findings as their phrases and
	// intents make them, not weighed by the security model: for the
	// tests of how the rules read.
	SecurityRulesAlone bool
}

// Result is a linted document.
type Result struct {
	Doc      *jsondoc.Document
	Tools    *tooldef.ToolSet
	Issues   []Issue // errors first, then warnings, each in walk order
	Errors   int
	Warnings int
	// Targets are the targets the lint ran: those of the options, or the
	// one the document's shape implies when they name none (see Lint).
	Targets []string
	// Requested are the targets the options named, nil when they named
	// none: a result whose Targets are not empty then holds the implied
	// one. A caller that changes the targets tells by them which results
	// are linted with the new ones.
	Requested []string
}

// Lint checks doc against the rules opt enables. Findings are issues; Lint
// itself does not fail.
//
// With no targets in opt, a document whose tools are all in MCP's shape
// (inputSchema) is linted with the mcp target, as a server's tools are:
// such a list is an MCP server's, and MCP's rules are the ones it is held
// to, its names with dots among them. A live server's listing (opt.Server
// set) is, whatever its tools' shape, with the MCP target of the
// session's revision.
func Lint(doc *jsondoc.Document, opt Options) *Result {
	set := tooldef.Tools(doc)
	requested := opt.Targets
	if len(opt.Targets) == 0 && (set.Shape == tooldef.ShapeMCP || opt.Server != nil) {
		opt.Targets = []string{serverTarget(opt.Server)}
	}
	l := newLinter(doc, opt)
	l.set = set
	l.run()
	issues := append(l.errors, l.warnings...)
	Position(doc, issues)
	return &Result{Doc: doc, Tools: l.set, Issues: issues, Errors: len(l.errors), Warnings: len(l.warnings), Targets: opt.Targets, Requested: requested}
}

// Position sets the lines and columns of every issue of doc from its
// offsets (an Offset of -1 is no position): they are counted for the
// issues found, never for the document, in one pass over the text for
// all of them. Lint does it for its issues; another check of a document
// that reports Issues does it for its own.
func Position(doc *jsondoc.Document, issues []Issue) {
	ps := make([]jsondoc.Pos, 2*len(issues))
	for i := range issues {
		ps[2*i].Offset, ps[2*i+1].Offset = issues[i].Offset, issues[i].EndOffset
	}
	doc.PositionAll(ps)
	for i := range issues {
		is, start, end := &issues[i], ps[2*i], ps[2*i+1]
		is.Offset, is.Line, is.Column, is.UTF16Column = start.Offset, start.Line, start.Column, start.UTF16Column
		is.EndOffset, is.EndLine, is.EndColumn, is.EndUTF16Column = end.Offset, end.Line, end.Column, end.UTF16Column
	}
}

// linter is one lint of one document. Its settings are fixed by
// newLinter; a large list of tools is linted by copies of it (see
// entries), each with its own contexts and issue lists.
type linter struct {
	doc      *jsondoc.Document
	set      *tooldef.ToolSet
	levels   map[*Rule]Level // the rules the options set, Off among them
	only     func(*tooldef.Tool) bool
	document []*Rule // the enabled rules with a Document hook
	all      *hooks  // the hooks of the rules enabled for every tool
	// optIn holds, for each target a tool can opt into that opt does not
	// enable, the hooks of a tool that does: all, with the target's rules
	// and those of the targets it implies.
	optIn []optIn
	// docFacts are the values rules compute once for the whole lint
	// (DocFact), shared with the copies that lint shares of the tools.
	docFacts *docFacts
	server   *ServerFacts    // the facts of a live server's listing
	done     <-chan struct{} // Options.Done
	// SecurityRulesAlone is Options.SecurityRulesAlone.
	SecurityRulesAlone bool

	toolCtx  ToolContext
	walker   walker
	refs     schema.Resolver // of the tool being linted (ToolContext.Refs)
	errors   []Issue
	warnings []Issue
	// shared are the defects of the tool or document being linted that
	// several targets' rules may find alike (see reportShared).
	shared []sharedDefect
}

type optIn struct {
	target *Target
	hooks  *hooks
}

func newLinter(doc *jsondoc.Document, opt Options) *linter {
	l := &linter{doc: doc, levels: opt.ruleLevels(), only: opt.Only, docFacts: &docFacts{}, server: opt.Server, done: opt.Done, SecurityRulesAlone: opt.SecurityRulesAlone}
	enabled := withImplied(targetsNamed(opt.Targets))
	l.all = l.hooksFor(enabled)
	for _, r := range l.all.rules {
		if r.Document != nil {
			l.document = append(l.document, r)
		}
	}
	for _, t := range targetTable {
		if t.OptIn != nil && !enabled[t] {
			more := withImplied([]*Target{t})
			for e := range enabled {
				more[e] = true
			}
			l.optIn = append(l.optIn, optIn{target: t, hooks: l.hooksFor(more)})
		}
	}
	return l
}

// hooksFor gathers the rules that run with the targets on: every base
// rule and the rules of those targets, in table order. A rule that is
// off runs too, and its issues are dropped as it reports them: so what
// a rule finds, and under which code a shared defect is reported, does
// not depend on which rules are off (see reportShared).
func (l *linter) hooksFor(targets map[*Target]bool) *hooks {
	h := &hooks{on: map[*Rule]bool{}, targeted: len(targets) > 0, targets: targets}
	for _, r := range ruleTable {
		if !r.runsWith(targets) {
			continue
		}
		h.add(r)
	}
	return h
}

// hooks are the enabled rules, and those that set each per-tool hook, in
// table order: the walker calls them on every schema of every tool, so
// it should not have to skip the rules that have none.
type hooks struct {
	rules               []*Rule
	on                  map[*Rule]bool
	tool, schema, after []*Rule
	// out holds the schema hooks that run on output schemas too (see
	// Rule.Outputs).
	out struct{ schema, after []*Rule }
	// targeted is set when any target is on, whether or not its rules
	// are off: the base name rule then leaves names to the targets.
	targeted bool
	targets  map[*Target]bool // the targets on
}

func (h *hooks) add(r *Rule) {
	h.rules = append(h.rules, r)
	h.on[r] = true
	if r.Tool != nil {
		h.tool = append(h.tool, r)
	}
	if r.Schema != nil {
		h.schema = append(h.schema, r)
	}
	if r.SchemaAfter != nil {
		h.after = append(h.after, r)
	}
	if r.Outputs && r.Schema != nil {
		h.out.schema = append(h.out.schema, r)
	}
	if r.Outputs && r.SchemaAfter != nil {
		h.out.after = append(h.out.after, r)
	}
}

// hooksOf returns the hooks that run for tool t: those of every tool,
// unless t opts into a target the options leave off.
func (l *linter) hooksOf(t *tooldef.Tool) *hooks {
	for _, o := range l.optIn {
		if o.target.OptIn(t) {
			return o.hooks
		}
	}
	return l.all
}

// report records an issue about node n, which it points at whole; a nil
// n has no position.
func (l *linter) report(r *Rule, n *jsondoc.Node, path, msg, hint, tool string, fixes ...Fix) {
	start, end := nodeSpan(n)
	l.reportSpan(r, start, end, path, msg, hint, tool, fixes...)
}

// nodeSpan is the text of node n; -1, -1 for a nil node.
func nodeSpan(n *jsondoc.Node) (start, end int) {
	if n == nil {
		return -1, -1
	}
	return int(n.Start), int(n.End)
}

// reportOffset records an issue about the token at offset, such as a
// key; offset -1 means no position.
func (l *linter) reportOffset(r *Rule, offset int, path, msg, hint, tool string, fixes ...Fix) {
	end := -1
	if offset >= 0 {
		end = l.doc.TokenEnd(offset)
	}
	l.reportSpan(r, offset, end, path, msg, hint, tool, fixes...)
}

// reportSpan records an issue about the text from start to just before
// end; start -1 means no position.
func (l *linter) reportSpan(r *Rule, start, end int, path, msg, hint, tool string, fixes ...Fix) {
	sev := l.severity(r)
	if sev == 0 {
		return
	}
	if start < 0 {
		start, end = -1, -1
	}
	// Lines and columns are counted once, for all the issues, at the end.
	is := Issue{Severity: sev, Code: r.Code, Path: path, Message: msg, Hint: hint, Tool: tool, File: l.doc.Name, Offset: start, EndOffset: max(end, start)}
	if len(fixes) > 0 {
		is.Fixes = &fixes
	}
	if sev == catalog.Error {
		l.errors = append(l.errors, is)
	} else {
		l.warnings = append(l.warnings, is)
	}
}

// sharedDefect is an issue that the rules of several targets find alike,
// at the same place: a name none of them allows, a list longer than each
// accepts. It is one issue, under the code of the first of the rules to
// find it (in table order, where each family's errors come before its
// warnings), naming every provider whose rule found it.
//
// Which rule comes first does not depend on the options: a rule that is
// off still finds, so the code printed is the one that silences the
// issue. A defect whose first rule is off is not reported at all, and a
// provider whose rule is off is left out of the words (its target's
// prefix, "openai/", takes OpenAI out); a defect no provider is left for
// is not reported either.
type sharedDefect struct {
	key       string // what the defect is
	offset    int
	silent    bool // not reported: its first rule is off, or its finder is
	errors    bool // the issue is in l.errors, else in l.warnings
	index     int
	foundBy   []string // the codes of the target rules that found it, those off left out
	providers []string
	// describe words the issue for the providers that found it.
	describe func(providers []string) (msg, hint string)
}

// reportShared records, as rule r's finding, a defect that other
// targets' rules may find too: the same key at the same node. The first
// to find it reports it, with its fixes; those after it add their
// provider to its words.
func (l *linter) reportShared(r *Rule, n *jsondoc.Node, path, tool, key string, by finder, describe func(providers []string) (msg, hint string), fixes ...Fix) {
	off, end := nodeSpan(n)
	finderOn := !l.codeOff(by.code)
	for i := range l.shared {
		d := &l.shared[i]
		if d.key != key || d.offset != off {
			continue
		}
		if d.silent || !finderOn || slices.Contains(d.foundBy, by.code) {
			return
		}
		d.foundBy = append(d.foundBy, by.code)
		d.providers = append(d.providers, by.provider)
		is := l.sharedIssue(d)
		is.Message, is.Hint = d.describe(d.providers)
		foundBy := slices.Clone(d.foundBy)
		is.FoundBy = &foundBy
		return
	}
	sev := l.severity(r)
	if sev == 0 || !finderOn {
		// The defect is claimed, so that no later rule reports it.
		l.shared = append(l.shared, sharedDefect{key: key, offset: off, silent: true})
		return
	}
	msg, hint := describe([]string{by.provider})
	l.reportSpan(r, off, end, path, msg, hint, tool, fixes...)
	d := sharedDefect{key: key, offset: off, errors: sev == catalog.Error, foundBy: []string{by.code}, providers: []string{by.provider}, describe: describe}
	d.index = len(l.warnings) - 1
	if d.errors {
		d.index = len(l.errors) - 1
	}
	l.sharedIssue(&d).FoundBy = &[]string{by.code}
	l.shared = append(l.shared, d)
}

// sharedIssue is the issue of a shared defect that is reported.
func (l *linter) sharedIssue(d *sharedDefect) *Issue {
	if d.errors {
		return &l.errors[d.index]
	}
	return &l.warnings[d.index]
}

// finder is a target's rule that finds a shared defect, by its code,
// with the provider's name as messages give it.
type finder struct{ code, provider string }

func (l *linter) run() {
	for _, p := range l.set.Problems {
		l.report(invalidDocument, p.Node, p.Path, p.Msg,
			"Write a JSON list of tools, one tool object, or {\"tools\": [...]}.", "")
	}
	if len(l.set.Lists) == 0 {
		return
	}
	dc := &DocContext{l: l, Doc: l.doc, Set: l.set}
	l.shared = l.shared[:0]
	for _, r := range l.document {
		dc.rule = r
		r.Document(dc)
	}
	l.entries(l.set.Entries())
}

// parallelTools is the number of tools from which a lint splits them among
// the processors, half as many a goroutine: below it, starting goroutines
// costs more than it saves. Measured on real servers' tools on two
// processors, a lint of 64 of them took 0.72 of the time on one, of 32
// 0.84, of 1,000 0.66.
const parallelTools = 64

// entries lints the tool list's entries in their order. A large list is
// cut into one run of entries a processor, each linted by a copy of l with
// issue lists of its own, which are then joined in the order of the runs,
// so the issues come out in walk order as they do from one linter. A
// tool's hooks read the document, the tool set and the linter's settings
// and write only to their own linter.
func (l *linter) entries(es []tooldef.ListEntry) {
	n := par.Shares(len(es), parallelTools/2)
	if n < 2 {
		for _, e := range es {
			if l.stopped() {
				return
			}
			l.entry(e)
		}
		return
	}
	parts := make([]*linter, n)
	par.Split(n, len(es), func(k, lo, hi int) {
		part := &linter{doc: l.doc, set: l.set, levels: l.levels, only: l.only, document: l.document, all: l.all, optIn: l.optIn, docFacts: l.docFacts, done: l.done, SecurityRulesAlone: l.SecurityRulesAlone}
		parts[k] = part
		for _, e := range es[lo:hi] {
			if part.stopped() {
				return
			}
			part.entry(e)
		}
	})
	for _, part := range parts {
		l.errors = append(l.errors, part.errors...)
		l.warnings = append(l.warnings, part.warnings...)
	}
}

// stopped reports whether the lint is to stop: Options.Done is closed.
func (l *linter) stopped() bool {
	select {
	case <-l.done:
		return true
	default:
		return false
	}
}

// entry lints one element of the tool list: a tool, or an entry that is
// not one.
func (l *linter) entry(e tooldef.ListEntry) {
	if e.Tool != nil {
		if l.only == nil || l.only(e.Tool) {
			l.tool(e.Tool)
		}
		return
	}
	l.report(invalidTool, e.Bad.Node, e.Bad.Path,
		"tool entry is a "+e.Bad.Node.Kind.String()+", not an object", "Each tool is a JSON object with a name.", "")
}

func (l *linter) tool(t *tooldef.Tool) {
	h := l.hooksOf(t)
	// One context and one walker serve every tool: a lint of thousands
	// of tools allocates neither per tool nor per schema.
	tc := &l.toolCtx
	facts := tc.facts[:0]
	l.shared = l.shared[:0]
	*tc = ToolContext{DocContext: DocContext{l: l, Doc: l.doc, Set: l.set}, Tool: t, hooks: h, facts: facts}
	if t.Builtin {
		// A provider's own tool: only its name can clash with another's.
		if h.on[duplicateName] {
			tc.rule = duplicateName
			duplicateName.Tool(tc)
		}
		return
	}
	errs, warns := len(l.errors), len(l.warnings)
	for _, r := range h.tool {
		tc.rule = r
		r.Tool(tc)
	}
	inPlaceOrder(l.errors[errs:])
	inPlaceOrder(l.warnings[warns:])
	refs := h.on[unresolvedRef] || h.on[remoteRef]
	w := &l.walker
	if t.Params.Is(jsondoc.Object) {
		*w = walker{tc: tc, root: t.Params, openAPI: t.OpenAPIParams(), pre: h.schema, post: h.after, segs: w.segs[:0]}
		w.schema(t.Params, 0, "")
		if refs {
			w.followRefs()
		}
	}
	if t.Output.Is(jsondoc.Object) && len(h.out.schema)+len(h.out.after) > 0 {
		*w = walker{tc: tc, root: t.Output, output: true, openAPI: t.OpenAPIOutput(), base: t.OutputPath(), pre: h.out.schema, post: h.out.after, segs: w.segs[:0]}
		w.schema(t.Output, 0, "")
		if refs {
			w.followRefs()
		}
	}
}

// inPlaceOrder orders issues, those a tool's hooks reported, so that
// the issues of one place (one path) follow the order of their positions,
// at the place of the first of them; the places keep their order. Hooks
// report rule after rule: the security rules finding phrases of one
// description would list 3:111 before 3:55.
func inPlaceOrder(issues []Issue) {
	if !outOfPlace(issues) {
		return
	}
	first := map[string]int{}
	for i, is := range issues {
		if _, ok := first[is.Path]; !ok {
			first[is.Path] = i
		}
	}
	slices.SortStableFunc(issues, func(a, b Issue) int {
		return cmp.Or(cmp.Compare(first[a.Path], first[b.Path]), cmp.Compare(a.Offset, b.Offset))
	})
}

// outOfPlace reports whether an issue comes before one of its place that
// is placed before it. A tool's hooks report few issues: looking at each
// pair allocates nothing.
func outOfPlace(issues []Issue) bool {
	for i := range issues {
		for j := i + 1; j < len(issues); j++ {
			if issues[i].Path == issues[j].Path && issues[i].Offset > issues[j].Offset {
				return true
			}
		}
	}
	return false
}

// walker visits the object schemas of one of a tool's schemas depth
// first, its parameters or its output, keeping the path as segments so a
// string is built only for a finding.
type walker struct {
	tc   *ToolContext
	root *jsondoc.Node
	// output is set when root is the tool's output schema, and openAPI
	// when it is Gemini's OpenAPI subset rather than JSON Schema.
	output, openAPI bool
	// pre and post are the hooks that run on each schema, before and
	// after its subschemas: those of every rule that runs on the schema.
	pre, post []*Rule
	base      string // the JSON path the segments start from: the tool's ParamsPath unless set
	// prefix are the segments from the root to where the walk started: a
	// schema only a reference reaches; none for a walk from the root.
	prefix []jsondoc.Seg
	segs   []jsondoc.Seg
	ctx    SchemaContext
}

// rootPath is the JSON path of the schema walked.
func (w *walker) rootPath() string {
	if w.output {
		return w.tc.Tool.OutputPath()
	}
	return w.tc.Tool.ParamsPath()
}

func (w *walker) path() string {
	if w.base == "" {
		w.base = w.rootPath()
	}
	return jsondoc.AppendSegs(w.base, w.segs)
}

func (w *walker) schema(n *jsondoc.Node, depth int, via string) {
	if w.tc.l.stopped() {
		return
	}
	c := &w.ctx
	*c = SchemaContext{w: w, Tool: w.tc.Tool, Node: n, Root: w.root, Depth: depth, Via: via}
	for _, r := range w.pre {
		c.rule = r
		r.Schema(c)
	}
	schema.Children(n, func(via string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node) bool {
		w.segs = append(w.segs, rel[:nrel]...)
		w.schema(child, depth+1, via)
		w.segs = w.segs[:len(w.segs)-nrel]
		return true
	})
	*c = SchemaContext{w: w, Tool: w.tc.Tool, Node: n, Root: w.root, Depth: depth, Via: via}
	for _, r := range w.post {
		c.rule = r
		r.SchemaAfter(c)
	}
}

// followRefs runs after the walk of one of a tool's root schemas: it walks, once
// each, the schemas local references reach that the walk did not visit
// (one under "components", say), and those their own references reach in
// turn, so every rule checks them. The walk itself never follows a
// reference, so a cycle cannot loop.
func (w *walker) followRefs() {
	root := w.root
	if !mayHoldRef(w.tc.Doc, root) {
		return
	}
	refs := w.tc.refsOf(root)
	visited := map[*jsondoc.Node]bool{}
	var pending []schema.Target
	visit := func(n *jsondoc.Node) {
		schema.Walk(n, nil, func(s *jsondoc.Node, _ []jsondoc.Seg) bool {
			visited[s] = true
			if ref := s.Get("$ref"); ref.Is(jsondoc.String) {
				if t := refs.Resolve(ref.Str()); t.Node.Is(jsondoc.Object) {
					pending = append(pending, t)
				}
			}
			return true
		})
	}
	visit(root)
	base := w.rootPath()
	for i := 0; i < len(pending); i++ {
		t := pending[i]
		if visited[t.Node] {
			continue
		}
		visit(t.Node)
		sub := &walker{tc: w.tc, root: root, output: w.output, openAPI: w.openAPI, pre: w.pre, post: w.post, base: jsondoc.AppendSegs(base, t.Segs), prefix: t.Segs}
		sub.schema(t.Node, 1, "$ref")
	}
}

// mayHoldRef reports whether the text of n could hold a "$ref" key: it
// does unless neither "$ref" nor a \u escape (which could spell it) is
// there. Most tools have no reference, and this spares them a second walk.
func mayHoldRef(doc *jsondoc.Document, n *jsondoc.Node) bool {
	return textMayHold(doc, n, `$ref"`)
}
