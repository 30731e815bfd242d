package proxy

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

const testToken = "s3cret"

// httpServer serves the test server on Streamable HTTP, for requests
// with the bearer token, and logs the calls it receives to calls.
func httpServer(t *testing.T, versions []string, calls io.Writer, stateless bool) *httptest.Server {
	t.Helper()
	srv := newTestServer(versions, calls, "Search the documents for the query.")
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: stateless})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+testToken {
			http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func urlUpstream(ts *httptest.Server) mcpclient.Spec {
	return mcpclient.Spec{Name: "test", URL: ts.URL + "/mcp", Header: http.Header{"Authorization": {"Bearer " + testToken}}}
}

// The revisions of the HTTP tests: a server of MCP 2025-11-25 keeps
// sessions; one of 2026-07-28 only is stateless.
var httpRevisions = []struct {
	name      string
	versions  []string
	stateless bool
	want      string
}{
	{name: "2025-11-25", versions: []string{"2025-11-25"}, want: "2025-11-25"},
	{name: "2026-07-28", versions: []string{"2026-07-28"}, stateless: true, want: "2026-07-28"},
}

// checkSDKSession calls and lists through the proxy with the Go SDK's
// client: an invalid call before any listing (checked against the
// listing the proxy takes itself) does not reach the server, a valid one
// does.
func checkSDKSession(t *testing.T, s *mcp.ClientSession, want string, received func() []string) {
	t.Helper()
	if got := s.InitializeResult().ProtocolVersion; got != want {
		t.Errorf("revision %s, want %s", got, want)
	}
	ctx := context.Background()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"limit": "5"}})
	if err != nil || !res.IsError {
		t.Fatalf("an invalid call: %v %+v", err, res)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, "missing:query") || !strings.Contains(text, "type:limit:int") {
		t.Errorf("the invalid call's result: %s", text)
	}
	tools, err := s.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) != 7 {
		t.Fatalf("ListTools: %v, %+v", err, tools)
	}
	res, err = s.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "q"}})
	if err != nil || res.IsError {
		t.Fatalf("a valid call: %v %+v", err, res)
	}
	if got := received(); len(got) != 1 {
		t.Errorf("the server received %q, want the valid call", got)
	}
}

func TestAClientOnStdioReachesAServerOnHTTPThroughTheProxy(t *testing.T) {
	for _, rev := range httpRevisions {
		t.Run(rev.name, func(t *testing.T) {
			calls := &proctest.Buffer{}
			ts := httpServer(t, rev.versions, calls, rev.stateless)
			r := start(t, Options{Upstream: urlUpstream(ts)})
			s := r.sdkClient(t, nil)
			defer s.Close()
			checkSDKSession(t, s, rev.want, linesOf(calls))
		})
	}
}

// listen is a loopback listener for the proxy's HTTP side.
func listen(t *testing.T) net.Listener {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// serve runs the proxy on HTTP at l until the test ends.
func serve(t *testing.T, opt Options, l net.Listener) (url string, stderr, record *proctest.Buffer) {
	t.Helper()
	stderr, record = &proctest.Buffer{}, &proctest.Buffer{}
	opt.Downstream.Listener, opt.Stderr, opt.Record = l, stderr, record
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, opt) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the proxy did not stop within 10 s")
		}
	})
	return "http://" + l.Addr().String() + HTTPPath, stderr, record
}

// down is the proxy's HTTP side in front of up, for a listener of the
// test's, both ended with the test; with serving, it serves there, and
// url is where.
func down(t *testing.T, up mcpclient.Spec, serving bool) (h *httpDown, url string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	l := listen(t)
	h = newHTTPDown(ctx, &Options{Upstream: up, Stderr: io.Discard}, nil, &logger{w: io.Discard}, l.Addr())
	hs := &http.Server{Handler: h}
	if serving {
		go hs.Serve(l)
	}
	t.Cleanup(func() {
		hs.Close()
		h.close()
		l.Close()
		cancel()
	})
	return h, "http://" + l.Addr().String() + HTTPPath
}

