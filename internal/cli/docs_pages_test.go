package cli

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"toolbench/core/call"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/report"
	"toolbench/core/servers"
	"toolbench/internal/golden"
)

// docs/rules/ has a page for every code toolbench reports: each lint
// rule, each check of several servers, each change diff and verify
// report, each code of the call check and of a call sent with --run. The
// pages and their index (docs/rules/README.md) are made from the tables
// those codes are declared in, as `toolbench explain` and SARIF's rule
// lists are; this test fails on a page that differs, a page missing and
// a page no code has, and go test . -run Docs -update rewrites them.
// SARIF's helpUri and explain's last line name these pages
// (report.RulePage).

// rulePage is what the page of one code says.
type rulePage struct {
	code    string
	group   string // the heading it is listed under in the index
	level   string // its severity, as the reports say it
	summary string
	doc     string
	facts   [][2]string // label, Markdown
}

// rulePages are the pages, in the order of the index.
func rulePages() []rulePage {
	var pages []rulePage
	targets := "[targets](../targets.md)"
	for _, r := range lint.Rules() {
		p := rulePage{code: r.Code, group: "Every lint", level: r.Severity.String(), summary: r.Summary, doc: r.Doc}
		where := "always on: every lint runs it (" + targets + ")"
		if r.Target != "" {
			p.group = "Target `" + r.Target + "`"
			var names []string
			for _, t := range r.Targets() {
				names = append(names, "`"+t+"`")
			}
			where = "the rules of " + strings.Join(names, " and ") + " (" + targets + "): `--target " + r.Target + "`"
		}
		p.facts = [][2]string{{"Severity", r.Severity.String()}, {"Runs", where}, {"Fix", fixFact(r)}}
		pages = append(pages, p)
	}
	for _, r := range servers.Rules() {
		pages = append(pages, rulePage{code: r.Code, group: "Several servers together", level: r.Severity.String(), summary: r.Summary, doc: r.Doc,
			facts: [][2]string{{"Severity", r.Severity.String()}, {"Runs", "under `--all-servers`, on the tools of every server of the servers file together ([live servers](../servers.md))"}, {"Fix", "none: change a server, or the configuration"}}})
	}
	for _, r := range registry.Rules() {
		pages = append(pages, rulePage{code: r.Code, group: "A server's server.json", level: r.Severity.String(), summary: r.Summary, doc: r.Doc,
			facts: [][2]string{{"Severity", r.Severity.String()}, {"Runs", "when `toolbench lint` reads a server.json, the manifest of an MCP server for the MCP registry ([server.json](../lint.md#a-servers-serverjson))"}, {"Fix", "none: edit the manifest as below says"}}})
	}
	for _, c := range diff.Checks() {
		pages = append(pages, rulePage{code: c.Code, group: "Changes", level: checkSeverity(c), summary: c.Summary, doc: c.Doc,
			facts: [][2]string{{"Severity", checkSeverity(c) + changeMeaning(c)}, {"Reported by", "[`toolbench diff`](../diff.md), and [`toolbench verify`](../lock.md) for a pinned tool"}}})
	}
	for _, c := range call.Codes() {
		pages = append(pages, rulePage{code: c.Code, group: "Calls", level: callCodeKind(c), summary: c.Summary, doc: c.Doc,
			facts: [][2]string{{"Kind", callCodeKind(c)}, {"Reported by", "[`toolbench call`](../call.md), the workbench's tester and `toolbench mcp`'s check_tool_calls"}}})
	}
	levels, err := runCodeLevels()
	if err != nil {
		panic(err)
	}
	for _, c := range report.RunCodes() {
		pages = append(pages, rulePage{code: c.Code, group: "Calls sent to a server", level: levels[c.Code], summary: c.Summary, doc: c.Doc,
			facts: [][2]string{{"Kind", levels[c.Code]}, {"Reported by", "[`toolbench call --run`](../call.md) in the SARIF, GitHub and Markdown formats"}}})
	}
	return pages
}

// fixFact says whether toolbench fix fixes a rule's issues.
func fixFact(r *lint.Rule) string {
	switch r.Fix {
	case lint.FixAuto:
		return "[`toolbench fix`](../fix.md) makes it, as do the workbench's `f` and `F`"
	case lint.FixOnRequest:
		return "[`toolbench fix --code " + r.Code + "`](../fix.md) makes it, and the workbench's `f` on the issue; plain `toolbench fix` does not"
	}
	return "none: edit the definition as below says"
}

// changeMeaning is what a change's severity means for diff's exit status.
func changeMeaning(c *diff.Check) string {
	if c.Severity == diff.Error {
		return ": calls valid before can fail, and `toolbench diff` exits 1"
	}
	return ": calls valid before still are"
}

// Markdown writes a page.
func (p rulePage) Markdown() string {
	var b strings.Builder
	b.WriteString("# `" + p.code + "`\n\n")
	b.WriteString("<!-- Made from the table that declares the code by go test . -run Docs -update: change the code's documents there, not here. -->\n\n")
	b.WriteString(mdText(p.summary) + "\n\n")
	for _, f := range p.facts {
		b.WriteString("- **" + f[0] + ":** " + f[1] + "\n")
	}
	b.WriteString("\n" + mdText(p.doc) + "\n\n")
	b.WriteString("---\n\n[Every code](README.md)")
	if p.group != "Calls" && p.group != "Calls sent to a server" {
		b.WriteString(" · in a terminal: `toolbench explain " + p.code + "`")
	}
	b.WriteString("\n")
	return b.String()
}

