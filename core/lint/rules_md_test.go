package lint

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"toolbench/internal/golden"
)

const (
	rulesStart = "<!-- rules:start -->\n"
	rulesEnd   = "<!-- rules:end -->"
)

func TestRulesMarkdownHasARowPerRule(t *testing.T) {
	md := RulesMarkdown()
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	rules := Rules()
	if len(lines) != len(rules)+2 {
		t.Fatalf("table has %d lines, want a header, a rule line and %d rows", len(lines), len(rules))
	}
	for i, r := range rules {
		target := "always"
		if r.Target != "" {
			target = "`" + r.Target + "`"
		}
		want := "| `" + r.Code + "` | " + r.Severity.String() + " | " + target + " | "
		if !strings.HasPrefix(lines[i+2], want) || strings.Count(lines[i+2], " | ")-strings.Count(lines[i+2], `\|`) != 3 {
			t.Errorf("row %d = %q, want it to start %q and have four cells", i, lines[i+2], want)
		}
	}
}

func TestMarkdownCellEscapesPipesAndNewlines(t *testing.T) {
	if got, want := mdCell("a|b\nc"), `a\|b c`; got != want {
		t.Errorf("mdCell = %q, want %q", got, want)
	}
}

// TestREADMEListsTheRuleTable keeps README's rule list the one the code
// has; go test ./core/lint -run README -update rewrites it.
func TestREADMEListsTheRuleTable(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start := strings.Index(readme, rulesStart)
	end := strings.Index(readme, rulesEnd)
	if start < 0 || end < start {
		t.Fatalf("README.md has no %q ... %q region", strings.TrimSpace(rulesStart), rulesEnd)
	}
	region := readme[start+len(rulesStart) : end]
	want := RulesMarkdown()
	if region == want {
		return
	}
	if golden.Update() {
		updated := readme[:start+len(rulesStart)] + want + readme[end:]
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rule table is not the rule table; run go test ./core/lint -run README -update.\n%s", golden.FirstDifference(region, want))
}

func TestTargetAndDeepRulesSayHowToFixAndCiteTheirSource(t *testing.T) {
	deep := []string{"unresolved-ref", "remote-ref", "invalid-schema", "hidden-characters"}
	targets := map[string]int{}
	for _, r := range Rules() {
		if r.Target == "" && !slices.Contains(deep, r.Code) {
			continue
		}
		targets[r.Target]++
		if !strings.Contains(r.Doc, "\nFix: ") || !strings.Contains(r.Doc, "\nSource: ") {
			t.Errorf("%s's doc has no \"Fix:\" or no \"Source:\" paragraph", r.Code)
		}
		for _, line := range strings.Split(r.Doc, "\n") {
			if len(line) > 80 && strings.Contains(line, " ") { // a long URL has a line of its own
				t.Errorf("%s's doc has a line of %d characters: %q", r.Code, len(line), line)
			}
		}
	}
	for _, name := range TargetNames() {
		if targets[name] == 0 {
			t.Errorf("target %s has no rules", name)
		}
	}
}