func sdkOverHTTP(t *testing.T, url, version string) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connect to the proxy at %s: %v", url, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestAClientOnHTTPReachesAServerOnStdioThroughTheProxy(t *testing.T) {
	tests := []struct {
		behaviour, version string
	}{{"tools", "2025-11-25"}, {"modern", "2026-07-28"}}
	for _, tc := range tests {
		t.Run(tc.version, func(t *testing.T) {
			up, callsFile := testServer(t, tc.behaviour)
			url, _, _ := serve(t, Options{Upstream: up}, listen(t))
			s := sdkOverHTTP(t, url, tc.version)
			checkSDKSession(t, s, tc.version, func() []string { return callsReceived(t, callsFile) })
		})
	}
}

func TestAClientOnHTTPReachesAServerOnHTTPThroughTheProxy(t *testing.T) {
	for _, rev := range httpRevisions {
		t.Run(rev.name, func(t *testing.T) {
			calls := &proctest.Buffer{}
			ts := httpServer(t, rev.versions, calls, rev.stateless)
			url, _, record := serve(t, Options{Upstream: urlUpstream(ts)}, listen(t))
			s := sdkOverHTTP(t, url, rev.want)
			checkSDKSession(t, s, rev.want, linesOf(calls))
			waitFor(t, "record of the refused call", func() bool { return strings.Contains(record.String(), `"verdict":"refused"`) })
		})
	}
}

// post sends one message to url and returns the status and the message
// of the answer: the JSON body, or the data of the last event.
func post(t *testing.T, url, msg string, header http.Header) (int, http.Header, []byte) {
	t.Helper()
	return do(t, http.MethodPost, url, msg, header)
}

// do is post with the HTTP method given.
func do(t *testing.T, method, url, msg string, header http.Header) (int, http.Header, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(msg))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for name, values := range header {
		req.Header[name] = values
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var last []byte
		mcpclient.ReadEvents(bytes.NewReader(body), 1<<20, func(data []byte) { last = bytes.Clone(data) })
		body = last
	}
	return resp.StatusCode, resp.Header, body
}

// modern are the headers a client of MCP 2026-07-28, which keeps no
// session, sends with msg: its revision, method and name.
func modern(msg string) http.Header {
	m := jsonrpc.Parse([]byte(msg))
	h := standardHeaders(&m, nil)
	h.Set(versionHeader, mcpclient.Revision20260728)
	return h
}

func TestOverHTTPListingsAndValidCallsAreByteIdenticalToDirect(t *testing.T) {
	ts := httpServer(t, []string{"2025-11-25"}, io.Discard, false)
	direct := ts.URL + "/mcp"
	auth := http.Header{"Authorization": {"Bearer " + testToken}}
	url, _, _ := serve(t, Options{Upstream: urlUpstream(ts)}, listen(t))
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	session := func(endpoint string, h http.Header) http.Header {
		_, rh, _ := post(t, endpoint, init, h)
		h = h.Clone()
		h.Set(sessionHeader, rh.Get(sessionHeader))
		h.Set(versionHeader, "2025-11-25")
		post(t, endpoint, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, h)
		return h
	}
	dh, ph := session(direct, auth), session(url, http.Header{})
	if ph.Get(sessionHeader) == "" || ph.Get(sessionHeader) == dh.Get(sessionHeader) {
		t.Fatalf("sessions: direct %q, through the proxy %q", dh.Get(sessionHeader), ph.Get(sessionHeader))
	}
	for _, x := range sameExchange {
		msg := `{"jsonrpc":"2.0","id":` + x.id + `,"method":"` + x.method + `"`
		if x.params != "" {
			msg += `,"params":` + x.params
		}
		msg += "}"
		_, _, want := post(t, direct, msg, dh)
		status, _, got := post(t, url, msg, ph)
		if status != http.StatusOK || !bytes.Equal(got, want) {
			t.Errorf("%s: through the proxy (%d):\n%s\ndirect:\n%s", msg, status, got, want)
		}
	}
}

