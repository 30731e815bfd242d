package report

import (
	"bytes"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

func TestWriteGitHubWritesOneWorkflowCommandPerIssue(t *testing.T) {
	tests := []struct {
		name  string
		issue lint.Issue
		want  string
	}{
		{"error with a hint",
			lint.Issue{Severity: catalog.Error, Code: "invalid-name", Path: "$[0].function.name", Message: "invalid tool name 'a b'", Hint: "Use letters.", File: "tools.json", Line: 4, Column: 15},
			"::error file=tools.json,line=4,col=15,title=invalid-name::$[0].function.name: invalid tool name 'a b'%0Ahint: Use letters.\n"},
		{"warning without a hint",
			lint.Issue{Severity: catalog.Warning, Code: "mcp/invalid-name", Path: "$.tools[0].name", Message: "too long", File: "a.json", Line: 1, Column: 2},
			"::warning file=a.json,line=1,col=2,title=mcp/invalid-name::$.tools[0].name: too long\n"},
		{"percent, CR and LF in the message",
			lint.Issue{Severity: catalog.Error, Code: "c", Path: "$", Message: "100% of\r\nit", File: "t.json", Line: 1, Column: 1},
			"::error file=t.json,line=1,col=1,title=c::$: 100%25 of\\r\\nit\n"},
		{"colon and comma in the file name",
			lint.Issue{Severity: catalog.Error, Code: "c", Path: "$", Message: "m", File: "C:/a,b%.json", Line: 1, Column: 1},
			"::error file=C%3A/a%2Cb%25.json,line=1,col=1,title=c::$: m\n"},
		{"control characters from the document are escaped",
			lint.Issue{Severity: catalog.Error, Code: "c", Path: "$['\x1b]0;x\x07']", Message: "name '\x1b[31mred\u202e'\tend", File: "t.json", Line: 2, Column: 3},
			"::error file=t.json,line=2,col=3,title=c::$['\\x1b]0;x\\x07']: name '\\x1b[31mred\\u{202E}'\\tend\n"},
		{"no position",
			lint.Issue{Severity: catalog.Error, Code: "c", Path: "$", Message: "m", File: "t.json"},
			"::error file=t.json,title=c::$: m\n"},
		{"a span on one line: its columns",
			lint.Issue{Severity: catalog.Error, Code: "unknown-type", Path: "$", Message: "m", File: "t.json", Line: 10, Column: 28, EndLine: 10, EndColumn: 33},
			"::error file=t.json,line=10,endLine=10,col=28,endColumn=33,title=unknown-type::$: m\n"},
		{"a span over lines: its lines only, as the runner keeps them",
			lint.Issue{Severity: catalog.Warning, Code: "missing-description", Path: "$[0]", Message: "m", File: "t.json", Line: 2, Column: 3, EndLine: 9, EndColumn: 4},
			"::warning file=t.json,line=2,endLine=9,title=missing-description::$[0]: m\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := writeGitHub(&buf, &Report{Issues: []lint.Issue{tc.issue}}); err != nil {
				t.Fatal(err)
			}
			if got := buf.String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestWriteGitHubPrintsNoRawControlCharacters(t *testing.T) {
	issues := lintFixture(t, "sarif/tools.json", "openai-strict", "mcp")
	issues = append(issues, lint.Issue{Severity: catalog.Warning, Code: "x", Path: "$", Message: "a\x00b\x1b\x9b\r\n\tc\u2066", Hint: "h\x7f", File: "f\x1bg.json", Line: 1, Column: 1})
	var buf bytes.Buffer
	if err := writeGitHub(&buf, &Report{Issues: issues}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(issues) {
		t.Fatalf("%d lines for %d issues", len(lines), len(issues))
	}
	for _, line := range lines {
		for _, r := range line {
			if termtext.IsHidden(r) || r == '\t' {
				t.Errorf("line %q holds the raw character %U", line, r)
			}
		}
		if !strings.HasPrefix(line, "::error ") && !strings.HasPrefix(line, "::warning ") {
			t.Errorf("line %q is not a workflow command", line)
		}
	}
}
