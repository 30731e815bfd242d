package proxy

import (
	"bytes"
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
	waitFor(t, "the record of the log lines dropped", func() bool {
		n := 0
		for _, l := range recordLines(t, record.String()) {
			if field(l.Raw, "method") == "notifications/message" && field(l.Raw, "verdict") == "dropped" && strings.Contains(field(l.Raw, "findings"), `"code":"unrouted"`) {
				n++
			}
		}
		return n == 3
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

func TestAClientThatDoesNotReadItsAnswerHoldsUpNoOtherClient(t *testing.T) {
	defer func(d time.Duration) { writeTimeout = d }(writeTimeout)
	writeTimeout = 200 * time.Millisecond
	up, _ := testServer(t, "raw")
	up.Env = append(up.Env, bigEnv+"="+strconv.Itoa(32<<20))
	url, stderr, record := serve(t, Options{Upstream: up}, listen(t))
	// A client of the shared session asks for an answer larger than its
	// connection holds, and reads none of it.
	conn, err := net.Dial("tcp", strings.TrimPrefix(strings.TrimSuffix(url, HTTPPath), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(4096)
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"big","arguments":{}}}`
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: big\r\nContent-Length: %d\r\n\r\n%s", HTTPPath, len(body), body)
	// Once the call has reached the server, the server answers it before
	// anything sent after it.
	waitFor(t, "call passed on", func() bool {
		return strings.Contains(record.String(), `"from":"client","to":"server","kind":"request","method":"tools/call"`)
	})
	// Another client of the session is answered all the same.
	client := &http.Client{Timeout: 20 * time.Second}
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(ping))
	req.Header = modern(ping)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("the other client got no answer: %v\nstderr:\n%s", err, stderr)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if m := jsonrpc.Parse(got); m.Kind != jsonrpc.Response || string(m.ID) != "2" || m.Result == nil {
		t.Errorf("the other client got %s, want the answer to its ping", got)
	}
	// The answer that could not be written is recorded as dropped.
	waitFor(t, "dropped answer", func() bool {
		return strings.Contains(record.String(), `"kind":"response","method":"tools/call","id":1,"tool":"big","bytes":33554524`) &&
			strings.Contains(record.String(), `"verdict":"dropped"`)
	})
}
