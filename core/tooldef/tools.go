// Package tooldef finds the tool definitions in a JSON document, in every
// shape providers and MCP servers write them (OpenAI Chat Completions and
// Responses, Anthropic, MCP, Gemini, bare {name, parameters}), as Tools
// with the nodes of their name, description and parameter schema. It
// imports jsondoc and nothing above it.
package tooldef

import (
	"slices"
	"sort"
	"strings"

	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
)

// Shape names the way a tool is written: which provider's format.
type Shape string

// The tool shapes toolbench reads.
const (
	ShapeOpenAI    Shape = "openai"    // {"type":"function","function":{name, description, parameters}}
	ShapeResponses Shape = "responses" // OpenAI Responses API: {"type":"function", name, description, parameters}
	ShapeAnthropic Shape = "anthropic" // {name, description, input_schema}
	ShapeMCP       Shape = "mcp"       // {name, description, inputSchema}
	ShapeGemini    Shape = "gemini"    // a functionDeclarations entry
	ShapeBare      Shape = "bare"      // {name, description, parameters}
	ShapeMixed     Shape = "mixed"     // a document whose tools differ in shape
)

// Title is the shape's name as people write it.
func (s Shape) Title() string {
	switch s {
	case ShapeOpenAI:
		return "OpenAI"
	case ShapeResponses:
		return "OpenAI Responses"
	case ShapeAnthropic:
		return "Anthropic"
	case ShapeMCP:
		return "MCP"
	case ShapeGemini:
		return "Gemini"
	case ShapeBare:
		return "bare"
	case ShapeMixed:
		return "mixed"
	}
	return string(s)
}

// Tool is one tool definition found in a document.
type Tool struct {
	Index     int           // position among the document's tools
	Path      string        // JSON path of the entry, "$[0]" or "$.tools[2]"
	Node      *jsondoc.Node // the entry
	Def       *jsondoc.Node // the object holding name, description and parameters
	DefPath   string        // JSON path of Def: Path, or Path + ".function"
	Shape     Shape
	Name      string        // "" when the name is missing or not a string
	NameNode  *jsondoc.Node // nil when there is no name member
	Desc      *jsondoc.Node // nil when there is no description member
	ParamsKey string        // "parameters", "input_schema", "inputSchema" or "parametersJsonSchema"
	Params    *jsondoc.Node // nil when absent
	Strict    bool          // "strict": true on the entry or its function
	// StrictSet is "strict" set on the entry or its function to true or
	// false; null, as an API reads it, is not.
	StrictSet bool
	// OutputKey is the member that holds the schema of what the tool
	// returns: "outputSchema" (MCP), "responseJsonSchema" or "response"
	// (Gemini); "" when the tool has none. Output is its value.
	OutputKey string
	Output    *jsondoc.Node
	List      int // index of the tool's list in ToolSet.Lists
	// Builtin marks a tool the provider defines, named by its "type"
	// (Anthropic's "web_search_20250305" or "bash_20250124", OpenAI's
	// "web_search_preview", "file_search" or "tool_search"): it has no
	// parameter schema of its own to check.
	Builtin bool
	// Kind says what sort of tool it is: a function with a parameter
	// schema, a provider's own tool, an OpenAI custom tool or tool_search.
	Kind Kind
	// Format is a custom tool's input format, nil for any other kind.
	Format *Format
	// Namespace is the name of the OpenAI namespace the tool is declared
	// in, "" for a tool of the list itself; Group is the index of that
	// namespace in ToolSet.Namespaces, -1 for none.
	Namespace string
	Group     int
	// Deferred is "defer_loading": true: the provider loads the tool's
	// definition only when a tool search finds it.
	Deferred bool
	// Examples is the tool's "input_examples" (Anthropic): inputs each of
	// which should satisfy its parameter schema; nil when absent.
	Examples *jsondoc.Node
}

