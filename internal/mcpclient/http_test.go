package mcpclient

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const testToken = "s3cret-token"

// newHTTPServer serves s over Streamable HTTP at /mcp, refusing requests
// without the test token.
func newHTTPServer(t *testing.T, s *mcp.Server, opts *mcp.StreamableHTTPOptions) *httptest.Server {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, opts)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+testToken {
			http.Error(w, "missing or wrong bearer token\nsee the docs", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// httpSpec is the Spec of srv's endpoint, with the token read from the
// environment by ParseHeader, as --header 'Authorization: Bearer $TOKEN'.
func httpSpec(t *testing.T, srv *httptest.Server) Spec {
	t.Helper()
	lookup := func(name string) (string, bool) {
		if name == "TOKEN" {
			return testToken, true
		}
		return "", false
	}
	name, value, err := ParseHeader("Authorization: Bearer $TOKEN", lookup)
	if err != nil {
		t.Fatal(err)
	}
	return Spec{URL: srv.URL + "/mcp", Header: http.Header{name: {value}}, Timeout: 3 * time.Second}
}

func connectHTTP(t *testing.T, spec Spec) *Client {
	t.Helper()
	c, err := Connect(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

func TestHTTPListKeepsEveryPageAsSent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		json bool
	}{{"event stream", false}, {"JSON responses", true}} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newHTTPServer(t, newPagesServer(), &mcp.StreamableHTTPOptions{JSONResponse: tc.json})
			c := connectHTTP(t, httpSpec(t, srv))
			list, err := c.ListTools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(list.Pages) != pagedPages || list.Tools != pagedPages*pagedToolsPerPage {
				t.Fatalf("%d pages, %d tools", len(list.Pages), list.Tools)
			}
			for i := range list.Tools {
				if !strings.Contains(string(list.Document), "\n"+pagedTool(i)) {
					t.Errorf("tool %d is not in the document as sent", i)
				}
			}
			u, _ := url.Parse(srv.URL)
			if list.Name != u.Host {
				t.Errorf("Name = %q, want the host %q", list.Name, u.Host)
			}
		})
	}
}

