package lint

import (
	"strings"

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

// secText is one text of a tool that reaches the model.
type secText struct {
	node *jsondoc.Node // the JSON string
	path string        // its JSON path
	what string        // what it is, for messages: "tool description", "description of property \"note\""
	prop string        // the property whose schema holds it, "" for the tool's own texts
	x    lexed
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
	purpose map[string]bool // the words of the tool's name: what its purpose explains
	props   map[string]bool // the property names of its parameters, lower-cased
}

var securityScan = NewFact(scanTool)

func scanTool(t *tooldef.Tool) *secScan {
	s := &secScan{purpose: nameWordSet(t.Name), props: map[string]bool{}}
	s.collect(t)
	for i := range s.texts {
		s.scanText(i)
	}
	return s
}

// nameWordSet is the set of a name's words (nameWords): read_file,
// readFile and read-file are "read" and "file".
func nameWordSet(name string) map[string]bool {
	m := map[string]bool{}
	for _, w := range nameWords(name) {
		m[w] = true
	}
	return m
}

// collect gathers the texts of t: its name, title and description, its
// annotations' title, and in its parameter and output schemas every
// description and title, enum and const value, default and example.
func (s *secScan) collect(t *tooldef.Tool) {
	add := func(n *jsondoc.Node, path, what, prop string) {
		if n.Is(jsondoc.String) && n.Str() != "" {
			s.texts = append(s.texts, secText{node: n, path: path, what: what, prop: prop})
		}
	}
	if t.NameNode != nil {
		add(t.NameNode, jsondoc.AppendKey(t.DefPath, "name"), "tool name", "")
	}
	if t.Def != nil {
		add(t.Def.Get("title"), jsondoc.AppendKey(t.DefPath, "title"), "tool title", "")
		add(t.Def.Get("description"), jsondoc.AppendKey(t.DefPath, "description"), "tool description", "")
		if a := t.Def.Get("annotations"); a.Is(jsondoc.Object) {
			add(a.Get("title"), jsondoc.AppendKey(jsondoc.AppendKey(t.DefPath, "annotations"), "title"), "annotations title", "")
		}
	}
	if t.Params.Is(jsondoc.Object) {
		if props := t.Params.Get("properties"); props.Is(jsondoc.Object) {
			for _, m := range props.Kids() {
				s.props[asciiLower(m.Key)] = true
			}
		}
		s.collectSchema(t.Params, t.ParamsPath(), add)
	}
	if t.Def != nil && t.ParamsKey == "inputSchema" {
		if out := t.Def.Get("outputSchema"); out.Is(jsondoc.Object) {
			s.collectSchema(out, jsondoc.AppendKey(t.DefPath, "outputSchema"), add)
		}
	}
	if t.Examples.Is(jsondoc.Array) {
		s.collectValues(t.Examples, jsondoc.AppendKey(t.DefPath, "input_examples"), "input example", "", add)
	}
}

// collectSchema gathers the texts of a schema and its subschemas.
func (s *secScan) collectSchema(root *jsondoc.Node, base string, add func(n *jsondoc.Node, path, what, prop string)) {
	schema.Walk(root, nil, func(n *jsondoc.Node, segs []jsondoc.Seg) bool {
		prop := ""
		for i := len(segs) - 2; i >= 0; i-- {
			if segs[i].Key == "properties" && segs[i].Index < 0 {
				prop = segs[i+1].Key
				break
			}
		}
		var path string
		pathOf := func(key string) string {
			if path == "" {
				path = jsondoc.AppendSegs(base, segs)
			}
			return jsondoc.AppendKey(path, key)
		}
		of := "the schema"
		if prop != "" {
			of = "property " + quoteName(prop)
		}
		for _, m := range n.Kids() {
			switch m.Key {
			case "description", "title":
				add(m.Value, pathOf(m.Key), m.Key+" of "+of, prop)
			case "const", "default":
				s.collectValues(m.Value, pathOf(m.Key), m.Key+" value of "+of, prop, add)
			case "enum", "examples":
				s.collectValues(m.Value, pathOf(m.Key), strings.TrimSuffix(m.Key, "s")+" value of "+of, prop, add)
			}
		}
		return true
	})
}

// collectValues gathers the strings of a value, however deep.
func (s *secScan) collectValues(n *jsondoc.Node, path, what, prop string, add func(n *jsondoc.Node, path, what, prop string)) {
	switch n.Kind {
	case jsondoc.String:
		add(n, path, what, prop)
	case jsondoc.Array:
		for i, m := range n.Kids() {
			s.collectValues(m.Value, jsondoc.AppendIndex(path, i), what, prop, add)
		}
	case jsondoc.Object:
		for _, m := range n.Kids() {
			s.collectValues(m.Value, jsondoc.AppendKey(path, m.Key), what, prop, add)
		}
	}
}

func quoteName(s string) string { return `"` + s + `"` }

// scanText runs every class on text i.
func (s *secScan) scanText(i int) {
	t := &s.texts[i]
	t.x.lex(t.node.Str())
	x := &t.x
	hit := [nSecClasses]bool{}
	report := func(c secClass, from, to int, why string, refs ...string) {
		if hit[c] {
			return // one finding of a class a text
		}
		hit[c] = true
		// Take in the quote that closes a quoted word the phrase ends with.
		if to < len(x.src) {
			if q := x.src[to]; (q == '\'' || q == '"' || q == '`') && strings.Count(x.src[from:to], string(q))%2 == 1 {
				to++
			}
		}
		s.found = append(s.found, secFinding{class: c, text: i, from: from, to: to, why: why, refs: refs})
	}
	s.scanRaw(t, report)
	for ci := range x.clauses {
		cl := x.clause(ci)
		s.scanClause(t, cl, report)
	}
}

// span is the bytes of tokens cl[from:to] in the string.
func span(cl []tok, from, to int) (int, int) { return int(cl[from].start), int(cl[to-1].end) }
