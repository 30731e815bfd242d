package catalog

import (
	"path"
	"strings"
	"unicode"
)

// The pages of docs/rules: one for each code, and the index of them all,
// README.md. A root test of the repository holds the files to Markdown
// and Index, and rewrites them with -update.

// Markdown is the page of docs/rules that documents c: its summary,
// facts (its severity, where it applies or who reports it, its fix),
// and its doc, as Markdown shows them as written.
func (c *Code) Markdown() string {
	var b strings.Builder
	b.WriteString("# `" + c.Code + "`\n\n")
	b.WriteString("<!-- Made from the table that declares the code by go test ./internal/cli -run Docs -update: change the code's documents there, not here. -->\n\n")
	b.WriteString(MarkdownText(c.Summary) + "\n\n")
	for _, f := range c.facts() {
		b.WriteString("- **" + f[0] + ":** " + f[1] + "\n")
	}
	b.WriteString("\n" + MarkdownText(c.Doc) + "\n\n")
	b.WriteString("---\n\n[Every code](README.md)")
	if c.Kind != KindCall && c.Kind != KindRun {
		b.WriteString(" · in a terminal: `toolbench explain " + c.Code + "`")
	}
	b.WriteString("\n")
	return b.String()
}

// facts are the lines of a page under its summary: a label and
// Markdown.
func (c *Code) facts() [][2]string {
	switch c.Kind {
	case KindRule:
		return [][2]string{{"Severity", c.Level()}, {"Runs", c.runs()}, {"Fix", c.fixFact()}}
	case KindServers:
		return [][2]string{{"Severity", c.Level()},
			{"Runs", "under `--all-servers`, on the tools of every server of the servers file together ([live servers](../servers.md))"},
			{"Fix", "none: change a server, or the configuration"}}
	case KindManifest:
		return [][2]string{{"Severity", c.Level()},
			{"Runs", "when `toolbench lint` reads a server.json, the manifest of an MCP server for the MCP registry ([server.json](../lint.md#a-servers-serverjson))"},
			{"Fix", "none: edit the manifest as below says"}}
	case KindChange:
		meaning := ": calls valid before still are"
		if c.Severity == Error {
			meaning = ": calls valid before can fail, and `toolbench diff` exits 1"
		}
		return [][2]string{{"Severity", c.Level() + meaning},
			{"Reported by", "[`toolbench diff`](../diff.md), and [`toolbench verify`](../lock.md) for a pinned tool"}}
	case KindCall:
		return [][2]string{{"Kind", c.Level()},
			{"Reported by", "[`toolbench call`](../call.md), the workbench's tester and `toolbench mcp`'s check_tool_calls"}}
	case KindTraffic:
		return [][2]string{{"Severity", c.Level()},
			{"Reported by", "[`toolbench proxy`](../proxy.md), in its record, on its standard error and in the workbench's traffic pane"}}
	}
	return [][2]string{{"Kind", c.Level()},
		{"Reported by", "[`toolbench call --run`](../call.md) in the SARIF, GitHub and Markdown formats"}}
}

// runs says when a lint rule runs: always, or with which targets.
func (c *Code) runs() string {
	const targets = "[targets](../targets.md)"
	if len(c.Targets) == 0 {
		return "always on: every lint runs it (" + targets + ")"
	}
	names := make([]string, len(c.Targets))
	for i, t := range c.Targets {
		names[i] = "`" + t + "`"
	}
	return "the rules of " + strings.Join(names, " and ") + " (" + targets + "): `--target " + c.Targets[0] + "`"
}

// fixFact says whether toolbench fix fixes a rule's issues.
func (c *Code) fixFact() string {
	switch c.Fix {
	case FixAuto:
		return "[`toolbench fix`](../fix.md) makes it, as do the workbench's `f` and `F`"
	case FixOnRequest:
		return "[`toolbench fix --code " + c.Code + "`](../fix.md) makes it, and the workbench's `f` on the issue; plain `toolbench fix` does not"
	}
	return "none: edit the definition as below says"
}

// group is the heading the index lists c under.
func (c *Code) group() string {
	switch c.Kind {
	case KindRule:
		if len(c.Targets) > 0 {
			return "Target `" + c.Targets[0] + "`"
		}
		return "Every lint"
	case KindServers:
		return "Several servers together"
	case KindManifest:
		return "A server's server.json"
	case KindChange:
		return "Changes"
	case KindCall:
		return "Calls"
	case KindTraffic:
		return "The proxy's traffic"
	}
	return "Calls sent to a server"
}

// Index is docs/rules/README.md: the codes by group, in their order,
// each linked to its page. Targets are left out: docs/targets.md is
// theirs.
func Index(codes []Code) string {
	var b strings.Builder
	b.WriteString("# Every code toolbench reports\n\n")
	b.WriteString("<!-- Made from the tables that declare the codes by go test ./internal/cli -run Docs -update. -->\n\n")
	b.WriteString("A page for each code: what it finds, why it matters, how to fix it, and the source it follows. " +
		"`toolbench rules` lists the codes of lint, of several servers together and of diff in a terminal, and " +
		"`toolbench explain CODE` prints a page. A code is what `--ignore`, the configuration and a baseline take, " +
		"and a target's prefix (`openai/`) takes all its rules at once ([configuration](../configuration.md)).\n")
	group := ""
	for i := range codes {
		c := &codes[i]
		if c.Kind == KindTarget {
			continue
		}
		if g := c.group(); g != group {
			group = g
			b.WriteString("\n## " + group + "\n\n| Code | Severity | Summary |\n| --- | --- | --- |\n")
		}
		b.WriteString("| [`" + c.Code + "`](" + path.Base(c.Page()) + ") | " + c.Level() + " | " + MarkdownCell(MarkdownText(c.Summary)) + " |\n")
	}
	return b.String()
}

// MarkdownCell keeps text inside one table cell: pipes escaped, one
// line.
func MarkdownCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// MarkdownText is text as Markdown shows it as written: the characters
// that would be read as markup are escaped with a backslash, and so are
// a line's first characters that would start a heading, a quote or a
// numbered list. A "- " at a line's start stays a list's item, as the
// documents write their lists. The pages of codes are written with it,
// and so are the tables of the manual made from toolbench's own tables.
func MarkdownText(s string) string {
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
