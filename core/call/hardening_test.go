package call

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// callLines runs ReadCalls over input and returns, for each call it
// found, its line and its errors against s.
func callLines(t *testing.T, input string, s *Schemas) []string {
	t.Helper()
	var got []string
	err := ReadCalls(strings.NewReader(input), func(line int, c Call) error {
		got = append(got, fmt.Sprintf("%d %q", line, ValidateCall(c, s)))
		return nil
	})
	if err != nil {
		t.Fatalf("ReadCalls: %v", err)
	}
	return got
}

func TestJSONLinesBadLinesCostOnlyThemselves(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}, "optional": {"n": "float"}}}`)
	good := `{"name": "search", "args": {"query": "x"}}`
	lines := []struct{ line, want string }{
		{good, `[]`},
		{"not json", `["malformed:2:2: invalid character 'o' in literal null (expecting 'u')"]`},
		{"\x00\x00", `["malformed:3:1: invalid character '\\x00' at start of value"]`},
		{`{"name": "search", "args": {"query": "` + "\xff" + `"}}`, `["malformed:4:39: invalid UTF-8"]`},
		{`{"name": "search", "args": {"query": NaN}}`, `["malformed:5:38: invalid character 'N' at start of value"]`},
		{good + " " + good, `["malformed:6:44: after the JSON value: unexpected data, only white space may follow"]`},
		{`{"name": "search", "args": {"query": "x", "n": ` + strings.Repeat("[", 100000) + `}}`,
			fmt.Sprintf(`["malformed:7:%d: too deeply nested: more than %d levels of objects and arrays"]`, 48+jsondoc.MaxDepth-2, jsondoc.MaxDepth)},
		{`{"name": "search", "args": {"query": "x", "n": 1e999999}}`, `[]`},
		{`{"name": "search", "args": {"query": "` + strings.Repeat("x", 10<<20) + `"}}`, `[]`},
		{`{"name": "search", "arguments": "{\"query\": Infinity}"}`, `["malformed:arguments is not valid JSON: 1:11: invalid character 'I' at start of value"]`},
		{`{"name": "\u001b[2J", "args": {}}`, `["unknown_tool:\u001b[2J"]`},
		{"[", `["malformed:12:2: unexpected end of input: an array is not closed (expected ']')"]`},
		{good, `[]`},
	}
	var input strings.Builder
	var want []string
	for i, l := range lines {
		input.WriteString(l.line + "\n")
		var errs []string
		if err := json.Unmarshal([]byte(l.want), &errs); err != nil {
			t.Fatalf("line %d: bad want %s: %v", i+1, l.want, err)
		}
		want = append(want, fmt.Sprintf("%d %q", i+1, errs))
	}
	if diff := cmp.Diff(want, callLines(t, input.String(), s)); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

func TestCheckCallTextGivesOneMalformedErrorForWhatIsNotJSON(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	cases := []struct{ name, text, want string }{
		{"empty", "", "malformed:1:1: empty input: expected a JSON value"},
		{"white space", " \n ", "malformed:2:2: no JSON value, only white space"},
		{"NUL bytes", "\x00", `malformed:1:1: invalid character '\x00' at start of value`},
		{"binary garbage", "\x89PNG", `malformed:1:1: invalid character '\x89' at start of value`},
		{"too deep", strings.Repeat("[", 100000), fmt.Sprintf("malformed:1:%d: too deeply nested: more than %d levels of objects and arrays", jsondoc.MaxDepth+1, jsondoc.MaxDepth)},
		{"trailing data", `{"name": "search"} x`, "malformed:1:20: after the JSON value: invalid character 'x' at start of value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff([]string{tc.want}, CheckCallText(tc.text, s)); diff != "" {
				t.Errorf("CheckCallText(%.30q) (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}
