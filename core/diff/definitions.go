package diff

import (
	"slices"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// The parts of a tool's definition outside its parameter schema: MCP's
// annotations, and every other member, which no call depends on but a
// pinned tool is held to.

// annotations compares the members of the tools' "annotations" one by
// one: each added, removed or changed is a change, at the member in NEW,
// or at NEW's annotations (or definition) for one removed.
func (c *comparer) annotations(o, n *tooldef.Tool) {
	oa, na := o.Def.Get("annotations"), n.Def.Get("annotations")
	if oa == nil && na == nil || jsondoc.Equal(oa, na) {
		return
	}
	at, atPath := n.Def, n.DefPath
	if na != nil {
		at, atPath = na, jsondoc.AppendKey(n.DefPath, "annotations")
	}
	if !oa.Is(jsondoc.Object) || !na.Is(jsondoc.Object) {
		c.add(annotationsChanged, c.new, at, atPath, n.Name, "annotations were "+valueOrNone(oa)+", are "+valueOrNone(na))
		return
	}
	for _, key := range memberKeys(oa, na) {
		ov, nv := oa.Get(key), na.Get(key)
		if jsondoc.Equal(ov, nv) {
			continue
		}
		name := "annotation " + termtext.Quote(key)
		switch {
		case nv == nil:
			c.add(annotationsChanged, c.new, at, atPath, n.Name, name+" was removed (it was "+snippet(ov)+")")
		case ov == nil:
			c.add(annotationsChanged, c.new, nv, jsondoc.AppendKey(atPath, key), n.Name, name+" was added: "+snippet(nv))
		default:
			c.add(annotationsChanged, c.new, nv, jsondoc.AppendKey(atPath, key), n.Name, name+" was "+snippet(ov)+", is "+snippet(nv))
		}
	}
}

// definitions reports, for a tool no other check found a change in, each
// member of its entry and definition that differs and that no other
// check compares. Its parameter schema is left to the schema checks,
// which take values in another order (of an enum, of an anyOf) for the
// same schema.
func (c *comparer) definitions(o, n *tooldef.Tool) {
	if c.old.Src[o.Node.Start:o.Node.End] == c.new.Src[n.Node.Start:n.Node.End] || jsondoc.Equal(o.Node, n.Node) {
		return
	}
	c.members(o.Node, n.Node, n.Path, n, o.Def)
	if o.Def != o.Node && n.Def != n.Node {
		c.members(o.Def, n.Def, n.DefPath, n, nil)
	}
}

// members reports each member of the objects o and n that differs,
// leaving out those other checks compare and skip, the member that holds
// the definition of a wrapped entry.
func (c *comparer) members(o, n *jsondoc.Node, path string, t *tooldef.Tool, skip *jsondoc.Node) {
	if !o.Is(jsondoc.Object) || !n.Is(jsondoc.Object) {
		return
	}
	for _, key := range memberKeys(o, n) {
		ov, nv := o.Get(key), n.Get(key)
		if compared[key] || key == t.ParamsKey || ov != nil && ov == skip || jsondoc.Equal(ov, nv) {
			continue
		}
		switch {
		case nv == nil:
			c.add(definitionChanged, c.new, n, path, t.Name, "member "+termtext.Quote(key)+" was removed")
		case ov == nil:
			c.add(definitionChanged, c.new, nv, jsondoc.AppendKey(path, key), t.Name, "member "+termtext.Quote(key)+" was added")
		default:
			c.add(definitionChanged, c.new, nv, jsondoc.AppendKey(path, key), t.Name, "member "+termtext.Quote(key)+" changed")
		}
	}
}

// compared are the members of a definition other checks compare.
var compared = map[string]bool{"name": true, "description": true, "annotations": true}

// memberKeys are the keys of n, then those of o that n lacks, each once.
func memberKeys(o, n *jsondoc.Node) []string {
	var keys []string
	for _, m := range n.Members() {
		if !slices.Contains(keys, m.Key) {
			keys = append(keys, m.Key)
		}
	}
	for _, m := range o.Members() {
		if !slices.Contains(keys, m.Key) {
			keys = append(keys, m.Key)
		}
	}
	return keys
}

// valueOrNone is snippet(n), or "none" for a value that is not there.
func valueOrNone(n *jsondoc.Node) string {
	if n == nil {
		return "none"
	}
	return snippet(n)
}
