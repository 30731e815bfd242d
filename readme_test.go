package main

import (
	"os"
	"strings"
	"testing"

	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/schema"
	"toolbench/internal/golden"
	"toolbench/tui"
)

// README's tables of commands, targets and rules are made from the tables
// in the code, and these tests fail when they differ; go test . -run
// README -update rewrites them.

// readmeRegions are README's generated regions: each lies between
// <!-- NAME:start --> and <!-- NAME:end -->.
var readmeRegions = []struct {
	name string
	make func() string
}{
	{"commands", commandsMarkdown},
	{"targets", targetsMarkdown},
	{"rules", rulesMarkdown},
	{"formats", formatsMarkdown},
	{"changes", changesMarkdown},
	{"keys", keysMarkdown},
}

func TestREADMETablesAreTheCodesTables(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, r := range readmeRegions {
		start, end := "<!-- "+r.name+":start -->\n", "<!-- "+r.name+":end -->"
		i, j := strings.Index(readme, start), strings.Index(readme, end)
		if i < 0 || j < i {
			t.Errorf("README.md has no %s ... %s region", strings.TrimSpace(start), end)
			continue
		}
		got, want := readme[i+len(start):j], r.make()
		if got == want {
			continue
		}
		if golden.Update() {
			readme = readme[:i+len(start)] + want + readme[j:]
			continue
		}
		t.Errorf("README.md's %s table is not the code's; run go test . -run README -update.\n%s", r.name, golden.FirstDifference(got, want))
	}
	if golden.Update() {
		if err := os.WriteFile("README.md", []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func commandsMarkdown() string {
	var b strings.Builder
	b.WriteString("| command | what it does |\n| --- | --- |\n")
	b.WriteString("| `toolbench [FILE]` | open the workbench |\n")
	for _, c := range testRoot().Commands() {
		if c.IsAvailableCommand() {
			b.WriteString("| `toolbench " + c.Name() + "` | " + mdCell(c.Short) + " |\n")
		}
	}
	return b.String()
}

func targetsMarkdown() string {
	var b strings.Builder
	b.WriteString("| target | what it adds |\n| --- | --- |\n")
	for _, t := range lint.Targets() {
		b.WriteString("| `" + t.Name + "` | " + mdCell(t.Summary) + " |\n")
	}
	return b.String()
}

// rulesMarkdown is the rule table: code, severity, target, summary.
func rulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| Code | Severity | Target | Summary |\n| --- | --- | --- | --- |\n")
	for _, r := range lint.Rules() {
		target := "always"
		if r.Target != "" {
			target = "`" + r.Target + "`"
		}
		b.WriteString("| `" + r.Code + "` | " + r.Severity.String() + " | " + target + " | " + mdCell(r.Summary) + " |\n")
	}
	return b.String()
}

// formatsMarkdown lists the formats deep validation and lint check, and
// those they only carry.
func formatsMarkdown() string {
	var b strings.Builder
	b.WriteString("| format | checked | as |\n| --- | --- | --- |\n")
	for _, f := range schema.Formats() {
		checked := "no, an annotation"
		if f.Asserted {
			checked = "yes"
		}
		b.WriteString("| `" + f.Name + "` | " + checked + " | " + mdCell(f.Spec) + " |\n")
	}
	return b.String()
}

// changesMarkdown is the table of diff's checks: code, severity, summary.
func changesMarkdown() string {
	var b strings.Builder
	b.WriteString("| Code | Severity | Summary |\n| --- | --- | --- |\n")
	for _, c := range diff.Checks() {
		sev := "note"
		if c.Severity == diff.Error {
			sev = "breaking"
		}
		b.WriteString("| `" + c.Code + "` | " + sev + " | " + mdCell(c.Summary) + " |\n")
	}
	return b.String()
}

// keysMarkdown is the workbench's key table, made from the key map's
// groups that its help screen shows.
func keysMarkdown() string {
	var b strings.Builder
	b.WriteString("| Key | Where | What it does |\n| --- | --- | --- |\n")
	for _, g := range tui.KeyHelp() {
		for _, k := range g.Keys {
			b.WriteString("| `" + mdCell(k.Keys) + "` | " + mdCell(g.Where) + " | " + mdCell(k.What) + " |\n")
		}
	}
	return b.String()
}

// mdCell keeps text inside one table cell: pipes escaped, one line.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func TestMarkdownCellEscapesPipesAndNewlines(t *testing.T) {
	if got, want := mdCell("a|b\nc"), `a\|b c`; got != want {
		t.Errorf("mdCell = %q, want %q", got, want)
	}
}