// Key is what names the tool among the tools of its list: its name, or
// for a function declared in a namespace the namespace's name, a dot and
// its name, as a call of it names both (a function's name may repeat in
// another namespace).
func (t *Tool) Key() string {
	if t.Namespace == "" {
		return t.Name
	}
	return QualifiedName(t.Namespace, t.Name)
}

// QualifiedName is the name of a function declared in a namespace, as
// Key gives it.
func QualifiedName(namespace, name string) string { return namespace + "." + name }

// isBuiltin reports whether entry is a provider's own tool: a "type" other
// than "function", "custom" or "namespace", and no definition of its own.
func isBuiltin(entry *jsondoc.Node) bool {
	typ := entry.Get("type").Text()
	if typ == "" || typ == "function" || typ == "custom" || typ == "namespace" {
		return false
	}
	for _, k := range [...]string{"function", "parameters", "input_schema", "inputSchema", "parametersJsonSchema", "description"} {
		if entry.Has(k) {
			return false
		}
	}
	return true
}

// OpenAPIParams reports whether the tool's parameters are Gemini's
// OpenAPI 3.0 subset rather than JSON Schema: type names may be upper case
// (STRING, OBJECT) and "nullable" stands for a null type.
func (t *Tool) OpenAPIParams() bool { return t.Shape == ShapeGemini && t.ParamsKey == "parameters" }

// ParamsPath is the JSON path of the tool's parameter schema.
func (t *Tool) ParamsPath() string { return jsondoc.AppendKey(t.DefPath, t.ParamsKey) }

// OutputPath is the JSON path of the tool's output schema.
func (t *Tool) OutputPath() string { return jsondoc.AppendKey(t.DefPath, t.OutputKey) }

// OpenAPIOutput reports whether the tool's output schema is Gemini's
// OpenAPI 3.0 subset ("response"), as OpenAPIParams says of parameters.
func (t *Tool) OpenAPIOutput() bool { return t.OutputKey == "response" }

// StrictByDefault reports whether OpenAI holds the tool to strict mode
// though it does not ask: a function in the Responses API's shape that
// leaves "strict" out (or null). Since OpenAI's function calling guide
// of 2026-03-31, the Responses API normalizes such a function's schema
// into strict mode; Chat Completions leaves a function without "strict"
// non-strict, and "strict": false opts out in both.
func (t *Tool) StrictByDefault() bool {
	return t.Shape == ShapeResponses && t.Kind == KindFunction && !t.StrictSet
}

// outputKey is the member the tool's output schema is under, by its
// shape, or "" when it has none.
func outputKey(t *Tool) string {
	switch {
	case t.Shape == ShapeMCP && t.Def.Has("outputSchema"):
		return "outputSchema"
	case t.Shape == ShapeGemini && t.Def.Has("responseJsonSchema"):
		return "responseJsonSchema"
	case t.Shape == ShapeGemini && t.Def.Has("response"):
		return "response"
	}
	return ""
}

// Entry is an element of the tool list that is not an object.
type Entry struct {
	Index int
	Path  string
	Node  *jsondoc.Node
}

// ToolSet is what a document holds: its tools and where they are.
type ToolSet struct {
	Doc   *jsondoc.Document
	Lists []List // the lists the tools are in, in text order
	Tools []Tool
	Bad   []Entry // list elements that are not objects
	Shape Shape   // the tools' shape, ShapeMixed when they differ, "" when none
	// Problems are the values that should hold tools and do not: the
	// document, or values of a JSON Lines document. Each is an
	// invalid-document issue.
	Problems []Problem
	// Problem is the message of the first of Problems, "" when there
	// are none.
	Problem string
	// Namespaces are the OpenAI namespaces of the lists, in text order:
	// each groups tools declared inside it, which are tools of the list
	// it is in.
	Namespaces []Namespace

	cur int // the list tools are being added to
}

