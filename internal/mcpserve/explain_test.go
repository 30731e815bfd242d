package mcpserve_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/core/servers"
	"toolbench/internal/mcpserve"
)

// explainAnswer is explain_code's structuredContent.
type explainAnswer struct {
	Kind     string   `json:"kind"`
	Code     string   `json:"code"`
	Severity string   `json:"severity"`
	Target   string   `json:"target"`
	Summary  string   `json:"summary"`
	Doc      string   `json:"doc"`
	Implies  []string `json:"implies"`
	OptIn    string   `json:"opt_in"`
	Rules    []struct {
		Code     string `json:"code"`
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
	} `json:"rules"`
}

func TestExplainGivesTheTablesEntryForEveryRuleTargetChangeAndCallCode(t *testing.T) {
	t.Parallel()
	cs := connect(t, mcpserve.Options{Root: t.TempDir()})
	explain := func(code string) (explainAnswer, string) {
		var got explainAnswer
		text := answer(t, cs, "explain_code", map[string]any{"code": code}, &got)
		return got, text
	}
	for _, r := range lint.Rules() {
		got, _ := explain(r.Code)
		want := explainAnswer{Kind: "rule", Code: r.Code, Severity: r.Severity.String(), Target: r.Target, Summary: r.Summary, Doc: r.Doc, Implies: []string{}, Rules: got.Rules}
		if diff := cmp.Diff(want, got); diff != "" || len(got.Rules) != 0 {
			t.Errorf("%s (-table +tool):\n%s", r.Code, diff)
		}
	}
	for _, c := range diff.Checks() {
		got, _ := explain(c.Code)
		if got.Kind != "change" || got.Severity != c.Severity.String() || got.Doc != c.Doc {
			t.Errorf("%s: %+v", c.Code, got)
		}
	}
	// The checks of several servers are rules too, as toolbench explain
	// has them.
	for _, r := range servers.Rules() {
		if got, _ := explain(r.Code); got.Kind != "rule" || got.Doc != r.Doc {
			t.Errorf("%s: %+v", r.Code, got)
		}
	}
	for _, c := range report.Catalog().Codes(catalog.KindCall, catalog.KindRun) {
		if got, _ := explain(c.Code); got.Kind != "call" || got.Doc != c.Doc || got.Severity != c.Severity.String() {
			t.Errorf("%s: %+v", c.Code, got)
		}
	}
	if got, _ := explain("unchecked"); got.Severity != "note" {
		t.Errorf("unchecked has severity %q, want note", got.Severity)
	}
	if got, _ := explain("input_required"); got.Severity != "warning" {
		t.Errorf("input_required has severity %q, want warning", got.Severity)
	}
	for _, tg := range lint.Targets() {
		got, _ := explain(tg.Name)
		var codes []string
		for _, r := range got.Rules {
			codes = append(codes, r.Code)
		}
		var want []string
		for _, r := range tg.Rules {
			want = append(want, r.Code)
		}
		if got.Kind != "target" || got.Severity != "" || got.Doc != tg.Doc || !cmp.Equal(codes, want) {
			t.Errorf("%s: kind %q, severity %q, rules %v; want target, no severity, %v", tg.Name, got.Kind, got.Severity, codes, want)
		}
	}
	if got, _ := explain("openai-strict"); !cmp.Equal(got.Implies, []string{"openai"}) || got.OptIn == "" {
		t.Errorf("openai-strict implies %v, opt-in %q; want openai and a way to opt in", got.Implies, got.OptIn)
	}
}

// TestExplainsTextIsTheCatalogsForEveryCode holds explain_code's text to
// the catalog's explanation of every code and target, the one toolbench
// explain prints, with the page at its address when the server knows
// where toolbench's repository is.
func TestExplainsTextIsTheCatalogsForEveryCode(t *testing.T) {
	for _, uri := range []string{"", "https://github.com/o/toolbench/tree/v1.2.0"} {
		cs := connect(t, mcpserve.Options{Root: t.TempDir(), InformationURI: uri})
		for _, c := range report.Catalog().Codes() {
			var got explainAnswer
			text := answer(t, cs, "explain_code", map[string]any{"code": c.Code}, &got)
			if diff := cmp.Diff(c.Text(uri), text); diff != "" {
				t.Errorf("%s (-catalog +explain_code):\n%s", c.Code, diff)
			}
		}
	}
}
