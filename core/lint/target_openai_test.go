package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// namedTool is an OpenAI tool with the given name and parameters.
func namedTool(name, params string) string {
	return fmt.Sprintf(`{"type": "function", "function": {"name": %q, "description": "Look up records in the catalogue.", "parameters": %s}}`, name, params)
}

// toolList is a JSON list of n OpenAI tools with distinct names.
func toolList(n int) string {
	tools := make([]string, n)
	for i := range tools {
		tools[i] = namedTool(fmt.Sprintf("tool_%d", i), `{"type": "object", "properties": {}}`)
	}
	return "[" + strings.Join(tools, ",") + "]"
}

// strictTool is a strict OpenAI tool around a parameter schema.
func strictTool(params string) string {
	return `[{"type": "function", "function": {"name": "lookup", "description": "Look up records in the catalogue.", "strict": true, "parameters": ` + params + `}}]`
}

func TestOpenAITargetRules(t *testing.T) {
	openai := []string{"openai"}
	checkTargetCases(t, []string{"openai/"}, []targetCase{
		{name: "valid tool", targets: openai, src: "[" + namedTool("get_weather-2", `{"type": "object", "properties": {}}`) + "]"},
		{name: "no target, no openai rules", src: "[" + namedTool("get.weather", `{"type": "array"}`) + "]"},
		{name: "dot in the name", targets: openai,
			src:  "[" + namedTool("get.weather", `{"type": "object"}`) + "]",
			want: []issueWant{{"openai/invalid-name", "$[0].function.name", `invalid tool name 'get.weather' for OpenAI: it contains '.'`}}},
		{name: "name of 65 characters", targets: openai,
			src:  "[" + namedTool(strings.Repeat("a", 65), `{"type": "object"}`) + "]",
			want: []issueWant{{"openai/invalid-name", "$[0].function.name", "is 65 characters long; the limit is 64"}}},
		{name: "name starting with a digit is fine", targets: openai,
			src: "[" + namedTool("2fa_code", `{"type": "object"}`) + "]"},
		{name: "empty name", targets: openai,
			src:  "[" + namedTool("", `{"type": "object"}`) + "]",
			want: []issueWant{{"openai/invalid-name", "$[0].function.name", "is empty"}}},
		{name: "128 tools", targets: openai, src: toolList(128)},
		{name: "129 tools", targets: openai, src: toolList(129),
			want: []issueWant{{"openai/too-many-tools", "$", "the document has 129 tools; OpenAI accepts at most 128"}}},
		{name: "129 tools under tools", targets: openai, src: `{"tools": ` + toolList(129) + `}`,
			want: []issueWant{{"openai/too-many-tools", "$.tools", ""}}},
		{name: "array root", targets: openai,
			src:  "[" + namedTool("f", `{"type": "array", "items": {"type": "string"}}`) + "]",
			want: []issueWant{{"openai/parameters-not-object", "$[0].function.parameters.type", `parameters has type "array"; OpenAI requires "object" at the root`}}},
		{name: "root without a type", targets: openai,
			src:  "[" + namedTool("f", `{"properties": {}}`) + "]",
			want: []issueWant{{"openai/parameters-not-object", "$[0].function.parameters", `parameters has no "type"`}}},
		{name: "type list root", targets: openai,
			src:  "[" + namedTool("f", `{"type": ["object", "null"]}`) + "]",
			want: []issueWant{{"openai/parameters-not-object", "$[0].function.parameters.type", `has type ["object", "null"]`}}},
		{name: "parameters a string", targets: openai,
			src:  "[" + namedTool("f", `"none"`) + "]",
			want: []issueWant{{"openai/parameters-not-object", "$[0].function.parameters", "parameters is a string"}}},
		{name: "no parameters at all is fine", targets: openai,
			src: `[{"type": "function", "function": {"name": "f", "description": "Look up records in the catalogue."}}]`},
		{name: "Responses API shape", targets: openai,
			src:  `[{"type": "function", "name": "a b", "description": "Look up records in the catalogue.", "parameters": {"type": "string"}}]`,
			want: []issueWant{{"openai/invalid-name", "$[0].name", `contains ' '`}, {"openai/parameters-not-object", "$[0].parameters.type", ""}}},
		{name: "openai-strict implies openai", targets: []string{"openai-strict"},
			src:  "[" + namedTool("get.weather", `{"type": "object", "properties": {}, "additionalProperties": false}`) + "]",
			want: []issueWant{{"openai/invalid-name", "$[0].function.name", ""}}},
		{name: "a strict tool gets the openai rules without a target",
			src:  `[{"type": "function", "function": {"name": "a.b", "strict": true, "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}}}]`,
			want: []issueWant{{"openai/invalid-name", "$[0].function.name", ""}}},
	})
}

