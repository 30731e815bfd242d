package diff

import (
	"math/big"
	"slices"
	"strings"

	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// Change is one difference between the two documents: a plain value that
// renderers turn into text, JSON, Markdown or workflow commands.
type Change struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Tool     string   `json:"tool"`               // the tool's name: in NEW, or in OLD for a tool that is gone
	OldTool  string   `json:"old_tool,omitempty"` // possibly-renamed-tool: the name in OLD
	Path     string   `json:"path"`               // the JSON path in NEW, or in OLD for what is gone
	Message  string   `json:"message"`
	File     string   `json:"file"` // the document Path is in
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Offset   int      `json:"-"` // byte offset in File
}

// Result is what Compare found.
type Result struct {
	Changes  []Change // breaking ones first, then notes, each in the order of the tools
	Breaking int
	Notes    int
}

// Compare compares the tools of old and new. Tools are sent in lists,
// one a document or one a record of a JSON Lines dataset: the N-th list
// of old is compared with the N-th of new, so the two must hold as many
// (else the error says so), and within a pair tools are matched by name,
// the second tool of a repeated name with the second of it. The
// parameter schemas of each match are walked side by side through
// properties, items and additionalProperties; a $ref is compared as
// written, not followed.
func Compare(old, new *jsondoc.Document) (*Result, error) {
	oldSet, newSet := tooldef.Tools(old), tooldef.Tools(new)
	if err := pairable(oldSet, newSet); err != nil {
		return nil, err
	}
	m := match(oldSet, newSet)
	c := &comparer{old: old, new: new}
	// The matched tools are compared a share a processor, and the
	// shares' changes joined in tool order.
	k := par.Shares(len(newSet.Tools), parallelTools)
	parts := make([]comparer, k)
	addedIn := make([][]*tooldef.Tool, k)
	par.Split(k, len(newSet.Tools), func(part, lo, hi int) {
		pc := &parts[part]
		pc.old, pc.new = old, new
		for i := lo; i < hi; i++ {
			n := &newSet.Tools[i]
			switch j := m.partner[i]; {
			case j >= 0:
				pc.tools(&oldSet.Tools[j], n)
			case n.NameNode.Is(jsondoc.String):
				addedIn[part] = append(addedIn[part], n)
			}
		}
	})
	var added []*tooldef.Tool
	for i := range parts {
		c.changes = append(c.changes, parts[i].changes...)
		c.docs = append(c.docs, parts[i].docs...)
		added = append(added, addedIn[i]...)
	}
	var removed []*tooldef.Tool
	for i := range oldSet.Tools {
		if o := &oldSet.Tools[i]; o.NameNode.Is(jsondoc.String) && !m.paired[i] {
			removed = append(removed, o)
		}
	}
	c.renamesAndRemovals(removed, added)
	return c.result(), nil
}

// parallelTools is the fewest tools a goroutine of Compare takes.
const parallelTools = 512

// comparer collects the changes of one comparison.
type comparer struct {
	old, new *jsondoc.Document
	changes  []Change
	docs     []*jsondoc.Document // the document each change is in
}

// add records a change at node n of doc, at path.
func (c *comparer) add(chk *Check, doc *jsondoc.Document, n *jsondoc.Node, path, tool, msg string) {
	c.changes = append(c.changes, Change{Severity: chk.Severity, Code: chk.Code, Tool: tool, Path: path, Message: msg, File: doc.Name, Offset: int(n.Start)})
	c.docs = append(c.docs, doc)
}

// result positions the changes, breaking ones first.
func (c *comparer) result() *Result {
	for _, doc := range []*jsondoc.Document{c.old, c.new} {
		var ps []jsondoc.Pos
		var at []int
		for i := range c.changes {
			if c.docs[i] == doc {
				ps = append(ps, jsondoc.Pos{Offset: c.changes[i].Offset})
				at = append(at, i)
			}
		}
		doc.PositionAll(ps)
		for k, i := range at {
			c.changes[i].Line, c.changes[i].Column = ps[k].Line, ps[k].Column
		}
	}
	r := &Result{}
	for _, sev := range []Severity{Error, Note} {
		for _, ch := range c.changes {
			if ch.Severity == sev {
				r.Changes = append(r.Changes, ch)
			}
		}
	}
	for _, ch := range r.Changes {
		if ch.Severity == Error {
			r.Breaking++
		} else {
			r.Notes++
		}
	}
	return r
}

// pair compares one tool of OLD with the tool of its name in NEW,
// walking their schemas side by side: segs is the path from the
// parameter schema to the schemas being compared, the same in both.
type pair struct {
	c          *comparer
	o, n       *tooldef.Tool
	oldBase    string // the parameter schema's path, in OLD
	newBase    string // and in NEW
	segs       []jsondoc.Seg
	oldOpenAPI bool
	newOpenAPI bool
}

