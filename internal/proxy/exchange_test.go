package proxy

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// TestAClientsQueuePastItsBoundGivesUpItsConnection queues messages for
// a client that reads none of them (nothing serves its exchange): past
// the bound on messages or bytes the message is refused and the
// connection given up, what was queued not written; a message that finds
// the queue empty is queued whatever its size. Whatever was queued and
// not written when the exchange ends is counted as lost.
func TestAClientsQueuePastItsBoundGivesUpItsConnection(t *testing.T) {
	defer func(n, b int) { clientQueueMessages, clientQueueBytes = n, b }(clientQueueMessages, clientQueueBytes)
	clientQueueMessages, clientQueueBytes = 4, 1000
	tests := []struct {
		name     string
		sizes    []int // of the messages queued, in order
		refused  int   // the index of the first refused, -1 for none
		wantLost int
	}{
		{name: "within the bounds", sizes: []int{10, 10, 10, 10}, refused: -1, wantLost: 4},
		{name: "past the bound on messages", sizes: []int{10, 10, 10, 10, 10}, refused: 4, wantLost: 4},
		{name: "past the bound on bytes", sizes: []int{600, 600}, refused: 1, wantLost: 1},
		{name: "one message larger than the bound", sizes: []int{5000}, refused: -1, wantLost: 1},
		{name: "a message after one larger than the bound", sizes: []int{5000, 1}, refused: 1, wantLost: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := newExchange(httptest.NewRecorder(), httptest.NewRequest("POST", "/mcp", nil))
			refused := -1
			for i, n := range tc.sizes {
				if err := x.write(bytes.Repeat([]byte("x"), n), false, nil); err != nil {
					if !errors.Is(err, errQueueFull) {
						t.Fatalf("message %d: %v; want errQueueFull", i, err)
					}
					if refused < 0 {
						refused = i
					}
				}
			}
			if refused != tc.refused {
				t.Fatalf("the first message refused is %d, want %d", refused, tc.refused)
			}
			if tc.refused >= 0 {
				if err := x.write([]byte("later"), true, nil); err == nil {
					t.Error("a connection given up takes a later message")
				}
				if why := x.serve(nil, nil); why != givenUp {
					t.Errorf("serve returned %d, want givenUp (%d)", why, givenUp)
				}
			}
			lost, why := x.detach()
			if lost != tc.wantLost || (tc.refused >= 0) != (why != nil) {
				t.Errorf("%d messages lost, for %v; want %d", lost, why, tc.wantLost)
			}
		})
	}
}

// TestAnExchangeWritesItsAnswerAsJSONAloneAndAsTheLastEventOtherwise
// serves exchanges: the answer alone is the JSON body; what comes before
// it makes the response a stream of events, the answer the last.
func TestAnExchangeWritesItsAnswerAsJSONAloneAndAsTheLastEventOtherwise(t *testing.T) {
	tests := []struct {
		name   string
		before []string
		want   string
		json   bool
	}{
		{name: "the answer alone", want: `{"id":1}`, json: true},
		{name: "progress, then the answer", before: []string{`{"p":1}`, `{"p":2}`}, want: "event: message\ndata: {\"p\":1}\n\nevent: message\ndata: {\"p\":2}\n\nevent: message\ndata: {\"id\":1}\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			x := newExchange(w, httptest.NewRequest("POST", "/mcp", nil))
			for _, msg := range tc.before {
				if err := x.write([]byte(msg), false, nil); err != nil {
					t.Fatal(err)
				}
			}
			if err := x.write([]byte(`{"id":1}`), true, nil); err != nil {
				t.Fatal(err)
			}
			if why := x.serve(nil, nil); why != served {
				t.Fatalf("serve returned %d, want served", why)
			}
			if lost, why := x.detach(); lost != 0 || why != nil {
				t.Errorf("%d messages lost, for %v", lost, why)
			}
			ct := w.Header().Get("Content-Type")
			if w.Body.String() != tc.want || tc.json != strings.HasPrefix(ct, "application/json") {
				t.Errorf("the response is %s %q; want %q, as JSON: %v", ct, w.Body, tc.want, tc.json)
			}
		})
	}
}

