package schema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// viewed is an Object as a test compares it: each property's name,
// whether it is required, the text of its schema after "$ref" ("-" for
// none), and how many times later schemas define it again.
type viewed struct {
	Props    []string
	Required []string
}

func view(o Object) viewed {
	var v viewed
	for _, p := range o.Props {
		s := "-"
		if p.Schema != nil {
			s = string(jsondoc.AppendCompact(nil, p.Schema, false, 0))
		}
		req := ""
		if p.Required {
			req = "*"
		}
		others := ""
		if n := again(o, p.Name); n > 0 {
			others = fmt.Sprintf(" +%d", n)
		}
		v.Props = append(v.Props, p.Name+req+" "+s+others)
	}
	v.Required = o.Required
	return v
}

// again counts the properties of o's Again named name.
func again(o Object, name string) int {
	n := 0
	for _, p := range o.Again {
		if p.Name == name {
			n++
		}
	}
	return n
}

func TestParamsReadsPropertiesThroughReferencesAndBranches(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   viewed
	}{
		{
			name:   "properties in order, required in its order",
			schema: `{"type": "object", "properties": {"b": {"type": "string"}, "a": {}}, "required": ["a", "b", "a", 3]}`,
			want:   viewed{Props: []string{`b* {"type":"string"}`, `a* {}`}, Required: []string{"a", "b"}},
		},
		{
			name:   "a required name no schema defines comes last",
			schema: `{"properties": {"a": {}}, "required": ["ghost", "a"]}`,
			want:   viewed{Props: []string{`a* {}`, `ghost* -`}, Required: []string{"ghost", "a"}},
		},
		{
			name:   "the root's reference and a property's",
			schema: `{"$ref": "#/$defs/args", "properties": {"ignored": {}}, "$defs": {"args": {"properties": {"city": {"$ref": "#/$defs/city"}}, "required": ["city"]}, "city": {"type": "string"}}}`,
			want:   viewed{Props: []string{`city* {"type":"string"}`}, Required: []string{"city"}},
		},
		{
			name:   "allOf requires, anyOf and oneOf only define",
			schema: `{"properties": {"a": {}}, "allOf": [{"$ref": "#/$defs/b"}], "anyOf": [{"properties": {"c": {}}, "required": ["c"]}], "oneOf": [{"properties": {"d": {}}}], "$defs": {"b": {"properties": {"b": {}}, "required": ["b"]}}}`,
			want:   viewed{Props: []string{`a {}`, `b* {}`, `c {}`, `d {}`}, Required: []string{"b"}},
		},
		{
			name:   "a property in several branches",
			schema: `{"anyOf": [{"properties": {"x": {"type": "string"}}}, {"properties": {"x": {"type": "integer"}}}]}`,
			want:   viewed{Props: []string{`x {"type":"string"} +1`}},
		},
		{
			name:   "a required that is not a list requires nothing",
			schema: `{"properties": {"a": {}}, "required": {"b": "a"}}`,
			want:   viewed{Props: []string{`a {}`}},
		},
		{
			name:   "a loop of references ends",
			schema: `{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`,
			want:   viewed{},
		},
		{
			name:   "a branch that refers to the root itself",
			schema: `{"properties": {"a": {}}, "required": ["a"], "allOf": [{"$ref": "#"}]}`,
			want:   viewed{Props: []string{`a* {} +1`}, Required: []string{"a"}},
		},
		{
			name:   "references to nothing and elsewhere stay as written",
			schema: `{"properties": {"a": {"$ref": "#/$defs/none"}, "b": {"$ref": "other.json"}}, "allOf": [{"$ref": "#/nowhere"}]}`,
			want:   viewed{Props: []string{`a {"$ref":"#/$defs/none"}`, `b {"$ref":"other.json"}`}},
		},
		{
			name:   "a property that is no schema",
			schema: `{"properties": {"a": 5, "b": true}, "allOf": 3, "anyOf": [7]}`,
			want:   viewed{Props: []string{`a 5`, `b true`}},
		},
		{
			name:   "no object",
			schema: `["a"]`,
			want:   viewed{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, err := jsondoc.ParseValue("params", tc.schema)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, view(Params(n, false))); diff != "" {
				t.Errorf("Params(%s) (-want +got):\n%s", tc.schema, diff)
			}
		})
	}
}

