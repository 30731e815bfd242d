package lint

import (
	"strings"
	"testing"
)

func TestRulesWithFixesSayWhatTheFixDoes(t *testing.T) {
	fixable := 0
	for _, r := range Rules() {
		says := strings.Contains(strings.Join(strings.Fields(r.Doc), " "), "toolbench fix")
		if (r.Fix != FixNone) != says {
			t.Errorf("%s: Fix mode %d, but its Doc mentions toolbench fix: %v", r.Code, r.Fix, says)
		}
		if r.Fix != FixNone {
			fixable++
		}
	}
	if fixable < 9 {
		t.Errorf("%d rules offer fixes, want at least 9", fixable)
	}
	if LookupRule("invalid-name").Fix != FixOnRequest {
		t.Error("invalid-name's renames are made without asking")
	}
}

func TestValidateRuleWantsTheDocToMatchTheFixMode(t *testing.T) {
	base := Rule{Code: "x", Severity: Error, Summary: "s"}
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
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := base
			r.Fix, r.Doc = tc.fix, tc.doc
			if err := validateRule(&r); (err == nil) != tc.ok {
				t.Errorf("validateRule = %v, want ok %v", err, tc.ok)
			}
		})
	}
}
