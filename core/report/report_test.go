package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/jsonedit"
	"toolbench/core/lint"
)

var (
	reportError = lint.Issue{
		Severity: catalog.Error, Code: "invalid-name", Path: "$[0].function.name",
		Message: "invalid tool name 'get weather!': ' ' is not allowed", Hint: "Use letters.",
		Tool: "get weather!", File: "tools.json", Line: 4, Column: 15,
	}
	reportWarning = lint.Issue{
		Severity: catalog.Warning, Code: "short-description", Path: "$[0].function.description",
		Message: "description is very short (11 characters)", Hint: "Say more.",
		Tool: "get weather!", File: "tools.json", Line: 5, Column: 22,
	}
)

func TestWriteText(t *testing.T) {
	tests := []struct {
		name   string
		issues []lint.Issue
		opt    textCounts
		want   string
	}{
		{"no issues", nil, textCounts{Files: 1}, "valid\n"},
		{"several valid files", nil, textCounts{Files: 3}, "valid\n"},
		{"an error and a warning", []lint.Issue{reportError, reportWarning}, textCounts{Files: 1}, "" +
			"ERROR   tools.json:4:15 $[0].function.name: invalid tool name 'get weather!': ' ' is not allowed [invalid-name]\n" +
			"        hint: Use letters.\n" +
			"WARNING tools.json:5:22 $[0].function.description: description is very short (11 characters) [short-description]\n" +
			"        hint: Say more.\n" +
			"1 error, 1 warning in 1 file\n"},
		{"plural counts", []lint.Issue{reportError, reportError, reportWarning, reportWarning}, textCounts{}, "" +
			strings.Repeat("ERROR   tools.json:4:15 $[0].function.name: invalid tool name 'get weather!': ' ' is not allowed [invalid-name]\n        hint: Use letters.\n", 2) +
			strings.Repeat("WARNING tools.json:5:22 $[0].function.description: description is very short (11 characters) [short-description]\n        hint: Say more.\n", 2) +
			"2 errors, 2 warnings in 1 file\n"},
		{"warnings only", []lint.Issue{reportWarning}, textCounts{Files: 1}, "" +
			"WARNING tools.json:5:22 $[0].function.description: description is very short (11 characters) [short-description]\n" +
			"        hint: Say more.\n" +
			"1 warning in 1 file\n"},
		{"issues in some of the files", []lint.Issue{reportError, withFile(reportError, "b.json")}, textCounts{Files: 3}, "" +
			"ERROR   tools.json:4:15 $[0].function.name: invalid tool name 'get weather!': ' ' is not allowed [invalid-name]\n" +
			"        hint: Use letters.\n" +
			"ERROR   b.json:4:15 $[0].function.name: invalid tool name 'get weather!': ' ' is not allowed [invalid-name]\n" +
			"        hint: Use letters.\n" +
			"2 errors in 2 of 3 files\n"},
		{"a file could not be read", []lint.Issue{reportError}, textCounts{Files: 1, Failed: 1}, "" +
			"ERROR   tools.json:4:15 $[0].function.name: invalid tool name 'get weather!': ' ' is not allowed [invalid-name]\n" +
			"        hint: Use letters.\n" +
			"1 error in 1 file; 1 file could not be read or parsed\n"},
		{"no issues but a failure is not valid", nil, textCounts{Files: 2, Failed: 1}, "no issues in 2 files; 1 file could not be read or parsed\n"},
		{"only failures", nil, textCounts{Failed: 2}, "2 files could not be read or parsed\n"},
		{"no position, no hint", []lint.Issue{{Severity: catalog.Error, Code: "x", Path: "$", Message: "m", File: "f.json"}}, textCounts{}, "" +
			"ERROR   f.json $: m [x]\n" +
			"1 error in 1 file\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeText(&b, &Report{Issues: tc.issues, Files: tc.opt.Files, Failed: make([]Failure, tc.opt.Failed)}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, b.String()); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
		})
	}
}

func withFile(is lint.Issue, file string) lint.Issue {
	is.File = file
	return is
}

func TestWriteTextColorsTheSeverityOnly(t *testing.T) {
	var b bytes.Buffer
	if err := writeText(&b, &Report{Issues: []lint.Issue{reportError, reportWarning}, Color: true}); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"\x1b[1;31mERROR\x1b[0m   tools.json:4:15 $[0].function.name: invalid tool name 'get weather!': ' ' is not allowed [invalid-name]\n" +
		"        hint: Use letters.\n" +
		"\x1b[1;33mWARNING\x1b[0m tools.json:5:22 $[0].function.description: description is very short (11 characters) [short-description]\n" +
		"        hint: Say more.\n" +
		"1 error, 1 warning in 1 file\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
}

