package lint

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// openaiStrictRules are the restrictions of OpenAI's strict mode
// (structured outputs) on a function's parameters (target
// "openai-strict", and any tool that sets "strict": true).
var openaiStrictRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "openai-strict/additional-properties", Severity: catalog.Error,
			Summary: "An object schema in a strict tool does not set \"additionalProperties\": false.",
			Doc: `In strict mode every object schema, at the root and at any depth
(properties, items, anyOf branches, $defs), must set "additionalProperties":
false, or the request is rejected. The model can then produce exactly the
keys the schema names and no others.

A Responses function that leaves "strict" out is normalized into strict
mode, which sets "additionalProperties": false where it is missing: for
such a tool only a value other than false is reported, since the schema
says other keys are welcome and strict mode will not take them.

Fix: add "additionalProperties": false to each object schema. To accept
free-form keys, strict mode is not the tool: drop "strict" (in the
Responses API, set "strict": false). toolbench fix adds
"additionalProperties": false where it is missing; it leaves a value that
is there, which says the author wanted other keys.

Source: OpenAI structured outputs, supported schemas ("additionalProperties:
false must always be set in objects"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
			Fix: catalog.FixAuto,
		},
		Schema: func(c *SchemaContext) {
			if !describesObjects(c.Node) {
				return
			}
			ap := c.Node.Get("additionalProperties")
			switch {
			case ap == nil && c.Tool.StrictByDefault():
				// The Responses API sets it when it normalizes the schema.
			case ap == nil:
				c.Report(`object schema does not set "additionalProperties": false, which strict mode requires`,
					`Add "additionalProperties": false.`,
					fixOf(`Add "additionalProperties": false`, jsonedit.AppendMember(c.Doc(), c.Node, "additionalProperties", "false"))...)
			case !(ap.Is(jsondoc.Bool) && ap.Str() == "false"):
				c.ReportAt(ap, jsondoc.AppendKey(c.Path(), "additionalProperties"),
					fmt.Sprintf("additionalProperties is %s; strict mode requires false", openaiValueText(ap)),
					`Set "additionalProperties": false.`)
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/all-required", Severity: catalog.Error,
			Summary: "A property of a strict tool's object schema is not listed in \"required\".",
			Doc: `Strict mode has no optional properties: every key of "properties" must
also be listed in "required", in every object schema. A property that may be
absent is written as required and nullable instead, with a type union such
as "type": ["string", "null"] (or an anyOf with {"type": "null"}), and the
model sends null for it.

A Responses function that leaves "strict" out is normalized into strict
mode, which lists every property in "required" itself: such a tool's
optional properties are openai-strict/optional-made-required's to report.

Fix: add the missing names to "required" and make the optional ones
nullable. toolbench fix does both: it lists the names, and adds "null" to
each one's type (and enum), or a {"type": "null"} branch to its anyOf;
it offers nothing when a property cannot be made nullable so simply (a
$ref, a const, no type).

