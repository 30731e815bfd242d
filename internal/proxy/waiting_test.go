package proxy

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// What waits for an answer: a request the client cancels is forgotten,
// its late answer dropped without a word to the client, and past a bound
// the oldest request waiting is given up.

func TestACancelledRequestsLateAnswerIsDroppedQuietly(t *testing.T) {
	r, p := initialized(t, "late", Options{})
	p.call("1", "tools/list", "")
	p.send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"no longer needed"}}`)
	// The server answers the call as it gets the cancellation, before the
	// ping: by the ping's answer the proxy has read the call's.
	p.call("6", "ping", "")
	for _, msg := range p.notes {
		if m := jsonrpc.Parse(msg); m.Kind == jsonrpc.Response && string(m.ID) == "5" {
			t.Errorf("the client got the answer to the call it cancelled: %s", msg)
		}
	}
	r.stop(t)
	var late []byte
	for _, l := range recordLines(t, r.record.String()) {
		if field(l.Raw, "from") == "server" && field(l.Raw, "id") == "5" {
			late = l.Raw
		}
	}
	if field(late, "verdict") != "dropped" || jsonrpc.Member(late, "findings") != nil || field(late, "tool") != "echo" {
		t.Errorf("the late answer's record line is %s; want the call's answer, dropped, with no finding", late)
	}
}

func TestCancelledCallsLeaveNothingWaiting(t *testing.T) {
	up, _ := testServer(t, "silent")
	r := start(t, Options{Upstream: up, Policy: Policies{Calls: Audit}}) // the call of exit, a tool not listed, reaches the server
	p := r.peer(t)
	p.initialize()
	p.call("1", "tools/list", "")
	for i := range 1000 {
		id := strconv.Itoa(i + 10)
		p.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
		p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `}}`)
	}
	// The server exits on this call: every request still waiting is
	// answered with an error, and stderr counts them.
	p.send(`{"jsonrpc":"2.0","id":"exit","method":"tools/call","params":{"name":"exit","arguments":{}}}`)
	p.answer(`"exit"`)
	waitFor(t, "stderr's count of the requests answered", func() bool { return strings.Contains(r.stderr.String(), "answered with an error at once") })
	if !strings.Contains(r.stderr.String(), "\n1 request answered with an error at once") {
		t.Errorf("stderr does not say that only the last call was waiting:\n%s", r.stderr)
	}
}

func TestPastTheBoundTheOldestRequestWaitingIsGivenUp(t *testing.T) {
	const over = 3
	r, p := initialized(t, "silent", Options{})
	p.call("1", "tools/list", "")
	for i := range 4096 + over {
		p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`, i+10))
	}
	for i := range over {
		resp := p.answer(strconv.Itoa(i + 10))
		if m := jsonrpc.Parse(resp); m.Error == nil || !strings.Contains(string(m.Error), "given up") {
			t.Errorf("the call %d, among the oldest, got %s; want an error saying it was given up", i+10, resp)
		}
	}
	r.stop(t)
	if !strings.Contains(r.stderr.String(), "more than 4096 requests (or 16 MiB of their ids, methods and tokens) were waiting for an answer") {
		t.Errorf("stderr does not say requests were given up:\n%s", r.stderr)
	}
	if n := strings.Count(r.record.String(), `"code":"evicted"`); n != over {
		t.Errorf("the record holds %d requests given up, want %d", n, over)
	}
}

