package lint

import (
	"strconv"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// valueRules check the values a schema holds against the schema itself.
var valueRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "invalid-value", Severity: catalog.Error,
			Summary: "A default, const, enum value or example does not satisfy the schema it is in.",
			Doc: `A schema's "default", "const", each member of its "enum" and each of its
"examples" are values of the schema: a default of "yes" in
{"type": "boolean"}, or "three" in {"type": "integer", "enum": [1, 2,
"three"]}, is one no valid value can be. Models copy defaults, enum
members and examples into their calls, and a call that carries one fails
validation; an enum member of the wrong type is a choice the model is
offered and can never make.

Each value is validated against the schema it sits in, with the same
validator as invalid-input-example and toolbench call --deep (the
subschema compiled against its whole schema, so a "$ref" in it resolves),
and one issue is reported per value, at the part of it that fails: the
value itself, or the member of an object or array value that breaks the
schema. "const" and "examples" are keywords since draft-06, and are not
checked in a draft-04 schema. A schema that does not compile is
invalid-schema's to report, and its values are not checked; nor are the
values of a schema whose "type" names no type (unknown-type reports it).

Fix: correct the value, or the schema if the value shows what the tool
really takes or returns.

Source: JSON Schema 2020-12 Validation, sections 6.1.2 (enum), 6.1.3
(const), 9.2 (default: "It is RECOMMENDED that a default value be valid
against the associated schema") and 9.5 (examples: "It is RECOMMENDED
that these values be valid against the associated schema"),
json-schema.org/draft/2020-12/json-schema-validation.`,
		},
		Schema:  checkValues,
		Outputs: true,
	},
}

// checkValues validates the values of the schema against it. It reads
// the schema's members once: the values it holds, and what a value must
// be when the schema is plain (see plainlyValid).
func checkValues(c *SchemaContext) {
	var s valueSchema
	kids := c.Node.Kids()
	for _, m := range kids {
		switch m.Key {
		case "default":
			s.def = m.Value
		case "const":
			s.konst = m.Value
		case "enum":
			s.enum = m.Value
		case "examples":
			s.examples = m.Value
		case "type":
			s.typ = m.Value
		}
	}
	if s.def == nil && s.konst == nil && s.enum == nil && s.examples == nil {
		return // most schemas: read once, and no more
	}
	s.plain = !c.OpenAPI()
	for _, m := range kids {
		switch m.Key {
		case "default", "const", "enum", "examples", "type", "title", "description", "$comment", "deprecated", "readOnly", "writeOnly":
		default:
			s.plain = false
		}
	}
	draft4 := (s.konst != nil || s.examples != nil) && !c.OpenAPI() && schema.DraftOf(c.Root).Version == 4
	if s.def != nil {
		s.check(c, s.def, "default", "default", -1)
	}
	if s.konst != nil && !draft4 {
		s.check(c, s.konst, "const", "const", -1)
	}
	for i, e := range s.enum.Elems() {
		s.check(c, e.Value, "enum", "enum value", i)
	}
	if !draft4 {
		for i, e := range s.examples.Elems() {
			s.check(c, e.Value, "examples", "example", i)
		}
	}
}

// valueSchema is what checkValues reads of a schema: its values, its
// type, and whether it is plain: of only a type, an enum, a const, its
// values and annotations, and JSON Schema rather than OpenAPI.
type valueSchema struct {
	def, konst, enum, examples, typ *jsondoc.Node
	plain                           bool
}

// check reports v, the value of the schema's member key (its element
// index of a list, -1 for none), when it breaks the schema of c: at the
// part of v that does, with what the schema wants of it. what names the
// value. Nothing is built for a value that passes: a lint checks every
// enum member of every schema.
func (s *valueSchema) check(c *SchemaContext, v *jsondoc.Node, key, what string, index int) {
	if s.plainlyValid(v, key) {
		return
	}
	val := valueValidators.Of(c).at(c)
	if val == nil {
		return
	}
	failures := val.Validate(v.Value())
	if len(failures) == 0 {
		return
	}
	path := jsondoc.AppendKey(c.Path(), key)
	what += " " + snippet(v)
	if index >= 0 {
		path = jsondoc.AppendIndex(path, index)
		what += " (index " + strconv.Itoa(index) + ")"
	}
	n, segs, msg := placeFailures(v, failures, what, "the schema it is in")
	c.ReportAt(n, jsondoc.AppendSegs(path, segs), msg,
		"Correct the value, or the schema if the value is right: models copy defaults, enum values and examples into their calls.")
}

