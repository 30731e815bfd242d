package lint

import (
	"slices"
	"strings"
	"testing"
)

// mcpList is an MCP tools/list result holding the given tools (JSON text).
func mcpList(tools ...string) string {
	return `{"result": {"tools": [` + strings.Join(tools, ",") + `]}}`
}

// mcpTool is an MCP tool with a name and extra members (JSON text).
func mcpTool(name, rest string) string {
	s := `{"name": "` + name + `", "description": "Look up records in the catalogue."`
	if rest != "" {
		s += ", " + rest
	}
	return s + "}"
}

func TestMCPTargetRules(t *testing.T) {
	mcp := []string{"mcp"}
	in := `"inputSchema": {"type": "object", "additionalProperties": false}`
	checkTargetCases(t, []string{"mcp/"}, []targetCase{
		{name: "valid tools", targets: mcp, src: mcpList(mcpTool("admin.tools.list", in), mcpTool("get_user-v2", in+`, "outputSchema": {"type": "object", "properties": {}}`))},
		{name: "no target, a list in MCP's shape gets the mcp rules", src: mcpList(mcpTool("files.read", `"inputSchema": {"type": "string"}`)),
			want: []issueWant{{"mcp/input-schema-not-object", "$.result.tools[0].inputSchema.type", `inputSchema has type "string"`}}},
		{name: "no target, another shape gets no mcp rules", src: `[{"name": "a", "description": "Look something up in the index.", "parameters": {"type": "string"}}]`},
		{name: "space and comma in the name", targets: mcp,
			src:  mcpList(mcpTool("get user,now", in)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", `invalid tool name 'get user,now' for MCP: it contains ' ' and ','`}}},
		{name: "slash in the name", targets: mcp,
			src:  mcpList(mcpTool("user/update", in)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", `contains '/'`}}},
		{name: "name of 129 characters", targets: mcp,
			src:  mcpList(mcpTool(strings.Repeat("n", 129), in)),
			want: []issueWant{{"mcp/invalid-name", "$.result.tools[0].name", "is 129 characters long; the limit is 128"}}},
		{name: "no inputSchema", targets: mcp,
			src:  mcpList(mcpTool("f", "")),
			want: []issueWant{{"mcp/input-schema-not-object", "$.result.tools[0]", "the tool has no inputSchema"}}},
		{name: "inputSchema null", targets: mcp,
			src:  mcpList(mcpTool("f", `"inputSchema": null`)),
			want: []issueWant{{"mcp/input-schema-not-object", "$.result.tools[0].inputSchema", "inputSchema is null"}}},
		{name: "inputSchema of type array", targets: mcp,
			src:  mcpList(mcpTool("f", `"inputSchema": {"type": "array"}`)),
			want: []issueWant{{"mcp/input-schema-not-object", "$.result.tools[0].inputSchema.type", `inputSchema has type "array"; MCP requires "object"`}}},
		{name: "outputSchema without a type", targets: mcp,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": {"properties": {}}`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema", `outputSchema has no "type"`}}},
		{name: "outputSchema of type string", targets: mcp,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": {"type": "string"}`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema.type", `outputSchema has type "string"`}}},
		{name: "outputSchema a list", targets: mcp,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": []`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema", "outputSchema is an array"}}},
	})
}

func TestMCPInvalidNameIsAWarningTheBaseRuleReportsAsItsError(t *testing.T) {
	if r := LookupRule("mcp/invalid-name"); r.Severity != Warning {
		t.Errorf("mcp/invalid-name is %s, want a warning: the specification's SHOULD", r.Severity)
	}
	// The base rule reports what it finds, under its code and severity.
	res := lintWith(t, mcpList(mcpTool("a b", `"inputSchema": {"type": "object"}`)), []string{"mcp"}, nil)
	got := issuesMatching(res, []string{"invalid-name", "mcp/"})
	if len(got) != 1 || got[0].Code != "invalid-name" || got[0].Severity != Error || got[0].FoundBy == nil || (*got[0].FoundBy)[0] != "mcp/invalid-name" {
		t.Fatalf("issues = %+v, want one invalid-name error found by mcp/invalid-name", got)
	}
}

func TestAResultSaysWhichTargetsWereAskedForAndWhichRan(t *testing.T) {
	mcpShaped := mcpList(mcpTool("files.read", `"inputSchema": {"type": "object"}`))
	openaiShaped := `[{"type": "function", "function": {"name": "f", "description": "Look up records in the catalogue.", "parameters": {"type": "object"}}}]`
	cases := []struct {
		name               string
		src                string
		targets            []string
		requested, applied []string
	}{
		{"none asked, MCP's shape implies mcp", mcpShaped, nil, nil, []string{"mcp"}},
		{"none asked, another shape implies none", openaiShaped, nil, nil, nil},
		{"one asked for MCP's shape", mcpShaped, []string{"openai"}, []string{"openai"}, []string{"openai"}},
		{"two asked", openaiShaped, []string{"openai", "gemini"}, []string{"openai", "gemini"}, []string{"openai", "gemini"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := lintWith(t, tc.src, tc.targets, nil)
			if !slices.Equal(res.Requested, tc.requested) || !slices.Equal(res.Targets, tc.applied) {
				t.Errorf("requested %q, applied %q; want %q, %q", res.Requested, res.Targets, tc.requested, tc.applied)
			}
		})
	}
}
