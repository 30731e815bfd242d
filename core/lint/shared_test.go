package lint

import (
	"slices"
	"strings"
	"testing"

	"toolbench/core/catalog"
)

// everyTarget is every target with a name rule.
var everyTarget = []string{"openai", "anthropic", "gemini", "mcp"}

// nameAndCountCodes are the codes of the rules that judge names, counts
// and parameter schemas for some provider, the base name rule among them.
var nameAndCountCodes = []string{"invalid-name", "openai/", "anthropic/", "gemini/", "mcp/"}

func TestOneDefectFoundByManyRulesIsOneIssue(t *testing.T) {
	long := strings.Repeat("a", 100)
	checkTargetCases(t, nameAndCountCodes, []targetCase{
		// The base name rule follows the targets.
		{name: "a name MCP allows, with --target mcp", targets: []string{"mcp"},
			src: mcpList(mcpTool("files.read", `"inputSchema": {"type": "object"}`))},
		{name: "a name Gemini allows, with --target gemini", targets: []string{"gemini"},
			src: `{"functionDeclarations": [{"name": "files.read", "description": "Read a file of the workspace.", "parameters": {"type": "OBJECT"}}]}`},
		{name: "100 characters, with --target anthropic", targets: []string{"anthropic"},
			src: anthropicTool(long, `{"type": "object"}`)},
		{name: "100 characters, without a target",
			src:  anthropicTool(long, `{"type": "object"}`),
			want: []issueWant{{"invalid-name", "$[0].name", "is 100 characters long; the limit is 64"}}},
		{name: "a strict tool's name is held to OpenAI's rule",
			src:  `[{"type": "function", "function": {"name": "a b", "strict": true, "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {}, "additionalProperties": false}}}]`,
			want: []issueWant{{"invalid-name", "$[0].function.name", "invalid tool name 'a b' for OpenAI: it contains ' '"}}},
		// Several rules, one defect.
		{name: "one space, every target", targets: everyTarget,
			src:  anthropicTool("get weather", `{"type": "object"}`),
			want: []issueWant{{"invalid-name", "$[0].name", "invalid tool name 'get weather' for OpenAI, Anthropic, Gemini and MCP: it contains ' '"}}},
		{name: "a dot, every target", targets: everyTarget,
			src:  anthropicTool("files.read", `{"type": "object"}`),
			want: []issueWant{{"invalid-name", "$[0].name", "invalid tool name 'files.read' for OpenAI and Anthropic: it contains '.'"}}},
		// A target whose name rule is a warning (MCP's SHOULD) reports
		// the name itself, unless a target that rejects it is on too.
		{name: "MCP's rule alone reports under its own code", targets: []string{"mcp"},
			src:  mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", "invalid tool name 'get weather' for MCP: it contains ' '"}}},
		{name: "both MCP revisions: one issue of MCP's rule", targets: []string{"mcp", "mcp@2025-11-25"},
			src:  mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", "for MCP: it contains ' '"}}},
		{name: "no target, a list in MCP's shape: MCP's rule, as with --target mcp",
			src:  mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", "for MCP: it contains ' '"}}},
		{name: "OpenAI and MCP: the base rule's issue names both", targets: []string{"openai", "mcp"},
			src:  mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`)),
			want: []issueWant{{"invalid-name", "$.result.tools[0].name", "for OpenAI and MCP: it contains ' '"}}},
		{name: "OpenAI and MCP, OpenAI's rule ignored: MCP's rule is left", targets: []string{"openai", "mcp"}, ignore: []string{"openai/invalid-name"},
			src:  mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", "for MCP: it contains ' '"}}},
		// The code printed silences the issue; no other rule reports it.
		{name: "MCP's rule ignored, alone: nothing reports the name", targets: []string{"mcp"}, ignore: []string{"mcp/invalid-name"},
			src: mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`))},
		{name: "the base rule ignored, MCP alone: MCP's rule is what was printed, and stays", targets: []string{"mcp"}, ignore: []string{"invalid-name"},
			src:  mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", "for MCP: it contains ' '"}}},
		{name: "the base rule ignored, OpenAI and MCP: MCP's rule does not report the name instead", targets: []string{"openai", "mcp"}, ignore: []string{"invalid-name"},
			src: mcpList(mcpTool("get weather", `"inputSchema": {"type": "object"}`))},
		{name: "the base rule ignored, every target: no target's rule reports the name instead", targets: everyTarget, ignore: []string{"invalid-name"},
			src: anthropicTool("get weather", `{"type": "object"}`)},
		{name: "the first target's rule ignored: the next does not report the schema instead", targets: []string{"openai", "anthropic", "mcp"}, ignore: []string{"openai/parameters-not-object"},
			src: "[" + namedTool("lookup", `"none"`) + "]"},
		{name: "a later target's rule ignored: its provider leaves the issue", targets: []string{"openai", "anthropic", "mcp"}, ignore: []string{"anthropic/input-schema-not-object"},
			src:  "[" + namedTool("lookup", `"none"`) + "]",
			want: []issueWant{{"openai/parameters-not-object", "$[0].function.parameters", "parameters is a string; OpenAI and MCP require a JSON Schema object"}}},
		{name: "the count rule printed ignored: the other target's does not report the list", targets: []string{"openai", "gemini"}, ignore: []string{"openai/too-many-tools"},
			src: toolList(129)},
		// A target's prefix addresses all its rules.
		{name: "a target's prefix takes its provider out of a name issue", targets: everyTarget, ignore: []string{"openai/"},
			src:  anthropicTool("a b", `{"type": "object"}`),
			want: []issueWant{{"invalid-name", "$[0].name", "for Anthropic, Gemini and MCP: it contains ' '"}}},
		{name: "the prefixes of every provider that finds it: silenced", targets: []string{"openai", "anthropic"}, ignore: []string{"openai/", "anthropic/"},
			src: anthropicTool("a b", `{"type": "object"}`)},
		{name: "a target's prefix silences the issues printed under its code", targets: []string{"openai", "gemini"}, ignore: []string{"openai/"},
			src: toolList(129)},
		{name: "two defects of one name are two issues", targets: []string{"openai", "gemini"},
			src: anthropicTool("1st.try", `{"type": "object"}`),
			want: []issueWant{
				{"invalid-name", "$[0].name", "for OpenAI: it contains '.'"},
				{"invalid-name", "$[0].name", "for Gemini: it starts with '1'"},
			}},
		{name: "too many tools for two targets", targets: []string{"openai", "gemini"},
			src:  toolList(129),
			want: []issueWant{{"openai/too-many-tools", "$", "the document has 129 tools; OpenAI and Gemini accept at most 128 in one request"}}},
		{name: "a root that is no object, three targets", targets: []string{"openai", "anthropic", "mcp"},
			src:  "[" + namedTool("lookup", `"none"`) + "]",
			want: []issueWant{{"openai/parameters-not-object", "$[0].function.parameters", "parameters is a string; OpenAI, Anthropic and MCP require a JSON Schema object"}}},
		{name: "no schema, two targets", targets: []string{"anthropic", "mcp"},
			src:  anthropicTool("lookup", ""),
			want: []issueWant{{"anthropic/input-schema-not-object", "$[0]", "the tool has no parameter schema; Anthropic and MCP require one"}}},
		// An ignored rule's defect is not reported by another.
		{name: "the target's rule ignored, the base rule silent", targets: []string{"openai"}, ignore: []string{"openai/invalid-name"},
			src: anthropicTool("a b", `{"type": "object"}`)},
		{name: "one target's rule ignored, the others' still one issue", targets: everyTarget, ignore: []string{"openai/invalid-name"},
			src:  anthropicTool("a b", `{"type": "object"}`),
			want: []issueWant{{"invalid-name", "$[0].name", "for Anthropic, Gemini and MCP: it contains ' '"}}},
	})
}

// TestTheBaseNameRuleFollowsEveryTargetsNameRule holds targetNames to
// the target table: every target's name rule is one the base rule
// follows, with the pattern that rule checks.
func TestTheBaseNameRuleFollowsEveryTargetsNameRule(t *testing.T) {
	followed := map[string]bool{}
	for _, n := range targetNames {
		followed[n.code] = true
		if LookupRule(n.code) == nil {
			t.Errorf("targetNames holds %s, which is no rule", n.code)
		}
	}
	for _, tg := range Targets() {
		for _, r := range tg.Rules {
			if strings.HasSuffix(r.Code, "/invalid-name") && !followed[r.Code] {
				t.Errorf("the base invalid-name rule does not follow %s", r.Code)
			}
		}
	}
	// Each pattern is its rule's: the base rule and the target's find a
	// name alike, so the target's rule joins the base rule's issue rather
	// than report one of its own.
	for _, n := range targetNames {
		target := strings.TrimSuffix(n.code, "/invalid-name")
		res := lintWith(t, anthropicTool("a b:c", `{"type": "object"}`), []string{target}, nil)
		got := issuesMatching(res, []string{"invalid-name", target + "/"})
		// A rule that is a warning (MCP's SHOULD) reports under its own
		// code what the base rule finds for it alone.
		code := "invalid-name"
		if LookupRule(n.code).Severity == catalog.Warning {
			code = n.code
		}
		if len(got) != 1 || got[0].Code != code || got[0].FoundBy == nil || !slices.Equal(*got[0].FoundBy, []string{n.code}) ||
			!strings.Contains(got[0].Message, n.pattern.problem("a b:c")) {
			t.Errorf("%s with the base rule gives %+v, want one %s issue found by it saying %q", n.code, got, code, n.pattern.problem("a b:c"))
		}
	}
}

func TestASharedIssueSaysWhichRulesFoundIt(t *testing.T) {
	res := lintWith(t, anthropicTool("get weather", `"none"`), everyTarget, nil)
	want := map[string][]string{
		"invalid-name":                 {"openai/invalid-name", "anthropic/invalid-name", "gemini/invalid-name", "mcp/invalid-name"},
		"openai/parameters-not-object": {"openai/parameters-not-object", "anthropic/input-schema-not-object", "mcp/input-schema-not-object"},
	}
	seen := 0
	for _, is := range res.Issues {
		w, ok := want[is.Code]
		if !ok {
			if is.FoundBy != nil {
				t.Errorf("%s %s: FoundBy %v, want nil for an issue no other rule shares", is.Code, is.Path, *is.FoundBy)
			}
			continue
		}
		seen++
		if is.FoundBy == nil || !slices.Equal(*is.FoundBy, w) {
			t.Errorf("%s: FoundBy %v, want %v", is.Code, is.FoundBy, w)
		}
		if is.Code == "invalid-name" && is.SuggestedFixes() == nil {
			t.Errorf("the name issue offers no rename")
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d shared issues: %+v", seen, len(want), res.Issues)
	}
}

// TestARootTypeUnknownTypeReportsIsNotAlsoAProviderIssue holds the
// object-root rules to the base unknown-type: a root whose "type" is no
// JSON Schema type ("dict") is one defect, reported by unknown-type, with
// its fix, whatever the targets; a root of a real type other than
// "object" is the providers'.
func TestARootTypeUnknownTypeReportsIsNotAlsoAProviderIssue(t *testing.T) {
	codes := []string{"unknown-type", "openai/", "anthropic/", "mcp/"}
	objectRoot := []string{"openai", "anthropic", "mcp"}
	checkTargetCases(t, codes, []targetCase{
		{name: "dict, without a target",
			src:  fnTool(`{"type": "dict", "properties": {}}`),
			want: []issueWant{{"unknown-type", p0, "unknown type 'dict'"}}},
		{name: "dict, with openai", targets: []string{"openai"},
			src:  fnTool(`{"type": "dict", "properties": {}}`),
			want: []issueWant{{"unknown-type", p0, "unknown type 'dict'"}}},
		{name: "dict, with every target that wants an object root", targets: objectRoot,
			src:  fnTool(`{"type": "dict", "properties": {}}`),
			want: []issueWant{{"unknown-type", p0, "unknown type 'dict'"}}},
		{name: "Object, in the wrong case", targets: objectRoot,
			src:  fnTool(`{"type": "Object", "properties": {}}`),
			want: []issueWant{{"unknown-type", p0, "unknown type 'Object'"}}},
		{name: "a number for a type", targets: objectRoot,
			src:  fnTool(`{"type": 5, "properties": {}}`),
			want: []issueWant{{"unknown-type", p0, "'type' is a number"}}},
		{name: "unknown-type ignored: no provider reports the type instead", targets: objectRoot, ignore: []string{"unknown-type"},
			src: fnTool(`{"type": "dict", "properties": {}}`)},
		{name: "a real type that is not object is the providers'", targets: objectRoot,
			src:  fnTool(`{"type": "string"}`),
			want: []issueWant{{"openai/parameters-not-object", p0 + ".type", `parameters has type "string"; OpenAI, Anthropic and MCP require "object"`}}},
		{name: "a list with an unknown name is both: the list is no object type", targets: []string{"openai"},
			src: fnTool(`{"type": ["dict", "null"], "properties": {}}`),
			want: []issueWant{
				{"openai/parameters-not-object", p0 + ".type", `parameters has type ["dict", "null"]`},
				{"unknown-type", p0, "unknown type 'dict'"},
			}},
	})
}
