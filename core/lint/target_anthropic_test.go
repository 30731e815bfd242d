package lint

import (
	"slices"
	"strings"
	"testing"
)

// anthropicTool is an Anthropic tool with the given name and input_schema
// (JSON text; "" leaves it out).
func anthropicTool(name, schema string) string {
	s := `{"name": "` + name + `", "description": "Look up records in the catalogue."`
	if schema != "" {
		s += `, "input_schema": ` + schema
	}
	return "[" + s + "}]"
}

func TestAnthropicTargetRules(t *testing.T) {
	anthropic := []string{"anthropic"}
	checkTargetCases(t, []string{"anthropic/"}, []targetCase{
		{name: "valid tool", targets: anthropic, src: anthropicTool("get_weather-2", `{"type": "object", "properties": {}}`)},
		{name: "no target, no anthropic rules", src: anthropicTool("get.weather", `{"type": "array"}`)},
		{name: "dot in the name", targets: anthropic,
			src:  anthropicTool("get.weather", `{"type": "object"}`),
			want: []issueWant{{"anthropic/invalid-name", "$[0].name", `invalid tool name 'get.weather' for Anthropic: it contains '.'`}}},
		{name: "slash and colon", targets: anthropic,
			src:  anthropicTool("fs/read:file", `{"type": "object"}`),
			want: []issueWant{{"anthropic/invalid-name", "$[0].name", `contains '/' and ':'`}}},
		{name: "name of 128 characters", targets: anthropic, src: anthropicTool(strings.Repeat("a", 128), `{"type": "object"}`)},
		{name: "name of 129 characters", targets: anthropic,
			src:  anthropicTool(strings.Repeat("a", 129), `{"type": "object"}`),
			want: []issueWant{{"anthropic/invalid-name", "$[0].name", "is 129 characters long; the limit is 128"}}},
		{name: "no input_schema", targets: anthropic,
			src:  anthropicTool("f", ""),
			want: []issueWant{{"anthropic/input-schema-not-object", "$[0]", "the tool has no input_schema"}}},
		{name: "input_schema without a type", targets: anthropic,
			src:  anthropicTool("f", `{"properties": {}}`),
			want: []issueWant{{"anthropic/input-schema-not-object", "$[0].input_schema", `input_schema has no "type"; Anthropic requires "type": "object"`}}},
		{name: "input_schema of type string", targets: anthropic,
			src:  anthropicTool("f", `{"type": "string"}`),
			want: []issueWant{{"anthropic/input-schema-not-object", "$[0].input_schema.type", `input_schema has type "string"`}}},
		{name: "input_schema null", targets: anthropic,
			src:  anthropicTool("f", `null`),
			want: []issueWant{{"anthropic/input-schema-not-object", "$[0].input_schema", "input_schema is null"}}},
		{name: "an OpenAI tool checked for Anthropic", targets: anthropic,
			src:  "[" + namedTool("a.b", `{"type": "array"}`) + "]",
			want: []issueWant{{"anthropic/invalid-name", "$[0].function.name", ""}, {"anthropic/input-schema-not-object", "$[0].function.parameters.type", `parameters has type "array"`}}},
	})
}

func TestAToolInAnotherShapeAmongAnthropicToolsIsReported(t *testing.T) {
	tool := func(name, key string) string {
		return `{"name": "` + name + `", "description": "Look something up in the index.", "` + key + `": {"type": "object", "properties": {"q": {"type": "string"}}}}`
	}
	for _, tc := range []struct {
		name  string
		src   string
		paths []string
	}{
		{"the odd one out", "[" + tool("a", "input_schema") + "," + tool("b", "input_schema") + "," + tool("c", "parameters") + "]", []string{"$[2].parameters"}},
		{"a list in another shape is converted by its caller", "[" + tool("a", "parameters") + "," + tool("b", "parameters") + "]", nil},
		{"a list half in each shape", "[" + tool("a", "parameters") + "," + tool("b", "input_schema") + "]", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var paths []string
			for _, is := range issuesMatching(lintWith(t, tc.src, []string{"anthropic"}, nil), []string{"anthropic/input-schema-not-object"}) {
				paths = append(paths, is.Path)
			}
			if !slices.Equal(paths, tc.paths) {
				t.Errorf("issues at %q, want %q", paths, tc.paths)
			}
		})
	}
}
