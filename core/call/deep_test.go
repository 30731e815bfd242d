package call

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

const deepTools = `{"tools": [
	{"type": "function", "function": {"name": "book", "parameters": {
		"type": "object",
		"properties": {
			"unit": {"type": "string", "enum": ["celsius", "kelvin"]},
			"guests": {"type": "integer", "minimum": 1, "maximum": 8},
			"zip": {"type": "string", "pattern": "^[0-9]{5}$"},
			"email": {"type": "string", "format": "email"},
			"when": {"type": "string", "format": "date-time"},
			"tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2, "uniqueItems": true},
			"to": {"$ref": "#/$defs/addr"},
			"a/b~c": {"type": "integer"}
		},
		"required": ["unit"],
		"additionalProperties": false,
		"$defs": {"addr": {"type": "object", "properties": {"city": {"type": "string"}, "geo": {"type": "object", "properties": {"lat": {"type": "number", "maximum": 90}}}}, "required": ["city"]}}
	}}},
	{"name": "open", "input_schema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 9007199254740993}}}},
	{"name": "bad", "parameters": {"type": "object", "properties": {"n": {"type": "integer", "minimum": "zero"}}}},
	{"name": "external", "parameters": {"type": "object", "properties": {"n": {"$ref": "file:///etc/passwd"}}}},
	{"name": "noparams"}
]}`

func deepCheck(t *testing.T, s *Schemas, call string) []SchemaError {
	t.Helper()
	return DeepValidate(NormalizeCall(callNode(t, call)), s)
}

func TestDeepValidateReportsEachSchemaViolationAtItsPointer(t *testing.T) {
	s := callToolSchemas(t, deepTools)
	tests := []struct {
		name string
		args string
		want []SchemaError
	}{
		{"valid", `{"unit": "kelvin", "guests": 2, "zip": "12345", "email": "a@example.com", "when": "2024-05-01T10:00:00Z", "tags": ["x", "y"], "to": {"city": "Oslo", "geo": {"lat": 59.9}}, "a/b~c": 1}`, nil},
		{"enum", `{"unit": "fahrenheit"}`, []SchemaError{{"/unit", "value must be one of 'celsius', 'kelvin'"}}},
		{"bounds", `{"unit": "kelvin", "guests": 9}`, []SchemaError{{"/guests", "maximum: got 9, want at most 8"}}},
		{"integer type", `{"unit": "kelvin", "guests": 2.5}`, []SchemaError{{"/guests", "got number, want integer"}}},
		{"pattern", `{"unit": "kelvin", "zip": "1234"}`, []SchemaError{{"/zip", "'1234' does not match pattern '^[0-9]{5}$'"}}},
		{"email format", `{"unit": "kelvin", "email": "nobody"}`, []SchemaError{{"/email", "'nobody' is not valid email: no @"}}},
		{"date-time format", `{"unit": "kelvin", "when": "tomorrow"}`, []SchemaError{{"/when", "'tomorrow' is not valid date-time: want a full-date, T and a full-time"}}},
		{"array length", `{"unit": "kelvin", "tags": ["a", "b", "c"]}`, []SchemaError{{"/tags", "maxItems: got 3, want 2"}}},
		{"array items", `{"unit": "kelvin", "tags": [1]}`, []SchemaError{{"/tags/0", "got number, want string"}}},
		{"unique items", `{"unit": "kelvin", "tags": ["a", "a"]}`, []SchemaError{{"/tags", "items at 0 and 1 are equal"}}},
		{"nested through a ref", `{"unit": "kelvin", "to": {"geo": {"lat": 91}}}`, []SchemaError{{"/to", "missing property 'city'"}, {"/to/geo/lat", "maximum: got 91, want at most 90"}}},
		{"additional property", `{"unit": "kelvin", "debug": true}`, []SchemaError{{"", "additional properties 'debug' not allowed"}}},
		{"missing required at the root", `{}`, []SchemaError{{"", "missing property 'unit'"}}},
		{"pointer escapes slash and tilde", `{"unit": "kelvin", "a/b~c": "x"}`, []SchemaError{{"/a~1b~0c", "got string, want integer"}}},
		{"several sorted by path", `{"zip": 1, "guests": 0, "unit": 3}`, []SchemaError{{"/guests", "minimum: got 0, want at least 1"}, {"/unit", "got number, want string"}, {"/zip", "got number, want string"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := deepCheck(t, s, `{"name": "book", "arguments": `+tc.args+`}`)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("DeepValidate(%s) (-want +got):\n%s", tc.args, diff)
			}
		})
	}
}

