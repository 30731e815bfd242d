package diff

import (
	"slices"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
)

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

// kindReader reads the kinds of value the schemas of one side accept,
// each schema once: branches that lead back through $refs to the same
// schemas would otherwise be read again for every way to reach them.
//
// Schemas that lead to each other through anyOf, oneOf and allOf (a loop
// of $refs that no validator ends) accept any kind: a strongly connected
// component of that graph, found as Tarjan's algorithm finds them, so
// that the answer does not depend on which schema is read first.
type kindReader struct {
	refs    *schema.Resolver // of the parameter schema, for "#/..." references
	openAPI bool
	known   map[*jsondoc.Node]kinds
	order   map[*jsondoc.Node]int // the order schemas are first reached in
	low     map[*jsondoc.Node]int // the earliest of that order each reaches on the stack
	stack   []*jsondoc.Node       // schemas reached whose component is not complete
	on      map[*jsondoc.Node]bool
}

type kinds struct {
	bits  int
	words string
}

func newKindReader(root *jsondoc.Node, openAPI bool) *kindReader {
	return &kindReader{refs: schema.NewResolver(root), openAPI: openAPI, known: map[*jsondoc.Node]kinds{},
		order: map[*jsondoc.Node]int{}, low: map[*jsondoc.Node]int{}, on: map[*jsondoc.Node]bool{}}
}

// accepted is the set of kinds schema n accepts, its local $ref followed:
// those of its "type" (every kind without one, or with one this cannot
// read), narrowed to those any schema of its anyOf and of its oneOf
// accepts and those every schema of its allOf does. The words say the
// set as the schema writes it when one keyword narrows it.
func (r *kindReader) accepted(n *jsondoc.Node) (bits int, words string) {
	n = r.deref(n)
	if n.Is(jsondoc.Bool) && !n.IsTrue() {
		return 0, "nothing"
	}
	if _, ok := r.order[n]; !ok {
		r.visit(n)
	}
	k := r.known[n]
	return k.bits, k.words
}

func (r *kindReader) deref(n *jsondoc.Node) *jsondoc.Node {
	n, _, _ = r.refs.Deref(n)
	return n
}

// eachBranch calls f with each schema of n's anyOf, oneOf and allOf, its
// $ref followed.
func (r *kindReader) eachBranch(n *jsondoc.Node, f func(*jsondoc.Node)) {
	for _, key := range [...]string{"anyOf", "oneOf", "allOf"} {
		for _, b := range n.Get(key).Elems() {
			f(r.deref(b.Value))
		}
	}
}

// visit reads n and the schemas its branches lead to, depth first; when
// n completes a component, what each schema of it accepts is known.
func (r *kindReader) visit(n *jsondoc.Node) {
	r.order[n], r.low[n] = len(r.order), len(r.order)
	r.stack = append(r.stack, n)
	r.on[n] = true
	loops := false
	r.eachBranch(n, func(b *jsondoc.Node) {
		switch _, seen := r.order[b]; {
		case b == n:
			loops = true
		case !seen:
			r.visit(b)
			r.low[n] = min(r.low[n], r.low[b])
		case r.on[b]:
			r.low[n] = min(r.low[n], r.order[b])
		}
	})
	if r.low[n] != r.order[n] {
		return
	}
	i := len(r.stack) - 1
	for r.stack[i] != n {
		i--
	}
	component := r.stack[i:]
	r.stack = r.stack[:i]
	for _, m := range component {
		delete(r.on, m)
	}
	if len(component) > 1 || loops {
		for _, m := range component {
			r.known[m] = kinds{tAny, "any type"}
		}
		return
	}
	bits, words := r.read(n)
	r.known[n] = kinds{bits, words}
}

func (r *kindReader) read(n *jsondoc.Node) (bits int, words string) {
	bits = tAny
	var said []string // the words of each keyword that narrows the set
	narrow := func(b int, w string) {
		if b != tAny {
			bits &= b
			said = append(said, w)
		}
	}
	narrow(declared(n, r.openAPI))
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if list := n.Get(key).Elems(); len(list) > 0 {
			narrow(r.union(list))
		}
	}
	for _, b := range n.Get("allOf").Elems() {
		narrow(r.accepted(b.Value))
	}
	switch len(said) {
	case 0:
		return tAny, "any type"
	case 1:
		return bits, said[0]
	}
	return bits, kindWords(bits)
}

// declared is the set of kinds n's "type" names, and the names.
func declared(n *jsondoc.Node, openAPI bool) (bits int, words string) {
	types, ok := schema.Types(n, openAPI)
	if !ok || types == nil {
		return tAny, "any type"
	}
	for _, t := range types {
		bits |= typeBits[t]
	}
	return bits, strings.Join(types, " or ")
}

// union is the set of kinds any schema of list accepts, in words.
func (r *kindReader) union(list []jsondoc.Member) (bits int, words string) {
	var said []string
	for _, b := range list {
		k, w := r.accepted(b.Value)
		bits |= k
		if !slices.Contains(said, w) {
			said = append(said, w)
		}
	}
	if bits == tAny {
		return tAny, "any type"
	}
	return bits, strings.Join(said, " or ")
}

// kindWords names the kinds of bits as type names.
func kindWords(bits int) string {
	var names []string
	for _, k := range [...]struct {
		bits int
		name string
	}{{tString, "string"}, {tInteger | tFraction, "number"}, {tInteger, "integer"}, {tFraction, "number"}, {tBoolean, "boolean"}, {tObject, "object"}, {tArray, "array"}, {tNull, "null"}} {
		if bits&k.bits == k.bits {
			names = append(names, k.name)
			bits &^= k.bits
		}
	}
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, " or ")
}

// typeKey is the member of n that says what it accepts, for a change's
// place: its type, else its branches.
func typeKey(n *jsondoc.Node) string {
	for _, k := range [...]string{"type", "anyOf", "oneOf", "allOf"} {
		if n.Has(k) {
			return k
		}
	}
	return "type"
}

func (p *pair) types(o, n *jsondoc.Node) {
	ob, ot := p.oldKinds.accepted(o)
	nb, nt := p.newKinds.accepted(n)
	switch {
	case ob&^nb != 0:
		p.inNew(typeChanged, n, typeKey(n), "type was "+ot+", is "+nt+": "+lostKinds(ob&^nb)+" no longer accepted")
	case nb&^ob != 0:
		p.inNew(typeWidened, n, typeKey(n), "type was "+ot+", is "+nt)
	}
}

// lostKinds names the kinds of value in bits, for a message: "null is",
// "strings are", "null, booleans are".
func lostKinds(bits int) string {
	var names []string
	for _, k := range [...]struct {
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
