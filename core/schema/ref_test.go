package schema

import (
	"fmt"
	"strings"
	"testing"

	"toolbench/core/jsondoc"
)

func TestDerefFollowsALocalChainAndStopsWhereItCannot(t *testing.T) {
	const src = `{
  "properties": {
    "plain": {"type": "string"},
    "chain": {"$ref": "#/$defs/a"},
    "loop": {"$ref": "#/$defs/l1"},
    "self": {"$ref": "#/properties/self"},
    "remote": {"$ref": "https://example.com/s.json"},
    "missing": {"$ref": "#/$defs/nothing"},
    "yes": {"$ref": "#/$defs/t"}
  },
  "$defs": {
    "a": {"$ref": "#/$defs/b"},
    "b": {"type": "integer"},
    "l1": {"$ref": "#/$defs/l2"},
    "l2": {"$ref": "#/$defs/l1"},
    "t": true
  }
}`
	doc, err := jsondoc.ParseText("s.json", src)
	if err != nil {
		t.Fatal(err)
	}
	root := doc.Root
	tests := []struct {
		prop     string
		wantPath string // where the result is, "" for the property itself
		followed bool
	}{
		{"plain", "", false},
		{"chain", "$['$defs'].b", true},
		{"loop", "", true}, // ends on one of the two after 16 steps
		{"self", "", false},
		{"remote", "", false},
		{"missing", "", false},
		{"yes", "$['$defs'].t", true},
	}
	for _, tc := range tests {
		t.Run(tc.prop, func(t *testing.T) {
			n := root.Get("properties").Get(tc.prop)
			got, segs, followed := Deref(root, n)
			if followed != tc.followed {
				t.Fatalf("followed = %v, want %v", followed, tc.followed)
			}
			switch {
			case tc.prop == "loop":
				if got != root.Get("$defs").Get("l1") && got != root.Get("$defs").Get("l2") {
					t.Errorf("loop ended at %s, want l1 or l2", jsondoc.AppendSegs("$", segs))
				}
			case tc.wantPath == "":
				if got != n {
					t.Errorf("Deref moved to %s, want the property itself", jsondoc.AppendSegs("$", segs))
				}
			default:
				if p := jsondoc.AppendSegs("$", segs); p != tc.wantPath {
					t.Errorf("path = %s, want %s", p, tc.wantPath)
				}
				if want := root.Get("$defs").Get(segs[len(segs)-1].Key); got != want {
					t.Errorf("the node is not the one at its path")
				}
			}
		})
	}
}

func TestResolverResolvesEveryKindOfReferenceOnceAndAlike(t *testing.T) {
	var defs strings.Builder
	for i := range 40 { // past the size from which pointers use an index
		fmt.Fprintf(&defs, `"d%d": {"type": "integer"}, `, i)
	}
	src := `{"$id": "https://example.com/tool", "properties": {"a": {"$anchor": "first", "type": "string"}, "b": {"$dynamicAnchor": "dyn"}, "c": {"$id": "#old"}},
  "$defs": {` + defs.String() + `"x~y": {"type": "boolean"}, "a/b": {"type": "null"}, "s": "not a schema", "again": {"$anchor": "first"}}}`
	doc, err := jsondoc.ParseText("s.json", src)
	if err != nil {
		t.Fatal(err)
	}
	r := NewResolver(doc.Root)
	tests := []struct {
		ref     string
		path    string // where it leads, "" for nowhere
		remote  bool
		problem string // a piece of the problem, "" for none
	}{
		{ref: "#", path: "$"},
		{ref: "#/$defs/d0", path: "$['$defs'].d0"},
		{ref: "#/$defs/d39", path: "$['$defs'].d39"},
		{ref: "#/$defs/d40", problem: "resolves to nothing"},
		{ref: "#/$defs/x~0y", path: "$['$defs']['x~y']"},
		{ref: "#/$defs/a~1b", path: "$['$defs']['a/b']"},
		{ref: "#/$defs/s", problem: "points to a string, not a schema"},
		{ref: "#first", path: "$.properties.a"},
		{ref: "#dyn", path: "$.properties.b"},
		{ref: "#old", path: "$.properties.c"},
		{ref: "#nothing", problem: `no schema declares "$anchor": "nothing"`},
		{ref: "https://example.com/tool#/$defs/d3", path: "$['$defs'].d3"},
		{ref: "https://other.example/s.json", remote: true},
		{ref: "#/%zz", problem: "is not a valid URI fragment"},
	}
	for round := range 2 { // the second round answers from what the first kept
		for _, tc := range tests {
			t.Run(fmt.Sprintf("%d/%s", round, tc.ref), func(t *testing.T) {
				got := r.Resolve(tc.ref)
				path := ""
				if got.Node != nil {
					path = jsondoc.AppendSegs("$", got.Segs)
					if n, _, _ := doc.Root.Pointer(pointerOf(got.Segs)); n != got.Node {
						t.Errorf("the target is not the node at its path %s", path)
					}
				}
				if path != tc.path || got.Remote != tc.remote || !strings.Contains(got.Problem, tc.problem) || (tc.problem == "") != (got.Problem == "") {
					t.Errorf("Resolve(%q) leads to %q (remote %v, problem %q); want %q (remote %v, problem %q)", tc.ref, path, got.Remote, got.Problem, tc.path, tc.remote, tc.problem)
				}
			})
		}
	}
}

// pointerOf writes segs as a JSON Pointer.
func pointerOf(segs []jsondoc.Seg) string {
	var b strings.Builder
	for _, s := range segs {
		b.WriteByte('/')
		if s.Index >= 0 {
			fmt.Fprint(&b, s.Index)
			continue
		}
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(s.Key, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

func TestWalkOfADeepSchemaKeepsOnePathForAllLevels(t *testing.T) {
	// A path copied for each schema costs time and memory as the square of
	// the depth: 10,000 levels of "items" took seconds and a gigabyte.
	const depth = 5000
	src := strings.Repeat(`{"items": `, depth) + "{}" + strings.Repeat("}", depth)
	doc, err := jsondoc.ParseText("deep.json", src)
	if err != nil {
		t.Fatal(err)
	}
	levels, deepest := 0, 0
	allocs := testing.AllocsPerRun(1, func() {
		levels = 0
		Walk(doc.Root, nil, func(_ *jsondoc.Node, segs []jsondoc.Seg) bool {
			levels++
			deepest = max(deepest, len(segs))
			return true
		})
	})
	if levels != depth+1 || deepest != depth {
		t.Errorf("the walk visited %d schemas, the deepest at %d steps; want %d and %d", levels, deepest, depth+1, depth)
	}
	if allocs > 100 {
		t.Errorf("the walk of %d levels made %v allocations, want a few for one growing path", depth, allocs)
	}
}
