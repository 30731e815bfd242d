package tui

// The workbench on live MCP servers: a Go SDK server in this process,
// over Streamable HTTP, and the same server spawned on stdio by this test
// binary, which TestMain runs as one when tuiServerEnv is set.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
	"toolbench/watch"
)

const (
	// tuiServerEnv makes this test binary a stdio MCP server.
	tuiServerEnv = "TOOLBENCH_TUI_TEST_SERVER"
	// tuiPIDFileEnv names the file the server writes its pid (its
	// process group's) to.
	tuiPIDFileEnv = "TOOLBENCH_TUI_TEST_PIDFILE"
	// tuiStderr is what the stdio server writes to its standard error,
	// an escape sequence in it.
	tuiStderr = "test server starting\n\x1b[31mred alert\x1b[0m\n"
)

func TestMain(m *testing.M) {
	if os.Getenv(tuiServerEnv) != "" {
		os.Exit(runStdioTestServer())
	}
	os.Exit(m.Run())
}

func runStdioTestServer() int {
	if path := os.Getenv(tuiPIDFileEnv); path != "" {
		os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())), 0o644)
	}
	fmt.Fprint(os.Stderr, tuiStderr)
	if err := newLiveServer().srv.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		return 1
	}
	return 0
}

// liveServer is the tools server the workbench's tests connect to:
//
//	echo        {text}: "echo: " and the text; it says it only reads
//	hang        answers only when cancelled, and says so on cancelled
//	write_note  {text}: says it is destructive
//	weather     structuredContent for its outputSchema
//
// It counts the sessions it began and the calls it took, and serves a
// list that is not one while broken is set.
type liveServer struct {
	srv       *mcp.Server
	started   chan string // the tool of each call, when it begins
	cancelled chan string // the tool of a call whose context ended
	broken    atomic.Bool
	sessions  atomic.Int32
	calls     atomic.Int32
	handled   atomic.Int64 // the nanoseconds the server spent on tools/call requests
}