func TestOpenAIStrictRules(t *testing.T) {
	strict := []string{"openai-strict"}
	p := "$[0].function.parameters"
	checkTargetCases(t, []string{"openai-strict/"}, []targetCase{
		{name: "valid strict schema", src: strictTool(`{"type": "object", "properties": {"a": {"type": ["string", "null"]}, "b": {"type": "array", "items": {"type": "object", "properties": {"c": {"type": "integer"}}, "required": ["c"], "additionalProperties": false}}}, "required": ["a", "b"], "additionalProperties": false}`)},
		{name: "not strict, no target: no strict rules",
			src: fnTool(`{"type": "object", "properties": {"a": {"type": "string"}}, "allOf": []}`)},
		{name: "the target applies to tools without strict", targets: strict,
			src:  fnTool(`{"type": "object", "properties": {}}`),
			want: []issueWant{{"openai-strict/additional-properties", p, `does not set "additionalProperties": false`}}},
		{name: "additionalProperties true",
			src:  strictTool(`{"type": "object", "properties": {}, "additionalProperties": true}`),
			want: []issueWant{{"openai-strict/additional-properties", p + ".additionalProperties", "additionalProperties is true; strict mode requires false"}}},
		{name: "additionalProperties a schema",
			src:  strictTool(`{"type": "object", "properties": {}, "additionalProperties": {"type": "string"}}`),
			want: []issueWant{{"openai-strict/additional-properties", p + ".additionalProperties", "additionalProperties is a schema"}}},
		{name: "nested objects in items, anyOf and $defs",
			src: strictTool(`{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "object", "properties": {}}}, "b": {"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]}, "c": {"properties": {}}}, "$defs": {"d": {"type": ["object", "null"]}}, "required": ["a", "b", "c"], "additionalProperties": false}`),
			want: []issueWant{
				{"openai-strict/additional-properties", p + ".properties.a.items", ""},
				{"openai-strict/additional-properties", p + ".properties.b.anyOf[0]", ""},
				{"openai-strict/additional-properties", p + ".properties.c", ""},
				{"openai-strict/additional-properties", p + "['$defs'].d", ""},
			}},
		{name: "optional properties",
			src:  strictTool(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}, "required": ["b"], "additionalProperties": false}`),
			want: []issueWant{{"openai-strict/all-required", p, `missing: "a", "c"`}}},
		{name: "no required at all",
			src:  strictTool(`{"type": "object", "properties": {"a": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"], "additionalProperties": false}}, "additionalProperties": false}`),
			want: []issueWant{{"openai-strict/all-required", p, `missing: "a"`}}},
		{name: "unsupported keywords",
			src: strictTool(`{"type": "object", "properties": {"a": {"type": "string", "not": {"const": "x"}}, "b": {"allOf": [{"type": "string"}]}, "c": {"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"type": "null"}}}, "dependentRequired": {}, "dependentSchemas": {}, "required": ["a", "b", "c"], "additionalProperties": false}`),
			want: []issueWant{
				{"openai-strict/unsupported-keyword", p + ".dependentRequired", "dependentRequired is not supported in strict mode"},
				{"openai-strict/unsupported-keyword", p + ".dependentSchemas", ""},
				{"openai-strict/unsupported-keyword", p + ".properties.a.not", "not is not supported in strict mode"},
				{"openai-strict/unsupported-keyword", p + ".properties.b.allOf", "allOf is not supported"},
				{"openai-strict/unsupported-keyword", p + ".properties.c.if", ""},
				{"openai-strict/unsupported-keyword", p + ".properties.c.then", ""},
				{"openai-strict/unsupported-keyword", p + ".properties.c.else", ""},
			}},
		{name: "anyOf at the root",
			src:  strictTool(`{"type": "object", "anyOf": [{"type": "object", "properties": {}, "additionalProperties": false}], "additionalProperties": false}`),
			want: []issueWant{{"openai-strict/unsupported-keyword", p + ".anyOf", "the root schema uses anyOf"}}},
		{name: "anyOf below the root is fine",
			src: strictTool(`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "null"}]}}, "required": ["a"], "additionalProperties": false}`)},
		{name: "5000 properties", src: strictTool(strictWide(5000))},
		{name: "5001 properties", src: strictTool(strictWide(5001)),
			want: []issueWant{{"openai-strict/too-many-properties", p, "the schema has 5001 object properties in total; strict mode allows 5000"}}},
		{name: "properties in $defs count", src: strictTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/w"}}, "required": ["a"], "additionalProperties": false, "$defs": {"w": ` + strictWide(5000) + `}}`),
			want: []issueWant{{"openai-strict/too-many-properties", p, "has 5001 object properties"}}},
		{name: "10 levels deep", src: strictTool(strictDeep(10))},
		{name: "11 levels deep", src: strictTool(strictDeep(11)),
			want: []issueWant{{"openai-strict/too-deep", p + strings.Repeat(".properties.x", 11), "nested 11 levels deep; strict mode allows 10"}}},
		{name: "1000 enum values", src: strictTool(strictEnums(4, 250, 1))},
		{name: "1001 enum values", src: strictTool(strictEnums(7, 143, 1)),
			want: []issueWant{{"openai-strict/enum-too-large", p, "the schema's enums have 1001 values in total; strict mode allows 1000"}}},
		{name: "251 long strings", src: strictTool(strictEnums(1, 251, 60)),
			want: []issueWant{{"openai-strict/enum-too-large", p + ".properties.e0.enum", "this enum has 251 values of 15060 characters in total"}}},
		{name: "250 long strings are fine", src: strictTool(strictEnums(1, 250, 60))},
		{name: "120,000 characters", src: strictTool(strictEnums(1, 1000, 121)),
			want: []issueWant{
				{"openai-strict/too-many-characters", p, "total 121002 characters; strict mode allows 120000"},
				{"openai-strict/enum-too-large", p + ".properties.e0.enum", "this enum has 1000 values"},
			}},
	})
}

// strictWide is a strict object schema with n string properties.
func strictWide(n int) string {
	names := make([]string, n)
	props := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%q", fmt.Sprintf("p%d", i))
		props[i] = names[i] + `: {"type": "string"}`
	}
	return `{"type": "object", "properties": {` + strings.Join(props, ",") + `}, "required": [` + strings.Join(names, ",") + `], "additionalProperties": false}`
}

