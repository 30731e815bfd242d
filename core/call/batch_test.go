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
		{"json", callFlatSchemas(t, string(flat)), CallOptions{JSON: true}, log},
		{"text", callFlatSchemas(t, string(flat)), CallOptions{}, log},
		{"deep json", callToolSchemas(t, string(tools)), CallOptions{JSON: true, Deep: true}, log},
		{"deep text", callToolSchemas(t, string(tools)), CallOptions{Deep: true}, log},
		{"a broken first line", callFlatSchemas(t, string(flat)), CallOptions{}, append([]byte("{\n"), log...)},
		{"two calls", callFlatSchemas(t, string(flat)), CallOptions{}, []byte(`{"name": "search"}` + "\n" + `{"name": "x"}` + "\n")},
		{"one call", callFlatSchemas(t, string(flat)), CallOptions{}, []byte(`{"name": "search"}` + "\n\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want bytes.Buffer
			wantSum, err := checkCalls(bytes.NewReader(tc.input), &want, tc.schemas, tc.opt, false)
			if err != nil {
				t.Fatal(err)
			}
			for _, procs := range []int{1, 2, 4} {
				var got bytes.Buffer
				var gotSum CallSummary
				withProcs(procs, func() {
					gotSum, err = CheckCalls(bytes.NewReader(tc.input), &got, tc.schemas, tc.opt)
				})
				if err != nil {
					t.Fatal(err)
				}
				if gotSum != wantSum {
					t.Errorf("%d processors: summary %+v, want %+v", procs, gotSum, wantSum)
				}
				if diff := cmp.Diff(want.String(), got.String()); diff != "" {
					t.Errorf("%d processors: output differs (-one by one +batches):\n%.3000s", procs, diff)
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
	lr := newLineReader(strings.NewReader(input), 100)
	if _, err := lr.next(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := lr.checkBatches(s, CallOptions{JSON: true}, (&callWriter{opt: CallOptions{JSON: true}}).appendLater, func(b *callBatch) error {
		out.Write(b.out)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `["malformed:2:1: the line is longer than the limit of 100 bytes"]` + "\n" + `["missing:query"]` + "\n"
	if out.String() != want {
		t.Errorf("results = %q, want %q", out.String(), want)
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
		_, err := CheckCalls(bytes.NewReader(bytes.Repeat(log, 4)), &failingWriter{n: 1000}, s, CallOptions{JSON: true})
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
	sum, err := CheckCalls(&errorAfterReader{data: []byte(input)}, &out, s, CallOptions{JSON: true})
	if !errors.Is(err, errReadFailed) {
		t.Fatalf("CheckCalls = %v, want the read error", err)
	}
	if sum.Calls != 1500 || strings.Count(out.String(), "[]\n") != 1500 {
		t.Errorf("%d calls, %d results written before the error; want 1500 of each", sum.Calls, strings.Count(out.String(), "[]\n"))
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
// next call is sent.
func TestCheckCallsAnswersALogAsItComes(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	r, w := io.Pipe()
	out := make(lineSignal, 16)
	go func() {
		CheckCalls(r, out, s, CallOptions{JSON: true})
		close(out)
	}()
	want := []string{"[]\n", `["missing:query"]` + "\n", "[]\n"}
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
}

// TestCheckBatchesRaisesAPanicInTheCaller panics in a worker and in the
// writer: the panic reaches the caller, after the reading has stopped and
// every goroutine has ended, rather than hanging or ending the process.
func TestCheckBatchesRaisesAPanicInTheCaller(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	input := strings.Repeat(`{"name": "search", "args": {"query": "a"}}`+"\n", 20*batchLines)
	render := (&callWriter{opt: CallOptions{JSON: true}}).appendLater
	for _, tc := range []struct {
		name   string
		render func([]byte, int, []string, []SchemaError) []byte
		write  func(*callBatch) error
	}{
		{"worker", func(b []byte, line int, errs []string, deep []SchemaError) []byte {
			if line == 3*batchLines {
				panic("worker broke")
			}
			return render(b, line, errs, deep)
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
				lr.checkBatches(s, CallOptions{JSON: true}, tc.render, tc.write)
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
