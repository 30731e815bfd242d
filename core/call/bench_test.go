package call

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"toolbench/internal/floor"
	"toolbench/internal/gen"
)

// TestGeneratedCallLogIsMostlyValidAndCoversEveryOutcome checks the log
// the benchmarks read.
func TestGeneratedCallLogIsMostlyValidAndCoversEveryOutcome(t *testing.T) {
	schemas, log := gen.CallLog(2000)
	s := callFlatSchemas(t, schemas)
	seen := map[string]int{}
	valid, calls := 0, 0
	err := ReadCalls(bytes.NewReader(log), func(_ int, c Call) error {
		calls++
		errs := ValidateCall(c, s)
		if len(errs) == 0 {
			valid++
		}
		for _, e := range errs {
			seen[e[:strings.IndexByte(e, ':')]]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2000 {
		t.Errorf("calls = %d, want 2000", calls)
	}
	if valid < calls/2 {
		t.Errorf("valid = %d of %d, want most", valid, calls)
	}
	for _, code := range []string{"missing", "extra", "type", "unknown_tool", "malformed"} {
		if seen[code] == 0 {
			t.Errorf("no %s error in the generated log; seen %v", code, seen)
		}
	}
}

func BenchmarkValidateCall(b *testing.B) {
	s := callFlatSchemas(b, `{"search": {"required": {"query": "str", "limit": "int"}, "optional": {"lang": "str", "fuzzy": "bool", "score": "float"}}}`)
	for _, bc := range []struct{ name, call string }{
		{"valid", `{"name": "search", "args": {"query": "vector db", "limit": 10, "lang": "en", "score": 0.5}}`},
		{"invalid", `{"name": "search", "args": {"limit": true, "debug": 1, "lang": 3}}`},
	} {
		c := NormalizeCall(callNode(b, bc.call))
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ValidateCall(c, s)
			}
		})
	}
}

func BenchmarkCallJSONLinesFloor(b *testing.B) {
	_, log := gen.CallLog(10000)
	log = gen.WithoutBrokenLines(log)
	b.SetBytes(int64(len(log)))
	for b.Loop() {
		floor.Read(b, log)
	}
}

// BenchmarkCheckCalls runs CheckCalls on 10,000 generated calls with a
// writer that renders nothing, and reports its time as a multiple of the
// floor's on the same bytes: the check without a report.
// core/report's BenchmarkCallJSONLines is the command's path, the check
// with the JSON writer.
func BenchmarkCheckCalls(b *testing.B) {
	schemas, log := gen.CallLog(10000)
	s := callFlatSchemas(b, schemas)
	best := floor.Best(b, gen.WithoutBrokenLines(log))
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := CheckCalls(bytes.NewReader(log), s, CallOptions{}, discardResults{}); err != nil {
			b.Fatal(err)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp)/float64(best), "x-floor")
	b.ReportMetric(float64(perOp.Nanoseconds())/10000, "ns/call")
}

// discardResults is a ResultWriter that renders and writes nothing.
type discardResults struct{}

func (discardResults) WriteResult(*Result) error                  { return nil }
func (discardResults) AppendResult(dst []byte, _ *Result) []byte  { return dst }
func (discardResults) WriteResults(_ []byte, _ int, _ bool) error { return nil }
