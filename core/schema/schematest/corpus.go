// Package schematest holds schemas for the tests of the packages that
// read JSON Schema: valid ones of every draft, and each with one value
// replaced by a value of another shape.
package schematest

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"
)

// Bases are valid schemas of every draft the quick check judges,
// using between them every keyword it knows.
var Bases = []string{
	`{"type": "object", "properties": {"city": {"type": "string", "description": "City", "minLength": 1, "maxLength": 80, "pattern": "^[A-Z]"}, "n": {"type": ["integer", "null"], "minimum": 0, "maximum": 9, "exclusiveMinimum": -1, "multipleOf": 0.5}, "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "minItems": 0, "maxItems": 3, "uniqueItems": true}}, "required": ["city", "n"], "additionalProperties": false}`,
	`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "$defs": {"addr": {"type": "object", "properties": {"zip": {"type": "string", "format": "postal"}}}}, "properties": {"home": {"$ref": "#/$defs/addr"}, "any": true, "none": false}, "anyOf": [{"required": ["home"]}, {"not": {"const": 1}}]}`,
	`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "definitions": {"x": {"type": "number"}}, "properties": {"t": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/x"}], "additionalItems": false}, "e": {"enum": ["a", "b"]}, "c": {"if": {"minimum": 1}, "then": {"maximum": 9}, "else": {"const": 0}}}, "title": "T", "readOnly": false, "examples": [{}]}`,
	`{"type": "object", "properties": {"a": {"oneOf": [{"type": "string"}, {"type": "null"}], "default": "x", "deprecated": true}, "b": {"prefixItems": [{"type": "integer"}], "contains": {"type": "integer"}, "minContains": 1, "maxContains": 2}, "c": {"propertyNames": {"maxLength": 3}, "minProperties": 1, "maxProperties": 4, "unevaluatedProperties": false}}, "$comment": "c", "writeOnly": true}`,
	`{"$schema": "https://json-schema.org/draft/2019-09/schema", "type": "object", "properties": {"a": {"items": [{"type": "string"}]}, "b": {"contentEncoding": "base64", "contentMediaType": "image/png"}}}`,
	`{"$schema": "http://json-schema.org/draft-06/schema#", "type": "object", "properties": {"a": {"enum": ["x"], "exclusiveMaximum": 3}}}`,
}

// Corpus builds the valid schemas of Bases and every variant with one value
// replaced by a value of another shape: the schemas a quick check must judge
// no more leniently than the validator, and every rule must survive.
func Corpus(t testing.TB) []string {
	replacements := []any{"x", json.Number("1"), json.Number("-1"), json.Number("1.5"), json.Number("0"), true, nil, []any{}, map[string]any{}, []any{"a", "a"}, []any{"string"}, "object", "#/$defs/a b", "(", "https://json-schema.org/draft/2020-12/schema"}
	var out []string
	for _, b := range Bases {
		out = append(out, b)
		var v any
		d := json.NewDecoder(strings.NewReader(b))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			t.Fatalf("corpus base: %v", err)
		}
		for _, p := range paths(v, nil) {
			for _, r := range replacements {
				out = append(out, mutate(t, v, p, r))
			}
		}
	}
	return out
}

// paths lists the paths of every value in v.
func paths(v any, prefix []any) [][]any {
	var out [][]any
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := append(slices.Clone(prefix), k)
			out = append(out, p)
			out = append(out, paths(x[k], p)...)
		}
	case []any:
		for i, e := range x {
			p := append(slices.Clone(prefix), i)
			out = append(out, p)
			out = append(out, paths(e, p)...)
		}
	}
	return out
}

// mutate returns the JSON of v with the value at path replaced by r.
func mutate(t testing.TB, v any, path []any, r any) string {
	b, _ := json.Marshal(v)
	var c any
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.UseNumber()
	if err := d.Decode(&c); err != nil {
		t.Fatal(err)
	}
	cur := c
	for i, step := range path {
		last := i == len(path)-1
		switch s := step.(type) {
		case string:
			m := cur.(map[string]any)
			if last {
				m[s] = r
			} else {
				cur = m[s]
			}
		case int:
			a := cur.([]any)
			if last {
				a[s] = r
			} else {
				cur = a[s]
			}
		}
	}
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
