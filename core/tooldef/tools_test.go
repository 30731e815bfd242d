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
				cmpopts.IgnoreUnexported(ToolSet{}),
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
