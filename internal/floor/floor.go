// Package floor is the measure toolbench's speed is taken against: reading
// every JSON token of an input with jsontext and building nothing. No
// JSON tool can check a file faster than it can read the file's tokens,
// so toolbench's goals are multiples of this floor, measured beside it in
// the same run (scripts/bench.sh and the Go benchmarks).
package floor

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// Tokens reads every token of the JSON values in r and returns how many
// there were.
func Tokens(r io.Reader) (int, error) {
	d := jsontext.NewDecoder(r, jsontext.AllowDuplicateNames(true))
	n := 0
	for {
		if _, err := d.ReadToken(); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		n++
	}
}

// Read is Tokens of data for a benchmark or test, which it fails on an
// error.
func Read(tb testing.TB, data []byte) int {
	n, err := Tokens(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// Beside runs fn once an iteration of b and, with the timer stopped,
// reads the tokens of data beside it; it reports the ratio of the two
// times, taken side by side, as metric, so that it holds on a busy machine
// where absolute times drift.
func Beside(b *testing.B, data []byte, metric string, fn func()) {
	var floor, took time.Duration
	for b.Loop() {
		b.StopTimer()
		start := time.Now()
		Read(b, data)
		floor += time.Since(start)
		b.StartTimer()

		start = time.Now()
		fn()
		took += time.Since(start)
	}
	b.ReportMetric(float64(took)/float64(floor), metric)
}

// Best is the fastest of a few reads of data's tokens.
func Best(tb testing.TB, data []byte) time.Duration {
	best := time.Duration(1 << 62)
	for range 5 {
		start := time.Now()
		Read(tb, data)
		best = min(best, time.Since(start))
	}
	return best
}
