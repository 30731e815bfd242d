package lint

import (
	"regexp"
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
	clsHidden // found by the security model, not by a rule's phrases (see weigh)
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
	// name is a property's name spelled as a sentence, lexed in the
	// stead of node, the first string of the property's schema, which a
	// finding points at whole (see sentenceName).
	name string
}

// src is what the scan reads of the text: the property's name for a
// name spelled as a sentence, else the string.
func (t *secText) src() string {
	if t.name != "" {
		return t.name
	}
	return t.node.Str()
}

// path is the text's JSON path. A schema's text finds its subschema
// again: paths are made only for findings.
func (t *secText) path() string {
	base := t.base
	if t.root != nil && t.in != t.root {
		if segs, ok := pathTo(t.root, t.in, nil); ok {
			base = jsondoc.AppendSegs(t.base, segs)
		}
	}
	return jsondoc.AppendSegs(jsondoc.AppendKey(base, t.key), t.more)
}

// pathTo returns the segments from n to its subschema sub, reached by
// the keywords collectIn walks, after segs.
func pathTo(n, sub *jsondoc.Node, segs []jsondoc.Seg) ([]jsondoc.Seg, bool) {
	if n == sub {
		return segs, true
	}
	for _, m := range n.Kids() {
		v := m.Value
		switch subschemasOf(m) {
		case schemaMap:
			for _, p := range v.Kids() {
				if p.Value.Is(jsondoc.Object) {
					if found, ok := pathTo(p.Value, sub, append(segs, jsondoc.KeySeg(m.Key), jsondoc.KeySeg(p.Key))); ok {
						return found, true
					}
				}
			}
		case schemaOne:
			if found, ok := pathTo(v, sub, append(segs, jsondoc.KeySeg(m.Key))); ok {
				return found, true
			}
		case schemaList:
			for i, e := range v.Kids() {
				if e.Value.Is(jsondoc.Object) {
					if found, ok := pathTo(e.Value, sub, append(segs, jsondoc.KeySeg(m.Key), jsondoc.IndexSeg(i))); ok {
						return found, true
					}
				}
			}
		}
	}
	return nil, false
}

// what says what the text is, for a message: "tool description",
// "description of property \"note\"", "enum value of the schema".
func (t *secText) what() string {
	if t.name != "" {
		return "name of property " + quoteName(t.prop) + ", at its " + t.key + ","
	}
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
	case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
		if len(t.more) == 1 && t.more[0].Index < 0 {
			// A string where a schema belongs (see collectIn).
			return "text in place of the schema of " + quoteName(t.more[0].Key)
		}
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
	fields  []string // the names of the properties of its schemas' subschemas, deeper than props
	noText  []string // the props whose type carries no text (see typeCarriesText)
	// named4Conv are its properties named for the conversation (see
	// conversationName).
	named4Conv []jsondoc.Member
	values     []string // its enum and const values that look like identifiers, lower-cased: a method's name is no other tool's
	// segs hold the segments of the texts' paths from their keys (see
	// secText.more), one after the other.
	segs []jsondoc.Seg
	// stack holds the segments from a value's key to the value being
	// collected (see collectValue).
	stack []jsondoc.Seg

	// The text being scanned: its index, its tokens, the classes found in
	// it, and the kinds of shell command it names.
	cur     int
	x       *lexed
	hit     [nSecClasses]bool
	command cmdWords
	filters [][2]int // the parts of the clause being scanned that describe a filter (see segment)
	cc      clauseCues
	// prevSens is what secret the clause before named, unexplained, for
	// an order in the next to hand "it" over; "" for none.
	prevSens string
	// prevNamed: the clause before named a secret, explained or not.
	prevNamed bool
	// productLabel is whether the last clause was a label that names
	// another product ("Notion users:"), whose tools the next names.
	productLabel bool
	// callsLabel is whether the last clause was a label that speaks of
	// every call of another tool, s.productRef.
	callsLabel bool
	// productRef is the identifier of another product's tool an earlier
	// clause of the text named after the product; "" for none.
	productRef string
	// public is whether the text being scanned says something is public
	// (see publicizesPrivate).
	public bool
	// prevPublic is whether the clause before said something is public.
	prevPublic bool
	// prevPrivate is whether the clause before named a person's private
	// details.
	prevPrivate bool
	// label is the property a clause of the tool's own text speaks of,
	// after a line that names it with a colon: "- insight: everything
	// the user has told you"; "" for none.
	label string
	// toolLabel is the other tool a clause speaks of, after a short one
	// that names it before a colon or a tag's end: "- create_event: add
	// this address", <policy target="send_payment">; "" for none.
	toolLabel string
	// model is the security model's scratch (see weigh).
	model modelScratch
}

