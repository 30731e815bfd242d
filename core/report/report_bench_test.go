package report

import (
	"bytes"
	"io"
	"testing"
	"time"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/floor"
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

// BenchmarkCallJSONLines runs the path of toolbench call --json, the
// check and its JSON writer, on 10,000 generated calls, and reports its
// time as a multiple of the floor's on the same bytes.
func BenchmarkCallJSONLines(b *testing.B) {
	benchCalls(b, "json")
}

// BenchmarkWriteCalls runs the check of 10,000 generated calls with each
// format's writer.
func BenchmarkWriteCalls(b *testing.B) {
	for _, f := range formatTable {
		if f.Calls != nil {
			b.Run(f.Name, func(b *testing.B) { benchCalls(b, f.Name) })
		}
	}
}

func benchCalls(b *testing.B, format string) {
	schemas, log := gen.CallLog(10000)
	s := callSchemas(b, schemas)
	f, _ := LookupFormat(format)
	best := floor.Best(b, gen.WithoutBrokenLines(log))
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := WriteCalls(f, io.Discard, &CallReport{File: "calls.jsonl"}, bytes.NewReader(log), s, call.CallOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp)/float64(best), "x-floor")
	b.ReportMetric(float64(perOp.Nanoseconds())/10000, "ns/call")
}