func TestTheProxyOnHTTPRefusesAForeignHostOrOrigin(t *testing.T) {
	up, _ := testServer(t, "tools")
	url, _, _ := serve(t, Options{Upstream: up}, listen(t))
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	tests := []struct {
		name   string
		header map[string]string
		host   string
		want   int
	}{
		{name: "this machine", want: http.StatusOK},
		{name: "localhost by name", host: "localhost:1", want: http.StatusOK},
		{name: "a host DNS rebinding points here", host: "evil.example:80", want: http.StatusForbidden},
		{name: "a page of another site", header: map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, want: http.StatusForbidden},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(init))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			for k, v := range tc.header {
				req.Header.Set(k, v)
			}
			if tc.host != "" {
				req.Host = tc.host
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.want)
			}
		})
	}
}

func TestTheUpstreamsCredentialsGoToItsOriginOnly(t *testing.T) {
	other := &proctest.Buffer{}
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(other, r.Header.Get("Authorization")+"\n")
		http.Error(w, "no", http.StatusNotFound)
	}))
	defer elsewhere.Close()
	redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere.URL+"/mcp", http.StatusTemporaryRedirect)
	}))
	defer redirecting.Close()
	r := start(t, Options{Upstream: urlUpstream(redirecting)})
	p := r.peer(t)
	resp := p.call("0", "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}`)
	if m := jsonrpc.Parse(resp); m.Error == nil || !strings.Contains(string(m.Error), "another origin") {
		t.Errorf("answer %s: want an error saying the redirect was not followed", resp)
	}
	if other.String() != "" {
		t.Errorf("the other origin received %q", other)
	}
}

// TestTheUpstreamsURLQueryIsInNoErrorOfItsRequests has the server's URL
// carry a token in its query and its requests fail: neither the client's
// error answer, nor stderr, nor Run's error repeats the URL, as the HTTP
// client's error would, its query with it.
func TestTheUpstreamsURLQueryIsInNoErrorOfItsRequests(t *testing.T) {
	redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://127.0.0.2:9/mcp?elsewhere=1", http.StatusTemporaryRedirect)
	}))
	defer redirecting.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	const secret = "s3cr3t-in-the-query"
	for _, tc := range []struct {
		name, url, want string
	}{
		{name: "a redirect to another origin", url: redirecting.URL, want: "another origin"},
		{name: "a server that cannot be reached", url: gone.URL, want: "connection refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := start(t, Options{Upstream: mcpclient.Spec{Name: "test", URL: tc.url + "/mcp?token=" + secret}})
			resp := r.peer(t).call("0", "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}`)
			err := r.stop(t)
			if m := jsonrpc.Parse(resp); m.Error == nil || !strings.Contains(string(m.Error), tc.want) {
				t.Errorf("answer %s: want an error saying %q", resp, tc.want)
			}
			for what, text := range map[string]string{"the answer": string(resp), "stderr": r.stderr.String(), "Run's error": fmt.Sprint(err)} {
				if strings.Contains(text, secret) || strings.Contains(text, "elsewhere=1") {
					t.Errorf("%s repeats a URL's query: %s", what, text)
				}
			}
		})
	}
}

func TestHeadersThatDisagreeWithTheBodyAreRefusedUnderEnforce(t *testing.T) {
	up, callsFile := testServer(t, "modern")
	header := http.Header{versionHeader: {"2026-07-28"}, methodHeader: {"tools/call"}, nameHeader: {"search"}}
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	call := `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{` + meta + `,"name":"echo","arguments":{"text":"x"}}}`
	for _, tc := range []struct {
		policy Policy
		status int
		calls  int
	}{{Enforce, http.StatusBadRequest, 0}, {Audit, http.StatusOK, 1}} {
		t.Run(tc.policy.String(), func(t *testing.T) {
			url, _, record := serve(t, Options{Upstream: up, Policy: Policies{Headers: tc.policy}}, listen(t))
			before := len(callsReceived(t, callsFile))
			status, _, body := post(t, url, call, header)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, body)
			}
			if tc.policy == Enforce && !strings.Contains(string(body), `"code":-32020`) {
				t.Errorf("answer %s: want error -32020", body)
			}
			if got := len(callsReceived(t, callsFile)) - before; got != tc.calls {
				t.Errorf("the server received %d calls, want %d", got, tc.calls)
			}
			waitFor(t, "record of the mismatch", func() bool {
				return strings.Contains(record.String(), `"code":"header-mismatch","severity":"error","text":"Mcp-Name: 'search', but the body says 'echo'"`)
			})
		})
	}
}

