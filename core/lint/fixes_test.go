package lint

import (
	"slices"
	"strings"
	"testing"

	"toolbench/core/catalog"
)

func TestRulesWithFixesSayWhatTheFixDoes(t *testing.T) {
	fixable := 0
	for _, r := range Rules() {
		says := strings.Contains(strings.Join(strings.Fields(r.Doc), " "), "toolbench fix")
		if (r.Fix != catalog.FixNone) != says {
			t.Errorf("%s: Fix mode %d, but its Doc mentions toolbench fix: %v", r.Code, r.Fix, says)
		}
		if r.Fix != catalog.FixNone {
			fixable++
		}
	}
	if fixable < 9 {
		t.Errorf("%d rules offer fixes, want at least 9", fixable)
	}
	if LookupRule("invalid-name").Fix != catalog.FixOnRequest {
		t.Error("invalid-name's renames are made without asking")
	}
}

// fixMessages lints src and returns, for each issue of code, the messages
// of its fixes.
func fixMessages(t *testing.T, src, code string) []string {
	t.Helper()
	var out []string
	for _, is := range issuesMatching(lintWith(t, src, nil, nil), []string{code}) {
		for _, f := range is.SuggestedFixes() {
			out = append(out, f.Message)
		}
	}
	return out
}

func TestHiddenCharactersFixTakesFormatCharactersButNotTags(t *testing.T) {
	tool := func(desc string) string {
		return `[{"name": "f", "description": "` + desc + `", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}]`
	}
	for _, tc := range []struct {
		name, desc string
		want       []string
	}{
		{"a soft hyphen beside a word joiner", `Look some\u00adthing up\u2060 in the index.`, []string{"Delete 2 hidden characters"}},
		{"tag characters spell text to read first", `Look something up.\udb40\udc69\udb40\udc67`, nil},
		{"a control character", `Look something up.\u001b[2J`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fixMessages(t, tool(tc.desc), "hidden-characters"); !slices.Equal(got, tc.want) {
				t.Errorf("fixes %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUnknownTypeFixTakesTheNamesCallTakes(t *testing.T) {
	for name, want := range map[string]string{"long": "integer", "LONG": "integer", "Dict": "object", "String": "string"} {
		src := `[{"name": "f", "description": "Look something up in the index.", "parameters": {"type": "object", "properties": {"q": {"type": "` + name + `"}}}}]`
		if got := fixMessages(t, src, "unknown-type"); !slices.Equal(got, []string{"Replace '" + name + "' with '" + want + "'"}) {
			t.Errorf("%s: fixes %q, want it replaced with %s", name, got, want)
		}
	}
}
