package tooldef

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// brief is a tool in one line: the path of its definition, kind, key, shape and, for a custom
// tool, its format.
func brief(t *Tool) string {
	s := fmt.Sprintf("%s %s %q %s", t.DefPath, t.Kind.Phrase(), t.Key(), t.Shape)
	if t.Format != nil {
		s += fmt.Sprintf(" format=%q syntax=%q def=%q", t.Format.Type, t.Format.Syntax, t.Format.Definition.Text())
	}
	if t.Deferred {
		s += " deferred"
	}
	return s
}

func toolsOf(t *testing.T, src string) *ToolSet {
	t.Helper()
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return Tools(doc)
}

func TestAResponsesDocumentHoldsFunctionsCustomToolsANamespaceAndToolSearch(t *testing.T) {
	ts := toolsOf(t, `[
 {"type": "tool_search"},
 {"type": "namespace", "name": "crm", "description": "CRM tools.", "tools": [
   {"type": "function", "name": "get_customer", "parameters": {"type": "object"}},
   {"type": "function", "name": "list_orders", "defer_loading": true, "parameters": {"type": "object"}},
   "not a tool"
 ]},
 {"type": "custom", "name": "code_exec", "description": "Runs Python."},
 {"type": "custom", "name": "ts", "format": {"type": "grammar", "syntax": "regex", "definition": "^\\d+$"}},
 {"type": "custom", "custom": {"name": "math", "format": {"type": "grammar", "grammar": {"syntax": "lark", "definition": "start: \"a\""}}}},
 {"type": "custom", "name": "get_weather", "input_schema": {"type": "object"}}
]`)
	var got []string
	for i := range ts.Tools {
		got = append(got, brief(&ts.Tools[i]))
	}
	want := []string{
		`$[0] tool_search "" `,
		`$[1].tools[0] a function "crm.get_customer" responses`,
		`$[1].tools[1] a function "crm.list_orders" responses deferred`,
		`$[2] a custom tool "code_exec" responses format="" syntax="" def=""`,
		`$[3] a custom tool "ts" responses format="grammar" syntax="regex" def="^\\d+$"`,
		`$[4].custom a custom tool "math" openai format="grammar" syntax="lark" def="start: \"a\""`,
		`$[5] a function "get_weather" anthropic`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools (-want +got):\n%s", diff)
	}
	if len(ts.Namespaces) != 1 {
		t.Fatalf("%d namespaces, want 1", len(ts.Namespaces))
	}
	ns := ts.Namespaces[0]
	if ns.Name != "crm" || ns.Path != "$[1]" || ns.First != 1 || ns.Count != 2 || ts.Tools[1].Group != 0 || ts.Tools[0].Group != -1 {
		t.Errorf("namespace %+v, tools' groups %d %d", ns, ts.Tools[0].Group, ts.Tools[1].Group)
	}
	if len(ts.Bad) != 1 || ts.Bad[0].Path != "$[1].tools[2]" {
		t.Errorf("bad entries %+v, want the string in the namespace", ts.Bad)
	}
	if !ts.Tools[0].Builtin || ts.Tools[3].Builtin {
		t.Errorf("tool_search builtin %v, custom tool builtin %v", ts.Tools[0].Builtin, ts.Tools[3].Builtin)
	}
}

func TestFunctionsOfTwoNamespacesMayShareAName(t *testing.T) {
	ts := toolsOf(t, `[
 {"type": "namespace", "name": "crm", "description": "CRM.", "tools": [{"type": "function", "name": "search"}]},
 {"type": "namespace", "name": "billing", "description": "Billing.", "tools": [{"type": "function", "name": "search"}]},
 {"type": "function", "name": "search"}
]`)
	for name, want := range map[string]int{"crm.search": 0, "billing.search": 1, "search": 2} {
		if got := ts.FirstNamed(name); got != want {
			t.Errorf("FirstNamed(%q) = %d, want %d", name, got, want)
		}
	}
}

func TestNamespacesOfALongListSplitAmongProcessors(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 3 * parallelShare {
		if i > 0 {
			b.WriteString(",")
		}
		if i%7 == 3 {
			fmt.Fprintf(&b, `{"type": "namespace", "name": "n%d", "tools": [{"type": "function", "name": "f"}, {"type": "custom", "name": "c"}]}`, i)
			continue
		}
		fmt.Fprintf(&b, `{"type": "function", "name": "f%d"}`, i)
	}
	b.WriteString("]")
	doc, err := jsondoc.Parse("t.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var one, many *ToolSet
	withProcs(1, func() { one = Tools(doc) })
	withProcs(4, func() { many = Tools(doc) })
	if len(one.Namespaces) == 0 || len(one.Namespaces) != len(many.Namespaces) {
		t.Fatalf("%d and %d namespaces", len(one.Namespaces), len(many.Namespaces))
	}
	for i, ns := range many.Namespaces {
		if ns.First != one.Namespaces[i].First || ns.Count != 2 {
			t.Errorf("namespace %d: first %d count %d, want %d and 2", i, ns.First, ns.Count, one.Namespaces[i].First)
		}
		for k := ns.First; k < ns.First+ns.Count; k++ {
			if tl := many.Tools[k]; tl.Group != i || tl.Namespace != ns.Name {
				t.Errorf("tool %d: group %d namespace %q, want %d %q", k, tl.Group, tl.Namespace, i, ns.Name)
			}
		}
	}
}