func (c *comparer) tools(o, n *tooldef.Tool) {
	if ot, nt := o.Desc.Text(), n.Desc.Text(); ot != nt {
		at, path := n.Def, n.DefPath
		if n.Desc != nil {
			at, path = n.Desc, jsondoc.AppendKey(n.DefPath, "description")
		}
		c.add(descriptionChanged, c.new, at, path, n.Name, "the tool's description changed")
	}
	if !o.Params.Is(jsondoc.Object) || !n.Params.Is(jsondoc.Object) {
		return
	}
	// Most tools of a new version are the old ones, written the same:
	// their text says so at once, where walking them would cost as much
	// as reading them.
	if c.old.Src[o.Params.Start:o.Params.End] == c.new.Src[n.Params.Start:n.Params.End] {
		return
	}
	p := &pair{c: c, o: o, n: n, oldBase: o.ParamsPath(), newBase: n.ParamsPath(), oldOpenAPI: o.OpenAPIParams(), newOpenAPI: n.OpenAPIParams()}
	p.schemas(o.Params, n.Params)
}

// newPath and oldPath are the paths of the schemas compared, or of a
// member of them.
func (p *pair) newPath(more ...jsondoc.Seg) string {
	return jsondoc.AppendSegs(p.newBase, slices.Concat(p.segs, more))
}
func (p *pair) oldPath(more ...jsondoc.Seg) string {
	return jsondoc.AppendSegs(p.oldBase, slices.Concat(p.segs, more))
}

// inNew records a change at a member of the new schema n, or at n itself
// when it has no member key.
func (p *pair) inNew(chk *Check, n *jsondoc.Node, key, msg string) {
	if v := n.Get(key); v != nil {
		p.c.add(chk, p.c.new, v, p.newPath(jsondoc.KeySeg(key)), p.n.Name, msg)
		return
	}
	p.c.add(chk, p.c.new, n, p.newPath(), p.n.Name, msg)
}

// schemas compares schema o of OLD with schema n of NEW.
func (p *pair) schemas(o, n *jsondoc.Node) {
	if !o.Is(jsondoc.Object) || !n.Is(jsondoc.Object) {
		return
	}
	p.types(o, n)
	p.enums(o, n)
	p.constraints(o, n)
	p.additional(o, n)
	p.properties(o, n)
	p.under(o, n, "items")
}

// under compares the schemas of the member key of o and n.
func (p *pair) under(o, n *jsondoc.Node, key string) {
	oc, nc := o.Get(key), n.Get(key)
	if !oc.Is(jsondoc.Object) || !nc.Is(jsondoc.Object) {
		return
	}
	p.segs = append(p.segs, jsondoc.KeySeg(key))
	p.schemas(oc, nc)
	p.segs = p.segs[:len(p.segs)-1]
}

// Types.

// The accepted kinds of value, as bits: number is integer and fraction.
const (
	tNull = 1 << iota
	tBoolean
	tObject
	tArray
	tString
	tInteger
	tFraction
	tAny = 1<<iota - 1
)

var typeBits = map[string]int{
	"null": tNull, "boolean": tBoolean, "object": tObject, "array": tArray,
	"string": tString, "integer": tInteger, "number": tInteger | tFraction,
}

// accepted is the set of kinds schema n accepts by its "type": every
// kind without one, or with one this cannot read.
func accepted(n *jsondoc.Node, openAPI bool) (bits int, text string) {
	types, ok := schema.Types(n, openAPI)
	if !ok || types == nil {
		return tAny, "any type"
	}
	for _, t := range types {
		bits |= typeBits[t]
	}
	return bits, strings.Join(types, " or ")
}

func (p *pair) types(o, n *jsondoc.Node) {
	ob, ot := accepted(o, p.oldOpenAPI)
	nb, nt := accepted(n, p.newOpenAPI)
	switch {
	case ob&^nb != 0:
		p.inNew(typeChanged, n, "type", "type was "+ot+", is "+nt+": "+lostKinds(ob&^nb)+" no longer accepted")
	case nb&^ob != 0:
		p.inNew(typeWidened, n, "type", "type was "+ot+", is "+nt)
	}
}

// lostKinds names the kinds of value in bits, for a message: "null is",
// "strings are", "null, booleans are".
func lostKinds(bits int) string {
	var names []string
	for _, k := range []struct {
		bit  int
		name string
	}{{tNull, "null"}, {tBoolean, "booleans"}, {tObject, "objects"}, {tArray, "arrays"}, {tString, "strings"}, {tInteger, "integers"}, {tFraction, "numbers with a fraction"}} {
		if bits&k.bit != 0 {
			names = append(names, k.name)
		}
	}
	if len(names) == 1 && names[0] == "null" {
		return "null is"
	}
	return strings.Join(names, ", ") + " are"
}

