package core

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/go-json-experiment/json/jsontext"

	"toolbench/internal/gen"
)

// benchTools is the size of the benchmark document: 10,000 OpenAI-shaped
// tools, one in ten with a defect.
const benchTools = 10000

// readTokens reads every token of data and nothing else: the floor no
// JSON linter can beat.
func readTokens(tb testing.TB, data []byte) int {
	d := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	n := 0
	for {
		if _, err := d.ReadToken(); err != nil {
			if err != io.EOF {
				tb.Fatal(err)
			}
			return n
		}
		n++
	}
}

func lintBytes(tb testing.TB, data []byte, opt Options) *Result {
	doc, err := Parse("bench.json", data)
	if err != nil {
		tb.Fatal(err)
	}
	return Lint(doc, opt)
}

// besideFloor runs fn once an iteration of b and, with the timer stopped,
// reads the tokens of data beside it; it reports the ratio of the two
// times, taken side by side, as metric, so that it holds on a busy machine
// where absolute times drift.
func besideFloor(b *testing.B, data []byte, metric string, fn func()) {
	var floor, took time.Duration
	for b.Loop() {
		b.StopTimer()
		start := time.Now()
		readTokens(b, data)
		floor += time.Since(start)
		b.StartTimer()

		start = time.Now()
		fn()
		took += time.Since(start)
	}
	b.ReportMetric(float64(took)/float64(floor), metric)
}

// BenchmarkLint parses and lints the generated document, with every rule
// that runs by default and with the base rules alone, beside the token
// floor (lint/floor).
func BenchmarkLint(b *testing.B) {
	data := gen.Tools(benchTools)
	for _, bc := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{}},
		{"base rules", baseOnly()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			if res := lintBytes(b, data, bc.opt); res.Errors == 0 || res.Warnings == 0 {
				b.Fatalf("the generated document gave %d errors and %d warnings, want some of each", res.Errors, res.Warnings)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			besideFloor(b, data, "lint/floor", func() { lintBytes(b, data, bc.opt) })
		})
	}
}

// TestLintOfManyToolsGivesTheIssuesOfOneLinter lints a document large
// enough to be split among processors and checks that the issues, their
// order and their counts are those of a lint on one processor.
func TestLintOfManyToolsGivesTheIssuesOfOneLinter(t *testing.T) {
	data := gen.Tools(3 * parallelTools)
	for _, procs := range []int{2, 3, 8} {
		prev := runtime.GOMAXPROCS(1)
		want := lintBytes(t, data, Options{})
		runtime.GOMAXPROCS(procs)
		got := lintBytes(t, data, Options{})
		runtime.GOMAXPROCS(prev)
		if want.Errors == 0 || want.Warnings == 0 {
			t.Fatalf("the generated document gave %d errors and %d warnings, want some of each", want.Errors, want.Warnings)
		}
		if got.Errors != want.Errors || got.Warnings != want.Warnings {
			t.Errorf("%d processors: %d errors and %d warnings, want %d and %d", procs, got.Errors, got.Warnings, want.Errors, want.Warnings)
		}
		if diff := cmp.Diff(want.Issues, got.Issues); diff != "" {
			t.Errorf("%d processors: issues differ from one processor's (-want +got):\n%s", procs, diff)
		}
	}
}

// BenchmarkLintFloor only reads every token of the benchmark document.
func BenchmarkLintFloor(b *testing.B) {
	data := gen.Tools(benchTools)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		readTokens(b, data)
	}
}

// BenchmarkLintParsed lints a document parsed once: the rules' share of
// BenchmarkLint.
func BenchmarkLintParsed(b *testing.B) {
	doc, err := Parse("bench.json", gen.Tools(benchTools))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Lint(doc, Options{})
	}
}

// BenchmarkLoad loads the benchmark document from a file, read as the
// workbench reads it and mapped as toolbench lint does, each beside the
// token floor of the same bytes (load/floor). A mapped
// load is never unmapped: each iteration leaves one mapping of the file.
func BenchmarkLoad(b *testing.B) {
	data := gen.Tools(benchTools)
	path := filepath.Join(b.TempDir(), "tools.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		load func(string) (*Document, error)
	}{
		{"read", LoadFile},
		{"mapped", LoadFileMapped},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			besideFloor(b, data, "load/floor", func() {
				if _, err := bc.load(path); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkParse parses the benchmark document: the reading share of
// BenchmarkLint.
func BenchmarkParse(b *testing.B) {
	data := gen.Tools(benchTools)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("bench.json", data); err != nil {
			b.Fatal(err)
		}
	}
}
