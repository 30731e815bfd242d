package core

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"toolbench/internal/gen"
)

func TestInvalidSchemaReportsEachProblemWhereItIs(t *testing.T) {
	codes := []string{"invalid-schema"}
	checkTargetCases(t, codes, []targetCase{
		{name: "valid schema",
			src: fnTool(`{"type": "object", "properties": {"city": {"type": "string", "minLength": 1, "pattern": "^[A-Z]"}, "n": {"type": ["integer", "null"], "minimum": 0, "multipleOf": 2}}, "required": ["city"], "additionalProperties": false}`)},
		{name: "string minimum",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "integer", "minimum": "1"}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.minimum", "minimum: got string, want number (JSON Schema 2020-12)"}}},
		{name: "negative maxLength",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "string", "maxLength": -1}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.maxLength", "maxLength: minimum: got -1, want 0"}}},
		{name: "required names a property twice",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a"]}`),
			want: []issueWant{{"invalid-schema", p0 + ".required", "items at 0 and 1 are equal"}}},
		{name: "a type listed twice",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": ["string", "string"]}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.type", "items at 0 and 1 are equal"}}},
		{name: "tuple items in draft 2020-12",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "array", "items": [{"type": "string"}]}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.items", "items: got array, want boolean or object"}}},
		{name: "tuple items in draft-07",
			src: fnTool(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {"type": "array", "items": [{"type": "string"}]}}}`)},
		{name: "boolean exclusiveMinimum in draft-04",
			src: fnTool(`{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "properties": {"a": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}}`)},
		{name: "boolean exclusiveMinimum in draft 2020-12",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.exclusiveMinimum", "got boolean, want number"}}},
		{name: "draft-07 empty enum",
			src:  fnTool(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {"enum": []}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.enum", "(JSON Schema draft-07)"}}},
		{name: "$schema that is not a URI",
			src:  fnTool(`{"$schema": "draft 7", "type": "object"}`),
			want: []issueWant{{"invalid-schema", p0 + "['$schema']", "is not valid uri"}}},
		{name: "parameters that are a string",
			src:  fnTool(`"none"`),
			want: []issueWant{{"invalid-schema", p0, "got string, want boolean or object"}}},
		{name: "broken pattern",
			src:  fnTool(`{"type": "object", "properties": {"a": {"type": "string", "pattern": "([a-z]+"}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.pattern", "is not valid regex"}}},
		{name: "look-ahead pattern Go cannot compile",
			src: fnTool(`{"type": "object", "properties": {"a": {"type": "string", "pattern": "^(?=.*[0-9]).{8,}$"}}}`)},
		{name: "empty class in a pattern",
			src: fnTool(`{"type": "object", "properties": {"a": {"type": "string", "pattern": "[]a"}}}`)},
		{name: "several problems in document order",
			src: fnTool(`{"type": "object", "properties": {"a": {"minLength": "1"}, "b": {"maxItems": 1.5}}, "anyOf": []}`),
			want: []issueWant{
				{"invalid-schema", p0 + ".properties.a.minLength", "got string, want integer"},
				{"invalid-schema", p0 + ".properties.b.maxItems", "maxItems"},
				{"invalid-schema", p0 + ".anyOf", "minItems: got 0, want 1"},
			}},
		{name: "a property schema that is a string",
			src:  fnTool(`{"type": "object", "properties": {"a": "string"}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.a", "got string, want boolean or object"}}},
		{name: "a property named type is not the type keyword",
			src:  fnTool(`{"type": "object", "properties": {"type": "str"}}`),
			want: []issueWant{{"invalid-schema", p0 + ".properties.type", "got string, want boolean or object"}}},
		{name: "unknown keywords are allowed",
			src: fnTool(`{"type": "object", "x-internal": {"minimum": "no"}, "nullable": true}`)},
		{name: "Gemini parameters are OpenAPI, not JSON Schema",
			src: `{"functionDeclarations": [{"name": "f", "description": "Look up records in the catalogue.", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING", "minimum": "x"}}}}]}`},
		{name: "MCP inputSchema",
			src:  `{"tools": [{"name": "f", "description": "Look up records in the catalogue.", "inputSchema": {"type": "object", "properties": {"a": {"type": "string", "format": 5}}}}]}`,
			want: []issueWant{{"invalid-schema", "$.tools[0].inputSchema.properties.a.format", "format: got number, want string"}}},
	})
}

func TestInvalidSchemaLeavesBaseRuleProblemsToThem(t *testing.T) {
	checkTargetCases(t, []string{"invalid-schema"}, []targetCase{
		{name: "unknown type name", src: fnTool(`{"type": "object", "properties": {"a": {"type": "str"}}}`)},
		{name: "type of the wrong kind", src: fnTool(`{"type": "object", "properties": {"a": {"type": 3}}}`)},
		{name: "required not a list", src: fnTool(`{"type": "object", "properties": {"a": {}}, "required": "a"}`)},
		{name: "required holding a number", src: fnTool(`{"type": "object", "properties": {"a": {}}, "required": ["a", 3]}`)},
		{name: "enum not a list", src: fnTool(`{"type": "object", "properties": {"a": {"enum": "x"}}}`)},
		{name: "reported when the base rule is ignored",
			src:    fnTool(`{"type": "object", "properties": {"a": {"type": "str"}}}`),
			ignore: []string{"unknown-type"},
			want:   []issueWant{{"invalid-schema", p0 + ".properties.a.type", "value must be one of"}}},
		{name: "a type list in an unwalked keyword is reported",
			src:  fnTool(`{"type": "object", "patternProperties": {"^x": {"type": "str"}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".patternProperties['^x'].type", "value must be one of"}}},
	})
}

func TestInvalidSchemaHintsAtTheUsualFixAndPointsAtTheValue(t *testing.T) {
	src := fnTool(`{"type": "object", "properties": {"a": {"type": "array", "items": [{"type": "string"}]}}}`)
	got := issuesMatching(lintWith(t, src, nil, nil), []string{"invalid-schema"})
	if len(got) != 1 || !strings.Contains(got[0].Hint, "prefixItems") {
		t.Fatalf("issues = %+v, want one hinting at prefixItems", got)
	}
	if want := strings.Index(src, `[{"type": "string"}]`) + 1; got[0].Line != 1 || got[0].Column != want {
		t.Errorf("position %d:%d, want 1:%d (the items value)", got[0].Line, got[0].Column, want)
	}
}

// metaBases are valid schemas of every draft the quick check judges,
// using between them every keyword it knows.
var metaBases = []string{
	`{"type": "object", "properties": {"city": {"type": "string", "description": "City", "minLength": 1, "maxLength": 80, "pattern": "^[A-Z]"}, "n": {"type": ["integer", "null"], "minimum": 0, "maximum": 9, "exclusiveMinimum": -1, "multipleOf": 0.5}, "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 0, "maxItems": 3, "uniqueItems": true}}, "required": ["city", "n"], "additionalProperties": false}`,
	`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "$defs": {"addr": {"type": "object", "properties": {"zip": {"type": "string", "format": "postal"}}}}, "properties": {"home": {"$ref": "#/$defs/addr"}, "any": true, "none": false}, "anyOf": [{"required": ["home"]}, {"not": {"const": 1}}]}`,
	`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "definitions": {"x": {"type": "number"}}, "properties": {"t": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/x"}], "additionalItems": false}, "e": {"enum": ["a", "b"]}, "c": {"if": {"minimum": 1}, "then": {"maximum": 9}, "else": {"const": 0}}}, "title": "T", "readOnly": false, "examples": [{}]}`,
	`{"type": "object", "properties": {"a": {"oneOf": [{"type": "string"}, {"type": "null"}], "default": "x", "deprecated": true}, "b": {"prefixItems": [{"type": "integer"}], "contains": {"type": "integer"}, "minContains": 1, "maxContains": 2}, "c": {"propertyNames": {"maxLength": 3}, "minProperties": 1, "maxProperties": 4, "unevaluatedProperties": false}}, "$comment": "c", "writeOnly": true}`,
	`{"$schema": "https://json-schema.org/draft/2019-09/schema", "type": "object", "properties": {"a": {"items": [{"type": "string"}]}, "b": {"contentEncoding": "base64", "contentMediaType": "image/png"}}}`,
	`{"$schema": "http://json-schema.org/draft-06/schema#", "type": "object", "properties": {"a": {"enum": ["x"], "exclusiveMaximum": 3}}}`,
}

// metaCorpus builds valid schemas and every variant with one value
// replaced by a value of another shape: the schemas metaQuick must judge
// no more leniently than the validator.
func metaCorpus(t testing.TB) []string {
	replacements := []any{"x", json.Number("1"), json.Number("-1"), json.Number("1.5"), json.Number("0"), true, nil, []any{}, map[string]any{}, []any{"a", "a"}, []any{"string"}, "object", "#/$defs/a b", "(", "https://json-schema.org/draft/2020-12/schema"}
	var out []string
	for _, b := range metaBases {
		out = append(out, b)
		var v any
		d := json.NewDecoder(strings.NewReader(b))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			t.Fatalf("corpus base: %v", err)
		}
		for _, p := range metaPaths(v, nil) {
			for _, r := range replacements {
				out = append(out, metaMutate(t, v, p, r))
			}
		}
	}
	return out
}

// metaPaths lists the paths of every value in v.
func metaPaths(v any, prefix []any) [][]any {
	var out [][]any
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := append(slices.Clone(prefix), k)
			out = append(out, p)
			out = append(out, metaPaths(x[k], p)...)
		}
	case []any:
		for i, e := range x {
			p := append(slices.Clone(prefix), i)
			out = append(out, p)
			out = append(out, metaPaths(e, p)...)
		}
	}
	return out
}

// metaMutate returns the JSON of v with the value at path replaced by r.
func metaMutate(t testing.TB, v any, path []any, r any) string {
	b, _ := json.Marshal(v)
	var c any
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.UseNumber()
	if err := d.Decode(&c); err != nil {
		t.Fatal(err)
	}
	cur := c
	for i, step := range path {
		last := i == len(path)-1
		switch s := step.(type) {
		case string:
			m := cur.(map[string]any)
			if last {
				m[s] = r
			} else {
				cur = m[s]
			}
		case int:
			a := cur.([]any)
			if last {
				a[s] = r
			} else {
				cur = a[s]
			}
		}
	}
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestMetaQuickCheckGivesTheValidatorsFindings(t *testing.T) {
	corpus := metaCorpus(t)
	for _, ignore := range []map[string]bool{nil, {"unknown-type": true, "invalid-required": true, "invalid-enum": true}} {
		quick := 0
		for _, src := range corpus {
			n, err := ParseValue("schema.json", src)
			if err != nil {
				t.Fatal(err)
			}
			d := metaDraftOf(n)
			slow := issueTexts(metaFindings(n, d, ignore, false))
			fast := issueTexts(metaFindings(n, d, ignore, true))
			if (metaQuick{d: d, ignore: ignore}).schema(n, true, true) {
				quick++
			}
			if !slices.Equal(fast, slow) {
				t.Errorf("ignoring %v, schema %s:\n quick path gives %q\n validator gives %q", ignore, src, fast, slow)
			}
		}
		t.Logf("ignoring %v: %d schemas, %d judged by the quick check", ignore, len(corpus), quick)
	}
}

func TestMetaQuickCheckTakesCommonValidSchemas(t *testing.T) {
	for _, src := range metaBases {
		n, _ := ParseValue("schema.json", src)
		if !(metaQuick{d: metaDraftOf(n)}).schema(n, true, true) {
			t.Errorf("the quick check does not judge %s", src)
		}
	}
}

func issueTexts(is []metaIssue) []string {
	var out []string
	for _, i := range is {
		out = append(out, appendSegs("$", i.segs)+": "+i.msg)
	}
	return out
}

func TestMetaQuickCheckTakesTheBenchmarkTools(t *testing.T) {
	doc, err := Parse("bench.json", gen.Tools(60))
	if err != nil {
		t.Fatal(err)
	}
	ts := Tools(doc)
	quick := 0
	for _, tl := range ts.Tools {
		if (metaQuick{d: metaDraftOf(tl.Params)}).schema(tl.Params, true, true) {
			quick++
		}
	}
	// One tool in sixty has an unknown type, which unknown-type reports:
	// the quick check takes that one too.
	if quick != len(ts.Tools) {
		t.Errorf("the quick check judged %d of %d generated tools, want all", quick, len(ts.Tools))
	}
}

// BenchmarkMetaSchema validates the parameter schemas of 2,000 generated
// tools against the meta-schema, the quick way (as lint does) and through
// the validator alone, and reports the cost per tool.
func BenchmarkMetaSchema(b *testing.B) {
	const tools = 2000
	doc, err := Parse("bench.json", gen.Tools(tools))
	if err != nil {
		b.Fatal(err)
	}
	ts := Tools(doc)
	metaDrafts[0].compiled()
	for _, bc := range []struct {
		name  string
		quick bool
	}{
		{"lint", true},
		{"validator", false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := time.Now()
			for b.Loop() {
				for i := range ts.Tools {
					p := ts.Tools[i].Params
					metaFindings(p, metaDraftOf(p), nil, bc.quick)
				}
			}
			b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*tools), "ns/tool")
		})
	}
}

func TestEveryTargetLintsOddSchemasWithPositionedIssues(t *testing.T) {
	for _, params := range metaCorpus(t) {
		for _, src := range []string{
			fnTool(params),
			strictTool(params),
			geminiDecls(geminiDecl("f", `"parameters": `+params)),
			mcpList(mcpTool("f", `"inputSchema": `+params+`, "outputSchema": `+params)),
		} {
			res := lintWith(t, src, KnownTargets, nil)
			for _, is := range res.Issues {
				if is.Line < 1 || is.Column < 1 || !strings.HasPrefix(is.Path, "$") || is.Message == "" {
					t.Fatalf("issue %+v of %s is not positioned", is, src)
				}
			}
		}
	}
}
