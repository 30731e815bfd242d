package proxy

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

func TestAMessageOverTheBoundIsAnsweredAndTheSessionGoesOn(t *testing.T) {
	const bound = 4096
	up, _ := testServer(t, "raw")
	up.Env = append(up.Env, bigEnv+"=10000")
	r := start(t, Options{Upstream: up, MaxMessage: bound})
	p := r.peer(t)
	p.initialize()
	p.call("1", "tools/list", `{}`)
	tests := []struct {
		name    string
		id      string
		send    string
		code    int
		message string
	}{
		{name: "the client's", id: "5", send: `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("x", 2*bound) + `"}}}`,
			code: jsonrpc.CodeInvalidRequest, message: "a message longer than 4 KiB"},
		{name: "the server's", id: `"b"`, send: `{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"big","arguments":{}}}`,
			code: jsonrpc.CodeInternalError, message: "the server's answer is a message longer than 4 KiB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p.send(tc.send)
			resp := p.answer(tc.id)
			m := jsonrpc.Parse(resp)
			if code := string(jsonrpc.Member(m.Error, "code")); code != strconv.Itoa(tc.code) || !strings.Contains(string(m.Error), tc.message) {
				t.Errorf("answer %s: want error %d saying %q", resp, tc.code, tc.message)
			}
			if got := p.call("99", "ping", ""); jsonrpc.Parse(got).Result == nil {
				t.Errorf("the session did not go on: %s", got)
			}
		})
	}
	r.stop(t)
	if !strings.Contains(r.stderr.String(), "the server wrote line 4: a message longer than 4 KiB") {
		t.Errorf("stderr does not say what was dropped:\n%s", r.stderr)
	}
}

// stuckWriter blocks every write until it is let go, as a record on a
// full disk or a stalled pipe does.
type stuckWriter struct {
	release chan struct{}
	mu      sync.Mutex
	lines   strings.Builder
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	<-w.release
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.lines.Write(p)
}

func TestASlowRecordNeverSlowsTheRelayAndItsDropsAreCounted(t *testing.T) {
	const pings = 200
	up, _ := testServer(t, "raw")
	w := &stuckWriter{release: make(chan struct{})}
	r := start(t, Options{Upstream: up, Record: w, QueueSize: 8})
	p := r.peer(t)
	p.initialize()
	// Every call is answered while the record cannot write a line.
	for i := range pings {
		p.call(strconv.Itoa(100+i), "ping", "")
	}
	close(w.release)
	r.stop(t)
	const events = 3 + 2*pings // initialize, its answer, initialized, the pings and theirs
	lines := recordLines(t, w.lines.String())
	dropped := 0
	for _, l := range lines {
		n, _ := strconv.Atoi(field(l.Raw, "dropped"))
		dropped += n
	}
	written := len(lines)
	if field(lines[len(lines)-1].Raw, "kind") == "note" {
		written--
	}
	if dropped == 0 || written+dropped != events {
		t.Errorf("%d lines written and %d dropped, want %d events in all:\n%s", written, dropped, events, describe(lines))
	}
	if want := strconv.Itoa(dropped) + " messages were not recorded"; !strings.Contains(r.stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
	}
}

