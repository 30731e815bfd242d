package lint

import (
	"slices"
	"strings"
	"testing"

	"toolbench/core/catalog"
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
	mcp, mcp2025 := []string{"mcp"}, []string{"mcp@2025-11-25"}
	in := `"inputSchema": {"type": "object", "additionalProperties": false}`
	checkTargetCases(t, []string{"mcp/"}, []targetCase{
		{name: "valid tools", targets: mcp, src: mcpList(mcpTool("admin.tools.list", in), mcpTool("get_user-v2", in+`, "outputSchema": {"type": "object", "properties": {}}`))},
		{name: "valid tools, 2025-11-25", targets: mcp2025, src: mcpList(mcpTool("admin.tools.list", in), mcpTool("get_user-v2", in+`, "outputSchema": {"type": "object", "properties": {}}`))},
		{name: "an array outputSchema, 2026-07-28", targets: mcp,
			src: mcpList(mcpTool("f", in+`, "outputSchema": {"type": "array", "items": {"type": "string"}}`))},
		{name: "an array outputSchema, 2025-11-25", targets: mcp2025,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": {"type": "array", "items": {"type": "string"}}`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema.type", `outputSchema has type "array"; MCP requires "object"`}}},
		{name: "a string outputSchema, 2026-07-28", targets: mcp,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": "list"`)),
			want: []issueWant{{"mcp/output-schema-invalid", "$.result.tools[0].outputSchema", `outputSchema is a string; MCP takes a JSON Schema object`}}},
		{name: "an outputSchema the meta-schema refuses is invalid-schema's, 2026-07-28", targets: mcp,
			src: mcpList(mcpTool("f", in+`, "outputSchema": {"type": "array", "minItems": "two"}`))},
		{name: "inputSchema null, 2025-11-25", targets: mcp2025,
			src:  mcpList(mcpTool("f", `"inputSchema": null`)),
			want: []issueWant{{"mcp/input-schema-not-object", "$.result.tools[0].inputSchema", "inputSchema is null"}}},
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
		{name: "outputSchema without a type, 2025-11-25", targets: mcp2025,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": {"properties": {}}`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema", `outputSchema has no "type"`}}},
		{name: "outputSchema of type string, 2025-11-25", targets: mcp2025,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": {"type": "string"}`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema.type", `outputSchema has type "string"`}}},
		{name: "outputSchema a list, 2025-11-25", targets: mcp2025,
			src:  mcpList(mcpTool("f", in+`, "outputSchema": []`)),
			want: []issueWant{{"mcp/output-schema-not-object", "$.result.tools[0].outputSchema", "outputSchema is an array"}}},
	})
}