// scanners are the scans under way and done: a scan's buffers (its
// texts, their tokens, its findings) are reused by the next tool's, and
// only a tool's findings, with the texts they point at, outlive it.
var scanners = sync.Pool{New: func() any { return &secScan{x: new(lexed)} }}

// secFindings are what the scan of a tool found, and the texts the
// findings are in: most tools have none, and share noFindings.
type secFindings struct {
	texts []secText
	found []secFinding
}

// noFindings is the scan of a tool with no finding; never written.
var noFindings = &secFindings{}

var securityScan = NewFact(scanTool)

// securityScanAlone is the scan of a tool as the rules' phrases and
// intents make it, not weighed by the model (Options.SecurityRulesAlone).
var securityScanAlone = NewFact(func(t *tooldef.Tool) *secFindings {
	s := scanned(t)
	r := s.findings()
	scanners.Put(s)
	return r
})

func scanTool(t *tooldef.Tool) *secFindings {
	s := scanned(t)
	s.weigh(securityModel())
	r := s.findings()
	scanners.Put(s)
	return r
}

// scanned returns a scan of t from the pool with what the rules found,
// before the model weighs it.
func scanned(t *tooldef.Tool) *secScan {
	s := newScan(t)
	for i := range s.texts {
		s.scanText(i)
	}
	s.convProps(t)
	return s
}

// newScan returns a scan of t from the pool, its texts collected.
func newScan(t *tooldef.Tool) *secScan {
	s := scanners.Get().(*secScan)
	*s = secScan{name: t.Name, x: s.x, texts: emptied(s.texts), found: emptied(s.found),
		props: emptied(s.props), fields: emptied(s.fields), noText: emptied(s.noText), named4Conv: emptied(s.named4Conv),
		values: emptied(s.values), segs: emptied(s.segs), stack: s.stack[:0], filters: s.filters[:0], model: s.model}
	s.collect(t)
	return s
}

// emptied returns b cleared and cut to length 0: a pooled scan keeps its
// buffers but no string or node of the last tool's document.
func emptied[T any](b []T) []T {
	clear(b)
	return b[:0]
}

// findings copies what the scan found, and the texts it is in, out of
// the scan's buffers.
func (s *secScan) findings() *secFindings {
	if len(s.found) == 0 {
		return noFindings
	}
	r := &secFindings{found: slices.Clone(s.found)}
	at := make(map[int]int, len(s.found))
	for i := range r.found {
		f := &r.found[i]
		k, ok := at[f.text]
		if !ok {
			k = len(r.texts)
			at[f.text] = k
			t := s.texts[f.text]
			t.more = slices.Clone(t.more) // the scan's, which the next reuses
			r.texts = append(r.texts, t)
		}
		f.text = k
	}
	return r
}

// convProps finds a property named for the conversation or the model's
// instructions ("full_chat_log", "system_prompt", "prior_messages") on a
// tool whose purpose does not explain it: its name alone asks the model
// for them. The finding points at the first string of its schema.
func (s *secScan) convProps(t *tooldef.Tool) {
	if len(s.named4Conv) == 0 || s.nameHas(convHeads) {
		return
	}
	for _, m := range s.named4Conv {
		if !schemaCarriesText(m.Value) || systemPromptName(m.Key) && s.nameHas(modelMakers) {
			continue
		}
		for _, k := range m.Value.Kids() {
			if !k.Value.Is(jsondoc.String) {
				continue
			}
			s.texts = append(s.texts, secText{node: k.Value, base: t.ParamsPath(), root: t.Params, in: m.Value, key: k.Key, prop: m.Key})
			s.found = append(s.found, secFinding{class: clsParameter, text: len(s.texts) - 1, from: 0, to: len(k.Value.Str()),
				why: "belongs to a property named for the conversation or the model's instructions, " + quoteName(m.Key)})
			break
		}
	}
}

// schemaCarriesText reports whether a property's schema can carry text: a
// boolean, a number or a choice among fixed values cannot carry the
// conversation ("allow_chat_direct_messages": boolean is a setting).
func schemaCarriesText(n *jsondoc.Node) bool {
	return !n.Get("enum").Is(jsondoc.Array) && n.Get("const") == nil && typeCarriesText(n)
}

