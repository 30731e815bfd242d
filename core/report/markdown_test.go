package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/golden"
)

// TestWriteMarkdownMatchesGolden writes the issues of testdata/sarif's
// tools, the ones tools.sarif holds, beside a file that does not parse
// and one that cannot be read.
func TestWriteMarkdownMatchesGolden(t *testing.T) {
	r := &Report{Issues: lintFixture(t, "sarif/tools.json", "openai-strict", "mcp"), Files: 1}
	bad, err := os.ReadFile(filepath.Join("..", "..", "testdata", "lint", "syntax-error.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jsondoc.Parse("lint/syntax-error.json", bad); err == nil {
		t.Fatal("lint/syntax-error.json parses")
	} else {
		r.Failed = append(r.Failed, FailureOf("lint/syntax-error.json", err))
	}
	r.Failed = append(r.Failed, Failure{File: "missing.json", Msg: "no such file or directory"})
	var b bytes.Buffer
	if err := writeMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	checkMarkdownTable(t, b.String(), len(r.Issues))
	golden.Check(t, filepath.Join("..", "..", "testdata", "sarif", "tools.md"), b.Bytes())
}

func TestWriteMarkdown(t *testing.T) {
	const header = "| | Rule | Tool | Where | What |\n| --- | --- | --- | --- | --- |\n"
	tests := []struct {
		name   string
		issues []lint.Issue
		opt    textCounts
		want   string
	}{
		{"no issues", nil, textCounts{Files: 1}, "### toolbench lint: valid\n"},
		{"nothing linted", nil, textCounts{}, "### toolbench lint: valid\n"},
		{"an error and a warning", []lint.Issue{reportError, reportWarning}, textCounts{Files: 2}, "" +
			"### toolbench lint: 1 error, 1 warning in 1 of 2 files\n\n" + header +
			"| **error** | `invalid-name` | `get weather!` | `tools.json:4:15` `$[0].function.name` | invalid tool name 'get weather\\!': ' ' is not allowed<br>hint: Use letters. |\n" +
			"| warning | `short-description` | `get weather!` | `tools.json:5:22` `$[0].function.description` | description is very short (11 characters)<br>hint: Say more. |\n"},
		{"no position, tool, path or hint", []lint.Issue{{Severity: catalog.Error, Code: "x", Message: "m", File: "f.json"}}, textCounts{}, "" +
			"### toolbench lint: 1 error in 1 file\n\n" + header +
			"| **error** | `x` |  | `f.json` | m |\n"},
		{"no issues but a failure is not valid", nil, textCounts{Files: 2, Failed: 1}, "" +
			"### toolbench lint: no issues in 2 files; 1 file could not be read or parsed\n\n" +
			"**Could not be read or parsed, so not linted:**\n\n" +
			"- `bad.json:3:35` a trailing comma\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &Report{Issues: tc.issues, Files: tc.opt.Files}
			for range tc.opt.Failed {
				r.Failed = append(r.Failed, Failure{File: "bad.json", Line: 3, Column: 35, Msg: "a trailing comma"})
			}
			var b bytes.Buffer
			if err := writeMarkdown(&b, r); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, b.String()); diff != "" {
				t.Errorf("markdown (-want +got):\n%s", diff)
			}
		})
	}
}

// A file that could not be read must not look like a clean report: the
// heading says so, and the file is named, with or without issues.
func TestWriteMarkdownNamesTheFilesThatCouldNotBeRead(t *testing.T) {
	for _, issues := range [][]lint.Issue{nil, {reportWarning}} {
		var b bytes.Buffer
		r := &Report{Issues: issues, Failed: []Failure{{File: "gone.json", Msg: "open gone.json: permission denied"}}}
		if err := writeMarkdown(&b, r); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		heading, _, _ := strings.Cut(out, "\n")
		if strings.Contains(heading, "valid") || !strings.Contains(heading, "1 file could not be read or parsed") {
			t.Errorf("heading %q does not say a file was not linted", heading)
		}
		if !strings.Contains(out, "\n- `gone.json` open gone.json: permission denied\n") {
			t.Errorf("the failure is not listed:\n%s", out)
		}
		checkMarkdownTable(t, out, len(issues))
	}
}

