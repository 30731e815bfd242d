package call

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
)

// batchTestLog is a call log that spans many batches, with every kind of
// line: valid and invalid calls in every shape, broken lines, blank lines,
// CRLF endings and a line past the reader's limit.
func batchTestLog(t *testing.T) []byte {
	base, err := os.ReadFile("../../testdata/call/calls.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for i := 0; b.Len() < 5*batchBytes; i++ {
		b.Write(base)
		switch i % 4 {
		case 0:
			b.WriteString("\n   \n")
		case 1:
			b.WriteString(`{"name": "search", "args": {"query": "crlf"}}` + "\r\n")
		case 2:
			b.WriteString("{broken\n")
		case 3:
			b.WriteString(`{"name": "fetch", "arguments": "{\"url\": 1}"}` + "\n")
		}
	}
	return b.Bytes()
}

func TestCheckCallsInBatchesMatchesOneByOne(t *testing.T) {
	log := batchTestLog(t)
	flat, err := os.ReadFile("../../testdata/call/schemas.json")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := os.ReadFile("../../testdata/call/tools.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		schemas *Schemas
		opt     CallOptions
		input   []byte
	}{
		{"flat", callFlatSchemas(t, string(flat)), CallOptions{}, log},
		{"deep", callToolSchemas(t, string(tools)), CallOptions{Deep: true}, log},
		{"a broken first line", callFlatSchemas(t, string(flat)), CallOptions{}, append([]byte("{\n"), log...)},
		{"two calls", callFlatSchemas(t, string(flat)), CallOptions{}, []byte(`{"name": "search"}` + "\n" + `{"name": "x"}` + "\n")},
		{"one call", callFlatSchemas(t, string(flat)), CallOptions{}, []byte(`{"name": "search"}` + "\n\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			wantSum, err := checkCalls(bytes.NewReader(tc.input), tc.schemas, tc.opt, &recorder{w: &want}, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(results(t, want.String())) != wantSum.Calls {
				t.Fatalf("%d results for %d calls", len(results(t, want.String())), wantSum.Calls)
			}
			for _, procs := range []int{1, 2, 4} {
				var got bytes.Buffer
				var gotSum CallSummary
				withProcs(procs, func() {
					gotSum, err = CheckCalls(bytes.NewReader(tc.input), tc.schemas, tc.opt, &recorder{w: &got})
				})
				if err != nil {
					t.Fatal(err)
				}
				if gotSum != wantSum {
					t.Errorf("%d processors: summary %+v, want %+v", procs, gotSum, wantSum)
				}
				if diff := cmp.Diff(results(t, want.String()), results(t, got.String())); diff != "" {
					t.Errorf("%d processors: results differ (-one by one +batches):\n%.3000s", procs, diff)
				}
			}
		})
	}
}

