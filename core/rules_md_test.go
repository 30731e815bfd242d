package core

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
// has; go test ./core -run README -update rewrites it.
func TestREADMEListsTheRuleTable(t *testing.T) {
	path := filepath.Join("..", "README.md")
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
	if rewriteGolden() {
		updated := readme[:start+len(rulesStart)] + want + readme[end:]
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rule table is not the rule table; run go test ./core -run README -update.\n%s", sarifFirstDifference(region, want))
}
