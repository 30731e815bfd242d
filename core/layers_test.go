package core

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layers ranks the packages of core: a package may import only packages
// of a lower rank. Packages of the same rank do not import each other.
var layers = map[string]int{
	"internal/par": 0,
	"termtext":     0,
	"jsondoc":      1,
	"jsonedit":     2,
	"cost":         2,
	"tooldef":      2,
	"schema":       3,
	"call":         4,
	"compat":       5,
	"diff":         4,
	"lint":         4,
	"fix":          5,
	"baseline":     5,
	"lock":         5,
	"servers":      5,
	"registry":     5,
	"report":       6,
	"config":       6,
}

// TestNoPackageImportsALayerAboveIt reads the imports of every file of
// every package under core, tests included, and fails on an import of a
// layer at or above the importer's, or of a package the table does not
// rank.
func TestNoPackageImportsALayerAboveIt(t *testing.T) {
	const module = "toolbench/core/"
	seen := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.Contains(path, "testdata") {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(path))
		if pkg == "." || strings.HasSuffix(pkg, "/schematest") {
			return nil
		}
		rank, ok := layers[pkg]
		if !ok {
			t.Errorf("package core/%s has no rank in the layer table", pkg)
			return nil
		}
		seen[pkg] = true
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(p, module) {
				continue
			}
			dep := strings.TrimPrefix(p, module)
			if dep == pkg && strings.HasSuffix(path, "_test.go") {
				continue // an external test of the package itself
			}
			if strings.HasSuffix(dep, "/schematest") && strings.HasSuffix(path, "_test.go") {
				dep = strings.TrimSuffix(dep, "/schematest")
				if layers[dep] <= rank {
					continue
				}
			}
			if r, ok := layers[dep]; !ok || r >= rank {
				t.Errorf("%s imports %s, which is not below core/%s", path, p, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg := range layers {
		if !seen[pkg] {
			t.Errorf("the layer table names core/%s, which has no files", pkg)
		}
	}
}
