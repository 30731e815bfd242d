package schema_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyThisPackageImportsTheJSONSchemaLibrary holds every validation
// to one compiler and one flattening of its failures: the library's
// types stay inside core/schema. Tests elsewhere may use it as an
// oracle, and scripts/ links it to measure it.
func TestOnlyThisPackageImportsTheJSONSchemaLibrary(t *testing.T) {
	const lib = "github.com/santhosh-tekuri/jsonschema"
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	own, _ := filepath.Abs(".")
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", ".git", "scripts": // scripts measures the library itself
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == own {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(p, lib) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s imports %s: validate through core/schema", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("checked %d files under %s; the walk found too few to mean anything", checked, root)
	}
}
