package lint

import (
	"strings"
	"testing"

	"toolbench/core/schema/schematest"
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
			want: []issueWant{{"invalid-schema", p0 + ".properties.a.maxLength", "maxLength: got -1, want at least 0"}}},
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
		{name: "draft-07 empty enum where invalid-enum does not look",
			src:  fnTool(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "patternProperties": {"^a": {"enum": []}}}`),
			want: []issueWant{{"invalid-schema", p0 + ".patternProperties['^a'].enum", "(JSON Schema draft-07)"}}},
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
		// An ignored rule's defect is not heard again from invalid-schema.
		{name: "not reported when unknown-type is ignored",
			src:    fnTool(`{"type": "object", "properties": {"a": {"type": "str"}, "b": {"type": ["string", "dict"]}}}`),
			ignore: []string{"unknown-type"}},
		{name: "not reported when invalid-required is ignored",
			src:    fnTool(`{"type": "object", "properties": {"a": {}}, "required": ["a", 3]}`),
			ignore: []string{"invalid-required"}},
		{name: "an empty enum is invalid-enum's, in a draft that wants one value",
			src: fnTool(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {"type": "string", "enum": []}}}`)},
		{name: "not reported when invalid-enum is ignored",
			src:    fnTool(`{"type": "object", "properties": {"a": {"enum": "x"}}}`),
			ignore: []string{"invalid-enum"}},
		{name: "what the base rule does not see is still reported when it is ignored",
			src:    fnTool(`{"type": "object", "properties": {"a": {"type": ["string", "string"]}}}`),
			ignore: []string{"unknown-type"},
			want:   []issueWant{{"invalid-schema", p0 + ".properties.a.type", "items at 0 and 1 are equal"}}},
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

func TestEveryTargetLintsOddSchemasWithPositionedIssues(t *testing.T) {
	for _, params := range schematest.Corpus(t) {
		for _, src := range []string{
			fnTool(params),
			strictTool(params),
			geminiDecls(geminiDecl("f", `"parameters": `+params)),
			mcpList(mcpTool("f", `"inputSchema": `+params+`, "outputSchema": `+params)),
		} {
			res := lintWith(t, src, TargetNames(), nil)
			for _, is := range res.Issues {
				if is.Line < 1 || is.Column < 1 || !strings.HasPrefix(is.Path, "$") || is.Message == "" {
					t.Fatalf("issue %+v of %s is not positioned", is, src)
				}
			}
		}
	}
}
