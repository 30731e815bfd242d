package lint

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// anthropicStrictSource is where Anthropic documents strict tool use and
// the JSON Schema it supports.
const anthropicStrictSource = `Source: Anthropic, strict tool use,
platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use;
structured outputs, "JSON Schema limitations" and "Schema complexity
limits", platform.claude.com/docs/en/build-with-claude/structured-outputs.`

// anthropicStrictRules are the restrictions of Anthropic's strict tool use
// (grammar-constrained sampling) on a tool's input_schema (target
// "anthropic-strict", and any Anthropic tool that sets "strict": true).
var anthropicStrictRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "anthropic-strict/additional-properties", Severity: catalog.Error,
			Summary: "An object schema in a strict Anthropic tool does not set \"additionalProperties\": false.",
			Doc: `Strict tool use supports "additionalProperties" only set to false, on every
object schema; any other value is rejected with a 400 error, and so is an
object that leaves it out (the SDKs add it before they send a schema; a
request written by hand does not).

Fix: add "additionalProperties": false to each object schema. toolbench
fix adds it where it is missing.

` + anthropicStrictSource,
			Fix: catalog.FixAuto,
		},
		Schema: func(c *SchemaContext) {
			if !describesObjects(c.Node) {
				return
			}
			switch ap := c.Node.Get("additionalProperties"); {
			case ap == nil:
				c.Report(`object schema does not set "additionalProperties": false, which Anthropic's strict mode requires`,
					`Add "additionalProperties": false.`,
					fixOf(`Add "additionalProperties": false`, jsonedit.AppendMember(c.Doc(), c.Node, "additionalProperties", "false"))...)
			case !(ap.Is(jsondoc.Bool) && ap.Str() == "false"):
				c.ReportAt(ap, jsondoc.AppendKey(c.Path(), "additionalProperties"),
					fmt.Sprintf("additionalProperties is %s; Anthropic's strict mode supports only false", openaiValueText(ap)),
					`Set "additionalProperties": false.`)
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "anthropic-strict/unsupported-keyword", Severity: catalog.Error,
			Summary: "A strict Anthropic tool's schema uses a keyword or value strict mode does not support.",
			Doc: `Strict tool use supports a subset of JSON Schema, and rejects a request
whose strict schemas use anything else with a 400 error. This rule reports
what Anthropic lists as not supported: numerical constraints (minimum,
maximum, exclusiveMinimum, exclusiveMaximum, multipleOf), string
constraints (minLength, maxLength), array constraints other than a
minItems of 0 or 1 (maxItems, uniqueItems, minContains, maxContains, a
larger minItems), enum values that are objects or lists, an allOf with a
$ref in it, a "format" outside date-time, time, date, duration, email,
hostname, uri, ipv4, ipv6 and uuid, and in a "pattern" backreferences
(\1), lookarounds ((?=...), (?!...), (?<=...), (?<!...)) and word
boundaries (\b, \B).

Fix: drop the constraint and say it in the property's description (the
Python and TypeScript SDKs do this, and check the answer against the full
schema themselves), or leave strict off for this tool.

` + anthropicStrictSource,
		},
		Schema: checkAnthropicStrictKeywords,
	},
	{
		Entry: catalog.Entry{
			Code: "anthropic-strict/unsupported-reference", Severity: catalog.Error,
			Summary: "A strict Anthropic tool's schema is recursive, or refers outside itself.",
			Doc: `Strict tool use supports local references ($ref to "#/$defs/..." or
"#/definitions/...") but not recursive schemas, where a definition refers,
directly or through others, to itself or to a schema holding it, nor
external references such as "http://...". Either fails the request.

Fix: unroll the recursion to the depth you need, and inline external
schemas into $defs.

` + anthropicStrictSource,
		},
		Schema: func(c *SchemaContext) {
			ref := c.Node.Get("$ref")
			if !ref.Is(jsondoc.String) {
				return
			}
			path := jsondoc.AppendKey(c.Path(), "$ref")
			switch {
			case !strings.HasPrefix(ref.Str(), "#"):
				c.ReportAt(ref, path, fmt.Sprintf("$ref %q refers outside the schema; Anthropic's strict mode supports only local references", ref.Str()),
					"Copy the referenced schema into $defs and refer to it there.")
			case anthropicRecursiveRefs.Of(c)[ref]:
				c.ReportAt(ref, path, fmt.Sprintf("$ref %q makes the schema recursive, which Anthropic's strict mode does not support", ref.Str()),
					"Unroll the recursion to the depth the tool needs.")
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "anthropic-strict/too-many-strict-tools", Severity: catalog.Error,
			Summary: "A request has more than the 20 strict tools Anthropic accepts.",
			Doc: `Anthropic accepts at most 20 tools with "strict": true in one request;
tools without it do not count. The issue is reported at the "strict" of
the 21st.

Fix: keep strict for the tools where a malformed input does real harm, or
split the tools among requests.

` + anthropicStrictSource,
		},
		Tool: func(c *ToolContext) { reportStrictLimit(c, strictTools) },
	},
	{
		Entry: catalog.Entry{
			Code: "anthropic-strict/too-many-optional-parameters", Severity: catalog.Error,
			Summary: "The strict tools of a request have more than 24 optional parameters in all.",
			Doc: `Across all the strict schemas of a request, Anthropic accepts at most 24
optional parameters: each property not listed in the "required" of its
object counts, in every object schema of a strict tool, nested ones and
definitions included. Each roughly doubles part of the grammar the API
compiles. The issue is reported at the "strict" of the tool that passes
the limit, with the total so far.

Fix: make parameters required where a default can be given explicitly,
mark fewer tools strict, or split them among requests.

` + anthropicStrictSource,
		},
		Tool: func(c *ToolContext) { reportStrictLimit(c, strictOptional) },
	},
	{
		Entry: catalog.Entry{
			Code: "anthropic-strict/too-many-union-parameters", Severity: catalog.Error,
			Summary: "The strict tools of a request have more than 16 parameters with union types in all.",
			Doc: `Across all the strict schemas of a request, Anthropic accepts at most 16
parameters that use anyOf or a type array ("type": ["string", "null"]):
their compilation cost grows exponentially. Each property schema with an
anyOf or a list of two or more types counts, at any depth. The issue is
reported at the "strict" of the tool that passes the limit.

Fix: give such parameters one type where you can, mark fewer tools
strict, or split them among requests.

` + anthropicStrictSource,
		},
		Tool: func(c *ToolContext) { reportStrictLimit(c, strictUnions) },
	},
}

