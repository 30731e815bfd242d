package core

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// metaRules validate each tool's parameter schema against the JSON Schema
// meta-schema of its draft.
var metaRules = []*Rule{
	{
		Code: "invalid-schema", Severity: Error,
		Summary: "The parameter schema is not valid JSON Schema.",
		Doc: `The tool's parameter schema is validated against the JSON Schema
meta-schema: draft 2020-12, or the draft its "$schema" names (2019-09,
draft-07, draft-06 or draft-04). Each problem is one issue, at the value
that breaks the meta-schema: a "minimum" written as a string, a "required"
that repeats a name, an "items" that is a list where draft 2020-12 wants one
schema (a tuple is "prefixItems" there), a "$ref" that is not a URI
reference, a "pattern" that no regular expression engine accepts.

A schema that is not valid JSON Schema cannot be compiled: providers reject
the tool, or ignore what they do not understand and let the model produce
arguments your code then rejects.

Formats the meta-schema asks for are checked (a "$schema" must be a URI, a
"$ref" a URI reference). A "pattern" is reported only when it is broken in
ECMA-262 too (an unclosed group or class, a quantifier with nothing to
repeat, a trailing backslash): look-ahead and other syntax Go lacks is
accepted. A schema a local "$ref" reaches outside the walked keywords is
validated as well, once. Gemini's "parameters" is an OpenAPI schema rather
than JSON Schema and is left to the gemini target.

Fix: make the value match what the meta-schema allows; the message says
what it got and what it wants.

Source: JSON Schema 2020-12 Core and Validation
(json-schema.org/draft/2020-12), and the meta-schemas of each draft
(json-schema.org/specification-links).`,
		Tool:   metaCheckTool,
		Schema: metaCheckRefTarget,
	},
}

func metaCheckTool(c *ToolContext) {
	t := c.Tool
	if t.Params == nil || t.Shape == ShapeGemini && t.ParamsKey == "parameters" {
		return
	}
	for _, p := range metaFindings(t.Params, metaDraftOf(t.Params), c.l.ignore, true) {
		c.Report(p.node, appendSegs(t.ParamsPath(), p.segs), p.msg, p.hint)
	}
}

// metaCheckRefTarget validates a schema the walker reached only through a
// reference: its own members were never part of the root's validation.
func metaCheckRefTarget(c *SchemaContext) {
	if c.Via != "$ref" || c.Tool.Shape == ShapeGemini && c.Tool.ParamsKey == "parameters" {
		return
	}
	base := c.Path()
	for _, p := range metaFindings(c.Node, metaDraftOf(c.Root), c.w.l.ignore, true) {
		c.ReportAt(p.node, appendSegs(base, p.segs), p.msg, p.hint)
	}
}

// metaCovered reports whether a base rule already reports the problem at
// segs below root, in words of its own: unknown-type a type that is not a
// type name, invalid-required a "required" that is not a list of strings,
// invalid-enum an "enum" that is not a list. invalid-schema leaves those
// to them unless they are ignored, and reports what they do not see (a
// type listed twice, say).
func metaCovered(root *Node, segs []pathSeg, ignore map[string]bool) bool {
	i := len(segs) - 1
	if i >= 0 && segs[i].index >= 0 {
		i--
	}
	if i < 0 || !metaWalkedSchemaAt(segs[:i]) {
		return false
	}
	parent := root
	for _, s := range segs[:i] {
		parent, _ = metaStep(parent, metaToken(s))
	}
	v := parent.Get(segs[i].key)
	switch segs[i].key {
	case "type":
		return !ignore["unknown-type"] && metaBadTypeValue(v)
	case "required":
		if ignore["invalid-required"] {
			return false
		}
		return !v.Is(Array) || i < len(segs)-1 && !v.Elem(segs[i+1].index).Is(String)
	case "enum":
		return !ignore["invalid-enum"] && !v.Is(Array)
	}
	return false
}

