package schema

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"toolbench/core/jsondoc"
)

// Covered says which problems of a schema the caller reports in words of
// its own, so that Check leaves them out: a "type" that is not a type name
// or a list of them (Types), a "required" that is not a list of strings
// (Required), an "enum" that is not a list, or is an empty one (Enum). Only the schemas the
// linter walks (see Children) are covered.
type Covered struct {
	Types, Required, Enum bool
}

// covered reports whether a base rule already reports the problem at
// segs below root, in words of its own: unknown-type a type that is not a
// type name, invalid-required a "required" that is not a list of strings,
// invalid-enum an "enum" that is not a list or is empty. invalid-schema leaves those
// to them unless they are ignored, and reports what they do not see (a
// type listed twice, say).
func covered(root *jsondoc.Node, segs []jsondoc.Seg, on Covered) bool {
	i := len(segs) - 1
	if i >= 0 && segs[i].Index >= 0 {
		i--
	}
	if i < 0 || !walkedSchemaAt(segs[:i]) {
		return false
	}
	parent := root
	for _, s := range segs[:i] {
		parent, _ = step(parent, token(s))
	}
	v := parent.Get(segs[i].Key)
	switch segs[i].Key {
	case "type":
		return on.Types && badTypeValue(v)
	case "required":
		if !on.Required {
			return false
		}
		return !v.Is(jsondoc.Array) || i < len(segs)-1 && !v.Elem(segs[i+1].Index).Is(jsondoc.String)
	case "enum":
		return on.Enum && (!v.Is(jsondoc.Array) || v.Len() == 0)
	}
	return false
}

// walkedSchemaAt reports whether segs lead from a schema to a schema
// the linter's walker visits, so the base rules check it.
func walkedSchemaAt(segs []jsondoc.Seg) bool {
	const (
		schema = iota
		schemaMap
		schemaList
		other
	)
	state := schema
	items := false // the last key was "items", a schema or a list of them
	for _, s := range segs {
		if items && s.Index >= 0 {
			state, items = schema, false
			continue
		}
		items = state == schema && s.Key == "items"
		switch {
		case state == schemaMap && s.Index < 0, state == schemaList && s.Index >= 0:
			state = schema
		case state == schema && s.Index < 0 && IsSchemaMapKeyword(s.Key):
			state = schemaMap
		case state == schema && s.Index < 0 && IsSchemaKeyword(s.Key):
			state = schema
		case state == schema && s.Index < 0 && IsSchemaListKeyword(s.Key):
			state = schemaList
		default:
			state = other
		}
	}
	return state == schema
}

// badTypeValue reports whether unknown-type reports this "type".
func badTypeValue(v *jsondoc.Node) bool {
	switch v.Kind {
	case jsondoc.String:
		return !IsTypeName(v.Str())
	case jsondoc.Array:
		for _, m := range v.Kids() {
			if !m.Value.Is(jsondoc.String) || !IsTypeName(m.Value.Str()) {
				return true
			}
		}
		return false
	}
	return true
}

func token(s jsondoc.Seg) string {
	if s.Index >= 0 {
		return strconv.Itoa(s.Index)
	}
	return s.Key
}

// Draft is a JSON Schema draft with its meta-schema, compiled on first
// use and shared by every lint after: compiling one takes longer than
// validating thousands of tools.
type Draft struct {
	Name    string // "2020-12", "draft-07"
	URL     string
	Version int // 4, 6, 7, 2019, 2020

	once   sync.Once
	schema *jsonschema.Schema
}

var Drafts = []*Draft{
	{Name: "2020-12", URL: "https://json-schema.org/draft/2020-12/schema", Version: 2020},
	{Name: "2019-09", URL: "https://json-schema.org/draft/2019-09/schema", Version: 2019},
	{Name: "draft-07", URL: "http://json-schema.org/draft-07/schema", Version: 7},
	{Name: "draft-06", URL: "http://json-schema.org/draft-06/schema", Version: 6},
	{Name: "draft-04", URL: "http://json-schema.org/draft-04/schema", Version: 4},
}