// TestDeepValidateReportsTheBranchTheValueWasMeantFor holds deep
// validation to lint's reading of an anyOf or oneOf that fails: the
// failures of the branch whose type fits the value, or one failure
// naming the types that would have done, not the failures of every
// branch as if the value had to pass them all.
func TestDeepValidateReportsTheBranchTheValueWasMeantFor(t *testing.T) {
	s := callToolSchemas(t, `[{"name": "t", "parameters": {"type": "object", "properties": {
		"note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
		"target": {"oneOf": [{"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}, {"type": "string", "minLength": 3}]},
		"deep": {"anyOf": [{"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"const": 1}}}}}, {"type": "object", "required": ["z"]}]}
	}}}]`)
	tests := []struct {
		name string
		args string
		want []SchemaError
	}{
		{"no branch's type fits", `{"note": 5}`, []SchemaError{{"/note", "got number, want string or null"}}},
		{"the object branch", `{"target": {}}`, []SchemaError{{"/target", "missing property 'id'"}}},
		{"the string branch", `{"target": "ab"}`, []SchemaError{{"/target", "minLength: got 2, want 3"}}},
		{"no type of either", `{"target": 7}`, []SchemaError{{"/target", "got number, want object or string"}}},
		{"the deepest failure of branches that fit", `{"deep": {"a": {"b": 2}}}`, []SchemaError{{"/deep/a/b", "value must be 1"}}},
		{"a branch that passes", `{"note": null, "target": {"id": 1}}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := deepCheck(t, s, `{"name": "t", "arguments": `+tc.args+`}`)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("DeepValidate(%s) (-want +got):\n%s", tc.args, diff)
			}
		})
	}
}

func TestDeepValidateKeepsBigIntegersExact(t *testing.T) {
	s := callToolSchemas(t, deepTools)
	// 2^53+1 is the maximum; 2^53+2 rounds to 2^53 as a float64 and
	// would pass if the literal were lost.
	if got := deepCheck(t, s, `{"name": "open", "args": {"n": 9007199254740993}}`); got != nil {
		t.Errorf("at the maximum: %v, want valid", got)
	}
	got := deepCheck(t, s, `{"name": "open", "args": {"n": 9007199254740994}}`)
	if len(got) != 1 || got[0].Path != "/n" || !strings.HasPrefix(got[0].Message, "maximum:") {
		t.Errorf("past the maximum: %v, want one maximum error at /n", got)
	}
}

func TestDeepValidateHasNothingToSayWithoutAJSONSchema(t *testing.T) {
	tools := callToolSchemas(t, deepTools)
	flat := callFlatSchemas(t, `{"book": {"required": {"unit": "str"}}}`)
	tests := []struct {
		name string
		s    *Schemas
		call string
	}{
		{"flat schemas", flat, `{"name": "book", "args": {"unit": 3}}`},
		{"unknown tool", tools, `{"name": "nope", "args": {"x": 1}}`},
		{"malformed call", tools, `{"name": 3}`},
		{"tool without parameters", tools, `{"name": "noparams", "args": {"x": 1}}`},
		{"nil schemas", nil, `{"name": "book", "args": {}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := deepCheck(t, tc.s, tc.call); got != nil {
				t.Errorf("DeepValidate = %v, want nil", got)
			}
		})
	}
}

