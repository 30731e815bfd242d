package lint

import (
	"strings"
)

// RulesMarkdown returns the rule table as a Markdown table (code,
// severity, target, summary), in the order of the rule table: the list in
// README, generated so it cannot drift from the rules.
func RulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| Code | Severity | Target | Summary |\n")
	b.WriteString("| --- | --- | --- | --- |\n")
	for _, r := range Rules() {
		target := "always"
		if r.Target != "" {
			target = "`" + r.Target + "`"
		}
		b.WriteString("| `" + r.Code + "` | " + r.Severity.String() + " | " + target + " | " + mdCell(r.Summary) + " |\n")
	}
	return b.String()
}

// mdCell keeps text inside one table cell: pipes escaped, one line.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
