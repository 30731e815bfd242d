package tooldef

import (
	"toolbench/core/jsondoc"
)

// Kind is the sort of tool a definition declares. The zero Kind is a
// function: a name, a description and a parameter schema, the shape
// every provider shares.
type Kind uint8

// The kinds of tool toolbench reads.
const (
	// KindFunction takes a JSON object of arguments, described by its
	// parameter schema (none: no arguments).
	KindFunction Kind = iota
	// KindBuiltin is a provider's own tool, named by its "type"
	// ("web_search_20250305", "file_search"): the provider knows its
	// arguments.
	KindBuiltin
	// KindCustom is an OpenAI custom tool: it takes free text, unchecked
	// or held to a grammar (Format), and has no parameter schema.
	KindCustom
	// KindToolSearch is OpenAI Responses' {"type": "tool_search"}, which
	// loads the definitions of deferred tools when the model searches.
	KindToolSearch
)

// Phrase names the kind in a sentence: "a function", "a custom tool".
func (k Kind) Phrase() string {
	switch k {
	case KindBuiltin:
		return "a provider's own tool"
	case KindCustom:
		return "a custom tool"
	case KindToolSearch:
		return "tool_search"
	}
	return "a function"
}

// isCustom reports whether entry is an OpenAI custom tool: Chat
// Completions' {"type": "custom", "custom": {...}}, or Responses'
// {"type": "custom", name, description, format}. An Anthropic tool may
// say "type": "custom" too, but it has an input_schema, and is a
// function.
func isCustom(entry *jsondoc.Node) bool {
	if entry.Get("type").Text() != "custom" {
		return false
	}
	if entry.Get("custom").Is(jsondoc.Object) {
		return true
	}
	for _, k := range [...]string{"input_schema", "inputSchema", "parameters", "parametersJsonSchema", "function"} {
		if entry.Has(k) {
			return false
		}
	}
	return true
}

// Format is the input format of a custom tool: free text, or text a
// grammar accepts.
type Format struct {
	Node *jsondoc.Node // the "format" member; nil when absent, which means free text
	Path string        // its JSON path
	Type string        // "text", "grammar", or what "type" holds; "" when there is none
	// Grammar holds the syntax and definition: the format itself in
	// Responses' shape, {"type": "grammar", syntax, definition}, or its
	// "grammar" member in Chat Completions', {"type": "grammar",
	// "grammar": {syntax, definition}}; nil for text.
	Grammar     *jsondoc.Node
	GrammarPath string
	Syntax      string        // "regex", "lark", or what "syntax" holds
	Definition  *jsondoc.Node // the definition's string; nil when absent
}

// Free reports whether the format lets the model send any text.
func (f *Format) Free() bool { return f == nil || f.Node == nil || f.Type == "text" }

// DefinitionPath is the JSON path of the grammar's definition.
func (f *Format) DefinitionPath() string { return jsondoc.AppendKey(f.GrammarPath, "definition") }

// readFormat reads the format of the custom tool def at path.
func readFormat(def *jsondoc.Node, path string) *Format {
	f := &Format{Node: def.Get("format"), Path: jsondoc.AppendKey(path, "format")}
	if f.Node == nil {
		return f
	}
	f.Type = f.Node.Get("type").Text()
	if f.Type != "grammar" {
		return f
	}
	f.Grammar, f.GrammarPath = f.Node, f.Path
	if g := f.Node.Get("grammar"); g.Is(jsondoc.Object) {
		f.Grammar, f.GrammarPath = g, jsondoc.AppendKey(f.Path, "grammar")
	}
	f.Syntax = f.Grammar.Get("syntax").Text()
	f.Definition = f.Grammar.Get("definition")
	return f
}
