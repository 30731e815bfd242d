package lint

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

// baseOnly returns options that run the base rules alone, ignoring the
// provider and document families, plus the extra codes given.
func baseOnly(extra ...string) Options {
	ignore := append([]string(nil), extra...)
	for _, r := range Rules() {
		if !slices.Contains(baseRules, r) {
			ignore = append(ignore, r.Code)
		}
	}
	return Options{Ignore: ignore}
}

// brief is an issue in one line: "error code path line:col".
func brief(issues []Issue) []string {
	var out []string
	for _, is := range issues {
		out = append(out, fmt.Sprintf("%s %s %s %d:%d", is.Severity, is.Code, is.Path, is.Line, is.Column))
	}
	return out
}

func lintFile(t *testing.T, path string, opt Options) *Result {
	t.Helper()
	doc, err := jsondoc.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Lint(doc, opt)
}

func TestLintInvalidExampleGivesItsFiveIssuesInOrder(t *testing.T) {
	res := lintFile(t, "../../testdata/lint/examples/invalid.json", Options{})
	want := []string{
		"error invalid-name $[0].function.name 5:15",
		"error unknown-type $[0].function.parameters.properties.city 10:28",
		"error array-without-items $[0].function.parameters.properties.tags 11:19",
		"error required-not-in-properties $[0].function.parameters 13:30",
		"warning short-description $[0].function.description 6:22",
	}
	if diff := cmp.Diff(want, brief(res.Issues)); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
	if res.Errors != 4 || res.Warnings != 1 {
		t.Errorf("counts = %d errors, %d warnings, want 4 and 1", res.Errors, res.Warnings)
	}
	for _, is := range res.Issues {
		if is.Tool != "get weather!" || is.File != "../../testdata/lint/examples/invalid.json" {
			t.Errorf("%s: tool %q file %q, want the tool's name and the file as given", is.Code, is.Tool, is.File)
		}
		if is.Message == "" || is.Hint == "" {
			t.Errorf("%s: message %q hint %q, want both", is.Code, is.Message, is.Hint)
		}
	}
}

func TestLintValidExampleHasNoIssues(t *testing.T) {
	res := lintFile(t, "../../testdata/lint/examples/valid.json", Options{})
	if len(res.Issues) != 0 {
		t.Errorf("issues = %v, want none", brief(res.Issues))
	}
}

func TestLintReadsEveryShape(t *testing.T) {
	tests := []struct {
		file  string
		shape tooldef.Shape
		want  string
	}{
		{"openai.json", tooldef.ShapeOpenAI, "error unknown-type $[0].function.parameters.properties.q 9:38"},
		{"bare.json", tooldef.ShapeBare, "error unknown-type $[0].parameters.properties.q 7:36"},
		{"anthropic.json", tooldef.ShapeAnthropic, "error unknown-type $[0].input_schema.properties.q 7:36"},
		{"mcp.json", tooldef.ShapeMCP, "error unknown-type $.tools[0].inputSchema.properties.q 8:38"},
		{"mcp-result.json", tooldef.ShapeMCP, "error unknown-type $.result.tools[0].inputSchema.properties.q 11:40"},
		{"responses.json", tooldef.ShapeResponses, "error unknown-type $[0].parameters.properties.q 8:36"},
		{"single.json", tooldef.ShapeOpenAI, "error unknown-type $.function.parameters.properties.q 8:36"},
		{"tools-object.json", tooldef.ShapeOpenAI, "error unknown-type $.tools[0].function.parameters.properties.q 10:40"},
		{"gemini.json", tooldef.ShapeGemini, "error unknown-type $[0].functionDeclarations[0].parameters.properties.q 9:40"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			res := lintFile(t, filepath.Join("../../testdata/lint/shapes", tc.file), baseOnly())
			if diff := cmp.Diff([]string{tc.want}, brief(res.Issues)); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
			if res.Tools.Shape != tc.shape || len(res.Tools.Tools) != 1 {
				t.Errorf("shape %q with %d tools, want %q with 1", res.Tools.Shape, len(res.Tools.Tools), tc.shape)
			}
		})
	}
}

func TestLintDocumentProblems(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		msg       string
	}{
		{"a string", `"tools"`, []string{"error invalid-document $ 1:1"}, "not a tools document: the top-level value is a string, not a list or an object"},
		{"an unrelated object", `{"version": 1}`, []string{"error invalid-document $ 1:1"}, "not a tools document: expected a list of tools"},
		{"tools not a list", `{"tools": {"a": 1}}`, []string{"error invalid-document $.tools 1:11"}, `"tools" is an object, not a list of tools`},
		{"MCP result tools not a list", `{"result": {"tools": 3}}`, []string{"error invalid-document $.result.tools 1:22"}, `"tools" is a number, not a list of tools`},
		{"entries that are not objects", `[1, "x", {"name": "ok", "description": "A tool that is fine as it is.", "parameters": {"type": "object", "properties": {"a": {}}}}]`,
			[]string{"error invalid-tool $[0] 1:2", "error invalid-tool $[1] 1:5"}, "tool entry is a number, not an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := lintSource(t, tc.src, baseOnly())
			if diff := cmp.Diff(tc.want, brief(res.Issues)); diff != "" {
				t.Fatalf("issues (-want +got):\n%s", diff)
			}
			if !strings.HasPrefix(res.Issues[0].Message, tc.msg) {
				t.Errorf("message = %q, want it to start with %q", res.Issues[0].Message, tc.msg)
			}
		})
	}
}