// rulesIndex is docs/rules/README.md: every code by group, linked.
func rulesIndex(pages []rulePage) string {
	var b strings.Builder
	b.WriteString("# Every code toolbench reports\n\n")
	b.WriteString("<!-- Made from the tables that declare the codes by go test . -run Docs -update. -->\n\n")
	b.WriteString("A page for each code: what it finds, why it matters, how to fix it, and the source it follows. " +
		"`toolbench rules` lists the codes of lint, of several servers together and of diff in a terminal, and " +
		"`toolbench explain CODE` prints a page. A code is what `--ignore`, the configuration and a baseline take, " +
		"and a target's prefix (`openai/`) takes all its rules at once ([configuration](../configuration.md)).\n")
	group := ""
	for _, p := range pages {
		if p.group != group {
			group = p.group
			b.WriteString("\n## " + group + "\n\n| Code | Severity | Summary |\n| --- | --- | --- |\n")
		}
		b.WriteString("| [`" + p.code + "`](" + path.Base(report.RulePage(p.code)) + ") | " + p.level + " | " + mdCell(mdText(p.summary)) + " |\n")
	}
	return b.String()
}

func TestDocsRulePagesAreTheRuleTables(t *testing.T) {
	t.Parallel()
	pages := rulePages()
	want := map[string]string{"docs/rules/README.md": rulesIndex(pages)}
	for _, p := range pages {
		file := report.RulePage(p.code)
		if _, dup := want[file]; dup {
			t.Fatalf("two codes have the page %s", file)
		}
		want[file] = p.Markdown()
	}
	for _, file := range slices.Sorted(maps.Keys(want)) {
		got, err := os.ReadFile(file)
		switch {
		case err == nil && string(got) == want[file]:
			continue
		case golden.Update():
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(want[file]), 0o644); err != nil {
				t.Fatal(err)
			}
		case err != nil:
			t.Errorf("%v: run go test . -run Docs -update to write it", err)
		default:
			t.Errorf("%s is not its code's documents; run go test . -run Docs -update.\n%s", file, golden.FirstDifference(string(got), want[file]))
		}
	}
	entries, err := os.ReadDir("docs/rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		file := "docs/rules/" + e.Name()
		if _, ok := want[file]; ok {
			continue
		}
		if golden.Update() {
			os.Remove(file)
			continue
		}
		t.Errorf("%s documents no code toolbench has; run go test . -run Docs -update to remove it", file)
	}
}

// TestExplainEndsWithThePage holds explain's last line to the page of
// what it explains, a page the docs have.
func TestExplainEndsWithThePage(t *testing.T) {
	t.Parallel()
	var codes []string
	for _, r := range slices.Concat(lint.Rules(), servers.Rules(), registry.Rules()) {
		codes = append(codes, r.Code)
	}
	for _, c := range diff.Checks() {
		codes = append(codes, c.Code)
	}
	pages := map[string]string{}
	for _, c := range codes {
		pages[c] = report.RulePage(c)
	}
	for _, name := range lint.TargetNames() {
		pages[name] = targetsPage
	}
	for name, page := range pages {
		code, out, _ := rulesRun(t, "explain", name)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if want := "Page: " + page + " in toolbench's repository"; code != exitOK || lines[len(lines)-1] != want {
			t.Errorf("explain %s: exit %d, last line %q; want 0 and %q", name, code, lines[len(lines)-1], want)
		}
		if _, err := os.Stat(page); err != nil {
			t.Errorf("explain %s names %s: %v", name, page, err)
		}
	}
}

// mdText is text as Markdown shows it as written: the characters that
// would be read as markup are escaped with a backslash, and so are a
// line's first characters that would start a heading, a quote or a
// numbered list. A "- " at a line's start stays a list's item, as the
// documents write their lists.
func mdText(s string) string {
	var b strings.Builder
	lineStart := true
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case strings.ContainsRune("\\`*[]<>$~&|", r):
			b.WriteByte('\\')
		case r == '_' && !intraword(rs, i):
			b.WriteByte('\\')
		case lineStart && strings.ContainsRune("#+=", r):
			b.WriteByte('\\')
		case r == '.' && i > 0 && unicode.IsDigit(rs[i-1]) && numberStartsLine(rs, i):
			b.WriteByte('\\')
		}
		b.WriteRune(r)
		lineStart = r == '\n' || lineStart && r == ' '
	}
	return b.String()
}

// intraword reports whether the run of '_' that rs[i] is in has a
// letter or digit on both sides, where Markdown reads it as text.
func intraword(rs []rune, i int) bool {
	alnum := func(j int) bool { return j >= 0 && j < len(rs) && (unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j])) }
	j, k := i, i
	for j >= 0 && rs[j] == '_' {
		j--
	}
	for k < len(rs) && rs[k] == '_' {
		k++
	}
	return alnum(j) && alnum(k)
}

// numberStartsLine reports whether the digits before rs[i] are all that
// is on their line before it, and a space follows it: "12. " would be an
// item of a numbered list.
func numberStartsLine(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && unicode.IsDigit(rs[j]) {
		j--
	}
	for j >= 0 && rs[j] == ' ' {
		j--
	}
	return (j < 0 || rs[j] == '\n') && i+1 < len(rs) && rs[i+1] == ' '
}

func TestMarkdownTextShowsTheTextAsWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"plain words", "plain words"},
		{"a $ref and `x` and *y*", "a \\$ref and \\`x\\` and \\*y\\*"},
		{"^[a-zA-Z_]{0,63}$", "^\\[a-zA-Z\\_\\]{0,63}\\$"},
		{"input_schema and mcp__a__b", "input_schema and mcp__a__b"},
		{"# not a heading\n- an item", "\\# not a heading\n- an item"},
		{"1. not a list\nsee 2. here", "1\\. not a list\nsee 2. here"},
		{"<b>&amp;", "\\<b\\>\\&amp;"},
	} {
		if got := mdText(tc.in); got != tc.want {
			t.Errorf("mdText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