// strictDeep is a strict schema with objects nested n levels below the
// root, each in a property "x".
func strictDeep(n int) string {
	s := `{"type": "string"}`
	for i := 0; i < n; i++ {
		s = `{"type": "object", "properties": {"x": ` + s + `}, "required": ["x"], "additionalProperties": false}`
	}
	return s
}

// strictEnums is a strict schema with k enum properties of n string values
// each, every value at least length characters long.
func strictEnums(k, n, length int) string {
	var props, names []string
	for i := 0; i < k; i++ {
		vals := make([]string, n)
		for j := range vals {
			v := fmt.Sprintf("v%d_%d_", i, j)
			if len(v) < length {
				v += strings.Repeat("x", length-len(v))
			}
			vals[j] = fmt.Sprintf("%q", v)
		}
		names = append(names, fmt.Sprintf(`"e%d"`, i))
		props = append(props, fmt.Sprintf(`"e%d": {"type": "string", "enum": [%s]}`, i, strings.Join(vals, ",")))
	}
	return `{"type": "object", "properties": {` + strings.Join(props, ",") + `}, "required": [` + strings.Join(names, ",") + `], "additionalProperties": false}`
}

// responsesTool is a function in the Responses API's shape with the
// given parameters and extra members (JSON text, "" for none).
func responsesTool(params, extra string) string {
	s := `[{"type": "function", "name": "get_weather", "description": "Get the current weather for a city, in a time zone.", "parameters": ` + params
	if extra != "" {
		s += ", " + extra
	}
	return s + "}]"
}