// anthropicStrictFormats are the string formats strict mode supports.
var anthropicStrictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}

func checkAnthropicStrictKeywords(c *SchemaContext) {
	const hint = "Drop it and say the constraint in the description, or leave strict off for this tool."
	for _, m := range c.Node.Kids() {
		// The path is made for a report only: it is as long as the
		// schema is deep.
		path := func() string { return jsondoc.AppendKey(c.Path(), m.Key) }
		v := m.Value
		switch m.Key {
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
			"maxItems", "uniqueItems", "minContains", "maxContains":
			c.ReportAt(v, path(), m.Key+" is not supported in Anthropic's strict mode", hint)
		case "minItems":
			if v.Is(jsondoc.Number) && v.Str() != "0" && v.Str() != "1" {
				c.ReportAt(v, path(), "minItems is "+v.Str()+"; Anthropic's strict mode supports only 0 or 1", hint)
			}
		case "format":
			if v.Is(jsondoc.String) && !slices.Contains(anthropicStrictFormats, v.Str()) {
				c.ReportAt(v, path(), fmt.Sprintf("format %q is not one Anthropic's strict mode supports", v.Str()),
					"Use one of "+strings.Join(anthropicStrictFormats, ", ")+", or drop the format and describe it.")
			}
		case "enum":
			for i, e := range v.Elems() {
				if e.Value.Is(jsondoc.Object) || e.Value.Is(jsondoc.Array) {
					c.ReportAt(e.Value, jsondoc.AppendIndex(path(), i), "enum value "+strconv.Itoa(i)+" is "+e.Value.Kind.Phrase()+"; Anthropic's strict mode supports strings, numbers, booleans and null",
						"Use an anyOf of const schemas, or a plain value.")
				}
			}
		case "allOf":
			for i, e := range v.Elems() {
				if e.Value.Has("$ref") {
					c.ReportAt(e.Value, jsondoc.AppendIndex(path(), i), "an allOf branch with a $ref is not supported in Anthropic's strict mode",
						"Merge the referenced schema into the allOf branch, or into the schema itself.")
				}
			}
		case "pattern":
			if v.Is(jsondoc.String) {
				if what := anthropicPatternProblem(v.Str()); what != "" {
					c.ReportAt(v, path(), "the pattern uses "+what+", which Anthropic's strict mode does not support",
						"Rewrite the pattern with character classes, groups and simple quantifiers only.")
				}
			}
		}
	}
}