// Namespace is an OpenAI Responses namespace, {"type": "namespace", name,
// description, tools: [...]}: a group of functions and custom tools the
// model sees by the namespace's name and description until it loads them.
type Namespace struct {
	Node     *jsondoc.Node // the entry
	Path     string
	Name     string        // "" when the name is missing or not a string
	NameNode *jsondoc.Node // nil when there is no name member
	Desc     *jsondoc.Node // nil when there is no description member
	Tools    *jsondoc.Node // the "tools" member, nil when absent
	List     int           // index of its list in ToolSet.Lists
	// First and Count are the tools declared in it: ToolSet.Tools[First:First+Count].
	First, Count int
}

// List is one list of tools: the tools that are sent together, in one
// request, so their names must differ and their number is what a
// provider limits. A document has one; in JSON Lines each value that
// is a list or holds one (a dataset's record) is one of its own, and the
// values that are each one tool make one together, the file's.
type List struct {
	Node  *jsondoc.Node // the array; nil for tools that are values of their own
	Path  string        // "$", "$.tools", "$[3].function"
	Count int           // the tools in it
	// firsts index the list's tools by name: each maps a name to the
	// first tool of that name among a run of the tools, the runs in
	// order, starting at the set's tool firstFrom.
	firsts    []map[string]int
	firstFrom []int
	split     bool // the list was split among processors, each indexing its share
}

// Problem is a value that should hold tools and does not: why, with the
// value and its path.
type Problem struct {
	Path string
	Node *jsondoc.Node
	Msg  string
}

// FirstNamed returns the index of the first tool named name, in any
// list, or -1. A function declared in a namespace is named by its Key.
func (ts *ToolSet) FirstNamed(name string) int {
	for k := range ts.Lists {
		if i := ts.FirstNamedIn(k, name); i >= 0 {
			return i
		}
	}
	return -1
}

// FirstNamedIn returns the index of the first tool named name in the
// list of index list, or -1.
func (ts *ToolSet) FirstNamedIn(list int, name string) int {
	l := &ts.Lists[list]
	for k, m := range l.firsts {
		if i, ok := m[name]; ok {
			return l.firstFrom[k] + i
		}
	}
	return -1
}

// finish counts the tools of each list and indexes their names, but for
// the lists split among processors, whose shares indexed their own.
func (ts *ToolSet) finish() {
	for i := range ts.Tools {
		ts.Lists[ts.Tools[i].List].Count++
	}
	for i := len(ts.Tools) - 1; i >= 0; i-- {
		t := &ts.Tools[i]
		l := &ts.Lists[t.List]
		if l.split || !t.NameNode.Is(jsondoc.String) {
			continue
		}
		if l.firsts == nil {
			l.firsts, l.firstFrom = []map[string]int{make(map[string]int, l.Count)}, []int{0}
		}
		l.firsts[0][t.Key()] = i
	}
}

// indexPart indexes the names of ts, a share of a list's tools, each by
// its index in the share.
func (ts *ToolSet) indexPart() map[string]int {
	m := make(map[string]int, len(ts.Tools))
	for i := len(ts.Tools) - 1; i >= 0; i-- {
		if t := &ts.Tools[i]; t.NameNode.Is(jsondoc.String) {
			m[t.Key()] = i
		}
	}
	return m
}

// parallelShare is the fewest tools a goroutine takes when a long list is
// split among the processors: below it, starting one costs more than it
// saves.
const parallelShare = 512

// Tools finds the tool definitions of doc in any of the shapes toolbench
// reads: a list, one tool, {"tools": [...]}, an MCP tools/list result
// {"result": {"tools": [...]}}, Gemini functionDeclarations, or a
// dataset's record that holds its tools under "function" or "functions"
// beside other members. In a JSON Lines document each value may be any
// of these, at its own path $[N].
func Tools(doc *jsondoc.Document) *ToolSet {
	ts := &ToolSet{Doc: doc}
	if doc.JSONLines {
		single := -1 // the list of the values that are each one tool
		for i, m := range doc.Root.Kids() {
			ts.addValue(m.Value, jsondoc.AppendIndex("$", i), &single)
		}
	} else {
		single := -1
		ts.addValue(doc.Root, "$", &single)
	}
	if len(ts.Problems) > 0 {
		ts.Problem = ts.Problems[0].Msg
	}
	ts.finish()
	return ts
}

