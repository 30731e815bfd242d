package catalog

import (
	"fmt"
	"strings"

	"toolbench/core/termtext"
)

// explainWidth is the width in cells an explanation is wrapped at: an
// 80-column terminal's, less a margin.
const explainWidth = 78

// Text is what toolbench explain prints of c, and the MCP server's
// explain_code answers with: a heading that says what c is and where it
// applies, its summary and its doc wrapped at 78 cells (a target's rules
// after them), and the page that documents it, at its address in the
// repository informationURI names when that is not "".
func (c *Code) Text(informationURI string) string {
	var b strings.Builder
	if c.Kind == KindTarget {
		c.writeTarget(&b)
	} else {
		fmt.Fprintf(&b, "%s (%s)\n%s\n\n%s\n", c.Code, c.heading(), wrap(c.Summary), wrap(c.Doc))
	}
	page := c.Page()
	if url := DocURL(informationURI, page); url != "" {
		fmt.Fprintf(&b, "\nPage: %s, at %s\n", page, url)
	} else {
		fmt.Fprintf(&b, "\nPage: %s in toolbench's repository\n", page)
	}
	return b.String()
}

// heading is what the first line of an explanation says of a code after
// it, in parentheses: its severity and where it applies.
func (c *Code) heading() string {
	switch c.Kind {
	case KindRule:
		if len(c.Targets) > 0 {
			return c.Severity.String() + ", target " + c.Targets[0]
		}
		return c.Severity.String() + ", always on"
	case KindServers:
		return c.Severity.String() + ", lint --all-servers"
	case KindManifest:
		return c.Severity.String() + ", lint of a server.json"
	case KindChange:
		return c.Level() + ", a change toolbench diff reports"
	case KindCall:
		return c.Severity.String() + ", a code toolbench call reports"
	case KindTraffic:
		return c.Severity.String() + ", a finding toolbench proxy reports"
	}
	return "an outcome toolbench call --run reports"
}

// writeTarget writes a target's explanation: what it adds, its doc, the
// targets it turns on, how a tool opts in, and its rules.
func (c *Code) writeTarget(b *strings.Builder) {
	fmt.Fprintf(b, "%s (target)\n%s\n\n%s\n", c.Code, wrap("What it adds: "+c.Summary+"."), wrap(c.Doc))
	if len(c.Implies) > 0 {
		fmt.Fprintf(b, "\nIt turns on %s too.\n", strings.Join(c.Implies, ", "))
	}
	if c.OptIn != "" {
		fmt.Fprintf(b, "\nA tool opts into it with %s, whatever the targets.\n", c.OptIn)
	}
	b.WriteString("\nRules:\n" + List(c.Rules))
	b.WriteString("\nRun \"toolbench explain CODE\" for what a rule checks and how to fix it.\n")
}

// Level is the severity of a code as lists and pages word it: a
// change's is "breaking" or "note", any other code's its Severity; ""
// for a target.
func (c *Code) Level() string {
	switch {
	case c.Kind == KindTarget:
		return ""
	case c.Kind == KindChange && c.Severity == Error:
		return "breaking"
	}
	return c.Severity.String()
}

// where is where a rule or a check of several servers applies, as a
// list says it: the newest target it is a rule of, "always" for a rule
// every lint runs, "all-servers" for a check of several servers.
func (c *Code) where() string {
	switch {
	case c.Kind == KindServers:
		return "all-servers"
	case c.Kind == KindManifest:
		return "server.json"
	case len(c.Targets) == 0:
		return "always"
	}
	return c.Targets[0]
}

// List is a table of codes of one family, a line each under a header:
// CODE, SEVERITY, TARGET and SUMMARY for rules and checks of several
// servers; CODE, SEVERITY ("breaking" or "note") and SUMMARY for
// changes; CODE, KIND (error, note, or run for an outcome of a sent
// call) and SUMMARY for the codes of calls. The first code's kind
// decides the columns.
func List(codes []Code) string {
	if len(codes) == 0 {
		return ""
	}
	head := []string{"CODE", "SEVERITY", "TARGET", "SUMMARY"}
	row := func(c *Code) []string { return []string{c.Code, c.Level(), c.where(), c.Summary} }
	switch codes[0].Kind {
	case KindChange:
		head = []string{"CODE", "SEVERITY", "SUMMARY"}
		row = func(c *Code) []string { return []string{c.Code, c.Level(), c.Summary} }
	case KindCall, KindRun:
		head = []string{"CODE", "KIND", "SUMMARY"}
		row = func(c *Code) []string {
			if c.Kind == KindRun {
				return []string{c.Code, "run", c.Summary}
			}
			return []string{c.Code, c.Level(), c.Summary}
		}
	}
	rows := [][]string{head}
	for i := range codes {
		rows = append(rows, row(&codes[i]))
	}
	// Every column but the last is padded to its widest cell; the second,
	// a severity or kind, to 8 cells, the width of "SEVERITY".
	widths := make([]int, len(head)-1)
	widths[1] = len("SEVERITY")
	for _, r := range rows {
		for i := range widths {
			widths[i] = max(widths[i], len(r[i]))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, w := range widths {
			fmt.Fprintf(&b, "%-*s  ", w, r[i])
		}
		b.WriteString(r[len(r)-1] + "\n")
	}
	return b.String()
}

// wrap breaks s at spaces into lines of at most 78 cells, keeping the
// line breaks s has and each long word (a URL) whole.
func wrap(s string) string {
	return strings.Join(termtext.Wrap(s, explainWidth, termtext.KeepLongWords), "\n")
}

// Page is the path, from the repository's root, of the page that
// documents c: docs/targets.md for a target, else RulePage.
func (c *Code) Page() string {
	if c.Kind == KindTarget {
		return "docs/targets.md"
	}
	return RulePage(c.Code)
}

// RulePage is the path, from the repository's root, of the page that
// documents a code. A "/" in the code is a "-" in the file's name:
// docs/rules/openai-strict-all-required.md.
func RulePage(code string) string {
	return "docs/rules/" + strings.ReplaceAll(code, "/", "-") + ".md"
}

// DocURL is the address of page, a path from the repository's root, in
// the repository informationURI names, or "" when informationURI is "".
// It is laid out as GitHub lays out a file's page: at the revision
// informationURI names (https://github.com/o/toolbench/tree/v1.2.0),
// else on main.
func DocURL(informationURI, page string) string {
	if informationURI == "" {
		return ""
	}
	repo, ref, ok := strings.Cut(strings.TrimSuffix(informationURI, "/"), "/tree/")
	if !ok || ref == "" {
		ref = "main"
	}
	return repo + "/blob/" + ref + "/" + page
}