func TestHTTPReportsStatusThatRefusesConnecting(t *testing.T) {
	t.Parallel()
	plain := func(status int, body string) *httptest.Server {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, body, status)
		}))
		t.Cleanup(srv.Close)
		return srv
	}
	authed := newHTTPServer(t, newToolsServer(nil, io.Discard), nil)
	tests := []struct {
		name   string
		srv    *httptest.Server
		status int
		want   string
	}{
		{"no token", authed, 401, `HTTP 401 Unauthorized: "missing or wrong bearer token"`},
		{"not found", plain(404, "404 page not found"), 404, `HTTP 404 Not Found: "404 page not found"`},
		{"server error", plain(500, "panic: nil map\ngoroutine 1"), 500, `HTTP 500 Internal Server Error: "panic: nil map"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, _ := url.Parse(tc.srv.URL)
			_, err := Connect(context.Background(), Spec{URL: tc.srv.URL + "/mcp", Timeout: 2 * time.Second})
			var he *HTTPError
			if !errors.As(err, &he) || he.StatusCode != tc.status {
				t.Fatalf("got %v, want an *HTTPError %d", err, tc.status)
			}
			if want := "connect to " + u.Host + ": initialize: " + tc.want; err.Error() != want {
				t.Errorf("got  %s\nwant %s", err, want)
			}
		})
	}
}

func TestHTTPSaysWhenNothingListens(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = Connect(context.Background(), Spec{URL: "http://" + addr + "/mcp", Timeout: 2 * time.Second})
	want := "connect to " + addr + ": initialize: cannot reach the server: dial tcp " + addr + ": connect: connection refused"
	var rpc *RPCError
	if err == nil || err.Error() != want || errors.As(err, &rpc) {
		t.Errorf("got  %v\nwant %s, and no *RPCError", err, want)
	}
}

func TestHTTPHeadersDoNotReplaceTheProtocolsOwn(t *testing.T) {
	t.Parallel()
	srv := newHTTPServer(t, newToolsServer(nil, io.Discard), nil)
	spec := httpSpec(t, srv)
	spec.Header.Set("Accept", "text/plain")
	spec.Header.Set("Content-Type", "text/plain")
	c := connectHTTP(t, spec)
	if _, err := c.ListTools(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestHTTPListChangedArrives(t *testing.T) {
	t.Parallel()
	srv := newHTTPServer(t, newToolsServer(nil, io.Discard), nil)
	c := connectHTTP(t, httpSpec(t, srv))
	assertListChangedAfterAddingTool(t, c)
}

func TestStdioListChangedArrives(t *testing.T) {
	t.Parallel()
	assertListChangedAfterAddingTool(t, connectStdio(t, "tools"))
}

func assertListChangedAfterAddingTool(t *testing.T, c *Client) {
	t.Helper()
	ctx := context.Background()
	select {
	case <-c.ListChanged():
		t.Fatal("list_changed before any change")
	default:
	}
	if _, err := c.Call(ctx, "add_tool", nil); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.ListChanged():
	case <-time.After(3 * time.Second):
		t.Fatal("no list_changed after the server added a tool")
	}
	list, err := c.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(list.Document), `"name":"added"`) {
		t.Errorf("the new tool is not listed:\n%s", list.Document)
	}
}

func TestSSEDataYieldsMessageEvents(t *testing.T) {
	t.Parallel()
	stream := "id: 1\ndata: \n\n" + // a priming event, without data
		": a comment\r\nevent: message\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\n" +
		"event: ping\ndata: skipped\n\n" +
		"data:{\"b\":2}\n\n" +
		"data: {\"incomplete\":"
	var got []string
	for data := range sseData([]byte(stream)) {
		got = append(got, string(data))
	}
	want := []string{"{\"a\":\n1}", `{"b":2}`}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// endlessEvent is a text/event-stream of one event of short data lines
// that goes on for size bytes, then ends it and sends a small event. It
// notes the largest heap it sees as it is read.
type endlessEvent struct {
	size, sent int
	tail       []byte
	peak       uint64
}

func (e *endlessEvent) Read(p []byte) (int, error) {
	const line = "data: 0123456789012345678901234567890123456789\n"
	if e.sent >= e.size {
		if len(e.tail) == 0 {
			return 0, io.EOF
		}
		n := copy(p, e.tail)
		e.tail = e.tail[n:]
		return n, nil
	}
	if e.sent%(1<<20) < len(p) {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		e.peak = max(e.peak, m.HeapAlloc)
	}
	n := 0
	for n+len(line) <= len(p) && e.sent < e.size {
		n += copy(p[n:], line)
		e.sent += len(line)
	}
	return n, nil
}

// TestReadEventsHoldsNoMoreOfAnEventThanItsBound reads an event of 128
// MiB in short data lines, with a bound of 1 MiB: the event is dropped,
// the heap stays far below its size, and the event after it arrives. Not
// parallel: the heap is the test's alone.
func TestReadEventsHoldsNoMoreOfAnEventThanItsBound(t *testing.T) {
	runtime.GC() // what tests before this one left
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	r := &endlessEvent{size: 128 << 20, tail: []byte("\ndata: {\"after\":1}\n\n")}
	var got []string
	err := ReadEvents(r, 1<<20, func(data []byte) { got = append(got, string(data)) })
	if err != io.EOF {
		t.Errorf("ReadEvents returned %v, want io.EOF", err)
	}
	if !slices.Equal(got, []string{`{"after":1}`}) {
		t.Errorf("got the events %.80q, want the one after the event past the bound", got)
	}
	if grew := int64(r.peak) - int64(before.HeapAlloc); grew > 48<<20 {
		t.Errorf("the heap grew by %d MiB reading an event of 128 MiB with a bound of 1 MiB", grew>>20)
	}
}

func TestReadEventsOverSaysOfAnEventPastTheBoundAsSoonAsItPassesIt(t *testing.T) {
	tests := []struct {
		name  string
		write string // what the stream has written when over is due; it never ends
	}{
		{name: "one long line", write: "data: " + strings.Repeat("a", 200<<10)},
		{name: "many short lines", write: strings.Repeat("data: aaaaaaaa\n", 300)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pr, pw := io.Pipe()
			defer pw.Close()
			over := make(chan struct{}, 4)
			done := make(chan []string, 1)
			go func() {
				var got []string
				ReadEventsOver(pr, 1<<10, func(data []byte) { got = append(got, string(data)) }, func() { over <- struct{}{} })
				done <- got
			}()
			go io.WriteString(pw, "data: {\"before\":1}\n\n"+tc.write)
			select {
			case <-over:
			case <-time.After(20 * time.Second):
				t.Fatal("over was not called within 20 s of the event passing the bound")
			}
			pw.Close()
			if got := <-done; !slices.Equal(got, []string{`{"before":1}`}) || len(over) != 0 {
				t.Errorf("got the events %.80q and over %d more times, want the one before and over once", got, len(over))
			}
		})
	}
}

func TestReadEventsKeepsAnEventOfDataUpToItsBound(t *testing.T) {
	t.Parallel()
	const max = 10
	for _, tc := range []struct {
		name, stream string
		want         []string
		over         int
	}{
		{"data of the bound", "data: 0123456789\r\n\r\n", []string{"0123456789"}, 0},
		{"data of the bound, no space", "data:0123456789\n\n", []string{"0123456789"}, 0},
		{"a byte past the bound", "data: 0123456789a\n\ndata: ok\n\n", []string{"ok"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			over := 0
			ReadEventsOver(strings.NewReader(tc.stream), max, func(data []byte) { got = append(got, string(data)) }, func() { over++ })
			if !slices.Equal(got, tc.want) || over != tc.over {
				t.Errorf("got %q and %d events over the bound, want %q and %d", got, over, tc.want, tc.over)
			}
		})
	}
}
