package baseline

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

func lintSrc(t *testing.T, name, src string) *lint.Result {
	t.Helper()
	doc, err := jsondoc.ParseDocument(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return lint.Lint(doc, lint.Options{})
}

func briefs(res *lint.Result) []string {
	var out []string
	for _, is := range res.Issues {
		out = append(out, is.Code+" "+is.Tool+" "+is.Path)
	}
	return out
}

// Two tools with issues, compact.
const before = `{"tools": [{"name": "get-env", "description": "Print the environment.", "inputSchema": {"type": "object"}},
{"name": "echo", "description": "Echo.", "inputSchema": {"type": "object", "properties": {"text": {"type": "str"}}}}]}`

// The same tools reordered and re-indented, below a new tool with an
// issue of its own.
const after = `{
    "tools": [
        {
            "name": "add",
            "description": "Add two numbers together.",
            "inputSchema": {"type": "object", "properties": {"a": {"type": "numbr"}}}
        },
        {
            "name": "echo",
            "description": "Echo.",
            "inputSchema": {
                "type": "object",
                "properties": {
                    "text": {"type": "str"}
                }
            }
        },
        {
            "name": "get-env",
            "description": "Print the environment.",
            "inputSchema": {"type": "object"}
        }
    ]
}`

func TestABaselineSurvivesANewToolAtTheTopOfAReorderedReindentedFile(t *testing.T) {
	var b Baseline
	b.Add("tools.json", lintSrc(t, "tools.json", before))
	if len(b.Entries) != 3 {
		t.Fatalf("baseline of %v: %+v, want 3 entries", briefs(lintSrc(t, "tools.json", before)), b.Entries)
	}
	m := b.Match()
	got, taken := m.Filter("tools.json", lintSrc(t, "tools.json", after))
	if diff := cmp.Diff([]string{"unknown-type add $.tools[0].inputSchema.properties.a"}, briefs(got)); diff != "" {
		t.Errorf("new issues (-want +got):\n%s", diff)
	}
	if taken != 3 || got.Errors != 1 || got.Warnings != 0 {
		t.Errorf("took %d, left %d errors %d warnings; want 3 taken and the one new error", taken, got.Errors, got.Warnings)
	}
	if stale := m.Stale(); stale != nil {
		t.Errorf("stale: %+v, want none", stale)
	}
}

func TestEntriesThatNoLongerMatchAreStale(t *testing.T) {
	var b Baseline
	b.Add("tools.json", lintSrc(t, "tools.json", before))
	b.Add("other.json", lintSrc(t, "other.json", before))
	fixed := strings.Replace(before, `"str"`, `"string"`, 1)
	m := b.Match()
	got, _ := m.Filter("tools.json", lintSrc(t, "tools.json", fixed))
	if got.Issues != nil {
		t.Errorf("new issues %v, want none", briefs(got))
	}
	want := []Entry{{Key: Key{Source: "tools.json", Tool: "echo", Path: ".inputSchema.properties.text", Code: "unknown-type"}, Count: 1}}
	if diff := cmp.Diff(want, m.Stale()); diff != "" {
		t.Errorf("stale (-want +got):\n%s", diff)
	}
}

func TestAnEntryAcceptsAsManyIssuesAsItCounts(t *testing.T) {
	two := `[{"name": "a", "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {"x": {"type": "array"}, "y": {"type": "object"}}}}]`
	var b Baseline
	b.Add("t.json", lintSrc(t, "t.json", two))
	// The same tool twice: each of its issues is there twice, under one key.
	twice := "[" + strings.Trim(two, "[]") + "," + strings.Trim(two, "[]") + "]"
	res := lintSrc(t, "t.json", twice)
	got, taken := b.Match().Filter("t.json", res)
	if taken != len(b.Entries) || len(got.Issues) != len(res.Issues)-taken {
		t.Errorf("took %d of %d issues, left %v", taken, len(res.Issues), briefs(got))
	}
	var again Baseline
	again.Add("t.json", res)
	for _, e := range again.Entries {
		if e.Code != "duplicate-name" && e.Count != 2 {
			t.Errorf("%+v: want each issue counted twice", e)
		}
	}
}

func TestMarshalWritesTheSameBytesForTheSameIssues(t *testing.T) {
	var b1, b2 Baseline
	b1.Add("tools.json", lintSrc(t, "tools.json", before))
	b2.Add("tools.json", lintSrc(t, "tools.json", after))
	b2 = Baseline{Entries: b2.Entries[:0]}
	b2.Add("tools.json", lintSrc(t, "tools.json", before))
	out := b1.Marshal()
	if string(out) != string(b2.Marshal()) || !strings.HasSuffix(string(out), "}\n") {
		t.Errorf("marshal is not deterministic or lacks its newline:\n%s", out)
	}
	want := `{
  "version": 1,
  "issues": [
    {
      "source": "tools.json",
      "tool": "echo",
      "path": ".description",
      "code": "short-description",
      "count": 1
    },`
	if !strings.HasPrefix(string(out), want) {
		t.Errorf("marshal:\n%s\nwant it to start:\n%s", out, want)
	}
	back, err := Parse("b.json", out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(b1.Entries, back.Entries); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if string((&Baseline{}).Marshal()) != "{\n  \"version\": 1,\n  \"issues\": []\n}\n" {
		t.Errorf("an empty baseline writes %q", (&Baseline{}).Marshal())
	}
}

func TestParseSaysWhereABaselineIsWrong(t *testing.T) {
	entry := `{"source": "s", "tool": "t", "path": "", "code": "c", "count": 1}`
	cases := []struct{ name, src, want string }{
		{"not JSON", `{"version": 1,`, "b.json:1:"},
		{"another version", `{"version": 2, "issues": []}`, "b.json:1:13: this toolbench reads baselines of version 1"},
		{"an unknown key", "{\"version\": 1,\n \"isues\": []}", `b.json:2:2: unknown key "isues" (known: version, issues)`},
		{"an entry's unknown key", `{"version": 1, "issues": [{"source": "s", "tol": "t"}]}`, `b.json:1:43: unknown key "tol"`},
		{"a count of 0", `{"version": 1, "issues": [` + strings.Replace(entry, `"count": 1`, `"count": 0`, 1) + `]}`, "b.json:1:27: the entry's count must be a whole number from 1"},
		{"a code not a string", `{"version": 1, "issues": [` + strings.Replace(entry, `"code": "c"`, `"code": 3`, 1) + `]}`, "b.json:1:27: the entry's code must be a string"},
		{"one key twice", `{"version": 1, "issues": [` + entry + `, ` + entry + `]}`, "b.json:1:94: this entry's key is another entry's too"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("b.json", []byte(tc.src))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting %q", err, tc.want)
			}
		})
	}
}
