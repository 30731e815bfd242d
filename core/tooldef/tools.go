// Package tooldef finds the tool definitions in a JSON document, in every
// shape providers and MCP servers write them (OpenAI Chat Completions and
// Responses, Anthropic, MCP, Gemini, bare {name, parameters}), as Tools
// with the nodes of their name, description and parameter schema. It
// imports jsondoc and nothing above it.
package tooldef

import (
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
}

// OpenAPIParams reports whether the tool's parameters are Gemini's
// OpenAPI 3.0 subset rather than JSON Schema: type names may be upper case
// (STRING, OBJECT) and "nullable" stands for a null type.
func (t *Tool) OpenAPIParams() bool { return t.Shape == ShapeGemini && t.ParamsKey == "parameters" }

// ParamsPath is the JSON path of the tool's parameter schema.
func (t *Tool) ParamsPath() string { return jsondoc.AppendKey(t.DefPath, t.ParamsKey) }

// Entry is an element of the tool list that is not an object.
type Entry struct {
	Index int
	Path  string
	Node  *jsondoc.Node
}

// ToolSet is what a document holds: its tools and where they are.
type ToolSet struct {
	Doc      *jsondoc.Document
	List     *jsondoc.Node // the array of tools; nil for a document of one tool
	ListPath string        // "$", "$.tools", "$.result.tools"
	Tools    []Tool
	Bad      []Entry // list elements that are not objects
	Shape    Shape   // the tools' shape, ShapeMixed when they differ, "" when none
	// Problem is set when the document is not a tools document at all:
	// the message of the invalid-document issue.
	Problem string
	// ProblemNode is the value Problem is about, when it is not the root.
	ProblemNode *jsondoc.Node
	// firsts index the tools by name: each maps a name to the first tool
	// of that name among a run of the tools, the runs in order, starting
	// at firstFrom.
	firsts    []map[string]int
	firstFrom []int
}

// FirstNamed returns the index of the first tool named name, or -1.
func (ts *ToolSet) FirstNamed(name string) int {
	for k, m := range ts.firsts {
		if i, ok := m[name]; ok {
			return ts.firstFrom[k] + i
		}
	}
	return -1
}

// indexNames indexes the names of the set's tools.
func (ts *ToolSet) indexNames() {
	m := make(map[string]int, len(ts.Tools))
	for i := len(ts.Tools) - 1; i >= 0; i-- {
		if t := &ts.Tools[i]; t.NameNode.Is(jsondoc.String) {
			m[t.Name] = i
		}
	}
	ts.firsts, ts.firstFrom = []map[string]int{m}, []int{0}
}

// parallelShare is the fewest tools a goroutine takes when a long list is
// split among the processors: below it, starting one costs more than it
// saves.
const parallelShare = 512

// Tools finds the tool definitions of doc in any of the shapes toolbench
// reads: a list, one tool, {"tools": [...]}, an MCP tools/list result
// {"result": {"tools": [...]}}, or Gemini functionDeclarations.
func Tools(doc *jsondoc.Document) *ToolSet {
	ts := &ToolSet{Doc: doc}
	root := doc.Root
	switch {
	case root.Is(jsondoc.Array):
		ts.addList(root, "$")
	case root.Is(jsondoc.Object):
		switch {
		case root.Has("tools"):
			ts.addListMember(root, "$", "tools")
		case root.Get("result").Is(jsondoc.Object) && root.Get("result").Has("tools"):
			ts.addListMember(root.Get("result"), "$.result", "tools")
		case root.Has("functionDeclarations"):
			ts.addListMember(root, "$", "functionDeclarations")
		case looksLikeTool(root):
			ts.add(root, "$")
		default:
			ts.Problem = "not a tools document: expected a list of tools, one tool, {\"tools\": [...]} or an MCP tools/list result"
		}
	default:
		ts.Problem = "not a tools document: the top-level value is " + root.Kind.Phrase() + ", not a list or an object"
	}
	if ts.firsts == nil { // a split list's shares index their own
		ts.indexNames()
	}
	return ts
}

func (ts *ToolSet) addListMember(obj *jsondoc.Node, path, key string) {
	list := obj.Get(key)
	p := jsondoc.AppendKey(path, key)
	if !list.Is(jsondoc.Array) {
		ts.Problem = "\"" + key + "\" is " + list.Kind.Phrase() + ", not a list of tools"
		ts.ListPath, ts.ProblemNode = p, list
		return
	}
	ts.addList(list, p)
}

// addList adds the tools of list. A long list is split among the
// processors, whose tool sets are then joined in list order.
func (ts *ToolSet) addList(list *jsondoc.Node, path string) {
	ts.List, ts.ListPath = list, path
	n := par.Shares(len(list.Kids()), parallelShare)
	if n == 1 {
		ts.addElems(list.Kids(), 0, path)
		return
	}
	parts := make([]ToolSet, n)
	par.Split(n, len(list.Kids()), func(k, lo, hi int) {
		parts[k].addElems(list.Kids()[lo:hi], lo, path)
		parts[k].indexNames()
	})
	total := 0
	for _, part := range parts {
		total += len(part.Tools)
	}
	ts.Tools = make([]Tool, 0, total)
	for _, part := range parts {
		ts.firsts = append(ts.firsts, part.firsts[0])
		ts.firstFrom = append(ts.firstFrom, len(ts.Tools))
		for _, t := range part.Tools {
			t.Index = len(ts.Tools)
			ts.Tools = append(ts.Tools, t)
		}
		ts.Bad = append(ts.Bad, part.Bad...)
		ts.joinShape(part.Shape)
	}
}

// addElems adds the tools of elems, the elements of the list at path from
// index first on.
func (ts *ToolSet) addElems(elems []jsondoc.Member, first int, path string) {
	ts.Tools = make([]Tool, 0, len(elems))
	for i, m := range elems {
		i += first
		p := jsondoc.AppendIndex(path, i)
		v := m.Value
		if !v.Is(jsondoc.Object) {
			ts.Bad = append(ts.Bad, Entry{Index: i, Path: p, Node: v})
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

func looksLikeTool(n *jsondoc.Node) bool {
	for _, k := range [...]string{"name", "function", "parameters", "input_schema", "inputSchema", "parametersJsonSchema"} {
		if n.Has(k) {
			return true
		}
	}
	return n.Get("type").Text() == "function"
}

func (ts *ToolSet) add(entry *jsondoc.Node, path string) {
	t := Tool{Index: len(ts.Tools), Path: path, Node: entry, Def: entry, DefPath: path}
	switch fn := entry.Get("function"); {
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