// systemPromptName reports whether a property's name is of a system
// prompt: system_prompt, systemMessage.
func systemPromptName(name string) bool {
	ws := nameWords(name)
	return slices.Contains(ws, "system") && (slices.Contains(ws, "prompt") || slices.Contains(ws, "message") || slices.Contains(ws, "instructions"))
}

// modelMakers are the words of a tool's name that make or configure a
// model of its own, whose system prompt a property takes: an agent, an
// assistant, a bot or a persona.
var modelMakers = wordSet("agent agents assistant assistants bot bots chatbot chatbots persona personas")

// convHeads are the words of a tool's name that explain a property
// named for the conversation: a chat or memory tool's.
var convHeads = wordSet("chat chats conversation conversations convo message messages history transcript transcripts memory memories prompt prompts llm completion completions sample sampling dialog dialogue session sessions")

// convStems are the beginnings of the words conversationName looks for.
var convStems = []string{"chat", "conv", "dialog", "system", "histor", "messages", "transcript"}

// convStem reports whether a word of name, in any case, starts with one
// of convStems.
func convStem(name string) bool {
	for i := 0; i+4 <= len(name); i++ {
		if i > 0 && name[i-1] != '_' && name[i-1] != '-' && !('A' <= name[i] && name[i] <= 'Z') {
			continue // not the start of a word of the name
		}
		for _, st := range convStems {
			if name[i]|0x20 == st[0] && len(name)-i >= len(st) && strings.EqualFold(name[i:i+len(st)], st) {
				return true
			}
		}
	}
	return false
}

// conversationName reports whether a property's name is made of words
// that name the conversation or the model's instructions: a whole or
// earlier chat, a chat's log, the system prompt.
func conversationName(name string) bool {
	if len(name) < 8 || strings.IndexByte(name, '_') < 0 && strings.IndexByte(name, '-') < 0 && !hasUpper(name) || !convStem(name) {
		return false
	}
	ws := nameWords(name)
	chat, record, whole, system := false, false, false, false
	for _, w := range ws {
		switch w {
		case "chat", "conversation", "convo", "dialog", "dialogue":
			chat = true
		case "log", "logs", "history", "transcript", "dump", "messages":
			record = true
		case "full", "entire", "whole", "all", "prior", "previous", "past", "earlier":
			whole = true
		case "system":
			system = true
		case "prompt", "message", "instructions":
			record = record || system
		}
	}
	return chat && record || whole && (chat || record) || system && record
}

// words are the words of the tool's name, made on the first call.
func (s *secScan) words() []string {
	if !s.named {
		s.purpose, s.named = nameWords(s.name), true
	}
	return s.purpose
}

// nameHas reports whether a word of the tool's name is in set: what the
// tool is for explains what its texts ask.
func (s *secScan) nameHas(set map[string]bool) bool {
	return slices.ContainsFunc(s.words(), func(w string) bool { return set[w] })
}

