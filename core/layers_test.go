package core

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the import path of toolbench's module.
const module = "toolbench"

// layers ranks every package of the module by its directory from the
// module's root: a package may import only packages of a lower rank, and
// packages of the same rank do not import each other. core's layers come
// first (core/doc.go draws them), then the wire and the files, the
// watcher, the workbench and, at the top, the command line and the
// commands built on it. So core imports nothing outside core, and
// nothing under internal imports the command line, the workbench or the
// watcher.
var layers = map[string]int{
	"core/internal/par": 0,
	"core/termtext":     0,
	"core/jsondoc":      1,
	"core/catalog":      1,
	"core/jsonedit":     2,
	"core/cost":         2,
	"core/tooldef":      2,
	"core/schema":       3,
	"core/call":         4,
	"core/diff":         4,
	"core/lint":         4,
	"core/traffic":      4,
	"core/compat":       5,
	"core/fix":          5,
	"core/baseline":     5,
	"core/lock":         5,
	"core/servers":      5,
	"core/registry":     5,
	"core/report":       6,
	"core/config":       6,

	"internal/atomicfile": 10,
	"internal/auxfile":    10,
	"internal/brokenpipe": 10,
	"internal/jsonrpc":    10,
	"internal/wrap":       10,
	"internal/mcpclient":  11,
	"internal/live":       12,
	"internal/source":     12,
	"internal/policy":     13,
	"internal/mcpserve":   14,
	"internal/proxy":      13,

	"watch":        20,
	"tui":          21,
	"internal/cli": 30,

	".":                  40, // main.go
	"scripts/bareclient": 40,
	"scripts/floor":      40,
	"scripts/gen":        40,
	"scripts/mcpload":    40,
	"scripts/schemainit": 40,
}

// testSupport are the packages any test may import, and the commands
// under scripts: leaves that import no package of the module, which build
// benchmarks' inputs and floors, golden files and test servers.
var testSupport = map[string]bool{
	"internal/floor":      true,
	"internal/gen":        true,
	"internal/golden":     true,
	"internal/headertest": true,
	"internal/proctest":   true,
}

// TestNoPackageImportsALayerAboveIt reads the imports of every file of
// every package of the module, tests included, and fails on an import of
// a layer at or above the importer's, or of a package the table does not
// rank.
func TestNoPackageImportsALayerAboveIt(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	problems, err := checkLayers(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestTheLayerCheckFailsOnAnImportUpwardsAndOnAnUnrankedPackage runs the
// check on a module of a few files: core importing the command line,
// internal importing the workbench, a test importing a test server, and a
// package the table does not rank.
func TestTheLayerCheckFailsOnAnImportUpwardsAndOnAnUnrankedPackage(t *testing.T) {
	root := t.TempDir()
	write := func(path, imports string) {
		t.Helper()
		full := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("package p\n\nimport (\n"+imports+")\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("core/lint/ok.go", "\t\"toolbench/core/schema\"\n")
	write("core/lint/bad.go", "\t\"toolbench/internal/cli\"\n")
	write("core/lint/bad_test.go", "\t\"toolbench/internal/golden\"\n\t\"toolbench/core/report\"\n")
	write("internal/source/bad.go", "\t\"toolbench/tui\"\n")
	write("internal/mcpclient/x_test.go", "\t\"toolbench/internal/proctest\"\n")
	write("internal/nowhere/x.go", "\t\"fmt\"\n")
	problems, err := checkLayers(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"core/lint/bad.go imports toolbench/internal/cli, which is not below core/lint",
		"core/lint/bad_test.go imports toolbench/core/report, which is not below core/lint",
		"internal/nowhere has no rank in the layer table",
		"internal/source/bad.go imports toolbench/tui, which is not below internal/source",
	}
	slices.Sort(problems)
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}

// checkLayers checks the imports of every Go file under root, the
// module's root, against the layer table, and returns what breaks it.
func checkLayers(root string) ([]string, error) {
	var problems []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		problems = append(problems, checkFile(path, rel)...)
		return nil
	})
	slices.Sort(problems)
	problems = slices.Compact(problems)
	// A package the table ranks with no files left is a table to mend.
	if err == nil {
		for pkg := range layers {
			if _, statErr := os.Stat(filepath.Join(root, filepath.FromSlash(pkg))); statErr != nil && isModule(root) {
				problems = append(problems, "the layer table names "+pkg+", which has no files")
			}
		}
	}
	return problems, err
}

// isModule reports whether root is toolbench's module itself, whose
// every ranked package must exist.
func isModule(root string) bool {
	_, err := os.Stat(filepath.Join(root, "go.mod"))
	return err == nil
}

// checkFile checks the imports of the file at path, rel from the
// module's root.
func checkFile(path, rel string) []string {
	pkg := filepath.ToSlash(filepath.Dir(rel))
	if pkg == "core" || testSupport[pkg] || strings.HasSuffix(pkg, "/schematest") {
		return nil // the doc package and the test support import nothing of the module
	}
	rank, ok := layers[pkg]
	if !ok {
		if strings.HasSuffix(rel, "_test.go") {
			return nil // said once, for the package's other files
		}
		return []string{pkg + " has no rank in the layer table"}
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		return []string{rel + ": " + err.Error()}
	}
	test := strings.HasSuffix(rel, "_test.go")
	var problems []string
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p != module && !strings.HasPrefix(p, module+"/") {
			continue
		}
		dep := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
		if dep == "" {
			dep = "."
		}
		switch {
		case dep == pkg && test:
			continue // an external test of the package itself
		case testSupport[dep] && (test || rank >= layers["internal/cli"]):
			continue
		case strings.HasSuffix(dep, "/schematest") && test && layers[strings.TrimSuffix(dep, "/schematest")] <= rank:
			continue
		}
		if r, ok := layers[dep]; !ok || r >= rank {
			problems = append(problems, rel+" imports "+p+", which is not below "+pkg)
		}
	}
	return problems
}
