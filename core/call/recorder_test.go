package call

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// recorder is the ResultWriter of the tests: each result a line of JSON
// holding all of it, written as it comes, so that the results read back
// are what CheckCalls handed over.
type recorder struct {
	w       io.Writer
	flushes int // batches handed over with flush set
}

// recorded is a result as the recorder writes it.
type recorded struct {
	Line   int           `json:"line"`
	Tool   string        `json:"tool"`
	Errors []string      `json:"errors"`
	Schema []SchemaError `json:"schema"`
}

func (r *recorder) WriteResult(res *Result) error {
	_, err := r.w.Write(r.AppendResult(nil, res))
	return err
}

func (r *recorder) AppendResult(dst []byte, res *Result) []byte {
	b, err := json.Marshal(recorded{res.Line, res.Tool, Strings(res.Findings), res.Schema})
	if err != nil {
		panic(err)
	}
	return append(append(dst, b...), '\n')
}

func (r *recorder) WriteResults(rendered []byte, n int, flush bool) error {
	if strings.Count(string(rendered), "\n") != n {
		panic("the count of a batch is not its results'")
	}
	if flush {
		r.flushes++
	}
	_, err := r.w.Write(rendered)
	return err
}

// results reads back what a recorder wrote.
func results(t testing.TB, out string) []recorded {
	t.Helper()
	var got []recorded
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r recorded
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		got = append(got, r)
	}
	return got
}
