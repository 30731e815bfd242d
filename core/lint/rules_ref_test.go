package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

// targetCase is one document linted with some targets, and the issues the
// rules under test must give for it, in order.
type targetCase struct {
	name    string
	src     string
	targets []string
	ignore  []string
	want    []issueWant
}

// issueWant is an expected issue: its code and path, and a piece of its
// message ("" checks none).
type issueWant struct {
	code, path, msg string
}

func (w issueWant) String() string { return w.code + " " + w.path + " " + fmt.Sprintf("%q", w.msg) }

// lintWith parses src and lints it with the given targets.
func lintWith(t *testing.T, src string, targets, ignore []string) *Result {
	t.Helper()
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Lint(doc, Options{Targets: targets, Ignore: ignore})
}

// issuesMatching returns the issues whose code is one of codes or starts
// with one of them that ends in "/".
func issuesMatching(res *Result, codes []string) []Issue {
	var out []Issue
	for _, is := range res.Issues {
		for _, c := range codes {
			if is.Code == c || strings.HasSuffix(c, "/") && strings.HasPrefix(is.Code, c) {
				out = append(out, is)
				break
			}
		}
	}
	return out
}

// checkTargetCases lints each case and compares the issues of codes with
// the wanted ones, in order.
func checkTargetCases(t *testing.T, codes []string, cases []targetCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// With targets on, the base name rule reports the names a
			// target's rule finds, under its own code; a test of other
			// codes sees such an issue as the first of those rules'.
			res := lintWith(t, tc.src, tc.targets, tc.ignore)
			if !slices.Contains(codes, "invalid-name") {
				res = asFirstFinder(res, "invalid-name")
			}
			got := issuesMatching(res, codes)
			ok := len(got) == len(tc.want)
			for i := 0; ok && i < len(got); i++ {
				w := tc.want[i]
				ok = got[i].Code == w.code && got[i].Path == w.path && strings.Contains(got[i].Message, w.msg)
			}
			if !ok {
				var g, w strings.Builder
				for _, is := range got {
					fmt.Fprintf(&g, "\n  %s %s %q", is.Code, is.Path, is.Message)
				}
				for _, x := range tc.want {
					fmt.Fprintf(&w, "\n  %s", x)
				}
				t.Errorf("issues:%s\nwant:%s", g.String(), w.String())
			}
		})
	}
}

// asFirstFinder relabels the issues of code that other rules found too
// with the code of the first of them, in the severity order a lint
// gives them.
func asFirstFinder(res *Result, code string) *Result {
	out := *res
	out.Issues = nil
	for _, sev := range []catalog.Severity{catalog.Error, catalog.Warning} {
		for _, is := range res.Issues {
			if is.Code == code && is.FoundBy != nil {
				is.Code = (*is.FoundBy)[0]
				is.Severity = LookupRule(is.Code).Severity
			}
			if is.Severity == sev {
				out.Issues = append(out.Issues, is)
			}
		}
	}
	return &out
}

// fnTool is an OpenAI tool with a good name and description around a
// parameter schema.
func fnTool(params string) string {
	return `[{"type": "function", "function": {"name": "lookup", "description": "Look up records in the catalogue.", "parameters": ` + params + `}}]`
}

const p0 = "$[0].function.parameters"