// metaWalkedSchemaAt reports whether segs lead from a schema to a schema
// the linter's walker visits, so the base rules check it.
func metaWalkedSchemaAt(segs []pathSeg) bool {
	const (
		schema = iota
		schemaMap
		schemaList
		other
	)
	state := schema
	items := false // the last key was "items", a schema or a list of them
	for _, s := range segs {
		if items && s.index >= 0 {
			state, items = schema, false
			continue
		}
		items = state == schema && s.key == "items"
		switch {
		case state == schemaMap && s.index < 0, state == schemaList && s.index >= 0:
			state = schema
		case state == schema && s.index < 0 && isSchemaMapKeyword(s.key):
			state = schemaMap
		case state == schema && s.index < 0 && isSchemaKeyword(s.key):
			state = schema
		case state == schema && s.index < 0 && isSchemaListKeyword(s.key):
			state = schemaList
		default:
			state = other
		}
	}
	return state == schema
}

// metaBadTypeValue reports whether unknown-type reports this "type".
func metaBadTypeValue(v *Node) bool {
	switch v.Kind {
	case String:
		return !metaSimpleType(v.Str())
	case Array:
		for _, m := range v.Kids() {
			if !m.Value.Is(String) || !metaSimpleType(m.Value.Str()) {
				return true
			}
		}
		return false
	}
	return true
}

func metaToken(s pathSeg) string {
	if s.index >= 0 {
		return strconv.Itoa(s.index)
	}
	return s.key
}

// metaDraft is a JSON Schema draft with its meta-schema, compiled on first
// use and shared by every lint after: compiling one takes longer than
// validating thousands of tools.
type metaDraft struct {
	name    string // "2020-12", "draft-07"
	url     string
	version int // 4, 6, 7, 2019, 2020

	once   sync.Once
	schema *jsonschema.Schema
}

var metaDrafts = []*metaDraft{
	{name: "2020-12", url: "https://json-schema.org/draft/2020-12/schema", version: 2020},
	{name: "2019-09", url: "https://json-schema.org/draft/2019-09/schema", version: 2019},
	{name: "draft-07", url: "http://json-schema.org/draft-07/schema", version: 7},
	{name: "draft-06", url: "http://json-schema.org/draft-06/schema", version: 6},
	{name: "draft-04", url: "http://json-schema.org/draft-04/schema", version: 4},
}

