package call

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// callFlatSchemas reads a flat schema file from text.
func callFlatSchemas(t testing.TB, text string) *Schemas {
	t.Helper()
	doc, err := jsondoc.Parse("schemas.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseFlatSchemas(doc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// callToolSchemas derives schemas from a tools document in text.
func callToolSchemas(t testing.TB, text string) *Schemas {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadSchemas(doc, "tools")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func callNode(t testing.TB, text string) *jsondoc.Node {
	t.Helper()
	n, err := jsondoc.ParseValue("call", text)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkArgsCall runs a call in the plain {"name", "args"} form.
func checkArgsCall(t testing.TB, schemas, call string) []string {
	t.Helper()
	return ValidateCall(NormalizeCall(callNode(t, call)), callFlatSchemas(t, schemas))
}

func TestValidateCallDocumentedExamples(t *testing.T) {
	tests := []struct {
		name    string
		schemas string
		call    string
		want    []string
	}{
		{"valid search", `{"search": {"required": {"query": "str"}}}`, `{"name": "search", "args": {"query": "vector db"}}`, nil},
		{"missing timeout", `{"fetch": {"required": {"url": "str", "timeout": "float"}}}`, `{"name": "fetch", "args": {"url": "https://x"}}`, []string{"missing:timeout"}},
		{"unknown tool", `{}`, `{"name": "delete_all", "args": {}}`, []string{"unknown_tool:delete_all"}},
		{"several errors at once", `{"search": {"required": {"query": "str", "limit": "int"}}}`, `{"name": "search", "args": {"limit": true, "debug": 1}}`,
			[]string{"missing:query", "extra:debug", "type:limit:int"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := checkArgsCall(t, tc.schemas, tc.call)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ValidateCall(%s) (-want +got):\n%s", tc.call, diff)
			}
		})
	}
}

func TestValidateCallRules(t *testing.T) {
	const schemas = `{
		"t": {"required": {"s": "str", "i": "int", "f": "float", "b": "bool", "l": "list", "d": "dict"}},
		"o": {"required": {"z": "str", "a": "str"}, "optional": {"y": "int", "x": "float"}},
		"none": {},
		"opt": {"optional": {"n": "int"}},
		"Case": {"required": {"k": "str"}}
	}`
	const good = `"s": "x", "i": 1, "f": 1.5, "b": false, "l": [], "d": {}`
	tests := []struct {
		name string
		call string
		want []string
	}{
		{"every type accepted", `{"name": "t", "args": {` + good + `}}`, nil},
		{"missing args is empty args", `{"name": "none"}`, nil},
		{"missing args with required fields", `{"name": "o"}`, []string{"missing:z", "missing:a"}},
		{"empty args on empty schema", `{"name": "none", "args": {}}`, nil},
		{"absent optional is fine", `{"name": "opt", "args": {}}`, nil},
		{"present optional of right type", `{"name": "opt", "args": {"n": 3}}`, nil},
		{"missing in required map order", `{"name": "o", "args": {}}`, []string{"missing:z", "missing:a"}},
		{"extras sorted", `{"name": "o", "args": {"z": "", "a": "", "q": 1, "b": 2, "B": 3, "aa": 4}}`,
			[]string{"extra:B", "extra:aa", "extra:b", "extra:q"}},
		{"extras sort by code point", `{"name": "none", "args": {"é": 1, "z": 2, "Z": 3}}`,
			[]string{"extra:Z", "extra:z", "extra:é"}},
		{"type errors required then optional in schema order",
			`{"name": "o", "args": {"x": "no", "y": "no", "a": 1, "z": 2}}`,
			[]string{"type:z:str", "type:a:str", "type:y:int", "type:x:float"}},
		{"category order missing extra type", `{"name": "o", "args": {"a": 1, "w": 0, "y": 1.0}}`,
			[]string{"missing:z", "extra:w", "type:a:str", "type:y:int"}},
		{"int accepted for float", `{"name": "t", "args": {` + strings.Replace(good, `"f": 1.5`, `"f": 2`, 1) + `}}`, nil},
		{"negative int accepted for float", `{"name": "t", "args": {` + strings.Replace(good, `"f": 1.5`, `"f": -7`, 1) + `}}`, nil},
		{"exponent is a float for float", `{"name": "t", "args": {` + strings.Replace(good, `"f": 1.5`, `"f": 1e400`, 1) + `}}`, nil},
		{"bool is not int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": true`, 1) + `}}`, []string{"type:i:int"}},
		{"bool is not float", `{"name": "t", "args": {` + strings.Replace(good, `"f": 1.5`, `"f": false`, 1) + `}}`, []string{"type:f:float"}},
		{"float literal is not int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": 3.0`, 1) + `}}`, []string{"type:i:int"}},
		{"exponent literal is not int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": 1e2`, 1) + `}}`, []string{"type:i:int"}},
		{"capital exponent is not int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": 1E2`, 1) + `}}`, []string{"type:i:int"}},
		{"string of digits is not int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": "3"`, 1) + `}}`, []string{"type:i:int"}},
		{"big int stays an int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": 123456789012345678901234567890`, 1) + `}}`, nil},
		{"negative zero is an int", `{"name": "t", "args": {` + strings.Replace(good, `"i": 1`, `"i": -0`, 1) + `}}`, nil},
		{"number is not str", `{"name": "t", "args": {` + strings.Replace(good, `"s": "x"`, `"s": 1`, 1) + `}}`, []string{"type:s:str"}},
		{"object is not list", `{"name": "t", "args": {` + strings.Replace(good, `"l": []`, `"l": {}`, 1) + `}}`, []string{"type:l:list"}},
		{"list is not dict", `{"name": "t", "args": {` + strings.Replace(good, `"d": {}`, `"d": []`, 1) + `}}`, []string{"type:d:dict"}},
		{"string is not bool", `{"name": "t", "args": {` + strings.Replace(good, `"b": false`, `"b": "false"`, 1) + `}}`, []string{"type:b:bool"}},
		{"containers checked at the top level only", `{"name": "t", "args": {` + strings.Replace(strings.Replace(good, `"l": []`, `"l": [1, "x", null]`, 1), `"d": {}`, `"d": {"any": [null]}`, 1) + `}}`, nil},
		{"null required is a type error not missing", `{"name": "o", "args": {"z": null, "a": "x"}}`, []string{"type:z:str"}},
		{"null optional is a type error", `{"name": "opt", "args": {"n": null}}`, []string{"type:n:int"}},
		{"names are case sensitive", `{"name": "case", "args": {"k": "x"}}`, []string{"unknown_tool:case"}},
		{"field names are case sensitive", `{"name": "Case", "args": {"K": "x"}}`, []string{"missing:k", "extra:K"}},
		{"unknown tool is the only error", `{"name": "nope", "args": {"anything": null}}`, []string{"unknown_tool:nope"}},
		{"duplicate argument last value wins", `{"name": "opt", "args": {"n": "x", "n": 2}}`, nil},
		{"duplicate argument last value is checked", `{"name": "opt", "args": {"n": 2, "n": "x"}}`, []string{"type:n:int"}},
	}
	s := callFlatSchemas(t, schemas)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ValidateCall(NormalizeCall(callNode(t, tc.call)), s)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ValidateCall(%s) (-want +got):\n%s", tc.call, diff)
			}
		})
	}
}

