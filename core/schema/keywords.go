package schema

import (
	"slices"

	"toolbench/core/jsondoc"
)

// Children calls fn on each object schema directly below n that the
// walk visits, in the order of n's members, with the keyword that holds it
// and the one or two path segments from n to it ("items"; "anyOf", 1;
// "properties", "city": the first nrel of rel), until fn returns false. It
// reports whether it ran to the end. rel is passed by value so that the
// walk allocates nothing for it.
func Children(n *jsondoc.Node, fn func(via string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node) bool) bool {
	var rel [2]jsondoc.Seg
	for _, m := range n.Kids() {
		v := m.Value
		rel[0] = jsondoc.KeySeg(m.Key)
		switch {
		case v.Is(jsondoc.Object) && IsSchemaMapKeyword(m.Key):
			for _, p := range v.Kids() {
				rel[1] = jsondoc.KeySeg(p.Key)
				if p.Value.Is(jsondoc.Object) && !fn(m.Key, rel, 2, p.Value) {
					return false
				}
			}
		case v.Is(jsondoc.Object) && IsSchemaKeyword(m.Key):
			if !fn(m.Key, rel, 1, v) {
				return false
			}
		case v.Is(jsondoc.Array) && IsSchemaListKeyword(m.Key):
			for i, e := range v.Kids() {
				rel[1] = jsondoc.IndexSeg(i)
				if e.Value.Is(jsondoc.Object) && !fn(m.Key, rel, 2, e.Value) {
					return false
				}
			}
		}
	}
	return true
}

// IsSchemaKeyword, IsSchemaListKeyword and IsSchemaMapKeyword report the
// keywords whose value is a schema, a list of schemas, or a map of names
// to schemas: the ones the linter walks. A switch rather than a lookup in
// lists: the walker asks for every member of every schema.
func IsSchemaKeyword(k string) bool {
	switch k {
	case "items", "additionalProperties", "not", "if", "then", "else":
		return true
	}
	return false
}

func IsSchemaListKeyword(k string) bool {
	switch k {
	case "items", "prefixItems", "anyOf", "oneOf", "allOf":
		return true
	}
	return false
}

func IsSchemaMapKeyword(k string) bool {
	switch k {
	case "properties", "$defs", "definitions":
		return true
	}
	return false
}

// Walk calls fn on n and on every object schema below it that the
// linter's walker visits, depth first, with its path from n, until fn
// returns false. It reports whether the walk ran to the end. The path is
// one stack for the whole walk, valid only during the call of fn that
// gets it: fn copies what it keeps. A walk so costs time linear in the
// schemas however deep they nest.
func Walk(n *jsondoc.Node, segs []jsondoc.Seg, fn func(s *jsondoc.Node, segs []jsondoc.Seg) bool) bool {
	segs = slices.Clip(segs) // the walk's appends never write into the caller's array
	return walk(n, &segs, fn)
}

func walk(n *jsondoc.Node, segs *[]jsondoc.Seg, fn func(s *jsondoc.Node, segs []jsondoc.Seg) bool) bool {
	if !fn(n, *segs) {
		return false
	}
	return Children(n, func(_ string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node) bool {
		*segs = append(*segs, rel[:nrel]...)
		more := walk(child, segs, fn)
		*segs = (*segs)[:len(*segs)-nrel]
		return more
	})
}
