package lint

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"toolbench/core/jsondoc"
	"toolbench/internal/gen"
)

func TestLintOfASchemaWithManyPropertiesTakesLinearTime(t *testing.T) {
	var props, req strings.Builder
	const n = 100000
	for i := range n {
		if i > 0 {
			props.WriteByte(',')
		}
		fmt.Fprintf(&props, `"p%d": {"type": "string", "description": "A property."}`, i)
		if i%2 == 0 {
			if i > 0 {
				req.WriteByte(',')
			}
			fmt.Fprintf(&req, `"p%d"`, i)
		}
	}
	src := `[{"name": "wide", "description": "A tool with a great many properties.", "parameters": {"type": "object", "properties": {` +
		props.String() + `}, "required": [` + req.String() + `]}}]`
	doc, err := jsondoc.Parse("wide.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res := Lint(doc, Options{})
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("linting %d properties took %v", n, took)
	}
	if res.Errors != 0 {
		t.Errorf("%d errors, want none: %+v", res.Errors, res.Issues[0])
	}
}

func TestLintOfADeeplyNestedSchemaTakesLittleTime(t *testing.T) {
	const depth = 1500
	src := `[{"name": "a", "parameters": ` + strings.Repeat(`{"type": "object", "properties": {"a": `, depth) + "{}" + strings.Repeat("}}", depth) + `}]`
	doc, err := jsondoc.Parse("deep.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// Each of the 1,500 levels draws three strict-mode issues whose
	// paths name every level above: the output itself grows as the
	// square of the depth, 1.5 s on an idle machine. The bound catches a
	// walk that goes exponential or hangs, not a busy machine.
	start := time.Now()
	res := Lint(doc, Options{Targets: TargetNames()})
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("linting %d levels took %v for %d issues", depth, took, len(res.Issues))
	}
}

// longRefChain is a tool whose property is the head of a chain of n
// definitions, each a $ref to the next (by pointer, or by anchor with
// anchors), the last a string: the schema of the references' worst case.
func longRefChain(n int, anchors bool) string {
	var defs strings.Builder
	for i := range n {
		if i > 0 {
			defs.WriteByte(',')
		}
		switch {
		case anchors && i < n-1:
			fmt.Fprintf(&defs, `"d%d": {"$anchor": "a%d", "$ref": "#a%d"}`, i, i, i+1)
		case anchors:
			fmt.Fprintf(&defs, `"d%d": {"$anchor": "a%d", "type": "string"}`, i, i)
		case i < n-1:
			fmt.Fprintf(&defs, `"d%d": {"$ref": "#/$defs/d%d"}`, i, i+1)
		default:
			fmt.Fprintf(&defs, `"d%d": {"type": "string"}`, i)
		}
	}
	head := "#/$defs/d0"
	if anchors {
		head = "#a0"
	}
	return `[{"name": "chain", "description": "A tool whose argument is a long chain of definitions.", "strict": true, "input_schema": {"type": "object", "properties": {"a": {"$ref": "` +
		head + `"}}, "required": ["a"], "additionalProperties": false, "$defs": {` + defs.String() + `}}}]`
}

func TestLintOfALongChainOfRefsTakesLinearTime(t *testing.T) {
	// 20,000 chained definitions took cubic time under anthropic-strict
	// (its recursion check), and anchors quadratic time under every
	// target (each resolved by a walk of the schema): hours. Linear, it
	// is a fraction of a second.
	const n = 20000
	for _, tc := range []struct {
		name    string
		anchors bool
	}{
		{"by pointers", false},
		{"by anchors", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsondoc.Parse("chain.json", []byte(longRefChain(n, tc.anchors)))
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			res := Lint(doc, Options{Targets: TargetNames()})
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("linting a chain of %d references took %v", n, took)
			}
			for _, is := range res.Issues {
				if is.Code == "anthropic-strict/unsupported-reference" || is.Code == "unresolved-ref" {
					t.Errorf("a chain that ends is reported: %s %s: %s", is.Code, is.Path, is.Message)
				}
			}
		})
	}
}

// BenchmarkLintRefChain lints chains of references of growing length
// with every target: the time per reference stays the same.
func BenchmarkLintRefChain(b *testing.B) {
	for _, n := range []int{1000, 4000, 20000} {
		for _, anchors := range []bool{false, true} {
			doc, err := jsondoc.Parse("chain.json", []byte(longRefChain(n, anchors)))
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("refs=%d/anchors=%v", n, anchors), func(b *testing.B) {
				for b.Loop() {
					Lint(doc, Options{Targets: TargetNames()})
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/ref")
			})
		}
	}
}

func TestLintOfAWideStrictSchemaTakesLinearTime(t *testing.T) {
	// Each property was looked for in "required" from its start: with
	// 100,000 properties required in the reverse order, strict mode's
	// checks took minutes.
	const n = 100000
	var props, req strings.Builder
	for i := range n {
		if i > 0 {
			props.WriteByte(',')
			req.WriteByte(',')
		}
		fmt.Fprintf(&props, `"p%d": {"type": "string", "description": "A property."}`, i)
		fmt.Fprintf(&req, `"p%d"`, n-1-i)
	}
	src := `[{"name": "wide", "description": "A tool with a great many properties.", "strict": true, "input_schema": {"type": "object", "properties": {` +
		props.String() + `}, "required": [` + req.String() + `], "additionalProperties": false}}]`
	doc, err := jsondoc.Parse("wide.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res := Lint(doc, Options{Targets: TargetNames()})
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("linting %d strict properties took %v", n, took)
	}
	for _, is := range res.Issues {
		if is.Code == "openai-strict/all-required" || is.Code == "anthropic-strict/too-many-optional-parameters" {
			t.Errorf("every property is required, yet: %s: %s", is.Code, is.Message)
		}
	}
}

func TestLintStopsAtTheNextToolOrSchemaOnceDoneIsClosed(t *testing.T) {
	doc, err := jsondoc.Parse("tools.json", gen.Tools(4*parallelTools))
	if err != nil {
		t.Fatal(err)
	}
	if res := Lint(doc, Options{}); len(res.Issues) == 0 {
		t.Fatal("the document has no issues to stop before")
	}
	done := make(chan struct{})
	close(done)
	if res := Lint(doc, Options{Done: done}); len(res.Issues) != 0 {
		t.Errorf("a lint whose Done is closed reported %d issues, want it stopped before the first tool", len(res.Issues))
	}
}

func TestReferencesResolveInTheSchemaTheyAreIn(t *testing.T) {
	// One Resolver serves a tool's lint: the output schema's references
	// resolve in the output schema, not in the parameters walked before.
	const src = `{"tools": [{"name": "t", "description": "A tool that does a thing for the tests.",
  "inputSchema": {"type": "object", "properties": {"a": {"$ref": "#/$defs/in"}}, "$defs": {"in": {"type": "string"}}},
  "outputSchema": {"type": "object", "properties": {"r": {"$ref": "#/$defs/out"}, "s": {"$ref": "#/$defs/in"}}, "$defs": {"out": {"type": "string"}}}}]}`
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, is := range Lint(doc, Options{Targets: []string{"mcp"}}).Issues {
		if is.Code == "unresolved-ref" {
			got = append(got, is.Path)
		}
	}
	if want := "$.tools[0].outputSchema.properties.s"; len(got) != 1 || got[0] != want {
		t.Errorf("unresolved references at %v, want only %s", got, want)
	}
}
