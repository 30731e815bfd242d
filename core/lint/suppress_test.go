package lint

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

func lintOpts(t *testing.T, src string, opt Options) *Result {
	t.Helper()
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Lint(doc, opt)
}

func codesOf(res *Result) []string {
	var out []string
	for _, is := range res.Issues {
		out = append(out, is.Severity.String()+" "+is.Code+" "+is.Path)
	}
	return out
}

// The case that made printed codes and silencing codes part ways: a bad
// name under --target openai prints invalid-name, and that is the code
// that silences it.
func TestTheCodeABadNamePrintsWithATargetSilencesIt(t *testing.T) {
	src := anthropicTool("a b", `{"type": "object", "properties": {"q": {"type": "string"}}}`)
	res := lintOpts(t, src, Options{Targets: []string{"openai"}})
	if diff := cmp.Diff([]string{"error invalid-name $[0].name"}, codesOf(res)); diff != "" {
		t.Fatalf("printed (-want +got):\n%s", diff)
	}
	if got := codesOf(lintOpts(t, src, Options{Targets: []string{"openai"}, Ignore: []string{"invalid-name"}})); got != nil {
		t.Errorf("--ignore invalid-name leaves %v, want nothing: no other rule reports the name instead", got)
	}
	if got := codesOf(lintOpts(t, src, Options{Targets: []string{"openai"}, Levels: map[string]Level{"invalid-name": Off}})); got != nil {
		t.Errorf("invalid-name = \"off\" leaves %v, want nothing", got)
	}
	if got := codesOf(lintOpts(t, src, Options{Targets: []string{"openai"}, Levels: map[string]Level{"invalid-name": AsWarning}})); !slices.Equal(got, []string{"warning invalid-name $[0].name"}) {
		t.Errorf("invalid-name = \"warning\" gives %v, want the issue as a warning", got)
	}
}

// suppressionCorpus is documents and targets whose issues include
// shared defects of every kind: names, counts, parameter schemas.
func suppressionCorpus(t *testing.T) map[string]string {
	docs := map[string]string{
		"bad names": "[" + namedTool("get weather", `{"type": "object", "properties": {"q": {"type": "str"}}}`) + "," +
			namedTool("files.read", `"none"`) + "," + namedTool("1st.try", `{"type": "object"}`) + "]",
		"anthropic shapes": `[` + strings.Trim(anthropicTool("a b:c", ""), "[]") + `,` + strings.Trim(anthropicTool("ok_name", `{"type": "array"}`), "[]") + `]`,
		"mcp":              mcpList(mcpTool("get weather", `"inputSchema": {"type": "object", "properties": {}}`), mcpTool("files.read", `"inputSchema": null`)),
		"too many tools":   toolList(129),
	}
	for _, f := range []string{"invalid.json", "valid.json"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/lint/examples", f))
		if err != nil {
			t.Fatal(err)
		}
		docs[f] = string(b)
	}
	return docs
}

// TestIgnoringAPrintedCodeRemovesExactlyItsIssues holds the promise of
// suppression over a corpus: ignoring the code an issue is printed with
// removes the issues printed with it, and brings up no other; the other
// issues keep their code, place and severity, and their words but for a
// provider whose rule was ignored.
func TestIgnoringAPrintedCodeRemovesExactlyItsIssues(t *testing.T) {
	targetSets := [][]string{nil, {"openai"}, {"mcp"}, {"openai", "gemini"}, everyTarget}
	for name, src := range suppressionCorpus(t) {
		for _, targets := range targetSets {
			base := lintOpts(t, src, Options{Targets: targets})
			printed := map[string]bool{}
			for _, is := range base.Issues {
				printed[is.Code] = true
				if r := LookupRule(is.Code); r != nil && r.Target != "" {
					printed[TargetPrefix(r.Target)] = true
				}
			}
			for sel := range printed {
				got := lintOpts(t, src, Options{Targets: targets, Ignore: []string{sel}})
				// A shared issue goes too when every provider's rule that
				// found it is ignored (by a target's prefix).
				want := base.Without(func(is *Issue) bool {
					return matches(sel, is.Code) || is.FoundBy != nil && !slices.ContainsFunc(*is.FoundBy, func(c string) bool { return !matches(sel, c) })
				})
				if diff := cmp.Diff(codesOf(want), codesOf(got)); diff != "" {
					t.Errorf("%s, targets %v, --ignore %s (-want +got):\n%s", name, targets, sel, diff)
					continue
				}
				for i := range got.Issues {
					g, w := got.Issues[i], want.Issues[i]
					foundByIgnored := w.FoundBy != nil && slices.ContainsFunc(*w.FoundBy, func(c string) bool { return matches(sel, c) })
					if !foundByIgnored && g.Message != w.Message {
						t.Errorf("%s, targets %v, --ignore %s: %s says %q, was %q", name, targets, sel, g.Code, g.Message, w.Message)
					}
				}
				if got.Errors != want.Errors || got.Warnings != want.Warnings {
					t.Errorf("%s, --ignore %s: counts %d/%d, want %d/%d", name, sel, got.Errors, got.Warnings, want.Errors, want.Warnings)
				}
			}
		}
	}
}

