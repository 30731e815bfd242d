package diff

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"toolbench/core/jsondoc"
)

// wideTool is a tool of n properties, all required, listed in the
// reverse order when reversed is set.
func wideTool(n int, reversed bool) string {
	var props, req strings.Builder
	for i := range n {
		if i > 0 {
			props.WriteByte(',')
			req.WriteByte(',')
		}
		fmt.Fprintf(&props, `"p%d": {"type": "string"}`, i)
		k := i
		if reversed {
			k = n - 1 - i
		}
		fmt.Fprintf(&req, `"p%d"`, k)
	}
	return `[{"name": "wide", "description": "A tool with a great many properties.", "parameters": {"type": "object", "properties": {` +
		props.String() + `}, "required": [` + req.String() + `]}}]`
}

func TestDiffOfAWideSchemaTakesLinearTime(t *testing.T) {
	// Every property was looked up in the other version's properties,
	// and every member of an object in the other's, from the start: 40,000
	// properties took seconds, 100,000 most of a minute.
	const n = 100000
	old, err := jsondoc.Parse("old.json", []byte(wideTool(n, false)))
	if err != nil {
		t.Fatal(err)
	}
	new, err := jsondoc.Parse("new.json", []byte(wideTool(n, true)))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res, err := Compare(old, new)
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("comparing %d properties took %v", n, took)
	}
	if err != nil || len(res.Changes) != 0 {
		t.Errorf("changes %v, error %v; want none: the order of required is no change", res.Changes, err)
	}
}
