package mcpclient

// Servers of MCP 2026-07-28 and of the revision before: the handshake,
// list_changed through subscriptions/listen, what a listing says of
// itself, and input_required results.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// delayEnv is how long the slow server sleeps before it serves.
const delayEnv = "MCPCLIENT_TEST_DELAY"

// newModernServer is a server that speaks MCP 2026-07-28 only, whose
// listings say they stay fresh for ttl milliseconds:
//
//	echo      {text}: the text back
//	add_tool  adds the tool "added", and so sends list_changed
//	login     asks for a GitHub login by an elicitation form, and greets it
//	busy      answers with a requestState alone, and completes when
//	          called again with it
//	raw       answers with the result rawCall holds, as written
func newModernServer(ttl int) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "test-modern", Version: "2.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{Revision20260728},
		SetCacheable: func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) {
			c.TTLMs, c.CacheScope = ttl, "public"
		},
	})
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echo the text back."},
		func(ctx context.Context, req *mcp.CallToolRequest, in echoArgs) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "add_tool", Description: "Add the tool 'added'."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			s.AddTool(&mcp.Tool{Name: "added", InputSchema: json.RawMessage(`{"type":"object"}`)},
				func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return &mcp.CallToolResult{}, nil
				})
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "added"}}}, nil, nil
		})
	s.AddTool(&mcp.Tool{Name: "login", Description: "Greet a GitHub user.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			answer, ok := req.Params.InputResponses["github_login"].(*mcp.ElicitResult)
			if !ok {
				return &mcp.CallToolResult{
					InputRequests: mcp.InputRequestMap{"github_login": &mcp.ElicitParams{
						Message:         "Please provide your GitHub username",
						RequestedSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"Your login."}},"required":["name"]}`),
					}},
					RequestState: "state-1",
				}, nil
			}
			if answer.Action != "accept" || req.Params.RequestState != "state-1" {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no login: " + answer.Action}}, IsError: true}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("hello, %v", answer.Content["name"])}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "busy", Description: "Ask to be called again.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if req.Params.RequestState != "retry" {
				// No requests, a state: the SDK sends an empty inputRequests.
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{}, RequestState: "retry"}, nil
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
	return s
}

// newLegacyServer is a server of MCP 2025-11-25, which knows no
// server/discover.
func newLegacyServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "test-legacy", Version: "1.0.0"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25"}})
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echo the text back."},
		func(ctx context.Context, req *mcp.CallToolRequest, in echoArgs) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	return s
}

// rawCallResult is a tools/call result written as the bytes it holds.
type rawCallResult struct {
	*mcp.CallToolResult
	raw json.RawMessage
}

func (r rawCallResult) MarshalJSON() ([]byte, error) { return r.raw, nil }

// serveRawCalls makes s answer a call of the tool "raw" with the result
// raw holds, as written.
func serveRawCalls(s *mcp.Server, raw *atomic.Value) {
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if r, ok := req.(*mcp.CallToolRequest); ok && r.Params.Name == "raw" {
				return rawCallResult{&mcp.CallToolResult{}, json.RawMessage(raw.Load().(string))}, nil
			}
			return next(ctx, method, req)
		}
	})
}

// modernHTTP serves s statelessly over Streamable HTTP, as a server of
// MCP 2026-07-28 is served, and returns the Spec that reaches it.
func modernHTTP(t *testing.T, s *mcp.Server) Spec {
	t.Helper()
	return httpSpec(t, newHTTPServer(t, s, &mcp.StreamableHTTPOptions{Stateless: true}))
}

// eitherTransport connects to the modern server over stdio and over
// HTTP, for each to be tested alike.
func eitherTransport(t *testing.T) map[string]func(t *testing.T) *Client {
	return map[string]func(t *testing.T) *Client{
		"stdio": func(t *testing.T) *Client { return connectStdio(t, "modern") },
		"http":  func(t *testing.T) *Client { return connectHTTP(t, modernHTTP(t, newModernServer(0))) },
	}
}

func TestConnectWithoutAVersionReachesServersOfEitherRevision(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		connect func(t *testing.T) *Client
		want    string
	}{
		{"2026-07-28 over stdio", func(t *testing.T) *Client { return connectStdio(t, "modern") }, "2026-07-28"},
		{"2026-07-28 over HTTP", func(t *testing.T) *Client { return connectHTTP(t, modernHTTP(t, newModernServer(0))) }, "2026-07-28"},
		{"2025-11-25 over stdio", func(t *testing.T) *Client { return connectStdio(t, "legacy") }, "2025-11-25"},
		{"2025-11-25 over HTTP", func(t *testing.T) *Client {
			s := mcp.NewServer(&mcp.Implementation{Name: "test-legacy", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25"}})
			mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echo."}, func(ctx context.Context, req *mcp.CallToolRequest, in echoArgs) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
			})
			return connectHTTP(t, httpSpec(t, newHTTPServer(t, s, nil)))
		}, "2025-11-25"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.connect(t)
			if got := c.ProtocolVersion(); got != tc.want {
				t.Errorf("ProtocolVersion = %q, want %q", got, tc.want)
			}
			if c.Modern() != (tc.want == Revision20260728) {
				t.Errorf("Modern = %v", c.Modern())
			}
			list, err := c.ListTools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if list.ProtocolVersion != tc.want || !strings.Contains(string(list.Document), `"name":"echo"`) {
				t.Errorf("listing of revision %q:\n%s", list.ProtocolVersion, list.Document)
			}
			res, err := c.Call(context.Background(), "echo", json.RawMessage(`{"text":"hi"}`))
			if err != nil || res.IsError || res.InputRequired != nil || !strings.Contains(string(res.Result), `"text":"hi"`) {
				t.Errorf("echo: %v, %+v", err, res)
			}
		})
	}
}

func TestAVersionAskedForIsTheOneAsked(t *testing.T) {
	t.Parallel()
	spec := modernHTTP(t, newModernServer(0))
	spec.ProtocolVersion = "2025-11-25"
	_, err := Connect(context.Background(), spec)
	var herr *HTTPError
	if !errors.As(err, &herr) || herr.StatusCode != http.StatusBadRequest || !strings.Contains(err.Error(), "initialize: HTTP 400") || !strings.Contains(err.Error(), "2026-07-28") {
		t.Errorf("got %v, want initialize refused with HTTP 400, naming 2026-07-28", err)
	}
}

func TestListChangedComesThroughSubscriptionsListen(t *testing.T) {
	t.Parallel()
	for name, connect := range eitherTransport(t) {
		t.Run(name, func(t *testing.T) {
			c := connect(t)
			if !c.ServerInfo().ToolsListChanged {
				t.Fatalf("the server does not say it sends list_changed: %+v", c.ServerInfo())
			}
			if _, err := c.Call(context.Background(), "add_tool", nil); err != nil {
				t.Fatal(err)
			}
			select {
			case <-c.ListChanged():
			case <-time.After(3 * time.Second):
				t.Fatal("no list_changed after add_tool")
			}
			list, err := c.ListTools(context.Background())
			if err != nil || !strings.Contains(string(list.Document), `"name":"added"`) {
				t.Errorf("the listing after list_changed lacks the tool added: %v\n%s", err, list.Document)
			}
		})
	}
}

func TestAListingIsAlwaysTheServersAnswerOfNow(t *testing.T) {
	t.Parallel()
	// The server says its listing stays fresh for a minute, and the SDK
	// would answer a listing from its copy: toolbench asks the server.
	s := newModernServer(60000)
	var lists atomic.Int32
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				lists.Add(1)
			}
			return next(ctx, method, req)
		}
	})
	c := connectHTTP(t, modernHTTP(t, s))
	for i := range 2 {
		list, err := c.ListTools(context.Background())
		if err != nil {
			t.Fatalf("listing %d: %v", i+1, err)
		}
		if got := string(list.Pages[0].TTLMs); got != "60000" {
			t.Errorf("listing %d: ttlMs %s, want the server's 60000", i+1, got)
		}
	}
	if n := lists.Load(); n != 2 {
		t.Errorf("the server was asked %d times for 2 listings", n)
	}
}

func TestAPageKeepsWhatItSaysOfItself(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                        string
		connect                     func(t *testing.T) *Client
		resultType, ttl, cacheScope string
	}{
		{"2026-07-28", func(t *testing.T) *Client { return connectStdio(t, "modern") }, `"complete"`, `0`, `"public"`},
		{"a page without them", func(t *testing.T) *Client { return connectStdio(t, "pages") }, "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			list, err := tc.connect(t).ListTools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			p := list.Pages[0]
			if string(p.ResultType) != tc.resultType || string(p.TTLMs) != tc.ttl || string(p.CacheScope) != tc.cacheScope {
				t.Errorf("resultType %s, ttlMs %s, cacheScope %s; want %s, %s, %s", p.ResultType, p.TTLMs, p.CacheScope, tc.resultType, tc.ttl, tc.cacheScope)
			}
		})
	}
}

func TestAnInputRequiredResultSaysWhatItAsksAndIsAnswered(t *testing.T) {
	t.Parallel()
	for name, connect := range eitherTransport(t) {
		t.Run(name, func(t *testing.T) {
			c := connect(t)
			ctx := context.Background()
			res, err := c.Call(ctx, "login", nil)
			if err != nil {
				t.Fatal(err)
			}
			in := res.InputRequired
			if in == nil || len(in.Requests) != 1 || !in.HasState || in.State != "state-1" {
				t.Fatalf("InputRequired = %+v in %s", in, res.Result)
			}
			r := in.Requests[0]
			if r.Key != "github_login" || r.Method != MethodElicit || !r.Form() || r.Message != "Please provide your GitHub username" ||
				!strings.Contains(string(r.Schema), `"required":["name"]`) {
				t.Errorf("request = %+v", r)
			}
			res, err = c.Answer(ctx, "login", nil, in, map[string]InputResponse{"github_login": {Action: "accept", Content: json.RawMessage(`{"name":"octocat"}`)}})
			if err != nil {
				t.Fatal(err)
			}
			if res.InputRequired != nil || res.IsError || !strings.Contains(string(res.Result), "hello, octocat") {
				t.Errorf("answered: %s", res.Result)
			}
		})
	}
}

func TestAStateAloneIsSentBack(t *testing.T) {
	t.Parallel()
	c := connectStdio(t, "modern")
	ctx := context.Background()
	res, err := c.Call(ctx, "busy", nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.InputRequired == nil || len(res.InputRequired.Requests) != 0 || res.InputRequired.State != "retry" {
		t.Fatalf("InputRequired = %+v", res.InputRequired)
	}
	res, err = c.Answer(ctx, "busy", nil, res.InputRequired, nil)
	if err != nil || !strings.Contains(string(res.Result), "done") {
		t.Errorf("called again: %v, %s", err, res.Result)
	}
}

func TestAMalformedInputRequiredResultIsOneError(t *testing.T) {
	t.Parallel()
	var raw atomic.Value
	s := newModernServer(0)
	serveRawCalls(s, &raw)
	s.AddTool(&mcp.Tool{Name: "raw", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	c := connectInMemory(t, s)
	tests := []struct {
		name, result string
		at           string // what the error's position is at
		want         string
	}{
		{"an unknown resultType", `{"resultType":"partial","content":[]}`, `"partial"`,
			`"resultType" is "partial": a client knows "complete" and "input_required", and must take any other as invalid`},
		{"a resultType that is no string", `{"resultType":1}`, `1}`, `"resultType" is a number, not a string`},
		{"nothing asked", `{"resultType":"input_required"}`, `"input_required"`,
			`an input_required result with neither "inputRequests" nor "requestState": it must hold at least one`},
		{"requests that are a list", `{"resultType":"input_required","inputRequests":[]}`, `[]`,
			`"inputRequests" is a list, not an object of requests`},
		{"a method a server may not ask", `{"resultType":"input_required","inputRequests":{"x":{"method":"tools/list"}}}`, `{"method":"tools/list"}`,
			`inputRequests["x"]: the method "tools/list" is none of elicitation/create, sampling/createMessage and roots/list, the requests a server may make`},
		{"a form without a schema", `{"resultType":"input_required","inputRequests":{"x":{"method":"elicitation/create","params":{"message":"Name?"}}}}`, `{"method":"elicitation/create"`,
			`inputRequests["x"]: a form has no "requestedSchema" object`},
		{"a state that is no string", `{"resultType":"input_required","requestState":7}`, `7}`, `"requestState" is a number, not a string`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw.Store(tc.result)
			_, err := c.Call(context.Background(), "raw", nil)
			var re *ResponseError
			if !errors.As(err, &re) || re.Name() != "tools/call response" || re.Msg != tc.want {
				t.Fatalf("got  %v\nwant tools/call response:LINE:COL: %s", err, tc.want)
			}
			if re.Line != 1 || !strings.HasPrefix(string(re.Message[re.Column-1:]), tc.at) {
				t.Errorf("%d:%d is at %.30q, want %q", re.Line, re.Column, re.Message[re.Column-1:], tc.at)
			}
		})
	}
}

func TestASlowStartIsWaitedForAndSaidOnce(t *testing.T) {
	t.Parallel()
	spec := serverSpec(t, "slow")
	spec.Env = append(spec.Env, delayEnv+"=1500ms")
	spec.Timeout = 200 * time.Millisecond // a request's bound is not the start's
	var lines []string
	spec.Progress = func(line string) { lines = append(lines, line) }
	c, err := Connect(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	want := []string{"starting slow, waiting for its first answer (--start-timeout 3s)", ""}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("progress %q, want %q", lines, want)
	}
}

func TestAStartPastItsAllowanceNamesTheFlagThatRaisesIt(t *testing.T) {
	t.Parallel()
	spec := serverSpec(t, "slow")
	spec.Env = append(spec.Env, delayEnv+"=5s")
	spec.StartTimeout = 300 * time.Millisecond
	_, err := Connect(context.Background(), spec)
	var te *TimeoutError
	if !errors.As(err, &te) || te.Flag != "--start-timeout" {
		t.Fatalf("got %v, want a *TimeoutError for --start-timeout", err)
	}
	if want := "connect to slow: server/discover: no answer within 300ms (--start-timeout raises it)"; err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}

func TestAPackageRunnersStartSaysItMayBeInstalling(t *testing.T) {
	t.Parallel()
	spec := Spec{Command: []string{"npx", "-y", "@modelcontextprotocol/server-everything@2026.8.31"}}
	want := "starting @modelcontextprotocol/server-everything, npx may be installing it (--start-timeout 60s)"
	if got := spec.startLine(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// A server of the servers file is named as the file names it, and
	// by what it runs: the name alone says nothing of npx's download.
	spec.Name = "everything"
	want = "starting everything (@modelcontextprotocol/server-everything), npx may be installing it (--start-timeout 60s)"
	if got := spec.startLine(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	spec.Name = "node"
	spec.Command = []string{"node", "server.js"}
	if got, want := spec.startLine(), "starting node, waiting for its first answer (--start-timeout 60s)"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