func TestLevelsSetSeverityByCodeOrPrefix(t *testing.T) {
	src := "[" + namedTool("get weather", `{"type": "object", "properties": {"q": {"type": "str"}}}`) + "," + namedTool("lookup", `"none"`) + "]"
	const (
		name    = "error invalid-name $[0].function.name"
		typ     = "error unknown-type $[0].function.parameters.properties.q"
		params  = "error openai/parameters-not-object $[1].function.parameters"
		wParams = "warning openai/parameters-not-object $[1].function.parameters"
		wName   = "warning invalid-name $[0].function.name"
	)
	cases := []struct {
		name   string
		levels map[string]Level
		ignore []string
		want   []string
	}{
		{name: "as the rules say", want: []string{name, typ, params}},
		{name: "an error made a warning goes after the errors", levels: map[string]Level{"invalid-name": AsWarning},
			want: []string{typ, params, wName}},
		{name: "off", levels: map[string]Level{"unknown-type": Off}, want: []string{name, params}},
		{name: "a target's prefix sets the issues printed with its codes", levels: map[string]Level{"openai/": AsWarning},
			want: []string{name, typ, wParams}},
		// The name issue is OpenAI's rule's finding alone: with that rule
		// off, no provider is left for it.
		{name: "a code's own level wins over its prefix's", levels: map[string]Level{"openai/": Off, "openai/parameters-not-object": AsError},
			want: []string{typ, params}},
		{name: "ignore wins over a level of the same key", levels: map[string]Level{"unknown-type": AsWarning}, ignore: []string{"unknown-type"},
			want: []string{name, params}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := lintOpts(t, src, Options{Targets: []string{"openai"}, Levels: tc.levels, Ignore: tc.ignore})
			got := slices.DeleteFunc(codesOf(res), func(s string) bool {
				return !strings.Contains(s, "invalid-name") && !strings.Contains(s, "unknown-type") && !strings.Contains(s, "parameters-not-object")
			})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
		})
	}
}

// matches reports whether selector sel (a code or a prefix) names code.
func matches(sel, code string) bool {
	return sel == code || strings.HasSuffix(sel, "/") && strings.HasPrefix(code, sel)
}

func TestLevelOfReadsTheCodeThenItsPrefix(t *testing.T) {
	opt := Options{Ignore: []string{"mcp/"}, Levels: map[string]Level{"openai/": AsWarning, "openai/invalid-name": AsError, "servers/": Off, "mcp/invalid-name": AsWarning}}
	for code, want := range map[string]Level{
		"openai/invalid-name":          AsError,
		"openai/too-many-tools":        AsWarning,
		"mcp/invalid-name":             AsWarning,
		"mcp/input-schema-not-object":  Off,
		"invalid-name":                 Default,
		"servers/duplicate-tool-name":  Off,
		"openai-strict/missing-strict": Default,
	} {
		if got := opt.LevelOf(code); got != want {
			t.Errorf("LevelOf(%s) = %s, want %s", code, got, want)
		}
	}
}

func TestSelectorsAndLevelsParse(t *testing.T) {
	for s, want := range map[string]bool{"invalid-name": true, "openai/": true, "openai/invalid-name": true, "openai": false, "nope/": false, "": false, "tragets": false} {
		if IsSelector(s) != want {
			t.Errorf("IsSelector(%q) = %v, want %v", s, !want, want)
		}
	}
	for _, name := range LevelNames() {
		l, err := ParseLevel(name)
		if err != nil || l.String() != name {
			t.Errorf("ParseLevel(%q) = %v, %v", name, l, err)
		}
	}
	if _, err := ParseLevel("warn"); err == nil {
		t.Error("ParseLevel(\"warn\") succeeded")
	}
}

func TestCloneSharesNothing(t *testing.T) {
	opt := Options{Targets: []string{"openai"}, Ignore: []string{"a"}, Levels: map[string]Level{"b": Off}}
	c := opt.Clone()
	c.Targets[0], c.Ignore[0], c.Levels["b"] = "mcp", "x", AsError
	if opt.Targets[0] != "openai" || opt.Ignore[0] != "a" || opt.Levels["b"] != Off {
		t.Errorf("a change to the clone changed the options: %+v", opt)
	}
}
