package report

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/core/compat"
	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/golden"
)

func loadTestdata(t *testing.T, name string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.LoadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	doc.Name = name
	return doc
}

// testdataDiff compares testdata/diff/old.json with new.json.
func testdataDiff(t *testing.T) *ChangeReport {
	old, new := loadTestdata(t, "diff/old.json"), loadTestdata(t, "diff/new.json")
	res, err := diff.Compare(old, new)
	if err != nil {
		t.Fatal(err)
	}
	return &ChangeReport{Result: res, Old: old.Name, New: new.Name}
}

// TestChangeFormatsGolden writes the changes between the two versions of
// testdata/diff in every format that writes changes.
func TestChangeFormatsGolden(t *testing.T) {
	r := testdataDiff(t)
	names := map[string]string{"text": "changes.txt", "json": "changes.json", "markdown": "changes.md", "github": "changes.github", "sarif": "changes.sarif"}
	for _, f := range Formats() {
		if f.Changes == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			var b bytes.Buffer
			if err := f.Changes(&b, r); err != nil {
				t.Fatal(err)
			}
			if names[f.Name] == "" {
				t.Fatalf("no golden file for %s", f.Name)
			}
			golden.Check(t, filepath.Join("..", "..", "testdata", "diff", "golden", names[f.Name]), b.Bytes())
		})
	}
}

func TestChangesJSONGivesBackTheChanges(t *testing.T) {
	r := testdataDiff(t)
	var b bytes.Buffer
	if err := writeChangesJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var back []map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != len(r.Result.Changes) || back[0]["severity"] != "error" || back[len(back)-1]["severity"] != "note" {
		t.Errorf("JSON changes: %v", back)
	}
	var empty bytes.Buffer
	if err := writeChangesJSON(&empty, &ChangeReport{Result: &diff.Result{}}); err != nil || empty.String() != "[]\n" {
		t.Errorf("no changes as JSON: %q %v", empty.String(), err)
	}
}

func TestChangeSummaries(t *testing.T) {
	for _, tc := range []struct {
		breaking, notes int
		want            string
	}{
		{0, 0, "no changes"},
		{0, 2, "2 notes; nothing breaks"},
		{1, 0, "1 breaking change"},
		{2, 1, "2 breaking changes, 1 note"},
	} {
		if got := changesSummary(&diff.Result{Breaking: tc.breaking, Notes: tc.notes}); got != tc.want {
			t.Errorf("summary of %d and %d = %q, want %q", tc.breaking, tc.notes, got, tc.want)
		}
	}
}

// TestMatrixFormatsGolden writes compat's matrix of testdata/compat in
// every format that writes one.
func TestMatrixFormatsGolden(t *testing.T) {
	doc := loadTestdata(t, "compat/tools.json")
	r := &MatrixReport{Matrix: compat.Compute(doc, lint.Options{}), File: doc.Name}
	names := map[string]string{"text": "matrix.txt", "json": "matrix.json", "markdown": "matrix.md"}
	for _, f := range Formats() {
		if f.Matrix == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			var b bytes.Buffer
			if err := f.Matrix(&b, r); err != nil {
				t.Fatal(err)
			}
			if names[f.Name] == "" {
				t.Fatalf("no golden file for %s", f.Name)
			}
			golden.Check(t, filepath.Join("..", "..", "testdata", "compat", "golden", names[f.Name]), b.Bytes())
		})
	}
}

