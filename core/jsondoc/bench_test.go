package jsondoc

import (
	"os"
	"path/filepath"
	"testing"

	"toolbench/internal/floor"
	"toolbench/internal/gen"
)

// BenchmarkLoad loads a document of 10,000 generated tools from a file,
// beside the token floor of the same bytes (load/floor).
func BenchmarkLoad(b *testing.B) {
	data := gen.Tools(10000)
	path := filepath.Join(b.TempDir(), "tools.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	floor.Beside(b, data, "load/floor", func() {
		if _, err := LoadFile(path); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkParse parses a document of 10,000 generated tools: the reading
// share of a lint.
func BenchmarkParse(b *testing.B) {
	data := gen.Tools(10000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("bench.json", data); err != nil {
			b.Fatal(err)
		}
	}
}
