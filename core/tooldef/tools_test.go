package tooldef

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"toolbench/core/jsondoc"
)

// TestToolsOfALongListOnManyProcessors finds the tools of a list long
// enough to be split among processors, with every shape, Gemini groups
// and entries that are not tools, and checks that the set is the one a
// single processor finds.
func TestToolsOfALongListOnManyProcessors(t *testing.T) {
	shapes := []string{
		`{"type": "function", "function": {"name": "o%d", "parameters": {}}}`,
		`{"name": "a%d", "input_schema": {"type": "object"}}`,
		`{"name": "m%d", "inputSchema": {}}`,
		`{"functionDeclarations": [{"name": "g%d"}, 7, {"name": "h"}]}`,
		`"not a tool %d"`,
		`{"type": "function", "name": "r%d", "strict": true}`,
	}
	var b strings.Builder
	b.WriteString("[")
	for i := range 6 * parallelShare {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, shapes[(i*7/3)%len(shapes)], i)
	}
	b.WriteString("]")
	doc, err := jsondoc.Parse("t.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var want *ToolSet
	withProcs(1, func() { want = Tools(doc) })
	if len(want.Tools) < 3*parallelShare || len(want.Bad) == 0 || want.Shape != ShapeMixed {
		t.Fatalf("the list gave %d tools, %d bad entries and shape %q; want many, some and mixed", len(want.Tools), len(want.Bad), want.Shape)
	}
	for _, procs := range []int{2, 3, 8} {
		withProcs(procs, func() {
			got := Tools(doc)
			// The same nodes of the same document, by pointer.
			same := cmp.Options{
				cmpopts.IgnoreUnexported(ToolSet{}, List{}),
				cmp.Comparer(func(a, b *jsondoc.Node) bool { return a == b }),
				cmp.Comparer(func(a, b *jsondoc.Document) bool { return a == b }),
			}
			if diff := cmp.Diff(want, got, same); diff != "" {
				t.Errorf("%d processors: the tool set differs (-want +got):\n%.3000s", procs, diff)
			}
			first := map[string]int{}
			for _, tool := range got.Tools {
				if _, ok := first[tool.Name]; !ok {
					first[tool.Name] = tool.Index
				}
				if i := got.FirstNamed(tool.Name); i != first[tool.Name] {
					t.Fatalf("%d processors: FirstNamed(%q) = %d, want %d", procs, tool.Name, i, first[tool.Name])
				}
			}
			if first["h"] == 0 || got.FirstNamed("nobody") != -1 {
				t.Errorf("%d processors: the repeated name h is first at %d, and an unknown name at %d", procs, first["h"], got.FirstNamed("nobody"))
			}
		})
	}
}

// withProcs runs fn with GOMAXPROCS set to procs.
func withProcs(procs int, fn func()) {
	prev := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(prev)
	fn()
}

// describe lists what Tools found: each list with its tools' paths, then
// each problem's path.
func describe(ts *ToolSet) []string {
	var out []string
	for k, l := range ts.Lists {
		var paths []string
		for _, t := range ts.Tools {
			if t.List == k {
				paths = append(paths, t.Path)
			}
		}
		out = append(out, fmt.Sprintf("list %s (%d): %s", l.Path, l.Count, strings.Join(paths, " ")))
	}
	for _, p := range ts.Problems {
		out = append(out, "problem "+p.Path)
	}
	return out
}

func TestToolsOfEveryShapeOfDocument(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"a list", `[{"name": "a"}, {"name": "b"}]`, []string{"list $ (2): $[0] $[1]"}},
		{"one tool", `{"name": "a", "parameters": {}}`, []string{"list $ (1): $"}},
		{"tools object", `{"tools": [{"name": "a"}]}`, []string{"list $.tools (1): $.tools[0]"}},
		{"MCP result", `{"jsonrpc": "2.0", "result": {"tools": [{"name": "a"}]}}`, []string{"list $.result.tools (1): $.result.tools[0]"}},
		{"a dataset's record", `{"id": "q1", "question": [[{"role": "user", "content": "hi"}]], "function": [{"name": "a"}, {"name": "b"}]}`,
			[]string{"list $.function (2): $.function[0] $.function[1]"}},
		{"legacy functions", `{"model": "m", "functions": [{"name": "a"}]}`, []string{"list $.functions (1): $.functions[0]"}},
		{"an OpenAI tool keeps its function", `{"type": "function", "function": {"name": "a"}}`, []string{"list $ (1): $"}},
		{"not tools", `{"id": "q1", "question": "hi"}`, []string{"problem $"}},
		{"tools that are not a list", `{"tools": 3}`, []string{"problem $.tools"}},
		// JSON Lines: a value that is one tool joins the file's list;
		// one that is or holds a list is a list of its own.
		{"JSON Lines of tools", "{\"name\": \"a\"}\n{\"name\": \"b\"}\n", []string{"list $ (2): $[0] $[1]"}},
		{"JSON Lines of records", "{\"id\": 1, \"function\": [{\"name\": \"a\"}]}\n{\"id\": 2, \"function\": [{\"name\": \"a\"}, {\"name\": \"b\"}]}\n",
			[]string{"list $[0].function (1): $[0].function[0]", "list $[1].function (2): $[1].function[0] $[1].function[1]"}},
		{"JSON Lines of every shape", "[{\"name\": \"a\"}]\n{\"name\": \"b\"}\n{\"tools\": []}\n{\"result\": {\"tools\": [{\"name\": \"c\"}]}}\n{\"name\": \"d\"}\n\"x\"\n{\"q\": 1}\n",
			[]string{"list $[0] (1): $[0][0]", "list $ (2): $[1] $[4]", "list $[2].tools (0): ", "list $[3].result.tools (1): $[3].result.tools[0]", "problem $[5]", "problem $[6]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsondoc.ParseDocument("t.json", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			ts := Tools(doc)
			if diff := cmp.Diff(tc.want, describe(ts)); diff != "" {
				t.Errorf("Tools (-want +got):\n%s", diff)
			}
			if want := len(tc.want) > 0 && strings.HasPrefix(tc.want[0], "problem"); want != (len(ts.Lists) == 0) {
				t.Errorf("lists %d, want none only when there is nothing but problems", len(ts.Lists))
			}
		})
	}
}

func TestFirstNamedInLooksInTheToolsList(t *testing.T) {
	src := "{\"function\": [{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"a\"}]}\n{\"function\": [{\"name\": \"b\"}, {\"name\": \"a\"}]}\n{\"name\": \"a\"}\n{\"name\": \"a\"}\n"
	doc, err := jsondoc.ParseDocument("t.jsonl", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ts := Tools(doc)
	for _, tc := range []struct {
		list int
		name string
		want int
	}{
		{0, "a", 0}, {0, "b", 1}, {1, "b", 3}, {1, "a", 4}, {2, "a", 5}, {2, "b", -1}, {0, "c", -1},
	} {
		if got := ts.FirstNamedIn(tc.list, tc.name); got != tc.want {
			t.Errorf("FirstNamedIn(%d, %q) = %d, want %d", tc.list, tc.name, got, tc.want)
		}
	}
	if got := ts.FirstNamed("b"); got != 1 {
		t.Errorf("FirstNamed(\"b\") = %d, want 1, the first in any list", got)
	}
}
