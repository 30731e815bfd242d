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
	// openai, openai-strict, anthropic, gemini, mcp, mcp@2025-11-25:
	// Gemini's parameters have no additionalProperties, search.docs breaks
	// OpenAI's and Anthropic's name rules (strict counts OpenAI's), and the
	// strict tool lacks additionalProperties and a required "days".
	want := []string{
		"search_docs 2:3 [0 0 0 1 0 0] ok=false",
		"search.docs 4:3 [1 1 1 1 0 0] ok=false",
		"get_weather 6:3 [0 2 0 0 0 0] ok=false",
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

// A rule the revisions of MCP's rules share counts against each: a tool
// without an inputSchema is an error for both.
func TestARuleOfSeveralRevisionsCountsInTheColumnOfEach(t *testing.T) {
	src := `{"tools": [{"name": "a", "description": "A tool of the tests."},
	{"name": "b", "description": "A tool of the tests.", "inputSchema": {"type": "object", "additionalProperties": false}, "outputSchema": {"type": "array", "items": {"type": "string"}}}]}`
	m := Compute(parse(t, src), lint.Options{Targets: []string{"mcp", "mcp@2025-11-25"}})
	var got []string
	for _, r := range m.Rows {
		got = append(got, fmt.Sprintf("%s %v", r.Tool, r.Errors))
	}
	if diff := cmp.Diff([]string{"a [1 1]", "b [0 1]"}, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}