// collect gathers the texts of t: its name, title and description, its
// annotations' title, its own and its annotations' vendor extensions, and in its parameter and output schemas every
// description and title, enum and const value, default and example.
func (s *secScan) collect(t *tooldef.Tool) {
	if t.NameNode != nil {
		s.add(secText{node: t.NameNode, base: t.DefPath, key: "name", own: true})
	}
	if t.Def != nil {
		s.add(secText{node: t.Def.Get("title"), base: t.DefPath, key: "title", own: true})
		s.add(secText{node: t.Def.Get("description"), base: t.DefPath, key: "description", own: true})
		if a := t.Def.Get("annotations"); a.Is(jsondoc.Object) {
			s.add(secText{node: a.Get("title"), base: t.DefPath, key: "annotations", more: titleSeg, own: true})
			for _, m := range a.Kids() {
				if strings.HasPrefix(m.Key, "x-") {
					// A vendor's extension of the annotations reaches the
					// model as the tool's own do.
					s.collectValues(m.Value, secText{base: jsondoc.AppendKey(t.DefPath, "annotations"), key: m.Key, own: true})
				}
			}
		}
		for _, m := range t.Def.Kids() {
			if strings.HasPrefix(m.Key, "x-") {
				// A vendor's extension of the tool: a client that hands
				// the model the definition as it is hands it these too.
				s.collectValues(m.Value, secText{base: t.DefPath, key: m.Key, own: true})
			}
		}
	}
	if t.Params.Is(jsondoc.Object) {
		if props := t.Params.Get("properties"); props.Is(jsondoc.Object) {
			for _, m := range props.Kids() {
				s.props = append(s.props, m.Key)
				if !typeCarriesText(m.Value) {
					s.noText = append(s.noText, m.Key)
				}
				if m.Value.Is(jsondoc.Object) && conversationName(m.Key) {
					s.named4Conv = append(s.named4Conv, m)
				}
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

// anyProp stands for the property of additionalProperties' or
// patternProperties' schema: whichever the model names.
const anyProp = "*"

// titleSeg is the path from an object's key to its title.
var titleSeg = []jsondoc.Seg{jsondoc.KeySeg("title")}

// add keeps a text that is a string and may hold what a class finds; a
// value that names an act done without asking the user
// ("autoRaiseWithoutAsking", see actsUnasked), however short.
func (s *secScan) add(t secText) {
	if t.node.Is(jsondoc.String) && (mayHoldPhrase(t.node.Str()) || sentenceName(t.node.Str()) || t.isValue() && strings.Contains(strings.ToLower(t.node.Str()), "without") && askedUnasked(t.node.Str())) {
		if len(t.more) > 0 {
			n := len(s.segs)
			s.segs = append(s.segs, t.more...)
			t.more = s.segs[n:len(s.segs):len(s.segs)]
		}
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
	// The subschemas are those subschemasOf gives, visited here without
	// a callback: the walk runs on every tool of every lint.
	for _, m := range n.Kids() {
		v := m.Value
		switch m.Key {
		case "description", "title", "$comment":
			s.add(secText{node: v, base: base, root: root, in: n, key: m.Key, prop: prop})
			continue
		}
		switch subschemasOf(m) {
		case schemaNone:
			if !notText(m.Key) {
				// A value reaches the model as it is written, strings in
				// a list or an object too: an enum's, a default, an
				// example, a vendor's extension (x-), a keyword the scan
				// does not know ("note", "hint", "errorMessage").
				s.collectValues(v, secText{base: base, root: root, in: n, key: m.Key, prop: prop})
			}
		case schemaMap:
			for _, p := range v.Kids() {
				if p.Value.Is(jsondoc.String) {
					// A string where a schema belongs is no schema, and a
					// client hands it to the model as it is written:
					// "properties": {"$comment": "reads ..."}.
					s.add(secText{node: p.Value, base: base, root: root, in: n, key: m.Key, more: []jsondoc.Seg{jsondoc.KeySeg(p.Key)}, prop: prop})
					continue
				}
				if p.Value.Is(jsondoc.Object) {
					sub := prop
					if (m.Key == "$defs" || m.Key == "definitions") && prop == "" {
						// A definition a property refers to is that
						// property's schema: its texts ask for the value
						// as the property's do, under the definition's
						// name ("CodeHints").
						sub = p.Key
					}
					if m.Key == "patternProperties" && prop == "" {
						sub = anyProp
					}
					if m.Key == "properties" {
						sub = p.Key
						if n != root {
							s.fields = append(s.fields, p.Key)
						}
						if sentenceName(p.Key) {
							s.addName(root, p.Value, base, p.Key)
						}
					}
					s.collectIn(root, p.Value, base, sub)
				}
			}
		case schemaOne:
			sub := prop
			if m.Key == "additionalProperties" && prop == "" && v.Is(jsondoc.Object) {
				// The schema of every property the object does not name
				// asks for its values as a property's schema does.
				sub = anyProp
			}
			s.collectIn(root, v, base, sub)
		case schemaList:
			for _, e := range v.Kids() {
				if e.Value.Is(jsondoc.Object) {
					s.collectIn(root, e.Value, base, prop)
				}
			}
		}
	}
}

// notText reports the keywords of a schema whose strings are names,
// references, types or patterns, not text for a reader: the scan skips
// them, and reads every other keyword's strings.
func notText(k string) bool {
	switch k {
	case "type", "format", "pattern", "required", "dependentRequired", "propertyOrdering",
		"$ref", "$dynamicRef", "$recursiveRef", "$id", "$schema", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary":
		return true
	}
	return false
}

// The subschemas a member of a schema holds, as the scan walks them.
const (
	schemaNone = iota
	schemaMap  // an object of subschemas by name
	schemaOne  // one subschema
	schemaList // a list of subschemas
)

// subschemasOf says what subschemas member m of a schema holds: those
// of the linter's walk (schema.Children), and of the keywords it leaves
// to the meta-schema's check, whose text reaches the model all the
// same: a property pattern's description ("one key per earlier message
// in this chat") is read as a property's is.
func subschemasOf(m jsondoc.Member) int {
	switch v := m.Value; {
	case v.Is(jsondoc.Object) && (schema.IsSchemaMapKeyword(m.Key) || m.Key == "patternProperties" || m.Key == "dependentSchemas"):
		return schemaMap
	case v.Is(jsondoc.Object) && (schema.IsSchemaKeyword(m.Key) || textSchema(m.Key)):
		return schemaOne
	case v.Is(jsondoc.Array) && schema.IsSchemaListKeyword(m.Key):
		return schemaList
	}
	return schemaNone
}

func textSchema(k string) bool {
	switch k {
	case "propertyNames", "contains", "unevaluatedProperties", "unevaluatedItems", "additionalItems":
		return true
	}
	return false
}

// collectValues gathers the strings of a value, however deep: t with
// the segments from its key to each.
func (s *secScan) collectValues(n *jsondoc.Node, t secText) {
	switch n.Kind {
	case jsondoc.String:
		t.node = n
		s.add(t)
		if v := n.Str(); (t.key == "enum" || t.key == "const") && len(v) < 64 && strings.ContainsAny(v, "_-") {
			s.values = append(s.values, asciiLower(v))
		}
	case jsondoc.Array:
		for i, m := range n.Kids() {
			s.collectValue(m.Value, t, jsondoc.IndexSeg(i))
		}
	case jsondoc.Object:
		for _, m := range n.Kids() {
			s.collectValue(m.Value, t, jsondoc.KeySeg(m.Key))
		}
	}
}

// collectValue gathers the strings of n, the value at seg of t's value:
// the segments from t's key to n are those of the scan's stack, which
// add copies for a text it keeps.
func (s *secScan) collectValue(n *jsondoc.Node, t secText, seg jsondoc.Seg) {
	s.stack = append(s.stack, seg)
	t.more = s.stack
	s.collectValues(n, t)
	s.stack = s.stack[:len(s.stack)-1]
}

func quoteName(s string) string { return `"` + s + `"` }

// addName keeps the name of property prop, whose schema is n, as a text
// of its own: a name of many words joined by underscores or hyphens
// ("before_any_reply_first_call_notes_sync") is a sentence the model
// reads. A finding points at the schema's description, its title or
// else its first string.
func (s *secScan) addName(root, n *jsondoc.Node, base, prop string) {
	var at jsondoc.Member
	for _, m := range n.Kids() {
		if m.Value.Is(jsondoc.String) && (at.Value == nil || m.Key == "description" || m.Key == "title" && at.Key != "description") {
			at = m
		}
	}
	if at.Value != nil {
		s.texts = append(s.texts, secText{node: at.Value, base: base, root: root, in: n, key: at.Key, prop: prop, name: prop})
	}
}

// sentenceName reports whether s is an identifier of five words or more
// joined by underscores or hyphens, and nothing else: a sentence spelled
// as a name or a value ("assistant_must_invoke_log_event_on_every_turn").
// Real names and values join two to four.
func sentenceName(s string) bool {
	if len(s) < 20 || len(s) > 200 {
		return false
	}
	parts := 1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_' || c == '-':
			if i == 0 || s[i-1] == '_' || s[i-1] == '-' {
				return false
			}
			parts++
		case !isAlnum(c):
			return false
		}
	}
	return parts >= 5
}

// spelled is a sentence name with spaces for its joins: the same bytes at
// the same offsets.
func spelled(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return ' '
		}
		return r
	}, s)
}

