package call

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

const responsesTools = `[
 {"type": "tool_search"},
 {"type": "namespace", "name": "crm", "description": "CRM tools.", "tools": [
   {"type": "function", "name": "get_customer", "description": "Fetch a customer.", "parameters": {"type": "object", "properties": {"customer_id": {"type": "string"}}, "required": ["customer_id"]}},
   {"type": "function", "name": "search", "description": "Search customers.", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}
 ]},
 {"type": "namespace", "name": "billing", "description": "Billing tools.", "tools": [
   {"type": "function", "name": "search", "description": "Search invoices.", "parameters": {"type": "object", "properties": {"invoice": {"type": "integer"}}, "required": ["invoice"]}}
 ]},
 {"type": "custom", "name": "timestamp", "description": "Saves a timestamp.", "format": {"type": "grammar", "syntax": "regex", "definition": "^(?P<month>January|February)\\s+(?P<day>\\d{1,2})$"}},
 {"type": "custom", "name": "math_exp", "description": "Math.", "format": {"type": "grammar", "syntax": "lark", "definition": "start: INT\n%import common.INT"}},
 {"type": "custom", "name": "code_exec", "description": "Runs Python."},
 {"type": "custom", "custom": {"name": "chat_ts", "format": {"type": "grammar", "grammar": {"syntax": "regex", "definition": "\\d+"}}}},
 {"type": "custom", "name": "wordy", "format": {"type": "grammar", "syntax": "regex", "definition": "[a-z&&[^aeiou]]+"}}
]`

func responsesSchemas(t *testing.T) *Schemas {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(responsesTools))
	if err != nil {
		t.Fatal(err)
	}
	return SchemasFromTools(tooldef.Tools(doc))
}

func TestCustomToolCallsAndNamespacedCalls(t *testing.T) {
	s := responsesSchemas(t)
	tests := []struct {
		name, call string
		want       []string
	}{
		// The cases of issue 21.
		{"a custom_tool_call whose input breaks its regex grammar", `{"type": "custom_tool_call", "call_id": "call_1", "name": "timestamp", "input": "August 7th 2025"}`, []string{"grammar:regex"}},
		{"a call of a namespaced function", `{"type": "function_call", "call_id": "c", "namespace": "crm", "name": "get_customer", "arguments": "{\"customer_id\": \"42\"}"}`, nil},
		// More.
		{"a custom_tool_call its grammar accepts", `{"type": "custom_tool_call", "call_id": "call_1", "name": "timestamp", "input": "January 7"}`, nil},
		{"the crate's \\d is Unicode", `{"type": "custom_tool_call", "call_id": "c", "name": "timestamp", "input": "January ٧"}`, nil},
		{"a Chat Completions custom call", `{"id": "c", "type": "custom", "custom": {"name": "chat_ts", "input": "12a"}}`, []string{"grammar:regex"}},
		{"a lark grammar is not evaluated", `{"type": "custom_tool_call", "call_id": "c", "name": "math_exp", "input": "4 + 4"}`, []string{"unchecked:lark"}},
		{"a regex toolbench cannot match as the crate does", `{"type": "custom_tool_call", "call_id": "c", "name": "wordy", "input": "b"}`, []string{`unchecked:regex:it uses the class operation "&&"`}},
		{"free text", `{"type": "custom_tool_call", "call_id": "c", "name": "code_exec", "input": "print(1)"}`, nil},
		{"a custom call of a function", `{"type": "custom_tool_call", "call_id": "c", "name": "get_customer", "input": "x"}`, []string{"kind:get_customer:function"}},
		{"a function call of a custom tool", `{"type": "function_call", "call_id": "c", "name": "code_exec", "arguments": "{}"}`, []string{"kind:code_exec:custom"}},
		{"a custom call without input", `{"type": "custom_tool_call", "call_id": "c", "name": "code_exec"}`, []string{"malformed:custom tool call without input"}},
		{"a custom call whose input is no string", `{"type": "custom_tool_call", "call_id": "c", "name": "code_exec", "input": {"a": 1}}`, []string{"malformed:input is not a string"}},
		{"a namespaced function checked as any", `{"type": "function_call", "namespace": "crm", "name": "get_customer", "arguments": "{}"}`, []string{"missing:customer_id"}},
		{"the namespace decides which search", `{"type": "function_call", "namespace": "billing", "name": "search", "arguments": "{\"q\": \"x\"}"}`, []string{"missing:invoice", "extra:q"}},
		{"a name one namespace declares, without the namespace", `{"name": "get_customer", "args": {"customer_id": "1"}}`, nil},
		{"a name two namespaces declare needs the namespace", `{"name": "search", "args": {"q": "x"}}`, []string{"unknown_tool:search"}},
		{"a namespace that has no such function", `{"type": "function_call", "namespace": "billing", "name": "get_customer", "arguments": "{}"}`, []string{"unknown_tool:get_customer"}},
		{"tool_search is OpenAI's", `{"name": "nope", "args": {}}`, []string{"unknown_tool:nope"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, CheckCallText(tc.call, s)); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}

func TestACallWithOnlyUncheckedNotesCountsAsValid(t *testing.T) {
	s := responsesSchemas(t)
	in := `{"type": "custom_tool_call", "call_id": "c", "name": "math_exp", "input": "4"}
{"type": "custom_tool_call", "call_id": "c", "name": "timestamp", "input": "nope"}
`
	var out strings.Builder
	sum, err := CheckCalls(strings.NewReader(in), s, CallOptions{}, &recorder{w: &out})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Calls != 2 || sum.Invalid != 1 {
		t.Errorf("summary %+v, want 2 calls, 1 invalid", sum)
	}
	got := results(t, out.String())
	if len(got) != 2 || !cmp.Equal(got[0].Errors, []string{"unchecked:lark"}) || !cmp.Equal(got[1].Errors, []string{"grammar:regex"}) {
		t.Errorf("results %+v, want unchecked:lark and grammar:regex", got)
	}
	lark := Finding{Code: CodeUnchecked, Grammar: "lark"}
	grammar := Finding{Code: CodeGrammar, Grammar: "regex"}
	if r := (Result{Findings: []Finding{lark}}); !r.Valid() || lark.IsError() || !grammar.IsError() {
		t.Errorf("unchecked:lark should be a note of a valid call, grammar:regex an error")
	}
	all := []Finding{{Code: CodeMissing, Field: "q"}, lark, {Code: CodeExtra, Field: "x"}}
	if errs, notes := Errors(all), Notes(all); !cmp.Equal(Strings(errs), []string{"missing:q", "extra:x"}) || !cmp.Equal(notes, []Finding{lark}) {
		t.Errorf("errors %v, notes %v; want missing:q and extra:x, and unchecked:lark", errs, notes)
	}
}