func TestMatrixTextColorsOnlyWhenAskedAndAlignsWideNames(t *testing.T) {
	m := &compat.Matrix{Targets: []string{"openai", "mcp"}, Rows: []compat.Row{
		{Tool: "天気", Errors: []int{0, 12}},
		{Tool: "search", Errors: []int{1000, 0}},
	}}
	var plain, color bytes.Buffer
	if err := writeMatrixText(&plain, &MatrixReport{Matrix: m}); err != nil {
		t.Fatal(err)
	}
	want := "TOOL    openai  mcp\n天気    ok      12\nsearch  1000    ok\n0 of 2 tools accepted by every target\n"
	if plain.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", plain.String(), want)
	}
	if err := writeMatrixText(&color, &MatrixReport{Matrix: m, Color: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(color.String(), sgrOK+"ok"+sgrReset) || !strings.Contains(color.String(), sgrBad+"12"+sgrReset) {
		t.Errorf("no colors:\n%q", color.String())
	}
}

func TestMarkdownKeepsDocumentTextPlain(t *testing.T) {
	for _, tc := range []struct{ in, text, code string }{
		{"a|b", `a\|b`, "`a\\|b`"},
		{"*bold* [link](x) <b>", `\*bold\* \[link\](x) \<b\>`, "`*bold* [link](x) <b>`"},
		{"tick`s", "tick\\`s", "``tick`s``"},
		{"`edge`", "\\`edge\\`", "`` `edge` ``"},
		{"esc\x1b[2J", `esc\\x1b\[2J`, "`esc\\x1b[2J`"},
		{"&#x202E; &amp;", `\&\#x202E; \&amp;`, "`&#x202E; &amp;`"},
		{`issue #1, owner/repo#23, \#4 and #x`, `issue <span>#</span>1, owner/repo<span>#</span>23, \\<span>#</span>4 and \#x`, "`issue #1, owner/repo#23, \\#4 and #x`"},
		{"$ref and @team", "<span>$</span>ref and <span>@</span>team", "`$ref and @team`"},
		{"", "", ""},
	} {
		if got := mdText(tc.in); got != tc.text {
			t.Errorf("mdText(%q) = %q, want %q", tc.in, got, tc.text)
		}
		if got := mdCode(tc.in); got != tc.code {
			t.Errorf("mdCode(%q) = %q, want %q", tc.in, got, tc.code)
		}
		if h := termtext.Hazards(mdText(tc.in) + mdCode(tc.in)); len(h) > 0 {
			t.Errorf("%q: %v", tc.in, h)
		}
	}
}

// A change of a live server's tools (diff FILE --server NAME) is placed
// in SARIF and GitHub at the server's entry in the servers file.
func TestChangesOfAServersToolsArePlacedAtItsEntry(t *testing.T) {
	parse := func(name, src string) *jsondoc.Document {
		doc, err := jsondoc.Parse(name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	res, err := diff.Compare(parse("old.json", `[{"name": "echo", "description": "Echo it.", "inputSchema": {"type": "object", "properties": {"m": {"type": "string"}}}}]`),
		parse("everything", `[{"name": "echo", "description": "Echo it.", "inputSchema": {"type": "object", "properties": {"m": {"type": "string"}}, "required": ["m"]}}]`))
	if err != nil || len(res.Changes) == 0 {
		t.Fatalf("changes %+v, %v", res, err)
	}
	r := &ChangeReport{Result: res, Old: "old.json", New: "everything", Servers: map[string]Server{"everything": entryOfEverything(t)}}
	var gh bytes.Buffer
	if err := writeChangesGitHub(&gh, r); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(gh.String(), "::error file=.mcp.json,line=3,endLine=3,col=5,endColumn=17,") || !strings.Contains(gh.String(), "::server 'everything', tool 'echo', ") {
		t.Errorf("annotations:\n%s\nwant the change at the entry of everything in .mcp.json, naming it", gh.String())
	}
	var sarif bytes.Buffer
	if err := writeChangesSARIF(&sarif, r); err != nil {
		t.Fatal(err)
	}
	if s := sarif.String(); !strings.Contains(s, `"uri": ".mcp.json"`) || strings.Contains(s, `"uri": "everything"`) || !strings.Contains(s, `"kind": "module"`) {
		t.Errorf("SARIF:\n%s\nwant the result at .mcp.json with the server as a logical location", s)
	}
}

func TestWriteMatricesPutsEachUnderItsName(t *testing.T) {
	doc, err := jsondoc.Parse("a", []byte(`[{"name": "x_tool", "description": "Look up records in the catalogue.", "parameters": {"type": "object", "properties": {}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	m := compat.Compute(doc, lint.Options{Targets: []string{"openai"}})
	rs := []*MatrixReport{{Matrix: m, File: "first"}, {Matrix: m, File: "second"}}
	text, _ := LookupFormat("text")
	var b strings.Builder
	if err := WriteMatrices(&b, text, rs); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "first\nTOOL") || !strings.Contains(b.String(), "accepted by every target\n\nsecond\nTOOL") {
		t.Errorf("text:\n%s", b.String())
	}
	js, _ := LookupFormat("json")
	for _, tc := range []struct {
		rs   []*MatrixReport
		want int
	}{{rs, 2}, {nil, 0}} {
		b.Reset()
		if err := WriteMatrices(&b, js, tc.rs); err != nil {
			t.Fatal(err)
		}
		var got []map[string]any
		if err := json.Unmarshal([]byte(b.String()), &got); err != nil || len(got) != tc.want {
			t.Errorf("json: %v, %d objects, want a list of %d:\n%s", err, len(got), tc.want, b.String())
		}
	}
}