func TestObjectReadsTheSchemaAsWritten(t *testing.T) {
	root, err := jsondoc.ParseValue("params", `{"properties": {"a": {"$ref": "#/$defs/a", "properties": {"own": {}}, "required": ["own"]}}, "$defs": {"a": {"properties": {"x": {}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	got := view(NewResolver(root).Object(root.Get("properties").Get("a"), false))
	want := viewed{Props: []string{`own* {}`}, Required: []string{"own"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Object (-want +got):\n%s", diff)
	}
}

func TestParamsOfManyPropertiesFindsEachByName(t *testing.T) {
	var props, req []string
	for i := range 3000 {
		props = append(props, fmt.Sprintf(`"p%d": {"type": "integer"}`, i))
		if i%2 == 0 {
			req = append(req, fmt.Sprintf(`"p%d"`, i), fmt.Sprintf(`"p%d"`, i))
		}
	}
	req = append(req, `"ghost"`)
	src := `{"properties": {` + strings.Join(props, ", ") + `}, "required": [` + strings.Join(req, ", ") + `], "anyOf": [{"properties": {"p7": {"type": "string"}}}]}`
	n, err := jsondoc.ParseValue("params", src)
	if err != nil {
		t.Fatal(err)
	}
	o := Params(n, false)
	if len(o.Props) != 3001 || len(o.Required) != 1501 {
		t.Fatalf("%d properties and %d required names, want 3001 and 1501", len(o.Props), len(o.Required))
	}
	for _, tc := range []struct {
		name           string
		required, ok   bool
		others, schema bool
	}{
		{"p0", true, true, false, true},
		{"p7", false, true, true, true},
		{"p2998", true, true, false, true},
		{"ghost", true, true, false, false},
		{"p3000", false, false, false, false},
	} {
		p, ok := o.Property(tc.name)
		if ok != tc.ok || p.Required != tc.required || (again(o, tc.name) > 0) != tc.others || (p.Schema != nil) != tc.schema {
			t.Errorf("Property(%q) = %+v, %v", tc.name, p, ok)
		}
	}
}

func TestPropertyReadsTypesChoicesAndDescription(t *testing.T) {
	tests := []struct {
		name, schema string
		openAPI      bool
		types        []string
		typesOK      bool
		choices      string
		desc         string
	}{
		{"a type", `{"type": "string", "description": "The city."}`, false, []string{"string"}, true, "", "The city."},
		{"a list of types", `{"type": ["integer", "null"]}`, false, []string{"integer", "null"}, true, "", ""},
		{"OpenAPI names and nullable", `{"type": "STRING", "nullable": true, "enum": ["a", "b"]}`, true, []string{"string", "null"}, true, `"a" "b"`, ""},
		{"upper case outside OpenAPI", `{"type": "STRING"}`, false, []string{"STRING"}, true, "", ""},
		{"not a type", `{"type": 5, "description": 5}`, false, nil, false, "", ""},
		{"const before enum", `{"const": 3, "enum": [1, 2]}`, false, nil, true, "3", ""},
		{"an enum that is no list", `{"enum": {"a": 1}}`, false, nil, true, "", ""},
		{"no schema", ``, false, nil, true, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			params := `{"required": ["p"]}`
			if tc.schema != "" {
				params = `{"properties": {"p": ` + tc.schema + `}}`
			}
			n, err := jsondoc.ParseValue("params", params)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := Params(n, tc.openAPI).Property("p")
			types, ok := p.Types()
			if !cmp.Equal(types, tc.types) || ok != tc.typesOK {
				t.Errorf("Types() = %q, %v; want %q, %v", types, ok, tc.types, tc.typesOK)
			}
			var choices []string
			for _, c := range p.Choices() {
				choices = append(choices, string(jsondoc.AppendCompact(nil, c, false, 0)))
			}
			if got := strings.Join(choices, " "); got != tc.choices {
				t.Errorf("Choices() = %s, want %s", got, tc.choices)
			}
			if got := p.Description(); got != tc.desc {
				t.Errorf("Description() = %q, want %q", got, tc.desc)
			}
		})
	}
}

// FuzzParams holds the view of any schema to its promises: each name
// once, the required names flagged and listed once each, and no hang or
// crash on references that loop or lead nowhere.
func FuzzParams(f *testing.F) {
	for _, s := range []string{
		`{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}`,
		`{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/a"}}}`,
		`{"allOf": [{"$ref": "#"}], "anyOf": [{"properties": {"x": {"$ref": "#/anyOf/0"}}}], "required": ["x"]}`,
		`{"properties": {"a": {"$ref": "#/properties/a"}}, "oneOf": [{"$ref": "#/oneOf/0"}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		n, err := jsondoc.ParseValue("params", src)
		if err != nil {
			return
		}
		o := Params(n, true)
		seen := map[string]bool{}
		for _, p := range o.Props {
			if seen[p.Name] {
				t.Fatalf("property %q twice", p.Name)
			}
			seen[p.Name] = true
			if p.Required != contains(o.Required, p.Name) {
				t.Fatalf("property %q: Required is %v, Required lists %q", p.Name, p.Required, o.Required)
			}
			if (p.Node == nil) != (p.Schema == nil) || p.Node == nil && !p.Required {
				t.Fatalf("property %q: node %v, schema %v", p.Name, p.Node, p.Schema)
			}
			p.Types()
			p.Choices()
		}
		for i, r := range o.Required {
			if !seen[r] || contains(o.Required[:i], r) {
				t.Fatalf("required %q is no property or listed twice: %q", r, o.Required)
			}
		}
		for _, a := range o.Again {
			if !seen[a.Name] || a.Node == nil || a.Schema == nil {
				t.Fatalf("defined again: %+v, which is no property or has no schema", a)
			}
		}
		r := NewResolver(n)
		written := r.Object(n, false)
		for _, p := range written.Props {
			if r.Defines(n, p.Name) != (p.Node != nil) {
				t.Fatalf("Defines(%q) = %v, but the view's property has node %v", p.Name, !(p.Node != nil), p.Node)
			}
		}
		if _, ok := written.Property("\x00absent"); !ok && r.Defines(n, "\x00absent") {
			t.Fatal("Defines a name the view has no property of")
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
