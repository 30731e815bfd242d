package lint

import (
	"sync"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// A rule sees the document only through its context: what it is looking
// at, a way to report, whether another rule runs (Enabled), and values
// computed once per tool and shared by the rules that need them (Fact).
// It never reaches into the linter. A report may carry fixes, the edits
// of the document's text that would remove the issue (see jsonedit), when
// the rule's Fix mode says it offers them.

// DocContext is what a Document hook sees.
type DocContext struct {
	l    *linter
	rule *Rule
	Doc  *jsondoc.Document
	Set  *tooldef.ToolSet
}

// Report records a finding of the running rule about node n at path.
func (c *DocContext) Report(n *jsondoc.Node, path, msg, hint string, fixes ...Fix) {
	c.l.report(c.rule, n, path, msg, hint, "", fixes...)
}

// ReportOffset records a finding at a byte offset that starts no value,
// such as an object key: the issue points at the token there.
func (c *DocContext) ReportOffset(offset int, path, msg, hint string, fixes ...Fix) {
	c.l.reportOffset(c.rule, offset, path, msg, hint, "", fixes...)
}

// ReportSpan records a finding about the text from byte offset start to
// just before end, a part of a value: the characters of a string that
// are wrong (see Document.StringSpan).
func (c *DocContext) ReportSpan(start, end int, path, msg, hint string, fixes ...Fix) {
	c.l.reportSpan(c.rule, start, end, path, msg, hint, "", fixes...)
}

// reportShared records a finding of the running rule that other
// targets' rules may make alike, at node n: they share one issue, which
// describe words for the providers that found it (see sharedDefect).
func (c *DocContext) reportShared(n *jsondoc.Node, path, key string, by finder, describe func(providers []string) (msg, hint string)) {
	c.l.reportShared(c.rule, n, path, "", key, by, describe)
}

// ToolContext is what a Tool hook sees.
type ToolContext struct {
	DocContext
	Tool  *tooldef.Tool
	hooks *hooks
	facts []fact // the tool's facts computed so far
	// refsReset says the linter's Resolver is of a schema of this tool
	// (see refsOf).
	refsReset bool
}

// Report records a finding of the running rule about node n at path.
func (c *ToolContext) Report(n *jsondoc.Node, path, msg, hint string, fixes ...Fix) {
	c.l.report(c.rule, n, path, msg, hint, c.Tool.Name, fixes...)
}

// ReportOffset records a finding at a byte offset that starts no value,
// such as an object key: the issue points at the token there.
func (c *ToolContext) ReportOffset(offset int, path, msg, hint string, fixes ...Fix) {
	c.l.reportOffset(c.rule, offset, path, msg, hint, c.Tool.Name, fixes...)
}

// ReportSpan records a finding about the text from byte offset start to
// just before end, as DocContext.ReportSpan does.
func (c *ToolContext) ReportSpan(start, end int, path, msg, hint string, fixes ...Fix) {
	c.l.reportSpan(c.rule, start, end, path, msg, hint, c.Tool.Name, fixes...)
}

// reportShared is DocContext.reportShared for a finding about the tool.
func (c *ToolContext) reportShared(n *jsondoc.Node, path, key string, by finder, describe func(providers []string) (msg, hint string), fixes ...Fix) {
	c.l.reportShared(c.rule, n, path, c.Tool.Name, key, by, describe, fixes...)
}

// ReportKey records a finding about the key of m, a member of an object
// of the tool, at path.
func (c *ToolContext) ReportKey(m jsondoc.Member, path, msg, hint string, fixes ...Fix) {
	start, end := c.Doc.KeySpan(m)
	c.l.reportSpan(c.rule, start, end, path, msg, hint, c.Tool.Name, fixes...)
}

// Enabled reports whether rule r runs on this tool: it always runs or
// its target is on, by the options or because the tool opts into it. A
// rule that is off runs too (its issues are dropped as it reports them),
// so that what a rule finds does not depend on which rules are off.
func (c *ToolContext) Enabled(r *Rule) bool { return c.hooks.on[r] }

// enabledCode reports whether the rule of that code runs on this tool
// and is not off. Hooks ask by code where naming the rule itself would
// make its declaration refer to the table it is in.
func (c *ToolContext) enabledCode(code string) bool { return c.runningRule(code) != nil }

// runningRule returns the rule of that code if it runs on this tool and
// is not off, else nil.
func (c *ToolContext) runningRule(code string) *Rule {
	for _, r := range c.hooks.rules {
		if r.Code == code {
			if c.l.severity(r) == 0 {
				return nil
			}
			return r
		}
	}
	return nil
}

// FirstIndexOf returns the index of the first tool named name in the
// tool's list, or -1.
func (c *ToolContext) FirstIndexOf(name string) int { return c.Set.FirstNamedIn(c.Tool.List, name) }

// SchemaContext is what a Schema hook sees: one object schema inside a
// tool's parameters, or inside its output schema for a rule that runs on
// every schema. The linter reuses it from schema to schema, so a hook
// must not keep it past its call.
type SchemaContext struct {
	w     *walker
	rule  *Rule
	Tool  *tooldef.Tool
	Node  *jsondoc.Node // the schema object
	Root  *jsondoc.Node // the schema walked, parameters or output, for resolving "#/..." refs
	Depth int           // 0 for the root schema, one more for each nested schema
	Via   string        // the keyword that led here ("properties", "items", ...); "" at the root
}

// Refs resolves the references of the schema walked, the tool's
// parameter schema or its output schema, each once for the whole lint of
// the tool.
func (c *SchemaContext) Refs() *schema.Resolver { return c.w.tc.refsOf(c.w.root) }

// refsOf resolves the references of root, a schema of the tool. The
// linter keeps one Resolver for every tool it lints, reset for each
// schema whose references a rule asks for.
func (c *ToolContext) refsOf(root *jsondoc.Node) *schema.Resolver {
	if !c.refsReset || c.l.refs.Root() != root {
		c.l.refs.Reset(root)
		c.refsReset = true
	}
	return &c.l.refs
}

// AtRoot reports whether the schema is the root of the schema walked:
// the tool's parameter schema itself, or its output schema.
func (c *SchemaContext) AtRoot() bool { return c.Depth == 0 && c.Via == "" }

// Output reports whether the schema is in the tool's output schema
// rather than its parameters: only the rules that run on every schema
// of a tool see those (see Rule.Outputs).
func (c *SchemaContext) Output() bool { return c.w.output }

// OpenAPI reports whether the schema is Gemini's OpenAPI 3.0 subset
// rather than JSON Schema (Tool.OpenAPIParams, Tool.OpenAPIOutput).
func (c *SchemaContext) OpenAPI() bool { return c.w.openAPI }

// Path is the JSON path of the schema.
func (c *SchemaContext) Path() string { return c.w.path() }

// Segs are the steps from Root to the schema, in a slice of their own.
func (c *SchemaContext) Segs() []jsondoc.Seg {
	return append(append([]jsondoc.Seg(nil), c.w.prefix...), c.w.segs...)
}

// Report records a finding of the running rule about the schema itself,
// pointing at the whole schema: for what it lacks.
func (c *SchemaContext) Report(msg, hint string, fixes ...Fix) {
	c.ReportAt(c.Node, c.w.path(), msg, hint, fixes...)
}

// ReportAt records a finding about node n inside the schema, at path:
// the issue points at n, and path says where the rule applies, the
// schema's own (c.Path()) for a value of it that is wrong, such as an
// entry of its "required".
func (c *SchemaContext) ReportAt(n *jsondoc.Node, path, msg, hint string, fixes ...Fix) {
	c.w.tc.l.report(c.rule, n, path, msg, hint, c.Tool.Name, fixes...)
}

// ReportKey records a finding about the key of m, a member of an object
// inside the schema, at path.
func (c *SchemaContext) ReportKey(m jsondoc.Member, path, msg, hint string, fixes ...Fix) {
	l := c.w.tc.l
	start, end := l.doc.KeySpan(m)
	l.reportSpan(c.rule, start, end, path, msg, hint, c.Tool.Name, fixes...)
}

// ReportSpan records a finding about the text from byte offset start to
// just before end, as DocContext.ReportSpan does.
func (c *SchemaContext) ReportSpan(start, end int, path, msg, hint string, fixes ...Fix) {
	c.w.tc.l.reportSpan(c.rule, start, end, path, msg, hint, c.Tool.Name, fixes...)
}

// Doc is the document the schema is in, for the edits of a fix.
func (c *SchemaContext) Doc() *jsondoc.Document { return c.w.tc.Doc }

// Enabled reports whether rule r runs on this schema's tool.
func (c *SchemaContext) Enabled(r *Rule) bool { return c.w.tc.hooks.on[r] }

// A Fact is a value computed from a tool once, by the first rule that
// asks for it, and shared by the others for the rest of the tool's lint:
// the way rules share work without sharing state.
type Fact[T any] struct {
	compute func(*tooldef.Tool) T
}

// NewFact declares a fact computed by compute.
func NewFact[T any](compute func(*tooldef.Tool) T) *Fact[T] {
	return &Fact[T]{compute: compute}
}

type fact struct {
	key   any
	value any
}

// Of returns the fact for the tool of a context, a *ToolContext or a
// *SchemaContext.
func (f *Fact[T]) Of(c interface{ toolContext() *ToolContext }) T {
	tc := c.toolContext()
	for _, v := range tc.facts {
		if v.key == f {
			return v.value.(T)
		}
	}
	v := f.compute(tc.Tool)
	tc.facts = append(tc.facts, fact{key: f, value: v})
	return v
}

func (c *ToolContext) toolContext() *ToolContext   { return c }
func (c *SchemaContext) toolContext() *ToolContext { return c.w.tc }

// A DocFact is a value computed from the document's tools once a lint,
// by the first rule that asks for it, and shared by the others: what a
// rule needs to know of the other tools, computed once rather than for
// each tool.
type DocFact[T any] struct {
	compute func(*tooldef.ToolSet) T
}

// NewDocFact declares a document fact computed by compute.
func NewDocFact[T any](compute func(*tooldef.ToolSet) T) *DocFact[T] {
	return &DocFact[T]{compute: compute}
}

// docFacts holds a lint's document facts; the goroutines linting shares
// of the tools ask for them at once.
type docFacts struct {
	mu     sync.Mutex
	values map[any]any
}

// Of returns the fact for the document of a context.
func (f *DocFact[T]) Of(c interface{ docContext() *DocContext }) T {
	dc := c.docContext()
	facts := dc.l.docFacts
	facts.mu.Lock()
	defer facts.mu.Unlock()
	if v, ok := facts.values[f]; ok {
		return v.(T)
	}
	v := f.compute(dc.Set)
	if facts.values == nil {
		facts.values = map[any]any{}
	}
	facts.values[f] = v
	return v
}

func (c *DocContext) docContext() *DocContext    { return c }
func (c *SchemaContext) docContext() *DocContext { return &c.w.tc.DocContext }
