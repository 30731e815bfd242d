package schema

import (
	"slices"
	"strings"

	"toolbench/core/jsondoc"
)

// TypeNames are the seven JSON Schema types, in alphabetical order.
var TypeNames = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// IsTypeName reports whether s is one of the seven JSON Schema types.
func IsTypeName(s string) bool { return slices.Contains(TypeNames, s) }

// Types returns the types schema n declares with "type", in the order
// written and without repeats: ["string"] for "type": "string", ["string",
// "null"] for a list of the two. With openAPI (Gemini's OpenAPI subset)
// names are read in lower case, as that subset writes them in upper case,
// and "nullable": true adds "null". ok is false when "type" is neither a
// string nor a list of strings; types is nil when n declares no type.
// Names are returned as written otherwise, known or not.
func Types(n *jsondoc.Node, openAPI bool) (types []string, ok bool) {
	t := n.Get("type")
	norm := func(s string) string {
		if openAPI {
			return strings.ToLower(s)
		}
		return s
	}
	switch {
	case t == nil:
	case t.Is(jsondoc.String):
		types = []string{norm(t.Str())}
	case t.Is(jsondoc.Array):
		for _, m := range t.Kids() {
			if !m.Value.Is(jsondoc.String) {
				return nil, false
			}
			if s := norm(m.Value.Str()); !slices.Contains(types, s) {
				types = append(types, s)
			}
		}
	default:
		return nil, false
	}
	if openAPI && n.Get("nullable").IsTrue() && types != nil && !slices.Contains(types, "null") {
		types = append(types, "null")
	}
	return types, true
}

// HasType reports whether schema n declares type name, alone or in a type
// list. Case is ignored, so that an "Array" the unknown-type rule reports
// is still checked as an array.
func HasType(n *jsondoc.Node, name string) bool {
	t := n.Get("type")
	switch {
	case t.Is(jsondoc.String):
		return strings.EqualFold(t.Str(), name)
	case t.Is(jsondoc.Array):
		for _, m := range t.Kids() {
			if m.Value.Is(jsondoc.String) && strings.EqualFold(m.Value.Str(), name) {
				return true
			}
		}
	}
	return false
}

// IsObject reports whether n describes an object: its type says so, or it
// has properties.
func IsObject(n *jsondoc.Node) bool { return HasType(n, "object") || n.Has("properties") }

// certainTypes maps the type names that are not JSON Schema's, but that
// tool files written by hand or generated from code put in "type"
// (Python's, Java's), to the JSON Schema type they mean beyond doubt;
// "" is no type, any value. It is the one table for every reader of such
// names: the call check derives a field's flat type from it, and the
// linter, which still reports the names, can offer the type it gives as
// a certain fix. Names that only look like a type (set, HashMap, char)
// are not in it: what they allow is a guess.
var certainTypes = map[string]string{
	"str": "string",
	"int": "integer", "long": "integer",
	"float": "number", "double": "number",
	"bool": "boolean",
	"list": "array", "tuple": "array",
	"dict": "object", "map": "object",
	"any": "",
}

// CertainType returns the JSON Schema type that the type name name
// stands for beyond doubt: one of the seven itself, one of them written
// in another case ("Array", "BOOLEAN"), or a name of certainTypes in any
// case ("float" and "Float" are "number"). typ is "" for "any", which allows any value; ok
// is false for a name whose meaning would be a guess.
func CertainType(name string) (typ string, ok bool) {
	if IsTypeName(name) {
		return name, true
	}
	if lower := strings.ToLower(name); IsTypeName(lower) {
		return lower, true
	}
	typ, ok = certainTypes[strings.ToLower(name)]
	return typ, ok
}