func TestRequestsOfHugeIDsAreGivenUpPastTheBoundOnWhatTheyKeep(t *testing.T) {
	const (
		size = maxRequestBytes / 4 // each id's, kept twice (the id and its key)
		sent = maxWaitingBytes / size
	)
	_, p := initialized(t, "silent", Options{})
	p.call("1", "tools/list", "")
	id := func(i int) string { return `"` + strconv.Itoa(i) + strings.Repeat("x", size) + `"` }
	for i := range sent {
		p.send(`{"jsonrpc":"2.0","id":` + id(i) + `,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	}
	// Far fewer than 4096 wait: the oldest were given up for the bytes
	// their ids keep.
	for i := range sent / 2 {
		resp := p.answer(id(i))
		if m := jsonrpc.Parse(resp); m.Error == nil || !strings.Contains(string(m.Error), "given up") {
			t.Fatalf("the call %d, among the oldest, got %.200s; want an error saying it was given up", i, resp)
		}
	}
}

func TestARequestThatWouldKeepMoreThanOneMayIsRefusedAndGivesUpNoOther(t *testing.T) {
	_, p := initialized(t, "silent", Options{})
	p.call("1", "tools/list", "")
	p.send(`{"jsonrpc":"2.0","id":"small","method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	huge := `"` + strings.Repeat("x", 2*maxRequestBytes) + `"`
	resp := p.call(huge, "tools/call", `{"name":"echo","arguments":{"text":"x"}}`)
	if m := jsonrpc.Parse(resp); m.Error == nil || !strings.Contains(string(m.Error), "-32600") || !strings.Contains(string(m.Error), "one request waiting for its answer may keep") {
		t.Errorf("the request of a huge id got %.300s; want an invalid request saying what it would keep", resp)
	}
	for _, msg := range p.notes {
		if m := jsonrpc.Parse(msg); string(m.ID) == `"small"` {
			t.Errorf("the request waiting was answered: %s", msg)
		}
	}
}

func TestARequestWaitingKeepsOnlyMCPsHeadersAndCountsThem(t *testing.T) {
	t.Parallel()
	client := http.Header{
		"Mcp-Session-Id": {"abc"},
		"Mcp-Method":     {"tools/call"},
		"last-event-id":  {"7"},
		"X-Pad":          {strings.Repeat("x", 1<<20)},
		"Authorization":  {"Bearer secret"},
	}
	kept := mcpHeaders(client)
	if len(kept) != 3 || kept.Get("X-Pad") != "" || kept.Get("Authorization") != "" || kept.Get("Last-Event-Id") != "7" {
		t.Errorf("kept %v, want Mcp-Session-Id, Mcp-Method and Last-Event-Id", kept)
	}
	bare := requestSize("1", &request{id: []byte("1")})
	withHeaders := requestSize("1", &request{id: []byte("1"), header: http.Header{"Mcp-Param-Q": {strings.Repeat("q", 1000)}}})
	if withHeaders-bare < 1000 {
		t.Errorf("a request's size counts %d bytes of a 1000-byte header, want all of them", withHeaders-bare)
	}
}

func TestProgressFindsItsRequestByTheTokensValueHoweverWritten(t *testing.T) {
	t.Parallel()
	s := newSession(t.Context(), &Options{}, nil, &logger{w: io.Discard})
	req := &request{id: []byte("1"), key: idKey([]byte("1")), progress: []byte(`"a/b"`)}
	s.mu.Lock()
	s.waitLocked(req)
	s.mu.Unlock()
	for _, tok := range []string{`"a/b"`, `"a\/b"`, `"\u0061/b"`} {
		if got, _ := s.progressOf([]byte(tok)); got != req {
			t.Errorf("progress of token %s found %v, want the request of token \"a/b\"", tok, got)
		}
	}
	// Answered, written its own way, the request is forgotten.
	req.progress = []byte(`"a\/b"`)
	s.mu.Lock()
	s.unprogressLocked(req)
	s.mu.Unlock()
	if got, _ := s.progressOf([]byte(`"a/b"`)); got != nil || len(s.progress) != 0 {
		t.Errorf("the answered request's progress is still kept: %v", s.progress)
	}
}

// TestProgressOfARequestGivenUpIsKeptFromTheClient: a server that goes
// on sending progress for a request the client cancelled has it
// dropped, whether it came alone or on that request's stream (an HTTP
// upstream's), while progress of a request still waiting, or answered
// (a task's goes on after its CreateTaskResult), reaches the client.
func TestProgressOfARequestGivenUpIsKeptFromTheClient(t *testing.T) {
	t.Parallel()
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}}
	s := newSession(t.Context(), opt, nil, &logger{w: io.Discard})
	var got answers
	s.up, s.down = discard{}, &got
	for i, tok := range []string{"p1", "p2", "p3"} {
		s.fromClient([]byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(i+1)+`,"method":"resources/read","params":{"uri":"file:///`+tok+`","_meta":{"progressToken":"`+tok+`"}}}`), nil, nil)
	}
	cancelled, _ := s.pending.get(idKey([]byte("1")))
	s.fromClient([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), nil, nil)
	s.fromServer([]byte(`{"jsonrpc":"2.0","id":3,"result":{"task":{"taskId":"t3","status":"working"}}}`), nil)
	got.sent = nil
	progress := func(tok string) []byte {
		return []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"` + tok + `","progress":1}}`)
	}
	s.fromServer(progress("p1"), nil)
	s.fromServer(progress("p1"), cancelled)
	s.fromServer(progress("p2"), nil)
	s.fromServer(progress("p3"), nil)
	if len(got.sent) != 2 || !bytes.Contains(got.sent[0], []byte(`"p2"`)) || !bytes.Contains(got.sent[1], []byte(`"p3"`)) {
		t.Errorf("the client got %q, want the progress of requests 2 and 3 only", got.sent)
	}
}

// TestAFloodOfMessagesNoOneWaitsForCostsTheRecordTwoLines has a server
// flood the proxy with progress for a request the client cancelled, log
// lines on the stream of a request given up, or, in a session clients
// share, with messages tied to no client's request: the first is
// recorded in full, the rest are counted, and one line at the session's
// end sums them up (their count and size, and the first's time), however
// many there were; the log lines reach the client all the same, every
// one, and a request among them is answered with an error, every one. Those counted take no place
// in the record's queue, not even for a while: with the record's
// writer held up all through the flood, a queue of a few events drops
// none.
func TestAFloodOfMessagesNoOneWaitsForCostsTheRecordTwoLines(t *testing.T) {
	const flood = 1000
	tests := []struct {
		name   string
		shared bool
		// tied, when set, has the messages come tied to a request of
		// the client's given up (as on its response's stream).
		tied bool
		// noStream, when set, has no stream open to the client.
		noStream bool
		msg      func(i int) string
		verdict  Verdict
		answered int // the server's requests answered with an error
		passed   int // the messages the client got
	}{
		{name: "stale progress", msg: func(i int) string {
			return `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":` + strconv.Itoa(100000+i) + `}}`
		}, verdict: Dropped},
		{name: "unrouted notifications", shared: true, msg: func(i int) string {
			return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":` + strconv.Itoa(100000+i) + `}}`
		}, verdict: Dropped},
		{name: "unrouted requests", shared: true, msg: func(i int) string {
			return `{"jsonrpc":"2.0","id":` + strconv.Itoa(100000+i) + `,"method":"roots/list"}`
		}, verdict: Refused, answered: flood},
		{name: "log lines of a request given up, passed on", tied: true, msg: func(i int) string {
			return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":` + strconv.Itoa(100000+i) + `}}`
		}, verdict: Relayed, passed: flood},
		{name: "log lines of a request given up, no stream to carry them", tied: true, noStream: true, msg: func(i int) string {
			return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":` + strconv.Itoa(100000+i) + `}}`
		}, verdict: Dropped},
		{name: "unrouted responses", shared: true, msg: func(i int) string {
			return `{"jsonrpc":"2.0","id":` + strconv.Itoa(100000+i) + `,"result":{}}`
		}, verdict: Dropped},
		{name: "unrouted batches", shared: true, msg: func(i int) string {
			return `[{"jsonrpc":"2.0","id":` + strconv.Itoa(100000+i) + `,"result":{}}]`
		}, verdict: Dropped},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			record := &heldWriter{release: make(chan struct{})}
			opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Record: record, QueueSize: 8}
			rec := newRecorder(opt, &logger{w: io.Discard})
			s := newSession(t.Context(), opt, rec, &logger{w: io.Discard})
			up, got := &sentUp{}, &answers{}
			s.up, s.down, s.renumber = up, got, tc.shared
			if tc.noStream {
				s.down = noStream{}
			}
			if !tc.shared {
				s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":"p"}}}`), nil, nil)
				s.fromClient([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), nil, nil)
			}
			var via *request
			if tc.tied {
				s.fromClient([]byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`), nil, nil)
				via, _ = s.pending.get(idKey([]byte("2")))
				if !s.giveUp(via) {
					t.Fatal("the request was not waiting")
				}
			}
			up.msgs = nil
			for i := range flood {
				s.fromServer([]byte(tc.msg(i)), via)
			}
			close(record.release)
			s.stopUp()
			if dropped, _ := rec.close(); dropped > 0 {
				t.Errorf("the record dropped %d events: those counted in their run took places in its queue", dropped)
			}
			var lines []jsonrpc.Message
			for _, l := range recordLines(t, record.String()) {
				if field(l.Raw, "from") == "server" {
					lines = append(lines, l)
				}
			}
			if len(lines) != 2 {
				t.Fatalf("%d lines of the server's messages, want 2: the first, and one summing up the rest\n%s", len(lines), describe(lines))
			}
			first, rest := lines[0].Raw, lines[1].Raw
			// What is passed on is found nothing; what is kept back is
			// found unrouted, but for a request's own log lines, which
			// have their request and lack only a stream.
			unrouted := strings.Contains(field(first, "findings"), `"code":"unrouted"`)
			if field(first, "verdict") != string(tc.verdict) || unrouted != (tc.verdict != Relayed && !tc.tied) || field(first, "bytes") != strconv.Itoa(len(tc.msg(0))) {
				t.Errorf("the first line is %s; want the first message, %s, found unrouted unless relayed or tied to its request", first, tc.verdict)
			}
			want := map[string]string{"verdict": string(tc.verdict), "repeats": strconv.Itoa(flood - 1),
				"bytes": strconv.Itoa((flood - 1) * len(tc.msg(0))), "of": field(first, "time"), "kind": field(first, "kind")}
			for name, v := range want {
				if got := field(rest, name); got != v {
					t.Errorf("the summing line's %s is %s, want %s: %s", name, got, v, rest)
				}
			}
			if len(up.msgs) != tc.answered {
				t.Errorf("the server got %d answers to its requests, want %d", len(up.msgs), tc.answered)
			}
			if len(got.sent) != tc.passed {
				t.Errorf("the client got %d of the messages, want %d", len(got.sent), tc.passed)
			}
		})
	}
}

// TestAProgressTokenUsedAgainEndsTheRunOfItsStaleProgress: once a new
// request of the client's takes the token of a cancelled one, the line
// summing up the stale progress is written at once, and the token's
// progress is the new request's, passed on and recorded again.
func TestAProgressTokenUsedAgainEndsTheRunOfItsStaleProgress(t *testing.T) {
	s, rec, record, got := recordedSession(t)
	progress := []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}`)
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":"p"}}}`), nil, nil)
	s.fromClient([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), nil, nil)
	for range 5 {
		s.fromServer(progress, nil)
	}
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"progressToken":"p"}}}`), nil, nil)
	s.fromServer(progress, nil)
	rec.close() // before the session ends: what is recorded came of the token's use
	var lines []string
	for _, l := range recordLines(t, record.String()) {
		if field(l.Raw, "method") == "notifications/progress" {
			lines = append(lines, field(l.Raw, "verdict")+" "+field(l.Raw, "repeats"))
		}
	}
	if want := []string{"dropped ", "dropped 4", "relayed "}; !slices.Equal(lines, want) {
		t.Errorf("the record's progress lines say %q, want %q:\n%s", lines, want, record.String())
	}
	if len(got.sent) != 1 {
		t.Errorf("the client got %q; want the new request's progress alone", got.sent)
	}
}

// TestTheLateAnswerToARequestGivenUpEndsTheRunOfItsLogLines: the
// server's log lines on the stream of a request the client cancelled
// reach the client, every one, or, where no stream can carry them, are
// dropped; either way one is recorded in full and the rest counted, and
// the line summing them up, with their verdict, is written as the late
// answer comes, not at the session's end.
func TestTheLateAnswerToARequestGivenUpEndsTheRunOfItsLogLines(t *testing.T) {
	logLine := `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`
	changed := `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`
	tests := []struct {
		name     string
		noStream bool // no stream open to the client can carry them
		want     []string
		got      []string // what the client gets
	}{
		{name: "passed on",
			want: []string{"notifications/message relayed ", "notifications/tools/list_changed relayed ", "ping dropped ", "notifications/message relayed 4"},
			got:  []string{logLine, logLine, logLine, logLine, logLine, changed}},
		{name: "no stream to carry them", noStream: true,
			want: []string{"notifications/message dropped ", "notifications/tools/list_changed dropped ", "ping dropped ", "notifications/message dropped 4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, rec, record, got := recordedSession(t)
			if tc.noStream {
				s.down = noStream{}
			}
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`), nil, nil)
			via, _ := s.pending.get(idKey([]byte("1")))
			s.fromClient([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), nil, nil)
			for range 5 {
				s.fromServer([]byte(logLine), via)
			}
			s.fromServer([]byte(changed), via)
			s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), via)
			rec.close() // before the session ends: what is recorded came of the answer
			var lines []string
			for _, l := range recordLines(t, record.String()) {
				if field(l.Raw, "from") == "server" {
					lines = append(lines, field(l.Raw, "method")+" "+field(l.Raw, "verdict")+" "+field(l.Raw, "repeats"))
				}
			}
			if !slices.Equal(lines, tc.want) {
				t.Errorf("the record's lines of the server's say %q, want %q:\n%s", lines, tc.want, record.String())
			}
			var sent []string
			for _, m := range got.sent {
				sent = append(sent, string(m))
			}
			if !slices.Equal(sent, tc.got) {
				t.Errorf("the client got %q, want %q", sent, tc.got)
			}
		})
	}
}

// noStream is a downstream with no stream open to the client: nothing
// it is sent can be carried.
type noStream struct{}

func (noStream) send([]byte, *request, *request, *delivery) error { return errNoStream }

// recordedSession is a session whose record is kept in record, its
// server taking everything and its client's messages kept in got.
func recordedSession(t *testing.T) (s *session, rec *recorder, record *proctest.Buffer, got *answers) {
	record, got = &proctest.Buffer{}, &answers{}
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Record: record}
	rec = newRecorder(opt, &logger{w: io.Discard})
	s = newSession(t.Context(), opt, rec, &logger{w: io.Discard})
	s.up, s.down = discard{}, got
	return s, rec, record, got
}

// heldWriter is a record whose writes wait until release is closed: a
// record's writer held up.
type heldWriter struct {
	release chan struct{}
	proctest.Buffer
}

func (w *heldWriter) Write(p []byte) (int, error) {
	<-w.release
	return w.Buffer.Write(p)
}
