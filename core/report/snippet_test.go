package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-runewidth"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/golden"
)

// lintReport lints src as a file named name and returns the report of
// it, with its text.
func lintReport(t *testing.T, name, src string, opt lint.Options) *Report {
	t.Helper()
	doc, err := jsondoc.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := &Report{}
	r.Add(lint.Lint(doc, opt))
	return r
}

func textOf(t *testing.T, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeText(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// snippetOf returns the two lines quoted under the issue of code in a
// text report: the document's line and the carets.
func snippetOf(t *testing.T, out, code string) (line, carets string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.HasSuffix(l, "["+code+"]") && i+2 < len(lines) {
			return lines[i+1], lines[i+2]
		}
	}
	t.Fatalf("no %s issue in:\n%s", code, out)
	return "", ""
}

// underlined returns the text of line above the carets: what the reader
// sees underlined, counting cells.
func underlined(t *testing.T, line, carets string) string {
	t.Helper()
	from := strings.IndexByte(carets, '^')
	to := strings.LastIndexByte(carets, '^') + 1
	if from < 0 {
		t.Fatalf("no carets in %q", carets)
	}
	var b strings.Builder
	col := 0
	for _, r := range line {
		if col >= from && col < to {
			b.WriteRune(r)
		}
		col += runewidth.RuneWidth(r)
	}
	return b.String()
}

func TestWriteTextUnderlinesTheSpanInItsLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "lint", "examples", "invalid.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := textOf(t, lintReport(t, "invalid.json", string(data), lint.Options{}))
	want := "" +
		"ERROR   invalid.json:10:28 $[0].function.parameters.properties.city: unknown type 'str' [unknown-type]\n" +
		"     10 |           \"city\": {\"type\": \"str\", \"description\": \"City name\"},\n" +
		"        |                            ^^^^^\n" +
		"        hint: Use 'string'. Known types: array, boolean, integer, null, number, object, string.\n" +
		"\n"
	if !strings.Contains(out, want) {
		t.Errorf("the text report lacks\n%s\nin\n%s", want, out)
	}
	for code, span := range map[string]string{
		"invalid-name":               `"get weather!"`,
		"required-not-in-properties": `"state"`,
		"array-without-items":        `{"type": "array"}`,
	} {
		if got := quoted(t, out, code); got != span {
			t.Errorf("%s: underlined %q, want %q", code, got, span)
		}
	}
	if !strings.HasSuffix(out, "\n\n4 errors, 1 warning in 1 file\n") {
		t.Errorf("the report does not end with a blank line and the summary:\n%s", out)
	}
}

// quoted returns what the carets underline in the line quoted under the
// issue of code.
func quoted(t *testing.T, out, code string) string {
	t.Helper()
	line, carets := snippetOf(t, out, code)
	return underlined(t, afterBar(line), afterBar(carets))
}

// afterBar is a quoted line past the gutter, "     10 | ".
func afterBar(s string) string { return s[strings.Index(s, "| ")+2:] }

func TestWriteTextCutsALongLineAroundTheSpan(t *testing.T) {
	// One line of 5,000 columns and more, the unknown type near its
	// middle.
	var b strings.Builder
	b.WriteString(`[`)
	for i := 0; b.Len() < 2500; i++ {
		b.WriteString(`{"name":"t` + strings.Repeat("x", i%7) + `","description":"Looks things up in the index.","parameters":{"type":"object","properties":{"q":{"type":"string"}}}},`)
	}
	b.WriteString(`{"name":"odd","description":"Looks things up in the index.","parameters":{"type":"object","properties":{"q":{"type":"str"}}}}`)
	for b.Len() < 5200 {
		b.WriteString(`,{"name":"u","description":"Looks things up in the index.","parameters":{"type":"object","properties":{"q":{"type":"string"}}}}`)
	}
	b.WriteString(`]`)
	src := b.String()
	out := textOf(t, lintReport(t, "min.json", src, lint.Options{Ignore: []string{"duplicate-name"}}))
	line, _ := snippetOf(t, out, "unknown-type")
	text := afterBar(line)
	if !strings.HasPrefix(text, "…") || !strings.HasSuffix(text, "…") {
		t.Errorf("the line is not cut at both ends: %q", text)
	}
	if w := runewidth.StringWidth(text); w > snippetWidth+1 {
		t.Errorf("the quoted line is %d cells wide, want at most %d", w, snippetWidth+1)
	}
	if got := quoted(t, out, "unknown-type"); got != `"str"` {
		t.Errorf("underlined %q, want \"str\"", got)
	}
	if !strings.Contains(text, `"properties":{"q":{"type":"str"}}`) {
		t.Errorf("the window does not show the text around the span: %q", text)
	}
}

