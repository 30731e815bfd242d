package lint

import (
	"fmt"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// geminiRules are the Gemini API's rules for function declarations
// (target "gemini"), as the Gemini API and Vertex AI document them.
var geminiRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "gemini/invalid-name", Severity: catalog.Error,
			Summary: "A function name breaks Gemini's rule: a letter or '_' first, then a-z, A-Z, 0-9, '_', '.', ':' or '-', at most 64 characters.",
			Doc: `Gemini's FunctionDeclaration.name must start with a letter or an
underscore, and may then hold ASCII letters, digits, underscores, dots,
colons and dashes, at most 64 characters in all. The documented rule varies
between versions: the Gemini API v1beta says nothing of the first
character (a-z, A-Z, 0-9, underscores, colons, dots and dashes, at most
64), Vertex AI v1beta1 leaves colons out, and Vertex AI v1 now allows 128
characters; toolbench checks the rule every version accepts. A declaration
with another name is rejected.

` + nameRuleWithTargets + `Fix: rename the function: start it with a letter, and replace other
characters with "_".

Source: Google Gen AI SDK, types.FunctionDeclaration.name ("Must start with
a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores,
dots, colons and dashes, with a maximum length of 64"); Gemini API
reference, FunctionDeclaration, ai.google.dev/api/caching#FunctionDeclaration;
Vertex AI reference, FunctionDeclaration (v1: "with a maximum length of
128"),
cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/FunctionDeclaration.`,
		},
		Tool: func(c *ToolContext) {
			checkProviderName(c, geminiNames)
		},
	},
	{
		Entry: catalog.Entry{
			Code: "gemini/invalid-parameter-name", Severity: catalog.Error,
			Summary: "A parameter name breaks Gemini's rule: a letter or '_' first, then a-z, A-Z, 0-9 and '_', at most 64 characters.",
			Doc: `The names of a function's parameters (the keys of "properties" at the
root of "parameters") must start with a letter or an underscore and hold
only ASCII letters, digits and underscores, at most 64 characters. Dashes
and dots, common in names taken from HTTP APIs, are not allowed. Schemas
under "parametersJsonSchema" are not held to this rule.

Fix: rename the parameter (user-id becomes user_id) and map it back in your
code.

Source: Vertex AI reference, FunctionDeclaration.parameters ("Parameter
names must start with a letter or an underscore and must only contain chars
a-z, A-Z, 0-9, or underscores with a maximum length of 64"),
cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/FunctionDeclaration.`,
		},
		Schema: func(c *SchemaContext) {
			if !c.AtRoot() || c.Tool.ParamsKey != "parameters" {
				return
			}
			props := c.Node.Get("properties")
			if !props.Is(jsondoc.Object) {
				return
			}
			for _, p := range props.Kids() {
				if problem := geminiParams.problem(p.Key); problem != "" {
					c.ReportKey(p, jsondoc.AppendKey(jsondoc.AppendKey(c.Path(), "properties"), p.Key),
						"parameter name "+termtext.Quote(p.Key)+" "+problem, geminiParams.hint())
				}
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "gemini/unsupported-keyword", Severity: catalog.Error,
			Summary: "A schema under \"parameters\" uses a key outside Gemini's OpenAPI subset.",
			Doc: `Gemini's "parameters" is a Schema object: a subset of the OpenAPI 3.0
schema with the fields anyOf, default, description, enum, example, format,
items, maximum, maxItems, maxLength, maxProperties, minimum, minItems,
minLength, minProperties, nullable, pattern, properties, propertyOrdering,
required, title and type. The API parses it as a fixed message, so any
other key, such as additionalProperties, $ref, $defs, oneOf, const or
if/then/else, fails the request ("Invalid JSON payload received. Unknown
name"). Schemas under "parametersJsonSchema", which takes full JSON Schema,
are not checked. Vertex AI's v1 Schema has since added additionalProperties,
ref and defs; the Gemini API's Schema has not, so they are still reported:
the rule checks the subset both accept.

Fix: remove the key or rewrite it with the subset (const becomes a
one-value enum, oneOf becomes anyOf, a $ref is inlined); or move the whole
schema to "parametersJsonSchema".

Source: Gemini API reference, Schema (ai.google.dev/api/caching#Schema) and
FunctionDeclaration.parameters / parametersJsonSchema
(ai.google.dev/api/caching#FunctionDeclaration); function calling guide,
ai.google.dev/gemini-api/docs/function-calling; Vertex AI reference, Schema,
cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema.`,
		},
		Schema: func(c *SchemaContext) {
			if c.Tool.ParamsKey != "parameters" {
				return
			}
			for _, m := range c.Node.Kids() {
				if !geminiSchemaField(m.Key) {
					c.ReportKey(m, jsondoc.AppendKey(c.Path(), m.Key),
						fmt.Sprintf("%q is not a field of Gemini's parameters schema, and the API rejects it", m.Key),
						geminiRewrite(m.Key))
				}
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "gemini/parameters-conflict", Severity: catalog.Error,
			Summary: "A function declaration sets both \"parameters\" and \"parametersJsonSchema\".",
			Doc: `A FunctionDeclaration takes its parameters either as "parameters" (the
OpenAPI subset) or as "parametersJsonSchema" (JSON Schema), never both; a
declaration with both is rejected.

Fix: keep one of the two; "parametersJsonSchema" accepts more of JSON
Schema.

Source: Gemini API reference, FunctionDeclaration.parametersJsonSchema
("This field is mutually exclusive with parameters"),
ai.google.dev/api/caching#FunctionDeclaration.`,
		},
		Tool: func(c *ToolContext) {
			t := c.Tool
			if t.Def.Has("parameters") && t.Def.Has("parametersJsonSchema") {
				m, _ := t.Def.Member("parametersJsonSchema")
				c.ReportKey(m, jsondoc.AppendKey(t.DefPath, "parametersJsonSchema"),
					"the declaration sets both parameters and parametersJsonSchema; Gemini accepts only one",
					"Keep one of the two.")
			}
		},
	},
	{
		Entry: catalog.Entry{
			Code: "gemini/unsupported-tool", Severity: catalog.Error,
			Summary: "A tool is an OpenAI custom tool, which Gemini has no equivalent of.",
			Doc: `Gemini calls functions declared by a name, a description and a schema
of their parameters; a FunctionDeclaration has no "type" or "format" and
takes no free text. An OpenAI custom tool sent as a declaration is
rejected (its unknown fields fail the request), and converted it has no
parameters to fill.

A custom tool that several targets reject alike is one issue naming each
of them.

Fix: keep custom tools for OpenAI, or declare the input as the function's
parameters.

Source: Gemini API reference, FunctionDeclaration (name, description,
parameters, parametersJsonSchema, response),
ai.google.dev/api/caching#FunctionDeclaration.`,
		},
		Tool: func(c *ToolContext) { checkProviderKind(c, "Gemini") },
	},
	{
		Entry: catalog.Entry{
			Code: "gemini/too-many-tools", Severity: catalog.Error,
			Summary: "The document has more than the 128 function declarations Gemini accepts.",
			Doc: `Gemini accepts at most 128 function declarations in a request's
tools; more are rejected. Model accuracy drops well before that.

A list too long for several targets at once is one issue naming each
of them, under the code of the first of their rules.

Fix: send only the functions a conversation needs.

Source: Vertex AI reference, Tool.functionDeclarations (at most 128),
cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Tool.`,
		},
		Document: func(c *DocContext) { checkProviderToolCount(c, 128, "Gemini") },
	},
}

// geminiNames is Gemini's rule for function names, and geminiParams its
// rule for the names of parameters.
var (
	geminiNames  = namePattern{provider: "Gemini", max: 64, first: letterOrUnderscore, rest: geminiNameByte, allowed: "a letter or '_' first, then a-z, A-Z, 0-9, '_', '.', ':' and '-'"}
	geminiParams = namePattern{provider: "Gemini", max: 64, first: letterOrUnderscore, rest: geminiParamByte, allowed: "a letter or '_' first, then a-z, A-Z, 0-9 and '_'"}
)

func geminiNameByte(c byte) bool  { return wordByte(c) || c == '.' || c == ':' }
func geminiParamByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }

