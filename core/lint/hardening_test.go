package lint

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"toolbench/core/jsondoc"
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