// addValue adds the tools of v, the document or a value of JSON Lines
// at path. A value that is one tool joins the list *single, made when
// there is none yet.
func (ts *ToolSet) addValue(v *jsondoc.Node, path string, single *int) {
	switch {
	case v.Is(jsondoc.Array):
		ts.addList(v, path)
	case v.Is(jsondoc.Object):
		switch {
		case v.Has("tools"):
			ts.addListMember(v, path, "tools")
		case v.Get("result").Is(jsondoc.Object) && v.Get("result").Has("tools"):
			ts.addListMember(v.Get("result"), path+".result", "tools")
		case v.Has("functionDeclarations"):
			ts.addListMember(v, path, "functionDeclarations")
		case wrappedList(v) != "":
			ts.addListMember(v, path, wrappedList(v))
		case looksLikeTool(v):
			if *single < 0 {
				*single = ts.newList(nil, "$")
			}
			ts.cur = *single
			ts.add(v, path)
		default:
			ts.problem(path, v, "not a tools document: expected a list of tools, one tool, {\"tools\": [...]} or an MCP tools/list result")
		}
	default:
		ts.problem(path, v, "not a tools document: the top-level value is "+v.Kind.Phrase()+", not a list or an object")
	}
}

// wrappedList returns the member under which a dataset's record, an
// object with other members such as an id and a question, holds its
// list of tools: "function" or "functions" when it is a list, else "".
func wrappedList(v *jsondoc.Node) string {
	for _, k := range [...]string{"function", "functions"} {
		if v.Get(k).Is(jsondoc.Array) {
			return k
		}
	}
	return ""
}

func (ts *ToolSet) problem(path string, n *jsondoc.Node, msg string) {
	ts.Problems = append(ts.Problems, Problem{Path: path, Node: n, Msg: msg})
}

// newList adds a list and returns its index.
func (ts *ToolSet) newList(n *jsondoc.Node, path string) int {
	ts.Lists = append(ts.Lists, List{Node: n, Path: path})
	return len(ts.Lists) - 1
}

func (ts *ToolSet) addListMember(obj *jsondoc.Node, path, key string) {
	list := obj.Get(key)
	p := jsondoc.AppendKey(path, key)
	if !list.Is(jsondoc.Array) {
		ts.problem(p, list, "\""+key+"\" is "+list.Kind.Phrase()+", not a list of tools")
		return
	}
	ts.addList(list, p)
}

// addList adds the tools of list as a list of its own. A long list is
// split among the processors, whose tool sets are then joined in list
// order.
func (ts *ToolSet) addList(list *jsondoc.Node, path string) {
	ts.cur = ts.newList(list, path)
	n := par.Shares(len(list.Kids()), parallelShare)
	if n == 1 {
		ts.addElems(list.Kids(), 0, path)
		return
	}
	parts := make([]ToolSet, n)
	firsts := make([]map[string]int, n)
	par.Split(n, len(list.Kids()), func(k, lo, hi int) {
		parts[k].cur = ts.cur
		parts[k].addElems(list.Kids()[lo:hi], lo, path)
		firsts[k] = parts[k].indexPart()
	})
	l := &ts.Lists[ts.cur]
	l.split = true
	ts.Tools = slices.Grow(ts.Tools, total(parts))
	for k, part := range parts {
		l.firsts = append(l.firsts, firsts[k])
		l.firstFrom = append(l.firstFrom, len(ts.Tools))
		base, groups := len(ts.Tools), len(ts.Namespaces)
		for _, t := range part.Tools {
			t.Index = len(ts.Tools)
			if t.Group >= 0 {
				t.Group += groups
			}
			ts.Tools = append(ts.Tools, t)
		}
		for _, ns := range part.Namespaces {
			ns.First += base
			ts.Namespaces = append(ts.Namespaces, ns)
		}
		ts.Bad = append(ts.Bad, part.Bad...)
		ts.joinShape(part.Shape)
	}
}