// anthropicPatternProblem names the first feature of a pattern strict
// mode does not support, "" when there is none.
func anthropicPatternProblem(p string) string {
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '\\' && i+1 < len(p):
			switch c := p[i+1]; {
			case c >= '1' && c <= '9':
				return "a backreference (" + p[i:i+2] + ")"
			case c == 'b' || c == 'B':
				return "a word boundary (" + p[i:i+2] + ")"
			}
			i++
		case strings.HasPrefix(p[i:], "(?=") || strings.HasPrefix(p[i:], "(?!") || strings.HasPrefix(p[i:], "(?<=") || strings.HasPrefix(p[i:], "(?<!"):
			return "a lookaround"
		}
	}
	return ""
}

// anthropicRecursiveRefs are the "$ref" values of a tool's schema that
// make it recursive: the schema they lead to reaches them again, through
// the references inside it.
//
// A schema reaches what it holds, and what the references it holds lead
// to: a graph whose nodes are the objects and lists of the parameter
// schema, with an edge from each to the values in it and from each schema
// with a local "$ref" to the value the reference names. A reference makes
// the schema recursive when what it names reaches the schema holding it,
// which has an edge to what it names: when the two are in one strongly
// connected component of the graph. Finding the components takes time
// linear in the schema's size, however the references chain.
var anthropicRecursiveRefs = NewFact(func(t *tooldef.Tool) map[*jsondoc.Node]bool {
	root := t.Params
	refs := schema.NewResolver(root)
	jump := map[*jsondoc.Node]*jsondoc.Node{} // a schema with a local $ref → what it names
	schema.Walk(root, nil, func(s *jsondoc.Node, _ []jsondoc.Seg) bool {
		if r := s.Get("$ref"); r.Is(jsondoc.String) {
			if tg := refs.Resolve(r.Str()); tg.Node != nil {
				jump[s] = tg.Node
			}
		}
		return true
	})
	if len(jump) == 0 {
		return nil
	}
	comp := components(root, jump)
	out := map[*jsondoc.Node]bool{}
	for s, to := range jump {
		if comp[s] == comp[to] {
			out[s.Get("$ref")] = true
		}
	}
	return out
})

// components numbers the strongly connected components of the graph of
// root's objects and lists, with an edge from each to the objects and
// lists in it, and from each node in jump to its value there (Tarjan's
// algorithm, with a stack of its own rather than recursion, so that a
// chain of any length costs no goroutine stack). A node that is no
// object or list gets no number: it is in a component of its own.
func components(root *jsondoc.Node, jump map[*jsondoc.Node]*jsondoc.Node) map[*jsondoc.Node]int {
	isContainer := func(n *jsondoc.Node) bool { return n.Is(jsondoc.Object) || n.Is(jsondoc.Array) }
	type frame struct {
		n    *jsondoc.Node
		next int // the edge to follow next
	}
	var (
		order   = map[*jsondoc.Node]int{} // the order nodes are first reached in, from 1
		low     = map[*jsondoc.Node]int{}
		onStack = map[*jsondoc.Node]bool{}
		comp    = map[*jsondoc.Node]int{}
		stack   []*jsondoc.Node
		frames  []frame
		ncomp   int
	)
	reach := func(n *jsondoc.Node) {
		order[n] = len(order) + 1
		low[n] = order[n]
		stack, onStack[n] = append(stack, n), true
		frames = append(frames, frame{n: n})
	}
	if !isContainer(root) {
		return comp
	}
	reach(root)
	for len(frames) > 0 {
		f := &frames[len(frames)-1]
		v := f.n
		// The edges of v are its values, then its jump, if it has one.
		if kids := v.Kids(); f.next <= len(kids) {
			w := jump[v]
			if f.next < len(kids) {
				w = kids[f.next].Value
			}
			f.next++
			switch {
			case !isContainer(w):
			case order[w] == 0:
				reach(w)
			case onStack[w]:
				low[v] = min(low[v], order[w])
			}
			continue
		}
		frames = frames[:len(frames)-1]
		if len(frames) > 0 {
			parent := frames[len(frames)-1].n
			low[parent] = min(low[parent], low[v])
		}
		if low[v] != order[v] {
			continue
		}
		ncomp++
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			delete(onStack, w)
			comp[w] = ncomp
			if w == v {
				break
			}
		}
	}
	return comp
}

