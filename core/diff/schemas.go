package diff

import (
	"slices"
	"strconv"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// pair compares one tool of OLD with its tool of NEW, walking their
// schemas side by side.
type pair struct {
	c        *comparer
	o, n     *tooldef.Tool
	oldBase  string        // the parameter schema's path, in OLD
	newBase  string        // and in NEW
	oldSegs  []jsondoc.Seg // the path from the parameter schema to the schema compared, in OLD
	newSegs  []jsondoc.Seg // and in NEW: a $ref or a branch can make them differ
	oldKinds *kindReader   // the kinds of value the schemas of OLD accept
	newKinds *kindReader   // and of NEW
	// seen holds the pairs of schemas reached through a $ref and compared,
	// so that a definition used twice is reported once and a recursive
	// one ends.
	seen map[[2]*jsondoc.Node]bool
}

// tools compares a tool of OLD with its tool of NEW: description,
// parameters and annotations, then, when none of them changed, the rest
// of the definition.
func (c *comparer) tools(o, n *tooldef.Tool) {
	before := len(c.changes)
	c.toolSchemas(o, n)
	c.annotations(o, n)
	if len(c.changes) == before {
		c.definitions(o, n)
	}
}

func (c *comparer) toolSchemas(o, n *tooldef.Tool) {
	if ot, nt := o.Desc.Text(), n.Desc.Text(); ot != nt {
		at, path := n.Def, n.DefPath
		if n.Desc != nil {
			at, path = n.Desc, jsondoc.AppendKey(n.DefPath, "description")
		}
		c.add(descriptionChanged, c.new, at, path, n.Name, "the tool's description changed")
	}
	if o.Builtin || n.Builtin {
		return
	}
	op, np := o.Params, n.Params
	switch {
	case op == nil && np == nil:
		return
	case op == nil:
		op = noParams
	case np == nil:
		np = noParams
	case !isSchema(op) || !isSchema(np):
		return
	case c.old.Src[op.Start:op.End] == c.new.Src[np.Start:np.End]:
		// Most tools of a new version are the old ones, written the
		// same: their text says so at once, where walking them would
		// cost as much as reading them.
		return
	}
	p := &pair{c: c, o: o, n: n, oldBase: o.ParamsPath(), newBase: n.ParamsPath(),
		oldKinds: newKindReader(o.Params, o.OpenAPIParams()), newKinds: newKindReader(n.Params, n.OpenAPIParams())}
	// A schema that is not there says nothing of the kinds of value, so
	// the parameters' types are compared only when both are.
	p.compare(op, np, op != noParams && np != noParams)
}

// noParams stands for the parameter schema of a tool that has none: such
// a tool takes no arguments.
var noParams = func() *jsondoc.Node {
	d, err := jsondoc.ParseDocument("", []byte(`{"type": "object", "properties": {}, "additionalProperties": false}`))
	if err != nil {
		panic(err)
	}
	return d.Root
}()

// newPath and oldPath are the paths of the schemas compared, or of a
// member of them.
func (p *pair) newPath(more ...jsondoc.Seg) string {
	return jsondoc.AppendSegs(p.newBase, slices.Concat(p.newSegs, more))
}
func (p *pair) oldPath(more ...jsondoc.Seg) string {
	return jsondoc.AppendSegs(p.oldBase, slices.Concat(p.oldSegs, more))
}

// push steps both paths into the member key (and the element i, if
// given); pop steps back k segments.
func (p *pair) push(segs ...jsondoc.Seg) {
	p.oldSegs = append(p.oldSegs, segs...)
	p.newSegs = append(p.newSegs, segs...)
}
func (p *pair) pop(k int) {
	p.oldSegs, p.newSegs = p.oldSegs[:len(p.oldSegs)-k], p.newSegs[:len(p.newSegs)-k]
}

// inNew records a change at a member of the new schema n, or at n itself
// when it has no member key.
func (p *pair) inNew(chk *Check, n *jsondoc.Node, key, msg string) {
	if n == noParams {
		// The tool has no schema of its own: the change is at the tool.
		p.c.add(chk, p.c.new, p.n.Def, p.n.DefPath, p.n.Name, msg)
		return
	}
	if v := n.Get(key); v != nil {
		p.c.add(chk, p.c.new, v, p.newPath(jsondoc.KeySeg(key)), p.n.Name, msg)
		return
	}
	p.c.add(chk, p.c.new, n, p.newPath(), p.n.Name, msg)
}

// inOld records a change at member key, element i, of the old schema o:
// what is gone.
func (p *pair) inOld(chk *Check, o *jsondoc.Node, key string, i int, msg string) {
	p.c.add(chk, p.c.old, o.Get(key).Elem(i), p.oldPath(jsondoc.KeySeg(key), jsondoc.IndexSeg(i)), p.n.Name, msg)
}

// schemas compares schema o of OLD with schema n of NEW.
func (p *pair) schemas(o, n *jsondoc.Node) { p.compare(o, n, true) }

// compare compares o and n, or the schemas their local $refs lead to;
// withTypes false leaves out the kinds of value they accept, which an
// allOf's schema shares with the schema around it.
func (p *pair) compare(o, n *jsondoc.Node, withTypes bool) {
	o, oSegs, oRef := p.oldKinds.refs.Deref(o)
	n, nSegs, nRef := p.newKinds.refs.Deref(n)
	if oRef || nRef {
		if p.seen == nil {
			// The parameter schemas are compared first, and "#" leads back to them.
			p.seen = map[[2]*jsondoc.Node]bool{{p.o.Params, p.n.Params}: true}
		}
		key := [2]*jsondoc.Node{o, n}
		if p.seen[key] {
			return
		}
		p.seen[key] = true
		oldSegs, newSegs := p.oldSegs, p.newSegs
		if oRef {
			p.oldSegs = oSegs
		}
		if nRef {
			p.newSegs = nSegs
		}
		defer func() { p.oldSegs, p.newSegs = oldSegs, newSegs }()
	}
	// A schema may be an object or a boolean, true accepting what {}
	// does and false nothing; the old one is nil where OLD has none.
	if (o != nil && !isSchema(o)) || !isSchema(n) {
		return
	}
	if withTypes {
		p.types(o, n)
	}
	if isFalse(o) || isFalse(n) {
		return
	}
	if n == noParams {
		// The parameters are gone: what the old ones took is told by
		// the parameters gone, and the tool now taking no arguments.
		p.additional(o, n)
		p.properties(o, n)
		return
	}
	p.enums(o, n)
	p.constraints(o, n)
	p.additional(o, n)
	p.properties(o, n)
	p.arrays(o, n)
	p.patternProperties(o, n)
	p.branches(o, n, "anyOf")
	p.branches(o, n, "oneOf")
	p.allOf(o, n)
}

// place is where a schema takes the values of an item or a property:
// the schema (nil where none is written, which accepts anything), its
// path from the schema compared, and its name for a message.
type place struct {
	schema *jsondoc.Node
	segs   []jsondoc.Seg
	name   string
}

// member is the place of n's member key.
func member(n *jsondoc.Node, key string) place {
	return place{n.Get(key), []jsondoc.Seg{jsondoc.KeySeg(key)}, key}
}

// property is the place of schema s, given as the property name of the
// schema compared.
func property(name string, s *jsondoc.Node) place {
	return place{s, []jsondoc.Seg{jsondoc.KeySeg("properties"), jsondoc.KeySeg(name)}, "parameter " + termtext.Quote(name)}
}

// pattern is the place of the schema under pattern in n's
// patternProperties.
func pattern(n *jsondoc.Node, key string) place {
	return place{n.Get("patternProperties").Get(key), []jsondoc.Seg{jsondoc.KeySeg("patternProperties"), jsondoc.KeySeg(key)}, "patternProperties " + termtext.Quote(key)}
}

// against compares the schema OLD has at place o with the one NEW has at
// place n, which takes the same values: a place of NEW with no schema
// accepts anything, so what OLD's asserted there is gone.
func (p *pair) against(o, n place) {
	switch {
	case n.schema == nil:
		if isSchema(o.schema) && !acceptsAll(o.schema) {
			p.c.add(constraintRelaxed, p.c.old, o.schema, p.oldPath(o.segs...), p.n.Name, o.name+" is gone")
		}
		return
	case (o.schema != nil && !isSchema(o.schema)) || !isSchema(n.schema):
		return
	}
	lo, ln := len(p.oldSegs), len(p.newSegs)
	p.oldSegs = append(p.oldSegs, o.segs...)
	p.newSegs = append(p.newSegs, n.segs...)
	p.schemas(o.schema, n.schema)
	p.oldSegs, p.newSegs = p.oldSegs[:lo], p.newSegs[:ln]
}

// under compares the schemas of the member key of o and n.
func (p *pair) under(o, n *jsondoc.Node, key string) { p.against(member(o, key), member(n, key)) }

// items is how schema n says what its items are: a list of schemas for
// the first places (prefixItems, or before draft 2020-12 items as a
// list) and one for the places after them (items, or additionalItems
// beside a list of items), or one for every place (items).
type items struct {
	list    []jsondoc.Member
	listKey string
	rest    place
}

func itemsOf(n *jsondoc.Node) items {
	switch {
	case n.Get("prefixItems").Is(jsondoc.Array):
		return items{n.Get("prefixItems").Elems(), "prefixItems", member(n, "items")}
	case n.Get("items").Is(jsondoc.Array):
		return items{n.Get("items").Elems(), "items", member(n, "additionalItems")}
	}
	return items{rest: member(n, "items")}
}

// at is the place of the i'th item.
func (it items) at(i int) place {
	if i < len(it.list) {
		return place{it.list[i].Value, []jsondoc.Seg{jsondoc.KeySeg(it.listKey), jsondoc.IndexSeg(i)}, it.listKey + "[" + strconv.Itoa(i) + "]"}
	}
	return it.rest
}

// arrays compares what o and n take as items, place by place: the
// schema of each place that either lists, then those of the places after.
func (p *pair) arrays(o, n *jsondoc.Node) {
	oi, ni := itemsOf(o), itemsOf(n)
	for i := range max(len(oi.list), len(ni.list)) {
		p.against(oi.at(i), ni.at(i))
	}
	p.against(oi.rest, ni.rest)
}

// patternProperties compares the schemas of o's and n's
// patternProperties, pattern by pattern. A pattern new to NEW takes names
// that OLD's additionalProperties took, and applies to the declared
// properties it matches; one gone from it leaves names to NEW's
// additionalProperties. (Which names two patterns share is not worked
// out.)
func (p *pair) patternProperties(o, n *jsondoc.Node) {
	for _, m := range n.Get("patternProperties").Members() {
		if old := pattern(o, m.Key); old.schema != nil {
			p.against(old, pattern(n, m.Key))
			continue
		}
		p.against(member(o, "additionalProperties"), pattern(n, m.Key))
		// A pattern applies to the properties declared too: those it
		// matches must now match it as well.
		re, err := schema.CompileRegexp(m.Key)
		if err != nil {
			continue
		}
		for _, prop := range n.Get("properties").Members() {
			if re.MatchString(prop.Key) {
				old := property(prop.Key, o.Get("properties").Get(prop.Key))
				if old.schema == nil {
					old = oldCover(o, prop.Key)
				}
				p.against(old, pattern(n, m.Key))
			}
		}
	}
	for _, m := range o.Get("patternProperties").Members() {
		if !n.Get("patternProperties").Has(m.Key) {
			p.against(pattern(o, m.Key), member(n, "additionalProperties"))
		}
	}
}

// acceptsAll reports whether schema n is true or {}, which accept any
// value.
func acceptsAll(n *jsondoc.Node) bool {
	return n.IsTrue() || (n.Is(jsondoc.Object) && n.Len() == 0)
}

// branches compares the schemas of o's and n's anyOf (or oneOf), each of
// OLD with an equal one of NEW, else with the one of NEW that accepts
// the same kinds of value when no other on either side does. A schema
// of OLD left over, whose kinds NEW still accepts elsewhere, is gone
// (a loss of kinds is type-changed); one of NEW left over is new.
func (p *pair) branches(o, n *jsondoc.Node, key string) {
	ob, nb := o.Get(key).Elems(), n.Get(key).Elems()
	switch {
	case len(ob) == 0 && len(nb) == 0:
		return
	case len(ob) == 0:
		if !(len(nb) == 1 && acceptsAll(nb[0].Value)) {
			p.inNew(constraintTightened, n, key, key+" is new: values must match "+oneOrAny(key)+" of its schemas")
		}
		return
	case len(nb) == 0:
		// What the schemas asserted is gone; the kinds of value they
		// took away, if any, are told by the types.
		return
	}
	partner, taken := pairEqual(ob, nb)
	oldKinds, oldAll := p.oldKinds.branches(ob)
	newKinds, newAll := p.newKinds.branches(nb)
	for i := range ob {
		if partner[i] >= 0 {
			continue
		}
		if j := onlyOfKinds(newKinds, taken, oldKinds[i]); j >= 0 && onlyOfKinds(oldKinds, paired(partner), oldKinds[i]) == i {
			partner[i], taken[j] = j, true
		}
	}
	for i, j := range partner {
		switch {
		case j >= 0:
			p.against(place{ob[i].Value, []jsondoc.Seg{jsondoc.KeySeg(key), jsondoc.IndexSeg(i)}, ""},
				place{nb[j].Value, []jsondoc.Seg{jsondoc.KeySeg(key), jsondoc.IndexSeg(j)}, ""})
		case oldKinds[i]&^newAll == 0:
			p.inOld(constraintTightened, o, key, i, key+"["+strconv.Itoa(i)+"] is gone: values only it accepted are refused")
		}
	}
	for j := range nb {
		if !taken[j] && newKinds[j]&^oldAll == 0 {
			p.c.add(constraintRelaxed, p.c.new, nb[j].Value, p.newPath(jsondoc.KeySeg(key), jsondoc.IndexSeg(j)), p.n.Name, key+"["+strconv.Itoa(j)+"] is new")
		}
	}
}

// oneOrAny is how many of the schemas of an anyOf or a oneOf a value
// must match.
func oneOrAny(key string) string {
	if key == "oneOf" {
		return "exactly one"
	}
	return "one"
}

// pairEqual pairs each schema of OLD with the first equal one of NEW not
// taken: partner is the index in NEW of each of OLD, or -1, and taken
// marks those of NEW.
func pairEqual(ob, nb []jsondoc.Member) (partner []int, taken []bool) {
	partner, taken = make([]int, len(ob)), make([]bool, len(nb))
	for i, b := range ob {
		partner[i] = -1
		for j, c := range nb {
			if !taken[j] && jsondoc.Equal(b.Value, c.Value) {
				partner[i], taken[j] = j, true
				break
			}
		}
	}
	return partner, taken
}

// branches is the kinds each schema of a list accepts, and all of them
// together.
func (r *kindReader) branches(list []jsondoc.Member) (kinds []int, all int) {
	kinds = make([]int, len(list))
	for i, b := range list {
		kinds[i], _ = r.accepted(b.Value)
		all |= kinds[i]
	}
	return kinds, all
}

// paired marks the schemas of OLD that have a partner.
func paired(partner []int) []bool {
	out := make([]bool, len(partner))
	for i, j := range partner {
		out[i] = j >= 0
	}
	return out
}

// onlyOfKinds returns the index of the one schema not taken that accepts
// exactly kinds, or -1 when there is none or more than one.
func onlyOfKinds(list []int, taken []bool, kinds int) int {
	found := -1
	for i, k := range list {
		if taken[i] || k != kinds {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// allOf compares the schemas of o's and n's allOf, each of OLD with an
// equal one of NEW, else the ones left over in order. A schema of NEW left
// over narrows what is accepted; one of OLD left over is gone.
func (p *pair) allOf(o, n *jsondoc.Node) {
	ob, nb := o.Get("allOf").Elems(), n.Get("allOf").Elems()
	if len(ob) == 0 && len(nb) == 0 {
		return
	}
	partner, taken := pairEqual(ob, nb)
	next := 0
	for i := range ob {
		for partner[i] < 0 && next < len(nb) {
			if !taken[next] {
				partner[i], taken[next] = next, true
			}
			next++
		}
	}
	for i, j := range partner {
		if j < 0 {
			p.inOld(constraintRelaxed, o, "allOf", i, "allOf["+strconv.Itoa(i)+"] is gone")
			continue
		}
		p.oldSegs = append(p.oldSegs, jsondoc.KeySeg("allOf"), jsondoc.IndexSeg(i))
		p.newSegs = append(p.newSegs, jsondoc.KeySeg("allOf"), jsondoc.IndexSeg(j))
		p.compare(ob[i].Value, nb[j].Value, false)
		p.pop(2)
	}
	for j := range nb {
		if !taken[j] {
			p.c.add(constraintTightened, p.c.new, nb[j].Value, p.newPath(jsondoc.KeySeg("allOf"), jsondoc.IndexSeg(j)), p.n.Name,
				"allOf["+strconv.Itoa(j)+"] is new: values must match it too")
		}
	}
}

// Properties.

func (p *pair) properties(o, n *jsondoc.Node) {
	op, np := o.Get("properties"), n.Get("properties")
	opx, npx := jsondoc.IndexOf(op), jsondoc.IndexOf(np) // every key of each is looked up in the other
	oreq, nreq := requiredSet(o), requiredSet(n)
	for _, m := range op.Members() {
		if !npx.Has(m.Key) {
			p.c.add(removedParameter, p.c.old, m.Value, p.oldPath(jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key)), p.n.Name,
				"parameter "+termtext.Quote(m.Key)+" was removed")
		}
	}
	said := map[string]bool{}
	for _, r := range n.Get("required").Elems() {
		name := r.Value.Text()
		if !r.Value.Is(jsondoc.String) || oreq[name] || said[name] {
			continue
		}
		said[name] = true
		if opx.Has(name) {
			p.atRequired(parameterBecameRequired, n, name, "parameter "+termtext.Quote(name)+" is now required: calls without it fail")
			continue
		}
		if v := npx.Get(name); v != nil {
			p.c.add(newRequiredParameter, p.c.new, v, p.newPath(jsondoc.KeySeg("properties"), jsondoc.KeySeg(name)), p.n.Name,
				"new parameter "+termtext.Quote(name)+" is required: calls without it fail")
			continue
		}
		p.atRequired(newRequiredParameter, n, name, "new parameter "+termtext.Quote(name)+" is required: calls without it fail")
	}
	for _, m := range np.Members() {
		path := func() string { return p.newPath(jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key)) }
		ov := opx.Get(m.Key)
		switch {
		case ov == nil && oreq[m.Key]:
			if !nreq[m.Key] {
				p.c.add(constraintRelaxed, p.c.new, m.Value, path(), p.n.Name, "parameter "+termtext.Quote(m.Key)+" is no longer required")
			}
			p.undeclared(o, m.Key, m.Value, true)
			continue
		case ov == nil && !nreq[m.Key]:
			p.c.add(addedOptionalParameter, p.c.new, m.Value, path(), p.n.Name, "new optional parameter "+termtext.Quote(m.Key))
			p.undeclared(o, m.Key, m.Value, false)
			continue
		case ov == nil:
			continue
		case oreq[m.Key] && !nreq[m.Key]:
			p.c.add(constraintRelaxed, p.c.new, m.Value, path(), p.n.Name, "parameter "+termtext.Quote(m.Key)+" is no longer required")
		}
		p.push(jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key))
		if od, nd := ov.Get("description").Text(), m.Value.Get("description").Text(); od != nd && m.Value.Is(jsondoc.Object) {
			p.inNew(descriptionChanged, m.Value, "description", "the description of "+termtext.Quote(m.Key)+" changed")
		}
		p.schemas(ov, m.Value)
		p.pop(2)
	}
}

// undeclared compares the schema NEW gives a property OLD does not
// declare with the one OLD took the name by (oldCover): a call that gave
// it then must still be valid. Where OLD took any value under the name,
// that is compared only when OLD required it, as calls then gave it; a
// new optional property is otherwise new (added-optional-parameter), as
// calls name the parameters a tool declares. Where OLD took no value,
// no call was valid, and none breaks.
func (p *pair) undeclared(o *jsondoc.Node, key string, nv *jsondoc.Node, required bool) {
	cover := oldCover(o, key)
	if isFalse(cover.schema) || (cover.schema == nil && !required) {
		return
	}
	p.against(cover, property(key, nv))
}

// oldCover is the place of the schema that takes a property name o does
// not declare: the first of its patternProperties that matches the name,
// else its additionalProperties (no schema where it has none, which
// takes anything).
func oldCover(o *jsondoc.Node, name string) place {
	for _, m := range o.Get("patternProperties").Members() {
		if re, err := schema.CompileRegexp(m.Key); err == nil && re.MatchString(name) {
			return pattern(o, m.Key)
		}
	}
	return member(o, "additionalProperties")
}

// atRequired records a change at the name in n's "required".
func (p *pair) atRequired(chk *Check, n *jsondoc.Node, name, msg string) {
	for i, r := range n.Get("required").Elems() {
		if r.Value.Text() == name {
			p.c.add(chk, p.c.new, r.Value, p.newPath(jsondoc.KeySeg("required"), jsondoc.IndexSeg(i)), p.n.Name, msg)
			return
		}
	}
}

func requiredSet(n *jsondoc.Node) map[string]bool {
	set := map[string]bool{}
	for _, r := range n.Get("required").Elems() {
		if r.Value.Is(jsondoc.String) {
			set[r.Value.Str()] = true
		}
	}
	return set
}