func TestAClientOnStdioGetsTheParamHeadersA2026ServerOnHTTPAsksFor(t *testing.T) {
	calls := &proctest.Buffer{}
	srv := mcp.NewServer(&mcp.Implementation{Name: "headers", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2026-07-28"}})
	srv.AddTool(&mcp.Tool{Name: "get_region", Description: "Get what a region holds, routed by region.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"tries":{"type":"integer","x-mcp-header":"Tries"}},"required":["region"]}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			io.WriteString(calls, string(req.Params.Arguments)+"\n")
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
		})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.Header.Get(methodHeader) == "tools/call" && r.Header.Get(paramHeaderPrefix+"Region") == "" {
			http.Error(w, "no region header", http.StatusTeapot)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer ts.Close()
	r := start(t, Options{Upstream: mcpclient.Spec{Name: "test", URL: ts.URL}})
	s := r.sdkClient(t, nil)
	defer s.Close()
	ctx := context.Background()
	if _, err := s.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "get_region", Arguments: map[string]any{"region": "Zürich ", "tries": 3}})
	if err != nil || res.IsError {
		t.Fatalf("the call: %v %+v\nstderr: %s", err, res, r.stderr)
	}
	if !strings.Contains(calls.String(), "Zürich") {
		t.Errorf("the server received %q", calls)
	}
}

func TestAnAddressWithoutAHostIsListenedOnLoopback(t *testing.T) {
	tests := []struct{ in, want string }{
		{":7777", "127.0.0.1:7777"},
		{"0.0.0.0:7777", "0.0.0.0:7777"},
		{"[::1]:7777", "[::1]:7777"},
		{"example.com:80", "example.com:80"},
	}
	for _, tc := range tests {
		if got := listenAddress(tc.in); got != tc.want {
			t.Errorf("listenAddress(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestASessionIdleForLongEndsItsServer(t *testing.T) {
	proctest.SkipUnsupported(t)
	up, _ := testServer(t, "tools")
	mark := fmt.Sprintf("PROXY_TEST_MARK=%s-%d", t.Name(), time.Now().UnixNano())
	up.Env = append(up.Env, mark)
	h, _ := down(t, up, false)
	h.idleEnd = 50 * time.Millisecond
	init := jsonrpc.Parse([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`))
	if _, _, err := h.sessionFor(httptest.NewRequest(http.MethodPost, "/mcp", nil), &init); err != nil {
		t.Fatal(err)
	}
	if len(proctest.WithEnv(mark)) != 1 {
		t.Fatal("the session's server is not running")
	}
	go h.endIdle(10 * time.Millisecond)
	waitFor(t, "the idle session's end", func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.sessions) == 0
	})
	if left := waitNoneWith(mark, endBound); len(left) > 0 {
		t.Errorf("the idle session's server still runs: %v", left)
	}
}

// TestSessionsTheProxyEndsLeaveNothingRunning begins sessions over HTTP,
// each with a server of its own, and ends them with DELETE: once they
// are gone the proxy runs as many goroutines as it did before them.
func TestSessionsTheProxyEndsLeaveNothingRunning(t *testing.T) {
	up, _ := testServer(t, "raw")
	url, _, _ := serve(t, Options{Upstream: up}, listen(t))
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	session := func() {
		t.Helper()
		status, h, _ := post(t, url, init, nil)
		if status != http.StatusOK || h.Get(sessionHeader) == "" {
			t.Fatalf("initialize: status %d, no session", status)
		}
		req, _ := http.NewRequest(http.MethodDelete, url, nil)
		req.Header.Set(sessionHeader, h.Get(sessionHeader))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			t.Fatalf("DELETE: status %d", resp.StatusCode)
		}
	}
	session() // the client's connection, kept alive, counts from here
	baseline := runtime.NumGoroutine()
	const sessions = 20
	for range sessions {
		session()
	}
	waitFor(t, "end of the ended sessions' goroutines", func() bool { return runtime.NumGoroutine() <= baseline+2 })
}

// roundTripFunc is an http.RoundTripper of a function.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestTheUpstreamsOriginIsItsSchemeHostAndPort holds the requests the
// upstream's headers go with to RFC 6454's origin, as mcpclient holds
// its own: a port written or left to its scheme's default is the same.
func TestTheUpstreamsOriginIsItsSchemeHostAndPort(t *testing.T) {
	tests := []struct {
		upstream, request string
		sent              bool
	}{
		{"https://mcp.example.com/mcp", "https://mcp.example.com/other", true},
		{"https://mcp.example.com/mcp", "https://MCP.example.com:443/mcp", true},
		{"https://mcp.example.com:443/mcp", "https://mcp.example.com/mcp", true},
		{"http://mcp.example.com/mcp", "http://mcp.example.com:80/mcp", true},
		{"https://mcp.example.com/mcp", "https://mcp.example.com:8443/mcp", false},
		{"https://mcp.example.com/mcp", "http://mcp.example.com/mcp", false},
		{"https://mcp.example.com/mcp", "https://other.example.com/mcp", false},
	}
	for _, tc := range tests {
		t.Run(tc.upstream+" "+tc.request, func(t *testing.T) {
			s := newSession(t.Context(), &Options{Upstream: mcpclient.Spec{Name: "test", URL: tc.upstream, Header: http.Header{"Authorization": {"Bearer " + testToken}}}}, nil, &logger{w: io.Discard})
			up, err := newHTTPUp(s)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			up.client.Transport.(*originHeaders).base = roundTripFunc(func(r *http.Request) (*http.Response, error) {
				got = r.Header.Get("Authorization")
				return &http.Response{StatusCode: http.StatusNoContent, Body: http.NoBody, Request: r}, nil
			})
			req, _ := http.NewRequest(http.MethodGet, tc.request, nil)
			if _, err := up.client.Do(req); err != nil {
				t.Fatal(err)
			}
			if sent := got != ""; sent != tc.sent {
				t.Errorf("the headers went with the request: %v, want %v", sent, tc.sent)
			}
		})
	}
}

// countingListener counts the connections it accepted that are open,
// and the most that were at once.
type countingListener struct {
	net.Listener
	mu         sync.Mutex
	open, most int
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open++
	l.most = max(l.most, l.open)
	return &countedConn{Conn: c, l: l}, nil
}

func (l *countingListener) counts() (open, most int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, l.most
}

type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.open--
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

func TestClientsThatStallTakeNoMoreConnectionsThanTheBound(t *testing.T) {
	defer func(n int) { maxConnections = n }(maxConnections)
	maxConnections = 4
	const stalled = 20
	up, _ := testServer(t, "raw")
	l := &countingListener{Listener: listen(t)}
	url, stderr, _ := serve(t, Options{Upstream: up}, l)
	addr := strings.TrimPrefix(strings.TrimSuffix(url, HTTPPath), "http://")
	var conns []net.Conn
	for range stalled {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		// A body that never comes.
		fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", HTTPPath)
		conns = append(conns, c)
	}
	waitFor(t, "stalled connections accepted", func() bool { open, _ := l.counts(); return open >= maxConnections })
	// A client that comes now is answered once the stalled ones go.
	answered := make(chan []byte, 1)
	go func() {
		ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
		_, _, body := post(t, url, ping, modern(ping))
		answered <- body
	}()
	for _, c := range conns {
		c.Close()
	}
	select {
	case body := <-answered:
		if m := jsonrpc.Parse(body); m.Kind != jsonrpc.Response || m.Result == nil {
			t.Errorf("the client got %s, want the answer to its ping", body)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the client was not answered within 20 s of the stalled connections closing\nstderr:\n%s", stderr)
	}
	if _, most := l.counts(); most > maxConnections {
		t.Errorf("%d connections were served at once, more than the bound of %d", most, maxConnections)
	}
}

func TestABodyOverTheBoundIsRefusedNamingTheBoundAsPeopleWriteIt(t *testing.T) {
	up, _ := testServer(t, "raw")
	url, _, _ := serve(t, Options{Upstream: up, MaxMessage: 4096}, listen(t))
	status, _, body := post(t, url, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"`+strings.Repeat("x", 8192)+`"}}`, nil)
	if m := jsonrpc.Parse(body); status != http.StatusRequestEntityTooLarge || !strings.Contains(string(m.Error), "a message longer than 4 KiB, the most one message may hold") {
		t.Errorf("status %d, %s; want 413 naming the bound of 4 KiB", status, body)
	}
}

// TestABodyThatSaysItIsOverTheBoundIsRefusedBeforeItIsRead sends the
// head of a POST whose Content-Length is past the bound and no body: it
// is answered 413 at once, where it was read (and held in memory) up to
// the bound first, or waited for until the body's deadline.
func TestABodyThatSaysItIsOverTheBoundIsRefusedBeforeItIsRead(t *testing.T) {
	up, _ := testServer(t, "raw")
	url, _, _ := serve(t, Options{Upstream: up, MaxMessage: 4096}, listen(t))
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100000000\r\n\r\n", u.Path, u.Host)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if m := jsonrpc.Parse(body); resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(m.Error), "a message longer than 4 KiB") {
		t.Errorf("status %d, %s; want 413 naming the bound of 4 KiB", resp.StatusCode, body)
	}
}

// pendingCallMessage is the call 2 of echo, which the silent server
// never answers.
const pendingCallMessage = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`

// pendingCall sends pendingCallMessage, with header, and returns where
// its answer comes, once the call has reached the server.
func pendingCall(t *testing.T, url string, header http.Header, record *proctest.Buffer) <-chan []byte {
	t.Helper()
	answered := make(chan []byte, 1)
	go func() {
		_, _, body := post(t, url, pendingCallMessage, header)
		answered <- body
	}()
	waitFor(t, "call passed on", func() bool {
		return strings.Contains(record.String(), `"method":"tools/call","id":2,"tool":"echo","bytes":`)
	})
	return answered
}

func TestDeletingASessionAnswersWhatItsServerWasStillToAnswer(t *testing.T) {
	up, _ := testServer(t, "silent")
	url, _, record := serve(t, Options{Upstream: up}, listen(t))
	_, h, _ := post(t, url, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`, nil)
	session := http.Header{sessionHeader: {h.Get(sessionHeader)}}
	post(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, session)
	answered := pendingCall(t, url, session, record)
	req, _ := http.NewRequest(http.MethodDelete, url, nil)
	req.Header = session
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	select {
	case body := <-answered:
		if m := jsonrpc.Parse(body); m.Error == nil || !strings.Contains(string(m.Error), "the session was ended") {
			t.Errorf("the call waiting got %s; want an error saying the session was ended", body)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the call waiting was not answered within 20 s of its session's end")
	}
}

func TestARequestWaitingWhenTheProxyStopsIsAnsweredWithAnError(t *testing.T) {
	up, _ := testServer(t, "silent")
	l := listen(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	record := &proctest.Buffer{}
	go func() {
		done <- Run(ctx, Options{Upstream: up, Downstream: Downstream{Listener: l}, Stderr: io.Discard, Record: record})
	}()
	defer cancel()
	url := "http://" + l.Addr().String() + HTTPPath
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	post(t, url, list, modern(list))
	answered := pendingCall(t, url, modern(pendingCallMessage), record)
	cancel()
	select {
	case body := <-answered:
		if m := jsonrpc.Parse(body); m.Kind != jsonrpc.Response || string(m.ID) != "2" || !strings.Contains(string(m.Error), "the proxy is stopping") {
			t.Errorf("the call waiting got %q; want an error saying the proxy is stopping", body)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the call waiting was not answered within 20 s of the proxy stopping")
	}
	<-done
	if !strings.Contains(record.String(), `"from":"proxy","to":"client","kind":"response","method":"tools/call","id":2,`) {
		t.Errorf("the record does not hold the answer the proxy gave:\n%s", record)
	}
}

// sentUp is an upstream that keeps what it is sent.
type sentUp struct {
	mu   sync.Mutex
	msgs [][]byte
}

func (u *sentUp) send(msg []byte, _ *request, _ http.Header) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.msgs = append(u.msgs, bytes.Clone(msg))
	return nil
}

func (u *sentUp) close() error { return nil }

func TestARequestOfTheServersThatNoStreamCanCarryIsAnsweredWithAnError(t *testing.T) {
	opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}}
	s := newSession(t.Context(), opt, nil, &logger{w: io.Discard})
	up := &sentUp{}
	// A session of one client's over HTTP, between its requests, with no
	// GET stream open.
	s.up, s.down = up, &downSession{id: "s1", s: s}
	s.fromServer([]byte(`{"jsonrpc":"2.0","id":"r1","method":"roots/list"}`), nil)
	if len(up.msgs) != 1 {
		t.Fatalf("the server was sent %q; want one answer to its request", up.msgs)
	}
	if m := jsonrpc.Parse(up.msgs[0]); m.Kind != jsonrpc.Response || string(m.ID) != `"r1"` || !strings.Contains(string(m.Error), "no stream is open to the client") {
		t.Errorf("the server was sent %s; want an error answering r1", up.msgs[0])
	}
}

func TestASessionsNewGETStreamEndsTheOneBefore(t *testing.T) {
	up, _ := testServer(t, "tools")
	url, _, _ := serve(t, Options{Upstream: up}, listen(t))
	_, h, _ := post(t, url, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`, nil)
	stream := func() *http.Response {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(sessionHeader, h.Get(sessionHeader))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	first := stream()
	stream()
	ended := make(chan struct{})
	go func() {
		io.Copy(io.Discard, first.Body)
		close(ended)
	}()
	select {
	case <-ended:
	case <-time.After(20 * time.Second):
		t.Fatal("the first stream was still open 20 s after the session opened another")
	}
}

func TestASessionUnusedPastItsHandshakeEndsSoonerThanAnIdleOne(t *testing.T) {
	up, _ := testServer(t, "tools")
	h, _ := down(t, up, false)
	h.unusedEnd = 50 * time.Millisecond // idleEnd stays 30 minutes
	begin := func(exchanges int) *downSession {
		init := jsonrpc.Parse([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`))
		ds, _, err := h.sessionFor(httptest.NewRequest(http.MethodPost, "/mcp", nil), &init)
		if err != nil {
			t.Fatal(err)
		}
		for range exchanges {
			x := &exchange{}
			ds.opened(x)
			ds.closedExchange(x)
		}
		return ds
	}
	handshake, used := begin(2), begin(3)
	go h.endIdle(10 * time.Millisecond)
	waitFor(t, "the unused session's end", func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return h.sessions[handshake.id] == nil
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.sessions[used.id] == nil {
		t.Error("a session used past its handshake ended before it was idle for long")
	}
}

// TestABodyThatStopsShortIsAnsweredAndItsConnectionClosed sends a POST
// whose body stops short of its Content-Length: the proxy answers 408
// once the body's time is up and closes the connection, rather than
// wait for the rest of the body for ever after answering.
func TestABodyThatStopsShortIsAnsweredAndItsConnectionClosed(t *testing.T) {
	up, _ := testServer(t, "tools")
	h, url := down(t, up, true)
	h.bodyEnd = 100 * time.Millisecond
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), HTTPPath)

	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,", HTTPPath, addr)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second)) // a guard: the proxy has 100 ms
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a body that stopped short: %v", err)
	}
	rest, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(rest), "did not arrive within") {
		t.Errorf("answer %d %q, want 408 saying the body did not arrive", resp.StatusCode, rest)
	}
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	if _, err := conn.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("the connection was not closed after the answer: %v", err)
	}
}