func TestUnresolvedRefReportsLocalRefsThatPointToNothing(t *testing.T) {
	checkTargetCases(t, []string{"unresolved-ref", "remote-ref"}, []targetCase{
		{name: "missing $defs entry",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/addr"}}, "$defs": {"zip": {"type": "string"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.a", `"$defs" has no member "addr"`}}},
		{name: "no $defs at all",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/addr"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.a", `the schema has no member "$defs"`}}},
		{name: "$defs entry present",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/addr"}}, "$defs": {"addr": {"type": "string"}}}`)},
		{name: "definitions entry present",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/definitions/addr"}}, "definitions": {"addr": {"type": "string"}}}`)},
		{name: "the root",
			src: fnTool(`{"type": "object", "properties": {"child": {"$ref": "#"}}}`)},
		{name: "pointer escapes ~0 and ~1",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a~1b~0c"}}, "$defs": {"a/b~c": {"type": "string"}}}`)},
		{name: "percent-encoded fragment",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/my%20addr"}}, "$defs": {"my addr": {"type": "string"}}}`)},
		{name: "bad percent encoding",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/%zz"}}, "$defs": {}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.a", "not a valid URI fragment"}}},
		{name: "array index",
			src: fnTool(`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}, "b": {"$ref": "#/properties/a/anyOf/1"}}}`)},
		{name: "array index out of range",
			src:  fnTool(`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}]}, "b": {"$ref": "#/properties/a/anyOf/3"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.b", `has 1 elements and no index "3"`}}},
		{name: "array index with a leading zero",
			src:  fnTool(`{"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}, "b": {"$ref": "#/properties/a/anyOf/01"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.b", `no index "01"`}}},
		{name: "points to a string",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a/type"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.b", "points to a string, not a schema"}}},
		{name: "steps into a string",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a/type/x"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.b", `"type" is a string, with no member "x"`}}},
		{name: "boolean schema target",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/any"}}, "$defs": {"any": true}}`)},
		{name: "anchor",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#addr"}}, "$defs": {"x": {"$anchor": "addr", "type": "string"}}}`)},
		{name: "draft-07 id anchor",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#addr"}}, "definitions": {"x": {"$id": "#addr", "type": "string"}}}`)},
		{name: "missing anchor",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#addr"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.a", `no schema declares "$anchor": "addr"`}}},
		{name: "the schema's own $id is local",
			src:  fnTool(`{"$id": "https://example.com/t.json", "type": "object", "properties": {"a": {"$ref": "https://example.com/t.json#/$defs/nope"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.a", "resolves to nothing"}}},
		{name: "remote ref warns and is not resolved",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "https://example.com/addr.json"}, "b": {"$ref": "common.json#/Address"}}}`),
			want: []issueWant{{"remote-ref", p0 + ".properties.a", "outside the tool's schema"}, {"remote-ref", p0 + ".properties.b", "common.json"}}},
		{name: "ref in an anyOf branch",
			src:  fnTool(`{"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#/$defs/x"}, {"type": "null"}]}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties.a.anyOf[0]", ""}}},
		{name: "key that needs quoting",
			src:  fnTool(`{"type": "object", "properties": {"my key": {"$ref": "#/$defs/x"}}}`),
			want: []issueWant{{"unresolved-ref", p0 + ".properties['my key']", ""}}},
	})
}

func TestRefCyclesAreNotErrorsAndEnd(t *testing.T) {
	checkTargetCases(t, []string{"unresolved-ref", "remote-ref", "unknown-type"}, []targetCase{
		{name: "recursion through the root",
			src: fnTool(`{"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}`)},
		{name: "two definitions referring to each other",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"type": "object", "properties": {"b": {"$ref": "#/$defs/b"}}}, "b": {"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}}}}`)},
		{name: "cycle outside the walked keywords",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/x/a"}}, "x": {"a": {"type": "object", "properties": {"b": {"$ref": "#/x/b"}}}, "b": {"type": "object", "properties": {"a": {"$ref": "#/x/a"}}}}}`)},
		{name: "a schema referring to itself",
			src: fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/x/self"}}, "x": {"self": {"type": "object", "properties": {"again": {"$ref": "#/x/self"}}}}}`)},
	})
}

func TestRefTargetsOutsideWalkedKeywordsAreCheckedOnce(t *testing.T) {
	comp := p0 + ".components.schemas"
	checkTargetCases(t, []string{"unresolved-ref", "unknown-type", "invalid-schema"}, []targetCase{
		{name: "two refs to one target give one issue",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/components/schemas/zip"}, "b": {"$ref": "#/components/schemas/zip"}}, "components": {"schemas": {"zip": {"type": "str"}}}}`),
			want: []issueWant{{"unknown-type", comp + ".zip", ""}}},
		{name: "a target's own refs are followed",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/components/schemas/a"}}, "components": {"schemas": {"a": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/b"}}}, "b": {"type": "int"}}}}`),
			want: []issueWant{{"unknown-type", comp + ".b", ""}}},
		{name: "an unresolved ref inside a target",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/components/schemas/a"}}, "components": {"schemas": {"a": {"type": "object", "properties": {"b": {"$ref": "#/components/schemas/nope"}}}}}}`),
			want: []issueWant{{"unresolved-ref", comp + ".a.properties.b", `"schemas" has no member "nope"`}}},
		{name: "a target in the walked keywords is not walked again",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/zip"}, "b": {"$ref": "#/$defs/zip"}}, "$defs": {"zip": {"type": "str"}}}`),
			want: []issueWant{{"unknown-type", p0 + "['$defs'].zip", ""}}},
		{name: "a target is validated against the meta-schema",
			src:  fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/components/a"}}, "components": {"a": {"type": "string", "minLength": "3"}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".components.a.minLength", "minLength: got string, want integer"}}},
		{name: "ignoring unresolved-ref still follows references",
			src:    fnTool(`{"type": "object", "properties": {"a": {"$ref": "#/components/zip"}}, "components": {"zip": {"type": "str"}}}`),
			ignore: []string{"unresolved-ref"},
			want:   []issueWant{{"unknown-type", p0 + ".components.zip", ""}}},
		{name: "a ref key written with a unicode escape",
			src:  fnTool(`{"type": "object", "properties": {"a": {"\u0024ref": "#/components/zip"}}, "components": {"zip": {"type": "str"}}}`),
			want: []issueWant{{"unknown-type", p0 + ".components.zip", ""}}},
	})
}

func TestUnresolvedRefIsAnErrorAtTheRef(t *testing.T) {
	src := "[{\"name\": \"lookup\", \"description\": \"Look up records in the catalogue.\",\n \"parameters\": {\"type\": \"object\",\n  \"properties\": {\"a\": {\"$ref\": \"#/$defs/x\"}}}}]"
	got := issuesMatching(lintWith(t, src, nil, nil), []string{"unresolved-ref"})
	if len(got) != 1 {
		t.Fatalf("issues = %+v, want one", got)
	}
	if is := got[0]; is.Severity != catalog.Error || is.Line != 3 || is.Column != 32 || is.EndColumn != 43 || is.Tool != "lookup" || is.Path != "$[0].parameters.properties.a" {
		t.Errorf("issue = %s at %d:%d-%d %s tool %q, want error at 3:32-43, the \"#/$defs/x\", of $[0].parameters.properties.a, tool lookup", is.Severity, is.Line, is.Column, is.EndColumn, is.Path, is.Tool)
	}
}
