package schema

import "toolbench/core/jsondoc"

// The copy of the draft-06 meta-schema that the validator embeds leaves
// out "examples", which draft 6 introduced as an array of values
// (json-schema.org/draft-06/schema, properties.examples: {"type": "array",
// "items": {}}), so it takes "examples": "x". draft06Examples finds what
// the meta-schema itself would: every "examples" that is not an array,
// in every place draft 6 holds a schema.

// draft06Examples returns a problem for each "examples" of n, a draft-06
// schema at segs, and of its subschemas, that is not an array.
func draft06Examples(n *jsondoc.Node, segs []jsondoc.Seg, out []Problem) []Problem {
	if !n.Is(jsondoc.Object) {
		return out
	}
	for _, m := range n.Kids() {
		at := append(segs[:len(segs):len(segs)], jsondoc.KeySeg(m.Key))
		v := m.Value
		switch m.Key {
		case "examples":
			if !v.Is(jsondoc.Array) {
				out = append(out, Problem{
					Node: v, Segs: at,
					Msg:  "examples: got " + v.Kind.String() + ", want array (JSON Schema draft-06)",
					Hint: "Make the value match the JSON Schema draft-06 meta-schema: a list of example values.",
				})
			}
		case "items":
			if v.Is(jsondoc.Array) {
				out = draft06List(v, at, out)
			} else {
				out = draft06Examples(v, at, out)
			}
		case "additionalItems", "contains", "additionalProperties", "propertyNames", "not":
			out = draft06Examples(v, at, out)
		case "allOf", "anyOf", "oneOf":
			out = draft06List(v, at, out)
		case "definitions", "properties", "patternProperties", "dependencies":
			// A dependency may also be a list of names, which holds no
			// schema and so no examples.
			for _, p := range v.Kids() {
				out = draft06Examples(p.Value, append(at[:len(at):len(at)], jsondoc.KeySeg(p.Key)), out)
			}
		}
	}
	return out
}

func draft06List(v *jsondoc.Node, at []jsondoc.Seg, out []Problem) []Problem {
	for i, e := range v.Kids() {
		out = draft06Examples(e.Value, append(at[:len(at):len(at)], jsondoc.IndexSeg(i)), out)
	}
	return out
}
