package proxy

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// The session that clients of MCP 2026-07-28 over HTTP, which keep no
// session, share in front of one spawned server: their ids, tokens and
// cancellations are the proxy's own to the server, and nothing of one
// client's reaches another.

// postAll sends one message to url as a client of MCP 2026-07-28 does,
// outside any session, and returns every message of the answer: the
// JSON body, or each event's data.
func postAll(t *testing.T, url, msg string) [][]byte {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(msg))
	req.Header = modern(msg)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req.WithContext(t.Context()))
	if err != nil {
		return nil // the test ended, or its assertions fail on no answer
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return [][]byte{body}
	}
	var all [][]byte
	mcpclient.ReadEvents(bytes.NewReader(body), 1<<20, func(data []byte) { all = append(all, bytes.Clone(data)) })
	return all
}

func TestInASharedSessionEachClientGetsItsOwnProgressOnly(t *testing.T) {
	up, _ := testServer(t, "pairs")
	url, _, _ := serve(t, Options{Upstream: up}, listen(t))
	// The server holds the first call until the second is in, then
	// reports the progress of both: two clients, the same id, the same
	// token. Which client's call the proxy finds first is chance, so it
	// is tried a few times.
	for range 5 {
		var wg sync.WaitGroup
		got := map[string][][]byte{}
		var mu sync.Mutex
		for _, who := range []string{"A", "B"} {
			wg.Go(func() {
				all := postAll(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"`+who+`"},"_meta":{"progressToken":"p"}}}`)
				mu.Lock()
				got[who] = all
				mu.Unlock()
			})
		}
		wg.Wait()
		for who, all := range got {
			var progress, answer []string
			for _, msg := range all {
				m := jsonrpc.Parse(msg)
				switch {
				case m.Method == "notifications/progress":
					text, _ := jsonrpc.Unquote(jsonrpc.Member(m.Params, "message"))
					progress = append(progress, text+" under "+string(jsonrpc.Member(m.Params, "progressToken")))
				case m.Kind == jsonrpc.Response:
					answer = append(answer, string(m.ID)+" "+string(m.Result))
				}
			}
			wantProgress := "progress of " + who + ` under "p"`
			wantAnswer := `1 {"content":[{"type":"text","text":"` + who + `"}]}`
			if strings.Join(progress, "; ") != wantProgress || strings.Join(answer, "; ") != wantAnswer {
				t.Fatalf("client %s got the progress %q and the answers %q; want %q and %q", who, progress, answer, wantProgress, wantAnswer)
			}
		}
	}
}

func TestInASharedSessionAMessageTiedToNoClientsRequestReachesNoClient(t *testing.T) {
	up, _ := testServer(t, "chatty")
	url, stderr, record := serve(t, Options{Upstream: up}, listen(t))
	for i := range 3 {
		all := postAll(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
		if len(all) != 1 || jsonrpc.Parse(all[0]).Kind != jsonrpc.Response {
			t.Fatalf("call %d: the client got %q; want its answer alone", i, all)
		}
	}
	// The first is recorded in full; the rest are counted, to a line at
	// the session's end (see TestAFloodOfMessagesNoOneWaitsForCostsTheRecordTwoLines).
	waitFor(t, "the record of the first log line dropped", func() bool {
		n := 0
		for _, l := range recordLines(t, record.String()) {
			if field(l.Raw, "method") == "notifications/message" && field(l.Raw, "verdict") == "dropped" && strings.Contains(field(l.Raw, "findings"), `"code":"unrouted"`) {
				n++
			}
		}
		return n == 1
	})
	if !strings.Contains(stderr.String(), "a notification of the server's tied to no client's request was not passed on") {
		t.Errorf("stderr does not say what was dropped:\n%s", stderr)
	}
}

func TestInASharedSessionAClientsCancellationNamesTheRequestAsTheServerGotIt(t *testing.T) {
	up, received := testServer(t, "silent")
	url, _, _ := serve(t, Options{Upstream: up}, listen(t))
	go postAll(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	var call jsonrpc.Message
	waitFor(t, "the call at the server", func() bool {
		for _, line := range callsReceived(t, received) {
			if m := jsonrpc.Parse([]byte(line)); m.Method == "tools/call" {
				call = m
				return true
			}
		}
		return false
	})
	postAll(t, url, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`)
	waitFor(t, "the cancellation at the server", func() bool {
		for _, line := range callsReceived(t, received) {
			if m := jsonrpc.Parse([]byte(line)); m.Method == "notifications/cancelled" {
				if id := jsonrpc.Member(m.Params, "requestId"); !bytes.Equal(id, call.ID) {
					t.Fatalf("the server got the cancellation of %s; it knows the call as %s", id, call.ID)
				}
				return true
			}
		}
		return false
	})
}

func TestInASharedSessionASubscriptionsNotificationReachesTheClientThatOpenedIt(t *testing.T) {
	up, _ := testServer(t, "scripted")
	url, _, _ := serve(t, Options{Upstream: up}, listen(t))
	all := postAll(t, url, `{"jsonrpc":"2.0","id":"s-1","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true}}}`)
	var got []string
	for _, msg := range all {
		m := jsonrpc.Parse(msg)
		got = append(got, m.Method+" "+string(m.ID)+string(jsonrpc.Member(jsonrpc.Member(m.Params, "_meta"), "io.modelcontextprotocol/subscriptionId")))
	}
	if want := []string{`notifications/tools/list_changed "s-1"`, ` "s-1"`}; !slices.Equal(got, want) {
		t.Errorf("the client got %q; want %q: the notification, naming its own request, then the answer", got, want)
	}
}

// setWriteTimeout sets writeTimeout for the test, put back once the
// proxy it serves has stopped (cleanups run last first, and a proxy
// started after this stops in one of them), its handlers reading it
// till then.
func setWriteTimeout(t *testing.T, d time.Duration) {
	t.Cleanup(func(old time.Duration) func() { return func() { writeTimeout = old } }(writeTimeout))
	writeTimeout = d
}

// stallingClient is a client of the shared session that asks for the
// raw server's big answer, the call id, and reads none of it: its
// connection holds a few KiB.
func stallingClient(t *testing.T, url string, id int) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(strings.TrimSuffix(url, HTTPPath), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.(*net.TCPConn).SetReadBuffer(4096)
	body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"big","arguments":{}}}`
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: big\r\nContent-Length: %d\r\n\r\n%s", HTTPPath, len(body), body)
	return conn
}

// pingOver has a client of the shared session ping the server through
// the proxy at url, within a generous bound, and returns how long the
// answer took.
func pingOver(t *testing.T, url string, stderr *proctest.Buffer) time.Duration {
	t.Helper()
	client := &http.Client{Timeout: 60 * time.Second}
	ping := `{"jsonrpc":"2.0","id":"ping","method":"ping"}`
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(ping))
	req.Header = modern(ping)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("the client got no answer: %v\nstderr:\n%s", err, stderr)
	}
	got, _ := io.ReadAll(resp.Body)
	took := time.Since(start)
	resp.Body.Close()
	if m := jsonrpc.Parse(got); m.Kind != jsonrpc.Response || string(m.ID) != `"ping"` || m.Result == nil {
		t.Errorf("the client got %s, want the answer to its ping", got)
	}
	return took
}

// TestClientsThatDoNotReadHoldUpNoOtherClient has three clients of the
// shared session each ask for an answer larger than their connections
// hold, and read none of it: another client's ping is answered while
// the proxy still waits for them to read (none of their writes has
// given up, writeTimeout after it began), not after their writes give
// up one by one.
func TestClientsThatDoNotReadHoldUpNoOtherClient(t *testing.T) {
	const stalling = 3
	up, _ := testServer(t, "raw")
	up.Env = append(up.Env, bigEnv+"="+strconv.Itoa(16<<20))
	url, stderr, record := serve(t, Options{Upstream: up}, listen(t))
	for i := range stalling {
		stallingClient(t, url, i+1)
	}
	// Once the calls have reached the server, it answers them before
	// anything sent after them.
	waitFor(t, "calls passed on", func() bool {
		return strings.Count(record.String(), `"from":"client","to":"server","kind":"request","method":"tools/call"`) == stalling
	})
	took := pingOver(t, url, stderr)
	t.Logf("the ping was answered in %v beside %d clients that do not read", took, stalling)
	if said := stderr.String(); strings.Contains(said, "did not read") || strings.Contains(record.String(), `"verdict":"dropped"`) {
		t.Errorf("the ping was answered only once a client that does not read had lost its connection:\nstderr:\n%s", said)
	}
}

// TestAClientThatDoesNotReadItsAnswerLosesItsConnection has a client ask
// for an answer larger than its connection holds and read none of it:
// writeTimeout after the answer's write began, the proxy closes its
// connection, and stderr says what it was not sent.
func TestAClientThatDoesNotReadItsAnswerLosesItsConnection(t *testing.T) {
	setWriteTimeout(t, 200*time.Millisecond)
	up, _ := testServer(t, "raw")
	up.Env = append(up.Env, bigEnv+"="+strconv.Itoa(16<<20))
	l := &countingListener{Listener: listen(t)}
	url, stderr, _ := serve(t, Options{Upstream: up}, l)
	stallingClient(t, url, 1)
	waitFor(t, "the connection given up, said on stderr", func() bool {
		return strings.Contains(stderr.String(), "a client did not read a message within 200ms: its connection was closed, and 1 message for it not written")
	})
	waitFor(t, "the connection closed", func() bool { open, _ := l.counts(); return open == 0 })
}

// TestAClientThatDoesNotReadHoldsUpNoOtherClientsRecordLines has a
// client of the shared session ask for an answer larger than its
// connection holds and read none of it, while another client pings the
// server more times than the record's queue holds: the answer is
// recorded as passed on, and every ping's lines follow it while the
// proxy still waits for the first client to read (its write gives up
// only after a minute), none dropped.
func TestAClientThatDoesNotReadHoldsUpNoOtherClientsRecordLines(t *testing.T) {
	setWriteTimeout(t, time.Minute)
	const queue, pings = 64, 100
	up, _ := testServer(t, "raw")
	up.Env = append(up.Env, bigEnv+"="+strconv.Itoa(16<<20))
	url, stderr, record := serve(t, Options{Upstream: up, QueueSize: queue}, listen(t))
	stallingClient(t, url, 1)
	waitFor(t, "the call passed on", func() bool {
		return strings.Contains(record.String(), `"from":"client","to":"server","kind":"request","method":"tools/call"`)
	})
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the record:\n%s\nstderr:\n%s", record, stderr)
		}
	})
	// The server answers in order: the big answer is queued for its
	// client before the first ping's answer comes. Each ping waits for
	// the line of the one before, so that the record's queue holds more
	// lines than it has room for only when something holds the lines
	// up, not when its writer is slow to be scheduled.
	answers := `"from":"server","to":"client","kind":"response","method":"ping"`
	for i := range pings {
		pingOver(t, url, stderr)
		waitFor(t, "the ping's answer in the record", func() bool { return strings.Count(record.String(), answers) == i+1 })
	}
	var got []string
	for _, l := range recordLines(t, record.String()) {
		if field(l.Raw, "dropped") != "" {
			t.Errorf("the record dropped lines: %s", l.Raw)
		}
		if field(l.Raw, "from") == "server" && field(l.Raw, "method") == "tools/call" {
			got = append(got, field(l.Raw, "verdict"))
		}
	}
	if want := []string{"relayed"}; !slices.Equal(got, want) {
		t.Errorf("the record says %q of the answer not yet read, want %q", got, want)
	}
}

// TestAnAnswerNotWrittenAsTheProxyStopsIsRecordedDropped has a client
// ask for an answer larger than its connection holds and read none of
// it, and stops the proxy while the answer is being written: before the
// record closes, a line says the answer recorded as passed on was
// dropped, the proxy having stopped, and stderr counts it.
func TestAnAnswerNotWrittenAsTheProxyStopsIsRecordedDropped(t *testing.T) {
	setWriteTimeout(t, time.Minute)
	up, _ := testServer(t, "raw")
	up.Env = append(up.Env, bigEnv+"="+strconv.Itoa(16<<20))
	l := listen(t)
	stderr, record := &proctest.Buffer{}, &proctest.Buffer{}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Options{Upstream: up, Downstream: Downstream{Listener: l}, Stderr: stderr, Record: record})
	}()
	stallingClient(t, "http://"+l.Addr().String()+HTTPPath, 1)
	answer := `"from":"server","to":"client","kind":"response","method":"tools/call"`
	waitFor(t, "the answer passed on", func() bool { return strings.Contains(record.String(), answer) })
	stop()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the proxy did not stop within 20 s")
	}
	var got []string
	relayedAt := ""
	for _, line := range recordLines(t, record.String()) {
		if field(line.Raw, "from") != "server" || field(line.Raw, "method") != "tools/call" {
			continue
		}
		v := field(line.Raw, "verdict")
		if of := field(line.Raw, "of"); of != "" {
			if of != relayedAt {
				t.Errorf("the dropped line is of %s, the answer's line is at %s", of, relayedAt)
			}
			v += " of it: " + field(line.Raw, "why")
		} else {
			relayedAt = field(line.Raw, "time")
		}
		got = append(got, v)
	}
	if want := []string{"relayed", "dropped of it: the proxy stopped before it was written"}; !slices.Equal(got, want) {
		t.Errorf("the record says %q of the answer, want %q:\n%s", got, want, record)
	}
	if said := "the proxy stopped with 1 message queued for clients over HTTP not written to them"; !strings.Contains(stderr.String(), said) {
		t.Errorf("stderr does not say %q:\n%s", said, stderr)
	}
}
