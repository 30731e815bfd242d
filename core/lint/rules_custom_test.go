package lint

import (
	"fmt"
	"strings"
	"testing"
)

func TestOpenAIsDocumentedNamespacesAndCustomToolsLintClean(t *testing.T) {
	for _, targets := range [][]string{nil, {"openai"}} {
		res := lintFile(t, "../../testdata/lint/openai2026/documented.json", Options{Targets: targets})
		if len(res.Issues) != 0 {
			t.Errorf("targets %v: issues %v, want none", targets, brief(res.Issues))
		}
		if n := len(res.Tools.Tools); n != 6 || res.Tools.Namespaces[0].Count != 2 {
			t.Errorf("%d tools, want the namespace's two, tool_search and three custom tools", n)
		}
	}
}

// responsesDoc is a Responses tools list of the entries given.
func responsesDoc(entries ...string) string { return "[" + strings.Join(entries, ",\n") + "]" }

func customTool(name, format string) string {
	s := `{"type": "custom", "name": "` + name + `", "description": "Runs the input the model writes."`
	if format != "" {
		s += `, "format": ` + format
	}
	return s + "}"
}

func namespace(name, desc string, tools ...string) string {
	s := `{"type": "namespace"`
	if name != "" {
		s += `, "name": "` + name + `"`
	}
	if desc != "" {
		s += `, "description": "` + desc + `"`
	}
	return s + `, "tools": [` + strings.Join(tools, ", ") + `]}`
}

func responsesFunction(name string) string {
	return `{"type": "function", "name": "` + name + `", "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": false}}`
}