func TestWhatTheServerWritesThatIsNotJSONRPCIsDroppedAndTheSessionGoesOn(t *testing.T) {
	r, p := initialized(t, "raw", Options{RecordMessages: true})
	p.call("1", "tools/list", `{}`)
	tests := []struct {
		name, kind, says string
	}{
		{name: "JSON-RPC 1.0", kind: "", says: `\"jsonrpc\" is \"1.0\"`},
		{name: "a NUL in a string", kind: "nul", says: "a control character (0) in a string"},
		{name: "invalid UTF-8", kind: "utf8", says: "invalid UTF-8"},
		{name: "a raw terminal escape", kind: "escape", says: "a control character (27) in a string"},
		{name: "an answer cut short", kind: "cut", says: "a string that does not end"},
		{name: "nesting past the bound", kind: "nesting", says: "nest deeper than"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := strconv.Itoa(10 + i)
			resp := p.call(id, "tools/call", `{"name":"noise","arguments":{"kind":"`+tc.kind+`"}}`)
			if m := jsonrpc.Parse(resp); !strings.Contains(string(m.Error), "the server's answer is not a JSON-RPC message: ") || !strings.Contains(string(m.Error), tc.says) {
				t.Errorf("answer %s: want an error saying the answer is not JSON-RPC: %s", resp, tc.says)
			}
			if got := p.call("3", "tools/call", `{"name":"echo","arguments":{"text":"x"}}`); jsonrpc.Parse(got).Result == nil {
				t.Errorf("the session did not go on: %s", got)
			}
			if len(p.notes) > 0 {
				t.Errorf("the client got what the server wrote that is not JSON-RPC: %q", p.notes)
				p.notes = nil
			}
		})
	}
	r.stop(t)
	stderr := r.stderr.String()
	if !strings.Contains(stderr, "the server wrote what is not a JSON-RPC message, which is not passed on") || strings.ContainsAny(stderr, "\x00\x07\x1b") {
		t.Errorf("stderr does not say what was dropped, escaped:\n%q", stderr)
	}
	// Each line is JSON, with what was not JSON among the messages.
	lines := recordLines(t, r.record.String())
	invalid := 0
	for _, l := range lines {
		if field(l.Raw, "kind") == "invalid" {
			invalid++
			if msg := jsonrpc.Member(l.Raw, "message"); len(msg) == 0 || bytes.ContainsAny(msg, "\x00\x07\x1b") {
				t.Errorf("the record's message is not the text, escaped: %s", l.Raw)
			}
		}
	}
	if want := 2 * len(tests); invalid != want {
		t.Errorf("%d invalid messages recorded, want %d:\n%s", invalid, want, describe(lines))
	}
}

// fullDisk fails every write, as a record on a full disk does.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

func TestARecordThatCannotBeWrittenIsSaidAtOnceAndWhatItMissesIsCounted(t *testing.T) {
	up, _ := testServer(t, "raw")
	r := start(t, Options{Upstream: up, Record: fullDisk{}})
	p := r.peer(t)
	p.initialize()
	// Said while the session goes on, not only when it ends.
	waitFor(t, "line on stderr", func() bool {
		return strings.Contains(r.stderr.String(), "the record could not be written, and holds no more messages: no space left on device")
	})
	p.call("1", "ping", "")
	r.stop(t)
	const events = 5 // initialize, its answer, initialized, the ping and its answer
	if want := strconv.Itoa(events) + " messages are not in the record"; !strings.Contains(r.stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
	}
}

func TestAnEventOfAServerOnHTTPOverTheBoundIsSaidAndItsRequestAnswered(t *testing.T) {
	const bound = 4096
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		m := jsonrpc.Parse(body)
		if m.Kind != jsonrpc.Request {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		result := `{}`
		if m.Method == "resources/read" {
			result = `{"contents":[{"uri":"file:///big","text":"` + strings.Repeat("x", 2*bound) + `"}]}`
		}
		fmt.Fprintf(w, "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n\n", m.ID, result)
	}))
	defer ts.Close()
	r := start(t, Options{Upstream: mcpclient.Spec{Name: "test", URL: ts.URL}, MaxMessage: bound})
	p := r.peer(t)
	p.call("1", "ping", "")
	resp := p.call("2", "resources/read", `{"uri":"file:///big"}`)
	if m := jsonrpc.Parse(resp); !strings.Contains(string(m.Error), "the server's answer is an event longer than 4 KiB") {
		t.Errorf("answer %s: want an error saying the event is past the bound", resp)
	}
	if got := p.call("3", "ping", ""); jsonrpc.Parse(got).Result == nil {
		t.Errorf("the session did not go on: %s", got)
	}
	r.stop(t)
	if !strings.Contains(r.stderr.String(), "the server wrote an event longer than 4 KiB, the most one message may hold; it is not passed on") {
		t.Errorf("stderr does not say what was dropped:\n%s", r.stderr)
	}
	if !strings.Contains(r.record.String(), `"kind":"invalid","bytes":0,"verdict":"dropped","findings":[{"code":"invalid-message","severity":"error","text":"an event longer than 4 KiB`) {
		t.Errorf("the record does not hold the event dropped:\n%s", r.record)
	}
}

