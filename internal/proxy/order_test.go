package proxy

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"toolbench/core/lint"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// TestAHeldCallIsRecordedWhereItCame has a call wait for the proxy's own
// listing, which the server answers only once the client has answered
// its question, while the client's later ping is answered: the record
// keeps the client's messages in the order they came, the held call's
// line before the ping's.
func TestAHeldCallIsRecordedWhereItCame(t *testing.T) {
	r, p := initialized(t, "asks-first", Options{})
	p.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	p.call("2", "ping", "")
	asked := slices.ContainsFunc(p.notes, func(msg []byte) bool { return jsonrpc.Parse(msg).Method == "roots/list" })
	for !asked {
		msg := p.next()
		asked = jsonrpc.Parse(msg).Method == "roots/list"
	}
	p.send(`{"jsonrpc":"2.0","id":"roots-1","result":{"roots":[]}}`)
	p.answer("1")
	r.stop(t)
	lines := recordLines(t, r.record.String())
	var fromClient []string
	for _, l := range lines {
		if field(l.Raw, "from") == "client" {
			fromClient = append(fromClient, field(l.Raw, "kind")+" "+field(l.Raw, "method")+" "+field(l.Raw, "id"))
		}
	}
	want := []string{"request initialize 0", "notification notifications/initialized ", "request tools/call 1", "request ping 2", `response roots/list roots-1`}
	if !slices.Equal(fromClient, want) {
		t.Errorf("the record has the client's messages as\n%q\nwant them in the order they came\n%q\nrecord:\n%s", fromClient, want, describe(lines))
	}
}

func TestTheRecordWritesAHeldEventInItsPlaceOrCountsItWhenStillHeldAtTheEnd(t *testing.T) {
	tests := []struct {
		name    string
		release bool
		want    []string // the methods of the lines written
		dropped int64
	}{
		{name: "released", release: true, want: []string{"tools/call", "ping"}},
		{name: "still held when the record closes", want: []string{"ping"}, dropped: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out proctest.Buffer
			rec := newRecorder(&Options{Record: &out}, &logger{w: &proctest.Buffer{}})
			held := &Event{Time: time.Now(), From: Client, To: Server, Kind: "request", Method: "tools/call", Verdict: Relayed}
			rec.place(held)
			rec.emit(&Event{Time: time.Now(), From: Client, To: Server, Kind: "request", Method: "ping", Verdict: Relayed})
			if tc.release {
				held.Verdict = Refused
				rec.emit(held)
			}
			dropped, err := rec.close()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range recordLines(t, out.String()) {
				if m := field(l.Raw, "method"); m != "" {
					got = append(got, m)
				}
			}
			if !slices.Equal(got, tc.want) || dropped != tc.dropped {
				t.Errorf("the record holds %q, %d dropped; want %q, %d dropped", got, dropped, tc.want, tc.dropped)
			}
			if tc.release && !strings.Contains(out.String(), `"verdict":"refused"`) {
				t.Errorf("the held event is not written as it was completed:\n%s", out.String())
			}
		})
	}
}

// TestTheMessagesAfterAListingPassWhileItIsLinted holds a listing's lint
// (the team's Accept, which the lint ends with, waits) and has the client
// go on: its ping is answered, a call of the tool the lock withholds is
// still refused, and a valid call reaches the server, all before the
// lint ends; the listing's line, with what the lint found, is then in the
// record before the lines of what came after it.
func TestTheMessagesAfterAListingPassWhileItIsLinted(t *testing.T) {
	l := lockOf(t, "tools")
	up, calls := testServer(t, "changed")
	linting, lintEnds := make(chan struct{}), make(chan struct{})
	var once sync.Once
	accept := func(res *lint.Result) *lint.Result {
		once.Do(func() {
			close(linting)
			<-lintEnds
		})
		return res
	}
	r := start(t, Options{Upstream: up, Lock: l, Accept: accept})
	p := r.peer(t)
	p.initialize()
	p.call("1", "tools/list", `{}`)
	<-linting
	if m := jsonrpc.Parse(p.call("2", "ping", "")); m.Result == nil {
		t.Errorf("the ping got %s; want its answer", m.Raw)
	}
	if text := toolText(t, jsonrpc.Parse(p.call("3", "tools/call", `{"name":"search","arguments":{"query":"x"}}`)).Result); !strings.Contains(text, "unknown_tool:search") {
		t.Errorf("a call of the withheld tool got %q; want it refused as unknown_tool", text)
	}
	if text := toolText(t, jsonrpc.Parse(p.call("4", "tools/call", `{"name":"echo","arguments":{"text":"y"}}`)).Result); text != "y" {
		t.Errorf("a valid call got %q; want the server's answer", text)
	}
	if got := callsReceived(t, calls); len(got) != 1 {
		t.Errorf("the server received %q; want the valid call only", got)
	}
	close(lintEnds)
	r.stop(t)
	lines := recordLines(t, r.record.String())
	var order []string
	for _, l := range lines {
		if field(l.Raw, "kind") == "response" && field(l.Raw, "from") == "server" {
			order = append(order, field(l.Raw, "method"))
			// withheld is the page's, description-changed the lock's
			// verdict on the listing, which comes with its lint.
			if findings := field(l.Raw, "findings"); field(l.Raw, "method") == "tools/list" &&
				(!strings.Contains(findings, `"code":"withheld"`) || !strings.Contains(findings, `"code":"description-changed"`)) {
				t.Errorf("the listing's line does not hold what its page's check and its lint found: %s", l.Raw)
			}
		}
	}
	if want := []string{"initialize", "tools/list", "ping", "tools/call"}; !slices.Equal(order, want) {
		t.Errorf("the server's answers are recorded as %q; want %q\n%s", order, want, describe(lines))
	}
}

