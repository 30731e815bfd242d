package report

import (
	"io"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/gen"
)

// BenchmarkWrite writes, in each format, the report of a lint of the
// generated document of 10,000 tools, a thousand issues, with the
// document's text.
func BenchmarkWrite(b *testing.B) {
	data := gen.Tools(10000)
	doc, err := jsondoc.Parse("bench.json", data)
	if err != nil {
		b.Fatal(err)
	}
	r := &Report{}
	r.Add(lint.Lint(doc, lint.Options{})) // with the text, which text quotes
	for _, f := range formatTable {
		if f.Write == nil {
			continue
		}
		b.Run(f.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := f.Write(io.Discard, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
