package lint

import (
	"slices"
	"strings"
	"testing"
)

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

func TestEveryTargetIsDocumentedAndCitesItsSource(t *testing.T) {
	for _, tg := range Targets() {
		if !strings.Contains(tg.Doc, "Source: ") {
			t.Errorf("target %s's doc cites no source", tg.Name)
		}
		if LookupTarget(tg.Name) != tg {
			t.Errorf("LookupTarget(%q) is not the target", tg.Name)
		}
		for _, r := range tg.Rules {
			if !slices.Contains(r.Targets(), tg.Name) || r.Target != r.Targets()[0] || LookupRule(r.Code) != r {
				t.Errorf("rule %s of target %s is in the table as target %q of %q", r.Code, tg.Name, r.Target, r.Targets())
			}
		}
	}
}

func TestATargetBringsTheTargetsItImplies(t *testing.T) {
	got := withImplied(targetsNamed([]string{"openai-strict"}))
	if !got[openaiStrictTarget] || !got[openaiTarget] || len(got) != 2 {
		t.Errorf("openai-strict brings %v, want itself and openai", got)
	}
}