func TestResponsesToolsAreCheckedByKind(t *testing.T) {
	codes := []string{"invalid-name", "missing-parameters", "invalid-custom-format", "invalid-grammar", "grammar-advice", "invalid-namespace", "namespace-too-large", "deferred-without-tool-search", "openai/", "anthropic/", "gemini/", "mcp/"}
	var ten []string
	for i := range 10 {
		ten = append(ten, responsesFunction(fmt.Sprintf("f%d", i)))
	}
	checkTargetCases(t, codes, []targetCase{
		// The case of issue 21: four tools "without parameters", a bad
		// name and a grammar that does not compile unseen.
		{name: "tool_search, a namespace with a bad name inside, a grammar that does not compile",
			src: responsesDoc(`{"type": "tool_search"}`, namespace("crm", "CRM tools.", responsesFunction("get customer")),
				customTool("code_exec", `{"type": "grammar", "syntax": "regex", "definition": "^(abc$"}`), customTool("free", `{"type": "text"}`)),
			want: []issueWant{
				{"invalid-name", "$[1].tools[0].name", "invalid tool name 'get customer'"},
				{"invalid-grammar", "$[2].format.definition", "regex grammar, character 2: the regular expression does not compile: missing closing )"},
			}},
		{name: "the same with --target openai", targets: []string{"openai"},
			src: responsesDoc(namespace("crm", "CRM tools.", responsesFunction("get customer")), customTool("code_exec", `{"type": "grammar", "syntax": "regex", "definition": "a(?=b)"}`)),
			want: []issueWant{
				{"invalid-name", "$[0].tools[0].name", "for OpenAI"},
				{"invalid-grammar", "$[1].format.definition", `character 2: lookaround "(?=" is not supported`},
			}},
		{name: "a lark grammar with what OpenAI does not support",
			src: responsesDoc(customTool("m", `{"type": "grammar", "syntax": "lark", "definition": "start: A\nA.2: /a+?/\n%import python.NAME"}`)),
			want: []issueWant{
				{"invalid-grammar", "$[0].format.definition", "lark grammar, line 2, column 1: the terminal A has a priority (.2)"},
				{"invalid-grammar", "$[0].format.definition", `lark grammar, line 2, column 8: in the terminal's regular expression, lazy modifier "+?"`},
				{"invalid-grammar", "$[0].format.definition", `line 3, column 1: %import of "python.NAME" is not supported`},
			}},
		{name: "a Chat Completions custom tool's grammar",
			src:  `[{"type": "custom", "custom": {"name": "ts", "description": "Saves a timestamp.", "format": {"type": "grammar", "grammar": {"syntax": "regex", "definition": "(a)\\1"}}}}]`,
			want: []issueWant{{"invalid-grammar", "$[0].custom.format.grammar.definition", `"\\1" is a backreference`}}},
		{name: "advice on a regex grammar",
			src:  responsesDoc(customTool("ts", `{"type": "grammar", "syntax": "regex", "definition": "/^a$/"}`)),
			want: []issueWant{{"grammar-advice", "$[0].format.definition", "enclosed in slashes"}}},
		{name: "formats OpenAI does not read",
			src: responsesDoc(customTool("a", `"text"`), customTool("b", `{"type": "json"}`), customTool("c", `{"type": "grammar", "syntax": "pcre", "definition": "a"}`),
				customTool("d", `{"type": "grammar", "syntax": "regex"}`), customTool("e", `{"type": "grammar", "syntax": "lark", "definition": 5}`)),
			want: []issueWant{
				{"invalid-custom-format", "$[0].format", "format is a string, not an object"},
				{"invalid-custom-format", "$[1].format.type", `format type "json" is neither`},
				{"invalid-custom-format", "$[2].format.syntax", `grammar syntax "pcre" is neither`},
				{"invalid-custom-format", "$[3].format", "the grammar has no definition"},
				{"invalid-custom-format", "$[4].format.definition", "is a number, not a string"},
			}},
		{name: "namespaces OpenAI rejects",
			src: responsesDoc(namespace("", "", responsesFunction("a")), namespace("n", "Tools.", `{"type": "web_search"}`), `{"type": "namespace", "name": "m", "description": "Tools.", "tools": []}`),
			want: []issueWant{
				{"invalid-namespace", "$[0]", "the namespace has no name"},
				{"invalid-namespace", "$[0]", "the namespace has no description"},
				{"invalid-namespace", "$[1].tools[0]", `this tool's type is "web_search"`},
				{"invalid-namespace", "$[2].tools", "the namespace's tools list is empty"},
			}},
		{name: "nine functions in a namespace", src: responsesDoc(namespace("n", "Tools.", ten[:9]...))},
		{name: "ten functions in a namespace", src: responsesDoc(namespace("n", "Tools.", ten...)),
			want: []issueWant{{"namespace-too-large", "$[0].tools", "the namespace 'n' holds 10 tools; OpenAI advises fewer than 10"}}},
		{name: "deferred without tool_search, and on a namespace",
			src: responsesDoc(strings.Replace(namespace("n", "Tools.", responsesFunction("a")), `"type": "namespace"`, `"type": "namespace", "defer_loading": true`, 1),
				strings.Replace(responsesFunction("b"), `"type": "function"`, `"type": "function", "defer_loading": true`, 1)),
			want: []issueWant{
				{"deferred-without-tool-search", "$[0].defer_loading", "defer_loading on a namespace has no effect"},
				{"deferred-without-tool-search", "$[1].defer_loading", "no tool search tool"},
			}},
		{name: "functions of two namespaces share a name", src: responsesDoc(namespace("a", "Tools.", responsesFunction("search")), namespace("b", "Tools.", responsesFunction("search")))},
		{name: "custom tools for the other providers", targets: []string{"anthropic", "gemini", "mcp"},
			src:  responsesDoc(customTool("code_exec", "")),
			want: []issueWant{{"anthropic/input-schema-not-object", "$[0]", "the tool is an OpenAI custom tool, which takes free text; Anthropic, Gemini and MCP take only tools"}}},
	})
}

func TestTwoFunctionsOfOneNamespaceWithOneNameAreDuplicates(t *testing.T) {
	res := lintWith(t, responsesDoc(namespace("a", "Tools.", responsesFunction("search"), responsesFunction("search"))), nil, nil)
	got := issuesMatching(res, []string{"duplicate-name"})
	if len(got) != 1 || got[0].Path != "$[0].tools[1].name" || !strings.Contains(got[0].Message, "'a.search'") {
		t.Errorf("duplicate-name issues %v, want one at the second search", brief(got))
	}
}
