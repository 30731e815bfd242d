package lint

import (
	"fmt"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// OpenAI's kinds of tool beyond functions: custom tools, with their
// grammars, namespaces and tool search. They run under every target, as
// the base rules do: a grammar that does not compile or a namespace
// without a description is wrong for any request, and only OpenAI takes
// such tools (the other targets say so, see checkProviderKind).

const openaiCustomSource = `Source: OpenAI function calling guide, "Custom tools" and "Context-free
grammars" (Lark CFG, Regex CFG),
developers.openai.com/api/docs/guides/function-calling#custom-tools; API
reference, CustomTool and its format (text, or a grammar of syntax "lark"
or "regex").`

const openaiNamespaceSource = `Source: OpenAI function calling guide, "Defining namespaces",
developers.openai.com/api/docs/guides/function-calling#defining-namespaces;
tool search guide, developers.openai.com/api/docs/guides/tools-tool-search;
API reference, NamespaceTool (name, description and tools, each required).`

var customRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "invalid-custom-format", Severity: catalog.Error,
			Summary: "A custom tool's format is neither text nor a grammar OpenAI reads.",
			Doc: `An OpenAI custom tool takes free text; its optional "format" is
{"type": "text"} (any text, the default) or a grammar: in the Responses
API {"type": "grammar", "syntax": "lark" or "regex", "definition": "..."},
in Chat Completions {"type": "grammar", "grammar": {"syntax", "definition"}}.
A format of another type, a grammar without a syntax of the two or without
a definition string, is rejected with the request.

Fix: give the format in one of those shapes, or drop it for free text.

` + openaiCustomSource,
		},
		Tool: checkCustomFormat,
	},
	{
		Entry: catalog.Entry{
			Code: "invalid-grammar", Severity: catalog.Error,
			Summary: "A custom tool's grammar does not compile, or uses what OpenAI does not support.",
			Doc: `A regex grammar is a regular expression in the syntax of Rust's regex
crate, without lookarounds and lazy modifiers (*?, +?, ??); a lark grammar
is "a variation of Lark" whose terminals' regular expressions are in the
same syntax, and which may not use priorities of terminals, templates,
imports other than the built-in common module, or %declare. The API
rejects a grammar that breaks these, and the model cannot call the tool.

toolbench compiles regular expressions with Go's regexp after translating
the crate's syntax where they differ (see toolbench's documentation of
core/tooldef): a pattern it cannot read as the crate would is not
reported. It does not parse the Lark language: it reads the grammar's
strings, regular expressions and definitions as far as the guide says what
is not supported, and reports a string or a regular expression that is not
closed. The issue is at the definition; the message says the line and
column inside it.

Fix: rewrite the part the message names.

` + openaiCustomSource,
		},
		Tool: func(c *ToolContext) { checkGrammar(c, false) },
	},
	{
		Entry: catalog.Entry{
			Code: "grammar-advice", Severity: catalog.Warning,
			Summary: "A custom tool's regex grammar goes against OpenAI's advice: on several lines, in verbose mode, or in slashes.",
			Doc: `OpenAI's guide for regex grammars: the pattern must be on one line (match
a newline with \n, and do not use verbose mode, the x flag, which lets a
pattern span lines), and it is given as a plain string, not enclosed in
// as some languages write patterns: the slashes would be part of it.

Fix: write the pattern on one line, without the x flag and the slashes.

` + openaiCustomSource,
		},
		Tool: func(c *ToolContext) { checkGrammar(c, true) },
	},
	{
		Entry: catalog.Entry{
			Code: "invalid-namespace", Severity: catalog.Error,
			Summary: "An OpenAI namespace has no name, no description or no tools, or holds what is not a function or a custom tool.",
			Doc: `A Responses API namespace, {"type": "namespace", "name", "description",
"tools": [...]}, requires a non-empty name (calls of its functions carry
it), a non-empty description (the model sees the namespace by its name and
description until it loads the functions) and a non-empty list of tools,
each a function or a custom tool. A namespace that breaks this is
rejected with the request.

Fix: name and describe the namespace, and list its functions in "tools".

` + openaiNamespaceSource,
		},
		Document: checkNamespaces,
	},
	{
		Entry: catalog.Entry{
			Code: "namespace-too-large", Severity: catalog.Warning,
			Summary: "An OpenAI namespace holds 10 functions or more.",
			Doc: `OpenAI's tool search guide advises keeping fewer than 10 functions in a
namespace, for token efficiency and model performance: the model loads a
namespace's functions by its description, and a large one is loaded for
few of them. The issue is at the namespace's "tools".

Fix: split the namespace by domain, each with a concise description.

` + openaiNamespaceSource,
		},
		Document: checkNamespaceSize,
	},
	{
		Entry: catalog.Entry{
			Code: "deferred-without-tool-search", Severity: catalog.Warning,
			Summary: "A tool sets defer_loading without a tool search tool in its list, or a namespace sets it on itself.",
			Doc: `A tool with "defer_loading": true is loaded only when the model searches
for it, which it can do only with a tool search tool among the tools:
OpenAI's {"type": "tool_search"} (to activate tool search, its guide says,
add tool_search and mark the deferred functions), or Anthropic's
tool_search_tool_regex_... and tool_search_tool_bm25_... tools. Without
one the tool's definition is never loaded. And defer_loading applies to
the functions inside an OpenAI namespace, not to the namespace object
itself.

Fix: add the provider's tool search tool (OpenAI: gpt-5.4 and later
support it), or drop defer_loading; on a namespace, set it on its
functions.

` + openaiNamespaceSource + `
Anthropic, tool search tool,
platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool.`,
		},
		Tool:     checkDeferred,
		Document: checkDeferredNamespaces,
	},
}

