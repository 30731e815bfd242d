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