// total is the number of tools of the sets.
func total(sets []ToolSet) int {
	n := 0
	for _, s := range sets {
		n += len(s.Tools)
	}
	return n
}

// addElems adds the tools of elems, the elements of the list at path from
// index first on.
func (ts *ToolSet) addElems(elems []jsondoc.Member, first int, path string) {
	ts.Tools = slices.Grow(ts.Tools, len(elems))
	for i, m := range elems {
		i += first
		p := jsondoc.AppendIndex(path, i)
		v := m.Value
		if !v.Is(jsondoc.Object) {
			ts.Bad = append(ts.Bad, Entry{Index: i, Path: p, Node: v})
			continue
		}
		if isNamespace(v) {
			ts.addNamespace(v, p)
			continue
		}
		// A Gemini tool groups its functions: each declaration is a tool.
		if decls := v.Get("functionDeclarations"); decls.Is(jsondoc.Array) && !v.Has("name") {
			dp := jsondoc.AppendKey(p, "functionDeclarations")
			for j, d := range decls.Kids() {
				if d.Value.Is(jsondoc.Object) {
					ts.add(d.Value, jsondoc.AppendIndex(dp, j))
				} else {
					ts.Bad = append(ts.Bad, Entry{Index: j, Path: jsondoc.AppendIndex(dp, j), Node: d.Value})
				}
			}
			continue
		}
		ts.add(v, p)
	}
}

// isNamespace reports whether entry is an OpenAI namespace.
func isNamespace(entry *jsondoc.Node) bool {
	return entry.Get("type").Text() == "namespace" && !entry.Has("function") && !entry.Has("parameters")
}

// addNamespace adds the namespace entry at path, and the tools declared
// in it as tools of the list, each with the namespace's name. An element
// of its tools that is not an object is a bad entry.
func (ts *ToolSet) addNamespace(entry *jsondoc.Node, path string) {
	ns := Namespace{Node: entry, Path: path, Desc: entry.Get("description"), Tools: entry.Get("tools"), List: ts.cur, First: len(ts.Tools)}
	if m, ok := entry.Member("name"); ok {
		ns.NameNode = m.Value
		ns.Name = m.Value.Text()
	}
	group := len(ts.Namespaces)
	tp := jsondoc.AppendKey(path, "tools")
	for j, m := range ns.Tools.Elems() {
		p := jsondoc.AppendIndex(tp, j)
		if !m.Value.Is(jsondoc.Object) {
			ts.Bad = append(ts.Bad, Entry{Index: j, Path: p, Node: m.Value})
			continue
		}
		ts.add(m.Value, p)
		t := &ts.Tools[len(ts.Tools)-1]
		t.Namespace, t.Group = ns.Name, group
	}
	ns.Count = len(ts.Tools) - ns.First
	ts.Namespaces = append(ts.Namespaces, ns)
}

func looksLikeTool(n *jsondoc.Node) bool {
	for _, k := range [...]string{"name", "function", "parameters", "input_schema", "inputSchema", "parametersJsonSchema"} {
		if n.Has(k) {
			return true
		}
	}
	switch n.Get("type").Text() {
	case "function", "custom", "namespace":
		return true
	}
	return isBuiltin(n)
}