// mayHoldPhrase reports whether a text can hold what a class finds: a
// phrase needs a space; a path, an address, a payload or a command
// substitution alone, a slash, a tilde, an at sign, a dollar sign, a
// backtick or length. Most names and enum values are single words, and
// are not lexed.
func mayHoldPhrase(s string) bool {
	return len(s) >= 40 || strings.ContainsAny(s, " \n\t/~@$`\\") // a backslash: C:\ProgramData\...
}

// conversationTemplate is a template's expression of what was said in
// the conversation, or of the system prompt: "{{conversation.user_messages
// | join('\n')}}", "{{ chat_history }}", "${conversation.messages}", which
// a client that fills templates fills with what was said. A value is
// what the model passes; a description documents a product's template
// variables ("{{history}}" of a prompt manager), so it counts only the
// content of a conversation named as such, never its id
// ("{{conversation.display_id}}" of a helpdesk's canned reply).
var (
	conversationTemplateInValue = regexp.MustCompile(`(?i)[{$]\{-?\s*(?:#each\s+)?(?:(?:conversation|chat|session|context|thread)s?\.(?:\w*messages|history|transcript|text|content|turns|log)\b|conversation|chat_?history|messages|history|transcript|system_?prompt)\s*(?:\|[^{}]{0,80})?\}\}?`)
	conversationTemplateInProse = regexp.MustCompile(`(?i)[{$]\{-?\s*(?:#each\s+)?(?:conversation|chat|session|context|thread)s?\.(?:\w*messages|history|transcript)\b[^{}]{0,80}\}\}?`)
)

