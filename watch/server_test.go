package watch

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
)

// fakeLister serves the tool lists a test sets, and counts the listings.
type fakeLister struct {
	mu      sync.Mutex
	list    string // the tools document ListTools returns
	version string // the session's revision; its listings' pages say nothing of themselves
	listErr error  // or the error it fails with
	block   bool   // ListTools waits for its context instead
	lists   int

	changed chan struct{}
	done    chan struct{}
	err     error // Err once done is closed
}

func newFakeLister(list string) *fakeLister {
	return &fakeLister{list: list, changed: make(chan struct{}, 1), done: make(chan struct{})}
}

func (f *fakeLister) Name() string                 { return "fake" }
func (f *fakeLister) ListChanged() <-chan struct{} { return f.changed }
func (f *fakeLister) Done() <-chan struct{}        { return f.done }
func (f *fakeLister) Err() error                   { return f.err }

func (f *fakeLister) ListTools(ctx context.Context) (*mcpclient.ToolList, error) {
	f.mu.Lock()
	f.lists++
	list, err, block := f.list, f.listErr, f.block
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	tl := &mcpclient.ToolList{Name: "fake", Document: []byte(list), ProtocolVersion: f.version}
	if f.version != "" {
		tl.Pages = []mcpclient.Page{{Tools: strings.Count(list, `"name"`)}}
	}
	return tl, nil
}

func (f *fakeLister) set(list string, err error) {
	f.mu.Lock()
	f.list, f.listErr = list, err
	f.mu.Unlock()
}

func (f *fakeLister) listings() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lists
}

// notify is the server saying its tools changed.
func (f *fakeLister) notify() {
	select {
	case f.changed <- struct{}{}:
	default:
	}
}

const (
	serverToolA = `{"tools": [
{"name":"alpha","description":"Find things in the index.","inputSchema":{"type":"object"}}
]}`
	serverToolB = `{"tools": [
{"name":"beta","description":"Find other things in the index.","inputSchema":{"type":"object"}}
]}`
)

func startServer(t *testing.T, src ToolLister, first *jsondoc.Document, opts Options) *ServerWatcher {
	t.Helper()
	w := NewServer(src, first, opts)
	t.Cleanup(func() { w.Close() })
	return w
}

func nextFrom(t *testing.T, events <-chan Event) Event {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatal("Events closed while an event was expected")
		}
		return ev
	case <-time.After(waitLimit):
		t.Fatalf("no event within %v", waitLimit)
	}
	panic("unreachable")
}

func parsed(t *testing.T, src string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.Parse("fake", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestServerWatcherLintsTheFirstListingItIsGivenWithoutListingAgain(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolB)
	w := startServer(t, src, parsed(t, serverToolA), Options{})
	ev := nextFrom(t, w.Events())
	if ev.Result == nil || ev.Result.Doc.Src != serverToolA || ev.Path != "fake" {
		t.Fatalf("first event = %s (path %q), want the lint of the listing given", describe(ev), ev.Path)
	}
	if n := src.listings(); n != 0 {
		t.Errorf("%d listings for the first event, want 0", n)
	}
}

func TestServerWatcherListsAgainOnListChanged(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolA)
	w := startServer(t, src, nil, Options{Debounce: 10 * time.Millisecond})
	if ev := nextFrom(t, w.Events()); ev.Result == nil || ev.Result.Doc.Src != serverToolA {
		t.Fatalf("first event = %s, want a listing of alpha", describe(ev))
	}
	src.set(serverToolB, nil)
	src.notify()
	if ev := nextFrom(t, w.Events()); ev.Result == nil || ev.Result.Doc.Src != serverToolB {
		t.Fatalf("event after list_changed = %s, want a listing of beta", describe(ev))
	}
	if n := src.listings(); n != 2 {
		t.Errorf("%d listings, want 2", n)
	}
}

func TestServerWatcherListsOnceForABurstOfNotices(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolA)
	w := startServer(t, src, parsed(t, serverToolA), Options{Debounce: 40 * time.Millisecond})
	nextFrom(t, w.Events())
	for range 5 {
		src.notify()
		time.Sleep(5 * time.Millisecond)
	}
	nextFrom(t, w.Events())
	select {
	case ev := <-w.Events():
		t.Fatalf("a second event for one burst: %s", describe(ev))
	case <-time.After(4 * 40 * time.Millisecond):
	}
	if n := src.listings(); n != 1 {
		t.Errorf("%d listings for a burst of notices, want 1", n)
	}
}

