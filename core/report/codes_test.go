package report

import (
	"maps"
	"slices"
	"testing"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/core/traffic"
)

// The catalog holds every table's codes, each as what it is and with
// its family's entry, and a mistyping of any of them, targets included,
// is answered with the code it may mean.
func TestTheCatalogHoldsEveryTablesCodes(t *testing.T) {
	for _, tc := range []struct {
		code  string
		kind  catalog.Kind
		entry catalog.Entry
	}{
		{"invalid-name", catalog.KindRule, lint.LookupRule("invalid-name").Entry},
		{servers.Rules()[0].Code, catalog.KindServers, servers.Rules()[0].Entry},
		{registry.Rules()[0].Code, catalog.KindManifest, registry.Rules()[0].Entry},
		{"openai-strict", catalog.KindTarget, catalog.Entry{Code: "openai-strict", Summary: lint.LookupTarget("openai-strict").Summary, Doc: lint.LookupTarget("openai-strict").Doc}},
		{"removed-tool", catalog.KindChange, diff.LookupCheck("removed-tool").Entry},
		{"missing", catalog.KindCall, call.Codes()[3].Entry},
		{"tool_error", catalog.KindRun, toolError.Entry},
		{"withheld", catalog.KindTraffic, traffic.Codes()[0]},
	} {
		if c := Catalog().Lookup(tc.code); c == nil || c.Kind != tc.kind || c.Entry != tc.entry {
			t.Errorf("Lookup(%q) = %+v, want kind %v and the table's entry", tc.code, c, tc.kind)
		}
	}
	if c := Catalog().Lookup("no-such-code"); c != nil {
		t.Errorf("Lookup found no-such-code: %+v", c)
	}
	for code, want := range map[string]string{"invalid_name": "invalid-name", "openia": "openai", "removed-tol": "removed-tool", "tool_eror": "tool_error", "servers/many-tool": "servers/many-tools"} {
		if near := Catalog().Similar(code); !slices.Contains(near, want) {
			t.Errorf("Similar(%q) = %v, want %s among them", code, near, want)
		}
	}
	counts := map[catalog.Kind]int{}
	for _, c := range Catalog().Codes() {
		counts[c.Kind]++
	}
	want := map[catalog.Kind]int{catalog.KindRule: len(lint.Rules()), catalog.KindServers: len(servers.Rules()), catalog.KindManifest: len(registry.Rules()), catalog.KindTarget: len(lint.Targets()),
		catalog.KindChange: len(diff.Checks()), catalog.KindCall: len(call.Codes()), catalog.KindRun: len(runCodes),
		catalog.KindTraffic: len(traffic.Codes())}
	if !maps.Equal(counts, want) {
		t.Errorf("codes by kind %v, want %v", counts, want)
	}
}

// The level a CI format gives what a sent call came to is its code's
// severity, as SARIF's rules say it.
func TestARunsFindingsAreAtTheirCodesSeverity(t *testing.T) {
	for _, r := range testRuns {
		for _, f := range runFindings(nil, &r) {
			if c := Catalog().Lookup(f.code); c == nil || f.level != c.Severity.String() {
				t.Errorf("line %d: %s at level %s, want its code's severity", r.Line, f.code, f.level)
			}
		}
	}
}
