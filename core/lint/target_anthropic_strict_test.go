package lint

import (
	"fmt"
	"strings"
	"testing"
)

// strictAnthropicTool is an Anthropic tool named name with "strict": true
// around an input_schema.
func strictAnthropicTool(name, schema string) string {
	return `{"name": "` + name + `", "description": "Look up records in the catalogue.", "strict": true, "input_schema": ` + schema + `}`
}

func TestAnthropicStrictFindsTheReferencesThatMakeASchemaRecursive(t *testing.T) {
	tool := func(schema string) string { return "[" + strictAnthropicTool("lookup", schema) + "]" }
	const p = "$[0].input_schema"
	recursive := func(path string) issueWant {
		return issueWant{"anthropic-strict/unsupported-reference", p + path, "makes the schema recursive"}
	}
	checkTargetCases(t, []string{"anthropic-strict/unsupported-reference"}, []targetCase{
		{name: "a chain that ends", src: tool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "additionalProperties": false, "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/c"}, "c": {"type": "string"}}}`)},
		{name: "a definition that names itself", src: tool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "additionalProperties": false, "$defs": {"a": {"$ref": "#/$defs/a"}}}`),
			want: []issueWant{recursive("['$defs'].a['$ref']")}},
		{name: "two definitions that name each other", src: tool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "additionalProperties": false, "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`),
			want: []issueWant{recursive("['$defs'].a['$ref']"), recursive("['$defs'].b['$ref']")}},
		{name: "a reference to the root from inside it", src: tool(`{"type": "object", "properties": {"sub": {"type": "object", "properties": {"again": {"$ref": "#"}}, "additionalProperties": false}}, "additionalProperties": false}`),
			want: []issueWant{recursive(".properties.sub.properties.again['$ref']")}},
		{name: "a reference into a definition that holds a reference back", src: tool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/outer/properties/inner"}}, "additionalProperties": false, "$defs": {"outer": {"type": "object", "properties": {"inner": {"type": "object", "properties": {"up": {"$ref": "#/$defs/outer"}}, "additionalProperties": false}}, "additionalProperties": false}}}`),
			want: []issueWant{recursive("['$defs'].outer.properties.inner.properties.up['$ref']")}},
		{name: "a reference to a definition beside the one holding it", src: tool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}, "b": {"$ref": "#/$defs/x"}}, "additionalProperties": false, "$defs": {"x": {"type": "object", "properties": {"y": {"$ref": "#/$defs/y"}}, "additionalProperties": false}, "y": {"type": "string"}}}`)},
		{name: "an anchor that names its own schema", src: tool(`{"type": "object", "properties": {"a": {"$ref": "#node"}}, "additionalProperties": false, "$defs": {"n": {"$anchor": "node", "type": "object", "properties": {"next": {"$ref": "#node"}}, "additionalProperties": false}}}`),
			want: []issueWant{recursive("['$defs'].n.properties.next['$ref']")}},
	})
}

func TestAStrictAnthropicToolIsHeldToAnthropicsStrictRulesNotOpenAIs(t *testing.T) {
	// The case of issue 21: no additionalProperties, judged by OpenAI's rules.
	src := "[" + strictAnthropicTool("get_weather", `{"type": "object", "properties": {"location": {"type": "string"}, "unit": {"type": "string"}}, "required": ["location"]}`) + "]"
	checkTargetCases(t, []string{"openai-strict/", "anthropic-strict/", "anthropic/"}, []targetCase{
		{name: "no target: the tool opts in", src: src,
			want: []issueWant{{"anthropic-strict/additional-properties", "$[0].input_schema", `Anthropic's strict mode requires`}}},
		{name: "with --target openai-strict every tool gets OpenAI's rules", src: src, targets: []string{"openai-strict"},
			want: []issueWant{{"openai-strict/additional-properties", "$[0].input_schema", ""}, {"openai-strict/all-required", "$[0].input_schema", `"unit"`},
				{"anthropic-strict/additional-properties", "$[0].input_schema", ""}}},
	})
	res := lintWith(t, "["+strings.Replace(strictAnthropicTool("a", `{"type": "object"}`), `"input_schema"`, `"parameters"`, 1)+"]", nil, nil)
	if got := issuesMatching(res, []string{"openai-strict/"}); len(got) != 1 {
		t.Errorf("a strict tool in OpenAI's shape: openai-strict issues %v, want one", brief(got))
	}
}

