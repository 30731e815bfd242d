package catalog

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// entry is a valid entry of the code given.
func entry(code string, sev Severity) Entry {
	return Entry{Code: code, Severity: sev, Summary: "What " + code + " finds.", Doc: "Why " + code + " matters."}
}

func TestNewRefusesWhatNoCatalogCanHold(t *testing.T) {
	for _, tc := range []struct {
		name  string
		codes []Code
		want  string // in the error; "" for none
	}{
		{"one of each kind", []Code{
			{Entry: entry("a", Error), Kind: KindRule}, {Entry: entry("servers/b", Warning), Kind: KindServers},
			{Entry: Entry{Code: "t"}, Kind: KindTarget}, {Entry: entry("c", Note), Kind: KindChange},
			{Entry: entry("d", Note), Kind: KindCall}, {Entry: entry("e", Warning), Kind: KindRun},
		}, ""},
		{"a code without a kind", []Code{{Entry: entry("a", Error)}}, "a has no kind"},
		{"a name two codes have", []Code{{Entry: entry("a", Error), Kind: KindRule}, {Entry: entry("a", Note), Kind: KindChange}}, "two codes are named a"},
		{"a code without a severity", []Code{{Entry: Entry{Code: "a", Summary: "s", Doc: "d"}, Kind: KindCall}}, "a has no severity"},
		{"a code without a doc", []Code{{Entry: Entry{Code: "a", Severity: Error, Summary: "s"}, Kind: KindCall}}, "a is not documented"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.codes)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("New = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestValidateWantsTheDocToMatchTheFixMode(t *testing.T) {
	tests := []struct {
		name string
		fix  FixMode
		doc  string
		ok   bool
	}{
		{"a fix, documented", FixAuto, "Checks x. toolbench fix\nremoves it.", true},
		{"a fix, undocumented", FixAuto, "Checks x.", false},
		{"no fix, but a documented one", FixNone, "Checks x. toolbench fix removes it.", false},
		{"no fix", FixNone, "Checks x.", true},
		{"a fix, the words wrapped", FixAuto, "Checks x. Run toolbench\n\t  fix to drop it.", true},
		{"a fix, the mark after a false start", FixAuto, "toolbench checks x; toolbench fix drops it.", true},
		{"a fix, the words run together", FixAuto, "Checks x. toolbenchfix drops it.", false},
		{"a fix, the first word last", FixAuto, "Checks x, as toolbench", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := Entry{Code: "x", Severity: Error, Summary: "s", Fix: tc.fix, Doc: tc.doc}
			if err := e.Validate(); (err == nil) != tc.ok {
				t.Errorf("Validate = %v, want ok %v", err, tc.ok)
			}
		})
	}
}

func TestSeverityReadsBackWhatItWrites(t *testing.T) {
	for _, s := range []Severity{Error, Warning, Note} {
		text, _ := s.MarshalText()
		var back Severity
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("%s read back as %v, %v", text, back, err)
		}
	}
	var s Severity
	if err := s.UnmarshalText([]byte("fatal")); err == nil {
		t.Error("UnmarshalText read fatal")
	}
}

