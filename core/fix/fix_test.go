package fix

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/lint"
)

func parse(t *testing.T, src string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func tool(params string) string {
	return `[{"name": "t", "description": "A tool to test the fixes with.", "parameters": ` + params + `}]`
}

func TestApplyMakesOverlappingFixesInTurn(t *testing.T) {
	// Removing the last of three copies overlaps removing the second: the
	// first round makes one, the second the other.
	doc := parse(t, tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": ["a", "a", "a"]}}}`))
	res, err := Apply(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": ["a"]}}}`)
	if diff := cmp.Diff(want, res.Doc.Src); diff != "" {
		t.Errorf("fixed (-want +got):\n%s", diff)
	}
	if res.Rounds != 2 || len(res.Fixed) != 2 {
		t.Errorf("%d rounds fixing %d issues, want 2 and 2", res.Rounds, len(res.Fixed))
	}
	if got, _ := jsonedit.Apply(doc.Src, res.Edits); got != res.Doc.Src {
		t.Errorf("the result's edits make\n%s\nnot the fixed text", got)
	}
}

func TestApplyFixesWhatAFixReveals(t *testing.T) {
	// Once "dict" is "object", strict mode wants additionalProperties.
	doc := parse(t, `[{"type": "function", "function": {"name": "t", "description": "A tool to test the fixes with.", "strict": true, "parameters": {"type": "object", "properties": {"o": {"type": "dict", "properties": {}}}, "required": ["o"], "additionalProperties": false}}}]`)
	res, err := Apply(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Doc.Src, `"o": {"type": "object", "properties": {}, "additionalProperties": false}`) {
		t.Errorf("fixed text:\n%s", res.Doc.Src)
	}
}

func TestApplyMakesOnlyTheFixesAskedFor(t *testing.T) {
	src := `[{"name": "get weather", "description": "Get the weather for a city.", "parameters": {"type": "object", "properties": {"c": {"type": "str"}}, "required": ["c", "x"]}}]`
	tests := []struct {
		name  string
		codes []string
		want  []string
	}{
		{"every fix made without asking", nil, []string{"unknown-type", "required-not-in-properties"}},
		{"one rule", []string{"unknown-type"}, []string{"unknown-type"}},
		{"a rename only when asked", []string{"invalid-name"}, []string{"invalid-name"}},
		{"a rule of a target turns the target on", []string{"openai-strict/additional-properties"}, []string{"openai-strict/additional-properties"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Apply(parse(t, src), Options{Codes: tc.codes})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, is := range res.Fixed {
				got = append(got, is.Code)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("fixed codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestApplyLeavesTheIssuesKeepKeeps(t *testing.T) {
	src := `[{"name": "a", "description": "A tool to test the fixes with.", "parameters": {"type": "object", "properties": {"c": {"type": "str"}}}},
{"name": "b", "description": "A tool to test the fixes with.", "parameters": {"type": "object", "properties": {"c": {"type": "str"}}}}]`
	res, err := Apply(parse(t, src), Options{Keep: func(is *lint.Issue) bool { return is.Tool == "a" }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Fixed) != 1 || res.Fixed[0].Tool != "b" || strings.Count(res.Doc.Src, `"str"`) != 1 {
		t.Errorf("fixed %+v:\n%s", res.Fixed, res.Doc.Src)
	}
}

func TestApplyGivesNoTwoToolsOneName(t *testing.T) {
	src := `[{"name": "get weather", "description": "Get the weather for a city."}, {"name": "get.weather", "description": "Get the weather for a city."}]`
	res, err := Apply(parse(t, src), Options{Codes: []string{"invalid-name"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(res.Doc.Src, `"get_weather"`) != 1 {
		t.Errorf("fixed text:\n%s", res.Doc.Src)
	}
	if issues := lint.Lint(res.Doc, lint.Options{}).Issues; hasCode(issues, "duplicate-name") {
		t.Errorf("the renames made a duplicate name:\n%s", res.Doc.Src)
	}
}

func hasCode(issues []lint.Issue, code string) bool {
	for _, is := range issues {
		if is.Code == code {
			return true
		}
	}
	return false
}

func TestApplyFixesNothingInAFileWithNothingToFix(t *testing.T) {
	doc := parse(t, tool(`{"type": "object", "properties": {"c": {"type": "string"}}, "required": ["c"]}`))
	res, err := Apply(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Doc != doc || len(res.Fixed) != 0 || len(res.Edits) != 0 || res.Rounds != 0 {
		t.Errorf("result %+v, want the document as it was", res)
	}
}

func TestMakeRefusesAFixWhoseTextDoesNotParse(t *testing.T) {
	doc := parse(t, `{"a": 1}`)
	_, err := Make(doc, lint.Fix{Edits: []jsonedit.Edit{{Start: 6, End: 7, New: "1,"}}})
	if err == nil || !strings.Contains(err.Error(), "does not parse") {
		t.Errorf("Make = %v, want an error saying the text does not parse", err)
	}
	if _, err := Make(doc, lint.Fix{Edits: []jsonedit.Edit{{Start: 1, End: 4}, {Start: 2, End: 3}}}); err == nil {
		t.Error("Make made conflicting edits")
	}
}

func TestPiecesGiveTheEditsOfEveryRound(t *testing.T) {
	orig := "0123456789"
	ps := pieces{{orig: true, start: 0, end: len(orig)}}
	rounds := [][]jsonedit.Edit{
		{{Start: 1, End: 2, New: "ab"}, {Start: 5, End: 5, New: "X"}, {Start: 8, End: 10}},
		{{Start: 0, End: 3, New: "-"}, {Start: 6, End: 8, New: "YY"}},
	}
	text := orig
	for _, edits := range rounds {
		var err error
		ps = ps.edit(text, edits)
		if text, err = jsonedit.Apply(text, edits); err != nil {
			t.Fatal(err)
		}
	}
	got, err := jsonedit.Apply(orig, ps.edits(orig))
	if err != nil {
		t.Fatal(err)
	}
	if got != text {
		t.Errorf("the composed edits make %q, the rounds %q", got, text)
	}
}

func TestHunks(t *testing.T) {
	lines := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString("line " + string(rune('a'+i-1)) + "\n")
		}
		return b.String()
	}
	old := lines(20)
	at := func(line int) int { return strings.Index(old, "line "+string(rune('a'+line-1))) }
	tests := []struct {
		name  string
		old   string
		edits []jsonedit.Edit
		want  string
	}{
		{"one line changed", old, []jsonedit.Edit{{Start: at(10) + 5, End: at(10) + 6, New: "J"}}, `@@ -7,7 +7,7 @@
 line g
 line h
 line i
-line j
+line J
 line k
 line l
 line m
`},
		{"a line removed at the top", old, []jsonedit.Edit{{Start: 0, End: at(2)}}, `@@ -1,4 +1,3 @@
-line a
 line b
 line c
 line d
`},
		{"changes close together share a hunk", old, []jsonedit.Edit{{Start: at(5), End: at(5) + 1, New: "L"}, {Start: at(11), End: at(11) + 1, New: "L"}}, `@@ -2,13 +2,13 @@
 line b
 line c
 line d
-line e
+Line e
 line f
 line g
 line h
 line i
 line j
-line k
+Line k
 line l
 line m
 line n
`},
		{"changes apart have hunks of their own", old, []jsonedit.Edit{{Start: at(2), End: at(3)}, {Start: at(19), End: at(19), New: "new\n"}}, `@@ -1,5 +1,4 @@
 line a
-line b
 line c
 line d
 line e
@@ -16,5 +15,6 @@
 line p
 line q
 line r
+new
 line s
 line t
`},
		{"no newline at the end", "a\nb", []jsonedit.Edit{{Start: 2, End: 3, New: "c"}}, `@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+c
\ No newline at end of file
`},
		{"a line split in two", "x\n[1, 2]\ny\n", []jsonedit.Edit{{Start: 5, End: 5, New: "\n"}}, `@@ -1,3 +1,4 @@
 x
-[1, 2]
+[1,
+ 2]
 y
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteDiff(&b, "f", Hunks(tc.old, tc.edits), false); err != nil {
				t.Fatal(err)
			}
			want := "--- f.orig\n+++ f\n" + tc.want
			if diff := cmp.Diff(want, b.String()); diff != "" {
				t.Errorf("diff (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteDiffEscapesTheTextAndColorsOnlyWhenAsked(t *testing.T) {
	old := "{\"a\": \"x\u202e\x1b[2J\"}\r\n"
	edits := []jsonedit.Edit{{Start: 7, End: 8, New: "y"}}
	var plain, color bytes.Buffer
	if err := WriteDiff(&plain, "evil\x1b.json", Hunks(old, edits), false); err != nil {
		t.Fatal(err)
	}
	want := "--- evil\\x1b.json.orig\n+++ evil\\x1b.json\n@@ -1 +1 @@\n-{\"a\": \"x\\u{202E}\\x1b[2J\"}\n+{\"a\": \"y\\u{202E}\\x1b[2J\"}\n"
	if diff := cmp.Diff(want, plain.String()); diff != "" {
		t.Errorf("diff (-want +got):\n%s", diff)
	}
	if err := WriteDiff(&color, "f", Hunks(old, edits), true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(color.String(), "\x1b[31m-") || !strings.Contains(color.String(), "\x1b[32m+") {
		t.Errorf("no colors:\n%q", color.String())
	}
}

func TestWritePatchKeepsEveryByteOfTheLines(t *testing.T) {
	old := "{\r\n  \"a\": \"x\u200b\"\r\n}"
	edits := []jsonedit.Edit{{Start: 11, End: 12, New: "y"}, {Start: len(old), End: len(old), New: "\r\n"}}
	var b bytes.Buffer
	if err := WritePatch(&b, "f", Hunks(old, edits)); err != nil {
		t.Fatal(err)
	}
	want := "--- f.orig\n+++ f\n@@ -1,3 +1,3 @@\n {\r\n-  \"a\": \"x\u200b\"\r\n-}\n\\ No newline at end of file\n+  \"a\": \"y\u200b\"\r\n+}\r\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("patch (-want +got):\n%s", diff)
	}
}
