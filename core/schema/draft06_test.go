package schema

import (
	"slices"
	"testing"

	"toolbench/core/jsondoc"
)

func TestDraft06ExamplesMustBeAList(t *testing.T) {
	const d6 = `"$schema": "http://json-schema.org/draft-06/schema#", `
	cases := []struct {
		name, src string
		want      []string
	}{
		{"a list", `{` + d6 + `"type": "string", "examples": ["a", 1]}`, nil},
		{"a string", `{` + d6 + `"type": "string", "examples": "x"}`,
			[]string{"$.examples: examples: got string, want array (JSON Schema draft-06)"}},
		{"in every place draft 6 holds a schema", `{` + d6 + `"properties": {"a": {"examples": 1}}, "items": [{"examples": {}}],
			"additionalProperties": {"examples": true}, "dependencies": {"a": ["b"], "b": {"examples": null}}, "anyOf": [{"examples": "y"}]}`,
			[]string{
				"$.properties.a.examples: examples: got number, want array (JSON Schema draft-06)",
				"$.items[0].examples: examples: got object, want array (JSON Schema draft-06)",
				"$.additionalProperties.examples: examples: got boolean, want array (JSON Schema draft-06)",
				"$.dependencies.b.examples: examples: got null, want array (JSON Schema draft-06)",
				"$.anyOf[0].examples: examples: got string, want array (JSON Schema draft-06)",
			}},
		{"not in a keyword draft 6 does not know", `{` + d6 + `"$defs": {"a": {"examples": 1}}}`, nil},
		{"draft 4 has no examples", `{"$schema": "http://json-schema.org/draft-04/schema#", "examples": "x"}`, nil},
		{"draft 7 as before", `{"$schema": "http://json-schema.org/draft-07/schema#", "examples": "x"}`,
			[]string{"$.examples: examples: got string, want array (JSON Schema draft-07)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n, err := jsondoc.ParseValue("s.json", tc.src)
			if err != nil {
				t.Fatal(err)
			}
			for _, fast := range []bool{false, true} {
				got := issueTexts(Check(n, DraftOf(n), all, fast))
				if !slices.Equal(got, tc.want) {
					t.Errorf("fast %v: problems\n %q\nwant\n %q", fast, got, tc.want)
				}
			}
		})
	}
}
