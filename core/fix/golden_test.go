package fix

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/golden"
)

// fixtures are the documents the golden tests fix: the seed's invalid
// example, a BFCL-style file ("type": "dict", "float"), files indented
// with tabs, with CRLF line ends and on one line, a list in MCP's shape,
// and a Responses function without "strict", which OpenAI makes strict.
var fixtures = []string{
	"lint/examples/invalid.json",
	"fix/bfcl.json",
	"fix/tabs.json",
	"fix/crlf.json",
	"fix/minified.json",
	"fix/mcp.json",
	"fix/responses.json",
}

func loadFixture(t *testing.T, name string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.LoadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	doc.Name = filepath.Base(name)
	return doc
}

// goldenPath is where the golden file of a fixture's fix is kept.
func goldenPath(fixture, what string) string {
	base := strings.TrimSuffix(filepath.Base(fixture), ".json")
	return filepath.Join("..", "..", "testdata", "fix", "golden", base, strings.ReplaceAll(what, "/", "_"))
}

// strict lints with OpenAI's strict mode too, for its two fixes.
var strict = lint.Options{Targets: []string{"openai-strict"}}

// lintOf is the lint a fixture is fixed with: strict, but for the list
// in MCP's shape, which is linted for MCP alone as a server's list is, so
// that its names are mcp/invalid-name's.
func lintOf(name string) lint.Options {
	if name == "fix/mcp.json" {
		return lint.Options{}
	}
	return strict
}

// TestFixGoldenEachRuleOnEachFixture makes the fixes of one rule at a
// time on each fixture and compares the diff with a golden file, and
// checks that every rule with a fix has one somewhere.
func TestFixGoldenEachRuleOnEachFixture(t *testing.T) {
	covered := map[string]bool{}
	for _, name := range fixtures {
		doc := loadFixture(t, name)
		for _, code := range fixableCodes() {
			res, err := Apply(doc, Options{Lint: lintOf(name), Codes: []string{code}})
			if err != nil {
				t.Fatalf("%s, %s: %v", name, code, err)
			}
			if len(res.Fixed) == 0 {
				continue
			}
			covered[code] = true
			t.Run(filepath.Base(name)+"/"+code, func(t *testing.T) {
				var b bytes.Buffer
				if err := WriteDiff(&b, doc.Name, Hunks(doc.Src, res.Edits), false); err != nil {
					t.Fatal(err)
				}
				golden.Check(t, goldenPath(name, code+".diff"), b.Bytes())
			})
		}
	}
	for _, code := range fixableCodes() {
		if !covered[code] {
			t.Errorf("no fixture has a fix of %s", code)
		}
	}
}

// TestFixGoldenEveryFixOnEachFixture makes every fix on each fixture and
// compares the fixed file, bytes and all, with a golden file.
func TestFixGoldenEveryFixOnEachFixture(t *testing.T) {
	for _, name := range fixtures {
		t.Run(filepath.Base(name), func(t *testing.T) {
			doc := loadFixture(t, name)
			res, err := Apply(doc, Options{Lint: lintOf(name), Codes: fixableCodes()})
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, goldenPath(name, "fixed.json"), []byte(res.Doc.Src))
		})
	}
}

func fixableCodes() []string {
	var codes []string
	for _, r := range lint.Rules() {
		if r.Fix != catalog.FixNone {
			codes = append(codes, r.Code)
		}
	}
	return codes
}

// TestFixedFilesKeepTheirLayout checks what the goldens show by eye: no
// line of a CRLF file ends in a bare LF, the lines a fix adds to a
// tab-indented file are indented with tabs, and a one-line file stays on
// one line.
func TestFixedFilesKeepTheirLayout(t *testing.T) {
	fixed := func(name string) string {
		res, err := Apply(loadFixture(t, name), Options{Lint: strict, Codes: fixableCodes()})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Fixed) == 0 {
			t.Fatalf("%s: nothing fixed", name)
		}
		return res.Doc.Src
	}
	if src := fixed("fix/crlf.json"); strings.Count(src, "\n") != strings.Count(src, "\r\n") {
		t.Errorf("the fixed CRLF file has bare newlines:\n%q", src)
	}
	for _, line := range strings.Split(fixed("fix/tabs.json"), "\n") {
		if strings.HasPrefix(line, " ") {
			t.Errorf("a line of the fixed tab-indented file starts with a space: %q", line)
		}
	}
	if src := fixed("fix/minified.json"); strings.Contains(src, "\n") || strings.Contains(src, ": ") || strings.Contains(src, ", ") {
		t.Errorf("the fixed one-line file is not minified any more:\n%s", src)
	}
}
