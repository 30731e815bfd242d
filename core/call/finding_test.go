package call

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheckGivesEachFindingItsFieldsAndTheSeedsText(t *testing.T) {
	flat := callFlatSchemas(t, `{"search": {"required": {"query": "str", "limit": "int"}, "optional": {"lang": "str"}}}`)
	custom := responsesSchemas(t)
	tests := []struct {
		name string
		call string
		s    *Schemas
		want []Finding
		text []string
	}{
		{"valid", `{"name": "search", "args": {"query": "x", "limit": 1}}`, flat, nil, nil},
		{"the seed's example", `{"name": "search", "args": {"limit": true, "debug": 1}}`, flat,
			[]Finding{{Code: CodeMissing, Field: "query"}, {Code: CodeExtra, Field: "debug"}, {Code: CodeType, Field: "limit", Type: TypeInt}},
			[]string{"missing:query", "extra:debug", "type:limit:int"}},
		{"an optional field of the wrong type", `{"name": "search", "args": {"query": "x", "limit": 1, "lang": null}}`, flat,
			[]Finding{{Code: CodeType, Field: "lang", Type: TypeStr}}, []string{"type:lang:str"}},
		{"an unknown tool", `{"name": "delete_all", "args": {}}`, flat,
			[]Finding{{Code: CodeUnknownTool, Tool: "delete_all"}}, []string{"unknown_tool:delete_all"}},
		{"not a call", `[1]`, flat,
			[]Finding{{Code: CodeMalformed, Reason: "not an object"}}, []string{"malformed:not an object"}},
		{"arguments that are not JSON are placed in no line of the input", `{"name": "search", "arguments": "{x"}`, flat,
			[]Finding{{Code: CodeMalformed, Reason: "arguments is not valid JSON: 1:2: invalid character 'x' at start of value"}},
			[]string{"malformed:arguments is not valid JSON: 1:2: invalid character 'x' at start of value"}},
		{"a custom call of a function", `{"type": "custom_tool_call", "call_id": "c", "name": "get_customer", "input": "x"}`, custom,
			[]Finding{{Code: CodeKind, Tool: "get_customer", Kind: "function"}}, []string{"kind:get_customer:function"}},
		{"a function call of a custom tool", `{"type": "function_call", "call_id": "c", "name": "code_exec", "arguments": "{}"}`, custom,
			[]Finding{{Code: CodeKind, Tool: "code_exec", Kind: "custom"}}, []string{"kind:code_exec:custom"}},
		{"input its regex grammar refuses", `{"type": "custom_tool_call", "call_id": "c", "name": "timestamp", "input": "nope"}`, custom,
			[]Finding{{Code: CodeGrammar, Grammar: "regex"}}, []string{"grammar:regex"}},
		{"a lark grammar", `{"type": "custom_tool_call", "call_id": "c", "name": "math_exp", "input": "4"}`, custom,
			[]Finding{{Code: CodeUnchecked, Grammar: "lark"}}, []string{"unchecked:lark"}},
		{"a regex toolbench cannot match", `{"type": "custom_tool_call", "call_id": "c", "name": "wordy", "input": "b"}`, custom,
			[]Finding{{Code: CodeUnchecked, Grammar: "regex", Reason: `it uses the class operation "&&"`}}, []string{`unchecked:regex:it uses the class operation "&&"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NormalizeCall(callNode(t, tc.call))
			got := Check(c, tc.s)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.text, Strings(got)); diff != "" {
				t.Errorf("the findings' text (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.text, ValidateCall(c, tc.s)); diff != "" {
				t.Errorf("ValidateCall (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAMalformedCallsFindingIsPlacedWhereItsTextSays reads input every
// way ReadCalls and CheckCalls read it and holds the line and column of
// each malformed finding to the place its text starts with.
func TestAMalformedCallsFindingIsPlacedWhereItsTextSays(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	long := `{"name": "search", "args": {"query": "` + strings.Repeat("x", 100) + `"}}`
	tests := []struct {
		name      string
		input     string
		limit     int
		line, col int // of the malformed call's finding; 0, 0 for none
		text      string
	}{
		{"one value that is not JSON", "{\n  \"name\": }", 0, 2, 11, "malformed:2:11: invalid character '}' at start of value"},
		{"empty input", "", 0, 0, 0, ""},
		{"a bad line of JSON Lines", "{\"name\": \"search\"}\n{x\n", 0, 2, 2, "malformed:2:2: invalid character 'x' at start of value"},
		{"a line past the limit", "{\"name\": \"search\"}\n" + long + "\n", 64, 2, 1, "malformed:2:1: the line is longer than the limit of 64 bytes"},
		{"a bad value after pretty-printed calls", "{\n \"name\": \"search\"\n}\n{\n \"name\" 1\n}\n", 0, 5, 9, "malformed:5:9: invalid character '1' after object name (expecting ':')"},
		{"a call with no name", "{\"args\": {}}\n", 0, 0, 0, "malformed:no name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			limit := tc.limit
			if limit == 0 {
				limit = 1 << 20
			}
			var malformed []Finding
			err := readCalls(strings.NewReader(tc.input), limit, func(_ int, c Call) error {
				for _, f := range Check(c, s) {
					if f.Code == CodeMalformed {
						malformed = append(malformed, f)
					}
				}
				return nil
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tc.text == "" {
				if len(malformed) > 0 {
					t.Fatalf("malformed calls %q, want none", malformed)
				}
				return
			}
			if len(malformed) != 1 {
				t.Fatalf("malformed calls %q, want one", malformed)
			}
			f := malformed[0]
			if f.Line != tc.line || f.Column != tc.col || f.String() != tc.text {
				t.Errorf("finding at %d:%d %q, want at %d:%d %q", f.Line, f.Column, f, tc.line, tc.col, tc.text)
			}
			if f.Line > 0 && !strings.HasPrefix(f.String(), placePrefix(f)) {
				t.Errorf("%q does not start with its place %q", f, placePrefix(f))
			}
		})
	}
}

// placePrefix is what a malformed finding's text starts with when it is
// placed: "malformed:LINE:COL: ", or "malformed:LINE: ".
func placePrefix(f Finding) string {
	if f.Column == 0 {
		return "malformed:" + strconv.Itoa(f.Line) + ": "
	}
	return fmt.Sprintf("malformed:%d:%d: ", f.Line, f.Column)
}

// findingPlaces is a ResultWriter that renders each malformed finding
// with its place, on the goroutine that checked it as CheckCalls'
// batches are.
type findingPlaces struct{ out strings.Builder }

func (p *findingPlaces) WriteResult(r *Result) error {
	p.out.Write(p.AppendResult(nil, r))
	return nil
}

func (p *findingPlaces) AppendResult(dst []byte, r *Result) []byte {
	for _, f := range r.Findings {
		if f.Code == CodeMalformed {
			dst = fmt.Appendf(dst, "%d %d:%d %s\n", r.Line, f.Line, f.Column, f)
		}
	}
	return dst
}

func (p *findingPlaces) WriteResults(rendered []byte, _ int, _ bool) error {
	p.out.Write(rendered)
	return nil
}

func TestCheckCallsPlacesTheMalformedCallsOfItsBatches(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	var in, want strings.Builder
	for i := 1; i <= 3000; i++ {
		switch i % 1000 {
		case 7:
			in.WriteString("{\"name\": }\n")
			fmt.Fprintf(&want, "%d %d:10 malformed:%d:10: invalid character '}' at start of value\n", i, i, i)
		default:
			in.WriteString(`{"name": "search", "args": {"query": "x"}}` + "\n")
		}
	}
	var p findingPlaces
	if _, err := CheckCalls(strings.NewReader(in.String()), s, CallOptions{}, &p); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want.String(), p.out.String()); diff != "" {
		t.Errorf("malformed findings (-want +got):\n%s", diff)
	}
}