func (ts *ToolSet) add(entry *jsondoc.Node, path string) {
	t := Tool{Index: len(ts.Tools), Path: path, Node: entry, Def: entry, DefPath: path, List: ts.cur, Group: -1}
	switch fn := entry.Get("function"); {
	case isCustom(entry):
		t.Kind, t.Shape = KindCustom, ShapeResponses
		if c := entry.Get("custom"); c.Is(jsondoc.Object) {
			t.Shape, t.Def, t.DefPath = ShapeOpenAI, c, path+".custom"
		}
		t.Format = readFormat(t.Def, t.DefPath)
	case fn.Is(jsondoc.Object):
		t.Shape, t.Def, t.DefPath = ShapeOpenAI, fn, path+".function"
		t.ParamsKey = "parameters"
	case entry.Has("input_schema"):
		t.Shape, t.ParamsKey = ShapeAnthropic, "input_schema"
	case entry.Has("inputSchema"):
		t.Shape, t.ParamsKey = ShapeMCP, "inputSchema"
	case entry.Has("parametersJsonSchema"):
		t.Shape, t.ParamsKey = ShapeGemini, "parametersJsonSchema"
	case entry.Get("type").Text() == "function":
		t.Shape, t.ParamsKey = ShapeResponses, "parameters"
	case entry.Get("type").Text() == "tool_search":
		// Hosted, or run by the client with a schema of its own
		// ("execution": "client"): either way OpenAI's tool.
		t.Builtin, t.Kind = true, KindToolSearch
	case isBuiltin(entry):
		t.Builtin, t.Kind = true, KindBuiltin
	default:
		t.Shape, t.ParamsKey = ShapeBare, "parameters"
		if isGeminiPath(path) {
			t.Shape = ShapeGemini
		}
	}
	if m, ok := t.Def.Member("name"); ok {
		t.NameNode = m.Value
		t.Name = m.Value.Text()
	}
	t.Desc = t.Def.Get("description")
	t.Params = t.Def.Get(t.ParamsKey)
	t.Strict = t.Def.Get("strict").IsTrue() || entry.Get("strict").IsTrue()
	t.StrictSet = t.Def.Get("strict").Is(jsondoc.Bool) || entry.Get("strict").Is(jsondoc.Bool)
	if t.OutputKey = outputKey(&t); t.OutputKey != "" {
		t.Output = t.Def.Get(t.OutputKey)
	}
	t.Deferred = t.Def.Get("defer_loading").IsTrue() || entry.Get("defer_loading").IsTrue()
	t.Examples = t.Def.Get("input_examples")
	ts.joinShape(t.Shape)
	ts.Tools = append(ts.Tools, t)
}

// joinShape makes the set's shape s when it has none, and mixed when it
// has another.
func (ts *ToolSet) joinShape(s Shape) {
	switch {
	case s == "":
	case ts.Shape == "":
		ts.Shape = s
	case ts.Shape != s:
		ts.Shape = ShapeMixed
	}
}

// ListEntry is one element of the tool list as the linter walks it: a
// tool, or an entry that is not an object.
type ListEntry struct {
	Tool *Tool
	Bad  *Entry
}

// Entries returns the tools and the bad entries merged in text order.
func (ts *ToolSet) Entries() []ListEntry {
	out := make([]ListEntry, 0, len(ts.Tools)+len(ts.Bad))
	i, j := 0, 0
	for i < len(ts.Tools) || j < len(ts.Bad) {
		if j == len(ts.Bad) || i < len(ts.Tools) && ts.Tools[i].Node.Start < ts.Bad[j].Node.Start {
			out = append(out, ListEntry{Tool: &ts.Tools[i]})
			i++
		} else {
			out = append(out, ListEntry{Bad: &ts.Bad[j]})
			j++
		}
	}
	return out
}

// ToolAt returns the tool whose entry holds the byte at offset, or nil.
func (ts *ToolSet) ToolAt(offset int) *Tool {
	i := sort.Search(len(ts.Tools), func(i int) bool { return int(ts.Tools[i].Node.End) > offset })
	if i < len(ts.Tools) && int(ts.Tools[i].Node.Start) <= offset {
		return &ts.Tools[i]
	}
	return nil
}

func isGeminiPath(path string) bool {
	return strings.Contains(path, ".functionDeclarations[")
}