func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	rule := Code{Entry: entry("invalid-name", Error), Kind: KindRule}
	openai := Code{Entry: entry("openai/invalid-name", Error), Kind: KindRule, Targets: []string{"openai"}}
	c, err := New([]Code{
		rule, openai,
		{Entry: entry("servers/many-tools", Warning), Kind: KindServers},
		{Entry: Entry{Code: "openai", Summary: "OpenAI's name rules", Doc: "OpenAI's rules."}, Kind: KindTarget, Rules: []Code{openai}},
		{Entry: entry("removed-tool", Error), Kind: KindChange},
		{Entry: entry("missing", Error), Kind: KindCall},
		{Entry: entry("tool_error", Error), Kind: KindRun},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLookupFindsEveryNameAndSimilarWhatAMistypingMayMean(t *testing.T) {
	c := testCatalog(t)
	for _, name := range []string{"invalid-name", "servers/many-tools", "openai", "removed-tool", "missing", "tool_error"} {
		if got := c.Lookup(name); got == nil || got.Code != name {
			t.Errorf("Lookup(%q) = %+v", name, got)
		}
	}
	if got := c.Lookup("nope"); got != nil {
		t.Errorf("Lookup(nope) = %+v, want nil", got)
	}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"invalid_name", []string{"invalid-name"}},
		{"gemini/invalid-name", []string{"invalid-name", "openai/invalid-name"}},
		{"openia", []string{"openai"}},
		{"removed-tol", []string{"removed-tool"}},
		{"tool_eror", []string{"tool_error"}},
		{"something else", nil},
	} {
		if got := c.Similar(tc.name); !cmp.Equal(got, tc.want) {
			t.Errorf("Similar(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := len(c.Codes(KindRule)); got != 2 {
		t.Errorf("%d rules, want 2", got)
	}
}

func TestListLaysOutTheColumnsOfEachFamily(t *testing.T) {
	c := testCatalog(t)
	for _, tc := range []struct {
		name  string
		kinds []Kind
		want  string
	}{
		{"rules and their targets", []Kind{KindRule}, "" +
			"CODE                 SEVERITY  TARGET  SUMMARY\n" +
			"invalid-name         error     always  What invalid-name finds.\n" +
			"openai/invalid-name  error     openai  What openai/invalid-name finds.\n"},
		{"checks of several servers", []Kind{KindServers}, "" +
			"CODE                SEVERITY  TARGET       SUMMARY\n" +
			"servers/many-tools  warning   all-servers  What servers/many-tools finds.\n"},
		{"changes", []Kind{KindChange}, "" +
			"CODE          SEVERITY  SUMMARY\n" +
			"removed-tool  breaking  What removed-tool finds.\n"},
		{"calls and their outcomes", []Kind{KindCall, KindRun}, "" +
			"CODE        KIND      SUMMARY\n" +
			"missing     error     What missing finds.\n" +
			"tool_error  run       What tool_error finds.\n"},
		{"nothing", []Kind{KindCall + 100}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, List(c.Codes(tc.kinds...))); diff != "" {
				t.Errorf("List (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTextSaysWhatACodeIsWhereItAppliesAndItsPage(t *testing.T) {
	c := testCatalog(t)
	for _, tc := range []struct {
		code, uri, want string
	}{
		{"invalid-name", "", "invalid-name (error, always on)\nWhat invalid-name finds.\n\nWhy invalid-name matters.\n" +
			"\nPage: docs/rules/invalid-name.md in toolbench's repository\n"},
		{"openai/invalid-name", "https://github.com/o/toolbench/tree/v1.2.0", "openai/invalid-name (error, target openai)\nWhat openai/invalid-name finds.\n\nWhy openai/invalid-name matters.\n" +
			"\nPage: docs/rules/openai-invalid-name.md, at https://github.com/o/toolbench/blob/v1.2.0/docs/rules/openai-invalid-name.md\n"},
		{"servers/many-tools", "", "servers/many-tools (warning, lint --all-servers)\nWhat servers/many-tools finds.\n\nWhy servers/many-tools matters.\n" +
			"\nPage: docs/rules/servers-many-tools.md in toolbench's repository\n"},
		{"removed-tool", "", "removed-tool (breaking, a change toolbench diff reports)\nWhat removed-tool finds.\n\nWhy removed-tool matters.\n" +
			"\nPage: docs/rules/removed-tool.md in toolbench's repository\n"},
		{"missing", "", "missing (error, a code toolbench call reports)\nWhat missing finds.\n\nWhy missing matters.\n" +
			"\nPage: docs/rules/missing.md in toolbench's repository\n"},
		{"tool_error", "", "tool_error (an outcome toolbench call --run reports)\nWhat tool_error finds.\n\nWhy tool_error matters.\n" +
			"\nPage: docs/rules/tool_error.md in toolbench's repository\n"},
		{"openai", "", "openai (target)\nWhat it adds: OpenAI's name rules.\n\nOpenAI's rules.\n\nRules:\n" +
			"CODE                 SEVERITY  TARGET  SUMMARY\n" +
			"openai/invalid-name  error     openai  What openai/invalid-name finds.\n" +
			"\nRun \"toolbench explain CODE\" for what a rule checks and how to fix it.\n" +
			"\nPage: docs/targets.md in toolbench's repository\n"},
	} {
		t.Run(tc.code, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, c.Lookup(tc.code).Text(tc.uri)); diff != "" {
				t.Errorf("Text (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTextWrapsAt78CellsAndKeepsLongWordsWhole(t *testing.T) {
	url := "https://example.org/" + strings.Repeat("a", 80)
	c := Code{Entry: Entry{Code: "x", Severity: Warning, Summary: "s", Doc: strings.Repeat("word ", 40) + url}, Kind: KindRule}
	for _, line := range strings.Split(c.Text(""), "\n") {
		if len(line) > 78 && line != url {
			t.Errorf("a line of %d cells: %q", len(line), line)
		}
	}
	if !strings.Contains(c.Text(""), "\n"+url+"\n") {
		t.Errorf("the address is cut:\n%s", c.Text(""))
	}
}

func TestMarkdownIsThePageOfACodeAndIndexListsThemByGroup(t *testing.T) {
	c := testCatalog(t)
	want := "# `openai/invalid-name`\n\n" +
		"<!-- Made from the table that declares the code by go test ./internal/cli -run Docs -update: change the code's documents there, not here. -->\n\n" +
		"What openai/invalid-name finds.\n\n" +
		"- **Severity:** error\n" +
		"- **Runs:** the rules of `openai` ([targets](../targets.md)): `--target openai`\n" +
		"- **Fix:** none: edit the definition as below says\n" +
		"\nWhy openai/invalid-name matters.\n\n" +
		"---\n\n[Every code](README.md) · in a terminal: `toolbench explain openai/invalid-name`\n"
	if diff := cmp.Diff(want, c.Lookup("openai/invalid-name").Markdown()); diff != "" {
		t.Errorf("Markdown (-want +got):\n%s", diff)
	}
	if got := c.Lookup("missing").Markdown(); !strings.Contains(got, "- **Kind:** error\n") || strings.Contains(got, "toolbench explain") {
		t.Errorf("the page of a call's code:\n%s", got)
	}
	index := Index(c.Codes())
	for _, want := range []string{
		"\n## Every lint\n\n| Code | Severity | Summary |\n| --- | --- | --- |\n| [`invalid-name`](invalid-name.md) | error | What invalid-name finds. |\n",
		"\n## Target `openai`\n\n", "\n## Several servers together\n\n", "| [`removed-tool`](removed-tool.md) | breaking |",
		"\n## Calls\n\n", "\n## Calls sent to a server\n\n",
	} {
		if !strings.Contains(index, want) {
			t.Errorf("the index has no %q:\n%s", want, index)
		}
	}
	if strings.Contains(index, "targets.md)") && strings.Contains(index, "[`openai`]") {
		t.Errorf("the index lists a target:\n%s", index)
	}
}

func TestMarkdownTextShowsTheTextAsWritten(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain words", "plain words"},
		{"a $ref and `x` and *y*", "a \\$ref and \\`x\\` and \\*y\\*"},
		{"^[a-zA-Z_]{0,63}$", "^\\[a-zA-Z\\_\\]{0,63}\\$"},
		{"input_schema and mcp__a__b", "input_schema and mcp__a__b"},
		{"# not a heading\n- an item", "\\# not a heading\n- an item"},
		{"1. not a list\nsee 2. here", "1\\. not a list\nsee 2. here"},
		{"<b>&amp;", "\\<b\\>\\&amp;"},
	} {
		if got := MarkdownText(tc.in); got != tc.want {
			t.Errorf("MarkdownText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got, want := MarkdownCell("a|b\nc"), `a\|b c`; got != want {
		t.Errorf("MarkdownCell = %q, want %q", got, want)
	}
}

func TestRulePageNamesTheFileOfACode(t *testing.T) {
	for code, want := range map[string]string{
		"invalid-name":                "docs/rules/invalid-name.md",
		"openai-strict/all-required":  "docs/rules/openai-strict-all-required.md",
		"servers/duplicate-tool-name": "docs/rules/servers-duplicate-tool-name.md",
		"unknown_tool":                "docs/rules/unknown_tool.md",
	} {
		if got := RulePage(code); got != want {
			t.Errorf("RulePage(%q) = %q, want %q", code, got, want)
		}
	}
	for _, tc := range []struct{ uri, want string }{
		{"", ""},
		{"https://github.com/o/toolbench", "https://github.com/o/toolbench/blob/main/docs/rules/x.md"},
		{"https://github.com/o/toolbench/tree/v1.2.0/", "https://github.com/o/toolbench/blob/v1.2.0/docs/rules/x.md"},
	} {
		if got := DocURL(tc.uri, "docs/rules/x.md"); got != tc.want {
			t.Errorf("DocURL(%q, ...) = %q, want %q", tc.uri, got, tc.want)
		}
	}
}
