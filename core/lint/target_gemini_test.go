package lint

import (
	"fmt"
	"strings"
	"testing"
)

// geminiDecls is a Gemini tool of function declarations (JSON text).
func geminiDecls(decls ...string) string {
	return `[{"functionDeclarations": [` + strings.Join(decls, ",") + `]}]`
}

// geminiDecl is a function declaration with a name and extra members.
func geminiDecl(name, rest string) string {
	s := `{"name": "` + name + `", "description": "Look up records in the catalogue."`
	if rest != "" {
		s += ", " + rest
	}
	return s + "}"
}

func TestGeminiTargetRules(t *testing.T) {
	gemini := []string{"gemini"}
	d0 := "$[0].functionDeclarations[0]"
	many := make([]string, 129)
	for i := range many {
		many[i] = geminiDecl(fmt.Sprintf("f%d", i), "")
	}
	checkTargetCases(t, []string{"gemini/"}, []targetCase{
		{name: "valid declaration", targets: gemini,
			src: geminiDecls(geminiDecl("ns.get:weather-2", `"parameters": {"type": "OBJECT", "properties": {"city_name": {"type": "STRING", "nullable": true, "example": "Paris"}}, "required": ["city_name"], "propertyOrdering": ["city_name"]}`))},
		{name: "no target, no gemini rules", src: geminiDecls(geminiDecl("1x", `"parameters": {"type": "object", "additionalProperties": false}`))},
		{name: "name starting with a digit", targets: gemini,
			src:  geminiDecls(geminiDecl("1st", "")),
			want: []issueWant{{"gemini/invalid-name", d0 + ".name", `invalid tool name '1st' for Gemini: it starts with '1', which is not allowed first`}}},
		{name: "name with a slash", targets: gemini,
			src:  geminiDecls(geminiDecl("a/b", "")),
			want: []issueWant{{"gemini/invalid-name", d0 + ".name", `contains '/'`}}},
		{name: "name of 65 characters", targets: gemini,
			src:  geminiDecls(geminiDecl(strings.Repeat("g", 65), "")),
			want: []issueWant{{"gemini/invalid-name", d0 + ".name", "is 65 characters long; the limit is 64"}}},
		{name: "parameter names", targets: gemini,
			src: geminiDecls(geminiDecl("f", `"parameters": {"type": "object", "properties": {"user-id": {"type": "string"}, "_ok": {"type": "string"}, "9lives": {"type": "string"}, "nested": {"type": "object", "properties": {"a-b": {"type": "string"}}}}}`)),
			want: []issueWant{
				{"gemini/invalid-parameter-name", d0 + ".parameters.properties['user-id']", `parameter name 'user-id' contains '-'`},
				{"gemini/invalid-parameter-name", d0 + ".parameters.properties['9lives']", "starts with '9'"},
			}},
		{name: "keys outside the OpenAPI subset", targets: gemini,
			src: geminiDecls(geminiDecl("f", `"parameters": {"type": "object", "additionalProperties": false, "properties": {"a": {"type": "string", "const": "x"}, "b": {"oneOf": [{"type": "string"}]}, "c": {"$ref": "#/$defs/c"}}, "$defs": {"c": {"type": "string"}}}`)),
			want: []issueWant{
				{"gemini/unsupported-keyword", d0 + ".parameters.additionalProperties", `"additionalProperties" is not a field of Gemini's parameters schema`},
				{"gemini/unsupported-keyword", d0 + ".parameters['$defs']", `"$defs"`},
				{"gemini/unsupported-keyword", d0 + ".parameters.properties.a.const", `"const"`},
				{"gemini/unsupported-keyword", d0 + ".parameters.properties.b.oneOf", `"oneOf"`},
				{"gemini/unsupported-keyword", d0 + ".parameters.properties.c['$ref']", `"$ref"`},
			}},
		{name: "parametersJsonSchema takes full JSON Schema", targets: gemini,
			src: geminiDecls(geminiDecl("f", `"parametersJsonSchema": {"type": "object", "additionalProperties": false, "properties": {"user-id": {"oneOf": [{"type": "string"}]}}}`))},
		{name: "both parameters and parametersJsonSchema", targets: gemini,
			src:  geminiDecls(geminiDecl("f", `"parameters": {"type": "object"}, "parametersJsonSchema": {"type": "object"}`)),
			want: []issueWant{{"gemini/parameters-conflict", d0 + ".parametersJsonSchema", "sets both parameters and parametersJsonSchema"}}},
		{name: "128 declarations", targets: gemini, src: geminiDecls(many[:128]...)},
		{name: "129 declarations", targets: gemini, src: geminiDecls(many...),
			want: []issueWant{{"gemini/too-many-tools", "$", "the document has 129 tools; Gemini accepts at most 128"}}},
		{name: "an OpenAI tool checked for Gemini", targets: gemini,
			src:  "[" + namedTool("f", `{"type": "object", "properties": {}, "additionalProperties": false}`) + "]",
			want: []issueWant{{"gemini/unsupported-keyword", "$[0].function.parameters.additionalProperties", ""}}},
	})
}