// TestMCPsNameRuleWarnsUnderItsOwnCodeUnlessAnotherTargetRejects holds
// the base name rule to MCP's: the specification's SHOULD is a warning
// under mcp/invalid-name when MCP's revisions are the only targets,
// however they are turned on, and the base rule's error only when a
// target that rejects the name (OpenAI's) is on as well.
func TestMCPsNameRuleWarnsUnderItsOwnCodeUnlessAnotherTargetRejects(t *testing.T) {
	if r := LookupRule("mcp/invalid-name"); r.Severity != catalog.Warning {
		t.Errorf("mcp/invalid-name is %s, want a warning: the specification's SHOULD", r.Severity)
	}
	src := mcpList(mcpTool("get weather", `"inputSchema": {"type": "object", "additionalProperties": false}`))
	for _, tc := range []struct {
		name    string
		targets []string
		code    string
		sev     catalog.Severity
		foundBy []string
	}{
		{"mcp", []string{"mcp"}, "mcp/invalid-name", catalog.Warning, []string{"mcp/invalid-name"}},
		{"mcp@2025-11-25", []string{"mcp@2025-11-25"}, "mcp/invalid-name", catalog.Warning, []string{"mcp/invalid-name"}},
		{"no target, MCP's shape", nil, "mcp/invalid-name", catalog.Warning, []string{"mcp/invalid-name"}},
		{"openai and mcp", []string{"openai", "mcp"}, "invalid-name", catalog.Error, []string{"openai/invalid-name", "mcp/invalid-name"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := lintWith(t, src, tc.targets, nil)
			got := issuesMatching(res, []string{"invalid-name", "mcp/", "openai/"})
			if len(got) != 1 || got[0].Code != tc.code || got[0].Severity != tc.sev || got[0].FoundBy == nil || !slices.Equal(*got[0].FoundBy, tc.foundBy) {
				t.Fatalf("issues = %+v, want one %s %s found by %v", got, tc.sev, tc.code, tc.foundBy)
			}
			if tc.sev == catalog.Warning && (res.Errors != 0 || res.Warnings != 1) {
				t.Errorf("%d errors and %d warnings, want the name's warning alone", res.Errors, res.Warnings)
			}
		})
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

func TestMCPRevisionsAreTargetsOfTheTable(t *testing.T) {
	if got, want := TargetNames()[len(TargetNames())-2:], []string{"mcp", "mcp@2025-11-25"}; !slices.Equal(got, want) {
		t.Errorf("the table's last targets are %q, want %q", got, want)
	}
	for _, tc := range []struct{ name, want string }{
		{"mcp", "mcp"},
		{"mcp@2026-07-28", "mcp"},
		{"mcp@2025-11-25", "mcp@2025-11-25"},
		{"mcp@2024-11-05", ""},
		{"openai@2026-07-28", ""},
		{"mcp@", ""},
	} {
		got := ""
		if tg := LookupTarget(tc.name); tg != nil {
			got = tg.Name
		}
		if got != tc.want {
			t.Errorf("LookupTarget(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	names, err := ParseTargets([]string{"mcp@2026-07-28,mcp", "mcp@2025-11-25"})
	if err != nil || !slices.Equal(names, []string{"mcp", "mcp@2025-11-25"}) {
		t.Errorf("ParseTargets = %q, %v; want the targets' names, once each", names, err)
	}
	if _, err := ParseTargets([]string{"mcp@2024-11-05"}); err == nil || !strings.Contains(err.Error(), "mcp@2025-11-25") {
		t.Errorf("an unknown revision: %v, want an error naming the known targets", err)
	}
}

func TestTheRevisionsKeepTheirOwnRules(t *testing.T) {
	only := func(tg *Target) []string {
		var codes []string
		for _, r := range tg.Rules {
			codes = append(codes, r.Code)
		}
		return codes
	}
	in2025 := only(mcp20251125Target)
	if want := []string{"mcp/invalid-name", "mcp/input-schema-not-object", "mcp/output-schema-not-object"}; !slices.Equal(in2025, want) {
		t.Errorf("mcp@2025-11-25's rules are %q, want %q", in2025, want)
	}
	for _, c := range only(mcpTarget) {
		r := LookupRule(c)
		shared := slices.Contains(in2025, c)
		if want := map[bool][]string{true: {"mcp", "mcp@2025-11-25"}, false: {"mcp"}}[shared]; !slices.Equal(r.Targets(), want) || r.Target != "mcp" {
			t.Errorf("%s: Target %q, Targets %q; want mcp, %q", c, r.Target, r.Targets(), want)
		}
	}
	if r := LookupRule("mcp/output-schema-not-object"); r.Target != "mcp@2025-11-25" || slices.Contains(only(mcpTarget), r.Code) {
		t.Errorf("mcp/output-schema-not-object is a rule of %q, want of mcp@2025-11-25 alone", r.Targets())
	}
}

func TestExplainingEitherRevisionNamesBoth(t *testing.T) {
	for _, tg := range []*Target{mcpTarget, mcp20251125Target} {
		for _, want := range []string{"2026-07-28  --target mcp (or mcp@2026-07-28), the newest", "2025-11-25  --target mcp@2025-11-25"} {
			if !strings.Contains(tg.Doc, want) {
				t.Errorf("%s's doc does not say %q:\n%s", tg.Name, want, tg.Doc)
			}
		}
		if i, j := strings.Index(tg.Doc, "Revisions"), strings.Index(tg.Doc, "\nSource: "); i < 0 || j < i {
			t.Errorf("%s's doc lists the revisions after its source", tg.Name)
		}
	}
}

func TestMCPTargetForANegotiatedVersion(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"2026-07-28", "mcp"},
		{"2025-11-25", "mcp@2025-11-25"},
		{"2027-03-01", "mcp"},            // newer than any: the newest
		{"2026-01-15", "mcp@2025-11-25"}, // between: the older
		{"2025-06-18", "mcp@2025-11-25"}, // older than any: the oldest
		{"2024-11-05", "mcp@2025-11-25"},
		{"DRAFT-2026-v1", "mcp"}, // no date: the newest
		{"", "mcp"},
	} {
		if got := MCPTargetFor(tc.version); got == nil || got.Name != tc.want {
			t.Errorf("MCPTargetFor(%q) = %v, want %s", tc.version, got, tc.want)
		}
	}
}

// Of a provider's targets with revisions, the first in the table is
// named without a date and follows the newest; the others are older in
// table order, each named PROVIDER@REVISION.
func TestAProvidersRevisionsAreNewestFirst(t *testing.T) {
	providers := map[string]bool{}
	for _, tg := range Targets() {
		if tg.Revision != "" {
			providers[tg.provider()] = true
		}
	}
	for p := range providers {
		revs := revisionsOf(Targets(), p)
		for i, tg := range revs {
			want := p + "@" + tg.Revision
			if i == 0 {
				want = p
			}
			if tg.Name != want || i > 0 && tg.Revision >= revs[i-1].Revision {
				t.Errorf("revision %d of %s is %s of %s, want %s, older than the one before", i, p, tg.Name, tg.Revision, want)
			}
		}
	}
	if len(providers) == 0 {
		t.Error("no provider has revisions; mcp should")
	}
}
