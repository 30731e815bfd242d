package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/proctest"
)

// heldLint takes lint_tools' place in a server: each call says it started,
// by its tools_path, and holds its slot until the test releases it.
type heldLint struct {
	started   chan string
	release   chan struct{}
	ended     chan struct{} // closed when the test ends: every call returns
	cancelled chan string   // the calls whose context ended while they ran
}

func newHeldLint(s *server, srv *mcp.Server) *heldLint {
	h := &heldLint{started: make(chan string, 8), release: make(chan struct{}), ended: make(chan struct{}), cancelled: make(chan string, 8)}
	mcp.AddTool(srv, &mcp.Tool{Name: lintToolName, InputSchema: schemaOf[lintInput](lintInputDocs, false)},
		func(ctx context.Context, _ *mcp.CallToolRequest, in lintInput) (*mcp.CallToolResult, any, error) {
			h.started <- *in.ToolsPath
			select {
			case <-h.release:
				return textResult("done"), nil, nil
			case <-h.ended:
				return textResult("ended"), nil, nil
			case <-ctx.Done():
				h.cancelled <- *in.ToolsPath
				return nil, nil, ctx.Err()
			}
		})
	return h
}

// heldArgs are lint_tools' arguments naming a call by path; pad makes the
// request at least that many bytes long, with the document inline.
func heldArgs(path string, pad int) map[string]any {
	var tools any
	if pad > 0 {
		tools = strings.Repeat(" ", pad) + "[]"
	}
	return map[string]any{"tools": tools, "tools_path": path, "targets": nil, "ignore": nil}
}

// limitedServer is a server of one call at a time, its lint held, and
// what it logs.
func limitedServer(t *testing.T) (*server, *mcp.Server, *heldLint, *proctest.Buffer) {
	t.Helper()
	var log proctest.Buffer
	opt := Options{Root: t.TempDir(), MaxCalls: 1, Log: &log}
	s, err := newServer(opt)
	if err != nil {
		t.Fatal(err)
	}
	srv := s.mcpServer(opt)
	return s, srv, newHeldLint(s, srv), &log
}

// inMemory is a client's session with srv, closed when the test ends.
func inMemory(t *testing.T, srv *mcp.Server) *mcp.ClientSession {
	t.Helper()
	serverT, clientT := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(), clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// overHTTP is a client's session with srv served over Streamable HTTP
// through s's handler.
func overHTTP(t *testing.T, s *server, srv *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ts := httptest.NewServer(s.httpHandler(srv, Options{}, false))
	t.Cleanup(ts.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// patience is how long a test waits for what must happen; it never waits
// this long unless the server is wrong.
const patience = time.Minute

// startedCall waits for a held call to start and returns its path.
func (h *heldLint) startedCall(t *testing.T) string {
	t.Helper()
	select {
	case path := <-h.started:
		return path
	case <-time.After(patience):
		t.Fatal("no call started")
		return ""
	}
}

// untilWaiting waits until n calls wait for a slot, failing the test if
// a call starts meanwhile.
func (h *heldLint) untilWaiting(t *testing.T, s *server, n int64) {
	t.Helper()
	for deadline := time.Now().Add(patience); s.limit.waiting.Load() != n; time.Sleep(time.Millisecond) {
		select {
		case path := <-h.started:
			t.Fatalf("call %s started while another held the one slot", path)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d calls wait for a slot, want %d", s.limit.waiting.Load(), n)
		}
	}
}

// connections are the ways a client reaches the server, each with the
// size its requests are padded to.
var connections = []struct {
	name    string
	connect func(*testing.T, *server, *mcp.Server) *mcp.ClientSession
	pad     int
}{
	{"in memory, as on stdio", func(t *testing.T, _ *server, srv *mcp.Server) *mcp.ClientSession { return inMemory(t, srv) }, 0},
	{"over HTTP, a small request", overHTTP, 0},
	// The request's body is read within the server's bytes of large
	// bodies, and its call waits in the handler and takes no second slot.
	{"over HTTP, a large request", overHTTP, largeBody},
}

func TestACallWaitsForTheOneBeforeItToEnd(t *testing.T) {
	t.Parallel()
	for _, tc := range connections {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, srv, held, _ := limitedServer(t)
			cs := tc.connect(t, s, srv)
			t.Cleanup(func() { close(held.ended) }) // before the session closes
			answered := make(chan string, 2)
			callHeld := func(path string) {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: lintToolName, Arguments: heldArgs(path, tc.pad)})
				if err != nil || res.IsError {
					t.Errorf("call %s: %v %v", path, err, res)
				}
				answered <- path
			}
			go callHeld("first")
			if got := held.startedCall(t); got != "first" {
				t.Fatalf("call %s started, want first", got)
			}
			go callHeld("second")
			held.untilWaiting(t, s, 1)

			held.release <- struct{}{}
			if got := <-answered; got != "first" {
				t.Errorf("call %s answered first", got)
			}
			if got := held.startedCall(t); got != "second" {
				t.Fatalf("call %s started, want second", got)
			}
			held.release <- struct{}{}
			<-answered
		})
	}
}