// Enums.

func (p *pair) enums(o, n *jsondoc.Node) {
	oe, ne := o.Get("enum"), n.Get("enum")
	switch {
	case !oe.Is(jsondoc.Array) && ne.Is(jsondoc.Array):
		p.inNew(constraintTightened, n, "enum", "an enum of "+termtext.Plural(ne.Len(), "value")+" is new")
	case oe.Is(jsondoc.Array) && !ne.Is(jsondoc.Array):
		p.inNew(constraintRelaxed, n, "enum", "the enum is gone")
	case oe.Is(jsondoc.Array):
		oldKeys, newKeys := enumKeys(oe), enumKeys(ne)
		for i, m := range oe.Kids() {
			if !newKeys[canonical(m.Value)] && firstOf(oe, m.Value, i) {
				p.c.add(enumValueRemoved, p.c.old, m.Value, p.oldPath(jsondoc.KeySeg("enum"), jsondoc.IndexSeg(i)), p.n.Name,
					"enum value "+snippet(m.Value)+" was removed")
			}
		}
		for i, m := range ne.Kids() {
			if !oldKeys[canonical(m.Value)] && firstOf(ne, m.Value, i) {
				p.c.add(enumValueAdded, p.c.new, m.Value, p.newPath(jsondoc.KeySeg("enum"), jsondoc.IndexSeg(i)), p.n.Name,
					"enum value "+snippet(m.Value)+" was added")
			}
		}
	}
}

func canonical(n *jsondoc.Node) string { return string(jsondoc.AppendCanonical(nil, n)) }

func enumKeys(e *jsondoc.Node) map[string]bool {
	keys := make(map[string]bool, e.Len())
	for _, m := range e.Kids() {
		keys[canonical(m.Value)] = true
	}
	return keys
}

// firstOf reports whether v, element i of enum e, is the first of its
// value there, so that a repeated value is reported once.
func firstOf(e, v *jsondoc.Node, i int) bool {
	for _, m := range e.Kids()[:i] {
		if jsondoc.Equal(m.Value, v) {
			return false
		}
	}
	return true
}

// snippet is the JSON text of n on one line, short, for a message.
func snippet(n *jsondoc.Node) string {
	b := jsondoc.AppendCompact(nil, n, true, 60)
	if len(b) > 60 {
		return termtext.EscapeLine(strings.ToValidUTF8(string(b[:57]), "")) + "..."
	}
	return termtext.EscapeLine(string(b))
}

// Constraints.

// bounds are the keywords that bound a value: an upper bound tightens as
// it falls, a lower one as it rises.
var bounds = []struct {
	key   string
	upper bool
}{
	{"maximum", true}, {"exclusiveMaximum", true}, {"maxLength", true}, {"maxItems", true}, {"maxProperties", true},
	{"minimum", false}, {"exclusiveMinimum", false}, {"minLength", false}, {"minItems", false}, {"minProperties", false},
}

func (p *pair) constraints(o, n *jsondoc.Node) {
	for _, b := range bounds {
		p.bound(o, n, b.key, b.upper)
	}
	p.multipleOf(o, n)
	p.changedValue(o, n, "pattern")
	p.changedValue(o, n, "const")
	switch ou, nu := o.Get("uniqueItems").IsTrue(), n.Get("uniqueItems").IsTrue(); {
	case !ou && nu:
		p.inNew(constraintTightened, n, "uniqueItems", "uniqueItems is new: repeated items are refused")
	case ou && !nu:
		p.inNew(constraintRelaxed, n, "uniqueItems", "uniqueItems is gone")
	}
}

func (p *pair) bound(o, n *jsondoc.Node, key string, upper bool) {
	ov, nv := number(o.Get(key)), number(n.Get(key))
	switch {
	case ov == nil && nv == nil:
	case ov == nil:
		p.inNew(constraintTightened, n, key, key+" "+n.Get(key).Str()+" is new")
	case nv == nil:
		p.inNew(constraintRelaxed, n, key, key+" "+o.Get(key).Str()+" is gone")
	default:
		cmp := nv.Cmp(ov)
		if cmp == 0 {
			return
		}
		chk := constraintRelaxed
		if (cmp < 0) == upper {
			chk = constraintTightened
		}
		p.inNew(chk, n, key, key+" was "+o.Get(key).Str()+", is "+n.Get(key).Str())
	}
}

// number is the value of a number node, or nil for anything else.
func number(n *jsondoc.Node) *big.Float {
	if !n.Is(jsondoc.Number) {
		return nil
	}
	f, _, err := big.ParseFloat(n.Str(), 10, 256, big.ToNearestEven)
	if err != nil {
		return nil
	}
	return f
}