func TestServerWatcherKeepsTheLastGoodListingWhenANewOneIsBroken(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolA)
	w := startServer(t, src, nil, Options{Debounce: time.Millisecond})
	if ev := nextFrom(t, w.Events()); ev.Result == nil || !hasCode(ev.Result, "empty-properties") {
		t.Fatalf("first event = %s, want alpha with empty-properties", describe(ev))
	}

	src.set("", errors.New(`tools/list page 1:1:43: "tools" is an object, not a list`))
	src.notify()
	ev := nextFrom(t, w.Events())
	if ev.Result != nil || ev.Err == nil || ev.Err.Error() != `fake: tools/list page 1:1:43: "tools" is an object, not a list` {
		t.Fatalf("event for a broken listing = %s, want its error with the server's name", describe(ev))
	}

	// New options re-lint the last good listing: alpha, with the rule now
	// ignored gone from it.
	w.SetOptions(lint.Options{Ignore: []string{"empty-properties"}})
	ev = nextFrom(t, w.Events())
	if ev.Result == nil || ev.Result.Doc.Src != serverToolA {
		t.Fatalf("event after SetOptions = %s, want the last good listing re-linted", describe(ev))
	}
	if hasCode(ev.Result, "empty-properties") {
		t.Errorf("re-lint has the ignored rule: %v", codes(ev.Result))
	}
	if n := src.listings(); n != 2 {
		t.Errorf("%d listings, want 2: SetOptions lists nothing", n)
	}
}

func TestServerWatcherSaysWhenTheSessionEndsAndCloses(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolA)
	w := startServer(t, src, nil, Options{})
	nextFrom(t, w.Events())
	src.err = &mcpclient.ExitError{Code: 7, Stderr: "panic: crash requested\n"}
	close(src.done)
	ev := nextFrom(t, w.Events())
	var exit *mcpclient.ExitError
	if !errors.Is(ev.Err, ErrEnded) || !errors.As(ev.Err, &exit) || !strings.HasPrefix(ev.Err.Error(), "fake: the session with the server has ended: server exited with status 7") {
		t.Fatalf("event at the end = %s, want ErrEnded with the exit", describe(ev))
	}
	select {
	case ev, ok := <-w.Events():
		if ok {
			t.Fatalf("an event after the end: %s", describe(ev))
		}
	case <-time.After(waitLimit):
		t.Fatal("Events not closed after the end")
	}
}

func TestServerWatcherCloseCancelsAListingUnderWay(t *testing.T) {
	t.Parallel()
	before := runtime.NumGoroutine()
	src := newFakeLister(serverToolA)
	src.block = true
	w := NewServer(src, nil, Options{})
	time.Sleep(20 * time.Millisecond) // the listing has begun
	closed := make(chan struct{})
	go func() { w.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(waitLimit):
		t.Fatal("Close waited for a listing that never ends")
	}
	if _, ok := <-w.Events(); ok {
		t.Error("Events open after Close")
	}
	if n := settle(before, runtime.NumGoroutine); n > before {
		t.Errorf("%d goroutines after Close, %d before", n, before)
	}
}