// TestAConnectionGivenUpHasItsRequestCancelledOnTheServer gives up the
// connection of a call the server has not answered, as a client that
// does not read loses it, or as the proxy stopping does: the server is
// told the call is cancelled, and why, as for a client that closed its
// connection, rather than left working on it and sending what is tied
// to it to the client's other streams.
func TestAConnectionGivenUpHasItsRequestCancelledOnTheServer(t *testing.T) {
	tests := []struct {
		name   string
		why    error
		reason string
	}{
		{name: "a client not reading", why: errQueueFull,
			reason: "the client let more than 1024 messages or 16 MiB wait for it unread, and the proxy closed its connection"},
		{name: "the proxy stopping", why: errStopping, reason: "the proxy is stopping"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			up, received := testServer(t, "late")
			h, url := down(t, up, true)
			_, header, _ := post(t, url, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`, nil)
			id := header.Get(sessionHeader)
			session := http.Header{sessionHeader: {id}}
			post(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, session)
			go func() {
				req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(pendingCallMessage))
				req.Header = session.Clone()
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				if resp, err := http.DefaultClient.Do(req); err == nil {
					resp.Body.Close()
				}
			}()
			h.mu.Lock()
			ds := h.sessions[id]
			h.mu.Unlock()
			var x *exchange
			waitFor(t, "call waiting for its answer", func() bool {
				ds.s.mu.Lock()
				defer ds.s.mu.Unlock()
				for _, req := range ds.s.pending.all {
					if req.method == "tools/call" {
						x, _ = req.route.(*exchange)
					}
				}
				return x != nil
			})
			x.mu.Lock()
			x.giveUpLocked(tc.why)
			x.mu.Unlock()
			waitFor(t, "notifications/cancelled at the server", func() bool {
				return slices.ContainsFunc(callsReceived(t, received), func(line string) bool {
					return strings.Contains(line, `"notifications/cancelled"`) && strings.Contains(line, `"requestId":2`)
				})
			})
			// What the server got is a line a message, its reason's
			// words among them.
			got, err := os.ReadFile(received)
			if err != nil {
				t.Fatal(err)
			}
			if want := `"requestId":2,"reason":"` + tc.reason + `"`; !strings.Contains(string(got), want) {
				t.Errorf("the server was not told %s:\n%s", want, got)
			}
		})
	}
}

// TestAMessageQueuedForAClientIsRecordedAsWhatBecameOfIt queues the
// server's progress and answer for a client over HTTP: the record says
// relayed of each as it is passed on, and of what the connection never
// wrote, its client gone or its connection given up first, a later line
// says dropped, naming the message and the line it was recorded at, and
// why.
func TestAMessageQueuedForAClientIsRecordedAsWhatBecameOfIt(t *testing.T) {
	relayed := []string{"notification notifications/progress  relayed", "response ping 1 relayed"}
	tests := []struct {
		name string
		end  func(x *exchange) // what becomes of the connection
		why  string            // of the lines saying the messages were dropped; "" for none
		// fail, when set, is the error every write to the connection
		// fails with.
		fail error
	}{
		{name: "written", end: func(x *exchange) { x.serve(nil, nil) }},
		{name: "the first write failing", end: func(x *exchange) { x.serve(nil, nil) }, fail: io.ErrClosedPipe,
			why: "the client's connection ended before it was written"},
		{name: "the client gone before it is written", end: func(x *exchange) {}, why: "the client's connection ended before it was written"},
		{name: "the connection given up", end: func(x *exchange) {
			x.mu.Lock()
			x.giveUpLocked(errQueueFull)
			x.mu.Unlock()
		}, why: "the client let more than 1024 messages or 16 MiB wait for it unread, and its connection was closed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var record proctest.Buffer
			opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Record: &record}
			rec := newRecorder(opt, &logger{w: io.Discard})
			s := newSession(t.Context(), opt, rec, &logger{w: io.Discard})
			s.up, s.down = discard{}, &downSession{s: s}
			var w http.ResponseWriter = httptest.NewRecorder()
			if tc.fail != nil {
				w = failingWriter{w.(*httptest.ResponseRecorder), tc.fail}
			}
			x := newExchange(w, httptest.NewRequest("POST", "/mcp", nil))
			s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"progressToken":"p"}}}`), x, nil)
			s.fromServer([]byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}`), nil)
			s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`), nil)
			tc.end(x)
			x.detach() // the handler returns
			rec.close()
			var got []string
			times := map[string]string{} // the time of each message's line, by its kind
			for _, l := range recordLines(t, record.String()) {
				if field(l.Raw, "from") != "server" {
					continue
				}
				kind := field(l.Raw, "kind")
				line := kind + " " + field(l.Raw, "method") + " " + field(l.Raw, "id") + " " + field(l.Raw, "verdict")
				if of := field(l.Raw, "of"); of != "" {
					if of != times[kind] {
						t.Errorf("a line says it is of the %s recorded at %s; that line's time is %s", kind, of, times[kind])
					}
					line += " of it: " + field(l.Raw, "why")
				}
				times[kind] = field(l.Raw, "time")
				got = append(got, line)
			}
			want := relayed
			if tc.why != "" {
				want = append(slices.Clone(relayed), "notification notifications/progress  dropped of it: "+tc.why, "response ping 1 dropped of it: "+tc.why)
			}
			if !slices.Equal(got, want) {
				t.Errorf("the record says of the server's messages\n%q\nwant\n%q\n%s", got, want, record.String())
			}
		})
	}
}

