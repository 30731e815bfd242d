package cli

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/report"
	"toolbench/internal/golden"
)

// docs/rules/ has a page for every code toolbench reports: each lint
// rule, each check of several servers, each change diff and verify
// report, each code of the call check and of a call sent with --run. The
// pages and their index (docs/rules/README.md) are the catalog's
// (catalog.Code.Markdown and catalog.Index), made from the tables those
// codes are declared in, as `toolbench explain` and SARIF's rule lists
// are; this test fails on a page that differs, a page missing and a page
// no code has, and go test ./internal/cli -run Docs -update rewrites them. SARIF's
// helpUri and explain's last line name these pages (catalog.Code.Page).

func TestDocsRulePagesAreTheRuleTables(t *testing.T) {
	t.Parallel()
	codes := report.Catalog().Codes()
	want := map[string]string{"docs/rules/README.md": catalog.Index(codes)}
	for _, c := range codes {
		if c.Kind == catalog.KindTarget {
			continue
		}
		file := c.Page()
		if _, dup := want[file]; dup {
			t.Fatalf("two codes have the page %s", file)
		}
		want[file] = c.Markdown()
	}
	for _, file := range slices.Sorted(maps.Keys(want)) {
		got, err := os.ReadFile(file)
		switch {
		case err == nil && string(got) == want[file]:
			continue
		case golden.Update():
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(want[file]), 0o644); err != nil {
				t.Fatal(err)
			}
		case err != nil:
			t.Errorf("%v: run go test ./internal/cli -run Docs -update to write it", err)
		default:
			t.Errorf("%s is not its code's documents; run go test ./internal/cli -run Docs -update.\n%s", file, golden.FirstDifference(string(got), want[file]))
		}
	}
	entries, err := os.ReadDir("docs/rules")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		file := "docs/rules/" + e.Name()
		if _, ok := want[file]; ok {
			continue
		}
		if golden.Update() {
			os.Remove(file)
			continue
		}
		t.Errorf("%s documents no code toolbench has; run go test ./internal/cli -run Docs -update to remove it", file)
	}
}

// TestExplainEndsWithThePage holds explain's last line to the page of
// what it explains, a page the docs have.
func TestExplainEndsWithThePage(t *testing.T) {
	t.Parallel()
	for _, c := range report.Catalog().Codes() {
		code, out, _ := rulesRun(t, "explain", c.Code)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if want := "Page: " + c.Page() + " in toolbench's repository"; code != exitOK || lines[len(lines)-1] != want {
			t.Errorf("explain %s: exit %d, last line %q; want 0 and %q", c.Code, code, lines[len(lines)-1], want)
		}
		if _, err := os.Stat(c.Page()); err != nil {
			t.Errorf("explain %s names %s: %v", c.Code, c.Page(), err)
		}
	}
}
