package lint

import (
	"fmt"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// place is where an issue points: its span's text, and its start and end
// as line:col-line:col, columns in bytes and then in UTF-16 code units.
type place struct {
	Code, Path, Text string
	At, UTF16        string
}

func placeOf(src string, is Issue) place {
	return place{
		Code: is.Code, Path: is.Path, Text: src[is.Offset:is.EndOffset],
		At:    fmt.Sprintf("%d:%d-%d:%d", is.Line, is.Column, is.EndLine, is.EndColumn),
		UTF16: fmt.Sprintf("%d:%d-%d:%d", is.Line, is.UTF16Column, is.EndLine, is.EndUTF16Column),
	}
}

// TestIssuesPointAtTheOffendingTokenOfAMultiLineFile lints the seed's
// invalid example, a file of several lines: each issue spans the value
// that is wrong, while its path names where the rule applies.
func TestIssuesPointAtTheOffendingTokenOfAMultiLineFile(t *testing.T) {
	data, err := os.ReadFile("../../testdata/lint/examples/invalid.json")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	res := lintSource(t, src, Options{})
	var got []place
	for _, is := range res.Issues {
		got = append(got, placeOf(src, is))
	}
	want := []place{
		{"invalid-name", "$[0].function.name", `"get weather!"`, "5:15-5:29", "5:15-5:29"},
		{"unknown-type", "$[0].function.parameters.properties.city", `"str"`, "10:28-10:33", "10:28-10:33"},
		{"array-without-items", "$[0].function.parameters.properties.tags", `{"type": "array"}`, "11:19-11:36", "11:19-11:36"},
		{"required-not-in-properties", "$[0].function.parameters", `"state"`, "13:30-13:37", "13:30-13:37"},
		{"short-description", "$[0].function.description", `"Get weather"`, "6:22-6:35", "6:22-6:35"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
}

// TestIssueSpans goes through the kinds of place a rule points at: a
// value, a key, an object that lacks a member, a run of characters in a
// string.
func TestIssueSpans(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		targets []string
		code    string
		want    string // the span's text
		at      string
	}{
		{"a type in a type list", tool(`{"type": "object", "properties": {"x": {"type": ["string", "nul"]}}}`), nil,
			"unknown-type", `"nul"`, ""},
		{"a type that is no name", tool(`{"type": "object", "properties": {"x": {"type": {"a": 1}}}}`), nil,
			"unknown-type", `{"a": 1}`, ""},
		{"the entry of required that names no property", tool(`{"type": "object", "properties": {"city": {}}, "required": ["city", "timezone"]}`), nil,
			"required-not-in-properties", `"timezone"`, ""},
		{"the repeat of an enum value", tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": ["a", "b", "a"]}}}`), nil,
			"duplicate-enum-value", `"a"`, ""},
		{"a duplicate key, the second", `[{"name": "a", "name": "a", "description": "Looks things up in the index.", "parameters": {"type": "object", "properties": {"q": {}}}}]`, nil,
			"duplicate-key", `"name"`, "1:16-1:22"},
		{"an object that lacks a member, over its lines", "[{\"name\": \"t\",\n \"parameters\": {\"type\": \"object\", \"properties\": {\"q\": {}}}\n}]", nil,
			"missing-description", "{\"name\": \"t\",\n \"parameters\": {\"type\": \"object\", \"properties\": {\"q\": {}}}\n}", "1:2-3:2"},
		{"a local $ref to nothing", tool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}}`), nil,
			"unresolved-ref", `"#/$defs/x"`, ""},
		{"a keyword Gemini does not know, its key", `[{"functionDeclarations": [{"name": "t", "description": "Looks things up in the index.", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}, "additionalProperties": false}}]}]`, []string{"gemini"},
			"gemini/unsupported-keyword", `"additionalProperties"`, ""},
		{"a keyword strict mode refuses, its key", `[{"type": "function", "function": {"name": "t", "strict": true, "description": "Looks things up in the index.", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": false, "allOf": []}}}]`, []string{"openai-strict"},
			"openai-strict/unsupported-keyword", `"allOf"`, ""},
		{"the required list strict mode finds short", `[{"type": "function", "function": {"name": "t", "strict": true, "description": "Looks things up in the index.", "parameters": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"], "additionalProperties": false}}}]`, []string{"openai-strict"},
			"openai-strict/all-required", `["a"]`, ""},
		{"hidden characters, the run of them", tool(`{"type": "object", "properties": {"q": {"type": "string", "description": "abc\u202e\u202adef"}}}`), nil,
			"hidden-characters", `\u202e\u202a`, ""},
		{"after non-ASCII text, columns in UTF-16", `[{"description": "é😀 Looks things up in the index.", "name": "a b"}]`, nil,
			"invalid-name", `"a b"`, "1:66-1:71"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := lintWith(t, tc.src, tc.targets, nil)
			var found []Issue
			for _, is := range res.Issues {
				if is.Code == tc.code {
					found = append(found, is)
				}
			}
			if len(found) != 1 {
				t.Fatalf("%s issues: %d, want 1 (all: %v)", tc.code, len(found), brief(res.Issues))
			}
			p := placeOf(tc.src, found[0])
			if p.Text != tc.want {
				t.Errorf("span = %q, want %q", p.Text, tc.want)
			}
			if tc.at != "" && p.At != tc.at {
				t.Errorf("at %s, want %s", p.At, tc.at)
			}
		})
	}
}

// TestUTF16ColumnsCountUnitsBeforeAndInTheSpan checks both ends of a span
// after and around characters of two and four bytes.
func TestUTF16ColumnsCountUnitsBeforeAndInTheSpan(t *testing.T) {
	src := `[{"description": "é😀 Looks things up in the index.", "name": "é 😀"}]`
	res := lintSource(t, src, baseOnly("missing-parameters"))
	if len(res.Issues) != 1 {
		t.Fatalf("issues = %v, want one", brief(res.Issues))
	}
	// The name's quote is byte 65 of the line, after "é" (two bytes, one
	// unit) and "😀" (four bytes, two units): column 66 in bytes, 63 in
	// units. The name, "é 😀" with its quotes, is 9 bytes and 6 units.
	got := placeOf(src, res.Issues[0])
	want := place{Code: "invalid-name", Path: "$[0].name", Text: `"é 😀"`, At: "1:66-1:75", UTF16: "1:63-1:69"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("place (-want +got):\n%s", diff)
	}
}

func TestAnIssueOfTheWholeDocumentHasNoSpan(t *testing.T) {
	is := Issue{Code: "x"}
	if _, _, ok := is.Span(); ok {
		t.Errorf("an issue without a line has a span")
	}
	res := lintSource(t, `{"version": 1}`, baseOnly())
	if len(res.Issues) != 1 {
		t.Fatalf("issues = %v", brief(res.Issues))
	}
	start, end, ok := res.Issues[0].Span()
	if !ok || start != 0 || end != len(`{"version": 1}`) {
		t.Errorf("invalid-document spans %d-%d (%v), want the document, 0-14", start, end, ok)
	}
}
