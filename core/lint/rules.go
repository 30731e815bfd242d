package lint

import (
	"fmt"
	"slices"
	"strings"

	"toolbench/core/catalog"
)

// Rule is one check, declared as data: its entry in the catalog of
// codes (code, severity, documents and fix), and the hooks the linter
// calls while it walks a document. The rule table drives the linter,
// `toolbench rules`, `toolbench explain`, SARIF's rule list and the
// pages of docs/rules, so they cannot drift apart.
//
// A hook reports findings through its context; it never formats output.
type Rule struct {
	catalog.Entry
	// Target is the name of the provider target whose rules the rule is
	// one of ("openai", "mcp", ...), "" for the rules that always run; of
	// a rule that several revisions of a provider's rules share, the
	// first of them in the table, the newest. The rule table sets it from
	// the targets.
	Target string

	// Hooks. A rule sets the ones it needs; a rule the linter reports
	// itself (invalid-document, invalid-tool) sets none.
	Document    func(*DocContext)    // once per document, before its tools
	Tool        func(*ToolContext)   // once per tool, before its schema
	Schema      func(*SchemaContext) // on each object schema, before its subschemas
	SchemaAfter func(*SchemaContext) // on each object schema, after its subschemas
	// Outputs says that the schema hooks run on every schema of a tool:
	// its output schema too (MCP's outputSchema, Gemini's response), as
	// the rules about how a schema is built do. A rule about what a model
	// may send (strict mode, a provider's limits) leaves it false and
	// runs on the parameter schema only. The rule table adds to the Doc
	// of a rule with schema hooks the paragraph that says which (see
	// withSchemasDoc).
	Outputs bool

	targets []*Target // the targets whose Rules hold it, in table order
}

// Targets returns the names of the targets whose rules the rule is one
// of, in table order: one, or each revision of a provider's rules that
// shares it; none for the rules that always run.
func (r *Rule) Targets() []string {
	names := make([]string, len(r.targets))
	for i, t := range r.targets {
		names[i] = t.Name
	}
	return names
}

// runsWith reports whether the rule runs with the targets on: it always
// runs, or one of its targets is on.
func (r *Rule) runsWith(on map[*Target]bool) bool {
	if len(r.targets) == 0 {
		return true
	}
	for _, t := range r.targets {
		if on[t] {
			return true
		}
	}
	return false
}

// ruleFamilies lists the families of rules that always run, in the order
// their hooks run; the targets' rules follow, in the order of targetTable.
var ruleFamilies = [][]*Rule{
	baseRules,
	documentRules,
	refRules,
	metaRules,
	hiddenRules,
	exampleRules,
	valueRules,
	customRules,
	securityRules,
}

var ruleTable, ruleIndex = buildTable(ruleFamilies, targetTable)

func buildTable(families [][]*Rule, targets []*Target) ([]*Rule, map[string]*Rule) {
	var table []*Rule
	index := map[string]*Rule{}
	add := func(r *Rule) {
		if err := validateRule(r); err != nil {
			panic(err)
		}
		r.Doc = withSchemasDoc(r)
		if index[r.Code] != nil {
			panic("lint: duplicate rule code " + r.Code)
		}
		index[r.Code] = r
		table = append(table, r)
	}
	for _, f := range families {
		for _, r := range f {
			add(r)
		}
	}
	for _, t := range targets {
		if err := validateTarget(t); err != nil {
			panic(err)
		}
		for _, r := range t.Rules {
			if len(r.targets) > 0 { // a rule an earlier revision listed
				if slices.Contains(r.targets, t) {
					panic("lint: target " + t.Name + " lists rule " + r.Code + " twice")
				}
				if r.targets[0].provider() != t.provider() {
					panic("lint: rule " + r.Code + " is in the rules of targets of two providers")
				}
				r.targets = append(r.targets, t)
				continue
			}
			r.Target, r.targets = t.Name, []*Target{t}
			add(r)
		}
	}
	return table, index
}

// validateRule adds to the entry's checks what a rule is held to: a
// severity of error or warning, and a code that starts with its
// provider's prefix exactly when it is a target's.
func validateRule(r *Rule) error {
	if err := r.Validate(); err != nil {
		return fmt.Errorf("lint: %w", err)
	}
	switch {
	case r.Severity != catalog.Error && r.Severity != catalog.Warning:
		return fmt.Errorf("lint: rule %s is neither an error nor a warning", r.Code)
	case r.Target != "" && !strings.HasPrefix(r.Code, providerOf(r.Target)+"/"):
		return fmt.Errorf("lint: rule %s of target %s must be named %s/...", r.Code, r.Target, providerOf(r.Target))
	case r.Target == "" && strings.Contains(strings.TrimPrefix(r.Code, SecurityPrefix), "/"):
		return fmt.Errorf("lint: rule %s has a target's name but no target", r.Code)
	case r.Outputs && r.Schema == nil && r.SchemaAfter == nil:
		return fmt.Errorf("lint: rule %s runs on output schemas but has no schema hook", r.Code)
	}
	return nil
}

// The paragraphs the rule table adds to the Doc of a rule with schema
// hooks, saying which of a tool's schemas it checks.
const (
	everySchemaDoc = `It checks every schema of a tool: the parameter schema, the output
schema (MCP's outputSchema, Gemini's response or responseJsonSchema),
their definitions ($defs, definitions) and the branches of anyOf, oneOf,
allOf, not and if/then/else, under every target; an issue in an output
schema has a path under it.`
	inputSchemaDoc = `It checks what a model may send only: the parameter schema and the
schemas it holds or refers to, not an output schema, which describes what
the tool returns.`
)

// withSchemasDoc is r's Doc with the paragraph that says which schemas
// its hooks run on, before its sources; the Doc alone for a rule without
// schema hooks.
func withSchemasDoc(r *Rule) string {
	if r.Schema == nil && r.SchemaAfter == nil {
		return r.Doc
	}
	para := inputSchemaDoc
	if r.Outputs {
		para = everySchemaDoc
	}
	if i := strings.Index(r.Doc, "\nSource"); i >= 0 {
		return r.Doc[:i+1] + para + "\n\n" + r.Doc[i+1:]
	}
	return r.Doc + "\n\n" + para
}

// Rules returns every rule, base rules first, in a fixed order.
func Rules() []*Rule { return slices.Clone(ruleTable) }

// LookupRule returns the rule with the given code, or nil.
func LookupRule(code string) *Rule { return ruleIndex[code] }

// SimilarRuleCodes returns up to three codes of rules that look like a
// mistyping of code (catalog.Similar): within a few edits of it, or the
// same rule under another target ("invalid-name" for
// "gemini/invalid-name").
func SimilarRuleCodes(code string) []string { return catalog.Similar(code, ruleCodes) }

// ruleCodes are the codes of ruleTable, in its order.
var ruleCodes = func() []string {
	codes := make([]string, len(ruleTable))
	for i, r := range ruleTable {
		codes[i] = r.Code
	}
	return codes
}()