// TestServerWatcherFollowsARealSession watches a Streamable HTTP server of
// the SDK that adds a tool, through mcpclient.
func TestServerWatcherFollowsARealSession(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "watched", Version: "1"}, nil)
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "alpha", Description: "Find things in the index.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	defer hs.Close()
	c, err := mcpclient.Connect(context.Background(), mcpclient.Spec{URL: hs.URL, Timeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	w := startServer(t, c, nil, Options{Debounce: 5 * time.Millisecond})
	if ev := nextFrom(t, w.Events()); ev.Result == nil || len(ev.Result.Tools.Tools) != 1 {
		t.Fatalf("first event = %s, want one tool", describe(ev))
	}
	s.AddTool(&mcp.Tool{Name: "beta", Description: "Find other things in the index.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	ev := nextFrom(t, w.Events())
	if ev.Result == nil || len(ev.Result.Tools.Tools) != 2 || ev.Path != c.Name() {
		t.Fatalf("event after adding a tool = %s, want two tools from %s", describe(ev), c.Name())
	}
}

func TestServerWatcherLintsEachListingWithItsFacts(t *testing.T) {
	t.Parallel()
	// A listing of MCP 2026-07-28 whose page says nothing of itself.
	src := newFakeLister(serverToolA)
	src.version = "2026-07-28"
	w := startServer(t, src, nil, Options{Debounce: time.Millisecond})
	ev := nextFrom(t, w.Events())
	if ev.Result == nil || !hasCode(ev.Result, "mcp/list-cache-hints") || !hasCode(ev.Result, "mcp/list-result-type") {
		t.Fatalf("first event = %s, want the live rules' issues", describe(ev))
	}
	if got := ev.Result.Targets; len(got) != 1 || got[0] != "mcp" || len(ev.Result.Requested) != 0 {
		t.Errorf("targets %q (requested %q), want mcp, of the session's revision, asked for by none", got, ev.Result.Requested)
	}
	// Other options re-lint the listing with its facts still.
	w.SetOptions(lint.Options{Ignore: []string{"mcp/list-result-type"}})
	ev = nextFrom(t, w.Events())
	if ev.Result == nil || !hasCode(ev.Result, "mcp/list-cache-hints") || hasCode(ev.Result, "mcp/list-result-type") {
		t.Fatalf("event after SetOptions = %s, want the facts kept and the rule ignored", describe(ev))
	}
}

func TestServerWatcherLintsTheFirstListingWithTheFactsGiven(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolB)
	facts := &lint.ServerFacts{ProtocolVersion: "2026-07-28", Pages: []lint.PageFacts{{Tools: 1}}}
	w := startServer(t, src, parsed(t, serverToolA), Options{Lint: lint.Options{Server: facts}})
	if ev := nextFrom(t, w.Events()); ev.Result == nil || !hasCode(ev.Result, "mcp/list-cache-hints") {
		t.Fatalf("first event = %s, want the facts given applied", describe(ev))
	}
}

// TestServerWatcherFollowsASessionOf20260728 watches a server that speaks
// MCP 2026-07-28 only: list_changed comes on a subscriptions/listen
// stream.
func TestServerWatcherFollowsASessionOf20260728(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "watched", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2026-07-28"}})
	noop := func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "alpha", Description: "Find things in the index.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	defer hs.Close()
	c, err := mcpclient.Connect(context.Background(), mcpclient.Spec{URL: hs.URL, Timeout: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.ProtocolVersion() != "2026-07-28" {
		t.Fatalf("ProtocolVersion = %q", c.ProtocolVersion())
	}
	w := startServer(t, c, nil, Options{Debounce: 5 * time.Millisecond})
	if ev := nextFrom(t, w.Events()); ev.Result == nil || len(ev.Result.Tools.Tools) != 1 || hasCode(ev.Result, "mcp/list-cache-hints") {
		t.Fatalf("first event = %s, want one tool, its listing complete", describe(ev))
	}
	s.AddTool(&mcp.Tool{Name: "beta", Description: "Find other things in the index.", InputSchema: json.RawMessage(`{"type":"object"}`)}, noop)
	if ev := nextFrom(t, w.Events()); ev.Result == nil || len(ev.Result.Tools.Tools) != 2 {
		t.Fatalf("event after adding a tool = %s, want two tools", describe(ev))
	}
}

func TestServerWatcherAcceptsWhatItIsTold(t *testing.T) {
	t.Parallel()
	src := newFakeLister(serverToolB)
	none := func(r *lint.Result) *lint.Result { return r.Without(func(*lint.Issue) bool { return true }) }
	w := startServer(t, src, parsed(t, serverToolA), Options{Accept: none})
	if ev := nextFrom(t, w.Events()); ev.Result == nil || len(ev.Result.Issues) != 0 {
		t.Fatalf("first event = %s, want no issues", describe(ev))
	}
	if res := lint.Lint(parsed(t, serverToolA), lint.Options{}); len(res.Issues) == 0 {
		t.Fatal("the listing has no issue to accept")
	}
}
