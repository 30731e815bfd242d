package call

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// sampleTool is the one tool of a bare tools document with params.
func sampleTool(t *testing.T, params string) (*tooldef.Tool, *Schemas) {
	t.Helper()
	s := callToolSchemas(t, `[{"name": "t", "parameters": `+params+`}]`)
	return s.Tools["t"], s
}

func TestSampleCallPassesTheFlatAndTheDeepCheck(t *testing.T) {
	tests := []struct {
		name   string
		params string
	}{
		{"every flat type", `{"type": "object", "properties": {"s": {"type": "string"}, "i": {"type": "integer"}, "f": {"type": "number"}, "b": {"type": "boolean"}, "l": {"type": "array"}, "d": {"type": "object"}}, "required": ["s", "i", "f", "b", "l", "d"]}`},
		{"no parameters", `{"type": "object"}`},
		{"no required", `{"type": "object", "properties": {"q": {"type": "string"}}}`},
		{"enum and const", `{"type": "object", "properties": {"u": {"type": "string", "enum": ["celsius", "kelvin"]}, "v": {"const": 3}}, "required": ["u", "v"]}`},
		{"formats", `{"type": "object", "properties": {"at": {"type": "string", "format": "date-time"}, "on": {"type": "string", "format": "date"}, "to": {"type": "string", "format": "email"}, "url": {"type": "string", "format": "uri"}, "id": {"type": "string", "format": "uuid"}, "ip": {"type": "string", "format": "ipv4"}, "ip6": {"type": "string", "format": "ipv6"}, "host": {"type": "string", "format": "hostname"}}, "required": ["at", "on", "to", "url", "id", "ip", "ip6", "host"]}`},
		{"bounds", `{"type": "object", "properties": {"a": {"type": "integer", "minimum": 5, "maximum": 9}, "b": {"type": "integer", "minimum": 5, "maximum": 9, "multipleOf": 4}, "c": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 0.5}, "d": {"type": "integer", "maximum": -3}, "e": {"type": "integer", "exclusiveMinimum": 1}, "f": {"type": "number", "minimum": 2.5}, "g": {"type": "number", "multipleOf": 0.25, "minimum": 1.1}}, "required": ["a", "b", "c", "d", "e", "f", "g"]}`},
		{"string lengths", `{"type": "object", "properties": {"long": {"type": "string", "minLength": 12}, "short": {"type": "string", "maxLength": 3}}, "required": ["long", "short"]}`},
		{"patterns", `{"type": "object", "properties": {"zip": {"type": "string", "pattern": "^[0-9]{5}$"}, "sku": {"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"}, "alt": {"type": "string", "pattern": "^(red|green)$"}, "neg": {"type": "string", "pattern": "^[^a-z]+$"}, "hex": {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$", "minLength": 7}}, "required": ["zip", "sku", "alt", "neg", "hex"]}`},
		{"ECMA-262 patterns", `{"type": "object", "properties": {"pw": {"type": "string", "pattern": "^(?=.*[A-Z])(?=.*\\d).{8,}$"}, "up": {"type": "string", "pattern": "^\\p{Lu}+$"}, "ab": {"type": "string", "pattern": "^(?!x)[a-z]{2,4}$", "minLength": 3}}, "required": ["pw", "up", "ab"]}`},
		{"arrays", `{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "enum": ["x"]}, "minItems": 2}, "none": {"type": "array", "maxItems": 0}, "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "minItems": 2}}, "required": ["tags", "none", "pair"]}`},
		{"nested objects", `{"type": "object", "properties": {"to": {"type": "object", "properties": {"city": {"type": "string"}, "geo": {"type": "object", "properties": {"lat": {"type": "number", "minimum": -90, "maximum": 90}}, "required": ["lat"], "additionalProperties": false}}, "required": ["city", "geo"], "additionalProperties": false}}, "required": ["to"], "additionalProperties": false}`},
		{"local refs", `{"type": "object", "properties": {"a": {"$ref": "#/$defs/addr"}, "b": {"$ref": "#/definitions/n"}}, "required": ["a", "b"], "$defs": {"addr": {"type": "object", "properties": {"zip": {"type": "string", "pattern": "^\\d{5}$"}}, "required": ["zip"]}}, "definitions": {"n": {"type": "integer", "minimum": 10}}}`},
		{"recursive ref ends", `{"type": "object", "properties": {"tree": {"$ref": "#/$defs/node"}}, "required": ["tree"], "$defs": {"node": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}`},
		{"nullable unions", `{"type": "object", "properties": {"a": {"type": ["null", "string"]}, "b": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 3}]}, "c": {"oneOf": [{"type": "boolean"}, {"type": "string"}]}}, "required": ["a", "b", "c"]}`},
		{"allOf", `{"type": "object", "properties": {"a": {"allOf": [{"type": "string", "minLength": 9}]}}, "required": ["a"]}`},
		{"required by an allOf branch", `{"type": "object", "properties": {"a": {"type": "string"}}, "allOf": [{"$ref": "#/$defs/paging"}], "$defs": {"paging": {"properties": {"limit": {"type": "integer", "minimum": 1}}, "required": ["limit"]}}}`},
		{"a root that is a reference", `{"$ref": "#/$defs/args", "$defs": {"args": {"type": "object", "properties": {"q": {"type": "string", "minLength": 2}}, "required": ["q"]}}}`},
		{"required without a property", `{"type": "object", "properties": {}, "required": ["ghost"]}`},
		{"untyped property", `{"type": "object", "properties": {"any": {"description": "anything"}}, "required": ["any"]}`},
		{"draft 4 exclusive booleans", `{"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "properties": {"n": {"type": "number", "minimum": 1, "exclusiveMinimum": true, "maximum": 2, "exclusiveMaximum": true}}, "required": ["n"]}`},
		{"keys that need quoting", `{"type": "object", "properties": {"a \"b\"\n": {"type": "string"}}, "required": ["a \"b\"\n"]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tool, s := sampleTool(t, tc.params)
			sample := SampleCall(tool)
			if errs := CheckCallText(sample, s); errs != nil {
				t.Errorf("flat check of the sample = %v, want valid\n%s", errs, sample)
			}
			n := callNode(t, sample)
			if errs := DeepValidate(NormalizeCall(n), s); errs != nil {
				t.Errorf("deep check of the sample = %v, want valid\n%s", errs, sample)
			}
		})
	}
}

func TestSampleCallIsIndentedWithTheNameFirstAndRequiredArgumentsInOrder(t *testing.T) {
	tool, _ := sampleTool(t, `{"type": "object", "properties": {"opt": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}, "query": {"type": "string"}}, "required": ["query", "limit"]}`)
	want := `{
  "name": "t",
  "arguments": {
    "query": "example",
    "limit": 1
  }
}`
	if diff := cmp.Diff(want, SampleCall(tool)); diff != "" {
		t.Errorf("SampleCall (-want +got):\n%s", diff)
	}
}

func TestSampleCallPicksValues(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   string // the compact value of argument "v"
	}{
		{"first enum value", `{"enum": ["b", "a"]}`, `"b"`},
		{"const as written", `{"const": {"k": [1, 2.50]}}`, `{"k":[1,2.50]}`},
		{"integer 1 when allowed", `{"type": "integer"}`, `1`},
		{"integer up to the minimum", `{"type": "integer", "minimum": 40}`, `40`},
		{"integer above an exclusive minimum", `{"type": "integer", "exclusiveMinimum": 40}`, `41`},
		{"integer below a negative maximum", `{"type": "integer", "maximum": -3}`, `-3`},
		{"multiple of at least the minimum", `{"type": "integer", "minimum": 5, "multipleOf": 4}`, `8`},
		{"number inside an open range", `{"type": "number", "exclusiveMinimum": 2, "exclusiveMaximum": 3}`, `2.5`},
		{"date-time format", `{"type": "string", "format": "date-time"}`, `"2024-01-01T00:00:00Z"`},
		{"pattern", `{"type": "string", "pattern": "^[A-Z]{2}\\d{3}$"}`, `"AA000"`},
		{"padded to minLength", `{"type": "string", "minLength": 10}`, `"examplexxx"`},
		{"cut to maxLength", `{"type": "string", "maxLength": 2}`, `"ex"`},
		{"one element", `{"type": "array", "items": {"type": "boolean"}}`, `[true]`},
		{"null type", `{"type": "null"}`, `null`},
		{"type implied by properties", `{"properties": {"x": {"type": "integer"}}, "required": ["x"]}`, `{"x":1}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tool, _ := sampleTool(t, `{"type": "object", "properties": {"v": `+tc.schema+`}, "required": ["v"]}`)
			n := callNode(t, SampleCall(tool))
			got := string(jsondoc.AppendCompact(nil, n.Get("arguments").Get("v"), false, 0))
			if got != tc.want {
				t.Errorf("v = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestSampleMatchingBuildsAStringThePatternMatches(t *testing.T) {
	tests := []struct {
		pattern string
		ok      bool
	}{
		{`^[a-z]+@[a-z]+\.com$`, true},
		{`^\+?[0-9 ]{7,15}$`, true},
		{`(?i)^yes|no$`, true},
		{`^v\d+\.\d+\.\d+(-[a-z]+)?$`, true},
		{`^a$b`, false},
		{`[`, false},
	}
	for _, tc := range tests {
		t.Run(tc.pattern, func(t *testing.T) {
			s, ok := matchingSample(tc.pattern)
			if ok != tc.ok {
				t.Fatalf("matchingSample(%q) = %q, %v; want ok %v", tc.pattern, s, ok, tc.ok)
			}
			if ok && strings.ContainsFunc(s, termtext.IsHidden) {
				t.Errorf("sample %q holds hidden characters", s)
			}
		})
	}
}
