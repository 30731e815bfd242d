package lint

import (
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
)

// propTool is an OpenAI tool with one property, of the given schema,
// and $defs to refer to.
func propTool(prop string) string {
	return `[{"type": "function", "function": {"name": "set_flag", "description": "Set a flag of the account to a value.",
  "parameters": {"type": "object", "properties": {"p": ` + prop + `}, "$defs": {"Size": {"type": "string", "enum": ["s", "m"]}}}}}]`
}

func TestValuesAreCheckedAgainstTheSchemaTheyAreIn(t *testing.T) {
	const p = "$[0].function.parameters.properties.p"
	cases := []targetCase{
		{name: "a boolean default that is a string", src: propTool(`{"type": "boolean", "default": "yes"}`),
			want: []issueWant{{"invalid-value", p + ".default", `default "yes" does not satisfy the schema it is in: got string, want boolean`}}},
		{name: "an integer enum with a string in it", src: propTool(`{"type": "integer", "enum": [1, 2, "three"]}`),
			want: []issueWant{{"invalid-value", p + ".enum[2]", `enum value "three" (index 2) does not satisfy the schema it is in: got string, want integer`}}},
		{name: "a default outside the enum", src: propTool(`{"type": "string", "enum": ["a", "b"], "default": "c"}`),
			want: []issueWant{{"invalid-value", p + ".default", `default "c" does not satisfy`}}},
		{name: "a const of another type", src: propTool(`{"type": "number", "const": "1"}`),
			want: []issueWant{{"invalid-value", p + ".const", `const "1" does not satisfy`}}},
		{name: "examples against a pattern, one each", src: propTool(`{"type": "string", "pattern": "^[A-Z]+$", "examples": ["ABC", "x1", "y"]}`),
			want: []issueWant{
				{"invalid-value", p + ".examples[1]", `example "x1" (index 1) does not satisfy the schema it is in: 'x1' does not match pattern`},
				{"invalid-value", p + ".examples[2]", `example "y" (index 2)`},
			}},
		{name: "an object default, at the member that fails", src: propTool(`{"type": "object", "properties": {"w": {"type": "integer"}}, "default": {"w": "wide"}}`),
			want: []issueWant{{"invalid-value", p + ".default.w", `at /w: got string, want integer`}}},
		{name: "a default of a schema with a $ref, resolved in the whole schema", src: propTool(`{"$ref": "#/$defs/Size", "default": "huge"}`),
			want: []issueWant{{"invalid-value", p + ".default", `value must be one of 's', 'm'`}}},
		{name: "a format the validator asserts", src: propTool(`{"type": "string", "format": "date", "default": "tomorrow"}`),
			want: []issueWant{{"invalid-value", p + ".default", `'tomorrow' is not valid date`}}},
		{name: "a nullable type and a null default", src: propTool(`{"type": ["integer", "null"], "default": null, "enum": [1, 2, null]}`)},
		{name: "an integer written 1.0 is an integer in draft 2020-12", src: propTool(`{"type": "integer", "default": 1.0}`)},
		{name: "valid values of every kind", src: propTool(`{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "default": 2, "examples": [1, 5]}}, "default": {"n": 3}, "examples": [{"n": 1}]}`)},
		{name: "a type that is no type is unknown-type's", src: propTool(`{"type": "str", "default": 5, "enum": [1]}`)},
		{name: "a schema that does not compile is invalid-schema's", src: propTool(`{"type": "string", "pattern": "(?i)x", "default": 5}`)},
		{name: "const and examples mean nothing in draft-04", src: `[{"type": "function", "function": {"name": "a", "description": "Look up records in the catalogue.",
  "parameters": {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "properties": {"p": {"type": "string", "const": 5, "examples": [5], "default": 5}}}}}]`,
			want: []issueWant{{"invalid-value", "$[0].function.parameters.properties.p.default", `default 5 does not satisfy`}}},
		{name: "in an outputSchema too", src: `{"tools": [{"name": "f", "description": "Look up records in the catalogue.",
  "inputSchema": {"type": "object", "additionalProperties": false},
  "outputSchema": {"type": "object", "properties": {"n": {"type": "integer", "default": "many"}}}}]}`,
			want: []issueWant{{"invalid-value", "$.tools[0].outputSchema.properties.n.default", `default "many" does not satisfy`}}},
		{name: "in a Gemini OpenAPI schema, nullable and upper-case types", src: `{"functionDeclarations": [{"name": "f", "description": "Look up records in the catalogue.",
  "parameters": {"type": "OBJECT", "properties": {"n": {"type": "INTEGER", "nullable": true, "enum": [1, null, "x"]}}}}]}`,
			want: []issueWant{{"invalid-value", "$.functionDeclarations[0].parameters.properties.n.enum[2]", `enum value "x" (index 2)`}}},
	}
	for _, targets := range [][]string{nil, {"openai"}, {"mcp@2025-11-25"}, {"gemini"}} {
		for i := range cases {
			cases[i].targets = targets
		}
		checkTargetCases(t, []string{"invalid-value"}, cases)
	}
}

// TestAValuePlainlyValidIsOneTheValidatorAccepts holds the shortcut that
// spares a lint compiling schemas to the validator's verdict: whatever
// it passes, the validator passes.
func TestAValuePlainlyValidIsOneTheValidatorAccepts(t *testing.T) {
	schemas := []string{
		`{"type": "integer"}`, `{"type": "number"}`, `{"type": "string"}`, `{"type": "boolean"}`, `{"type": "null"}`,
		`{"type": "object"}`, `{"type": "array"}`, `{"type": ["string", "null"]}`, `{"type": ["integer", "boolean"]}`,
		`{"enum": [1, "a", null, [1], {"k": 1}]}`, `{"type": "number", "enum": [1, 2.5]}`, `{"const": {"a": [1, 2]}}`,
		`{"type": "string", "title": "t", "description": "d", "deprecated": true, "readOnly": true, "writeOnly": false, "$comment": "c"}`,
	}
	values := []string{`1`, `1.0`, `1e2`, `-3`, `2.5`, `"a"`, `""`, `true`, `null`, `[1]`, `[]`, `{"k": 1}`, `{"a": [1, 2]}`, `{"a": [2, 1]}`}
	for _, src := range schemas {
		doc, err := jsondoc.Parse("s.json", []byte(`{"s": `+src+`, "v": [`+join(values)+`]}`))
		if err != nil {
			t.Fatal(err)
		}
		s := doc.Root.Get("s")
		val, err := schema.Compile("t", s, false)
		if err != nil {
			t.Fatal(err)
		}
		vs := valueSchema{plain: true, typ: s.Get("type"), enum: s.Get("enum"), konst: s.Get("const")}
		for _, m := range s.Kids() {
			switch m.Key {
			case "type", "enum", "const", "title", "description", "deprecated", "readOnly", "writeOnly", "$comment":
			default:
				t.Fatalf("%s: the test's schemas are plain ones", src)
			}
		}
		for _, m := range doc.Root.Get("v").Kids() {
			if vs.plainlyValid(m.Value, "default") && len(val.Validate(m.Value.Value())) > 0 {
				t.Errorf("%s: %s is plainly valid, but the validator says %v", src, snippet(m.Value), val.Validate(m.Value.Value())[0].Message(true))
			}
		}
	}
}

func join(values []string) string {
	out := ""
	for i, v := range values {
		if i > 0 {
			out += ", "
		}
		out += v
	}
	return out
}
