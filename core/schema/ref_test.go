package schema

import (
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
