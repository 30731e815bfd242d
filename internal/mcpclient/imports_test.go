package mcpclient

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoToolbenchPackage holds the package to its doc comment: it
// knows nothing of toolbench's documents, rules, screen or watching.
func TestImportsNoToolbenchPackage(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "toolbench" || strings.HasPrefix(path, "toolbench/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
