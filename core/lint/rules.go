package lint

import (
	"fmt"
	"slices"
	"strings"

	"toolbench/core/termtext"
)

// Rule is one check, declared as data: its code, severity and documents,
// and the hooks the linter calls while it walks a document. The rule table
// drives the linter, `toolbench rules`, `toolbench explain`, SARIF's rule
// list and README's rule list, so they cannot drift apart.
//
// A hook reports findings through its context; it never formats output.
type Rule struct {
	Code     string
	Severity Severity
	// Target is the name of the provider target whose rules the rule is
	// one of ("openai", "mcp", ...), "" for the rules that always run; of
	// a rule that several revisions of a provider's rules share, the
	// first of them in the table, the newest. The rule table sets it from
	// the targets.
	Target  string
	Summary string // one line
	Doc     string // what it checks, why it matters, how to fix it, and the source
	// Fix says whether the rule's issues carry fixes and when toolbench
	// fix makes them; the Doc then says what they do.
	Fix FixMode

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
	// schemasDoc).
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

// FixMode says whether a rule offers fixes, and when they are made.
type FixMode uint8

const (
	FixNone      FixMode = iota // the rule offers no fix
	FixAuto                     // toolbench fix makes the rule's fixes unless told which rules to fix
	FixOnRequest                // toolbench fix makes them only when --code names the rule
)

// fixDocMark is what a rule's Doc says, followed by what the fix does,
// when the rule offers one.
const fixDocMark = "toolbench fix"

func validateRule(r *Rule) error {
	switch {
	case r.Code == "":
		return fmt.Errorf("lint: rule without a code")
	case r.Severity != Error && r.Severity != Warning:
		return fmt.Errorf("lint: rule %s has no severity", r.Code)
	case r.Summary == "" || r.Doc == "":
		return fmt.Errorf("lint: rule %s is not documented", r.Code)
	case r.Target != "" && !strings.HasPrefix(r.Code, providerOf(r.Target)+"/"):
		return fmt.Errorf("lint: rule %s of target %s must be named %s/...", r.Code, r.Target, providerOf(r.Target))
	case r.Target == "" && strings.Contains(r.Code, "/"):
		return fmt.Errorf("lint: rule %s has a target's name but no target", r.Code)
	case (r.Fix != FixNone) != mentionsFix(r.Doc):
		return fmt.Errorf("lint: rule %s must say in its Doc what %q does exactly when it offers a fix", r.Code, fixDocMark)
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
	if strings.Contains(r.Doc, para) {
		return r.Doc // a table built twice, in a test
	}
	if i := strings.Index(r.Doc, "\nSource"); i >= 0 {
		return r.Doc[:i+1] + para + "\n\n" + r.Doc[i+1:]
	}
	return r.Doc + "\n\n" + para
}

// mentionsFix reports whether doc has "toolbench fix", the two words
// split by any run of white space (a Doc is wrapped where it is
// written). It allocates nothing: every start of toolbench checks every
// rule's Doc.
func mentionsFix(doc string) bool {
	const first, second = "toolbench", "fix"
	for i := strings.Index(doc, first); i >= 0; {
		rest := doc[i+len(first):]
		if trimmed := strings.TrimLeft(rest, " \t\n"); len(trimmed) < len(rest) && strings.HasPrefix(trimmed, second) {
			return true
		}
		j := strings.Index(rest, first)
		if j < 0 {
			break
		}
		i += len(first) + j
	}
	return false
}

// Rules returns every rule, base rules first, in a fixed order.
func Rules() []*Rule { return slices.Clone(ruleTable) }

// LookupRule returns the rule with the given code, or nil.
func LookupRule(code string) *Rule { return ruleIndex[code] }

// SimilarRuleCodes returns up to three codes that look like a mistyping
// of code: within a few edits of it, or the same rule under another
// target ("invalid-name" for "gemini/invalid-name").
func SimilarRuleCodes(code string) []string {
	type candidate struct {
		code string
		dist int
	}
	var cands []candidate
	base := code[strings.LastIndexByte(code, '/')+1:]
	for _, r := range ruleTable {
		rbase := r.Code[strings.LastIndexByte(r.Code, '/')+1:]
		d := termtext.EditDistance(code, r.Code)
		if rbase == base {
			d = min(d, 1)
		}
		if d <= max(2, len(code)/4) {
			cands = append(cands, candidate{r.Code, d})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return a.dist - b.dist })
	var out []string
	for i := 0; i < len(cands) && i < 3; i++ {
		out = append(out, cands[i].code)
	}
	return out
}
