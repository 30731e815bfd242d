package servers

import (
	"slices"

	"toolbench/core/catalog"
	"toolbench/core/lint"
)

// Prefix is the prefix of the checks' codes, which addresses them all
// in --ignore and the configuration, as a target's prefix does its rules.
const Prefix = "servers/"

// The checks, as rules: a code, a severity and documents, as lint's are,
// so that `toolbench rules`, `explain`, SARIF and the configuration treat
// them alike. They have no hooks: Check reports them.
var (
	duplicateToolName = &lint.Rule{
		Entry: catalog.Entry{
			Code: Prefix + "duplicate-tool-name", Severity: catalog.Warning,
			Summary: "Two servers list a tool of the same name.",
			Doc: `A client that connects several servers puts their tools in one list
for the model, and MCP names no namespace for them: the specification
says clients that aggregate servers SHOULD disambiguate a name two of
them share, for example by a prefix. Clients do this differently:

- Claude Code names each server's tools mcp__SERVER__TOOL, so the two do
  not clash there.
- Gemini CLI gives the bare name to the first server to register it and
  renames the others SERVER__TOOL: which server the model reaches by the
  bare name depends on which connected first.
- The OpenAI Agents SDK refuses the set of servers ("Duplicate tool
  names found across MCP servers") unless names are prefixed.

The issue is placed at the name in the second server to list it, and
names every server that does. Fix: rename the tool in a server you own
(a prefix of the server's own, such as github_search), or turn off the
tool in one of the servers.

Sources: Model Context Protocol specification 2026-07-28, Server
features, Tools, "Tool names"; Claude Code, "Configure permissions"
(code.claude.com/docs/en/permissions: MCP tools are mcp__server__tool);
Gemini CLI, docs/tools/mcp-server.md, "Conflict Resolution"
(github.com/google-gemini/gemini-cli); OpenAI Agents SDK,
src/agents/mcp/util.py (github.com/openai/openai-agents-python).`,
		},
	}
	tooManyTools = &lint.Rule{
		Entry: catalog.Entry{
			Code: Prefix + "too-many-tools", Severity: catalog.Error,
			Summary: "The servers list more tools together than a provider accepts in one request.",
			Doc: `A client sends the tools of every server it connects in one request, so
what a provider caps is their sum: OpenAI's Chat Completions take at most
128 functions, and Gemini at most 128 function declarations; a longer
list is rejected. The caps checked are those of the targets named, or of
every provider when none is (the servers' own documents are MCP's, which
caps nothing). One issue names every provider whose cap the sum passes.

Fix: turn off the servers, or the tools, a task does not need.

Sources: OpenAI API reference, Chat Completions, "tools" (at most 128
functions); Vertex AI, Tool.functionDeclarations (at most 128). These are
the numbers of the openai/too-many-tools and gemini/too-many-tools rules.`,
		},
	}
	manyTools = &lint.Rule{
		Entry: catalog.Entry{
			Code: Prefix + "many-tools", Severity: catalog.Warning,
			Summary: "The servers list more than 50 tools together, past where Anthropic says tool selection degrades.",
			Doc: `Anthropic's documentation of tool search says the accuracy of tool
selection degrades once more than 30 to 50 tools are loaded at once, and
that 50 tools may take 10,000 to 20,000 tokens of context. The warning is
given past 50, the top of that range, with the anthropic target or none
named.

Fix: turn off the servers a task does not need, or let the model find
tools with tool search (defer_loading) rather than loading all of them.

Source: Claude Agent SDK, "Tool search"
(code.claude.com/docs/en/agent-sdk/tool-search): "Tool selection accuracy
degrades with more than 30-50 tools loaded at once".`,
		},
	}
	tokenBudget = &lint.Rule{
		Entry: catalog.Entry{
			Code: Prefix + "token-budget", Severity: catalog.Error,
			Summary: "The tool definitions of all servers cost more tokens together than the configuration's budget.",
			Doc: `Every request carries every tool definition, so what the servers' tools
cost in tokens is paid on every turn, and taken from the context the
work has. The cost is the tokens of each definition written as compact
JSON, in o200k_base, the encoding of OpenAI's current models: providers
render definitions their own way, so it is an estimate of the order of
the cost, not the bill. The budget is the configuration's token-budget;
without one, nothing is checked.

Fix: turn off the servers or tools a task does not need, or shorten
long descriptions and schemas (the workbench shows what each tool costs).`,
		},
	}
)

var ruleTable = append([]*lint.Rule{duplicateToolName, tooManyTools, manyTools, tokenBudget}, securityRules...)

// Rules returns the checks, in the order Check reports them.
func Rules() []*lint.Rule { return slices.Clone(ruleTable) }

// LookupRule returns the check with the given code, or nil.
func LookupRule(code string) *lint.Rule {
	for _, r := range ruleTable {
		if r.Code == code {
			return r
		}
	}
	return nil
}

// limit is a provider's cap, or advice, on the tools of one request,
// and the rule that holds the servers to it.
type limit struct {
	target, provider string
	max              int
	rule             *lint.Rule
}

var limits = []limit{
	{"openai", "OpenAI", 128, tooManyTools},
	{"gemini", "Gemini", 128, tooManyTools},
	{"anthropic", "Anthropic", 50, manyTools},
}
