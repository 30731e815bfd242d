package lint

import (
	"slices"
	"strings"
	"sync"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// The scan of a tool's text that the security rules share: every text of
// the tool that reaches a model, lexed once, and what each attack class
// finds in it. Each rule of the family reports the findings of its class.

// secClass is an attack class: one security rule each.
type secClass uint8

const (
	clsConcealment secClass = iota
	clsCoercion
	clsSensitive
	clsExfiltration
	clsParameter
	clsCommand
	clsShadowing
	nSecClasses
)

// secText is one text of a tool that reaches the model. Its path and
// what it is are made only for a finding.
type secText struct {
	node *jsondoc.Node // the JSON string
	base string        // the JSON path of root
	root *jsondoc.Node // the schema the text is in, nil for the tool's own texts
	in   *jsondoc.Node // the object that holds the text: root, or a subschema of it
	key  string        // the text's key in that object
	more []jsondoc.Seg // from the key to the string, in a value (an enum's index)
	prop string        // the property whose schema holds it, "" for the tool's own texts
	own  bool          // a text of the tool itself, not of a schema
}

// path is the text's JSON path. A schema's text finds its subschema
// again: paths are made only for findings.
func (t *secText) path() string {
	base := t.base
	if t.root != nil && t.in != t.root {
		schema.Walk(t.root, nil, func(n *jsondoc.Node, segs []jsondoc.Seg) bool {
			if n == t.in {
				base = jsondoc.AppendSegs(t.base, segs)
			}
			return n != t.in
		})
	}
	return jsondoc.AppendSegs(jsondoc.AppendKey(base, t.key), t.more)
}

// what says what the text is, for a message: "tool description",
// "description of property \"note\"", "enum value of the schema".
func (t *secText) what() string {
	if t.own {
		switch t.key {
		case "input_examples":
			return "input example"
		case "annotations":
			return "annotations title"
		}
		return "tool " + t.key
	}
	what := t.key
	switch t.key {
	case "const", "default":
		what += " value"
	case "enum", "examples":
		what = strings.TrimSuffix(t.key, "s") + " value"
	}
	if t.prop != "" {
		return what + " of property " + quoteName(t.prop)
	}
	return what + " of the schema"
}

// secFinding is what a class found in a text: the bytes of the phrase in
// the string, and what it means.
type secFinding struct {
	class    secClass
	text     int
	from, to int
	why      string
	refs     []string // tool names the phrase steers toward or away from (tool-shadowing)
}

// secScan is the security scan of one tool.
type secScan struct {
	texts   []secText
	found   []secFinding
	name    string   // the tool's name
	purpose []string // the words of its name, what its purpose explains: see words
	named   bool     // purpose is made
	props   []string // the property names of its parameters

	// The text being scanned: its index, its tokens, the classes found in
	// it, and whether it names a shell command.
	cur     int
	x       *lexed
	hit     [nSecClasses]bool
	command bool
	filters [][2]int // the parts of the clause being scanned that describe a filter (see segment)
}

// lexers are the token buffers of the scans under way: a scan lexes its
// texts one after the other into one of them.
var lexers = sync.Pool{New: func() any { return new(lexed) }}

var securityScan = NewFact(scanTool)

func scanTool(t *tooldef.Tool) *secScan {
	s := &secScan{name: t.Name, texts: make([]secText, 0, 8)}
	s.collect(t)
	s.x = lexers.Get().(*lexed)
	for i := range s.texts {
		s.scanText(i)
	}
	lexers.Put(s.x)
	s.x = nil
	return s
}

// words are the words of the tool's name, made on the first call.
func (s *secScan) words() []string {
	if !s.named {
		s.purpose, s.named = nameWords(s.name), true
	}
	return s.purpose
}

// collect gathers the texts of t: its name, title and description, its
// annotations' title, and in its parameter and output schemas every
// description and title, enum and const value, default and example.
func (s *secScan) collect(t *tooldef.Tool) {
	if t.NameNode != nil {
		s.add(secText{node: t.NameNode, base: t.DefPath, key: "name", own: true})
	}
	if t.Def != nil {
		s.add(secText{node: t.Def.Get("title"), base: t.DefPath, key: "title", own: true})
		s.add(secText{node: t.Def.Get("description"), base: t.DefPath, key: "description", own: true})
		if a := t.Def.Get("annotations"); a.Is(jsondoc.Object) {
			s.add(secText{node: a.Get("title"), base: t.DefPath, key: "annotations", more: []jsondoc.Seg{jsondoc.KeySeg("title")}, own: true})
		}
	}
	if t.Params.Is(jsondoc.Object) {
		if props := t.Params.Get("properties"); props.Is(jsondoc.Object) {
			for _, m := range props.Kids() {
				s.props = append(s.props, m.Key)
			}
		}
		s.collectSchema(t.Params, t.ParamsPath())
	}
	if t.Def != nil && t.ParamsKey == "inputSchema" {
		if out := t.Def.Get("outputSchema"); out.Is(jsondoc.Object) {
			s.collectSchema(out, jsondoc.AppendKey(t.DefPath, "outputSchema"))
		}
	}
	if t.Examples.Is(jsondoc.Array) {
		s.collectValues(t.Examples, secText{base: t.DefPath, key: "input_examples", own: true})
	}
}

// add keeps a text that is a string and may hold what a class finds.
func (s *secScan) add(t secText) {
	if t.node.Is(jsondoc.String) && mayHoldPhrase(t.node.Str()) {
		s.texts = append(s.texts, t)
	}
}

// collectSchema gathers the texts of a schema and its subschemas.
func (s *secScan) collectSchema(root *jsondoc.Node, base string) {
	s.collectIn(root, root, base, "")
}

// collectIn gathers the texts of schema n, a subschema of root, and of
// its subschemas; prop is the property whose schema n is in.
func (s *secScan) collectIn(root, n *jsondoc.Node, base, prop string) {
	// The subschemas are those schema.Children gives, visited here
	// without a callback: the walk runs on every tool of every lint.
	for _, m := range n.Kids() {
		v := m.Value
		switch m.Key {
		case "description", "title":
			s.add(secText{node: v, base: base, root: root, in: n, key: m.Key, prop: prop})
			continue
		case "const", "default", "enum", "examples":
			s.collectValues(v, secText{base: base, root: root, in: n, key: m.Key, prop: prop})
			continue
		}
		switch {
		case v.Is(jsondoc.Object) && schema.IsSchemaMapKeyword(m.Key):
			for _, p := range v.Kids() {
				if p.Value.Is(jsondoc.Object) {
					sub := prop
					if m.Key == "properties" {
						sub = p.Key
					}
					s.collectIn(root, p.Value, base, sub)
				}
			}
		case v.Is(jsondoc.Object) && schema.IsSchemaKeyword(m.Key):
			s.collectIn(root, v, base, prop)
		case v.Is(jsondoc.Array) && schema.IsSchemaListKeyword(m.Key):
			for _, e := range v.Kids() {
				if e.Value.Is(jsondoc.Object) {
					s.collectIn(root, e.Value, base, prop)
				}
			}
		}
	}
}

// collectValues gathers the strings of a value, however deep: t with
// the segments from its key to each.
func (s *secScan) collectValues(n *jsondoc.Node, t secText) {
	switch n.Kind {
	case jsondoc.String:
		t.node = n
		s.add(t)
	case jsondoc.Array:
		for i, m := range n.Kids() {
			u := t
			u.more = append(slices.Clip(t.more), jsondoc.IndexSeg(i))
			s.collectValues(m.Value, u)
		}
	case jsondoc.Object:
		for _, m := range n.Kids() {
			u := t
			u.more = append(slices.Clip(t.more), jsondoc.KeySeg(m.Key))
			s.collectValues(m.Value, u)
		}
	}
}

func quoteName(s string) string { return `"` + s + `"` }

// mayHoldPhrase reports whether a text can hold what a class finds: a
// phrase needs a space; a path, an address or a payload alone, a
// slash, a tilde, an at sign or length. Most names and enum values are
// single words, and are not lexed.
func mayHoldPhrase(s string) bool {
	return len(s) >= 40 || strings.ContainsAny(s, " \n\t/~@")
}

// scanText runs every class on text i.
func (s *secScan) scanText(i int) {
	t := &s.texts[i]
	s.cur, s.hit, s.command = i, [nSecClasses]bool{}, false
	x := s.x
	x.lex(t.node.Str())
	for ci := range x.clauses {
		s.scanClause(t, x.clause(ci))
	}
	s.scanRaw(x.src)
}

// report records what class c found in the text being scanned: the bytes
// [from, to) of the string, and why it matters; one finding a class a
// text.
func (s *secScan) report(c secClass, from, to int, why string, refs ...string) {
	if s.hit[c] {
		return
	}
	s.hit[c] = true
	src := s.x.src
	// Take in the quote that closes a quoted word the phrase ends with.
	if to < len(src) {
		if q := src[to]; (q == '\'' || q == '"' || q == '`') && strings.Count(src[from:to], string(q))%2 == 1 {
			to++
		}
	}
	for i, r := range refs {
		refs[i] = strings.Clone(r) // the tokens' text is the lexer's, which the next text reuses
	}
	s.found = append(s.found, secFinding{class: c, text: s.cur, from: from, to: to, why: why, refs: refs})
}

// span is the bytes of tokens cl[from:to] in the string.
func span(cl []tok, from, to int) (int, int) { return int(cl[from].start), int(cl[to-1].end) }