func TestAnthropicStrictSchemaRules(t *testing.T) {
	tool := func(schema string) string { return "[" + strictAnthropicTool("lookup", schema) + "]" }
	const p = "$[0].input_schema"
	checkTargetCases(t, []string{"anthropic-strict/"}, []targetCase{
		{name: "valid strict tool", src: tool(`{"type": "object", "properties": {"q": {"type": "string", "format": "date", "pattern": "^[a-z]+$"}, "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1}, "u": {"enum": ["a", 1, null]}}, "required": ["q"], "additionalProperties": false, "$defs": {"x": {"type": "string"}}}`)},
		{name: "additionalProperties true", src: tool(`{"type": "object", "properties": {}, "additionalProperties": true}`),
			want: []issueWant{{"anthropic-strict/additional-properties", p + ".additionalProperties", "additionalProperties is true"}}},
		{name: "nested object without it", src: tool(`{"type": "object", "properties": {"o": {"type": "object", "properties": {}}}, "additionalProperties": false}`),
			want: []issueWant{{"anthropic-strict/additional-properties", p + ".properties.o", ""}}},
		{name: "numeric and string constraints", src: tool(`{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 5}, "s": {"type": "string", "maxLength": 3}}, "additionalProperties": false}`),
			want: []issueWant{
				{"anthropic-strict/unsupported-keyword", p + ".properties.n.minimum", "minimum is not supported"},
				{"anthropic-strict/unsupported-keyword", p + ".properties.n.maximum", ""},
				{"anthropic-strict/unsupported-keyword", p + ".properties.s.maxLength", ""}}},
		{name: "minItems 2 and maxItems", src: tool(`{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 3}}, "additionalProperties": false}`),
			want: []issueWant{
				{"anthropic-strict/unsupported-keyword", p + ".properties.a.minItems", "minItems is 2; Anthropic's strict mode supports only 0 or 1"},
				{"anthropic-strict/unsupported-keyword", p + ".properties.a.maxItems", ""}}},
		{name: "format, enum of objects, allOf with $ref, pattern", src: tool(`{"type": "object", "properties": {"f": {"type": "string", "format": "ipv4-cidr"}, "e": {"enum": [{"a": 1}]}, "r": {"allOf": [{"$ref": "#/$defs/x"}]}, "w": {"type": "string", "pattern": "\\bword"}}, "additionalProperties": false, "$defs": {"x": {"type": "string"}}}`),
			want: []issueWant{
				{"anthropic-strict/unsupported-keyword", p + ".properties.f.format", `format "ipv4-cidr"`},
				{"anthropic-strict/unsupported-keyword", p + ".properties.e.enum[0]", "is an object"},
				{"anthropic-strict/unsupported-keyword", p + ".properties.r.allOf[0]", "allOf branch with a $ref"},
				{"anthropic-strict/unsupported-keyword", p + ".properties.w.pattern", `word boundary (\b)`}}},
		{name: "recursive and external references", src: tool(`{"type": "object", "properties": {"tree": {"$ref": "#/$defs/node"}, "ext": {"$ref": "https://example.com/s.json"}}, "additionalProperties": false, "$defs": {"node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "additionalProperties": false}}}`),
			want: []issueWant{
				{"anthropic-strict/unsupported-reference", p + ".properties.ext['$ref']", "refers outside the schema"},
				{"anthropic-strict/unsupported-reference", p + "['$defs'].node.properties.kids.items['$ref']", "makes the schema recursive"}}},
		{name: "a non-strict Anthropic tool is not held to them", src: `[{"name": "a", "description": "Look up records in the catalogue.", "input_schema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}}]`},
	})
}

// strictSet is n strict Anthropic tools, each with the given properties
// (JSON members) and required names.
func strictSet(n int, props, required string) string {
	tools := make([]string, n)
	for i := range tools {
		tools[i] = strictAnthropicTool(fmt.Sprintf("t%d", i), `{"type": "object", "properties": {`+props+`}, "required": [`+required+`], "additionalProperties": false}`)
	}
	return "[" + strings.Join(tools, ",") + "]"
}

func TestAnthropicStrictLimitsCountEveryStrictToolOfTheRequest(t *testing.T) {
	optional := `"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}, "d": {"type": "string"}, "e": {"type": "string"}, "f": {"type": "string"}`
	union := `"a": {"type": ["string", "null"]}, "b": {"anyOf": [{"type": "string"}, {"type": "null"}]}, "c": {"type": ["string"]}`
	checkTargetCases(t, []string{"anthropic-strict/too-many-strict-tools", "anthropic-strict/too-many-optional-parameters", "anthropic-strict/too-many-union-parameters"}, []targetCase{
		{name: "20 strict tools", src: strictSet(20, "", "")},
		{name: "21 strict tools", src: strictSet(21, "", ""),
			want: []issueWant{{"anthropic-strict/too-many-strict-tools", "$[20].strict", "this is strict tool 21 of the request; Anthropic accepts at most 20"}}},
		{name: "21 tools, one not strict", src: strings.Replace(strictSet(21, "", ""), `"strict": true`, `"strict": false`, 1)},
		{name: "4 tools of 6 optional parameters", src: strictSet(4, optional, "")},
		{name: "5 tools of 6 optional parameters", src: strictSet(5, optional, ""),
			want: []issueWant{{"anthropic-strict/too-many-optional-parameters", "$[4].strict", "have 30 optional parameters; Anthropic accepts at most 24"}}},
		{name: "required ones do not count", src: strictSet(5, optional, `"a", "b"`)},
		{name: "8 tools of 2 unions", src: strictSet(8, union, `"a", "b", "c"`)},
		{name: "9 tools of 2 unions", src: strictSet(9, union, `"a", "b", "c"`),
			want: []issueWant{{"anthropic-strict/too-many-union-parameters", "$[8].strict", "have 18 parameters with union types; Anthropic accepts at most 16"}}},
	})
}
