package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// brokenOutput is an MCP tool whose outputSchema no result can match:
// a reference to nothing, an array without items, a required name that
// is no property and a type that is no type.
const brokenOutput = `{"tools": [
  {
    "name": "get_user",
    "description": "Look up a user of the directory by their id.",
    "inputSchema": {
      "type": "object",
      "properties": {"id": {"type": "string", "description": "The user's id."}},
      "required": ["id"],
      "additionalProperties": false
    },
    "outputSchema": {
      "type": "object",
      "properties": {
        "user": {"$ref": "#/$defs/User"},
        "tags": {"type": "array"},
        "age": {"type": "str"}
      },
      "required": ["nickname"]
    }
  }
]}`

// placed is an issue as this test compares them: its code, path and
// where it starts.
func placed(is Issue) string {
	return fmt.Sprintf("%s %s %d:%d", is.Code, is.Path, is.Line, is.Column)
}

func TestTheOutputSchemaIsCheckedAsTheParametersAreUnderEveryTarget(t *testing.T) {
	const out = "$.tools[0].outputSchema"
	want := []string{
		"unresolved-ref " + out + ".properties.user 14:26",
		"array-without-items " + out + ".properties.tags 15:17",
		"unknown-type " + out + ".properties.age 16:25",
		"required-not-in-properties " + out + " 18:20",
	}
	for _, target := range append([]string{""}, TargetNames()...) {
		t.Run("target "+target, func(t *testing.T) {
			var targets []string
			if target != "" {
				targets = []string{target}
			}
			res := lintWith(t, brokenOutput, targets, nil)
			var got []string
			for _, is := range res.Issues {
				if strings.HasPrefix(is.Path, out) {
					got = append(got, placed(is))
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("issues in the outputSchema (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRulesAboutWhatAModelSendsLeaveTheOutputSchemaAlone(t *testing.T) {
	// Strict mode, Gemini's keywords and MCP's headers are about the
	// arguments: an outputSchema that breaks them all is not theirs.
	src := `{"tools": [{"name": "f", "description": "Look up records in the catalogue.",
  "inputSchema": {"type": "object", "properties": {"q": {"type": ["string", "null"]}}, "required": ["q"], "additionalProperties": false},
  "outputSchema": {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string", "x-mcp-header": "A"}}}},
    "more": {"allOf": [{"type": "object", "properties": {}}]}}, "additionalProperties": true}}]}`
	for _, target := range TargetNames() {
		res := lintWith(t, src, []string{target}, nil)
		for _, is := range res.Issues {
			if strings.Contains(is.Path, "outputSchema") {
				t.Errorf("target %s: %s", target, placed(is))
			}
		}
	}
}

func TestAnOutputSchemaThatBreaksTheMetaSchemaIsInvalidSchemaUnderEveryRevision(t *testing.T) {
	src := `{"tools": [{"name": "f", "description": "Look up records in the catalogue.",
  "inputSchema": {"type": "object", "additionalProperties": false},
  "outputSchema": {"type": "object", "properties": {"n": {"type": "integer", "minimum": "one"}}}}]}`
	for _, target := range []string{"mcp", "mcp@2025-11-25", "openai"} {
		res := lintWith(t, src, []string{target}, nil)
		got := brief(res.Issues)
		want := []string{"error invalid-schema $.tools[0].outputSchema.properties.n.minimum 3:89"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("target %s (-want +got):\n%s", target, diff)
		}
	}
}

func TestGeminisResponseSchemasAreOutputSchemas(t *testing.T) {
	decl := func(key, schema string) string {
		return `{"functionDeclarations": [{"name": "get_user", "description": "Look up a user of the directory by their id.",
  "parameters": {"type": "OBJECT", "properties": {"id": {"type": "STRING"}}}, "` + key + `": ` + schema + `}]}`
	}
	cases := []targetCase{
		{name: "an OpenAPI response may write its types in upper case", src: decl("response", `{"type": "OBJECT", "properties": {"name": {"type": "STRING"}}}`)},
		{name: "an OpenAPI response without items", src: decl("response", `{"type": "ARRAY"}`),
			want: []issueWant{{"array-without-items", "$.functionDeclarations[0].response", ""}}},
		{name: "a JSON Schema response with a type in upper case", src: decl("responseJsonSchema", `{"type": "object", "properties": {"name": {"type": "STRING"}}}`),
			want: []issueWant{{"unknown-type", "$.functionDeclarations[0].responseJsonSchema.properties.name", "unknown type 'STRING'"}}},
	}
	for _, targets := range [][]string{nil, {"gemini"}} {
		for i := range cases {
			cases[i].targets = targets
		}
		checkTargetCases(t, []string{"array-without-items", "unknown-type", "invalid-schema"}, cases)
	}
}

func TestEachRuleWithSchemaHooksSaysWhichSchemasItChecks(t *testing.T) {
	for _, r := range Rules() {
		hooks := r.Schema != nil || r.SchemaAfter != nil
		every, inputs := strings.Contains(r.Doc, everySchemaDoc), strings.Contains(r.Doc, inputSchemaDoc)
		switch {
		case !hooks && (every || inputs):
			t.Errorf("%s has no schema hooks but its doc says which schemas they check", r.Code)
		case hooks && r.Outputs != every || hooks && r.Outputs == inputs:
			t.Errorf("%s (Outputs %v): its doc says every schema %v, inputs only %v", r.Code, r.Outputs, every, inputs)
		}
	}
	for _, code := range []string{"unknown-type", "required-not-in-properties", "array-without-items", "unresolved-ref", "invalid-value", "duplicate-enum-value"} {
		if r := LookupRule(code); r == nil || !r.Outputs {
			t.Errorf("%s does not run on output schemas", code)
		}
	}
	for _, r := range Rules() {
		if r.Target != "" && r.Outputs {
			t.Errorf("%s is a target's rule about what a model sends, but runs on output schemas", r.Code)
		}
	}
}