// DraftByURL returns the draft a "$schema" value names, or nil.
func DraftByURL(u string) *Draft {
	u = strings.TrimSuffix(u, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	if u == "json-schema.org/schema" {
		return Drafts[0]
	}
	for _, d := range Drafts {
		if strings.TrimPrefix(strings.TrimPrefix(d.URL, "https://"), "http://") == u {
			return d
		}
	}
	return nil
}

// DraftOf is the draft a root schema is written in: the one its
// "$schema" names, else 2020-12, which MCP and JSON Schema itself assume.
func DraftOf(root *jsondoc.Node) *Draft {
	if d := DraftByURL(root.Get("$schema").Text()); d != nil {
		return d
	}
	return Drafts[0]
}

func (d *Draft) compiled() *jsonschema.Schema {
	d.once.Do(func() {
		d.schema = NewCompiler().MustCompile(d.URL) // the library embeds every draft's meta-schema
	})
	return d.schema
}

// Problem is one way a schema breaks its draft's meta-schema: the value
// that breaks it, the steps to that value from the schema checked, and
// what a linter says of it.
type Problem struct {
	Node *jsondoc.Node
	Segs []jsondoc.Seg
	Msg  string
	Hint string
}

// Check validates schema n against the meta-schema of draft d and returns
// its problems in document order, less those on covers. With fast, schemas made only of the keywords most tools
// use are judged by hand, without converting the tree or running the
// validator; anything else goes to the validator, so the findings are the
// same either way.
func Check(n *jsondoc.Node, d *Draft, on Covered, fast bool) []Problem {
	if fast && (metaPrecheck{d: d, on: on}).schema(n, true, true) {
		return nil
	}
	var out []Problem
	for _, p := range validate(n, d) {
		if !covered(n, p.Segs, on) {
			out = append(out, p)
		}
	}
	if d.Version == 6 {
		out = draft06Examples(n, nil, out)
		slices.SortStableFunc(out, func(a, b Problem) int { return cmp.Compare(a.Node.Start, b.Node.Start) })
	}
	return out
}

// validate runs the validator and turns each problem it finds into an
// issue, in document order.
func validate(n *jsondoc.Node, d *Draft) []Problem {
	err := d.compiled().Validate(n.Value())
	var ve *jsonschema.ValidationError
	if err == nil || !errors.As(err, &ve) {
		return nil
	}
	var out []Problem
	for _, f := range flatten(ve) {
		out = append(out, problemAt(n, f, d))
	}
	slices.SortStableFunc(out, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Node.Start, b.Node.Start), strings.Compare(a.Msg, b.Msg))
	})
	return slices.CompactFunc(out, func(a, b Problem) bool { return a.Node == b.Node && a.Msg == b.Msg })
}

// problemAt locates f in the tree under n and words it.
func problemAt(n *jsondoc.Node, f Failure, d *Draft) Problem {
	node, segs := n, []jsondoc.Seg(nil)
	for _, tok := range f.At {
		next, seg := step(node, tok)
		if next == nil {
			break
		}
		node, segs = next, append(segs, seg)
	}
	msg := f.Message(where(segs) == "")
	if w := where(segs); w != "" {
		msg = w + ": " + msg
	}
	return Problem{
		Node: node,
		Segs: segs,
		Msg:  fmt.Sprintf("%s (JSON Schema %s)", msg, d.Name),
		Hint: hint(node, segs, f, d),
	}
}

func step(n *jsondoc.Node, tok string) (*jsondoc.Node, jsondoc.Seg) {
	switch n.Kind {
	case jsondoc.Object:
		if v := n.Get(tok); v != nil {
			return v, jsondoc.KeySeg(tok)
		}
	case jsondoc.Array:
		if i, ok := jsondoc.ArrayIndex(tok, n.Len()); ok {
			return n.Elem(i), jsondoc.IndexSeg(i)
		}
	}
	return nil, jsondoc.Seg{}
}

// where names the value a problem is at by its last key and any
// indexes after it: "minimum", "required[1]".
func where(segs []jsondoc.Seg) string {
	i := len(segs) - 1
	for i >= 0 && segs[i].Index >= 0 {
		i--
	}
	if i < 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(segs[i].Key)
	for _, s := range segs[i+1:] {
		fmt.Fprintf(&b, "[%d]", s.Index)
	}
	return b.String()
}

func hint(node *jsondoc.Node, segs []jsondoc.Seg, f Failure, d *Draft) string {
	last := ""
	if len(segs) > 0 && segs[len(segs)-1].Index < 0 {
		last = segs[len(segs)-1].Key
	}
	switch {
	case last == "items" && node.Is(jsondoc.Array) && d.Version >= 2020:
		return "Draft 2020-12 writes a tuple as \"prefixItems\"; \"items\" takes one schema. Or name an older draft in \"$schema\"."
	case last == "type" || len(segs) > 1 && segs[len(segs)-2].Key == "type":
		return "The JSON Schema types are array, boolean, integer, null, number, object and string."
	case last == "required":
		return "List each property name once, as a string."
	}
	if _, ok := f.kind.(*kind.Format); ok && last == "pattern" {
		return "Fix the regular expression: JSON Schema patterns are ECMA-262 expressions."
	}
	return "Make the value match the JSON Schema " + d.Name + " meta-schema."
}

// metaPrecheck judges by hand whether a schema certainly passes d's
// meta-schema, for the keywords most tool schemas use, or fails it only
// where a base rule reports the problem (covered). A false answer
// means only "not sure": the validator decides then. Every check is at
// least as strict as the meta-schema's, so what it passes yields no
// finding from the validator either (a test holds it to that). Keywords
// the meta-schemas do not define are allowed with any value, as the
// meta-schemas allow them.
type metaPrecheck struct {
	d  *Draft
	on Covered
}

