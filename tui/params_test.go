package tui

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// refTools has a tool whose parameters are written through references:
// the root is a "$ref", a property is one, and an allOf branch brings
// properties and a required name of its own.
const refTools = `[{"name": "weather", "description": "Get the weather for a city.", "inputSchema": {
  "$ref": "#/$defs/args",
  "$defs": {
    "args": {
      "type": "object",
      "properties": {
        "city": {"$ref": "#/$defs/city"},
        "unit": {"type": "string", "enum": ["c", "f"], "description": "Degrees."}
      },
      "required": ["city", "day"],
      "allOf": [{"$ref": "#/$defs/paging"}]
    },
    "city": {"type": "string", "description": "The city."},
    "paging": {"properties": {"limit": {"type": "integer"}}, "required": ["limit"]}
  }
}}]`

func TestTheParameterTableFollowsReferencesAndBranches(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, refTools, 120, 40)
	want := []paramRow{
		{name: "city", typ: "string", required: "yes", desc: "The city."},
		{name: "unit", typ: "string", required: "no", desc: "Degrees."},
		{name: "limit", typ: "integer", required: "yes"},
		{name: "day", typ: "any", required: "yes"},
	}
	if diff := cmp.Diff(want, m.tools.paramRow, cmp.AllowUnexported(paramRow{})); diff != "" {
		t.Errorf("parameter rows (-want +got):\n%s", diff)
	}
	if m.tools.paramMsg != "" {
		t.Errorf("the table says %q instead of showing the rows", m.tools.paramMsg)
	}
}

func TestTheParameterTableSaysWhyItHasNoRows(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, tools, want string }{
		{"no properties", `[{"name": "t", "inputSchema": {"type": "object"}}]`, "takes no arguments"},
		{"a reference to an empty object", `[{"name": "t", "inputSchema": {"$ref": "#/$defs/a", "$defs": {"a": {"type": "object"}}}}]`, "takes no arguments"},
		{"a reference in a loop", `[{"name": "t", "inputSchema": {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}}]`, "takes no arguments"},
		{"not a schema", `[{"name": "t", "inputSchema": "none"}]`, "inputSchema is a string, not a schema"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newLoadedModel(t, tc.tools, 80, 24)
			if len(m.tools.paramRow) != 0 || m.tools.paramMsg != tc.want {
				t.Errorf("rows %v, message %q; want no rows and %q", m.tools.paramRow, m.tools.paramMsg, tc.want)
			}
		})
	}
}

func TestTheFormFollowsReferencesAndBranches(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, refTools, 120, 40)
	m = press(t, m, "tab", "tab")
	m = typeText(t, m, `{"name": "weather", "arguments": {}}`)
	m = press(t, m, "ctrl+f")
	if !m.call.showForm {
		t.Fatalf("ctrl+f should open the form (%s)", m.note)
	}
	type field struct {
		Name     string
		Required bool
		Kind     fieldKind
		Options  []string
	}
	var got []field
	for _, f := range m.call.form.fields {
		got = append(got, field{f.name, f.required, f.kind, f.options})
	}
	want := []field{
		{"city", true, fieldText, nil},
		{"unit", false, fieldChoice, []string{`"c"`, `"f"`}},
		{"limit", true, fieldInteger, nil},
		{"day", true, fieldJSON, nil},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("form fields (-want +got):\n%s", diff)
	}
}

// TestFormFieldsTakeAnyObjectSchema builds the fields of an object
// schema that is no tool's, as a form asking a person for values is.
func TestFormFieldsTakeAnyObjectSchema(t *testing.T) {
	t.Parallel()
	n, err := jsondoc.ParseValue("requestedSchema", `{"type": "object", "properties": {
	  "name": {"type": "string", "description": "Your name."},
	  "age": {"type": "integer", "minimum": 0},
	  "agree": {"type": "boolean", "default": false},
	  "colour": {"type": "string", "enum": ["red", "blue"]}
	}, "required": ["name"]}`)
	if err != nil {
		t.Fatal(err)
	}
	fields := formFields(newKeyMap(), n, false)
	type field struct {
		Name, Desc, Hint string
		Required         bool
		Kind             fieldKind
	}
	var got []field
	for _, f := range fields {
		got = append(got, field{f.name, f.desc, f.hint, f.required, f.kind})
	}
	want := []field{
		{"name", "Your name.", "text", true, fieldText},
		{"age", "", "an integer", false, fieldInteger},
		{"agree", "", "default false", false, fieldBool},
		{"colour", "", "←/→ to choose", false, fieldChoice},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("form fields (-want +got):\n%s", diff)
	}
}

// TestFormFieldsReadGeminiTypes reads OpenAPI's upper-case type names
// and "nullable" as the call check does for a Gemini tool.
func TestFormFieldsReadGeminiTypes(t *testing.T) {
	t.Parallel()
	n, err := jsondoc.ParseValue("parameters", `{"type": "OBJECT", "properties": {"q": {"type": "STRING", "nullable": true}, "n": {"type": "INTEGER"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	fields := formFields(newKeyMap(), n, true)
	if len(fields) != 2 || fields[0].kind != fieldText || fields[1].kind != fieldInteger {
		t.Errorf("fields %+v, want q as text and n as an integer", fields)
	}
}

// TestTheTableFollowsTheFormOntoEveryField holds the table and the form
// to one list of parameters: the form's last field, a required name with
// no property, has its row for the table's selection to follow.
func TestTheTableFollowsTheFormOntoEveryField(t *testing.T) {
	t.Parallel()
	m := newLoadedModel(t, refTools, 120, 40)
	m = press(t, m, "tab", "tab")
	m = typeText(t, m, `{"name": "weather", "arguments": {}}`)
	m = press(t, m, "ctrl+f", "down", "down", "down")
	if got := m.call.form.focused(); got != "day" {
		t.Fatalf("the form is on %q, want day", got)
	}
	if cur := m.tools.params.Cursor(); cur >= len(m.tools.paramRow) || m.tools.paramRow[cur].name != "day" {
		t.Errorf("the table's selection is row %d of %v, want day's", cur, m.tools.paramRow)
	}
}