// failingWriter is a response whose every write fails with err.
type failingWriter struct {
	*httptest.ResponseRecorder
	err error
}

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// TestStderrAndTheRecordSayAlikeWhyAConnectionWasGivenUp gives up a
// client's connection for each reason there is: what stderr says of the
// connection and what the record says of a message it did not write
// tell the same reason apart, a connection the client ended being no
// client that did not read.
func TestStderrAndTheRecordSayAlikeWhyAConnectionWasGivenUp(t *testing.T) {
	tests := []struct {
		name         string
		why          error
		stderr, said string
	}{
		{name: "the queue full", why: errQueueFull,
			stderr: "a client let more than 1024 messages or 16 MiB wait for it unread: its connection was closed, and 2 messages for it not written",
			said:   "the client let more than 1024 messages or 16 MiB wait for it unread, and its connection was closed"},
		{name: "a write past its deadline", why: fmt.Errorf("write tcp: %w", os.ErrDeadlineExceeded),
			stderr: "a client did not read a message within 10s: its connection was closed, and 2 messages for it not written",
			said:   "the client did not read a message within 10s, and its connection was closed"},
		{name: "the connection reset by the client", why: fmt.Errorf("write tcp: %w", syscall.ECONNRESET),
			stderr: "a client's connection ended, and 2 messages for it not written",
			said:   "the client's connection ended before it was written"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			h := &httpDown{log: &logger{w: &stderr}}
			h.lostMessages(2, tc.why)
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr says %q, want %q", stderr.String(), tc.stderr)
			}
			if got := lossReason(tc.why); got != tc.said {
				t.Errorf("the record says %q, want %q", got, tc.said)
			}
		})
	}
}

// TestStderrCountsTheClientsLostForEachCauseApart loses clients'
// connections for one cause and another: each cause's first is said,
// and counted among those of its own cause only, as the line names it.
func TestStderrCountsTheClientsLostForEachCauseApart(t *testing.T) {
	var stderr bytes.Buffer
	h := &httpDown{log: &logger{w: &stderr}}
	reset := fmt.Errorf("write tcp: %w", syscall.ECONNRESET)
	for _, why := range []error{errQueueFull, reset, errQueueFull, reset, fmt.Errorf("write tcp: %w", os.ErrDeadlineExceeded)} {
		h.lostMessages(1, why)
	}
	got := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	want := []string{
		"toolbench proxy: a client let more than 1024 messages or 16 MiB wait for it unread: its connection was closed, and 1 message for it not written (1 such clients so far)",
		"toolbench proxy: a client's connection ended, and 1 message for it not written (1 such clients so far)",
		"toolbench proxy: a client did not read a message within 10s: its connection was closed, and 1 message for it not written (1 such clients so far)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("stderr says\n%q\nwant\n%q", got, want)
	}
}

// TestTheProxyStoppingCountsWhatWasNotWrittenThoughAHandlerOutlastsItsBound
// stops the proxy with two connections it gives up: one whose message
// is still being written past the bound (a write that no deadline ends),
// and one whose handler has not returned but whose queue was lost as it
// was given up. Stderr counts the messages queued and not written all
// the same, and says apart the one still being written, which the
// record may say only was passed on.
func TestTheProxyStoppingCountsWhatWasNotWrittenThoughAHandlerOutlastsItsBound(t *testing.T) {
	held := heldResponse{ResponseRecorder: httptest.NewRecorder(), release: make(chan struct{})}
	writing := newExchange(held, httptest.NewRequest("POST", "/mcp", nil))
	busy := newExchange(httptest.NewRecorder(), httptest.NewRequest("POST", "/mcp", nil))
	for _, x := range []*exchange{writing, busy, busy} {
		if err := x.write([]byte(`{"jsonrpc":"2.0","method":"notifications/message","params":{}}`), false, nil); err != nil {
			t.Fatal(err)
		}
	}
	served := make(chan struct{})
	go func() {
		defer close(served)
		writing.serve(nil, nil)
	}()
	waitFor(t, "the message being written", func() bool {
		writing.mu.Lock()
		defer writing.mu.Unlock()
		return writing.writing
	})
	var stderr proctest.Buffer
	h := &httpDown{log: &logger{w: &stderr}, live: map[*exchange]bool{writing: true, busy: true}}
	h.stopExchanges(time.Millisecond) // neither handler returns within it
	close(held.release)
	<-served
	for _, said := range []string{
		"the proxy stopped with 2 messages queued for clients over HTTP not written to them",
		"1 message to clients over HTTP still being written 1ms after the proxy gave up their connections",
	} {
		if !strings.Contains(stderr.String(), said) {
			t.Errorf("stderr does not say %q:\n%s", said, stderr.String())
		}
	}
}

// heldResponse is a response whose writes wait until release is closed,
// whatever deadline is set: a write the proxy's giving up does not end.
type heldResponse struct {
	*httptest.ResponseRecorder
	release chan struct{}
}

func (w heldResponse) Write(p []byte) (int, error) {
	<-w.release
	return w.ResponseRecorder.Write(p)
}