func TestDeepValidateMissingArgsAreAnEmptyObject(t *testing.T) {
	got := deepCheck(t, callToolSchemas(t, deepTools), `{"name": "book"}`)
	if diff := cmp.Diff([]SchemaError{{"", "missing property 'unit'"}}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDeepValidateReportsASchemaItCannotUseOnOneLine(t *testing.T) {
	s := callToolSchemas(t, deepTools)
	tests := []struct{ tool, want string }{
		{"bad", "the tool's schema is not valid JSON Schema: tools.json:19:102 $.tools[2].parameters.properties.n.minimum: " +
			"minimum: got string, want number (JSON Schema 2020-12); toolbench lint tools.json lists every problem"},
		{"external", "the tool's schema cannot be used: failing loading \"file:///etc/passwd\": " +
			"file:///etc/passwd is outside the tools document; only local references are followed"},
	}
	for _, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			got := deepCheck(t, s, `{"name": "`+tc.tool+`", "args": {"n": 1}}`)
			if diff := cmp.Diff([]SchemaError{{"", tc.want}}, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestDeepValidateSaysTheFirstOfSeveralProblemsAndWhereToSeeAll(t *testing.T) {
	s := callToolSchemas(t, `[{"name": "t", "parameters": {"type": "object", "properties": {
		"a": {"type": "str", "maxLength": -1},
		"b": {"$ref": "#/$defs/none"}}}}]`)
	got := deepCheck(t, s, `{"name": "t", "args": {}}`)
	want := "the tool's schema is not valid JSON Schema: tools.json:2:17 $[0].parameters.properties.a.type: " +
		"type: value must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string' (JSON Schema 2020-12); toolbench lint tools.json lists every problem"
	if len(got) != 1 || got[0].Message != want || strings.Contains(got[0].Message, "\n") {
		t.Errorf("DeepValidate = %q, want one line %q", got, want)
	}
	got = deepCheck(t, callToolSchemas(t, `[{"name": "t", "parameters": {"type": "object", "properties": {"b": {"$ref": "#/$defs/none"}}}}]`), `{"name": "t"}`)
	if want := `the tool's schema cannot be used: json-pointer in "#/$defs/none" not found`; len(got) != 1 || got[0].Message != want {
		t.Errorf("DeepValidate = %q, want %q", got, want)
	}
}

func TestDeepValidateCompilesEachToolOnceAndIsSafeForConcurrentUse(t *testing.T) {
	s := callToolSchemas(t, deepTools)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if got := DeepValidate(Call{Name: "book", Args: callNode(t, `{"unit": "x"}`)}, s); len(got) != 1 {
					t.Errorf("DeepValidate = %v, want one error", got)
				}
			}
		})
	}
	wg.Wait()
	n := 0
	s.deep.compiled.Range(func(any, any) bool { n++; return true })
	if n != 1 {
		t.Errorf("compiled %d schemas, want 1", n)
	}
}

func TestDeepValidateWorksOnHandBuiltSchemas(t *testing.T) {
	doc, err := jsondoc.Parse("tools.json", []byte(`[{"name": "t", "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	ts := tooldef.Tools(doc)
	s := &Schemas{Names: []string{"t"}, ByName: map[string]*FlatSchema{"t": {}}, Tools: map[string]*tooldef.Tool{"t": &ts.Tools[0]}}
	got := DeepValidate(Call{Name: "t", Args: callNode(t, `{"n": "x"}`)}, s)
	if diff := cmp.Diff([]SchemaError{{"/n", "got string, want integer"}}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDeepValidationOfASchemaPastTheCompilersBoundsSaysSo(t *testing.T) {
	// The JSON Schema library's compiler takes time growing with the
	// square of a schema's subschemas and faster with their nesting:
	// 3,000 levels of "items" took minutes, 40,000 properties 10 s.
	var props strings.Builder
	for i := range schema.MaxCompiledSubschemas + 1 {
		if i > 0 {
			props.WriteByte(',')
		}
		props.WriteString(`"p` + strconv.Itoa(i) + `": {"type": "string"}`)
	}
	for _, tc := range []struct {
		name, params, want string
	}{
		{"wide", `{"type": "object", "properties": {` + props.String() + `}}`, "subschemas, more than the 10000 toolbench compiles"},
		{"deep", `{"type": "object", "properties": {"a": ` + strings.Repeat(`{"type": "array", "items": `, 3000) + `{}` + strings.Repeat(`}`, 3000) + `}}`, "levels deep, more than the 200 toolbench compiles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsondoc.ParseText("t.json", `[{"name": "t", "parameters": `+tc.params+`}]`)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			got := deepCheck(t, SchemasFromTools(tooldef.Tools(doc)), `{"name": "t", "arguments": {}}`)
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("deep validation took %v", took)
			}
			if len(got) != 1 || got[0].Path != "" || !strings.Contains(got[0].Message, tc.want) {
				t.Errorf("got %v, want one error at the root saying %q", got, tc.want)
			}
		})
	}
}