// metaDraftByURL returns the draft a "$schema" value names, or nil.
func metaDraftByURL(u string) *metaDraft {
	u = strings.TrimSuffix(u, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	if u == "json-schema.org/schema" {
		return metaDrafts[0]
	}
	for _, d := range metaDrafts {
		if strings.TrimPrefix(strings.TrimPrefix(d.url, "https://"), "http://") == u {
			return d
		}
	}
	return nil
}

// metaDraftOf is the draft a root schema is written in: the one its
// "$schema" names, else 2020-12, which MCP and JSON Schema itself assume.
func metaDraftOf(root *Node) *metaDraft {
	if d := metaDraftByURL(root.Get("$schema").Text()); d != nil {
		return d
	}
	return metaDrafts[0]
}

func (d *metaDraft) compiled() *jsonschema.Schema {
	d.once.Do(func() {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		c.UseRegexpEngine(metaRegexp)
		d.schema = c.MustCompile(d.url) // the library embeds every draft's meta-schema
	})
	return d.schema
}

// metaRegexp compiles a "pattern" for the meta-schema's "regex" format.
// JSON Schema patterns are ECMA-262 expressions, which Go's RE2 syntax
// only approximates, so a pattern Go rejects is reported only for an error
// ECMA-262 shares.
func metaRegexp(s string) (jsonschema.Regexp, error) {
	re, err := regexp.Compile(s)
	if err == nil {
		return re, nil
	}
	var se *syntax.Error
	if errors.As(err, &se) && metaBrokenEverywhere(se.Code, s) {
		return nil, err
	}
	return opaqueRegexp(s), nil
}

func metaBrokenEverywhere(code syntax.ErrorCode, s string) bool {
	switch code {
	case syntax.ErrMissingParen, syntax.ErrUnexpectedParen, syntax.ErrTrailingBackslash,
		syntax.ErrMissingRepeatArgument, syntax.ErrInvalidRepeatOp:
		return true
	case syntax.ErrMissingBracket:
		// "[]" and "[^]" are classes in ECMA-262; Go reads their "]" as a member.
		return !strings.Contains(s, "[]") && !strings.Contains(s, "[^]")
	}
	return false
}

// opaqueRegexp stands for a pattern Go cannot compile but ECMA-262 may;
// the meta-schema only asks whether it compiles.
type opaqueRegexp string

func (r opaqueRegexp) String() string            { return string(r) }
func (r opaqueRegexp) MatchString(s string) bool { return false }

// metaIssue is one problem the meta-schema finds, at segs below the
// validated schema.
type metaIssue struct {
	node *Node
	segs []pathSeg
	msg  string
	hint string
}

// metaFindings are the issues invalid-schema reports for n: what the
// meta-schema finds that the base rules do not already report (see
// metaCovered). With quick, schemas made only of the keywords most tools
// use are judged by hand, without converting the tree or running the
// validator; anything else goes to the validator, so the findings are the
// same either way.
func metaFindings(n *Node, d *metaDraft, ignore map[string]bool, quick bool) []metaIssue {
	if quick && (metaQuick{d: d, ignore: ignore}).schema(n, true, true) {
		return nil
	}
	var out []metaIssue
	for _, p := range metaValidate(n, d) {
		if !metaCovered(n, p.segs, ignore) {
			out = append(out, p)
		}
	}
	return out
}

// metaValidate runs the validator and turns each problem it finds into an
// issue, in document order.
func metaValidate(n *Node, d *metaDraft) []metaIssue {
	err := d.compiled().Validate(n.Value())
	var ve *jsonschema.ValidationError
	if err == nil || !errors.As(err, &ve) {
		return nil
	}
	var out []metaIssue
	for _, p := range metaCollect(ve, nil) {
		out = append(out, metaIssueAt(n, p, d))
	}
	slices.SortStableFunc(out, func(a, b metaIssue) int {
		return cmp.Or(cmp.Compare(a.node.Start, b.node.Start), strings.Compare(a.msg, b.msg))
	})
	return slices.CompactFunc(out, func(a, b metaIssue) bool { return a.node == b.node && a.msg == b.msg })
}

// metaProblem is a failure the validator reports at an instance location.
// A mismatch is a value of the wrong JSON type altogether; wants lists
// the types that would have done.
type metaProblem struct {
	loc      []string
	kind     jsonschema.ErrorKind // nil for a problem merged from anyOf branches
	mismatch bool
	wants    []string
}

var metaPrinter = message.NewPrinter(language.English)

// metaCollect flattens the validator's tree of errors to its leaves. Of
// the branches of an anyOf or oneOf, one problem is kept: the branch whose
// type fits the value, or when none does, what the branches wanted.
func metaCollect(e *jsonschema.ValidationError, out []metaProblem) []metaProblem {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) > 0 {
			return append(out, metaBestBranch(e)...)
		}
	}
	if len(e.Causes) == 0 {
		return append(out, metaLeaf(e))
	}
	for _, c := range e.Causes {
		out = metaCollect(c, out)
	}
	return out
}

func metaLeaf(e *jsonschema.ValidationError) metaProblem {
	p := metaProblem{loc: e.InstanceLocation, kind: e.ErrorKind}
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		p.mismatch, p.wants = true, k.Want
	case *kind.Enum:
		p.wants = metaTypesOf(k.Want)
		p.mismatch = !slices.Contains(p.wants, metaTypeOf(k.Got))
	case *kind.Const:
		p.wants = metaTypesOf([]any{k.Want})
		p.mismatch = !slices.Contains(p.wants, metaTypeOf(k.Got))
	}
	return p
}

func metaBestBranch(e *jsonschema.ValidationError) []metaProblem {
	var best []metaProblem
	bestDepth := -1
	var wants []string
	for _, c := range e.Causes {
		b := metaCollect(c, nil)
		fits, depth := true, 0
		for _, p := range b {
			if p.mismatch && len(p.loc) == len(e.InstanceLocation) {
				fits = false
				for _, w := range p.wants {
					if !slices.Contains(wants, w) {
						wants = append(wants, w)
					}
				}
			}
			depth = max(depth, len(p.loc))
		}
		if fits && depth > bestDepth {
			best, bestDepth = b, depth
		}
	}
	if best != nil {
		return best
	}
	return []metaProblem{{loc: e.InstanceLocation, mismatch: true, wants: wants}}
}

// metaTypeOf is the JSON Schema type name of a value the validator holds.
func metaTypeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "number"
}

