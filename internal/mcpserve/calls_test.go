package mcpserve_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/internal/mcpserve"
)

// searchTools is one tool with a required string, an optional integer
// and an optional enum.
const searchTools = `[{"type": "function", "function": {"name": "search", "description": "Search the documents for a query.",
  "parameters": {"type": "object", "properties": {
    "query": {"type": "string", "description": "What to look for."},
    "limit": {"type": "integer", "description": "How many results."},
    "order": {"type": "string", "enum": ["newest", "oldest"], "description": "The order of the results."}},
  "required": ["query"]}}}]`

// callsAnswer is check_tool_calls' structuredContent.
type callsAnswer struct {
	Results []struct {
		Line   int      `json:"line"`
		Tool   string   `json:"tool"`
		Valid  bool     `json:"valid"`
		Errors []string `json:"errors"`
		Notes  []string `json:"notes"`
		Schema []struct {
			Path    string `json:"path"`
			Message string `json:"message"`
		} `json:"schema"`
	} `json:"results"`
	Calls   int      `json:"calls"`
	Invalid int      `json:"invalid"`
	Omitted int      `json:"omitted"`
	Notes   []string `json:"notes"`
}

func TestCheckCallsGivesEachCallValidateCallsErrors(t *testing.T) {
	t.Parallel()
	cs := connect(t, mcpserve.Options{Root: t.TempDir()})
	calls := lines(
		`{"name": "search", "arguments": {"query": "go"}}`,
		`{"type": "tool_use", "id": "t1", "name": "search", "input": {"limit": "5", "debug": true}}`,
		`{"name": "search", "arguments": {"query": "go", "order": "sideways"}}`,
		`not a call`,
		`{"functionCall": {"name": "fetch", "args": {}}}`,
	)
	var got callsAnswer
	text := answer(t, cs, "check_tool_calls", map[string]any{"tools": searchTools, "tools_path": nil, "calls": calls, "deep": false}, &got)

	wantText := lines(
		"line 1: valid",
		"line 2: missing:query, extra:debug, type:limit:int",
		"line 3: valid",
		"line 4: malformed:4:2: invalid character 'o' in literal null (expecting 'u')",
		"line 5: unknown_tool:fetch",
		"5 calls: 2 valid, 3 invalid",
	)
	if diff := cmp.Diff(wantText, text); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	if got.Calls != 5 || got.Invalid != 3 || len(got.Results) != 5 {
		t.Fatalf("%d calls, %d invalid, %d results; want 5, 3, 5", got.Calls, got.Invalid, len(got.Results))
	}
	r := got.Results[1]
	if r.Line != 2 || r.Tool != "search" || r.Valid || !cmp.Equal(r.Errors, []string{"missing:query", "extra:debug", "type:limit:int"}) || len(r.Schema) != 0 {
		t.Errorf("result of line 2: %+v", r)
	}
	if r := got.Results[3]; r.Tool != "" || r.Valid {
		t.Errorf("result of line 4, not a call: %+v", r)
	}
}

// A call of a custom tool whose lark grammar toolbench does not evaluate
// is valid, with a note that says so; the note is not among the errors.
func TestCheckCallsKeepsAnUncheckedGrammarOutOfTheErrors(t *testing.T) {
	t.Parallel()
	cs := connect(t, mcpserve.Options{Root: t.TempDir()})
	tools := `[{"type": "custom", "name": "sql", "description": "Run a read-only SQL query on the reporting database.",
		"format": {"type": "grammar", "syntax": "lark", "definition": "start: \"SELECT\" /[a-z ]+/"}}]`
	calls := `{"type": "custom_tool_call", "call_id": "c1", "name": "sql", "input": "SELECT a"}`
	var got callsAnswer
	text := answer(t, cs, "check_tool_calls", map[string]any{"tools": tools, "tools_path": nil, "calls": calls, "deep": false}, &got)
	if len(got.Results) != 1 || !got.Results[0].Valid || len(got.Results[0].Errors) != 0 || !cmp.Equal(got.Results[0].Notes, []string{"unchecked:lark"}) || got.Invalid != 0 {
		t.Errorf("results %+v, invalid %d; want one valid call with the note unchecked:lark and no errors", got.Results, got.Invalid)
	}
	if !strings.Contains(text, "line 1: valid, unchecked:lark\n") {
		t.Errorf("text:\n%s", text)
	}
}

func TestCheckCallsValidatesTheWholeSchemaWhenDeep(t *testing.T) {
	t.Parallel()
	cs := connect(t, mcpserve.Options{Root: t.TempDir()})
	var got callsAnswer
	text := answer(t, cs, "check_tool_calls", map[string]any{
		"tools": searchTools, "tools_path": nil, "deep": true,
		"calls": `{"name": "search", "arguments": {"query": "go", "order": "sideways"}}`,
	}, &got)
	if len(got.Results) != 1 || got.Results[0].Valid || len(got.Results[0].Schema) != 1 || got.Results[0].Schema[0].Path != "/order" {
		t.Fatalf("want one schema error at /order, got %+v", got.Results)
	}
	if want := "line 1: schema:/order: " + got.Results[0].Schema[0].Message + "\n1 call: 0 valid, 1 invalid\n"; text != want {
		t.Errorf("text %q, want %q", text, want)
	}
}

func TestCheckCallsReadsAFlatSchemaFileAndSaysWhatItCannotCheck(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"schemas.json": `{"search": {"required": {"query": "str"}, "optional": {"limit": "int"}}}`})
	cs := connect(t, mcpserve.Options{Root: root})
	var got callsAnswer
	text := answer(t, cs, "check_tool_calls", map[string]any{
		"tools": nil, "tools_path": "schemas.json", "deep": true,
		"calls": `{"name": "search", "args": {"limit": 1.5}}`,
	}, &got)
	wantText := lines(
		"line 1: missing:query, type:limit:int",
		"1 call: 0 valid, 1 invalid",
		"note: deep validation needs a tools document; a flat schema file has no JSON Schema to validate against",
	)
	if diff := cmp.Diff(wantText, text); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	if len(got.Notes) != 1 {
		t.Errorf("notes %q, want one", got.Notes)
	}
}