// TestARequestWithoutItsSessionIsAnswered400InARevisionWithSessions
// sends requests without an Mcp-Session-Id to the proxy in front of a
// spawned server: initialize begins a session; a request of MCP
// 2026-07-28, which keeps none, goes to the server clients share; any
// other message, or one that names no revision (MCP 2025-03-26, as a
// server takes it), is answered 400 Bad Request, as MCP 2025-11-25 has a
// server that keeps sessions answer it, and reaches no server. A GET
// or DELETE without a session is 400 too, but 405 of 2026-07-28, which
// has neither.
func TestARequestWithoutItsSessionIsAnswered400InARevisionWithSessions(t *testing.T) {
	legacy := http.Header{versionHeader: {"2025-11-25"}}
	tests := []struct {
		name       string
		method     string // POST when empty
		msg        string
		header     http.Header
		status     int
		reachesOne bool // a server receives the message
	}{
		{name: "a request of MCP 2025-11-25", msg: `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, header: legacy, status: http.StatusBadRequest},
		{name: "a request naming no revision", msg: `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, status: http.StatusBadRequest},
		{name: "a notification of MCP 2025-11-25", msg: `{"jsonrpc":"2.0","method":"notifications/initialized"}`, header: legacy, status: http.StatusBadRequest},
		{name: "a response of MCP 2025-11-25", msg: `{"jsonrpc":"2.0","id":"r1","result":{}}`, header: legacy, status: http.StatusBadRequest},
		{name: "initialize", msg: `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`, status: http.StatusOK, reachesOne: true},
		{name: "a request of MCP 2026-07-28", msg: `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`, header: modern(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`), status: http.StatusOK, reachesOne: true},
		{name: "a request whose _meta names MCP 2026-07-28", msg: `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`, status: http.StatusOK, reachesOne: true},
		{name: "server/discover", msg: `{"jsonrpc":"2.0","id":7,"method":"server/discover"}`, status: http.StatusOK, reachesOne: true},
		{name: "a GET of MCP 2025-11-25", method: http.MethodGet, header: legacy, status: http.StatusBadRequest},
		{name: "a GET of MCP 2026-07-28", method: http.MethodGet, header: modern(`{}`), status: http.StatusMethodNotAllowed},
		{name: "a DELETE of MCP 2025-11-25", method: http.MethodDelete, header: legacy, status: http.StatusBadRequest},
		{name: "a DELETE of MCP 2026-07-28", method: http.MethodDelete, header: modern(`{}`), status: http.StatusMethodNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			up, received := testServer(t, "scripted")
			url, _, _ := serve(t, Options{Upstream: up}, listen(t))
			method := cmp.Or(tc.method, http.MethodPost)
			status, _, body := do(t, method, url, tc.msg, tc.header)
			if status != tc.status {
				t.Errorf("status %d, %s; want %d", status, body, tc.status)
			}
			if m := jsonrpc.Parse([]byte(tc.msg)); tc.status == http.StatusBadRequest && method == http.MethodPost {
				if answer := jsonrpc.Parse(body); answer.Kind != jsonrpc.Response || answer.Error == nil || string(answer.ID) != cmp.Or(string(requestID(&m)), "null") {
					t.Errorf("the answer %s; want a JSON-RPC error with the request's id", body)
				}
			}
			if got := len(callsReceived(t, received)) > 0; got != tc.reachesOne {
				t.Errorf("a server received %q; want it received: %v", callsReceived(t, received), tc.reachesOne)
			}
		})
	}
}
