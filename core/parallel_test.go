package core

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// withProcs runs fn with GOMAXPROCS set to procs.
func withProcs(procs int, fn func()) {
	prev := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(prev)
	fn()
}

func TestInShares(t *testing.T) {
	for _, tc := range []struct{ k, n int }{{1, 0}, {1, 10}, {3, 10}, {4, 4}, {5, 3}, {7, 1000}} {
		seen := make([]int, tc.n)
		parts := make([][2]int, tc.k)
		inShares(tc.k, tc.n, func(part, lo, hi int) {
			parts[part] = [2]int{lo, hi}
			for i := lo; i < hi; i++ {
				seen[i]++
			}
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("inShares(%d, %d) covered %d %d times", tc.k, tc.n, i, c)
			}
		}
		for p := 1; p < tc.k; p++ {
			if parts[p][0] != parts[p-1][1] {
				t.Fatalf("inShares(%d, %d): part %d starts at %d, part %d ends at %d", tc.k, tc.n, p, parts[p][0], p-1, parts[p-1][1])
			}
		}
	}
}

func TestLineStartsOfALargeText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	for b.Len() < 5*parallelScanSize {
		b.WriteString(strings.Repeat("x", r.IntN(120)))
		b.WriteString(strings.Repeat("\n", r.IntN(3)))
	}
	src := b.String() + "\n"
	want := []int32{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			want = append(want, int32(i+1))
		}
	}
	for _, procs := range []int{1, 2, 3, 8} {
		withProcs(procs, func() {
			if diff := cmp.Diff(want, lineStarts(src)); diff != "" {
				t.Errorf("%d processors: line starts differ (-want +got):\n%s", procs, diff)
			}
		})
	}
}

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
	for i := range 3 * parallelTools {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, shapes[(i*7/3)%len(shapes)], i)
	}
	b.WriteString("]")
	doc, err := Parse("t.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var want *ToolSet
	withProcs(1, func() { want = Tools(doc) })
	if len(want.Tools) < 3*parallelTools/2 || len(want.Bad) == 0 || want.Shape != ShapeMixed {
		t.Fatalf("the list gave %d tools, %d bad entries and shape %q; want many, some and mixed", len(want.Tools), len(want.Bad), want.Shape)
	}
	for _, procs := range []int{2, 3, 8} {
		withProcs(procs, func() {
			got := Tools(doc)
			// The same nodes of the same document, by pointer.
			same := cmp.Options{
				cmpopts.IgnoreUnexported(ToolSet{}),
				cmp.Comparer(func(a, b *Node) bool { return a == b }),
				cmp.Comparer(func(a, b *Document) bool { return a == b }),
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

// TestPositionAllMatchesPosition numbers random issues of small and large
// texts, without the line index and with it, and checks each against
// Position.
func TestPositionAllMatchesPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{1, 40, 3 * parallelScanSize} {
		var b strings.Builder
		for b.Len() < size {
			b.WriteString(strings.Repeat("y", r.IntN(90)))
			b.WriteString(strings.Repeat("\n", r.IntN(3)))
		}
		src := b.String()
		for _, n := range []int{0, 1, 2, 3, 50, 2000} {
			issues := make([]Issue, n)
			for i := range issues {
				switch r.IntN(10) {
				case 0:
					issues[i].Offset = -1
				case 1:
					issues[i].Offset = len(src) + r.IntN(3) // the end, and past it
				case 2:
					issues[i].Offset = 0
				default:
					issues[i].Offset = r.IntN(len(src) + 1)
				}
			}
			ref := &Document{Src: src}
			want := slices.Clone(issues)
			for i := range want {
				if want[i].Offset < 0 {
					want[i].Offset = 0
					continue
				}
				want[i].Line, want[i].Column = ref.Position(want[i].Offset)
			}
			for _, indexed := range []bool{false, true} {
				doc := &Document{Src: src}
				if indexed {
					doc.Position(0)
				}
				got := slices.Clone(issues)
				withProcs(2, func() { doc.positionAll(got) })
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%d bytes, %d issues, indexed %v (-want +got):\n%s", len(src), n, indexed, diff)
				}
			}
		}
	}
}
