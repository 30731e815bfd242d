package lint

import "testing"

func TestInputExamplesAreCheckedAgainstTheSchemaUnderEveryTarget(t *testing.T) {
	tool := func(examples string) string {
		return `[{"name": "get_weather", "description": "Get the current weather in a given location.",
  "input_schema": {"type": "object", "properties": {"location": {"type": "string"}, "unit": {"enum": ["celsius", "fahrenheit"]}}, "required": ["location"]},
  "input_examples": ` + examples + `}]`
	}
	const p = "$[0].input_examples"
	cases := []targetCase{
		{name: "valid examples", src: tool(`[{"location": "San Francisco, CA", "unit": "fahrenheit"}, {"location": "Tokyo"}]`)},
		{name: "a wrong type, a missing property, a value outside the enum",
			src: tool(`[{"location": 3}, {"unit": "celsius"}, {"location": "Paris", "unit": "kelvin"}]`),
			want: []issueWant{
				{"invalid-input-example", p + "[0].location", "input example 0 does not satisfy the input_schema at /location: got number, want string"},
				{"invalid-input-example", p + "[1]", "input example 1 does not satisfy the input_schema: missing property 'location'"},
				{"invalid-input-example", p + "[2].unit", "at /unit: value must be one of"},
			}},
		{name: "not a list", src: tool(`{"location": "Paris"}`),
			want: []issueWant{{"invalid-input-example", p, "input_examples is an object, not a list"}}},
		{name: "an example that is not an object", src: tool(`["Paris"]`),
			want: []issueWant{{"invalid-input-example", p + "[0]", "input example 0 is a string, not an object of arguments"}}},
		{name: "a schema that does not compile: invalid-schema's", src: `[{"name": "a", "description": "Look up records in the catalogue.", "input_schema": {"type": "object", "properties": {"q": {"type": "string", "pattern": "(?i)x"}}}, "input_examples": [{"q": 1}]}]`},
		{name: "an OpenAI tool's examples too", src: `[{"type": "function", "function": {"name": "a", "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}, "input_examples": [{"q": 1}]}}]`,
			want: []issueWant{{"invalid-input-example", "$[0].function.input_examples[0].q", "does not satisfy the parameters at /q"}}},
	}
	for _, targets := range [][]string{nil, {"anthropic"}, {"openai", "gemini", "mcp"}} {
		for i := range cases {
			cases[i].targets = targets
		}
		checkTargetCases(t, []string{"invalid-input-example"}, cases)
	}
}

func TestTheProvidersKnownToolFieldsAreNotReported(t *testing.T) {
	src := `[{"name": "get_weather", "description": "Get the current weather in a given location.",
  "input_schema": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"], "additionalProperties": false},
  "input_examples": [{"location": "Paris"}], "strict": true, "defer_loading": true,
  "allowed_callers": ["code_execution_20250825"], "cache_control": {"type": "ephemeral"}, "eager_input_streaming": true},
 {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}]`
	for _, targets := range [][]string{nil, {"anthropic"}, {"anthropic-strict"}} {
		if res := lintWith(t, src, targets, nil); len(res.Issues) != 0 {
			t.Errorf("targets %v: issues %v, want none", targets, brief(res.Issues))
		}
	}
}