// multipleOf tightens unless the old divisor is a multiple of the new.
func (p *pair) multipleOf(o, n *jsondoc.Node) {
	ov, nv := number(o.Get("multipleOf")), number(n.Get("multipleOf"))
	switch {
	case ov == nil && nv == nil:
	case ov == nil:
		p.inNew(constraintTightened, n, "multipleOf", "multipleOf "+n.Get("multipleOf").Str()+" is new")
	case nv == nil:
		p.inNew(constraintRelaxed, n, "multipleOf", "multipleOf is gone")
	case ov.Cmp(nv) != 0:
		chk := constraintTightened
		if nv.Sign() != 0 && new(big.Float).Quo(ov, nv).IsInt() {
			chk = constraintRelaxed
		}
		p.inNew(chk, n, "multipleOf", "multipleOf was "+o.Get("multipleOf").Str()+", is "+n.Get("multipleOf").Str())
	}
}

// changedValue reports a keyword whose every value narrows what is
// accepted (pattern, const): new or changed tightens, gone relaxes.
func (p *pair) changedValue(o, n *jsondoc.Node, key string) {
	ov, nv := o.Get(key), n.Get(key)
	switch {
	case ov == nil && nv == nil:
	case ov == nil:
		p.inNew(constraintTightened, n, key, key+" "+snippet(nv)+" is new")
	case nv == nil:
		p.inNew(constraintRelaxed, n, key, key+" "+snippet(ov)+" is gone")
	case !jsondoc.Equal(ov, nv):
		p.inNew(constraintTightened, n, key, key+" was "+snippet(ov)+", is "+snippet(nv))
	}
}

func (p *pair) additional(o, n *jsondoc.Node) {
	oc, nc := isFalse(o.Get("additionalProperties")), isFalse(n.Get("additionalProperties"))
	switch {
	case !oc && nc:
		p.inNew(additionalPropertiesClosed, n, "additionalProperties", "additionalProperties is now false: arguments the schema does not name are refused")
	case oc && !nc:
		p.inNew(constraintRelaxed, n, "additionalProperties", "additionalProperties is no longer false")
	default:
		p.under(o, n, "additionalProperties")
	}
}

func isFalse(n *jsondoc.Node) bool { return n.Is(jsondoc.Bool) && n.Str() == "false" }

// Properties.

func (p *pair) properties(o, n *jsondoc.Node) {
	op, np := o.Get("properties"), n.Get("properties")
	oreq, nreq := requiredSet(o), requiredSet(n)
	for _, m := range op.Members() {
		if !np.Has(m.Key) {
			p.c.add(removedParameter, p.c.old, m.Value, p.oldPath(jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key)), p.n.Name,
				"parameter "+termtext.Quote(m.Key)+" was removed")
		}
	}
	for _, r := range n.Get("required").Elems() {
		name := r.Value.Text()
		if !r.Value.Is(jsondoc.String) || oreq[name] {
			continue
		}
		if op.Has(name) {
			p.atRequired(parameterBecameRequired, n, name, "parameter "+termtext.Quote(name)+" is now required: calls without it fail")
			continue
		}
		if v := np.Get(name); v != nil {
			p.c.add(newRequiredParameter, p.c.new, v, p.newPath(jsondoc.KeySeg("properties"), jsondoc.KeySeg(name)), p.n.Name,
				"new parameter "+termtext.Quote(name)+" is required: calls without it fail")
			continue
		}
		p.atRequired(newRequiredParameter, n, name, "new parameter "+termtext.Quote(name)+" is required: calls without it fail")
	}
	for _, m := range np.Members() {
		path := func() string { return p.newPath(jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key)) }
		ov := op.Get(m.Key)
		switch {
		case ov == nil && !nreq[m.Key]:
			p.c.add(addedOptionalParameter, p.c.new, m.Value, path(), p.n.Name, "new optional parameter "+termtext.Quote(m.Key))
			continue
		case ov == nil:
			continue
		case oreq[m.Key] && !nreq[m.Key]:
			p.c.add(constraintRelaxed, p.c.new, m.Value, path(), p.n.Name, "parameter "+termtext.Quote(m.Key)+" is no longer required")
		}
		if od, nd := ov.Get("description").Text(), m.Value.Get("description").Text(); od != nd && m.Value.Is(jsondoc.Object) {
			p.segs = append(p.segs, jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key))
			p.inNew(descriptionChanged, m.Value, "description", "the description of "+termtext.Quote(m.Key)+" changed")
			p.segs = p.segs[:len(p.segs)-2]
		}
		p.segs = append(p.segs, jsondoc.KeySeg("properties"), jsondoc.KeySeg(m.Key))
		p.schemas(ov, m.Value)
		p.segs = p.segs[:len(p.segs)-2]
	}
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
