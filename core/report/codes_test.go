package report

import (
	"slices"
	"testing"

	"toolbench/core/lint"
	"toolbench/core/servers"
)

// Every table's codes are found, each as what it is, and a mistyping of
// any of them, targets included, is answered with the code it may mean.
func TestLookupCodeFindsEveryTablesCodes(t *testing.T) {
	for _, tc := range []struct {
		code string
		is   func(Code) bool
	}{
		{"invalid-name", func(c Code) bool { return c.Rule == lint.LookupRule("invalid-name") }},
		{servers.Rules()[0].Code, func(c Code) bool { return c.Rule == servers.Rules()[0] }},
		{"openai-strict", func(c Code) bool { return c.Target != nil && c.Target.Name == "openai-strict" }},
		{"removed-tool", func(c Code) bool { return c.Check != nil && c.Check.Code == "removed-tool" }},
		{"missing", func(c Code) bool { return c.Call != nil && c.Call.Code == "missing" && !c.Run }},
		{"tool_error", func(c Code) bool { return c.Call != nil && c.Run }},
	} {
		if c, ok := LookupCode(tc.code); !ok || !tc.is(c) {
			t.Errorf("LookupCode(%q) = %+v, %v", tc.code, c, ok)
		}
	}
	if _, ok := LookupCode("no-such-code"); ok {
		t.Error("LookupCode found no-such-code")
	}
	for code, want := range map[string]string{"invalid_name": "invalid-name", "openia": "openai", "removed-tol": "removed-tool", "tool_eror": "tool_error"} {
		if near := SimilarCodes(code); !slices.Contains(near, want) {
			t.Errorf("SimilarCodes(%q) = %v, want %s among them", code, near, want)
		}
	}
}