func checkCustomFormat(c *ToolContext) {
	t := c.Tool
	f := t.Format
	if t.Kind != tooldef.KindCustom || f.Node == nil {
		return
	}
	const hint = `Use {"type": "text"}, or {"type": "grammar", "syntax": "regex" or "lark", "definition": "..."}.`
	if !f.Node.Is(jsondoc.Object) {
		c.Report(f.Node, f.Path, "format is "+f.Node.Kind.Phrase()+", not an object", hint)
		return
	}
	switch f.Type {
	case "text":
		return
	case "grammar":
	default:
		at, path := f.Node.Get("type"), jsondoc.AppendKey(f.Path, "type")
		if at == nil {
			at, path = f.Node, f.Path
		}
		c.Report(at, path, fmt.Sprintf("format type %s is neither \"text\" nor \"grammar\"", valueWord(f.Node.Get("type"))), hint)
		return
	}
	if f.Syntax != "regex" && f.Syntax != "lark" {
		at, path := f.Grammar.Get("syntax"), jsondoc.AppendKey(f.GrammarPath, "syntax")
		if at == nil {
			at, path = f.Grammar, f.GrammarPath
		}
		c.Report(at, path, fmt.Sprintf("grammar syntax %s is neither \"regex\" nor \"lark\"", valueWord(f.Grammar.Get("syntax"))), hint)
	}
	switch d := f.Definition; {
	case d == nil:
		c.Report(f.Grammar, f.GrammarPath, "the grammar has no definition", `Add "definition": the grammar's text.`)
	case !d.Is(jsondoc.String):
		c.Report(d, f.DefinitionPath(), "the grammar's definition is "+d.Kind.Phrase()+", not a string", `Write the grammar as a string.`)
	case strings.TrimSpace(d.Str()) == "":
		c.Report(d, f.DefinitionPath(), "the grammar's definition is empty", `Write the grammar, or use {"type": "text"} for free text.`)
	}
}

// valueWord shows a value in a message: "missing" for none.
func valueWord(n *jsondoc.Node) string {
	if n == nil {
		return "missing"
	}
	return snippet(n)
}

// checkGrammar reports the problems of a custom tool's grammar: those
// OpenAI rejects, or with advice, those its guide advises against.
func checkGrammar(c *ToolContext, advice bool) {
	t := c.Tool
	f := t.Format
	if t.Kind != tooldef.KindCustom || f.Free() || !f.Definition.Is(jsondoc.String) {
		return
	}
	def := f.Definition.Str()
	var problems []tooldef.GrammarProblem
	switch f.Syntax {
	case "regex":
		_, problems = tooldef.CompileRustRegex(def)
	case "lark":
		problems = tooldef.CheckLark(def)
	}
	for _, p := range problems {
		if p.Advice != advice {
			continue
		}
		c.Report(f.Definition, f.DefinitionPath(), f.Syntax+" grammar, "+placeIn(def, p.Offset)+": "+p.Msg, p.Hint)
	}
}

// placeIn says where offset is in text: a character on its one line, or
// a line and column.
func placeIn(text string, offset int) string {
	line, col := 1, 1
	for i, r := range text {
		if i >= offset {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
			continue
		}
		col++
	}
	if !strings.Contains(text, "\n") {
		return "character " + strconv.Itoa(col)
	}
	return "line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
}

