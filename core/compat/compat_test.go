package compat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

const threeTools = `[
  {"type": "function", "function": {"name": "search_docs", "description": "Search the documentation.",
    "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false}}},
  {"type": "function", "function": {"name": "search.docs", "description": "Search the documentation.",
    "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": false}}},
  {"type": "function", "function": {"name": "get_weather", "description": "Get the weather for a city.", "strict": true,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]}}}
]`

func parse(t *testing.T, src string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestComputeCountsEachTargetsErrorsPerTool(t *testing.T) {
	m := Compute(parse(t, threeTools), lint.Options{})
	if diff := cmp.Diff(lint.TargetNames(), m.Targets); diff != "" {
		t.Fatalf("columns (-want +got):\n%s", diff)
	}
	var got []string
	for _, r := range m.Rows {
		got = append(got, fmt.Sprintf("%s %d:%d %v ok=%v", r.Tool, r.Line, r.Column, r.Errors, r.OK()))
	}
	// openai, openai-strict, anthropic, anthropic-strict, gemini, mcp,
	// mcp@2025-11-25: Gemini's parameters have no additionalProperties,
	// search.docs breaks OpenAI's and Anthropic's name rules (the strict
	// columns count theirs), and the strict tool lacks additionalProperties
	// and a required "days".
	want := []string{
		"search_docs 2:3 [0 0 0 0 1 0 0] ok=false",
		"search.docs 4:3 [1 1 1 1 1 0 0] ok=false",
		"get_weather 6:3 [0 2 0 0 0 0 0] ok=false",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if m.Document != nil {
		t.Errorf("document errors %v, want none", m.Document)
	}
}

func TestComputeTakesTheColumnsAskedForAndTheDocumentsErrors(t *testing.T) {
	var tools []string
	for i := range 130 {
		tools = append(tools, fmt.Sprintf(`{"name": "t%d", "description": "A tool of the tests.", "parameters": {"type": "object", "properties": {}}}`, i))
	}
	m := Compute(parse(t, "["+strings.Join(tools, ",")+"]"), lint.Options{Targets: []string{"mcp", "openai"}})
	if diff := cmp.Diff([]string{"mcp", "openai"}, m.Targets); diff != "" {
		t.Errorf("columns (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{0, 1}, m.Document); diff != "" {
		t.Errorf("document errors (-want +got):\n%s", diff)
	}
	if len(m.Rows) != 130 || !m.Rows[129].OK() {
		t.Errorf("%d rows, the last %+v", len(m.Rows), m.Rows[len(m.Rows)-1])
	}
}

// rows is each row of m in one line.
func rows(m *Matrix) []string {
	var got []string
	for _, r := range m.Rows {
		got = append(got, fmt.Sprintf("%s %v", r.Tool, r.Errors))
	}
	return got
}

func TestABaseErrorCountsInEveryColumn(t *testing.T) {
	src := `[
  {"name": "a", "description": "Look up records in the catalogue.", "input_schema": {"type": "object", "properties": {"q": {"type": "str"}}}},
  {"name": "b", "description": "Look up records in the catalogue.", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}}, "input_examples": [{"q": 1}]}
]`
	m := Compute(parse(t, src), lint.Options{Targets: []string{"openai", "anthropic", "gemini", "mcp"}})
	// Gemini also rejects nothing more here: both tools are in Anthropic's
	// shape, which the Gemini target converts.
	want := []string{"a [1 1 1 1]", "b [1 1 1 1]"}
	if diff := cmp.Diff(want, rows(m)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

func TestStrictColumnsCountTheToolsThatOptInUnlessAsked(t *testing.T) {
	src := `[
  {"type": "function", "function": {"name": "loose", "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}},
  {"type": "function", "function": {"name": "strict", "description": "Look up records in the catalogue.", "strict": true, "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}},
  {"name": "claude", "description": "Look up records in the catalogue.", "strict": true, "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}}}
]`
	cols := []string{"openai", "openai-strict", "anthropic", "anthropic-strict"}
	m := Compute(parse(t, src), lint.Options{Targets: cols})
	// The strict OpenAI tool lacks additionalProperties and a required q;
	// the strict Anthropic tool lacks additionalProperties, and among
	// OpenAI tools its input_schema is a schema OpenAI does not find.
	want := []string{"loose [0 0 0 0]", "strict [0 2 0 0]", "claude [1 1 0 1]"}
	if diff := cmp.Diff(want, rows(m)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	// The strict columns of a tool that does not opt in are of the tool
	// as sent: "loose" opts into neither, the OpenAI "strict" tool into
	// openai-strict only, "claude" into anthropic-strict only.
	asSent := func(m *Matrix) []string {
		var out []string
		for _, r := range m.Rows {
			out = append(out, fmt.Sprint(r.Tool, " ", r.AsSent))
		}
		return out
	}
	wantAsSent := []string{"loose [false true false true]", "strict [false false false true]", "claude [false true false false]"}
	if diff := cmp.Diff(wantAsSent, asSent(m)); diff != "" {
		t.Errorf("as sent (-want +got):\n%s", diff)
	}
	m = ComputeWith(parse(t, src), Options{Lint: lint.Options{Targets: cols}, StrictForAll: true})
	want = []string{"loose [0 2 0 1]", "strict [0 2 0 1]", "claude [1 3 0 1]"}
	if diff := cmp.Diff(want, rows(m)); diff != "" {
		t.Errorf("every tool strict: rows (-want +got):\n%s", diff)
	}
	wantAsSent = []string{"loose [false false false false]", "strict [false false false false]", "claude [false false false false]"}
	if diff := cmp.Diff(wantAsSent, asSent(m)); diff != "" {
		t.Errorf("every tool strict: as sent (-want +got):\n%s", diff)
	}
}

func TestAToolAProviderRejectsIsNotOK(t *testing.T) {
	var tools []string
	for i := range 21 {
		tools = append(tools, fmt.Sprintf(`{"name": "t%d", "description": "Look up records in the catalogue.", "strict": true, "input_schema": {"type": "object", "properties": {}, "additionalProperties": false}}`, i))
	}
	tools = append(tools, `{"type": "custom", "name": "code_exec", "description": "Executes arbitrary Python code."}`)
	m := Compute(parse(t, "["+strings.Join(tools, ",")+"]"), lint.Options{Targets: []string{"anthropic-strict", "openai", "mcp"}})
	if m.Rows[19].OK() == false || m.Rows[20].OK() {
		t.Errorf("the 20th strict tool %v, the 21st %v: want the 21st counted for anthropic-strict", m.Rows[19].Errors, m.Rows[20].Errors)
	}
	if got := m.Rows[21].Errors; got[0] != 1 || got[1] != 0 || got[2] != 1 {
		t.Errorf("the custom tool %v, want [1 0 1]: OpenAI takes it, Anthropic and MCP do not", got)
	}
}

// A rule the revisions of MCP's rules share counts against each: a tool
// without an inputSchema is an error for both.
func TestARuleOfSeveralRevisionsCountsInTheColumnOfEach(t *testing.T) {
	src := `{"tools": [{"name": "a", "description": "A tool of the tests."},
	{"name": "b", "description": "A tool of the tests.", "inputSchema": {"type": "object", "additionalProperties": false}, "outputSchema": {"type": "array", "items": {"type": "string"}}}]}`
	m := Compute(parse(t, src), lint.Options{Targets: []string{"mcp", "mcp@2025-11-25"}})
	if diff := cmp.Diff([]string{"a [1 1]", "b [0 1]"}, rows(m)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

// TestADefectTwoRulesWouldReportCountsOnce counts a root of type "dict"
// once in each column: it is unknown-type's, and no provider's
// object-root rule reports it again.
func TestADefectTwoRulesWouldReportCountsOnce(t *testing.T) {
	src := `[{"type": "function", "function": {"name": "get_weather", "description": "Get the weather for a city.",
  "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}}}}]`
	m := Compute(parse(t, src), lint.Options{})
	want := make([]int, len(m.Targets))
	for i := range want {
		want[i] = 1
	}
	if diff := cmp.Diff(want, m.Rows[0].Errors); diff != "" {
		t.Errorf("errors per column %v (-want +got):\n%s", m.Targets, diff)
	}
}

// TestANameOnlyMCPAdvisesAgainstIsAnErrorForOpenAIAlone counts a name
// with a space as OpenAI's error and not as MCP's, whose rule is a
// SHOULD: with both targets, and with MCP's columns alone.
func TestANameOnlyMCPAdvisesAgainstIsAnErrorForOpenAIAlone(t *testing.T) {
	src := `{"result": {"tools": [{"name": "get weather", "description": "Get the weather for a city.",
  "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}]}}`
	for _, tc := range []struct {
		targets []string
		want    []int
	}{
		{[]string{"openai", "mcp"}, []int{1, 0}},
		{[]string{"mcp", "mcp@2025-11-25"}, []int{0, 0}},
	} {
		m := Compute(parse(t, src), lint.Options{Targets: tc.targets})
		if diff := cmp.Diff(tc.want, m.Rows[0].Errors); diff != "" {
			t.Errorf("%v: errors per column (-want +got):\n%s", tc.targets, diff)
		}
	}
}

func TestAResponsesFunctionWithoutStrictIsCountedAsStrictAsOpenAIMakesIt(t *testing.T) {
	params := `{"type": "object", "properties": {"city": {"type": "string"}, "zone": {"type": "string"}, "when": {"allOf": [{"type": "string"}]}}, "required": ["city", "when"]}`
	src := `[
  {"type": "function", "name": "responses_default", "description": "Get the current weather for a city.", "parameters": ` + params + `},
  {"type": "function", "name": "responses_off", "description": "Get the current weather for a city.", "strict": false, "parameters": ` + params + `},
  {"type": "function", "function": {"name": "chat", "description": "Get the current weather for a city.", "parameters": ` + params + `}}
]`
	m := Compute(parse(t, src), lint.Options{Targets: []string{"openai", "openai-strict"}})
	// The Responses function without "strict" is made strict: its allOf
	// is the one error normalization cannot fix (the optional zone is a
	// warning). Opting out, or Chat Completions, leaves it as sent.
	want := []string{"responses_default [0 1]", "responses_off [0 0]", "chat [0 0]"}
	if diff := cmp.Diff(want, rows(m)); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	var asSent []string
	for _, r := range m.Rows {
		asSent = append(asSent, fmt.Sprint(r.Tool, " ", r.AsSent))
	}
	wantAsSent := []string{"responses_default [false false]", "responses_off [false true]", "chat [false true]"}
	if diff := cmp.Diff(wantAsSent, asSent); diff != "" {
		t.Errorf("as sent (-want +got):\n%s", diff)
	}
}
