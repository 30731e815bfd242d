package schema

import "toolbench/core/jsondoc"

// Object is an object schema as a caller fills it in: the properties
// it defines and the names it requires, read through local "$ref"s and
// across the branches it applies in place (allOf, anyOf, oneOf). It is
// the one reading of a tool's parameters: the call check's flat schema,
// sample calls, the workbench's parameter table and form, and lint's
// question whether a required name is defined all take it from here.
//
// The schemas read are the object schema itself, then its allOf, anyOf
// and oneOf branches in that order, each after its local "$ref" (Deref);
// branches of branches are not read. A property's schema is read after
// its "$ref" too. Every "$ref" is followed as Deref follows it, so a loop
// or a reference to nothing ends where Deref ends it.
type Object struct {
	// Schema is the object schema viewed.
	Schema *jsondoc.Node
	// Props are the properties that Schema and its branches define, in
	// the order their "properties" write them, each name once; then the
	// required names that none of them defines, in the order of Required.
	Props []Property
	// Required are the names that "required" lists, of Schema and of its
	// allOf branches (which every value must pass): strings only, in the
	// order written, each once. A name an anyOf or oneOf branch requires
	// is required of some values only, and is not here.
	Required []string
	// Again are the properties that a schema after the first to define
	// the name defines again, in the order read: branches may give one
	// property different types. Each has its Node and Schema, and
	// Required as its name in Props has it.
	Again []Property

	byName nameIndex // of Props
}

// Property is one property of an Object.
type Property struct {
	Name string
	// Node is the property's schema as the first "properties" that
	// defines it writes it, for its position; nil for a required name
	// that no schema defines.
	Node *jsondoc.Node
	// Schema is Node after its local "$ref", nil when Node is.
	Schema *jsondoc.Node
	// Required says Object.Required lists the name.
	Required bool

	openAPI bool
}

// Params is the Object of a tool's parameter schema params: params after
// its own local "$ref" (whose neighbouring keywords are then not read,
// as Deref reads them), viewed by Resolver.Object. With openAPI the schema is
// Gemini's OpenAPI subset, as Types reads it.
func Params(params *jsondoc.Node, openAPI bool) Object {
	r := NewResolver(params)
	n, _, _ := r.Deref(params)
	return r.Object(n, openAPI)
}

// Object is the Object of the schema n inside r's root, the tool's
// parameter schema that "#..." references resolve against. n is read as
// it is written: a "$ref" of its own is not followed (Params follows the
// root's). A value that is no object schema has no properties and
// requires nothing.
func (r *Resolver) Object(n *jsondoc.Node, openAPI bool) Object {
	o := Object{Schema: n}
	if !n.Is(jsondoc.Object) {
		return o
	}
	var buf [8]*jsondoc.Node
	every, all := r.appliedSchemas(n, buf[:0])
	// Room for the names, counted first: the view is made for every
	// tool of a document, and growing the lists would cost more than the
	// count. A required name no schema defines, which is rare, grows the
	// properties.
	nreq, nprops := 0, 0
	for i, s := range all {
		if i < len(every) {
			nreq += len(s.Get("required").Elems())
		}
		nprops += len(s.Get("properties").Members())
	}
	if nreq > 0 {
		o.Required = make([]string, 0, nreq)
	}
	if nprops > 0 {
		o.Props = make([]Property, 0, nprops)
	}
	var required nameIndex
	for _, s := range every {
		for _, m := range s.Get("required").Elems() {
			if name := m.Value; name.Is(jsondoc.String) && !required.has(o.Required, name.Str()) {
				o.Required = append(o.Required, name.Str())
				added(&required, o.Required, func(s string) string { return s })
			}
		}
	}
	for _, s := range all {
		for _, m := range s.Get("properties").Members() {
			def, _, _ := r.Deref(m.Value)
			p := Property{Name: m.Key, Node: m.Value, Schema: def, Required: required.has(o.Required, m.Key), openAPI: openAPI}
			if o.index(m.Key) >= 0 {
				o.Again = append(o.Again, p)
				continue
			}
			o.add(p)
		}
	}
	for _, name := range o.Required {
		if o.index(name) < 0 {
			o.add(Property{Name: name, Required: true, openAPI: openAPI})
		}
	}
	return o
}