func TestValidateCallValidIsNil(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	if got := ValidateCall(NormalizeCall(callNode(t, `{"name": "search", "args": {"query": "x"}}`)), s); got != nil {
		t.Errorf("ValidateCall = %#v, want nil", got)
	}
}

func TestValidateCallMalformedIsTheOnlyError(t *testing.T) {
	got := ValidateCall(Call{Name: "x", Malformed: "no name"}, &Schemas{})
	if diff := cmp.Diff([]string{"malformed:no name"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestValidateCallNilSchemasKnowNoTool(t *testing.T) {
	got := ValidateCall(Call{Name: "x"}, nil)
	if diff := cmp.Diff([]string{"unknown_tool:x"}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// flatSchemaText writes a flat schema compactly: "name:type" fields, required
// before a "|", optional after.
func flatSchemaText(fs *FlatSchema) string {
	var b strings.Builder
	for i, f := range fs.Required {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(f.Name + ":" + string(f.Type))
	}
	b.WriteString(" |")
	for _, f := range fs.Optional {
		b.WriteString(" " + f.Name + ":" + string(f.Type))
	}
	return b.String()
}

func TestFlatFromJSONSchemaTakesRequiredThenPropertiesInOrder(t *testing.T) {
	tests := []struct {
		name   string
		params string
		want   string
	}{
		{"required order first", `{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}, "c": {"type": "number"}}, "required": ["c", "a"]}`, "c:float a:str | b:int"},
		{"the six types", `{"properties": {"s": {"type": "string"}, "i": {"type": "integer"}, "f": {"type": "number"}, "b": {"type": "boolean"}, "l": {"type": "array"}, "d": {"type": "object"}}}`, " | s:str i:int f:float b:bool l:list d:dict"},
		{"no type accepts anything", `{"properties": {"x": {"description": "any"}, "y": {"enum": [1, "a"]}, "z": true}}`, " | x: y: z:"},
		{"null type accepts anything", `{"properties": {"x": {"type": "null"}}}`, " | x:"},
		{"unknown type accepts anything", `{"properties": {"x": {"type": "date"}}}`, " | x:"},
		{"nullable union accepts anything", `{"properties": {"x": {"type": ["string", "null"]}}}`, " | x:"},
		{"one-type list", `{"properties": {"x": {"type": ["integer"]}}}`, " | x:int"},
		{"repeated type list", `{"properties": {"x": {"type": ["string", "string"]}}}`, " | x:str"},
		{"integer or number is float", `{"properties": {"x": {"type": ["integer", "number"]}, "y": {"type": ["number", "integer", "number"]}}}`, " | x:float y:float"},
		{"three types accept anything", `{"properties": {"x": {"type": ["integer", "number", "string"]}}}`, " | x:"},
		{"type list with a non-string", `{"properties": {"x": {"type": ["integer", 3]}}}`, " | x:"},
		{"required without a property", `{"properties": {"a": {"type": "string"}}, "required": ["ghost", "a"]}`, "ghost: a:str |"},
		{"required named twice counts once", `{"properties": {"a": {"type": "string"}}, "required": ["a", "a"]}`, "a:str |"},
		{"required entries that are not strings are skipped", `{"properties": {"a": {"type": "string"}}, "required": [1, "a"]}`, "a:str |"},
		{"required not a list", `{"properties": {"a": {"type": "string"}}, "required": "a"}`, " | a:str"},
		// An object's values are no required names, though an object is a
		// container as a list is.
		{"required an object", `{"properties": {"a": {"type": "string"}}, "required": {"x": "a"}}`, " | a:str"},
		{"no properties", `{"type": "object"}`, " |"},
		{"properties not an object", `{"type": "object", "properties": []}`, " |"},
		{"no schema at all", ``, " |"},
		{"Python and Java type names", `{"properties": {"f": {"type": "float"}, "d": {"type": "double"}, "m": {"type": "dict"}, "p": {"type": "map"}, "t": {"type": "tuple"}, "l": {"type": "list"}, "s": {"type": "str"}, "j": {"type": "String"}, "i": {"type": "int"}, "g": {"type": "long"}, "b": {"type": "bool"}, "a": {"type": "any"}}}`,
			" | f:float d:float m:dict p:dict t:list l:list s:str j:str i:int g:int b:bool a:"},
		{"JSON Schema names in another case", `{"properties": {"a": {"type": "Array"}, "b": {"type": "Boolean"}}}`, " | a:list b:bool"},
		{"a list of aliases", `{"properties": {"x": {"type": ["int", "float"]}, "y": {"type": ["str", "null"]}, "z": {"type": ["any", "int"]}}}`, " | x:float y: z:"},
		{"names that cannot be derived accept anything", `{"properties": {"h": {"type": "HashMap"}, "c": {"type": ["char", "null"]}}}`, " | h: c:"},
		{"a root that is a reference", `{"$ref": "#/$defs/args", "$defs": {"args": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}}}`, "a:str |"},
		{"a property that is a reference", `{"properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a"}}}`, " | a:str b:str"},
		{"allOf branches", `{"allOf": [{"properties": {"a": {"type": "string"}}, "required": ["a"]}, {"properties": {"b": {"type": "integer"}}}]}`, "a:str | b:int"},
		{"anyOf branches are optional", `{"anyOf": [{"properties": {"a": {"type": "string"}}, "required": ["a"]}, {"properties": {"b": {"type": "string"}}, "required": ["b"]}]}`, " | a:str b:str"},
		{"branches that disagree on a type accept anything", `{"oneOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"a": {"type": "integer"}}}]}`, " | a:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var params *jsondoc.Node
			if tc.params != "" {
				params = callNode(t, tc.params)
			}
			if got := flatSchemaText(FlatFromJSONSchema(params)); got != tc.want {
				t.Errorf("FlatFromJSONSchema(%s) = %q, want %q", tc.params, got, tc.want)
			}
		})
	}
}

func TestSchemasFromToolsListsTheFieldsWhoseTypeCannotBeDerived(t *testing.T) {
	s := callToolSchemas(t, `[
{"name": "a", "parameters": {"properties": {"m": {"type": "HashMap"}, "f": {"type": "float"}}, "required": ["m"]}},
{"name": "b", "parameters": {"properties": {"x": {"type": ["ArrayList", "char"]}, "y": {"type": "date"}}}},
{"name": "a", "parameters": {"properties": {"z": {"type": "Set"}}}}]`)
	want := []Underived{
		{Tool: "a", Field: "m", Type: "HashMap", Line: 2, Column: 59},
		{Tool: "b", Field: "x", Type: "ArrayList", Line: 3, Column: 59},
		{Tool: "b", Field: "y", Type: "date", Line: 3, Column: 97},
	}
	if diff := cmp.Diff(want, s.Underived); diff != "" {
		t.Errorf("Underived (-want +got):\n%s", diff)
	}
}

func TestSchemasFromToolsReadsEveryToolShape(t *testing.T) {
	const params = `{"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}`
	tests := []struct {
		name string
		doc  string
	}{
		{"OpenAI list", `[{"type": "function", "function": {"name": "search", "parameters": ` + params + `}}]`},
		{"bare list", `[{"name": "search", "parameters": ` + params + `}]`},
		{"Anthropic", `[{"name": "search", "description": "d", "input_schema": ` + params + `}]`},
		{"MCP", `[{"name": "search", "description": "d", "inputSchema": ` + params + `}]`},
		{"one tool", `{"name": "search", "parameters": ` + params + `}`},
		{"tools member", `{"tools": [{"name": "search", "parameters": ` + params + `}]}`},
		{"MCP tools/list result", `{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "search", "inputSchema": ` + params + `}]}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := callToolSchemas(t, tc.doc)
			if diff := cmp.Diff([]string{"search"}, s.Names); diff != "" {
				t.Fatalf("Names (-want +got):\n%s", diff)
			}
			if got := flatSchemaText(s.ByName["search"]); got != "q:str |" {
				t.Errorf("search = %q, want %q", got, "q:str |")
			}
			if s.Tools["search"] == nil || s.Tools["search"].Params == nil {
				t.Errorf("Tools[search] = %v, want the tool with its parameters", s.Tools["search"])
			}
			if got := CheckCallText(`{"name": "search", "args": {"q": 1}}`, s); !cmp.Equal(got, []string{"type:q:str"}) {
				t.Errorf("check = %q", got)
			}
		})
	}
}

func TestSchemasFromToolsKeepsTheFirstOfADuplicateAndSkipsNamelessTools(t *testing.T) {
	s := callToolSchemas(t, `[
		{"name": "b", "parameters": {"properties": {"first": {"type": "string"}}}},
		{"description": "no name", "parameters": {}},
		{"name": 7, "parameters": {}},
		"not a tool",
		{"name": "a", "parameters": {}},
		{"name": "b", "parameters": {"properties": {"second": {"type": "string"}}}}
	]`)
	if diff := cmp.Diff([]string{"b", "a"}, s.Names); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	if got := flatSchemaText(s.ByName["b"]); got != " | first:str" {
		t.Errorf("b = %q, want the first definition", got)
	}
	if len(s.ByName) != 2 || len(s.Tools) != 2 {
		t.Errorf("ByName %d, Tools %d, want 2 each", len(s.ByName), len(s.Tools))
	}
}

func TestParseFlatSchemasKeepsFileOrder(t *testing.T) {
	s := callFlatSchemas(t, `{"z": {"optional": {"b": "int", "a": "str"}, "required": {"y": "bool", "x": "list"}}, "a": {}, "m": {"required": {}}}`)
	if diff := cmp.Diff([]string{"z", "a", "m"}, s.Names); diff != "" {
		t.Errorf("Names (-want +got):\n%s", diff)
	}
	if got := flatSchemaText(s.ByName["z"]); got != "y:bool x:list | b:int a:str" {
		t.Errorf("z = %q", got)
	}
	if s.Tools != nil {
		t.Errorf("Tools = %v, want nil for a flat file", s.Tools)
	}
}

func TestParseFlatSchemasPositionsWhatIsWrong(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string
	}{
		{"not an object", `[]`, `schemas.json:1:1: a flat schema file is an object of tool name -> {"required": {...}, "optional": {...}}, not an array`},
		{"tool not an object", `{"a": {}, "b": "str"}`, `schemas.json:1:16: tool "b": expected an object with "required" and "optional" maps, got a string`},
		{"unknown member", "{\"a\": {\n  \"required\": {},\n  \"properties\": {}}}", `schemas.json:3:3: tool "a": unknown member "properties": a flat schema has only "required" and "optional"`},
		{"unknown member repeated", "{\"t\": {\"required\": {}, \"bogus\": 1,\n\"bogus\": 2}}", `schemas.json:1:24: tool "t": unknown member "bogus": a flat schema has only "required" and "optional"`},
		{"map not an object", `{"a": {"required": ["q"]}}`, `schemas.json:1:20: tool "a": "required" must be an object of field name -> type, got an array`},
		{"type not a string", `{"a": {"optional": {"q": 1}}}`, `schemas.json:1:26: tool "a": field "q": the type must be one of str, int, float, bool, list, dict`},
		{"JSON Schema type name", `{"a": {"required": {"q": "string"}}}`, `schemas.json:1:26: tool "a": field "q": the type must be one of str, int, float, bool, list, dict`},
		{"type name case", `{"a": {"required": {"q": "Str"}}}`, `schemas.json:1:26: tool "a": field "q": the type must be one of str, int, float, bool, list, dict`},
		{"field both required and optional", `{"a": {"required": {"q": "str"}, "optional": {"q": "int"}}}`, `schemas.json:1:47: tool "a": field "q" is both required and optional`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsondoc.Parse("schemas.json", []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			_, err = ParseFlatSchemas(doc)
			var se *jsondoc.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error = %v, want a *SyntaxError", err)
			}
			if err.Error() != tc.want {
				t.Errorf("error = %q, want %q", err.Error(), tc.want)
			}
		})
	}
}

func TestLoadSchemasTellsFlatFilesFromToolsDocuments(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		format   string
		wantFlat bool
		wantErr  string
	}{
		{"flat file", `{"a": {"required": {"q": "str"}}}`, "", true, ""},
		{"empty object is flat", `{}`, "", true, ""},
		{"tool with no members is flat", `{"a": {}}`, "", true, ""},
		{"list is tools", `[{"name": "a"}]`, "", false, ""},
		{"one tool is tools", `{"name": "a", "parameters": {}}`, "", false, ""},
		{"tools member is tools", `{"tools": []}`, "", false, ""},
		{"a value that is not an object is tools", `{"a": {"required": {}}, "b": 1}`, "", false, "tools.json:1:1: not a tools document"},
		{"another member is tools", `{"a": {"required": {}, "description": "x"}}`, "", false, "tools.json:1:1: not a tools document"},
		{"forced flat", `{"tools": []}`, "flat", true, `tools.json:1:11: tool "tools": expected an object`},
		{"forced tools", `{}`, "tools", false, "tools.json:1:1: not a tools document"},
		{"unknown format", `{}`, "yaml", false, `unknown schema format "yaml": use flat or tools`},
		{"a string is neither", `"x"`, "", false, "tools.json:1:1: not a tools document: the top-level value is a string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsondoc.Parse("tools.json", []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			s, err := LoadSchemas(doc, tc.format)
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
					t.Fatalf("error = %v, want it to start with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if flat := s.Tools == nil; flat != tc.wantFlat {
				t.Errorf("read as flat = %v, want %v", flat, tc.wantFlat)
			}
		})
	}
}

func TestCheckCallsHandsOverOneResultPerCall(t *testing.T) {
	flat := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	tools := callToolSchemas(t, `[{"name": "search", "parameters": {"type": "object", "properties": {"query": {"type": "string", "maxLength": 3}}, "required": ["query"]}}]`)
	const batch = "{\"name\": \"search\", \"args\": {\"query\": \"x\"}}\n{\"name\": \"search\", \"args\": {\"query\": \"long\"}}\n\n{\"name\": \"nope\"}\n"
	tests := []struct {
		name        string
		s           *Schemas
		opt         CallOptions
		input       string
		want        []recorded
		wantInvalid int
	}{
		{"one valid call", flat, CallOptions{}, `{"name": "search", "args": {"query": "x"}}`, []recorded{{Line: 1, Tool: "search"}}, 0},
		{"one invalid call", flat, CallOptions{}, "\n" + `{"name": "search", "args": {"q": 1}}`,
			[]recorded{{Line: 2, Tool: "search", Errors: []string{"missing:query", "extra:q"}}}, 1},
		{"a batch, by the line each call is on", flat, CallOptions{}, batch,
			[]recorded{{Line: 1, Tool: "search"}, {Line: 2, Tool: "search"}, {Line: 4, Tool: "nope", Errors: []string{"unknown_tool:nope"}}}, 1},
		{"a deep batch", tools, CallOptions{Deep: true}, batch, []recorded{
			{Line: 1, Tool: "search"},
			{Line: 2, Tool: "search", Schema: []SchemaError{{Path: "/query", Message: "maxLength: got 4, want 3"}}},
			{Line: 4, Tool: "nope", Errors: []string{"unknown_tool:nope"}},
		}, 2},
		{"deep on flat schemas adds nothing", flat, CallOptions{Deep: true}, `{"name": "search", "args": {"query": "long"}}`, []recorded{{Line: 1, Tool: "search"}}, 0},
		{"no calls", flat, CallOptions{}, "\n", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			sum, err := CheckCalls(strings.NewReader(tc.input), tc.s, tc.opt, &recorder{w: &out})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, results(t, out.String())); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
			if sum.Calls != len(tc.want) || sum.Invalid != tc.wantInvalid {
				t.Errorf("summary %+v, want %d calls, %d invalid", sum, len(tc.want), tc.wantInvalid)
			}
		})
	}
}

type callFailingWriter struct{}

func (callFailingWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestCheckCallsReturnsWriteErrors(t *testing.T) {
	s := callFlatSchemas(t, `{}`)
	_, err := CheckCalls(strings.NewReader(`{"name": "a"}`), s, CallOptions{}, &recorder{w: callFailingWriter{}})
	if err == nil || err.Error() != "pipe closed" {
		t.Errorf("err = %v, want the write error", err)
	}
}

func TestAProvidersOwnToolTakesTheArgumentsItIsGiven(t *testing.T) {
	s := callToolSchemas(t, `[{"type": "web_search_20250305", "name": "web_search"}, {"name": "f", "input_schema": {"type": "object"}}]`)
	if errs := CheckCallText(`{"type": "tool_use", "name": "web_search", "input": {"query": "x", "max": 3}}`, s); len(errs) != 0 {
		t.Errorf("a built-in tool's call gives %q, want no error", errs)
	}
	if errs := CheckCallText(`{"name": "f", "args": {"x": 1}}`, s); !slices.Equal(errs, []string{"extra:x"}) {
		t.Errorf("a defined tool's call gives %q, want extra:x", errs)
	}
}

// TestCodesNameEveryFindingTheCheckGives checks calls of every kind
// against the code table: each finding has a code of the table, its text
// starts with it, and only unchecked is a note.
func TestCodesNameEveryFindingTheCheckGives(t *testing.T) {
	codes := map[string]Code{}
	for _, c := range Codes() {
		if _, dup := codes[c.Code]; dup || c.Validate() != nil {
			t.Errorf("code %q is twice in the table, or not a valid entry", c.Code)
		}
		codes[c.Code] = c
	}
	for _, want := range []string{"unknown_tool", "missing", "extra", "type", "malformed", "schema", "output"} {
		if _, ok := codes[want]; !ok {
			t.Errorf("no code %s", want)
		}
	}
	flat := callFlatSchemas(t, `{"search": {"required": {"query": "str", "limit": "int"}}}`)
	custom := responsesSchemas(t)
	var found []Finding
	for _, tc := range []struct {
		call string
		s    *Schemas
	}{
		{`{"name": "nope"}`, flat},
		{`{"name": "search", "args": {"x": 1, "limit": "2"}}`, flat},
		{`{"name": []}`, flat},
		{`{"type": "custom_tool_call", "call_id": "c", "name": "math_exp", "input": "4"}`, custom},
		{`{"type": "custom_tool_call", "call_id": "c", "name": "wordy", "input": "b"}`, custom},
		{`{"type": "custom_tool_call", "call_id": "c", "name": "timestamp", "input": "nope"}`, custom},
		{`{"type": "custom_tool_call", "call_id": "c", "name": "get_customer", "input": "x"}`, custom},
		{`{"type": "function_call", "call_id": "c", "name": "code_exec", "arguments": "{}"}`, custom},
	} {
		found = append(found, Check(NormalizeCall(callNode(t, tc.call)), tc.s)...)
	}
	seen := map[string]bool{}
	for _, f := range found {
		c, ok := codes[f.Code]
		switch {
		case !ok:
			t.Errorf("%q has no code in the table", f)
			continue
		case !strings.HasPrefix(f.String(), f.Code+":"):
			t.Errorf("%q does not start with its code %s", f, f.Code)
		case f.Severity() != c.Severity || f.IsError() != (f.Code != CodeUnchecked):
			t.Errorf("%q: severity %v, the table's %v; only unchecked is a note", f, f.Severity(), c.Severity)
		}
		seen[f.Code] = true
	}
	for _, c := range Codes() {
		if !seen[c.Code] && c.Code != CodeSchema && c.Code != CodeOutput {
			t.Errorf("no call gave a finding of %s", c.Code)
		}
	}
}
