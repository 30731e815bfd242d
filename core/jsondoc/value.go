package jsondoc

import "encoding/json"

// Value converts n to the plain Go values JSON Schema validators take:
// map[string]any, []any, string, bool, nil and json.Number (the literal, so
// no number is rounded).
func (n *Node) Value() any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Null:
		return nil
	case Bool:
		return n.Str() == "true"
	case Number:
		return json.Number(n.Str())
	case String:
		return n.Str()
	case Object:
		m := make(map[string]any, len(n.Kids()))
		for _, k := range n.Kids() {
			m[k.Key] = k.Value.Value()
		}
		return m
	case Array:
		a := make([]any, len(n.Kids()))
		for i, k := range n.Kids() {
			a[i] = k.Value.Value()
		}
		return a
	}
	return nil
}