// schema judges n; walked says the linter's walker visits it, so the base
// rules check it.
func (q metaPrecheck) schema(n *jsondoc.Node, root, walked bool) bool {
	if n.Is(jsondoc.Bool) {
		return true
	}
	if !n.Is(jsondoc.Object) || q.d.Version < 6 {
		return false
	}
	for _, m := range n.Kids() {
		if !q.member(m.Key, m.Value, root, walked) {
			return false
		}
	}
	return true
}

func (q metaPrecheck) member(key string, v *jsondoc.Node, root, walked bool) bool {
	switch key {
	case "type":
		return quickType(v) || walked && q.on.Types && badTypeValue(v)
	case "properties", "definitions", "$defs":
		return q.schemaMap(v, walked)
	case "items":
		return q.schema(v, false, walked) || q.d.Version < 2020 && q.schemaList(v, walked)
	case "prefixItems", "allOf", "anyOf", "oneOf":
		return q.schemaList(v, walked)
	case "additionalProperties", "not", "if", "then", "else":
		return q.schema(v, false, walked)
	case "additionalItems", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties":
		return q.schema(v, false, false)
	case "required":
		return quickStrings(v) || walked && q.on.Required && !v.Is(jsondoc.Array)
	case "enum":
		if !v.Is(jsondoc.Array) {
			return walked && q.on.Enum
		}
		return q.d.Version >= 2019 || v.Len() > 0 && quickStrings(v)
	case "examples":
		return v.Is(jsondoc.Array)
	case "const", "default":
		return true
	case "title", "description", "$comment", "format", "contentEncoding", "contentMediaType":
		return v.Is(jsondoc.String)
	case "pattern":
		if !v.Is(jsondoc.String) {
			return false
		}
		_, err := CompileRegexp(v.Str())
		return err == nil
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		return v.Is(jsondoc.Number)
	case "multipleOf":
		return quickPositive(v)
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains":
		return quickCount(v)
	case "uniqueItems", "readOnly", "writeOnly", "deprecated":
		return v.Is(jsondoc.Bool)
	case "$ref":
		return quickRef(v)
	case "$schema":
		return root && v.Is(jsondoc.String) && DraftByURL(v.Str()) != nil
	case "$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$recursiveRef", "$recursiveAnchor",
		"dependencies", "dependentRequired", "dependentSchemas", "patternProperties", "contentSchema":
		return false // rare enough to leave to the validator
	}
	return true
}

func (q metaPrecheck) schemaMap(v *jsondoc.Node, walked bool) bool {
	if !v.Is(jsondoc.Object) {
		return false
	}
	for _, m := range v.Kids() {
		if !q.schema(m.Value, false, walked) {
			return false
		}
	}
	return true
}

func (q metaPrecheck) schemaList(v *jsondoc.Node, walked bool) bool {
	if !v.Is(jsondoc.Array) || v.Len() == 0 {
		return false
	}
	for _, m := range v.Kids() {
		if !q.schema(m.Value, false, walked) {
			return false
		}
	}
	return true
}

func quickType(v *jsondoc.Node) bool {
	if v.Is(jsondoc.String) {
		return IsTypeName(v.Str())
	}
	if !v.Is(jsondoc.Array) || v.Len() == 0 {
		return false
	}
	for i, m := range v.Kids() {
		if !m.Value.Is(jsondoc.String) || !IsTypeName(m.Value.Str()) {
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

// quickStrings accepts a list of distinct strings.
func quickStrings(v *jsondoc.Node) bool {
	if !v.Is(jsondoc.Array) {
		return false
	}
	if v.Len() > 16 {
		seen := make(map[string]bool, v.Len())
		for _, m := range v.Kids() {
			if !m.Value.Is(jsondoc.String) || seen[m.Value.Str()] {
				return false
			}
			seen[m.Value.Str()] = true
		}
		return true
	}
	for i, m := range v.Kids() {
		if !m.Value.Is(jsondoc.String) {
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

// quickCount accepts a non-negative integer written in plain digits.
func quickCount(v *jsondoc.Node) bool {
	if !v.Is(jsondoc.Number) {
		return false
	}
	for i := 0; i < len(v.Str()); i++ {
		if v.Str()[i] < '0' || v.Str()[i] > '9' {
			return false
		}
	}
	return true
}

// quickPositive accepts a number above zero: no sign, and a non-zero
// digit before any exponent.
func quickPositive(v *jsondoc.Node) bool {
	if !v.Is(jsondoc.Number) || strings.HasPrefix(v.Str(), "-") {
		return false
	}
	mantissa, _, _ := strings.Cut(strings.ToLower(v.Str()), "e")
	return strings.ContainsAny(mantissa, "123456789")
}

// quickRef accepts the local references tools use, "#" or
// "#/$defs/name", whose characters need no check as a URI reference.
func quickRef(v *jsondoc.Node) bool {
	if !v.Is(jsondoc.String) || !strings.HasPrefix(v.Str(), "#") {
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