// TestCheckCallsInBatchesHonoursTheLineLimit reads a log with a line past
// the limit through the batches: it costs that line only.
func TestCheckCallsInBatchesHonoursTheLineLimit(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	input := `{"name": "search", "args": {"query": "a"}}` + "\n" +
		`{"name": "search", "args": {"query": "` + strings.Repeat("x", 200) + `"}}` + "\n" +
		`{"name": "search"}` + "\n"
	want := []recorded{
		{Line: 2, Errors: []string{"malformed:2:1: the line is longer than the limit of 100 bytes"}},
		{Line: 3, Tool: "search", Errors: []string{"missing:query"}},
	}
	if diff := cmp.Diff(want, batchResults(t, s, input, 100)); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

// batchResults checks the calls of input after its first line through
// the batches, lines read within limit, and returns their results.
func batchResults(t *testing.T, s *Schemas, input string, limit int) []recorded {
	t.Helper()
	lr := newLineReader(strings.NewReader(input), limit)
	if _, err := lr.next(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := lr.checkBatches(s, CallOptions{}, (&recorder{}).AppendResult, func(b *callBatch) error {
		out.Write(b.out)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return results(t, out.String())
}

// TestCheckCallsInBatchesChecksALineOfTensOfMiB reads a log with a line
// too long to copy into a batch: the batch takes the line's own buffer,
// and checks it as any other.
func TestCheckCallsInBatchesChecksALineOfTensOfMiB(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	input := `{"name": "search", "args": {"query": "a"}}` + "\n" +
		`{"name": "search", "args": {"query": "` + strings.Repeat("x", maxChunk+1) + `", "limit": 1}}` + "\n" +
		`{"name": "search"}` + "\n"
	want := []recorded{
		{Line: 2, Tool: "search", Errors: []string{"extra:limit"}},
		{Line: 3, Tool: "search", Errors: []string{"missing:query"}},
	}
	if diff := cmp.Diff(want, batchResults(t, s, input, jsondoc.MaxDocumentSize)); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

var errWriteFailed = errors.New("the reader went away")

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, errWriteFailed
	}
	w.n -= len(p)
	return len(p), nil
}

func TestCheckCallsInBatchesStopsAtAWriteError(t *testing.T) {
	log := batchTestLog(t)
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	done := make(chan error)
	go func() {
		_, err := CheckCalls(bytes.NewReader(bytes.Repeat(log, 4)), s, CallOptions{}, &recorder{w: &failingWriter{n: 1000}})
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, errWriteFailed) {
			t.Errorf("CheckCalls = %v, want the write error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("CheckCalls did not return after a write error")
	}
}

// errorAfterReader gives data, then fails.
type errorAfterReader struct {
	data []byte
}

var errReadFailed = errors.New("the disk went away")

func (r *errorAfterReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, errReadFailed
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestCheckCallsInBatchesWritesWhatCameBeforeAReadError(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	input := strings.Repeat(`{"name": "search", "args": {"query": "a"}}`+"\n", 1500)
	var out bytes.Buffer
	sum, err := CheckCalls(&errorAfterReader{data: []byte(input)}, s, CallOptions{}, &recorder{w: &out})
	if !errors.Is(err, errReadFailed) {
		t.Fatalf("CheckCalls = %v, want the read error", err)
	}
	if n := len(results(t, out.String())); sum.Calls != 1500 || n != 1500 {
		t.Errorf("%d calls, %d results handed over before the error; want 1500 of each", sum.Calls, n)
	}
}

// lineSignal reports each write on a channel.
type lineSignal chan string

func (s lineSignal) Write(p []byte) (int, error) {
	s <- string(p)
	return len(p), nil
}

// TestCheckCallsAnswersALogAsItComes feeds calls through a pipe one at a
// time and expects each result, the first one's included, before the
// next call is sent, each batch handed over with flush set.
func TestCheckCallsAnswersALogAsItComes(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	r, w := io.Pipe()
	out := make(lineSignal, 16)
	rec := &recorder{w: out}
	go func() {
		CheckCalls(r, s, CallOptions{}, rec)
		close(out)
	}()
	want := []string{
		`{"line":1,"tool":"search","errors":null,"schema":null}` + "\n",
		`{"line":2,"tool":"search","errors":["missing:query"],"schema":null}` + "\n",
		`{"line":3,"tool":"search","errors":null,"schema":null}` + "\n",
	}
	var got strings.Builder
	for i, call := range []string{`{"name": "search", "args": {"query": "a"}}`, `{"name": "search"}`, `{"name": "search", "args": {"query": "b"}}`} {
		if _, err := io.WriteString(w, call+"\n"); err != nil {
			t.Fatal(err)
		}
		deadline := time.After(10 * time.Second)
		for !strings.HasSuffix(got.String(), want[i]) {
			select {
			case s := <-out:
				got.WriteString(s)
			case <-deadline:
				t.Fatalf("no result for call %d while the log stays open; so far %q", i+1, got.String())
			}
		}
	}
	w.Close()
	for s := range out {
		got.WriteString(s)
	}
	if got.String() != strings.Join(want, "") {
		t.Errorf("results = %q, want %q", got.String(), strings.Join(want, ""))
	}
	if rec.flushes < 2 {
		t.Errorf("%d batches handed over with flush set, want one for each call after the first", rec.flushes)
	}
}

// TestCheckBatchesRaisesAPanicInTheCaller panics in a worker and in the
// writer: the panic reaches the caller, after the reading has stopped and
// every goroutine has ended, rather than hanging or ending the process.
func TestCheckBatchesRaisesAPanicInTheCaller(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	input := strings.Repeat(`{"name": "search", "args": {"query": "a"}}`+"\n", 20*batchLines)
	render := (&recorder{}).AppendResult
	for _, tc := range []struct {
		name   string
		render func([]byte, *Result) []byte
		write  func(*callBatch) error
	}{
		{"worker", func(b []byte, r *Result) []byte {
			if r.Line == 3*batchLines {
				panic("worker broke")
			}
			return render(b, r)
		}, func(*callBatch) error { return nil }},
		{"writer", render, func(b *callBatch) error {
			if b.sum.Calls > 0 && b.lines[0].line > 2*batchLines {
				panic("writer broke")
			}
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan any)
			go func() {
				defer func() { done <- recover() }()
				lr := newLineReader(strings.NewReader(input), jsondoc.MaxDocumentSize)
				lr.checkBatches(s, CallOptions{}, tc.render, tc.write)
			}()
			select {
			case r := <-done:
				gp, ok := r.(*par.Panic)
				if !ok || !strings.Contains(fmt.Sprint(gp.Value), "broke") || len(gp.Stack) == 0 {
					t.Errorf("recovered %v, want the goroutine's panic with its stack", r)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("checkBatches hung after a panic")
			}
		})
	}
}

// withProcs runs fn with GOMAXPROCS set to procs.
func withProcs(procs int, fn func()) {
	prev := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(prev)
	fn()
}