func checkNamespaces(c *DocContext) {
	for _, ns := range c.Set.Namespaces {
		n := ns.Node
		switch {
		case ns.NameNode == nil:
			c.Report(n, ns.Path, "the namespace has no name", `Add "name": the namespace's calls carry it, e.g. "crm".`)
		case !ns.NameNode.Is(jsondoc.String) || strings.TrimSpace(ns.Name) == "":
			c.Report(ns.NameNode, jsondoc.AppendKey(ns.Path, "name"), "the namespace's name is "+emptyOr(ns.NameNode), `Write a name such as "crm".`)
		}
		switch d := ns.Desc; {
		case d == nil:
			c.Report(n, ns.Path, "the namespace has no description; OpenAI requires one", "Say in a sentence what the namespace's functions are for: the model chooses what to load by it.")
		case !d.Is(jsondoc.String) || strings.TrimSpace(d.Str()) == "":
			c.Report(d, jsondoc.AppendKey(ns.Path, "description"), "the namespace's description is "+emptyOr(d), "Say in a sentence what the namespace's functions are for.")
		}
		tp := jsondoc.AppendKey(ns.Path, "tools")
		switch tl := ns.Tools; {
		case tl == nil:
			c.Report(n, ns.Path, "the namespace has no tools", `List its functions in "tools".`)
			continue
		case !tl.Is(jsondoc.Array):
			c.Report(tl, tp, "the namespace's tools is "+tl.Kind.Phrase()+", not a list", `List its functions in "tools".`)
			continue
		case tl.Len() == 0:
			c.Report(tl, tp, "the namespace's tools list is empty", `List its functions in "tools", or drop the namespace.`)
		}
		for i := ns.First; i < ns.First+ns.Count; i++ {
			t := &c.Set.Tools[i]
			if typ := t.Node.Get("type").Text(); typ != "function" && typ != "custom" {
				c.Report(t.Node, t.Path, fmt.Sprintf("a namespace holds functions and custom tools; this tool's type is %s", valueWord(t.Node.Get("type"))),
					`Write it as {"type": "function", "name", "description", "parameters"}, or move it out of the namespace.`)
			}
		}
	}
}

// emptyOr words a value that should be a non-empty string.
func emptyOr(n *jsondoc.Node) string {
	if n.Is(jsondoc.String) {
		return "empty"
	}
	return n.Kind.Phrase() + ", not a string"
}

// namespaceAdvisedMax is the number of functions from which a namespace
// is larger than OpenAI's guide advises ("fewer than 10").
const namespaceAdvisedMax = 10

func checkNamespaceSize(c *DocContext) {
	for _, ns := range c.Set.Namespaces {
		if ns.Count >= namespaceAdvisedMax {
			c.Report(ns.Tools, jsondoc.AppendKey(ns.Path, "tools"),
				fmt.Sprintf("the namespace %s holds %d tools; OpenAI advises fewer than %d a namespace", termtext.Quote(ns.Name), ns.Count, namespaceAdvisedMax),
				"Split it by domain, each namespace with a concise description.")
		}
	}
}

// listsWithToolSearch are the lists that hold a tool_search tool.
var listsWithToolSearch = NewDocFact(func(ts *tooldef.ToolSet) map[int]bool {
	m := map[int]bool{}
	for i := range ts.Tools {
		// OpenAI's tool_search, or Anthropic's tool search tools
		// (tool_search_tool_regex_..., tool_search_tool_bm25_...).
		t := &ts.Tools[i]
		if t.Kind == tooldef.KindToolSearch || t.Builtin && strings.HasPrefix(t.Node.Get("type").Text(), "tool_search_tool_") {
			m[t.List] = true
		}
	}
	return m
})

func checkDeferred(c *ToolContext) {
	t := c.Tool
	if !t.Deferred || listsWithToolSearch.Of(c)[t.List] {
		return
	}
	at, path := t.Def.Get("defer_loading"), jsondoc.AppendKey(t.DefPath, "defer_loading")
	if at == nil {
		at, path = t.Node.Get("defer_loading"), jsondoc.AppendKey(t.Path, "defer_loading")
	}
	c.Report(at, path, "the tool is deferred, but its list has no tool search tool to load it",
		`Add the provider's tool search tool ({"type": "tool_search"} for OpenAI), or drop defer_loading.`)
}

func checkDeferredNamespaces(c *DocContext) {
	for _, ns := range c.Set.Namespaces {
		if d := ns.Node.Get("defer_loading"); d != nil {
			c.Report(d, jsondoc.AppendKey(ns.Path, "defer_loading"), "defer_loading on a namespace has no effect: it applies to the functions inside",
				"Set defer_loading on the namespace's functions instead.")
		}
	}
}