// placeFailures places the first of the failures of value v, which what
// names, against the schema against names: the node inside v it is
// about and the steps to it from v, and the message that says so and
// how many more problems there are.
func placeFailures(v *jsondoc.Node, failures []schema.Failure, what, against string) (*jsondoc.Node, []jsondoc.Seg, string) {
	f := failures[0]
	pointer := jsondoc.FormatPointer(f.At)
	n, segs, err := v.Pointer(pointer)
	if err != nil {
		n, segs = v, nil
	}
	msg := what + " does not satisfy " + against
	if pointer != "" {
		msg += " at " + pointer
	}
	msg += ": " + f.Message(true)
	if more := len(failures) - 1; more > 0 {
		msg += " (and " + termtext.Plural(more, "more problem") + ")"
	}
	return n, segs, msg
}

// plainlyValid reports whether v surely satisfies a plain schema without
// compiling it: v is of its type, in its enum and equal to its const. A
// schema whose "type" names no type is taken for valid: unknown-type
// reports it, and it does not compile. Any other schema, or a number
// whose type as an integer depends on the draft, is left to the
// validator. A lint sees many enums of a plain type, and this spares it
// compiling their schemas. from is the member v is of ("enum" for a
// member of the enum), which v satisfies without a look.
func (s *valueSchema) plainlyValid(v *jsondoc.Node, from string) bool {
	if !s.plain {
		return false
	}
	if s.typ != nil {
		if ok, sure := ofType(s.typ, v); !ok || !sure {
			return false
		}
	}
	if from != "enum" && s.enum.Is(jsondoc.Array) && !inList(s.enum, v) {
		return false
	}
	return from == "const" || s.konst == nil || jsondoc.Equal(s.konst, v)
}

// ofType reports whether v is of the type t names (a name or a list of
// them), and whether that is sure: a type that names no JSON Schema
// type is taken for any, and a number with a fraction or an exponent
// (1.0, 1e2) is left to the validator, whose draft says whether it is an
// integer.
func ofType(t, v *jsondoc.Node) (ok, sure bool) {
	switch {
	case t.Is(jsondoc.String):
		return typeAdmits(t.Str(), v)
	case t.Is(jsondoc.Array):
		sure = true
		for _, e := range t.Kids() {
			if !e.Value.Is(jsondoc.String) {
				return true, true // not a list of type names: unknown-type's
			}
			is, s := typeAdmits(e.Value.Str(), v)
			if is {
				return true, true
			}
			sure = sure && s
		}
		return false, sure
	}
	return true, true // not a type: unknown-type's
}

func typeAdmits(name string, v *jsondoc.Node) (ok, sure bool) {
	switch name {
	case "integer":
		if !v.Is(jsondoc.Number) {
			return false, true
		}
		return v.IsInt(), v.IsInt()
	case "number":
		return v.Is(jsondoc.Number), true
	case "string":
		return v.Is(jsondoc.String), true
	case "boolean":
		return v.Is(jsondoc.Bool), true
	case "null":
		return v.Is(jsondoc.Null), true
	case "object":
		return v.Is(jsondoc.Object), true
	case "array":
		return v.Is(jsondoc.Array), true
	}
	return true, true // no type: unknown-type's
}

// inList reports whether list holds a value equal to v.
func inList(list, v *jsondoc.Node) bool {
	for _, e := range list.Kids() {
		if jsondoc.Equal(e.Value, v) {
			return true
		}
	}
	return false
}

// toolValidators hold a tool's schemas ready to compile in parts, each
// compiled the first time a value of it needs the validator.
type toolValidators struct {
	tool           *tooldef.Tool
	params, output *rootValidators
}

// rootValidators are the parts of one of a tool's schemas compiled so
// far; res is nil when the schema does not compile.
type rootValidators struct {
	res *schema.Resource
}

// valueValidators are, for each tool, its schemas as the values they
// hold are validated against them.
var valueValidators = NewFact(func(t *tooldef.Tool) *toolValidators { return &toolValidators{tool: t} })

// at returns the validator of the schema of c, or nil when the schema it
// is in does not compile, or it does not.
func (tv *toolValidators) at(c *SchemaContext) *schema.Validator {
	root := &tv.params
	n, openAPI := tv.tool.Params, tv.tool.OpenAPIParams()
	if c.Output() {
		root, n, openAPI = &tv.output, tv.tool.Output, tv.tool.OpenAPIOutput()
	}
	if *root == nil {
		res, err := schema.NewResource(tv.tool.Name, n, openAPI)
		if err != nil {
			res = nil
		}
		*root = &rootValidators{res: res}
	}
	if (*root).res == nil {
		return nil
	}
	val, err := (*root).res.At(c.Segs())
	if err != nil {
		return nil
	}
	return val
}