func TestLintPathForms(t *testing.T) {
	tests := []struct {
		name, params, want string
	}{
		{"identifier keys", `{"type": "object", "properties": {"city": {"type": "str"}}}`, base + ".properties.city"},
		{"key with a space", `{"type": "object", "properties": {"my key": {"type": "str"}}}`, base + ".properties['my key']"},
		{"key with a quote", `{"type": "object", "properties": {"it's": {"type": "str"}}}`, base + `.properties['it\'s']`},
		{"key with a backslash", `{"type": "object", "properties": {"a\\b": {"type": "str"}}}`, base + `.properties['a\\b']`},
		{"key starting with a digit", `{"type": "object", "properties": {"9lives": {"type": "str"}}}`, base + ".properties['9lives']"},
		{"empty key", `{"type": "object", "properties": {"": {"type": "str"}}}`, base + ".properties['']"},
		{"$defs", `{"type": "object", "properties": {"a": {}}, "$defs": {"x": {"type": "str"}}}`, base + "['$defs'].x"},
		{"items list index", `{"type": "object", "properties": {"a": {"type": "array", "items": [{"type": "string"}, {"type": "str"}]}}}`, base + ".properties.a.items[1]"},
		{"anyOf index", `{"type": "object", "properties": {"a": {"anyOf": [{"type": "str"}]}}}`, base + ".properties.a.anyOf[0]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := lintSource(t, tool(tc.params), baseOnly())
			var got []string
			for _, is := range res.Issues {
				if is.Code == "unknown-type" {
					got = append(got, is.Path)
				}
			}
			if diff := cmp.Diff([]string{tc.want}, got); diff != "" {
				t.Errorf("paths (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("tools object index", func(t *testing.T) {
		src := `{"tools": [{"name": "a", "inputSchema": {}}, {"name": "b", "inputSchema": {}}, {"name": "c", "inputSchema": null}]}`
		got := foundOf(lintSource(t, src, baseOnly()), "missing-parameters")
		if len(got) != 1 || got[0].Path != "$.tools[2].inputSchema" {
			t.Errorf("missing-parameters = %+v, want one at $.tools[2].inputSchema", got)
		}
	})
}

func TestLintOrdersErrorsFirstThenWalkOrder(t *testing.T) {
	src := `[
{"name": "a b", "description": "short", "parameters": {"type": "object",
  "properties": {
    "x": {"type": "object", "properties": {"y": {"type": "str"}}, "required": ["z"]},
    "w": {"type": "array"}},
  "required": ["q"]}},
{"name": "a b", "parameters": {"type": "object", "properties": {"e": {"enum": ["v", "v"]}}}}
]`
	res := lintSource(t, src, baseOnly())
	want := []string{
		"error invalid-name $[0].name 2:10",
		"error unknown-type $[0].parameters.properties.x.properties.y 4:58",
		"error required-not-in-properties $[0].parameters.properties.x 4:80",
		"error array-without-items $[0].parameters.properties.w 5:10",
		"error required-not-in-properties $[0].parameters 6:16",
		"error invalid-name $[1].name 7:10",
		"error duplicate-name $[1].name 7:10",
		"warning short-description $[0].description 2:32",
		"warning missing-description $[1] 7:1",
		"warning enum-without-type $[1].parameters.properties.e 7:70",
		"warning duplicate-enum-value $[1].parameters.properties.e 7:85",
	}
	if diff := cmp.Diff(want, brief(res.Issues)); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
}

func TestLintColumnsCountBytes(t *testing.T) {
	// "é" is two bytes: the name's value is byte 35, column 36.
	res := lintSource(t, `[{"description": "ééé", "name": 1}]`, baseOnly())
	got := brief(res.Issues)
	if len(got) == 0 || got[0] != "error missing-name $[0].name 1:36" {
		t.Errorf("issues = %v, want missing-name at 1:36 first", got)
	}
}

func TestLintIgnoreDropsThoseCodes(t *testing.T) {
	res := lintFile(t, "../../testdata/lint/examples/invalid.json", baseOnly("unknown-type", "short-description"))
	want := []string{
		"error invalid-name $[0].function.name 5:15",
		"error array-without-items $[0].function.parameters.properties.tags 11:19",
		"error required-not-in-properties $[0].function.parameters 13:30",
	}
	if diff := cmp.Diff(want, brief(res.Issues)); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
	if res.Errors != 3 || res.Warnings != 0 {
		t.Errorf("counts = %d errors, %d warnings, want 3 and 0", res.Errors, res.Warnings)
	}
}

func TestLintPositionsAreOnTheValue(t *testing.T) {
	// A BOM and CRLF line ends: lines still count from 1, columns from
	// the first byte of the line.
	src := "\xef\xbb\xbf[\r\n  {\"name\": \"x y\"}\r\n]"
	res := lintSource(t, src, baseOnly("missing-description", "missing-parameters"))
	if diff := cmp.Diff([]string{"error invalid-name $[0].name 2:12"}, brief(res.Issues)); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
}

func TestAProvidersOwnToolsAreNotCheckedAsDefinitions(t *testing.T) {
	src := `[
 {"type": "web_search_20250305", "name": "web_search", "max_uses": 5},
 {"type": "bash_20250124", "name": "bash"},
 {"type": "web_search_preview"},
 {"type": "file_search", "vector_store_ids": ["vs_1"]},
 {"name": "get_weather", "description": "Get the current weather in a given location.", "input_schema": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}},
 {"type": "bash_20250124", "name": "bash"}
]`
	res := lintWith(t, src, []string{"openai", "anthropic", "gemini", "mcp"}, nil)
	var codes []string
	for _, is := range res.Issues {
		codes = append(codes, is.Code+" "+is.Path)
	}
	if want := []string{"duplicate-name $[5].name"}; !slices.Equal(codes, want) {
		t.Errorf("issues %q, want only the second bash's duplicate name", codes)
	}
}