// scanText runs every class on text i.
func (s *secScan) scanText(i int) {
	t := &s.texts[i]
	s.cur, s.hit, s.command, s.prevSens, s.prevNamed, s.label, s.toolLabel, s.productLabel, s.callsLabel, s.productRef = i, [nSecClasses]bool{}, 0, "", false, "", "", false, false, ""
	x := s.x
	src := t.src()
	if (t.name != "" || t.isValue() || t.key == "name") && sentenceName(src) {
		src = spelled(src)
	}
	x.lex(src)
	s.prevPublic, s.prevPrivate = false, false
	s.public = strings.Contains(x.lower, "public") || strings.Contains(x.lower, "search engine") || strings.Contains(x.lower, "harvesters") || strings.Contains(x.lower, "listeners")
	asked := false // the last clause asked whether the model tells
	for ci := range x.clauses {
		cl := x.clause(ci)
		s.scanClause(t, cl)
		s.productLabel = s.labelsProduct(cl)
		s.callsLabel = s.labelsCalls(cl)
		if !answerMark(cl) {
			s.label = s.labelOf(t, cl)
			if asked && len(cl) == 1 && cl[0].w == "no" && !s.hit[clsConcealment] {
				from, to := span(cl, 0, 1)
				s.report(clsConcealment, from, to, "answers no to whether the model is to tell the user")
			}
			asked = asksWhetherToTell(x.src, cl)
		}
		// A clause in brackets after a tool's name ("install_package
		// (package-manager server) now needs ...") leaves the name the
		// subject of the next.
		if l := s.toolLabelOf(cl); l != "" || s.toolLabel == "" || !s.bracketed(cl) && !answerMark(cl) {
			s.toolLabel = l // a FAQ's "A:" leaves its question's tool standing
		}
	}
	s.scanRaw(x.src)
	if strings.Contains(x.src, "{{") || strings.Contains(x.src, "${") {
		re := conversationTemplateInProse
		if t.isValue() {
			re = conversationTemplateInValue
		}
		if loc := re.FindStringIndex(x.src); loc != nil && !s.explainedSens(t, conversationHeads) {
			s.report(clsParameter, loc[0], loc[1], "fills a value with the conversation by a template")
		}
	}
	if t.isValue() {
		if strings.ContainsAny(x.src, "$`;&|") {
			if loc := valueCommand.FindStringIndex(x.src); loc != nil {
				s.report(clsCommand, loc[0], loc[1], "puts a shell command in a value the model passes on")
			}
		}
		if v := t.src(); !strings.ContainsRune(v, ' ') {
			if asked, ok := actsUnasked(v); ok {
				why := "names a choice that acts without the user's say"
				if asked {
					why = whyActsUnasked
				}
				s.report(clsCoercion, 0, len(x.src), why)
			}
		}
		if strings.Contains(x.src, "{{") {
			if loc := privateTemplate.FindStringIndex(x.src); loc != nil && s.saysPublic() {
				s.report(clsExfiltration, loc[0], loc[1], whyPublishedTemplate)
			}
		}
		if strings.IndexByte(x.src, '@') >= 0 && (recipientProp(t.prop) || copyProp(t.prop) && !strings.ContainsRune(strings.TrimSpace(x.src), ' ')) {
			s.recipientValue()
		}
		if strings.Contains(x.src, "://") && destinationProp(t.prop) {
			s.destinationValue()
		}
	}
}

// privateTemplate is a template's field of a person's private details:
// "{{consent.medical_answers}}", "{{hirer.mobile}}", which a value that
// is published (an image's alt text, a public feed's message) makes
// public.
var privateTemplate = regexp.MustCompile(`(?i)\{\{\s*(?:client|customer|patient|hirer|member|guest|user|donor|consent|renter|passenger|buyer|tenant)s?\.\w*(?:medical|health|diagnos|mobile|phone|birth|dob|home_address|passport)\w*\s*\}\}`)