func TestAListingWhoseCursorsNeverEndStopsAtTheBoundOnPages(t *testing.T) {
	up, _ := testServer(t, "scripted")
	up.Env = append(up.Env, listingEnv+`={"tools":[`+echoTool+`],"nextCursor":"again"}`)
	r := start(t, Options{Upstream: up})
	p := r.peer(t)
	p.initialize()
	// A call made before any listing is checked against the proxy's own,
	// which ends at the bound and refuses the call, saying why.
	resp := p.call("1", "tools/call", `{"name":"echo","arguments":{"text":"x"}}`)
	want := "the listing is past the " + strconv.Itoa(mcpclient.MaxPages) + " pages toolbench reads"
	if m := jsonrpc.Parse(resp); !strings.Contains(string(m.Result), want) || !strings.Contains(string(m.Result), `"isError":true`) {
		t.Errorf("answer %s: want the call refused, saying %q", resp, want)
	}
}

func TestTheRecordsQueueCountsTheFindingsOfWhatItHolds(t *testing.T) {
	w := &stuckWriter{release: make(chan struct{})}
	rec := newRecorder(&Options{Record: w, QueueSize: 100}, &logger{w: io.Discard})
	// Each event is small but for its findings, as a call of many
	// arguments the tool does not take is.
	finding := Finding{Code: "extra", Text: strings.Repeat("x", 30<<20)}
	for range 4 {
		rec.emit(&Event{Kind: "request", Findings: []Finding{finding}})
	}
	close(w.release)
	// The writer may have taken the first off the queue: the others
	// are past the bound all the same.
	if dropped, _ := rec.close(); dropped < 1 {
		t.Errorf("%d events dropped, want some: four of 30 MiB of findings are past the 64 MiB the queue holds", dropped)
	}
}

func TestABrokenRequestOfTheServersDoesNotTakeTheAnswerToTheClientsRequestOfItsID(t *testing.T) {
	r, p := initialized(t, "raw", Options{})
	p.call("1", "tools/list", `{}`)
	// The server's own numbering meets the client's: it sends a request
	// that is not JSON under the id of the call, then the call's answer.
	resp := p.call("7", "tools/call", `{"name":"noise","arguments":{"kind":"request"}}`)
	if m := jsonrpc.Parse(resp); m.Error != nil || !bytes.Contains(m.Result, []byte("answered")) {
		t.Errorf("the call was answered %s, want the server's answer", resp)
	}
	r.stop(t)
}

// stalled is a record whose reader stopped reading: a write never
// returns.
type stalled struct{ block chan struct{} }

func (s stalled) Write(b []byte) (int, error) { <-s.block; return len(b), nil }

func TestARecordThatStopsTakingWritesDoesNotHoldTheProxyWhenItStops(t *testing.T) {
	up, _ := testServer(t, "tools")
	rec := stalled{block: make(chan struct{})}
	defer close(rec.block)
	r := start(t, Options{Upstream: up, Record: rec})
	p := r.peer(t)
	p.initialize()
	if err := r.stop(t); err != nil {
		t.Errorf("Run: %v", err)
	}
	if !strings.Contains(r.stderr.String(), "still being written") {
		t.Errorf("stderr does not say the record was not all written:\n%s", r.stderr)
	}
}

// TestTheRecordsQueueCountsWhatAHeldEventGainsOnceItIsComplete holds an
// event (a call waiting for the proxy's own listing) that its checks
// then give 70 MiB of findings, as a call of many arguments the tool
// does not take: the next event finds the queue past its 64 MiB and is
// dropped, and once the record is written the queue counts nothing.
func TestTheRecordsQueueCountsWhatAHeldEventGainsOnceItIsComplete(t *testing.T) {
	w := &stuckWriter{release: make(chan struct{})}
	rec := newRecorder(&Options{Record: w, QueueSize: 100}, &logger{w: io.Discard})
	rec.emit(&Event{Kind: "request", Method: "ping"}) // its write holds the queue
	held := &Event{Kind: "request", Method: "tools/call"}
	rec.place(held)
	held.Findings = []Finding{{Code: "extra", Text: strings.Repeat("x", 70<<20)}}
	rec.emit(held)
	if rec.emit(&Event{Kind: "request", Method: "ping"}); rec.total.Load() != 1 {
		t.Errorf("an event was queued behind 70 MiB of a held event's findings; want it dropped at the queue's 64 MiB")
	}
	close(w.release)
	if _, err := rec.close(); err != nil {
		t.Fatal(err)
	}
	if n := rec.queued.Load(); n != 0 {
		t.Errorf("the queue counts %d bytes once everything is written; want 0", n)
	}
}