func TestWriteTextEscapesTheQuotedLine(t *testing.T) {
	// Raw in the file: a right-to-left override, a zero-width space, a
	// CSI (U+009B) and DEL in strings, and tabs between tokens.
	src := "[{\"name\":\t\"a b\", \"description\": \"Looks \u202e things up \u200b\u009b[2J\x7f here.\",\t\"parameters\": {\"type\": \"object\", \"properties\": {\"q\": {}}}}]"
	out := textOf(t, lintReport(t, "evil.json", src, lint.Options{}))
	if h := termtext.Hazards(out); len(h) > 0 {
		t.Errorf("the report holds %v:\n%s", h, out)
	}
	line, _ := snippetOf(t, out, "hidden-characters")
	if want := `"Looks \u{202E} things up \u{200B}\u{9B}[2J\x7f here."`; !strings.Contains(line, want) {
		t.Errorf("line %q lacks %q", line, want)
	}
	if got := quoted(t, out, "hidden-characters"); got != `\u{202E}` {
		t.Errorf("underlined %q, want the escaped override", got)
	}
	line, _ = snippetOf(t, out, "invalid-name")
	if !strings.Contains(line, `{"name":    "a b"`) {
		t.Errorf("the tab is not four spaces: %q", line)
	}
	if got := quoted(t, out, "invalid-name"); got != `"a b"` {
		t.Errorf("underlined %q, want \"a b\"", got)
	}
}

func TestExcerpt(t *testing.T) {
	tests := []struct {
		name       string
		src        string
		span       string // the span's text, found in src
		width      int
		want       string // the window
		underlined string
	}{
		{"a short line", `{"type": "str"}`, `"str"`, 40, `{"type": "str"}`, `"str"`},
		{"a CRLF line end", "{\"a\": 1,\r\n \"b\": 2}", `1`, 40, `{"a": 1,`, `1`},
		{"wide characters before the span", `{"説明": "日本語", "type": "str"}`, `"str"`, 60, `{"説明": "日本語", "type": "str"}`, `"str"`},
		{"a span at the line's end", "[1,\n2]", "\n", 40, `[1,`, ``},
		{"a span longer than the window", `{"a": "` + strings.Repeat("x", 50) + `"}`, `"` + strings.Repeat("x", 50) + `"`, 20, `{"a": "xxxxxxxxxxxx…`, `"xxxxxxxxxxxx`},
		{"a span far to the right", strings.Repeat(" ", 60) + `"str"` + strings.Repeat(" ", 60) + "x", `"str"`, 30, `…          "str"             …`, `"str"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := strings.Index(tc.src, tc.span)
			ex := excerpt(new([]cell), tc.src, 0, start, start+len(tc.span), tc.width)
			if ex.text != tc.want {
				t.Errorf("window %q, want %q", ex.text, tc.want)
			}
			if w := runewidth.StringWidth(ex.text); w > tc.width {
				t.Errorf("window is %d cells, want at most %d", w, tc.width)
			}
			got := underlined(t, ex.text+" ", strings.Repeat(" ", ex.at)+strings.Repeat("^", ex.width))
			if strings.TrimSpace(got) != tc.underlined {
				t.Errorf("underlined %q, want %q", got, tc.underlined)
			}
		})
	}
}

func TestWriteTextWithoutTheDocumentsTextWritesNoLine(t *testing.T) {
	r := lintReport(t, "t.json", `[{"name": "a b"}]`, lint.Options{})
	r.Sources = nil
	out := textOf(t, r)
	if strings.Contains(out, " | ") || strings.Contains(out, "\n\n") {
		t.Errorf("a report without the text quotes a line:\n%s", out)
	}
	r.Sources = map[string]string{"t.json": `[{"name": "a b"}]`}
	r.Issues[0].Column = 99 // a place the text does not hold
	out = textOf(t, r)
	if lines := strings.Split(out, "\n"); !strings.HasPrefix(lines[1], "        hint: ") {
		t.Errorf("an issue whose place is not in the text quotes a line:\n%s", out)
	}
}

func TestWriteConciseWritesOneLineAnIssue(t *testing.T) {
	r := lintReport(t, "t.json", "[{\"name\": \"a b\",\n \"description\": \"x\"}]", lint.Options{})
	var b bytes.Buffer
	if err := writeConcise(&b, r); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"ERROR   t.json:1:11 $[0].name: invalid tool name 'a b': it contains ' ' [invalid-name]\n" +
		"WARNING t.json:2:17 $[0].description: description is very short (1 character) [short-description]\n" +
		"WARNING t.json:1:2 $[0]: tool has no 'parameters' schema [missing-parameters]\n" +
		"1 error, 2 warnings in 1 file\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("concise (-want +got):\n%s", diff)
	}
}

// TestWriteTextMatchesGolden writes, with their lines, the issues of the
// seed's invalid example and of testdata/sarif's tools, which have
// hidden characters, references and spans over several lines.
func TestWriteTextMatchesGolden(t *testing.T) {
	for _, tc := range []struct {
		fixture, golden string
		targets         []string
	}{
		{"lint/examples/invalid.json", "invalid.txt", nil},
		{"sarif/tools.json", "tools.txt", []string{"openai-strict", "mcp"}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			doc, err := jsondoc.LoadFile(filepath.Join("..", "..", "testdata", tc.fixture))
			if err != nil {
				t.Fatal(err)
			}
			doc.Name = tc.fixture
			r := &Report{}
			r.Add(lint.Lint(doc, lint.Options{Targets: tc.targets}))
			out := textOf(t, r)
			if !utf8.ValidString(out) || len(termtext.Hazards(out)) > 0 {
				t.Errorf("the report is not safe to print: %v", termtext.Hazards(out))
			}
			golden.Check(t, filepath.Join("testdata", "text", tc.golden), []byte(out))
		})
	}
}
