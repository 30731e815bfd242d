package call

import (
	"slices"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

// geminiOpenAPIDecl is a Gemini declaration in the OpenAPI subset: upper-case
// types and a nullable property.
const geminiOpenAPIDecl = `{"functionDeclarations": [{"name": "set_light", "description": "Set the light's level and mode.",
 "parameters": {"type": "OBJECT", "properties": {
   "level": {"type": "INTEGER", "nullable": true, "minimum": 0, "maximum": 10},
   "mode": {"type": "STRING", "enum": ["a", "b"]},
   "tags": {"type": "ARRAY", "items": {"type": "STRING"}}},
  "required": ["mode"]}}]}`

func geminiSchemas(t *testing.T) *Schemas {
	t.Helper()
	doc, err := jsondoc.Parse("gemini.json", []byte(geminiOpenAPIDecl))
	if err != nil {
		t.Fatal(err)
	}
	return SchemasFromTools(tooldef.Tools(doc))
}

func TestCallReadsGeminiUpperCaseTypes(t *testing.T) {
	s := geminiSchemas(t)
	tests := []struct {
		name, call string
		want       []string
	}{
		{"valid", `{"name": "set_light", "args": {"mode": "a", "level": 3, "tags": ["x"]}}`, nil},
		{"string for STRING is checked", `{"name": "set_light", "args": {"mode": 1}}`, []string{"type:mode:str"}},
		{"ARRAY is a list", `{"name": "set_light", "args": {"mode": "a", "tags": "x"}}`, []string{"type:tags:list"}},
		{"nullable accepts null", `{"name": "set_light", "args": {"mode": "a", "level": null}}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CheckCallText(tc.call, s); !slices.Equal(got, tc.want) {
				t.Errorf("CheckCallText = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDeepValidateReadsGeminiParametersAsTheJSONSchemaTheyMean(t *testing.T) {
	s := geminiSchemas(t)
	call := func(text string) Call {
		n, err := jsondoc.ParseValue("call", text)
		if err != nil {
			t.Fatal(err)
		}
		return NormalizeCall(n)
	}
	if got := DeepValidate(call(`{"name": "set_light", "args": {"mode": "a", "level": null}}`), s); len(got) != 0 {
		t.Errorf("valid call: %+v, want no schema errors", got)
	}
	got := DeepValidate(call(`{"name": "set_light", "args": {"mode": "c", "level": 11}}`), s)
	var paths []string
	for _, e := range got {
		paths = append(paths, e.Path)
	}
	if !slices.Equal(paths, []string{"/level", "/mode"}) {
		t.Errorf("schema errors at %q (%+v), want the bound at /level and the enum at /mode", paths, got)
	}
}
