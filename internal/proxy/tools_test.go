package proxy

import (
	"strings"
	"testing"

	"toolbench/internal/jsonrpc"
)

// TestAPageIsReadAsItIsPassedOn reads tools/list results as the proxy
// holds them to a lock: the tools it reads are those withoutTools takes
// out, however the result writes its members, and what is not a
// tools/list result is an error at its place.
func TestAPageIsReadAsItIsPassedOn(t *testing.T) {
	tests := []struct {
		name, result string
		tools        []string // the names read
		next, err    string
	}{
		{name: "plain", result: `{"tools":[{"name":"a"},{"name":"b"}],"nextCursor":"c2"}`, tools: []string{"a", "b"}, next: "c2"},
		{name: "a name escaped", result: `{"t\u006fols":[{"name":"a"}],"nextCurs\u006fr":"c\u0032"}`, tools: []string{"a"}, next: "c2"},
		{name: "tools twice, the last read", result: `{"tools":[{"name":"a"}],"tools":[{"name":"b"},{"name":"c"}]}`, tools: []string{"b", "c"}},
		{name: "no next cursor", result: `{"tools":[],"nextCursor":null}`, tools: []string{}},
		{name: "a result that is a list", result: `[]`, err: "tools/list page 3:1:34: a tools/list result must be an object, not a list"},
		{name: "no tools", result: `{"tool":[]}`, err: `tools/list page 3:1:34: the result has no "tools" list`},
		{name: "tools that are no list", result: `{"tools":"a"}`, err: `tools/list page 3:1:43: "tools" is a string, not a list`},
		{name: "a cursor that is a number", result: `{"tools":[],"nextCursor":5}`, err: `tools/list page 3:1:59: "nextCursor" is a number, not a string`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := jsonrpc.Parse([]byte(`{"jsonrpc":"2.0","id":1,"result":` + tc.result + `}`))
			page, tools, err := readPage(&m, 3, "c1")
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("got the error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			names := []string{}
			for _, tool := range tools {
				name, _ := jsonrpc.Unquote(jsonrpc.Member(tool, "name"))
				names = append(names, name)
			}
			if strings.Join(names, " ") != strings.Join(tc.tools, " ") || page.NextCursor != tc.next || page.Tools != len(tc.tools) || page.Cursor != "c1" {
				t.Errorf("read %q and the cursor %q, want %q and %q", names, page.NextCursor, tc.tools, tc.next)
			}
			all := map[int]bool{}
			for i := range tools {
				all[i] = true
			}
			if left := listedNames(withoutTools(&m, all)); len(left) != 0 {
				t.Errorf("withoutTools every tool read leaves %q", left)
			}
		})
	}
}
