package lint

import (
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/internal/floor"
	"toolbench/internal/gen"
)

// benchTools is the size of the benchmark document: 10,000 OpenAI-shaped
// tools, one in ten with a defect.
const benchTools = 10000

func lintBytes(tb testing.TB, data []byte, opt Options) *Result {
	doc, err := jsondoc.Parse("bench.json", data)
	if err != nil {
		tb.Fatal(err)
	}
	return Lint(doc, opt)
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
			floor.Beside(b, data, "lint/floor", func() { lintBytes(b, data, bc.opt) })
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
		floor.Read(b, data)
	}
}

// BenchmarkLintParsed lints a document parsed once: the rules' share of
// BenchmarkLint.
func BenchmarkLintParsed(b *testing.B) {
	doc, err := jsondoc.Parse("bench.json", gen.Tools(benchTools))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Lint(doc, Options{})
	}
}