// TestEachListingIsLintedOnceEvenWhenTheNextComesWhileItIsLinted has the
// server answer two tools/list back to back: the first listing is linted
// (and held to the lock) whatever comes next, while it is linted, and the
// next is linted when its own last page is in, and not before.
func TestEachListingIsLintedOnceEvenWhenTheNextComesWhileItIsLinted(t *testing.T) {
	const tool = `{"name":"echo","description":"Echo the text back to the caller.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}`
	tests := []struct {
		name string
		next string // the server's answer to the second tools/list
		want int64  // the listings linted
	}{
		{name: "a listing of several pages begun", next: `{"jsonrpc":"2.0","id":2,"result":{"tools":[` + tool + `],"nextCursor":"p2"}}`, want: 1},
		{name: "an error", next: `{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"busy"}}`, want: 1},
		{name: "a listing of one page", next: `{"jsonrpc":"2.0","id":2,"result":{"tools":[` + tool + `]}}`, want: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var linted atomic.Int64
			opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Accept: func(res *lint.Result) *lint.Result {
				linted.Add(1)
				return res
			}}
			s := newSession(t.Context(), opt, nil, &logger{w: io.Discard})
			s.up, s.down = discard{}, discardDown{}
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), nil, nil)
			s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[`+tool+`]}}`), nil)
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`), nil, nil)
			s.fromServer([]byte(tc.next), nil)
			s.awaitLint(time.Minute)
			if got := linted.Load(); got != tc.want {
				t.Errorf("%d listings were linted; want %d", got, tc.want)
			}
		})
	}
}

// signalWriter is a writer that hands each write on a channel.
type signalWriter chan string

func (w signalWriter) Write(p []byte) (int, error) {
	select {
	case w <- string(p):
	default:
	}
	return len(p), nil
}

// TestALintStillRunningWhenRunReturnsSaysNothingAfterIt holds a
// listing's lint past the bound Run waits for it: Run returns with the
// listing's line counted as dropped, and the lint, once it ends, writes
// nothing to the stderr the caller gave (the tool it withheld is not
// told of there after Run has returned).
func TestALintStillRunningWhenRunReturnsSaysNothingAfterIt(t *testing.T) {
	l := lockOf(t, "tools")
	up, _ := testServer(t, "changed")
	linting, lintEnds, linted := make(chan struct{}), make(chan struct{}), make(chan struct{})
	accept := func(res *lint.Result) *lint.Result {
		close(linting)
		<-lintEnds
		close(linted)
		return res
	}
	stderr := make(signalWriter, 64)
	r := start(t, Options{Upstream: up, Lock: l, Accept: accept, Stderr: stderr})
	p := r.peer(t)
	p.initialize()
	p.call("1", "tools/list", `{}`)
	<-linting
	r.stop(t)
	for len(stderr) > 0 {
		<-stderr // what Run said before it returned
	}
	close(lintEnds)
	<-linted
	select {
	case line := <-stderr:
		t.Errorf("the lint wrote to stderr after Run returned: %s", line)
	case <-time.After(time.Second):
	}
	if record := r.record.String(); strings.Contains(record, `"kind":"response","method":"tools/list"`) || !strings.Contains(record, `"kind":"note","bytes":0,"verdict":"sent","dropped":1`) {
		t.Errorf("the record does not count the listing still linted when Run returned as dropped:\n%s", record)
	}
}

// heldUp is an upstream whose send of a request of the method "hold"
// waits until release is closed, as a check or a write to a server
// that is slow to read holds one client's message while others pass.
type heldUp struct{ sending, release chan struct{} }

func (u *heldUp) send(msg []byte, _ *request, _ http.Header) error {
	if bytes.Contains(msg, []byte(`"method":"hold"`)) {
		close(u.sending)
		<-u.release
	}
	return nil
}

func (u *heldUp) close() error { return nil }

// TestTheRecordsLinesComeInTheOrderOfTheirTimes has two clients' messages
// taken on goroutines of their own, as over HTTP: the first is held on
// its way to the server while the second, and the server's answer to it,
// pass. The record's lines come in the order of their times, which are
// when each message reached the proxy: the held request first.
func TestTheRecordsLinesComeInTheOrderOfTheirTimes(t *testing.T) {
	var out proctest.Buffer
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Record: &out}
	log := &logger{w: io.Discard}
	rec := newRecorder(opt, log)
	s := newSession(t.Context(), opt, rec, log)
	up := &heldUp{sending: make(chan struct{}), release: make(chan struct{})}
	s.up, s.down = up, &answers{}
	s.byKey = true // answers come by request, as over HTTP
	held := make(chan struct{})
	go func() {
		defer close(held)
		s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"hold"}`), nil, nil)
	}()
	<-up.sending
	s.fromClient([]byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`), nil, nil)
	s.fromServer([]byte(`{"jsonrpc":"2.0","id":2,"result":{}}`), nil)
	close(up.release)
	<-held
	if _, err := rec.close(); err != nil {
		t.Fatal(err)
	}
	lines := recordLines(t, out.String())
	var got []string
	var last time.Time
	for _, l := range lines {
		got = append(got, field(l.Raw, "from")+" "+field(l.Raw, "kind")+" "+field(l.Raw, "id"))
		at, err := time.Parse(time.RFC3339Nano, field(l.Raw, "time"))
		if err != nil {
			t.Fatal(err)
		}
		if at.Before(last) {
			t.Errorf("a line of %v after one of %v:\n%s", at, last, describe(lines))
		}
		last = at
	}
	if want := []string{"client request 1", "client request 2", "server response 2"}; !slices.Equal(got, want) {
		t.Errorf("the record's lines are %q; want %q", got, want)
	}
}
