package core

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// openaiRules are the OpenAI API's own rules for function tools, in Chat
// Completions and the Responses API (target "openai").
var openaiRules = []*Rule{
	{
		Code: "openai/invalid-name", Severity: Error, Target: "openai",
		Summary: "A tool name breaks OpenAI's rule: a-z, A-Z, 0-9, '_' and '-', at most 64 characters.",
		Doc: `OpenAI accepts a function name made of ASCII letters, digits,
underscores and dashes, at most 64 characters long; a request with any
other name fails with a 400 error before the model sees it. Dots, spaces,
colons and slashes, common in MCP tool names, are all rejected.

Fix: rename the tool, replacing other characters with "_" and shortening it
to 64 characters; keep the original name in your own mapping if a server
needs it.

Source: OpenAI API reference, Chat Completions, tools[].function.name
("Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum
length of 64"), platform.openai.com/docs/api-reference/chat/create.`,
		Tool: func(c *ToolContext) {
			checkProviderName(c, 64, openaiNameByte, openaiNameByte, "a-z, A-Z, 0-9, '_' and '-'")
		},
	},
	{
		Code: "openai/too-many-tools", Severity: Error, Target: "openai",
		Summary: "The document has more than the 128 functions OpenAI accepts in one request.",
		Doc: `A Chat Completions request takes at most 128 functions in "tools"; a
longer list is rejected. Long before that limit the model chooses worse:
OpenAI's guide suggests keeping to fewer than 20 functions at a time.

Fix: send only the tools a conversation needs (group them, or pick them per
request), or merge tools that differ only by a parameter.

Source: OpenAI API reference, Chat Completions, tools ("A max of 128
functions are supported"), platform.openai.com/docs/api-reference/chat/create;
function calling guide, platform.openai.com/docs/guides/function-calling.`,
		Document: func(c *DocContext) { checkProviderToolCount(c, 128, "OpenAI") },
	},
	{
		Code: "openai/parameters-not-object", Severity: Error, Target: "openai",
		Summary: "A tool's parameters are not a JSON Schema of type \"object\".",
		Doc: `OpenAI reads a function's "parameters" as a JSON Schema object whose
root has "type": "object": the arguments of a call are always a JSON
object. A root of another type, a root without a type, or parameters that
are not an object at all are rejected ("schema must be a JSON Schema of
'type: \"object\"'"). A function without "parameters" is fine: it takes no
arguments.

Fix: wrap the parameters in {"type": "object", "properties": {...}}; a
single value becomes one named property.

Source: OpenAI API reference, FunctionObject.parameters ("The parameters
the functions accepts, described as a JSON Schema object"),
platform.openai.com/docs/api-reference/chat/create; function calling guide,
platform.openai.com/docs/guides/function-calling.`,
		Tool: func(c *ToolContext) {
			if c.Tool.Params != nil {
				checkProviderObjectRoot(c, "OpenAI")
			}
		},
	},
}

func openaiNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// openaiStrictRules are the restrictions of OpenAI's strict mode
// (structured outputs) on a function's parameters (target
// "openai-strict", and any tool that sets "strict": true).
var openaiStrictRules = []*Rule{
	{
		Code: "openai-strict/additional-properties", Severity: Error, Target: "openai-strict",
		Summary: "An object schema in a strict tool does not set \"additionalProperties\": false.",
		Doc: `In strict mode every object schema, at the root and at any depth
(properties, items, anyOf branches, $defs), must set "additionalProperties":
false, or the request is rejected. The model can then produce exactly the
keys the schema names and no others.

Fix: add "additionalProperties": false to each object schema. To accept
free-form keys, strict mode is not the tool: drop "strict".

Source: OpenAI structured outputs, supported schemas ("additionalProperties:
false must always be set in objects"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
		Schema: func(c *SchemaContext) {
			if !describesObjects(c.Node) {
				return
			}
			ap := c.Node.Get("additionalProperties")
			switch {
			case ap == nil:
				c.Report(`object schema does not set "additionalProperties": false, which strict mode requires`,
					`Add "additionalProperties": false.`)
			case !(ap.Is(Bool) && ap.Str() == "false"):
				c.ReportAt(ap, AppendKey(c.Path(), "additionalProperties"),
					fmt.Sprintf("additionalProperties is %s; strict mode requires false", openaiValueText(ap)),
					`Set "additionalProperties": false.`)
			}
		},
	},
	{
		Code: "openai-strict/all-required", Severity: Error, Target: "openai-strict",
		Summary: "A property of a strict tool's object schema is not listed in \"required\".",
		Doc: `Strict mode has no optional properties: every key of "properties" must
also be listed in "required", in every object schema. A property that may be
absent is written as required and nullable instead, with a type union such
as "type": ["string", "null"] (or an anyOf with {"type": "null"}), and the
model sends null for it.

Fix: add the missing names to "required" and make the optional ones
nullable.

Source: OpenAI structured outputs, supported schemas ("All fields must be
required"; "emulate an optional parameter by using a union type with
null"), platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
		Schema: func(c *SchemaContext) {
			props := c.Node.Get("properties")
			if !props.Is(Object) || props.Len() == 0 {
				return
			}
			req := c.Node.Get("required")
			var missing []string
			for _, p := range props.Kids() {
				if !listHasString(req, p.Key) {
					missing = append(missing, fmt.Sprintf("%q", p.Key))
				}
			}
			if len(missing) > 0 {
				c.Report(fmt.Sprintf("strict mode requires every property in \"required\"; missing: %s", strings.Join(missing, ", ")),
					`List every property in "required"; make an optional one nullable, e.g. "type": ["string", "null"].`)
			}
		},
	},
	{
		Code: "openai-strict/unsupported-keyword", Severity: Error, Target: "openai-strict",
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
		Schema: func(c *SchemaContext) {
			for _, m := range c.Node.Kids() {
				switch m.Key {
				case "allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else":
					c.ReportAt(m.Value, AppendKey(c.Path(), m.Key), fmt.Sprintf("%s is not supported in strict mode", m.Key),
						openaiStrictRewrite[m.Key])
				case "anyOf":
					if c.Depth == 0 && c.Via == "" {
						c.ReportAt(m.Value, AppendKey(c.Path(), m.Key), "the root schema uses anyOf; strict mode requires a plain object at the root",
							"Make the root an object schema and move the anyOf into one of its properties.")
					}
				}
			}
		},
	},
	{
		Code: "openai-strict/too-many-properties", Severity: Error, Target: "openai-strict",
		Summary: "A strict tool's schema has more than 5,000 object properties in total.",
		Doc: `A strict schema may have at most 5,000 object properties in total,
counting the "properties" of every object schema at every depth, $defs
included. A larger schema is rejected.

Fix: split the tool, or replace families of similar properties with one
array of objects.

Source: OpenAI structured outputs, supported schemas ("A schema may have up
to 5000 object properties total"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
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
		Code: "openai-strict/too-deep", Severity: Error, Target: "openai-strict",
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
		Schema: func(c *SchemaContext) {
			if c.Depth == 11 && c.Via != "$ref" {
				c.Report("the schema is nested 11 levels deep; strict mode allows 10",
					"Flatten the structure, or move the deep part into $defs and refer to it.")
			}
		},
	},
	{
		Code: "openai-strict/enum-too-large", Severity: Error, Target: "openai-strict",
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
		Schema: func(c *SchemaContext) {
			if enum := c.Node.Get("enum"); enum.Is(Array) && enum.Len() > 250 {
				if n := openaiStringsLength(enum); n > 15000 {
					c.ReportAt(enum, AppendKey(c.Path(), "enum"),
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
		Code: "openai-strict/too-many-characters", Severity: Error, Target: "openai-strict",
		Summary: "A strict tool's property names, definition names, enum and const values exceed 120,000 characters.",
		Doc: `In a strict schema the total length of all property names, definition
names, enum values and const values may not exceed 120,000 characters. A
schema past it is rejected. (Descriptions do not count.)

Fix: shorten the largest enums, or split the tool.

Source: OpenAI structured outputs, supported schemas ("total string length
of all property names, definition names, enum values, and const values
cannot exceed 120,000 characters"),
platform.openai.com/docs/guides/structured-outputs#supported-schemas.`,
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
func openaiStrictTotals(c *SchemaContext) openaiTotals {
	if c.w.totals == nil {
		t := addStrictTotals(c.Node)
		c.w.totals = &t
	}
	return *c.w.totals
}

func addStrictTotals(root *Node) openaiTotals {
	var t openaiTotals
	eachSubschema(root, nil, func(s *Node, _ []pathSeg) bool {
		for _, m := range s.Kids() {
			v := m.Value
			switch {
			case m.Key == "properties" && v.Is(Object):
				t.properties += v.Len()
				for _, p := range v.Kids() {
					t.characters += utf8.RuneCountInString(p.Key)
				}
			case (m.Key == "$defs" || m.Key == "definitions") && v.Is(Object):
				for _, p := range v.Kids() {
					t.characters += utf8.RuneCountInString(p.Key)
				}
			case m.Key == "enum" && v.Is(Array):
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
func openaiLiteralLength(n *Node) int {
	switch n.Kind {
	case String:
		return utf8.RuneCountInString(n.Str())
	case Number, Bool:
		return len(n.Str())
	case Null:
		return len("null")
	}
	return 0
}

// openaiStringsLength is the total length in characters of the strings of list.
func openaiStringsLength(list *Node) int {
	n := 0
	for _, e := range list.Kids() {
		if e.Value.Is(String) {
			n += utf8.RuneCountInString(e.Value.Str())
		}
	}
	return n
}

// describesObjects reports whether a schema describes objects: its type is
// "object" or a list holding it, or it has no type and has "properties".
func describesObjects(n *Node) bool {
	t := n.Get("type")
	switch {
	case t == nil:
		return n.Has("properties")
	case t.Is(String):
		return t.Str() == "object"
	case t.Is(Array):
		return listHasString(t, "object")
	}
	return false
}

// listHasString reports whether list is an array holding the string s.
func listHasString(list *Node, s string) bool {
	if !list.Is(Array) {
		return false
	}
	for _, e := range list.Kids() {
		if e.Value.Is(String) && e.Value.Str() == s {
			return true
		}
	}
	return false
}

// openaiValueText names a JSON value briefly for a message: true, a number
// literal, "a schema" for an object.
func openaiValueText(n *Node) string {
	switch n.Kind {
	case Bool, Number:
		return n.Str()
	case Null:
		return "null"
	case String:
		return fmt.Sprintf("the string %q", n.Str())
	case Object:
		return "a schema"
	}
	return "a list"
}

// checkProviderName reports the tool's name when it breaks a provider's
// pattern: at most maxLen characters, the first passing first, the rest
// passing rest. A missing or non-string name is missing-name's concern.
func checkProviderName(c *ToolContext, maxLen int, first, rest func(byte) bool, allowed string) {
	t := c.Tool
	if !t.NameNode.Is(String) {
		return
	}
	if problem := providerNameProblem(t.Name, maxLen, first, rest); problem != "" {
		c.Report(t.NameNode, AppendKey(t.DefPath, "name"), fmt.Sprintf("tool name %q %s", t.Name, problem),
			fmt.Sprintf("Use only %s, at most %d characters.", allowed, maxLen))
	}
}

// providerNameProblem says how name breaks the pattern, or returns "".
func providerNameProblem(name string, maxLen int, first, rest func(byte) bool) string {
	if name == "" {
		return "is empty"
	}
	var bad []string
	for i, r := range name {
		ok := r < utf8.RuneSelf && (i == 0 && first(byte(r)) || i > 0 && rest(byte(r)))
		if !ok {
			if i == 0 && r < utf8.RuneSelf && rest(byte(r)) {
				return fmt.Sprintf("starts with %q, which is not allowed first", r)
			}
			if q := fmt.Sprintf("%q", r); !slices.Contains(bad, q) {
				bad = append(bad, q)
			}
		}
	}
	if len(bad) > 0 {
		return "contains " + strings.Join(bad, ", ")
	}
	if n := utf8.RuneCountInString(name); n > maxLen {
		return fmt.Sprintf("is %d characters long; the limit is %d", n, maxLen)
	}
	return ""
}

// checkProviderToolCount reports a tool list longer than a provider accepts.
func checkProviderToolCount(c *DocContext, limit int, provider string) {
	if n := len(c.Set.Tools); n > limit {
		at, path := c.Set.List, c.Set.ListPath
		if at == nil {
			at, path = c.Doc.Root, "$"
		}
		c.Report(at, path, fmt.Sprintf("the document has %d tools; %s accepts at most %d in one request", n, provider, limit),
			"Send only the tools a conversation needs, or merge similar tools.")
	}
}

// checkProviderObjectRoot reports a tool whose parameter schema is not an object
// schema of type "object", as a provider requires.
func checkProviderObjectRoot(c *ToolContext, provider string) {
	t := c.Tool
	p := t.Params
	path := t.ParamsPath()
	hint := fmt.Sprintf(`Write {"type": "object", "properties": {...}} as the tool's %s.`, t.ParamsKey)
	if !p.Is(Object) {
		c.Report(p, path, fmt.Sprintf("%s is %s; %s requires a JSON Schema object with \"type\": \"object\"", t.ParamsKey, p.Kind.Phrase(), provider), hint)
		return
	}
	switch typ := p.Get("type"); {
	case typ == nil:
		c.Report(p, path, fmt.Sprintf("%s has no \"type\"; %s requires \"type\": \"object\" at the root", t.ParamsKey, provider), hint)
	case !typ.Is(String) || typ.Str() != "object":
		c.Report(typ, AppendKey(path, "type"), fmt.Sprintf("%s has type %s; %s requires \"object\" at the root", t.ParamsKey, typeValueText(typ), provider), hint)
	}
}

// typeValueText shows a "type" value in a message.
func typeValueText(n *Node) string {
	if n.Is(String) {
		return fmt.Sprintf("%q", n.Str())
	}
	if n.Is(Array) {
		var parts []string
		for _, e := range n.Kids() {
			if e.Value.Is(String) {
				parts = append(parts, fmt.Sprintf("%q", e.Value.Str()))
			} else {
				parts = append(parts, e.Value.Kind.String())
			}
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return n.Kind.Phrase()
}