Source: OpenAI structured outputs, supported schemas ("All fields must be
required"; "emulate an optional parameter by using a union type with
null"), platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
			Fix: catalog.FixAuto,
		},
		Schema: func(c *SchemaContext) {
			props := c.Node.Get("properties")
			if !props.Is(jsondoc.Object) || props.Len() == 0 || c.Tool.StrictByDefault() {
				return // normalization lists them: see optional-made-required
			}
			req := c.Node.Get("required")
			required := stringsIn(req)
			var missing, names []string
			for _, p := range props.Kids() {
				if !required(p.Key) {
					missing = append(missing, fmt.Sprintf("%q", p.Key))
					names = append(names, p.Key)
				}
			}
			if len(missing) > 0 {
				at := c.Node // without "required", the schema lacks it
				if req != nil {
					at = req
				}
				c.ReportAt(at, c.Path(), fmt.Sprintf("strict mode requires every property in \"required\"; missing: %s", strings.Join(missing, ", ")),
					`List every property in "required"; make an optional one nullable, e.g. "type": ["string", "null"].`,
					allRequiredFix(c.Doc(), c.Node, names)...)
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/optional-made-required", Severity: catalog.Warning,
			Summary: "An optional property of a Responses function without \"strict\" becomes required: OpenAI makes the function strict.",
			Doc: `Since OpenAI's function calling guide of 2026-03-31, the Responses API
treats a function that leaves "strict" out as strict: it normalizes the
schema into strict mode, setting "additionalProperties": false and
listing every property in "required", "which can make previously
optional fields mandatory". Chat Completions leaves such a function
non-strict, and "strict": false opts out in both. So a Responses
function with an optional "zone" gets a model that always sends "zone",
inventing a value when the user gave none.

The issue is at each property that is not in "required" and does not
accept null, in every object schema of the parameters: a nullable one
becomes required too, but the model can still send null for it. What
normalization cannot make strict (allOf, not, if/then/else, an anyOf at
the root, a schema past strict mode's limits, "additionalProperties"
other than false) is reported by the other openai-strict rules, as for
a tool that sets "strict": true.

Fix: make the property nullable and list it in "required" ("type":
["string", "null"]), so the model sends null when it has no value; or
set "strict": false on the function, deliberately, to keep optional
properties optional and calls best-effort. toolbench fix does the first,
but only when asked to with --code openai-strict/optional-made-required:
it lists the name in "required" and adds "null" to its type (or enum),
or a {"type": "null"} branch to its anyOf, when that is certain.

Source: OpenAI function calling guide, strict mode (when "strict" is
omitted, "Responses requests will normalize your schema into strict
mode"; Chat Completions "remain non-strict by default"; to opt out,
"explicitly set strict: false"),
developers.openai.com/api/docs/guides/function-calling, as changed on
2026-03-31, recorded at
spybara.com/openai/api/history/docs/en/2026-03-31-1624..2026-04-01-0553;
OpenAI's Python SDK, types/responses/function_tool_param.py ("strict":
"Default true").`,
			Fix: catalog.FixOnRequest,
		},
		Schema: func(c *SchemaContext) {
			if !c.Tool.StrictByDefault() {
				return
			}
			props := c.Node.Get("properties")
			req := c.Node.Get("required")
			for _, p := range props.Members() {
				if listHasString(req, p.Key) || acceptsNull(p.Value) {
					continue
				}
				c.ReportKey(p, jsondoc.AppendKey(jsondoc.AppendKey(c.Path(), "properties"), p.Key),
					"optional property "+termtext.Quote(p.Key)+" becomes required: the Responses API makes a function without \"strict\" strict",
					`Make it nullable and list it in "required" (e.g. "type": ["string", "null"]) so the model can send null, or set "strict": false to keep it optional.`,
					allRequiredFix(c.Doc(), c.Node, []string{p.Key})...)
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/unsupported-keyword", Severity: catalog.Error,
			Summary: "A strict tool's schema uses a keyword strict mode does not support.",
			Doc: `Strict mode supports a subset of JSON Schema. It rejects the
composition keywords allOf, not, dependentRequired, dependentSchemas, if,
then and else wherever they appear, and an anyOf at the root: the root must
be a plain object schema. (anyOf below the root is supported.)

Fix: rewrite allOf as one merged object schema; express if/then/else and
the dependent keywords as an anyOf of the alternatives; move a root anyOf
into a property of a root object.

Source: OpenAI structured outputs, supported schemas ("Some type-specific
keywords are not yet supported": composition allOf, not,
dependentRequired, dependentSchemas, if, then, else; "the root level object
must be an object, and not use anyOf"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
		},
		Schema: func(c *SchemaContext) {
			for _, m := range c.Node.Kids() {
				switch m.Key {
				case "allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else":
					c.ReportKey(m, jsondoc.AppendKey(c.Path(), m.Key), fmt.Sprintf("%s is not supported in strict mode", m.Key),
						openaiStrictRewrite[m.Key])
				case "anyOf":
					if c.Depth == 0 && c.Via == "" {
						c.ReportKey(m, jsondoc.AppendKey(c.Path(), m.Key), "the root schema uses anyOf; strict mode requires a plain object at the root",
							"Make the root an object schema and move the anyOf into one of its properties.")
					}
				}
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/too-many-properties", Severity: catalog.Error,
			Summary: "A strict tool's schema has more than 5,000 object properties in total.",
			Doc: `A strict schema may have at most 5,000 object properties in total,
counting the "properties" of every object schema at every depth, $defs
included. A larger schema is rejected.

Fix: split the tool, or replace families of similar properties with one
array of objects.

Source: OpenAI structured outputs, supported schemas ("A schema may have up
to 5000 object properties total"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
		},
		Schema: func(c *SchemaContext) {
			if !c.AtRoot() {
				return
			}
			if n := openaiStrictTotals(c).properties; n > 5000 {
				c.Report(fmt.Sprintf("the schema has %d object properties in total; strict mode allows 5000", n),
					"Split the tool, or turn similar properties into an array of objects.")
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/too-deep", Severity: catalog.Error,
			Summary: "A strict tool's schema nests more than 10 levels deep.",
			Doc: `A strict schema may nest at most 10 levels below its root. Each
subschema is one level deeper than the schema holding it: a property, an
array's items, an anyOf branch, a definition. The issue is reported at each
schema 11 levels deep, the first level past the limit. References ("$ref")
do not add levels, so recursive schemas are fine.

Fix: flatten the structure, or move deep parts into $defs and refer to
them.

Source: OpenAI structured outputs, supported schemas ("up to 10 levels of
nesting"), platform.openai.com/docs/guides/structured-outputs#supported-schemas;
the depth is counted as OpenAI's own SDK validator counts it
(github.com/openai/openai-java, JsonSchemaValidator).`,
		},
		Schema: func(c *SchemaContext) {
			if c.Depth == 11 && c.Via != "$ref" {
				c.Report("the schema is nested 11 levels deep; strict mode allows 10",
					"Flatten the structure, or move the deep part into $defs and refer to it.")
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/enum-too-large", Severity: catalog.Error,
			Summary: "A strict tool's enums exceed OpenAI's size limits.",
			Doc: `Strict mode limits enums: at most 1,000 enum values across all the
enums of a schema, and when one enum has more than 250 string values, their
total length may not exceed 15,000 characters. Larger enums are rejected.
The first limit is reported at the root, the second at the enum.

Fix: replace a huge enum with a string and check the value in your code,
or split the tool so each one has its own smaller enums.

Source: OpenAI structured outputs, supported schemas ("up to 1000 enum
values across all enum properties"; "For a single enum property with
string values, the total string length of all enum values cannot exceed
15,000 characters when there are more than 250 enum values"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
		},
		Schema: func(c *SchemaContext) {
			if enum := c.Node.Get("enum"); enum.Is(jsondoc.Array) && enum.Len() > 250 {
				if n := openaiStringsLength(enum); n > 15000 {
					c.ReportAt(enum, jsondoc.AppendKey(c.Path(), "enum"),
						fmt.Sprintf("this enum has %d values of %d characters in total; strict mode allows 15000 characters in an enum of more than 250 values", enum.Len(), n),
						"Use a plain string and check the value in your code, or split the enum.")
				}
			}
			if c.AtRoot() {
				if n := openaiStrictTotals(c).enumValues; n > 1000 {
					c.Report(fmt.Sprintf("the schema's enums have %d values in total; strict mode allows 1000", n),
						"Replace the largest enums with plain strings checked in your code, or split the tool.")
				}
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai-strict/too-many-characters", Severity: catalog.Error,
			Summary: "A strict tool's property names, definition names, enum and const values exceed 120,000 characters.",
			Doc: `In a strict schema the total length of all property names, definition
names, enum values and const values may not exceed 120,000 characters. A
schema past it is rejected. (Descriptions do not count.)

Fix: shorten the largest enums, or split the tool.

Source: OpenAI structured outputs, supported schemas ("total string length
of all property names, definition names, enum values, and const values
cannot exceed 120,000 characters"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
		},
		Schema: func(c *SchemaContext) {
			if !c.AtRoot() {
				return
			}
			if n := openaiStrictTotals(c).characters; n > 120000 {
				c.Report(fmt.Sprintf("property names, definition names, enum and const values total %d characters; strict mode allows 120000", n),
					"Shorten the largest enums, or split the tool.")
			}
		},
	},
}

var openaiStrictRewrite = map[string]string{
	"allOf":             "Merge the allOf branches into one object schema.",
	"not":               "Describe the allowed values directly (an enum, or an anyOf of the alternatives).",
	"dependentRequired": "Use an anyOf of object schemas, one per combination of properties.",
	"dependentSchemas":  "Use an anyOf of object schemas, one per case.",
	"if":                "Use an anyOf of the cases instead of if/then/else.",
	"then":              "Use an anyOf of the cases instead of if/then/else.",
	"else":              "Use an anyOf of the cases instead of if/then/else.",
}

// openaiTotals are the sizes OpenAI limits across a whole strict schema.
type openaiTotals struct {
	properties int // members of every "properties"
	enumValues int // elements of every "enum"
	characters int // property names, definition names, enum and const values
}

// openaiStrictTotals adds up the tool's root schema and every schema below
// it that the walker visits, as OpenAI counts a strict schema's sizes:
// once a tool, for the three rules that read the totals.
func openaiStrictTotals(c *SchemaContext) openaiTotals { return strictTotals.Of(c) }

// strictTotals is the tool's strict-mode totals, added up once a tool for
// the three rules that compare them with OpenAI's limits.
var strictTotals = NewFact(func(t *tooldef.Tool) openaiTotals { return addStrictTotals(t.Params) })

func addStrictTotals(root *jsondoc.Node) openaiTotals {
	var t openaiTotals
	schema.Walk(root, nil, func(s *jsondoc.Node, _ []jsondoc.Seg) bool {
		for _, m := range s.Kids() {
			v := m.Value
			switch {
			case m.Key == "properties" && v.Is(jsondoc.Object):
				t.properties += v.Len()
				for _, p := range v.Kids() {
					t.characters += utf8.RuneCountInString(p.Key)
				}
			case (m.Key == "$defs" || m.Key == "definitions") && v.Is(jsondoc.Object):
				for _, p := range v.Kids() {
					t.characters += utf8.RuneCountInString(p.Key)
				}
			case m.Key == "enum" && v.Is(jsondoc.Array):
				t.enumValues += v.Len()
				for _, e := range v.Kids() {
					t.characters += openaiLiteralLength(e.Value)
				}
			case m.Key == "const":
				t.characters += openaiLiteralLength(v)
			}
		}
		return true
	})
	return t
}

// openaiLiteralLength is the length of a string in characters, or of another
// scalar's JSON text, as OpenAI's SDK counts enum and const values.
func openaiLiteralLength(n *jsondoc.Node) int {
	switch n.Kind {
	case jsondoc.String:
		return utf8.RuneCountInString(n.Str())
	case jsondoc.Number, jsondoc.Bool:
		return len(n.Str())
	case jsondoc.Null:
		return len("null")
	}
	return 0
}

// openaiStringsLength is the total length in characters of the strings of list.
func openaiStringsLength(list *jsondoc.Node) int {
	n := 0
	for _, e := range list.Kids() {
		if e.Value.Is(jsondoc.String) {
			n += utf8.RuneCountInString(e.Value.Str())
		}
	}
	return n
}

// acceptsNull reports whether property schema p lets the model send
// null: a type that lists it, an enum or const that holds it, a branch
// of its anyOf or oneOf that does, or no constraint on the value at all.
func acceptsNull(p *jsondoc.Node) bool {
	if !p.Is(jsondoc.Object) {
		return p.IsTrue()
	}
	if t := p.Get("type"); t != nil {
		return t.Text() == "null" || listHasString(t, "null")
	}
	if e := p.Get("enum"); e.Is(jsondoc.Array) {
		for _, m := range e.Kids() {
			if m.Value.Is(jsondoc.Null) {
				return true
			}
		}
		return false
	}
	if k := p.Get("const"); k != nil {
		return k.Is(jsondoc.Null)
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if l := p.Get(key); l.Is(jsondoc.Array) {
			for _, b := range l.Kids() {
				if acceptsNull(b.Value) {
					return true
				}
			}
			return false
		}
	}
	return !p.Has("$ref") && !p.Has("allOf") && !p.Has("not") && !p.Has("properties") && !p.Has("items")
}

// describesObjects reports whether a schema describes objects: its type is
// "object" or a list holding it, or it has no type and has "properties".
func describesObjects(n *jsondoc.Node) bool {
	t := n.Get("type")
	switch {
	case t == nil:
		return n.Has("properties")
	case t.Is(jsondoc.String):
		return t.Str() == "object"
	case t.Is(jsondoc.Array):
		return listHasString(t, "object")
	}
	return false
}

// stringsIn returns a test of whether list, an array, holds a string: a
// look through the list while it is short, in a set of its strings once
// it is long, so that checking each property of a wide schema against
// its "required" costs linear time.
func stringsIn(list *jsondoc.Node) func(s string) bool {
	if list.Len() < 16 {
		return func(s string) bool { return listHasString(list, s) }
	}
	set := make(map[string]bool, list.Len())
	for _, e := range list.Kids() {
		if e.Value.Is(jsondoc.String) {
			set[e.Value.Str()] = true
		}
	}
	return func(s string) bool { return set[s] }
}

// listHasString reports whether list is an array holding the string s.
func listHasString(list *jsondoc.Node, s string) bool {
	if !list.Is(jsondoc.Array) {
		return false
	}
	for _, e := range list.Kids() {
		if e.Value.Is(jsondoc.String) && e.Value.Str() == s {
			return true
		}
	}
	return false
}

// openaiValueText names a JSON value briefly for a message: true, a number
// literal, "a schema" for an object.
func openaiValueText(n *jsondoc.Node) string {
	switch n.Kind {
	case jsondoc.Bool, jsondoc.Number:
		return n.Str()
	case jsondoc.Null:
		return "null"
	case jsondoc.String:
		return fmt.Sprintf("the string %q", n.Str())
	case jsondoc.Object:
		return "a schema"
	}
	return "a list"
}

var openaiStrictTarget = &Target{
	Name:    "openai-strict",
	Summary: "everything `openai` checks, and strict mode (structured outputs): `additionalProperties: false` on every object schema; every property listed in `required` (optional ones are nullable, `\"type\": [\"string\", \"null\"]`); no `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`/`then`/`else`, and no `anyOf` at the root; at most 5,000 properties in all, 10 levels of nesting, 1,000 enum values (and 15,000 characters in an enum of more than 250 strings), 120,000 characters of names and enum values",
	Doc: `With "strict": true, OpenAI constrains the model's arguments to the
function's schema exactly (structured outputs), and accepts only a subset
of JSON Schema, within size limits. A tool that sets "strict": true gets
these rules and the openai target's whatever the options say, since that is
how OpenAI reads it; an Anthropic tool that sets it opts into
anthropic-strict instead.

So does a function in the Responses API's shape ({"type": "function",
"name", "parameters"}) that leaves "strict" out: since OpenAI's function
calling guide of 2026-03-31, the Responses API normalizes its schema into
strict mode. It is judged as normalized: no issue for the
"additionalProperties": false and the "required" names normalization
adds, a warning for each optional property that becomes required
(openai-strict/optional-made-required), and the other rules for what
normalization cannot make strict. "strict": false opts out; Chat
Completions' functions are strict only with "strict": true.

Source: OpenAI structured outputs, supported schemas,
platform.openai.com/docs/guides/structured-outputs#supported-schemas;
function calling guide, strict mode,
platform.openai.com/docs/guides/function-calling.`,
	Implies: []*Target{openaiTarget},
	OptIn: func(t *tooldef.Tool) bool {
		return (t.Strict || t.StrictByDefault()) && t.Shape != tooldef.ShapeAnthropic
	},
	OptInDoc: `"strict": true on the tool or its function, unless it is an Anthropic tool (one with an input_schema), which opts into anthropic-strict; or, in the Responses API's shape, no "strict" at all (the Responses API makes such a function strict)`,
	Rules:    openaiStrictRules,
}