// whyPublishedTemplate is the why of a value whose template puts a
// person's private details in what the tool publishes, which the model
// does not veto: a template is no sentence it can judge.
const whyPublishedTemplate = "fills a person's private details, by a template, into text the tool makes public"

// saysPublic reports whether a text of the tool says something is
// public: a public page, feed or profile.
func (s *secScan) saysPublic() bool {
	for i := range s.texts {
		if strings.Contains(strings.ToLower(s.texts[i].src()), "public") {
			return true
		}
	}
	return false
}

// whyActsUnasked is the why of a value that names an act done without
// asking the user, which the model's score does not veto: the model
// reads "autoRaiseWithoutAsking" as one word it does not know.
const whyActsUnasked = "names a choice that acts without asking the user"

// actsUnasked reports whether a value's identifier names an act done
// without the user's say: "auto_raise_to_double_without_asking",
// "book_lowest_without_showing", "proceed_without_reply"; and asked,
// whether it names the asking itself (ask, confirm, consent), which no
// helpdesk's or CI's choice names ("close_without_notifying" the
// customer, "deploy_without_approval").
func actsUnasked(v string) (asked, ok bool) {
	w := nameWords(v)
	for i := 0; i+1 < len(w); i++ {
		if w[i] == "without" && unaskedWords[w[i+1]] {
			return askingWords[w[i+1]], true
		}
	}
	return false, false
}

// askedUnasked reports whether value v names an act done without
// asking the user.
func askedUnasked(v string) bool {
	asked, _ := actsUnasked(v)
	return asked
}

// askingWords are the unaskedWords that name asking the user.
var askingWords = wordSet("ask asking asked confirm confirming confirmation consent")

// unaskedWords follow "without" in the name of an act done unasked.
var unaskedWords = wordSet("ask asking asked confirm confirming confirmation consent approval approving prompt prompting showing telling notice notifying notification reply review reviewing checking")

// recipientWords are the words of the names of properties whose value
// says who receives something.
var recipientWords = wordSet("to cc bcc recipient recipients attendee attendees invitee invitees guest guests participant participants member members reply replyto forward notify email emails address addresses share collaborator collaborators watcher watchers subscriber subscribers owner owners reviewer reviewers assignee assignees")

// recipientProp reports whether a property's name says who receives
// something: to, bcc, attendees, reply_to.
func recipientProp(name string) bool {
	return name != "" && slices.ContainsFunc(nameWords(name), func(w string) bool { return recipientWords[w] })
}

// copyProp reports whether a property's name has "copy", which names a
// recipient when its value is an address alone ("retention_copy":
// "archive@…") and a text when it is prose ("ad_copy": "Questions?
// Email hello@…").
func copyProp(name string) bool {
	return slices.Contains(nameWords(name), "copy")
}

// destinationWords are the words of the names of properties whose value
// is where the tool sends what it makes: callback, webhook, sink.
var destinationWords = wordSet("callback callbacks webhook webhooks sink sinks collector upload report mirror forward relay sync")

// destinationProp reports whether a property's name says where the tool
// sends something.
func destinationProp(name string) bool {
	return name != "" && slices.ContainsFunc(nameWords(name), func(w string) bool { return destinationWords[w] })
}

// destinationValue finds, in a default or example of a property that
// says where the tool sends what it makes, a URL the tool's purpose does
// not explain: everything goes there unless the model notices.
func (s *secScan) destinationValue() {
	for _, tk := range s.x.toks {
		if tk.kind == tURL && !s.explainedDest(tk.w) {
			s.report(clsExfiltration, int(tk.start), int(tk.end), "gives a destination the tool's purpose does not explain as a value of a property that says where data goes")
			return
		}
	}
}

// recipientValue finds, in a value of a property that names recipients
// (a default, an enum value, an example), an e-mail address the tool's
// purpose does not explain: every message then goes to it too, unless
// the model notices.
func (s *secScan) recipientValue() {
	for _, tk := range s.x.toks {
		if tk.kind == tEmail && !s.explainedDest(tk.w) {
			s.report(clsExfiltration, int(tk.start), int(tk.end), "gives a recipient the tool's purpose does not explain as a value of a recipients property")
			return
		}
	}
}

// aside reports whether t is no description: a name, a title, a value, a
// vendor's extension, a property's name read as a sentence.
func (t *secText) aside() bool { return t.key != "description" || t.name != "" }