func TestWriteMarkdownEscapesEverythingTakenFromTheDocument(t *testing.T) {
	doc, err := jsondoc.Parse("evil|`\x1b[31m\u202e.json", []byte(hostileTools))
	if err != nil {
		t.Fatal(err)
	}
	issues := lint.Lint(doc, lint.Options{Targets: lint.TargetNames()}).Issues
	issues = append(issues, lint.Issue{
		Severity: catalog.Warning, Code: "c|`d`", Path: "$['a|b`\n']",
		Message: "name 'x|y' ends ``` and\nbreaks\r\x1b]0;t\x07 <img src=x> &#x202E; [l](u) \u202eevil",
		Hint:    "| --- |\n# heading $x+y$ @octocat", Tool: "t|`\x1b[2J\u202e\n", File: "f.json", Line: 2, Column: 3,
	})
	r := &Report{Issues: issues, Files: 1, Failed: []Failure{{File: "b|`\u202e.json", Line: 1, Column: 2, Msg: "bad\n| x | y |\x1b[2J"}}}
	var b bytes.Buffer
	if err := writeMarkdown(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if found := termtext.Hazards(out); len(found) > 0 {
		t.Errorf("the markdown report holds %v:\n%s", found, out)
	}
	checkMarkdownTable(t, out, len(issues))
	for _, want := range []string{
		"| warning | `` c\\|`d` `` | ``t\\|`\\x1b[2J\\u{202E}\\n`` | `f.json:2:3` ``$['a\\|b`\\n']`` | ",
		"name 'x\\|y' ends \\`\\`\\` and\\\\nbreaks\\\\r\\\\x1b\\]0;t\\\\x07 \\<img src=x\\> \\&\\#x202E; \\[l\\](u) \\\\u{202E}evil",
		"<br>hint: \\| --- \\|\\\\n\\# heading <span>$</span>x+y<span>$</span> <span>@</span>octocat |\n",
		"\n- ``b\\|`\\u{202E}.json:1:2`` bad\\\\n\\| x \\| y \\|\\\\x1b\\[2J\n",
		"``evil\\|`\\x1b[31m\\u{202E}.json:2:11``",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}

// checkMarkdownTable checks that out is lines of the report's kinds, its
// table a row for each of n issues, and every row the table's five cells:
// no text from a document broke a line or ended a cell.
func checkMarkdownTable(t *testing.T, out string, n int) {
	t.Helper()
	var rows []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "|"):
			rows = append(rows, line)
		case line != "" && !strings.HasPrefix(line, "### toolbench lint: ") && !strings.HasPrefix(line, "**") && !strings.HasPrefix(line, "- "):
			t.Errorf("a line that is not the heading, a failure or a row: %q", line)
		}
	}
	if n == 0 {
		if len(rows) != 0 {
			t.Errorf("a table for no issues:\n%s", out)
		}
		return
	}
	if len(rows) != n+2 {
		t.Fatalf("%d table rows, want the header, the delimiter and %d issues:\n%s", len(rows), n, out)
	}
	for _, row := range rows {
		if cells := mdCells(row); cells != 5 {
			t.Errorf("row has %d cells, want 5: %s", cells, row)
		}
	}
}

// mdCells counts the cells of a table row as GitHub does: a pipe after a
// backslash is in a cell, whatever comes before the backslash.
func mdCells(row string) int {
	pipes := 0
	for i := 0; i < len(row); i++ {
		if row[i] == '|' && (i == 0 || row[i-1] != '\\') {
			pipes++
		}
	}
	return pipes - 1
}
