package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// hostileTools is a tools document whose every string holds escape
// sequences, control characters, bidi overrides and invisible characters.
const hostileTools = `[{"type": "function", "function": {
  "name": "get\u001b[2Jweather\u202e",
  "description": "Gets\u0007 the \u001b]0;pwned\u0007weather\u009b31m for a city.\u200b",
  "parameters": {"type": "object",
    "properties": {"ci\u001bty\u2066": {"type": "strin\u001bg", "enum": ["a\u0000", "a\u0000"]}},
    "required": ["ci\u001bty\u2066", "st\u0008ate\ud83d\ude00\udb40\udc41"]}}},
 {"name": "get\u001b[2Jweather\u202e", "description": "\u001b[31m", "parameters": {"type": "object", "properties": {"a": {"type": "integer"}, "\u202ea": {}, "\u202ea": {}}}}]`

func TestTextReportEscapesEverythingTakenFromTheDocument(t *testing.T) {
	doc, err := jsondoc.Parse("evil\x1b[31m\u202e.json", []byte(hostileTools))
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(doc, lint.Options{Targets: lint.TargetNames()})
	if len(res.Issues) < 5 {
		t.Fatalf("only %d issues, want the hostile names, types and keys reported", len(res.Issues))
	}
	var out bytes.Buffer
	if err := writeText(&out, &Report{Issues: res.Issues, Files: 1}); err != nil {
		t.Fatal(err)
	}
	if found := termtext.Hazards(out.String()); len(found) > 0 {
		t.Errorf("the text report holds %v:\n%s", found, out.String())
	}
	if !strings.Contains(out.String(), `evil\x1b[31m\u{202E}.json`) {
		t.Errorf("the file name is not shown escaped:\n%s", out.String())
	}
}

func TestJSONReportKeepsTheDocumentsTextJSONEscaped(t *testing.T) {
	doc, err := jsondoc.Parse("evil\x1b.json", []byte(hostileTools))
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(doc, lint.Options{Targets: lint.TargetNames()})
	var out bytes.Buffer
	if err := writeJSON(&out, &Report{Issues: res.Issues}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < out.Len(); i++ {
		if c := out.Bytes()[i]; c < 0x20 && c != '\n' {
			t.Fatalf("the JSON report holds the raw byte %#x at %d", c, i)
		}
	}
	var back []lint.Issue
	if err := json.Unmarshal(out.Bytes(), &back); err != nil {
		t.Fatalf("the JSON report does not decode: %v", err)
	}
	for i := range back {
		// Not in the JSON report, which gives byte columns only.
		want := res.Issues[i]
		back[i].Offset, back[i].EndOffset, back[i].UTF16Column, back[i].EndUTF16Column, back[i].FoundBy = want.Offset, want.EndOffset, want.UTF16Column, want.EndUTF16Column, want.FoundBy
	}
	if diff := cmp.Diff(res.Issues, back); diff != "" {
		t.Errorf("the JSON report does not give back the issues (-want +got):\n%s", diff)
	}
}