func TestWriteTextEscapesDocumentText(t *testing.T) {
	is := lint.Issue{
		Severity: catalog.Error, Code: "c\x1b[2J", Path: "$['a\u202eb']", Message: "bad \x1b]52;c;eA==\x07 name",
		Hint: "line\nbreak", File: "evil\r.json", Line: 1, Column: 1,
	}
	var b bytes.Buffer
	if err := writeText(&b, &Report{Issues: []lint.Issue{is}, Color: true}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	colorless := strings.NewReplacer("\x1b[1;31m", "", "\x1b[0m", "").Replace(out)
	for _, c := range []string{"\x1b", "\x07", "\r", "\u202e"} {
		if strings.Contains(colorless, c) {
			t.Errorf("output holds %q raw:\n%q", c, out)
		}
	}
	for _, want := range []string{`evil\r.json`, `$['a\u{202E}b']`, `bad \x1b]52;c;eA==\x07 name`, `[c\x1b[2J]`, `hint: line\nbreak`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if lines := strings.Count(out, "\n"); lines != 3 {
		t.Errorf("output has %d lines, want 3 (issue, hint, summary):\n%s", lines, out)
	}
}

func TestWriteJSON(t *testing.T) {
	t.Run("no issues", func(t *testing.T) {
		var b bytes.Buffer
		if err := writeJSON(&b, &Report{Issues: nil}); err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != "[]\n" {
			t.Errorf("JSON = %q, want []", got)
		}
	})
	t.Run("fields and order", func(t *testing.T) {
		is := reportError
		is.File = "<stdin>"
		is.Offset = 99
		is.EndLine, is.EndColumn, is.EndOffset = 4, 29, 113
		var b bytes.Buffer
		if err := writeJSON(&b, &Report{Issues: []lint.Issue{is, reportWarning}}); err != nil {
			t.Fatal(err)
		}
		want := `[
  {
    "severity": "error",
    "code": "invalid-name",
    "path": "$[0].function.name",
    "message": "invalid tool name 'get weather!': ' ' is not allowed",
    "hint": "Use letters.",
    "tool": "get weather!",
    "file": "<stdin>",
    "line": 4,
    "column": 15,
    "end_line": 4,
    "end_column": 29
  },
  {
    "severity": "warning",
    "code": "short-description",
    "path": "$[0].function.description",
    "message": "description is very short (11 characters)",
    "hint": "Say more.",
    "tool": "get weather!",
    "file": "tools.json",
    "line": 5,
    "column": 22,
    "end_line": 0,
    "end_column": 0
  }
]
`
		if diff := cmp.Diff(want, b.String()); diff != "" {
			t.Errorf("JSON (-want +got):\n%s", diff)
		}
	})
	t.Run("the bytes of encoding/json", func(t *testing.T) {
		var in []lint.Issue
		for _, s := range []string{
			"", "plain", "\"quoted\" and \\", "\b\f\n\r\t\x00\x1f\x7f", "<stdin> & more",
			"é ✓ 😀", "\u2028\u2029", "\xff\xc3 cut", "\u202e\u200b", "\ufffd",
			strings.Repeat("long text ", 10000),
		} {
			in = append(in, lint.Issue{Severity: catalog.Error, Code: s, Path: s, Message: s, Hint: s, Tool: s, File: s, Line: 1 << 40, Column: -1})
		}
		in = append(in, lint.Issue{}, reportWarning)
		withFixes := reportError
		withFixes.Fixes = &[]lint.Fix{
			{Message: "Replace 'str' with \"string\"", Edits: []jsonedit.Edit{{Start: 3, End: 8, New: "\"string\"\u200b"}}},
			{Message: "two edits", Edits: []jsonedit.Edit{{Start: 0, End: 0, New: ",\r\n\t\"a\": false"}, {Start: 1 << 40, End: -1}}},
			{Message: "no edits", Edits: []jsonedit.Edit{}},
		}
		noFixes := reportWarning
		noFixes.Fixes = &[]lint.Fix{}
		in = append(in, withFixes, noFixes)
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(in); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := writeJSON(&got, &Report{Issues: in}); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.String(), got.String()); diff != "" {
			t.Errorf("JSON (-encoding/json +WriteJSON):\n%s", diff)
		}
	})
	t.Run("round trip", func(t *testing.T) {
		in := []lint.Issue{reportError, {Severity: catalog.Warning, Code: "x", Path: "$['a\\'b']", Message: "\x1b \"q\"", File: "f"}}
		var b bytes.Buffer
		if err := writeJSON(&b, &Report{Issues: in}); err != nil {
			t.Fatal(err)
		}
		var out []lint.Issue
		if err := json.Unmarshal(b.Bytes(), &out); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, b.String())
		}
		if diff := cmp.Diff(in, out); diff != "" {
			t.Errorf("round trip (-want +got):\n%s", diff)
		}
	})
}

// textCounts are the counts of a text report's summary.
type textCounts struct{ Files, Failed int }