func metaTypesOf(vs []any) []string {
	var out []string
	for _, v := range vs {
		if t := metaTypeOf(v); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// metaIssueAt locates p in the tree under n and words it.
func metaIssueAt(n *Node, p metaProblem, d *metaDraft) metaIssue {
	node, segs := n, []pathSeg(nil)
	for _, tok := range p.loc {
		next, seg := metaStep(node, tok)
		if next == nil {
			break
		}
		node, segs = next, append(segs, seg)
	}
	var msg string
	if p.kind == nil {
		msg = fmt.Sprintf("got %s, want %s", node.Kind, strings.Join(p.wants, " or "))
	} else {
		msg = p.kind.LocalizedString(metaPrinter)
	}
	if w := metaWhere(segs); w != "" {
		msg = w + ": " + msg
	}
	return metaIssue{
		node: node,
		segs: segs,
		msg:  fmt.Sprintf("%s (JSON Schema %s)", msg, d.name),
		hint: metaHint(node, segs, p, d),
	}
}

func metaStep(n *Node, tok string) (*Node, pathSeg) {
	switch n.Kind {
	case Object:
		if v := n.Get(tok); v != nil {
			return v, pathSeg{key: tok, index: -1}
		}
	case Array:
		if i, ok := refIndex(tok, n.Len()); ok {
			return n.Elem(i), pathSeg{index: i}
		}
	}
	return nil, pathSeg{}
}

// metaWhere names the value a problem is at by its last key and any
// indexes after it: "minimum", "required[1]".
func metaWhere(segs []pathSeg) string {
	i := len(segs) - 1
	for i >= 0 && segs[i].index >= 0 {
		i--
	}
	if i < 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(segs[i].key)
	for _, s := range segs[i+1:] {
		fmt.Fprintf(&b, "[%d]", s.index)
	}
	return b.String()
}

func metaHint(node *Node, segs []pathSeg, p metaProblem, d *metaDraft) string {
	last := ""
	if len(segs) > 0 && segs[len(segs)-1].index < 0 {
		last = segs[len(segs)-1].key
	}
	switch {
	case last == "items" && node.Is(Array) && d.version >= 2020:
		return "Draft 2020-12 writes a tuple as \"prefixItems\"; \"items\" takes one schema. Or name an older draft in \"$schema\"."
	case last == "type" || len(segs) > 1 && segs[len(segs)-2].key == "type":
		return "The JSON Schema types are array, boolean, integer, null, number, object and string."
	case last == "required":
		return "List each property name once, as a string."
	}
	if _, ok := p.kind.(*kind.Format); ok && last == "pattern" {
		return "Fix the regular expression: JSON Schema patterns are ECMA-262 expressions."
	}
	return "Make the value match the JSON Schema " + d.name + " meta-schema."
}

// metaQuick judges by hand whether a schema certainly passes d's
// meta-schema, for the keywords most tool schemas use, or fails it only
// where a base rule reports the problem (metaCovered). A false answer
// means only "not sure": the validator decides then. Every check is at
// least as strict as the meta-schema's, so what it passes yields no
// finding from the validator either (a test holds it to that). Keywords
// the meta-schemas do not define are allowed with any value, as the
// meta-schemas allow them.
type metaQuick struct {
	d      *metaDraft
	ignore map[string]bool
}

// schema judges n; walked says the linter's walker visits it, so the base
// rules check it.
func (q metaQuick) schema(n *Node, root, walked bool) bool {
	if n.Is(Bool) {
		return true
	}
	if !n.Is(Object) || q.d.version < 6 {
		return false
	}
	for _, m := range n.Kids() {
		if !q.member(m.Key, m.Value, root, walked) {
			return false
		}
	}
	return true
}

func (q metaQuick) member(key string, v *Node, root, walked bool) bool {
	switch key {
	case "type":
		return metaQuickType(v) || walked && !q.ignore["unknown-type"] && metaBadTypeValue(v)
	case "properties", "definitions", "$defs":
		return q.schemaMap(v, walked)
	case "items":
		return q.schema(v, false, walked) || q.d.version < 2020 && q.schemaList(v, walked)
	case "prefixItems", "allOf", "anyOf", "oneOf":
		return q.schemaList(v, walked)
	case "additionalProperties", "not", "if", "then", "else":
		return q.schema(v, false, walked)
	case "additionalItems", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties":
		return q.schema(v, false, false)
	case "required":
		return metaQuickStrings(v) || walked && !q.ignore["invalid-required"] && !v.Is(Array)
	case "enum":
		if !v.Is(Array) {
			return walked && !q.ignore["invalid-enum"]
		}
		return q.d.version >= 2019 || v.Len() > 0 && metaQuickStrings(v)
	case "examples":
		return v.Is(Array)
	case "const", "default":
		return true
	case "title", "description", "$comment", "format", "contentEncoding", "contentMediaType":
		return v.Is(String)
	case "pattern":
		if !v.Is(String) {
			return false
		}
		_, err := metaRegexp(v.Str())
		return err == nil
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		return v.Is(Number)
	case "multipleOf":
		return metaQuickPositive(v)
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains":
		return metaQuickCount(v)
	case "uniqueItems", "readOnly", "writeOnly", "deprecated":
		return v.Is(Bool)
	case "$ref":
		return metaQuickRef(v)
	case "$schema":
		return root && v.Is(String) && metaDraftByURL(v.Str()) != nil
	case "$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$recursiveRef", "$recursiveAnchor",
		"dependencies", "dependentRequired", "dependentSchemas", "patternProperties", "contentSchema":
		return false // rare enough to leave to the validator
	}
	return true
}

func (q metaQuick) schemaMap(v *Node, walked bool) bool {
	if !v.Is(Object) {
		return false
	}
	for _, m := range v.Kids() {
		if !q.schema(m.Value, false, walked) {
			return false
		}
	}
	return true
}

func (q metaQuick) schemaList(v *Node, walked bool) bool {
	if !v.Is(Array) || v.Len() == 0 {
		return false
	}
	for _, m := range v.Kids() {
		if !q.schema(m.Value, false, walked) {
			return false
		}
	}
	return true
}

func metaQuickType(v *Node) bool {
	if v.Is(String) {
		return metaSimpleType(v.Str())
	}
	if !v.Is(Array) || v.Len() == 0 {
		return false
	}
	for i, m := range v.Kids() {
		if !m.Value.Is(String) || !metaSimpleType(m.Value.Str()) {
			return false
		}
		for _, prev := range v.Kids()[:i] {
			if prev.Value.Str() == m.Value.Str() {
				return false
			}
		}
	}
	return true
}

func metaSimpleType(s string) bool {
	switch s {
	case "array", "boolean", "integer", "null", "number", "object", "string":
		return true
	}
	return false
}

// metaQuickStrings accepts a list of distinct strings.
func metaQuickStrings(v *Node) bool {
	if !v.Is(Array) {
		return false
	}
	if v.Len() > 16 {
		seen := make(map[string]bool, v.Len())
		for _, m := range v.Kids() {
			if !m.Value.Is(String) || seen[m.Value.Str()] {
				return false
			}
			seen[m.Value.Str()] = true
		}
		return true
	}
	for i, m := range v.Kids() {
		if !m.Value.Is(String) {
			return false
		}
		for _, prev := range v.Kids()[:i] {
			if prev.Value.Str() == m.Value.Str() {
				return false
			}
		}
	}
	return true
}

// metaQuickCount accepts a non-negative integer written in plain digits.
func metaQuickCount(v *Node) bool {
	if !v.Is(Number) {
		return false
	}
	for i := 0; i < len(v.Str()); i++ {
		if v.Str()[i] < '0' || v.Str()[i] > '9' {
			return false
		}
	}
	return true
}

// metaQuickPositive accepts a number above zero: no sign, and a non-zero
// digit before any exponent.
func metaQuickPositive(v *Node) bool {
	if !v.Is(Number) || strings.HasPrefix(v.Str(), "-") {
		return false
	}
	mantissa, _, _ := strings.Cut(strings.ToLower(v.Str()), "e")
	return strings.ContainsAny(mantissa, "123456789")
}

// metaQuickRef accepts the local references tools use, "#" or
// "#/$defs/name", whose characters need no check as a URI reference.
func metaQuickRef(v *Node) bool {
	if !v.Is(String) || !strings.HasPrefix(v.Str(), "#") {
		return false
	}
	for i := 1; i < len(v.Str()); i++ {
		switch c := v.Str()[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '_', c == '-', c == '.', c == '~', c == '$', c == '/':
		default:
			return false
		}
	}
	return true
}