// geminiSchemaField reports whether key is a field of Gemini's Schema.
func geminiSchemaField(key string) bool {
	switch key {
	case "anyOf", "default", "description", "enum", "example", "format", "items",
		"maximum", "maxItems", "maxLength", "maxProperties", "minimum", "minItems",
		"minLength", "minProperties", "nullable", "pattern", "properties",
		"propertyOrdering", "required", "title", "type":
		return true
	}
	return false
}

func geminiRewrite(key string) string {
	switch key {
	case "const":
		return `Write a one-value enum instead: "enum": ["value"].`
	case "oneOf":
		return "Use anyOf instead."
	case "$ref", "$defs", "definitions":
		return "Inline the referenced schema, or move the schema to parametersJsonSchema."
	case "examples":
		return `Gemini's field is "example", with one value.`
	}
	return "Remove it, or move the schema to parametersJsonSchema, which takes full JSON Schema."
}

var geminiTarget = &Target{
	Name:    "gemini",
	Summary: "function names that start with a letter or `_`, then `a-z A-Z 0-9 _ . : -`, at most 64 characters; parameter names of `a-z A-Z 0-9 _`; only the keys of Gemini's OpenAPI subset under `parameters` (none of these under `parametersJsonSchema`, which takes full JSON Schema); not both `parameters` and `parametersJsonSchema`; at most 128 declarations",
	Doc: `The Gemini API and Vertex AI read function declarations as fixed
messages: names within a pattern, "parameters" in an OpenAPI 3.0 subset
(or full JSON Schema under "parametersJsonSchema"), and a bounded number
of declarations. Where versions of the documentation disagree, the rules
check what every version accepts.

Source: Gemini API reference, FunctionDeclaration and Schema,
ai.google.dev/api/caching#FunctionDeclaration; Vertex AI reference,
FunctionDeclaration and Tool,
cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/FunctionDeclaration.`,
	Rules: geminiRules,
}