func TestAResponsesFunctionWithoutStrictIsJudgedAsOpenAINormalizesIt(t *testing.T) {
	const zone = `{"type": "object", "properties": {"city": {"type": "string"}, "zone": {"type": "string"}}, "required": ["city"]}`
	p := "$[0].parameters"
	cases := []targetCase{
		{name: "an optional zone becomes required", src: responsesTool(zone, ""),
			want: []issueWant{{"openai-strict/optional-made-required", p + ".properties.zone", `optional property 'zone' becomes required`}}},
		{name: `"strict": false opts out`, src: responsesTool(zone, `"strict": false`)},
		{name: `"strict": null is no "strict"`, src: responsesTool(zone, `"strict": null`),
			want: []issueWant{{"openai-strict/optional-made-required", p + ".properties.zone", ""}}},
		{name: `"strict": true asks for strict mode as written`, src: responsesTool(zone, `"strict": true`),
			want: []issueWant{
				{"openai-strict/additional-properties", p, `does not set "additionalProperties": false`},
				{"openai-strict/all-required", p + "", `missing: "zone"`},
			}},
		{name: "a nullable optional property can still be left null", src: responsesTool(`{"type": "object", "properties": {"zone": {"type": ["string", "null"]}, "unit": {"enum": ["c", null]}, "day": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}`, "")},
		{name: "nested objects are normalized too", src: responsesTool(`{"type": "object", "properties": {"where": {"type": "object", "properties": {"city": {"type": "string"}, "zone": {"type": "string"}}, "required": ["city"]}}, "required": ["where"]}`, ""),
			want: []issueWant{{"openai-strict/optional-made-required", p + ".properties.where.properties.zone", ""}}},
		{name: "what normalization cannot make strict is reported as for a strict tool",
			src: responsesTool(`{"type": "object", "properties": {"a": {"allOf": [{"type": "string"}]}}, "required": ["a"], "additionalProperties": true}`, ""),
			want: []issueWant{
				{"openai-strict/additional-properties", p + ".additionalProperties", "additionalProperties is true; strict mode requires false"},
				{"openai-strict/unsupported-keyword", p + ".properties.a.allOf", "allOf is not supported"},
			}},
	}
	// (--target openai-strict holds every tool to strict mode as
	// written, "strict": false or not, as it always has.)
	for _, targets := range [][]string{nil, {"openai"}, {"anthropic", "gemini"}} {
		for i := range cases {
			cases[i].targets = targets
		}
		checkTargetCases(t, []string{"openai-strict/"}, cases)
	}
}

func TestAChatCompletionsFunctionWithoutStrictStaysNonStrict(t *testing.T) {
	src := fnTool(`{"type": "object", "properties": {"city": {"type": "string"}, "zone": {"type": "string"}}, "required": ["city"], "allOf": []}`)
	for _, targets := range [][]string{nil, {"openai"}} {
		if got := issuesMatching(lintWith(t, src, targets, nil), []string{"openai-strict/"}); len(got) != 0 {
			t.Errorf("targets %v: %v, want no strict issue", targets, brief(got))
		}
	}
}

func TestTheZoneExampleDrawsOneWarningAtTheProperty(t *testing.T) {
	src := "[\n  {\n    \"type\": \"function\",\n    \"name\": \"get_weather\",\n    \"description\": \"Get the current weather for a city, in a time zone.\",\n" +
		"    \"parameters\": {\n      \"type\": \"object\",\n      \"properties\": {\n        \"city\": {\"type\": \"string\"},\n        \"zone\": {\"type\": \"string\"}\n      },\n      \"required\": [\"city\"]\n    }\n  }\n]\n"
	res := lintWith(t, src, nil, nil)
	want := []string{"warning openai-strict/optional-made-required $[0].parameters.properties.zone 10:9"}
	if diff := cmp.Diff(want, brief(res.Issues)); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
	if is := res.Issues[0]; is.Fixes == nil || !strings.Contains((*is.Fixes)[0].Message, `"zone"`) {
		t.Errorf("the issue offers no fix that lists zone: %+v", is.Fixes)
	}
}
