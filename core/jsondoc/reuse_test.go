package jsondoc

import (
	"strings"
	"testing"
)

func TestParserReusesNodesWithoutStaleValues(t *testing.T) {
	var cp Parser
	texts := []string{
		`{"a": "x", "b": [1, {"c": true}], "d": {"e": "y"}}`,
		`[null, null, null, null, null, null]`,
		strings.Repeat("[", 300) + strings.Repeat("]", 300),
		`{"k": null}`,
		`"only"`,
	}
	for _, text := range texts {
		n, err := cp.Parse(text)
		if err != nil {
			t.Fatalf("parse(%q): %v", text, err)
		}
		if got := string(AppendCompact(nil, n, false, 0)); got != strings.ReplaceAll(strings.ReplaceAll(text, ": ", ":"), ", ", ",") {
			t.Errorf("parse(%q) reads back as %s", text, got)
		}
		if n.Kind == Array && n.Len() == 6 {
			for i := range 6 {
				if e := n.Elem(i); e.Str() != "" || e.Kids() != nil {
					t.Errorf("null %d holds %q %v from an earlier text", i, e.Str(), e.Kids())
				}
			}
		}
	}
	if _, err := cp.Parse(`{"a": }`); err == nil || err.Error() != ":1:7: invalid character '}' at start of value" {
		t.Errorf("parse error = %v", err)
	}
	if n, err := cp.Parse(`{"after": "error"}`); err != nil || n.Get("after").Text() != "error" {
		t.Errorf("parse after an error = %v, %v", n, err)
	}
}