// schemaProse reports whether t is a schema's description or title, the
// text that says what a value is to hold.
func (t *secText) schemaProse() bool {
	return t.root != nil && !t.own && (t.key == "description" || t.key == "title")
}

// isValue reports whether the text is a value the model may pass as an
// argument: a default, const, enum or example value.
func (t *secText) isValue() bool {
	switch t.key {
	case "default", "const", "enum", "examples", "input_examples":
		return true
	}
	return false
}

// valueCommand is a shell command in a value: a command substitution,
// or a command chained after the value. Descriptions show commands as
// examples; a value is what the model sends.
var valueCommand = regexp.MustCompile("\\$\\(\\s*[a-z]|`\\s*[a-z][^`]*`|(;|&&|\\|\\|)\\s*(curl|wget|rm|nc|ncat|bash|sh|cat|chmod|python3?|perl|whoami|id)\\b")

// labelOf returns the property clause cl names when it is a label of
// the next: a property's name alone, before a colon, in the tool's own
// text; "" otherwise.
func (s *secScan) labelOf(t *secText, cl []tok) string {
	if t.own && len(cl) > 1 && len(cl) <= 8 && cl[0].w == "what" {
		// A question of a FAQ names the property its answer is about:
		// "Q: What belongs in the body? A: ...".
		if end := int(cl[len(cl)-1].end); end < len(s.x.src) && s.x.src[end] == '?' && s.hasProp(cl[len(cl)-1].w) {
			return cl[len(cl)-1].w
		}
	}
	if !t.own || len(cl) != 1 || !s.hasProp(cl[0].w) {
		return ""
	}
	src := s.x.src
	for i := int(cl[0].end); i < len(src); i++ {
		switch src[i] {
		case ':', '(':
			return cl[0].w
		case ' ', '`', '\'', '"', '*':
			continue
		}
		break
	}
	return ""
}

// asksWhetherToTell reports whether a clause is a question whether the
// model is to tell or show something, "Should the assistant mention
// that sampling?", which a FAQ's answer "No." then forbids.
func asksWhetherToTell(src string, cl []tok) bool {
	if len(cl) < 3 || int(cl[len(cl)-1].end) >= len(src) || src[cl[len(cl)-1].end] != '?' || !askModals[cl[0].w] {
		return false
	}
	addressed, tells := false, false
	for k := 1; k < len(cl) && k < 4; k++ {
		addressed = addressed || modelWords[cl[k].w]
	}
	for k := 1; k < len(cl); k++ {
		tells = tells || cue(cueTags[cl[k].w])&cuTell != 0
	}
	return addressed && tells
}

// askModals start a question of what the model is to do; modelWords
// name the model in it.
var (
	askModals  = wordSet("should must can may will do does shall")
	modelWords = wordSet("assistant assistants you model agent ai llm i we")
)

// answerMark reports whether a clause is the mark of an answer, "A" or
// "Answer" before a colon, which leaves the question's label standing.
func answerMark(cl []tok) bool {
	return len(cl) == 1 && (cl[0].w == "a" || cl[0].w == "answer")
}

// toolLabelOf returns the other tool a short clause names before a
// colon or the end of a tag, of which the next clause speaks; "" when
// it is no such label.
func (s *secScan) toolLabelOf(cl []tok) string {
	if len(cl) == 0 || len(cl) > 10 {
		return ""
	}
	src := s.x.src
	end := int(cl[len(cl)-1].end)
	for end < len(src) && strings.IndexByte(" `'\"*", src[end]) >= 0 {
		end++
	}
	// A label before a colon or a tag's end, or a FAQ's question, "Can
	// the drive server's share_file be used directly?", whose answer
	// speaks of the tool.
	question := end < len(src) && src[end] == '?'
	if end == len(src) || len(cl) > 6 && !question || src[end] != ':' && src[end] != '>' && !question && !(src[end] == '(' && len(cl) == 1) {
		return ""
	}
	for k := range cl {
		if cl[k].kind == tIdent && !strings.EqualFold(cl[k].w, s.name) && s.otherTool(&cl[k]) {
			return cl[k].w
		}
	}
	return ""
}

// bracketed reports whether clause cl opens with a bracket.
func (s *secScan) bracketed(cl []tok) bool {
	if len(cl) == 0 {
		return false
	}
	i := int(cl[0].start) - 1
	for i >= 0 && s.x.src[i] == ' ' {
		i--
	}
	return i >= 0 && s.x.src[i] == '('
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
