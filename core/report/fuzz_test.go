package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// FuzzLoadAndLint checks that any input that loads lints without
// panicking, with every issue's span inside the document and coded
// by the rule table, and that the text and Markdown reports of the issues
// are safe to print, each issue one row of five cells in Markdown, and the
// JSON report reads back. Its seed corpus is in
// testdata/fuzz, beside the inputs fuzzing has found wrong before.
func FuzzLoadAndLint(f *testing.F) {
	for _, s := range []string{
		`[{"type":"function","function":{"name":"get_weather","description":"Get the weather for a city.","parameters":{"type":"object","properties":{"city":{"type":"str"}},"required":["city","state"]}}}]`,
		`{"tools":[{"name":"a","input_schema":{"type":"object","properties":{"x":{"type":"array"}}}}]}`,
		`{"result":{"tools":[{"name":"b","inputSchema":{"type":"object","$defs":{"a":{"$ref":"#/$defs/a"}}}}]}}`,
		`[1, "x", null, {"name": "a", "name": "b"}]`,
		"\xef\xbb\xbf{}",
		`{"a": 1e999999, "b": 123456789012345678901234567890}`,
		"[[[[[[[[[[]]]]]]]]]]",
		"",
		"{\"name\":\"\x1b[31m\u202e\"}",
		"[{\"name\":\t\"a\u200b\\u202e b\",\r\n\"parameters\":{\"type\":\"object\",\"required\":[\"x\"]}}]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := jsondoc.Parse("f.json", data)
		if err != nil {
			return // FuzzLoad holds the errors to their positions
		}
		res := lint.Lint(doc, lint.Options{Targets: lint.TargetNames()})
		for _, is := range res.Issues {
			if is.Line < 1 || is.Column < 1 || is.Offset > len(data) {
				t.Fatalf("issue %+v has no position inside the document", is)
			}
			if line, col := doc.Position(is.Offset); line != is.Line || col != is.Column {
				t.Fatalf("issue %+v is at offset %d, which is %d:%d", is, is.Offset, line, col)
			}
			if is.EndOffset < is.Offset || is.EndOffset > len(data) {
				t.Fatalf("issue %+v ends at %d, outside %d to %d", is, is.EndOffset, is.Offset, len(data))
			}
			if line, col := doc.Position(is.EndOffset); line != is.EndLine || col != is.EndColumn {
				t.Fatalf("issue %+v ends at offset %d, which is %d:%d", is, is.EndOffset, line, col)
			}
			if lint.LookupRule(is.Code) == nil {
				t.Fatalf("issue code %q is not in the rule table", is.Code)
			}
		}
		var text bytes.Buffer
		r := &Report{}
		r.Add(res) // with the text, which the report quotes
		if err := writeText(&text, r); err != nil {
			t.Fatal(err)
		}
		if found := termtext.Hazards(text.String()); len(found) > 0 {
			t.Fatalf("the text report holds %v:\n%s", found, text.String())
		}
		var md bytes.Buffer
		if err := writeMarkdown(&md, &Report{Issues: res.Issues, Files: 1}); err != nil {
			t.Fatal(err)
		}
		if found := termtext.Hazards(md.String()); len(found) > 0 {
			t.Fatalf("the Markdown report holds %v:\n%s", found, md.String())
		}
		checkMarkdownTable(t, md.String(), len(res.Issues))
		var js bytes.Buffer
		if err := writeJSON(&js, &Report{Issues: res.Issues}); err != nil {
			t.Fatal(err)
		}
		var back []lint.Issue
		if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back) != len(res.Issues) {
			t.Fatalf("the JSON report gives back %d issues (%v), want %d", len(back), err, len(res.Issues))
		}
	})
}