func newLiveServer() *liveServer {
	ls := &liveServer{started: make(chan string, 16), cancelled: make(chan string, 16)}
	s := mcp.NewServer(&mcp.Implementation{Name: "test-tools", Version: "1.2.3"}, nil)
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true}
	destructive := true
	s.AddTool(&mcp.Tool{Name: "echo", Description: "Echo the text back.", Annotations: readOnly,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string","description":"What to echo."}},"required":["text"]}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in struct{ Text string }
			json.Unmarshal(req.Params.Arguments, &in)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "echo: " + in.Text}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "hang", Description: "Answer only when the call is cancelled.", Annotations: readOnly,
		InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ls.started <- "hang"
			<-ctx.Done()
			ls.cancelled <- "hang"
			return nil, ctx.Err()
		})
	s.AddTool(&mcp.Tool{Name: "write_note", Description: "Write a note over the last one.",
		Annotations: &mcp.ToolAnnotations{DestructiveHint: &destructive},
		InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string","description":"The note."}},"required":["text"]}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "written"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "weather", Description: "Give the temperature in a city.", Annotations: readOnly,
		InputSchema:  json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"The city."}},"required":["city"]}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"temperature":{"type":"number"}},"required":["temperature"]}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			out := map[string]any{"temperature": 21.5}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"temperature":21.5}`}}, StructuredContent: out}, nil
		})
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			switch {
			case method == "initialize" || method == "server/discover":
				ls.sessions.Add(1)
			case method == "tools/call":
				ls.calls.Add(1)
				start := time.Now()
				defer func() { ls.handled.Add(int64(time.Since(start))) }()
			case method == "tools/list" && ls.broken.Load():
				return brokenList{&mcp.ListToolsResult{}}, nil
			}
			return next(ctx, method, req)
		}
	})
	ls.srv = s
	return ls
}

// brokenList is a tools/list result whose "tools" is not a list.
type brokenList struct{ *mcp.ListToolsResult }

func (brokenList) MarshalJSON() ([]byte, error) {
	return []byte(`{"tools": {"name": "not a list"}}`), nil
}

// addTool adds a tool, which has the server send list_changed.
func (ls *liveServer) addTool(name string) {
	ls.srv.AddTool(&mcp.Tool{Name: name, Description: "A tool added while the session lasts.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
}

// serveHTTP serves ls over Streamable HTTP in this process and returns
// the spec that reaches it.
func (ls *liveServer) serveHTTP(t testing.TB) mcpclient.Spec {
	t.Helper()
	handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return ls.srv }, nil)
	hs := httptest.NewServer(handler)
	t.Cleanup(hs.Close)
	return mcpclient.Spec{Name: "test-tools", URL: hs.URL, Timeout: 5 * time.Second}
}

// stdioSpec is the spec that spawns this test binary as the server, and
// the file it writes its pid to; a test's end checks its process group
// is gone.
func stdioSpec(t *testing.T) (mcpclient.Spec, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	return mcpclient.Spec{
		Name:    "stdio-tools",
		Command: []string{exe},
		Env:     []string{tuiServerEnv + "=1", tuiPIDFileEnv + "=" + pidFile},
		Timeout: 5 * time.Second,
	}, pidFile
}

// pgidOf reads the pid a stdio server wrote, 0 before it has.
func pgidOf(pidFile string) int {
	b, err := os.ReadFile(pidFile)
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(string(b))
	return n
}

// connectSpec connects to spec and lists the tools, as toolbench does
// before the workbench opens.
func connectSpec(ctx context.Context, spec mcpclient.Spec) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error) {
	c, err := mcpclient.Connect(ctx, spec)
	if err != nil {
		return nil, nil, nil, err
	}
	list, err := c.ListTools(ctx)
	if err != nil {
		c.Close()
		return nil, nil, nil, err
	}
	doc, err := jsondoc.Parse(list.Name, list.Document)
	if err != nil {
		c.Close()
		return nil, nil, nil, err
	}
	return c, list, doc, nil
}

// openOnServer is the workbench on the server of spec at w x h, as Run
// makes it, with its first load taken; every session ends with the test.
func openOnServer(t testing.TB, spec mcpclient.Spec, srv Server, w, h int) model {
	t.Helper()
	return openOnServerWith(t, spec, srv, Options{}, w, h)
}

// openOnServerWith is openOnServer with the Options cfg besides the
// server and the lint options.
func openOnServerWith(t testing.TB, spec mcpclient.Spec, srv Server, cfg Options, w, h int) model {
	t.Helper()
	connect := func(ctx context.Context) (*mcpclient.Client, *mcpclient.ToolList, *jsondoc.Document, error) {
		return connectSpec(ctx, spec)
	}
	k := newConnector(clientConnect(connect))
	client, list, doc, err := connectSpec(k.ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	srv.Client, srv.List, srv.Doc, srv.Connect = client, list, doc, connect
	c := k.follow(client, doc, serverFacts(k.ctx, client, list), lint.Options{Targets: []string{"mcp"}})
	t.Cleanup(func() { k.closeAll(nil) })
	cfg.Server, cfg.Lint = &srv, lint.Options{Targets: []string{"mcp"}}
	m := newServerModel(cfg, k, c)
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	return result(t, m, waitForEvent(m.src)) // the first listing, linted
}

// result runs cmd, a command that delivers one message, and hands the
// message to Update.
func result(t testing.TB, m model, cmd tea.Cmd) model {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command to run")
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	select {
	case msg := <-got:
		next, _ := m.Update(msg)
		return next.(model)
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not finish")
	}
	return m
}

// pressCmd presses one key and returns the command it makes, unrun.
func pressCmd(t testing.TB, m model, name string) (model, tea.Cmd) {
	t.Helper()
	next, cmd := m.Update(keyPress(name))
	return next.(model), cmd
}

// inTester moves the focus to the tester and types text into it.
func inTester(t testing.TB, m model, text string) model {
	t.Helper()
	m.setFocus(paneCall)
	m = runQuick(t, m, m.call.setText("")) // what was there before
	return typeText(t, m, text)
}

func TestCtrlRSendsAValidCallAndShowsTheResultUnderTheErrors(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	m := openOnServer(t, ls.serveHTTP(t), Server{}, 120, 40)
	s := screen(m)
	if !strings.Contains(lineOf(s, "test-tools"), "test-tools 1.2.3 · MCP 2025-11-25") {
		t.Errorf("the status bar should name the server, its version and the protocol: %q", lineOf(s, "4 tools"))
	}

	m = inTester(t, m, `{"name": "weather", "arguments": {"city": "Oslo"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	if m.call.running == nil || !strings.Contains(screen(m), "sending weather · esc cancels") {
		t.Errorf("while the call is sent the tester should say so:\n%s", screen(m))
	}
	m = result(t, m, cmd)
	s = screen(m)
	for _, want := range []string{"✓ valid", "▶ weather: ok ", `{"temperature":21.5}`, `"temperature": 21.5`} {
		if !strings.Contains(s, want) {
			t.Errorf("the result should show %q:\n%s", want, s)
		}
	}
	if got := ls.calls.Load(); got != 1 {
		t.Errorf("the server took %d calls, want 1", got)
	}

	// An invalid call is not sent: the tester says why.
	m = inTester(t, m, `{"name": "echo", "arguments": {}}`)
	m, cmd = pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if s := screen(m); !strings.Contains(s, "▶ not sent: missing:text") {
		t.Errorf("an invalid call should say it was not sent and why:\n%s", s)
	}
	if got := ls.calls.Load(); got != 1 {
		t.Errorf("the server took %d calls after an invalid one, want still 1", got)
	}
	if len(m.call.history) != 1 {
		t.Errorf("the history holds %d calls, want the 1 sent", len(m.call.history))
	}
}

func TestEscCancelsARunningCallAndTheServerSeesIt(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	m := openOnServer(t, ls.serveHTTP(t), Server{}, 120, 40)
	m = inTester(t, m, `{"name": "hang", "arguments": {}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case <-ls.started:
	case <-time.After(5 * time.Second):
		t.Fatal("the call never reached the server")
	}

	// The screen keeps answering while the call runs.
	m = press(t, m, "tab")
	if m.focus != paneTools || m.call.running == nil {
		t.Fatalf("a key while the call runs: focus %v, running %v", m.focus, m.call.running != nil)
	}
	m = press(t, m, "shift+tab")
	if s := lineOf(screen(m), "MCP 2025"); !strings.Contains(s, "sending hang") {
		t.Errorf("the status bar should say a call is being sent: %q", s)
	}

	start := time.Now()
	m = press(t, m, "esc")
	if !m.call.running.cancelling || !strings.Contains(screen(m), "cancelling hang") {
		t.Errorf("esc should cancel the call and say so:\n%s", screen(m))
	}
	select {
	case tool := <-ls.cancelled:
		if tool != "hang" {
			t.Errorf("cancelled %q", tool)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server never saw the call cancelled")
	}
	var msg tea.Msg
	select {
	case msg = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the cancelled call did not come back")
	}
	if waited := time.Since(start); waited > 2*time.Second {
		t.Errorf("the cancelled call came back after %v", waited)
	}
	next, _ := m.Update(msg)
	m = next.(model)
	if s := screen(m); m.call.running != nil || !strings.Contains(s, "▶ hang: cancelled ") {
		t.Errorf("the tester should show the call cancelled:\n%s", s)
	}
	if m.focus != paneCall || !m.call.typing {
		t.Error("esc cancelled the call: it should not also stop the typing")
	}
}

func TestAToolThatDoesNotSayItOnlyReadsIsAskedAboutBeforeItsFirstRun(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	spec := ls.serveHTTP(t)
	m := openOnServer(t, spec, Server{}, 120, 40)
	m = inTester(t, m, `{"name": "write_note", "arguments": {"text": "hi"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	s := screen(m)
	if cmd != nil || m.call.asking == nil || !strings.Contains(s, "? run write_note on test-tools?") ||
		!strings.Contains(s, "destructiveHint true") || !strings.Contains(s, "not guarantees") {
		t.Fatalf("write_note should be asked about, with what its annotations claim:\n%s", s)
	}
	if short := screen(m)[strings.LastIndex(screen(m), "\n")+1:]; !strings.Contains(short, "y yes") || !strings.Contains(short, "n/esc no") {
		t.Errorf("the help line should offer y and n: %q", short)
	}
	m = press(t, m, "j") // any other key: the question stays
	if m.call.asking == nil || m.call.text() != `{"name": "write_note", "arguments": {"text": "hi"}}` {
		t.Error("a key other than y or n should leave the question and the call as they are")
	}
	m = press(t, m, "n")
	if m.call.asking != nil || ls.calls.Load() != 0 || !strings.Contains(screen(m), "not sent") {
		t.Errorf("n should send nothing: %d calls\n%s", ls.calls.Load(), screen(m))
	}

	m, _ = pressCmd(t, m, "ctrl+r")
	m, cmd = pressCmd(t, m, "y")
	m = result(t, m, cmd)
	if ls.calls.Load() != 1 || !strings.Contains(screen(m), "▶ write_note: ok ") {
		t.Fatalf("y should send the call:\n%s", screen(m))
	}
	m, cmd = pressCmd(t, m, "ctrl+r")
	if m.call.asking != nil || cmd == nil {
		t.Fatal("a tool confirmed once in the session should not be asked about again")
	}
	result(t, m, cmd)

	// A read-only tool is not asked about, and --yes asks about none.
	m = inTester(t, m, `{"name": "echo", "arguments": {"text": "x"}}`)
	if m, _ = pressCmd(t, m, "ctrl+r"); m.call.asking != nil {
		t.Error("echo says it only reads: it should not be asked about")
	}
	m = openOnServer(t, spec, Server{Yes: true}, 120, 40)
	m = inTester(t, m, `{"name": "write_note", "arguments": {"text": "hi"}}`)
	if m, cmd = pressCmd(t, m, "ctrl+r"); m.call.asking != nil || cmd == nil {
		t.Error("with --yes nothing should be asked")
	}
}

func TestRunQuestionReadsTheAnnotations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		annotations string // "" for none
		ask         bool
		claims      string
	}{
		{"none", "", true, "it has no annotations: nothing says it only reads"},
		{"read-only", `{"readOnlyHint": true}`, false, "its annotations claim readOnlyHint true"},
		{"read-only but destructive", `{"readOnlyHint": true, "destructiveHint": true}`, true, "its annotations claim readOnlyHint true, destructiveHint true"},
		{"not read-only", `{"readOnlyHint": false, "openWorldHint": true}`, true, "its annotations claim readOnlyHint false, openWorldHint true"},
		{"read-only not given", `{"idempotentHint": true}`, true, "its annotations claim idempotentHint true (readOnlyHint is false when not given)"},
		{"no hints", `{"title": "T"}`, true, "its annotations give no hints: nothing says it only reads"},
		{"a hint that is not a boolean", `{"readOnlyHint": "yes\u001b[2J"}`, true, `its annotations claim readOnlyHint "yes\u001b[2J"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tool := `{"name": "t", "inputSchema": {"type": "object"}`
			if tc.annotations != "" {
				tool += `, "annotations": ` + tc.annotations
			}
			s := lintSnapshot(t, "tools.json", `{"tools": [`+tool+`}]}`, lint.Options{})
			ask, claims := runQuestion(s.schemas.Tools["t"])
			if ask != tc.ask || claims != tc.claims {
				t.Errorf("runQuestion = %v, %q; want %v, %q", ask, claims, tc.ask, tc.claims)
			}
		})
	}
}

func TestHistoryRecallsTheSessionsCallsAndAppendsThemToTheFile(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := openOnServer(t, ls.serveHTTP(t), Server{History: f, HistoryName: path}, 120, 40)
	m.setFocus(paneCall)
	m, _ = pressCmd(t, m, "ctrl+p")
	if !strings.Contains(m.note, "no call sent") {
		t.Errorf("ctrl+p before any call: note %q", m.note)
	}
	calls := []string{`{"name": "echo", "arguments": {"text": "one"}}`, `{"name": "echo", "arguments": {"text": "two"}}`}
	for _, c := range calls {
		m = inTester(t, m, c)
		var cmd tea.Cmd
		m, cmd = pressCmd(t, m, "ctrl+r")
		m = result(t, m, cmd)
	}
	m = inTester(t, m, `{"name": "ec`) // a draft, brought back past the last call

	steps := []struct {
		key, text, shows string
	}{
		{"ctrl+p", calls[1], "echo: two"},
		{"ctrl+p", calls[0], "echo: one"},
		{"ctrl+p", calls[0], "call 1 of 2 of the session"}, // the first stays
		{"ctrl+n", calls[1], "call 2 of 2 of the session"},
		{"ctrl+n", `{"name": "ec`, `"name": "ec`},
	}
	for _, st := range steps {
		m = press(t, m, st.key)
		if m.call.text() != st.text || !strings.Contains(screen(m), st.shows) {
			t.Errorf("after %s: text %q, want %q; the screen should show %q:\n%s", st.key, m.call.text(), st.text, st.shows, screen(m))
		}
	}

	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("the history file has %d lines, want 2:\n%s", len(lines), b)
	}
	for i, l := range lines {
		var e struct {
			Method string
			Params struct {
				Name      string
				Arguments map[string]string
			}
			Result json.RawMessage
			MS     float64
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		want := []string{"one", "two"}[i]
		if e.Method != "tools/call" || e.Params.Name != "echo" || e.Params.Arguments["text"] != want ||
			!strings.Contains(string(e.Result), "echo: "+want) || e.MS <= 0 {
			t.Errorf("history line %d = %s", i+1, l)
		}
	}
}

func TestListChangedListsTheToolsAgainAndABrokenListKeepsTheLastGood(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	m := openOnServer(t, ls.serveHTTP(t), Server{}, 120, 40)
	if len(m.snap.rows) != 4 {
		t.Fatalf("%d tools, want 4", len(m.snap.rows))
	}
	ls.addTool("added")
	m = loadUntil(t, m, isLoaded)
	s := screen(m)
	if len(m.snap.rows) != 5 || !strings.Contains(s, "added") || !strings.Contains(lineOf(s, "MCP 2025"), "list_changed: the tools were listed again (5 tools)") {
		t.Errorf("list_changed should list the tools again and say so:\n%s", s)
	}
	m = press(t, m, "j") // the note goes; the status bar keeps when
	if s := lineOf(screen(m), "MCP 2025"); !strings.Contains(s, "listed again on list_changed ") {
		t.Errorf("the status bar should say when list_changed listed the tools: %q", s)
	}

	ls.broken.Store(true)
	ls.addTool("second")
	m = loadUntil(t, m, isFailed)
	if !strings.Contains(m.note, "the new list of tools is broken; the last good one stays") {
		t.Errorf("a broken list after list_changed: note %q", m.note)
	}
	m = press(t, m, "k")
	s = screen(m)
	if len(m.snap.rows) != 5 || !strings.Contains(lineOf(s, "✗"), `"tools" is an object, not a list`) || !strings.Contains(lineOf(s, "shape"), "last good load") {
		t.Errorf("a broken list should keep the last good tools and say why:\n%s", s)
	}

	ls.broken.Store(false)
	ls.addTool("third")
	m = loadUntil(t, m, isLoaded)
	if len(m.snap.rows) != 7 || m.broken != "" || strings.Contains(screen(m), "last good") {
		t.Errorf("a good list again should replace the last good one:\n%s", screen(m))
	}
}

func TestRReconnectsAndSShowsTheServersStandardErrorEscaped(t *testing.T) {
	proctest.SkipUnsupported(t)
	t.Parallel()
	spec, pidFile := stdioSpec(t)
	m := openOnServer(t, spec, Server{}, 120, 40)
	first := pgidOf(pidFile)
	if first == 0 {
		t.Fatal("the server did not write its pid")
	}
	t.Cleanup(func() {
		if alive := proctest.WaitGone(first, 2*time.Second); alive != nil {
			t.Errorf("the first server's group still runs: %v", alive)
			proctest.KillGroup(first)
		}
	})

	m = press(t, m, "S")
	content := m.View().Content
	if m.view != viewStderr || !strings.Contains(screen(m), "test server starting") || !strings.Contains(screen(m), `\x1b[31mred alert\x1b[0m`) {
		t.Errorf("S should show the server's stderr, escaped:\n%s", screen(m))
	}
	if strings.Contains(content, "\x1b[31mred") {
		t.Error("the server's escape sequence reached the screen raw")
	}
	m = press(t, m, "S")
	if m.view != viewNone {
		t.Error("S again should close the view")
	}

	// Confirm a tool, so that a new session asks again.
	m = inTester(t, m, `{"name": "write_note", "arguments": {"text": "x"}}`)
	m, _ = pressCmd(t, m, "ctrl+r")
	m, cmd := pressCmd(t, m, "y")
	m = result(t, m, cmd)
	old := m.call.conn.sess

	m = press(t, m, "esc")
	m, cmd = pressCmd(t, m, "R")
	if !m.call.reconnecting || !strings.Contains(screen(m), "reconnecting") {
		t.Errorf("R should say it reconnects:\n%s", screen(m))
	}
	if m, _ = pressCmd(t, m, "ctrl+r"); !strings.Contains(screen(m), "✗ not sent: reconnecting") {
		t.Errorf("ctrl+r while reconnecting should say in the tester it sent nothing:\n%s", screen(m))
	}
	next, cmd := m.Update(cmd()) // the new session
	m = next.(model)
	if cmd == nil || m.call.conn == nil || m.call.conn.sess == old || !strings.Contains(m.note, "reconnected: a new session with test-tools 1.2.3") {
		t.Fatalf("after R: note %q, new session %v", m.note, m.call.conn != nil && m.call.conn.sess != old)
	}
	select {
	case <-old.Done():
	default:
		t.Error("the old session is still open")
	}
	if alive := proctest.WaitGone(first, 2*time.Second); alive != nil {
		t.Errorf("the old server's processes still run after R: %v", alive)
	}
	second := pgidOf(pidFile)
	if second == first || second == 0 {
		t.Errorf("no new server was started: pid %d, first %d", second, first)
	}
	m = loadUntil(t, m, isLoaded)
	if len(m.snap.rows) != 4 || m.broken != "" {
		t.Errorf("the new session should list the tools: %d tools, broken %q", len(m.snap.rows), m.broken)
	}
	m = press(t, m, "i")
	if m, _ = pressCmd(t, m, "ctrl+r"); m.call.asking == nil {
		t.Error("a new session should ask about write_note again")
	}

	// The end of the workbench ends the new session too.
	m.call.conns.closeAll(m.call.conn)
	if alive := proctest.WaitGone(second, 2*time.Second); second != 0 && alive != nil {
		t.Errorf("the second server's group still runs after the end: %v", alive)
		proctest.KillGroup(second)
	}
}

func TestTheEndOfTheSessionIsShownAndCallsAreRefused(t *testing.T) {
	t.Parallel()
	spec, pidFile := stdioSpec(t)
	m := openOnServer(t, spec, Server{}, 120, 40)
	pgid := pgidOf(pidFile)
	proctest.KillGroup(pgid) // the server crashes
	m = loadUntil(t, m, isFailed)
	s := screen(m)
	if !m.call.ended || !strings.Contains(lineOf(s, "✗"), "the session with the server has ended") || !strings.Contains(s, "R reconnects") {
		t.Errorf("a server that exits should be reported with the way back:\n%s", s)
	}
	m = inTester(t, m, `{"name": "echo", "arguments": {"text": "x"}}`)
	if m, cmd := pressCmd(t, m, "ctrl+r"); cmd != nil || !strings.Contains(screen(m), "✗ not sent: no session with the server (R reconnects)") {
		t.Errorf("ctrl+r after the end should say in the tester it sent nothing:\n%s", screen(m))
	}
	m = press(t, m, "esc", "S")
	if m.view != viewStderr || !strings.Contains(screen(m), "test server starting") {
		t.Errorf("S should still show the stderr of the session that ended:\n%s", screen(m))
	}
}

// endSession is what the watcher says when the session ends under the
// workbench: the server was killed.
func endSession(t testing.TB, m model) model {
	t.Helper()
	err := fmt.Errorf("test-tools: %w: server exited with status 143", watch.ErrEnded)
	next, _ := m.Update(docFailedMsg{err: err, at: loadTime}) // its command waits for the next event
	return next.(model)
}

func TestACallThatCannotBeSentReplacesTheLastOutcome(t *testing.T) {
	t.Parallel()
	m := fakeServerModel(t, 120, 40)
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "first"}}`), "ctrl+r")
	if !strings.Contains(screen(m), "▶ echo: ok 4 ms") {
		t.Fatalf("the first call should be sent:\n%s", screen(m))
	}
	m = endSession(t, m)
	m = inTester(t, m, `{"name": "weather", "arguments": {"city": "Oslo"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	s := screen(m)
	if cmd != nil || !strings.Contains(lineOf(s, "not sent"), "✗ not sent: no session with the server (R reconnects)") {
		t.Errorf("a ctrl+r with no session should say so in the tester:\n%s", s)
	}
	if strings.Contains(s, "echo: ok") || strings.Contains(s, "echo: first") {
		t.Errorf("the last call's outcome should not stand under the new call:\n%s", s)
	}
	status := lineOf(s, "exited with status 143")
	if n := strings.Count(status, "R reconnects"); n != 1 {
		t.Errorf("the status bar says R reconnects %d times, want once: %q", n, status)
	}
}

func TestTheLastOutcomeGoesWhileTheNextCallIsSent(t *testing.T) {
	t.Parallel()
	m := fakeServerModel(t, 120, 40)
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "first"}}`), "ctrl+r")
	m = inTester(t, m, `{"name": "weather", "arguments": {"city": "Oslo"}}`)
	m, cmd := pressCmd(t, m, "ctrl+r")
	s := screen(m)
	if !strings.Contains(s, "… sending weather · esc cancels") || strings.Contains(s, "echo: ok") || strings.Contains(s, "echo: first") {
		t.Errorf("while weather is sent, echo's outcome should not stand under it:\n%s", s)
	}
	m = result(t, m, cmd)
	if s := screen(m); !strings.Contains(s, "▶ weather: ok 4 ms") || strings.Contains(s, "sending") {
		t.Errorf("weather's outcome should follow:\n%s", s)
	}
}

func TestANoToTheQuestionReplacesTheLastOutcome(t *testing.T) {
	t.Parallel()
	m := fakeServerModel(t, 120, 40)
	m = press(t, inTester(t, m, `{"name": "echo", "arguments": {"text": "first"}}`), "ctrl+r")
	m = press(t, inTester(t, m, `{"name": "write_note", "arguments": {"text": "x"}}`), "ctrl+r", "n")
	s := screen(m)
	if m.call.asking != nil || !strings.Contains(s, "✗ not sent: answered no") || strings.Contains(s, "echo: ok") {
		t.Errorf("n should say in the tester the call was not sent, in place of echo's outcome:\n%s", s)
	}
}

func TestEOnAServersIssueSaysThereIsNoFile(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	ls.srv.AddTool(&mcp.Tool{Name: "bare", InputSchema: json.RawMessage(`{"type":"object"}`)}, // no description: an issue
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	m := openOnServer(t, ls.serveHTTP(t), Server{}, 120, 40)
	m = press(t, m, "tab", "a", "e")
	if !strings.Contains(m.note, "there is no file to edit") {
		t.Errorf("e on a server's issue: note %q", m.note)
	}
}

func TestAnOutcomeShowsContentStructuredContentAndOutputProblemsInOrder(t *testing.T) {
	t.Parallel()
	m := fakeServerModel(t, 120, 40)
	m = press(t, inTester(t, m, `{"name": "weather", "arguments": {"city": "Oslo"}}`), "ctrl+r")
	want := []string{`21.5 °C in Oslo\x1b[2J`, "clear skies", "[image/png, 1,234 bytes]", "test://forecast/oslo",
		"{", `  "temperature": "mild",`, `  "unit": "C"`, "}", "output /temperature: got string, want number"}
	if got := m.call.run.lines; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the outcome's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !m.call.run.failed || m.call.run.head != "weather: ok 4 ms" {
		t.Errorf("head %q failed %v: an output that breaks the outputSchema fails", m.call.run.head, m.call.run.failed)
	}
}

func TestTheEndClosesASessionAReconnectionMadeButUpdateNeverTook(t *testing.T) {
	proctest.SkipUnsupported(t)
	t.Parallel()
	spec, pidFile := stdioSpec(t)
	m := openOnServer(t, spec, Server{}, 120, 40)
	first := pgidOf(pidFile)
	m, cmd := pressCmd(t, m, "R")
	msg := cmd().(reconnectedMsg) // the program quits before Update takes it
	second := pgidOf(pidFile)
	if msg.err != nil || second == first {
		t.Fatalf("the reconnection failed: %v", msg.err)
	}
	m.call.conns.closeAll(m.call.conn)
	for _, pgid := range []int{first, second} {
		if alive := proctest.WaitGone(pgid, 2*time.Second); alive != nil {
			t.Errorf("group %d still runs after the end: %v", pgid, alive)
			proctest.KillGroup(pgid)
		}
	}
	select {
	case <-msg.sess.Done():
	default:
		t.Error("the session the reconnection made is still open")
	}
}
