package core

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mustFlat reads a flat schema file from text.
func mustFlat(t testing.TB, text string) *Schemas {
	t.Helper()
	doc, err := Parse("schemas.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseFlatSchemas(doc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// mustTools derives schemas from a tools document in text.
func mustTools(t testing.TB, text string) *Schemas {
	t.Helper()
	doc, err := Parse("tools.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := LoadSchemas(doc, "tools")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustNode(t testing.TB, text string) *Node {
	t.Helper()
	n, err := ParseValue("call", text)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkSeed runs a call in the seed's {"name", "args"} form.
func checkSeed(t testing.TB, schemas, call string) []string {
	t.Helper()
	return ValidateCall(NormalizeCall(mustNode(t, call)), mustFlat(t, schemas))
}

func TestValidateCallSeedExamples(t *testing.T) {
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
			got := checkSeed(t, tc.schemas, tc.call)
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
	s := mustFlat(t, schemas)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ValidateCall(NormalizeCall(mustNode(t, tc.call)), s)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ValidateCall(%s) (-want +got):\n%s", tc.call, diff)
			}
		})
	}
}

func TestValidateCallValidIsNil(t *testing.T) {
	s := mustFlat(t, `{"search": {"required": {"query": "str"}}}`)
	if got := ValidateCall(NormalizeCall(mustNode(t, `{"name": "search", "args": {"query": "x"}}`)), s); got != nil {
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