// A call whose request ends while it waits leaves the queue and never
// runs: on stdio its client cancels it (notifications/cancelled); over
// HTTP, whose requests are each a session of their own, its client
// closes the request, which a server learns once it has read the body:
// a large one that waits unread leaves the queue when its turn comes, as
// its body cannot be read.
func TestACallCancelledWhileItWaitsLeavesTheQueueAndNeverRuns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		call func(context.Context, *testing.T, *server, *mcp.Server) func(ctx context.Context, path string) error
	}{
		{"in memory, as on stdio", func(_ context.Context, t *testing.T, _ *server, srv *mcp.Server) func(ctx context.Context, path string) error {
			cs := inMemory(t, srv)
			return func(ctx context.Context, path string) error {
				_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: lintToolName, Arguments: heldArgs(path, 0)})
				return err
			}
		}},
		{"over HTTP", func(_ context.Context, t *testing.T, s *server, srv *mcp.Server) func(ctx context.Context, path string) error {
			ts := httptest.NewServer(s.httpHandler(srv, Options{}, false))
			t.Cleanup(ts.Close)
			return func(ctx context.Context, path string) error { return postHeld(ctx, ts.URL, path) }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, srv, held, log := limitedServer(t)
			call := tc.call(context.Background(), t, s, srv)
			t.Cleanup(func() { close(held.ended) }) // before the server closes
			firstDone := make(chan error, 1)
			go func() { firstDone <- call(context.Background(), "first") }()
			held.startedCall(t)

			ctx, cancel := context.WithCancel(context.Background())
			secondDone := make(chan error, 1)
			go func() { secondDone <- call(ctx, "cancelled") }()
			held.untilWaiting(t, s, 1)
			cancel()
			select {
			case err := <-secondDone:
				if err == nil {
					t.Error("the cancelled call was answered")
				}
			case <-time.After(patience):
				t.Fatal("the cancelled call has not returned")
			}
			// The server's side: the call leaves the queue while the
			// first still holds the slot, and says so.
			held.untilWaiting(t, s, 0)
			for deadline := time.Now().Add(patience); !strings.Contains(log.String(), "lint_tools stopped: the request was cancelled"); time.Sleep(time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the log does not say the waiting call stopped:\n%s", log.String())
				}
			}

			held.release <- struct{}{}
			if err := <-firstDone; err != nil {
				t.Fatalf("first call: %v", err)
			}
			// The next call is the one to run: the cancelled one never does.
			afterDone := make(chan error, 1)
			go func() { afterDone <- call(context.Background(), "after") }()
			if got := held.startedCall(t); got != "after" {
				t.Errorf("call %s started, want after: the cancelled call ran", got)
			}
			held.release <- struct{}{}
			<-afterDone
		})
	}
}

// The tools that read no document (explain_code) and the methods that
// are no call wait for no slot, however many calls hold them.
func TestAnExplanationDoesNotWaitForTheCallsThatReadDocuments(t *testing.T) {
	t.Parallel()
	_, srv, held, _ := limitedServer(t)
	cs := inMemory(t, srv)
	t.Cleanup(func() { close(held.ended) }) // before the session closes
	go cs.CallTool(context.Background(), &mcp.CallToolParams{Name: lintToolName, Arguments: heldArgs("first", 0)})
	held.startedCall(t)
	defer func() { held.release <- struct{}{} }()
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Errorf("tools/list: %v", err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: explainToolName, Arguments: map[string]any{"code": "short-description"}})
	if err != nil || res.IsError {
		t.Errorf("explain_code: %v %v", err, res)
	}
}

// postHeld calls the held lint by path in a POST of its own to url, as a
// client over HTTP does, and reads the answer.
func postHeld(ctx context.Context, url, path string) error {
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
		"params": map[string]any{"name": lintToolName, "arguments": heldArgs(path, 0)}})
	req, _ := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.ReadAll(resp.Body)
	return err
}

// A call over HTTP runs in a context the SDK makes; the request's end
// ends it all the same, as a cancelled call's on stdio.
func TestACallOverHTTPEndsWhenItsClientGoesAway(t *testing.T) {
	t.Parallel()
	s, srv, held, _ := limitedServer(t)
	ts := httptest.NewServer(s.httpHandler(srv, Options{}, false))
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(held.ended) })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- postHeld(ctx, ts.URL, "running") }()
	held.startedCall(t)
	cancel()
	select {
	case path := <-held.cancelled:
		if path != "running" {
			t.Errorf("call %s ended, want running", path)
		}
	case <-time.After(patience):
		t.Fatal("the call runs on after its client went away")
	}
	<-done
}

// A large body that arrives slowly holds no call slot: another client's
// call runs meanwhile.
func TestASlowLargeBodyKeepsNoCallFromRunning(t *testing.T) {
	t.Parallel()
	s, srv, held, _ := limitedServer(t)
	// The body outlasts the test's patience: the call must run before
	// the body's time is up, not once it is.
	ts := httptest.NewServer(s.httpHandler(srv, Options{BodyTimeout: 2 * patience}, false))
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(held.ended) })
	stalled, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	req, _ := http.NewRequest("POST", ts.URL, stalled)
	req.ContentLength = 1 << 20 // said, never sent
	req.Header.Set("Content-Type", "application/json")
	go func() {
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	// More than the client's buffer, so that the request reaches the
	// server, and then no more.
	if _, err := pw.Write(bytes.Repeat([]byte(" "), 16<<10)); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- postHeld(context.Background(), ts.URL, "small") }()
	if got := held.startedCall(t); got != "small" {
		t.Fatalf("call %s started, want small", got)
	}
	held.release <- struct{}{}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestABodyCountsItsLengthOrTheLargestMessage(t *testing.T) {
	h := &checkedHandler{maxBody: 16 << 20}
	for _, tc := range []struct {
		name   string
		length int64
		want   int64
	}{
		{"a small body", 100, 0},
		{"a large body", 1 << 20, 1 << 20},
		{"a body of no said length (chunked)", -1, 16 << 20},
		{"a body past the largest message", 32 << 20, 16 << 20},
	} {
		if got := h.bodyWeight(&http.Request{ContentLength: tc.length}); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