// Defines reports whether the schema n inside r's root, read as Object
// reads it, defines the property name: whether Object's property of
// that name has a Node. It builds nothing, for a caller that asks of a
// name or two, many times over.
func (r *Resolver) Defines(n *jsondoc.Node, name string) bool {
	if !n.Is(jsondoc.Object) {
		return false
	}
	var buf [8]*jsondoc.Node
	_, all := r.appliedSchemas(n, buf[:0])
	for _, s := range all {
		if s.Get("properties").Get(name) != nil {
			return true
		}
	}
	return false
}

// appliedSchemas lists n and the branches it applies in place, each
// after its "$ref", into buf: every is n and its allOf branches, which
// hold for every value, and all is every with the anyOf and oneOf
// branches after it.
func (r *Resolver) appliedSchemas(n *jsondoc.Node, buf []*jsondoc.Node) (every, all []*jsondoc.Node) {
	all = append(buf, n)
	for _, k := range [...]string{"allOf", "anyOf", "oneOf"} {
		for _, m := range n.Get(k).Elems() {
			b, _, _ := r.Deref(m.Value)
			all = append(all, b)
		}
		if k == "allOf" {
			every = all
		}
	}
	return every, all
}

// Property returns the property named name, and whether there is one.
func (o Object) Property(name string) (Property, bool) {
	if i := o.index(name); i >= 0 {
		return o.Props[i], true
	}
	return Property{}, false
}

func (o Object) index(name string) int {
	if o.byName != nil {
		if i, ok := o.byName[name]; ok {
			return i
		}
		return -1
	}
	for i := range o.Props {
		if o.Props[i].Name == name {
			return i
		}
	}
	return -1
}

func (o *Object) add(p Property) {
	o.Props = append(o.Props, p)
	added(&o.byName, o.Props, func(p Property) string { return p.Name })
}

// manyNames is the number of names from which a nameIndex keeps a map,
// so that a schema of thousands of properties is read in linear time.
const manyNames = 16

// nameIndex finds names in a list: by looking through the list while it
// is short, in a map once it is long. The map is nil until then.
type nameIndex map[string]int

// has reports whether list, which x indexes, holds name.
func (x nameIndex) has(list []string, name string) bool {
	if x != nil {
		_, ok := x[name]
		return ok
	}
	for _, s := range list {
		if s == name {
			return true
		}
	}
	return false
}

// added records the last element of list, named by name, starting the
// map when the list becomes long.
func added[T any](x *nameIndex, list []T, name func(T) string) {
	n := len(list)
	switch {
	case *x != nil:
		(*x)[name(list[n-1])] = n - 1
	case n >= manyNames:
		*x = make(nameIndex, 2*n)
		for i, e := range list {
			(*x)[name(e)] = i
		}
	}
}

// Types returns the types the property's schema declares, as Types reads
// them (OpenAPI's upper-case names and "nullable" for a Gemini tool):
// nil for a property that declares none, ok false for a "type" that is
// neither a string nor a list of strings.
func (p Property) Types() (types []string, ok bool) { return Types(p.Schema, p.openAPI) }

// Description is the property's "description", "" when it has none.
func (p Property) Description() string { return p.Schema.Get("description").Text() }

// Choices are the values the property allows when it lists them: its
// "const" alone, else the elements of its "enum"; none when it has
// neither, or an "enum" that is not a list.
func (p Property) Choices() []*jsondoc.Node {
	if c := p.Schema.Get("const"); c != nil {
		return []*jsondoc.Node{c}
	}
	var out []*jsondoc.Node
	for _, m := range p.Schema.Get("enum").Elems() {
		out = append(out, m.Value)
	}
	return out
}
