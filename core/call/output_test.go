package call

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

const outputTools = `{"tools": [
	{"name": "weather", "inputSchema": {"type": "object"}, "outputSchema": {
		"type": "object",
		"properties": {
			"temperature": {"type": "number"},
			"conditions": {"type": "string", "enum": ["sunny", "cloudy"]},
			"when": {"$ref": "#/$defs/time"}
		},
		"required": ["temperature"],
		"$defs": {"time": {"type": "string", "format": "date-time"}}
	}},
	{"name": "plain", "inputSchema": {"type": "object"}},
	{"name": "broken", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "minProperties": "two"}}
]}`

func TestValidateOutputChecksStructuredContentAgainstTheOutputSchema(t *testing.T) {
	s := callToolSchemas(t, outputTools)
	tests := []struct {
		name       string
		tool       string
		structured string // "" for none
		want       []SchemaError
	}{
		{"conforms", "weather", `{"temperature": 21.5, "conditions": "sunny", "when": "2025-06-01T12:00:00Z"}`, nil},
		{"missing property", "weather", `{"conditions": "sunny"}`, []SchemaError{{"", "missing property 'temperature'"}}},
		{"wrong types, sorted by path", "weather", `{"temperature": "warm", "conditions": "rain"}`,
			[]SchemaError{{"/conditions", "value must be one of 'sunny', 'cloudy'"}, {"/temperature", "got string, want number"}}},
		{"through a local reference, with formats asserted", "weather", `{"temperature": 1, "when": "noon"}`,
			[]SchemaError{{"/when", "'noon' is not valid date-time: want a full-date, T and a full-time"}}},
		{"no structured content", "weather", "", []SchemaError{{"", "the result has no structuredContent, but the tool declares an outputSchema"}}},
		{"no output schema", "plain", `{"anything": true}`, nil},
		{"no output schema and no content", "plain", "", nil},
		{"unknown tool", "nosuch", `{}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ValidateOutput(tc.tool, structuredNode(t, tc.structured), s)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ValidateOutput(%s, %s) (-want +got):\n%s", tc.tool, tc.structured, diff)
			}
		})
	}
}

func TestValidateOutputSaysWhyAnOutputSchemaCannotBeUsed(t *testing.T) {
	s := callToolSchemas(t, outputTools)
	got := ValidateOutput("broken", callNode(t, `{}`), s)
	want := "the tool's outputSchema is not valid JSON Schema: tools.json:13:108 $.tools[2].outputSchema.minProperties: " +
		"minProperties: got string, want integer (JSON Schema 2020-12); toolbench lint tools.json lists every problem"
	if len(got) != 1 || got[0].Path != "" || got[0].Message != want {
		t.Errorf("ValidateOutput of a tool whose outputSchema does not compile = %v, want one error at the root: %s", got, want)
	}
}

func TestOutputAndInputSchemasOfOneToolAreCachedApart(t *testing.T) {
	s := callToolSchemas(t, `[{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}}},
		"outputSchema": {"type": "object", "properties": {"n": {"type": "string"}}}}]`)
	// The same value is right for one schema and wrong for the other,
	// whichever is compiled first.
	for range 2 {
		if got := ValidateOutput("t", callNode(t, `{"n": "x"}`), s); got != nil {
			t.Errorf("ValidateOutput = %v, want nil", got)
		}
		if got := deepCheck(t, s, `{"name": "t", "args": {"n": 1}}`); got != nil {
			t.Errorf("DeepValidate = %v, want nil", got)
		}
	}
}

func TestValidateOutputOfAFlatSchemaFileIsNothing(t *testing.T) {
	s := callFlatSchemas(t, `{"t": {"required": {"n": "int"}}}`)
	if got := ValidateOutput("t", nil, s); got != nil {
		t.Errorf("ValidateOutput with flat schemas = %v, want nil", got)
	}
}

// structuredNode parses text, or returns nil for "".
func structuredNode(t *testing.T, text string) *jsondoc.Node {
	t.Helper()
	if text == "" {
		return nil
	}
	return callNode(t, text)
}