// A strictLimit is one of the limits on all the strict schemas of a
// request.
type strictLimit int

const (
	strictTools strictLimit = iota
	strictOptional
	strictUnions
)

var strictLimits = [...]struct {
	max  int
	what string
}{
	strictTools:    {20, "strict tools"},
	strictOptional: {24, "optional parameters"},
	strictUnions:   {16, "parameters with union types"},
}

// strictTotals holds, for each tool of the document that passes one of
// the limits, the limit and the total that passes it, counting the
// tools of its list with "strict": true in list order.
var strictPassed = NewDocFact(func(ts *tooldef.ToolSet) map[int][]strictTotal {
	out := map[int][]strictTotal{}
	totals := make([][3]int, len(ts.Lists))
	for i := range ts.Tools {
		t := &ts.Tools[i]
		if !t.Strict || t.Kind != tooldef.KindFunction {
			continue
		}
		tot := &totals[t.List]
		optional, unions := strictParameters(t.Params)
		for lim, n := range [3]int{1, optional, unions} {
			before := tot[lim]
			tot[lim] += n
			if max := strictLimits[lim].max; before <= max && tot[lim] > max {
				out[i] = append(out[i], strictTotal{strictLimit(lim), tot[lim]})
			}
		}
	}
	return out
})

type strictTotal struct {
	limit strictLimit
	total int
}

// strictParameters counts the optional parameters of a schema, and the
// parameters with union types, at every depth.
func strictParameters(root *jsondoc.Node) (optional, unions int) {
	if !root.Is(jsondoc.Object) {
		return 0, 0
	}
	schema.Walk(root, nil, func(s *jsondoc.Node, _ []jsondoc.Seg) bool {
		required := stringsIn(s.Get("required"))
		for _, p := range s.Get("properties").Members() {
			if !required(p.Key) {
				optional++
			}
			if p.Value.Has("anyOf") || p.Value.Get("type").Len() > 1 {
				unions++
			}
		}
		return true
	})
	return optional, unions
}

// reportStrictLimit reports the tool when the strict tools of its list
// pass the limit with it.
func reportStrictLimit(c *ToolContext, lim strictLimit) {
	for _, p := range strictPassed.Of(c)[c.Tool.Index] {
		if p.limit != lim {
			continue
		}
		t := c.Tool
		at, path := t.Def.Get("strict"), jsondoc.AppendKey(t.DefPath, "strict")
		if at == nil {
			at, path = t.Node.Get("strict"), jsondoc.AppendKey(t.Path, "strict")
		}
		l := strictLimits[lim]
		msg := fmt.Sprintf("with this tool the request's strict tools have %d %s; Anthropic accepts at most %d", p.total, l.what, l.max)
		if lim == strictTools {
			msg = fmt.Sprintf("this is strict tool %d of the request; Anthropic accepts at most %d", p.total, l.max)
		}
		c.Report(at, path, msg, "Mark fewer tools strict, or split the tools among requests.")
	}
}

var anthropicStrictTarget = &Target{
	Name:    "anthropic-strict",
	Summary: "everything `anthropic` checks, and strict tool use: `additionalProperties: false` on every object schema; no numerical or string length constraints, no array constraints but `minItems` 0 or 1, primitive enum values, no `allOf` with `$ref`, the ten supported formats, no backreferences, lookarounds or `\\b` in patterns, no recursive or external `$ref`; per request at most 20 strict tools, 24 optional parameters and 16 parameters with union types",
	Doc: `With "strict": true, Anthropic constrains Claude's tool input to the
tool's input_schema by grammar-constrained sampling, and accepts only a
subset of JSON Schema, within limits on all the strict schemas of a
request. An Anthropic tool (one with an input_schema) that sets "strict":
true gets these rules and the anthropic target's whatever the options
say; a strict tool in OpenAI's shape gets openai-strict's.

` + anthropicStrictSource,
	Implies:  []*Target{anthropicTarget},
	OptIn:    func(t *tooldef.Tool) bool { return t.Strict && t.Shape == tooldef.ShapeAnthropic },
	OptInDoc: `"strict": true on a tool with an input_schema`,
	Rules:    anthropicStrictRules,
}
