package diff

import (
	"math/big"
	"strconv"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
)

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
				p.inOld(enumValueRemoved, o, "enum", i, "enum value "+snippet(m.Value)+" was removed")
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
	{"maxLength", true}, {"maxItems", true}, {"maxProperties", true},
	{"minLength", false}, {"minItems", false}, {"minProperties", false},
}

// narrowing are the keywords whose every value narrows what is accepted,
// compared as written: new or changed tightens, gone relaxes.
var narrowing = []string{"pattern", "const", "not", "propertyNames", "contains"}

func (p *pair) constraints(o, n *jsondoc.Node) {
	p.limit(o, n, "maximum", "exclusiveMaximum", true)
	p.limit(o, n, "minimum", "exclusiveMinimum", false)
	for _, b := range bounds {
		p.bound(o, n, b.key, b.upper)
	}
	p.multipleOf(o, n)
	for _, key := range narrowing {
		p.changedValue(o, n, key)
	}
	p.format(o, n)
	switch ou, nu := o.Get("uniqueItems").IsTrue(), n.Get("uniqueItems").IsTrue(); {
	case !ou && nu:
		p.inNew(constraintTightened, n, "uniqueItems", "uniqueItems is new: repeated items are refused")
	case ou && !nu:
		p.inNew(constraintRelaxed, n, "uniqueItems", "uniqueItems is gone")
	}
	p.conditional(o, n)
	p.dependentRequired(o, n)
	p.dependentSchemas(o, n)
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

// numberLimit is the bound a schema sets on numbers, from above or
// below: its value, whether the value itself is refused, and the
// keywords that say so.
type numberLimit struct {
	value     *big.Float
	exclusive bool
	key, text string // the keyword of the value, and the value as written
	at        string // the keyword a change of it is reported at
	draft4    bool   // exclusive is draft 4's boolean beside the value
}

// limitOf is n's limit from above (maximum and exclusiveMaximum) or below
// (minimum and exclusiveMinimum), ok false when it has none. Draft 4 made
// exclusiveMaximum a boolean that refuses maximum itself, alone asserting
// nothing; later drafts made it a bound of its own, and of two bounds the
// tighter holds.
func limitOf(n *jsondoc.Node, inclusive, exclusive string, upper bool) (l numberLimit, ok bool) {
	in, ex := n.Get(inclusive), n.Get(exclusive)
	iv := number(in)
	if ex.Is(jsondoc.Bool) {
		if iv == nil {
			return l, false
		}
		at := inclusive
		if ex.IsTrue() {
			at = exclusive
		}
		return numberLimit{iv, ex.IsTrue(), inclusive, in.Str(), at, true}, true
	}
	ev := number(ex)
	switch {
	case iv == nil && ev == nil:
		return l, false
	case ev == nil:
		return numberLimit{iv, false, inclusive, in.Str(), inclusive, false}, true
	}
	excl := numberLimit{ev, true, exclusive, ex.Str(), exclusive, false}
	if iv == nil {
		return excl, true
	}
	// Both: the tighter holds, the exclusive one when they are equal.
	if c := iv.Cmp(ev); c == 0 || (c > 0) == upper {
		return excl, true
	}
	return numberLimit{iv, false, inclusive, in.Str(), inclusive, false}, true
}

// words says a limit in a message: "maximum 5", "exclusiveMaximum 5", or
// draft 4's "maximum 5 (exclusive)".
func (l numberLimit) words() string {
	if l.draft4 && l.exclusive {
		return l.key + " " + l.text + " (exclusive)"
	}
	return l.key + " " + l.text
}

// limit compares the limits of o and n on numbers from above or below:
// one that lets fewer numbers through tightens.
func (p *pair) limit(o, n *jsondoc.Node, inclusive, exclusive string, upper bool) {
	ol, oh := limitOf(o, inclusive, exclusive, upper)
	nl, nh := limitOf(n, inclusive, exclusive, upper)
	switch {
	case !oh && !nh:
		return
	case !oh:
		p.inNew(constraintTightened, n, nl.at, nl.words()+" is new")
		return
	case !nh:
		p.inNew(constraintRelaxed, n, ol.key, ol.words()+" is gone")
		return
	}
	c := nl.value.Cmp(ol.value)
	if !upper {
		c = -c
	}
	// c < 0: NEW's limit is nearer, and lets fewer numbers through.
	if c == 0 && nl.exclusive != ol.exclusive {
		if nl.exclusive {
			c = -1
		} else {
			c = 1
		}
	}
	if c == 0 {
		return
	}
	chk := constraintRelaxed
	if c < 0 {
		chk = constraintTightened
	}
	msg := ol.words() + " is now " + nl.words()
	switch {
	case nl.key == ol.key && nl.exclusive == ol.exclusive:
		msg = nl.key + " was " + ol.text + ", is " + nl.text
	case nl.value.Cmp(ol.value) == 0 && nl.exclusive:
		msg += ": " + nl.text + " itself is refused"
	case nl.value.Cmp(ol.value) == 0:
		msg += ": " + nl.text + " itself is accepted"
	}
	p.inNew(chk, n, nl.at, msg)
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

// multipleOf tightens unless the old divisor is a multiple of the new,
// which is read exactly: 0.9 is a multiple of 0.3, though not as binary
// fractions are.
func (p *pair) multipleOf(o, n *jsondoc.Node) {
	on, nn := o.Get("multipleOf"), n.Get("multipleOf")
	switch {
	case !on.Is(jsondoc.Number) && !nn.Is(jsondoc.Number):
	case !on.Is(jsondoc.Number):
		p.inNew(constraintTightened, n, "multipleOf", "multipleOf "+nn.Str()+" is new")
	case !nn.Is(jsondoc.Number):
		p.inNew(constraintRelaxed, n, "multipleOf", "multipleOf is gone")
	case on.Str() != nn.Str():
		equal, multiple := divides(on, nn)
		if equal {
			return
		}
		chk := constraintTightened
		if multiple {
			chk = constraintRelaxed
		}
		p.inNew(chk, n, "multipleOf", "multipleOf was "+on.Str()+", is "+nn.Str())
	}
}

// divides reports whether numbers a and b are equal, and whether a is a
// multiple of b: exactly when both can be read as fractions, else as
// binary floating point; neither when they cannot be read at all.
func divides(a, b *jsondoc.Node) (equal, multiple bool) {
	if x, y := exact(a), exact(b); x != nil && y != nil {
		return x.Cmp(y) == 0, y.Sign() != 0 && new(big.Rat).Quo(x, y).IsInt()
	}
	x, y := number(a), number(b)
	if x == nil || y == nil {
		return false, false
	}
	return x.Cmp(y) == 0, y.Sign() != 0 && new(big.Float).Quo(x, y).IsInt()
}

// maxExactExponent bounds the decimal exponent of a number read exactly:
// 1e1000000 would take a million digits.
const maxExactExponent = 400

// exact is the value of a number node as a fraction, or nil when it is
// not a number or its exponent is past maxExactExponent.
func exact(n *jsondoc.Node) *big.Rat {
	s := n.Str()
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || e > maxExactExponent || e < -maxExactExponent {
			return nil
		}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil
	}
	return r
}

// changedValue reports a keyword whose every value narrows what is
// accepted: new or changed tightens, gone relaxes.
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

// assertedFormats are the formats a string must be of, as calls are
// checked; any other format is an annotation.
var assertedFormats = func() map[string]bool {
	set := map[string]bool{}
	for _, f := range schema.Formats() {
		if f.Asserted {
			set[f.Name] = true
		}
	}
	return set
}()

// format reports an asserted format new or changed, which narrows the
// strings accepted, or gone, which widens them.
func (p *pair) format(o, n *jsondoc.Node) {
	of, nf := asserted(o), asserted(n)
	switch {
	case of == nf:
	case of == "":
		p.inNew(constraintTightened, n, "format", "format "+termtext.Quote(nf)+" is new: strings not of it are refused")
	case nf == "":
		p.inNew(constraintRelaxed, n, "format", "format "+termtext.Quote(of)+" is no longer checked")
	default:
		p.inNew(constraintTightened, n, "format", "format was "+termtext.Quote(of)+", is "+termtext.Quote(nf))
	}
}

// asserted is the format n asserts, or "".
func asserted(n *jsondoc.Node) string {
	if f := n.Get("format"); f.Is(jsondoc.String) && assertedFormats[f.Str()] {
		return f.Str()
	}
	return ""
}

// conditional compares if, then and else. An if without then or else
// asserts nothing.
func (p *pair) conditional(o, n *jsondoc.Node) {
	oc := o.Has("if") && (o.Has("then") || o.Has("else"))
	nc := n.Has("if") && (n.Has("then") || n.Has("else"))
	switch {
	case !oc && !nc:
	case !oc:
		p.inNew(constraintTightened, n, "if", "an if with its then or else is new: calls it selects must match them")
	case !nc:
		p.inNew(constraintRelaxed, n, "if", "the if with its then or else is gone")
	default:
		for _, key := range [...]string{"if", "then", "else"} {
			p.changedValue(o, n, key)
		}
	}
}

// dependencyKeys are the keywords that hold what a property, when given,
// requires: dependentRequired and dependentSchemas, and dependencies, which
// held both before draft 2019-09 (a list of names or a schema).
var dependencyKeys = [...]string{"dependentRequired", "dependentSchemas", "dependencies"}

// dependentRequired reports a property that must now be given with
// another (a list of names under a dependency keyword), or need no
// longer be.
func (p *pair) dependentRequired(o, n *jsondoc.Node) {
	olds, news := dependentNames(o), dependentNames(n)
	for _, key := range dependencyKeys {
		for _, m := range n.Get(key).Members() {
			for i, r := range m.Value.Elems() {
				if name := r.Value.Text(); r.Value.Is(jsondoc.String) && !olds[[2]string{m.Key, name}] {
					p.c.add(constraintTightened, p.c.new, r.Value, p.newPath(jsondoc.KeySeg(key), jsondoc.KeySeg(m.Key), jsondoc.IndexSeg(i)), p.n.Name,
						"a call with "+termtext.Quote(m.Key)+" must now also have "+termtext.Quote(name))
				}
			}
		}
	}
	for _, key := range dependencyKeys {
		for _, m := range o.Get(key).Members() {
			for _, r := range m.Value.Elems() {
				if name := r.Value.Text(); r.Value.Is(jsondoc.String) && !news[[2]string{m.Key, name}] {
					p.inNew(constraintRelaxed, n, key, "a call with "+termtext.Quote(m.Key)+" no longer needs "+termtext.Quote(name))
				}
			}
		}
	}
}

// dependentNames is the set of {property, name it requires} of n.
func dependentNames(n *jsondoc.Node) map[[2]string]bool {
	set := map[[2]string]bool{}
	for _, key := range dependencyKeys {
		for _, m := range n.Get(key).Members() {
			for _, r := range m.Value.Elems() {
				if r.Value.Is(jsondoc.String) {
					set[[2]string{m.Key, r.Value.Str()}] = true
				}
			}
		}
	}
	return set
}

// dependentSchemas reports a schema that a call with a property must now
// match (a schema under a dependency keyword), new or changed, or one
// that is gone.
func (p *pair) dependentSchemas(o, n *jsondoc.Node) {
	olds, news := dependentSchemaMap(o), dependentSchemaMap(n)
	for _, key := range dependencyKeys {
		for _, m := range n.Get(key).Members() {
			if !isSchema(m.Value) {
				continue
			}
			path := p.newPath(jsondoc.KeySeg(key), jsondoc.KeySeg(m.Key))
			switch ov := olds[m.Key]; {
			case ov == nil:
				p.c.add(constraintTightened, p.c.new, m.Value, path, p.n.Name, "a call with "+termtext.Quote(m.Key)+" must now match "+snippet(m.Value))
			case !jsondoc.Equal(ov, m.Value):
				p.c.add(constraintTightened, p.c.new, m.Value, path, p.n.Name, "the schema a call with "+termtext.Quote(m.Key)+" must match was "+snippet(ov)+", is "+snippet(m.Value))
			}
		}
	}
	for _, key := range dependencyKeys {
		for _, m := range o.Get(key).Members() {
			if isSchema(m.Value) && news[m.Key] == nil {
				p.inNew(constraintRelaxed, n, key, "a call with "+termtext.Quote(m.Key)+" no longer has to match "+snippet(m.Value))
			}
		}
	}
}

func isSchema(n *jsondoc.Node) bool { return n.Is(jsondoc.Object) || n.Is(jsondoc.Bool) }

// dependentSchemaMap maps each property of n's dependency keywords to the
// schema it selects.
func dependentSchemaMap(n *jsondoc.Node) map[string]*jsondoc.Node {
	m := map[string]*jsondoc.Node{}
	for _, key := range dependencyKeys {
		for _, d := range n.Get(key).Members() {
			if isSchema(d.Value) {
				m[d.Key] = d.Value
			}
		}
	}
	return m
}

func (p *pair) additional(o, n *jsondoc.Node) {
	oc, nc := isFalse(o.Get("additionalProperties")), isFalse(n.Get("additionalProperties"))
	switch {
	case !oc && nc && n == noParams:
		p.inNew(additionalPropertiesClosed, n, "additionalProperties", "the parameter schema is gone: the tool takes no arguments")
	case !oc && nc:
		p.inNew(additionalPropertiesClosed, n, "additionalProperties", "additionalProperties is now false: arguments the schema does not name are refused")
	case oc && !nc && o == noParams:
		p.inNew(constraintRelaxed, n, "additionalProperties", "the parameter schema is new: the tool took no arguments")
	case oc && !nc:
		p.inNew(constraintRelaxed, n, "additionalProperties", "additionalProperties is no longer false")
	default:
		p.under(o, n, "additionalProperties")
	}
}

func isFalse(n *jsondoc.Node) bool { return n.Is(jsondoc.Bool) && n.Str() == "false" }
