package cli

// Servers that fail, and toolbench stopped while a server runs: every case
// is one line and status 2 within the timeout, and no process of the
// server is left.

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/proctest"
)

func TestABadServerIsOneLineAndStatusTwoInEveryCommand(t *testing.T) {
	u, _ := httpServer(t)
	redirecting := redirectServer(t, "https://elsewhere.example/mcp?token=secret")
	tests := []struct {
		name string
		// server returns the flags of the server and the test server
		// behind them, if any, to check it is gone.
		server func(t *testing.T) []string
		want   string // a part of the line
	}{
		{"a command that does not exist", func(t *testing.T) []string {
			return []string{"--server-cmd", "toolbench-no-such-server --flag", "--timeout", testServerTimeout}
		}, `connect to toolbench-no-such-server: start the server: exec: "toolbench-no-such-server": executable file not found in $PATH`},
		{"one that exits at once", func(t *testing.T) []string { return stdioServer(t, "exit").args },
			`: server/discover: server exited with status 3; stderr: "fatal: no config file at /etc/example.conf\n"`},
		{"one that writes what is not JSON to stdout", func(t *testing.T) []string { return stdioServer(t, "garbage").args },
			`: server/discover: server wrote to stdout a line that is not JSON: "npm WARN config production Use ` + "`--omit=dev`" + ` instead.\x1b[0m" (a server writes only JSON-RPC messages there, and its logs to stderr)`},
		{"one that never answers its handshake", func(t *testing.T) []string {
			return append(stdioServer(t, "silent").args, "--start-timeout", "500ms")
		}, `: server/discover: no answer within 500ms (--start-timeout raises it); stderr: "waiting for the licence server...\n"`},
		{"one whose tool list is not valid", func(t *testing.T) []string { return stdioServer(t, "broken-list").args },
			`: tools/list page 1:1:`},
		{"HTTP 401", func(t *testing.T) []string { return []string{"--server-url", u} },
			`: initialize: HTTP 401 Unauthorized: "missing or wrong bearer token"`},
		{"HTTP 404", func(t *testing.T) []string { return []string{"--server-url", statusServer(t, http.StatusNotFound)} },
			`: initialize: HTTP 404 Not Found: "Not Found here"`},
		{"HTTP 500", func(t *testing.T) []string {
			return []string{"--server-url", statusServer(t, http.StatusInternalServerError)}
		},
			`: initialize: HTTP 500 Internal Server Error: "Internal Server Error here"`},
		{"a redirect to another origin", func(t *testing.T) []string { return []string{"--server-url", redirecting} },
			": initialize: " + redirecting + " redirected to https://elsewhere.example/mcp, another origin: not followed, so that the server's headers go to its origin only (give that URL if the server is there)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, cmd := range []string{"lint", "dump", "call", "watch"} {
				t.Run(cmd, func(t *testing.T) {
					t.Parallel()
					start := time.Now()
					code, stdout, stderr := commandRun{}.run(t, append([]string{cmd}, tc.server(t)...)...)
					if took := time.Since(start); took > 3*time.Second {
						t.Errorf("took %v", took.Round(time.Millisecond))
					}
					prog := "toolbench " + cmd + ": "
					if code != exitFailure || stdout != "" || len(lines(stderr)) != 1 || !strings.HasPrefix(stderr, prog) || !strings.Contains(stderr, tc.want) {
						t.Errorf("exit %d, stdout %q, stderr %q; want 2 and one line %q...%q", code, stdout, stderr, prog, tc.want)
					}
					if strings.ContainsAny(stderr, "\x1b\r") {
						t.Errorf("stderr holds a raw control character: %q", stderr)
					}
				})
			}
		})
	}
}

func TestTheBrokenToolListIsPositionedInTheServersResponse(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "broken-list")
	_, _, stderr := commandRun{}.run(t, append([]string{"lint"}, ts.args...)...)
	// The position is of the "tools" value in the JSON-RPC response.
	want := regexp.MustCompile(`^toolbench lint: ` + regexp.QuoteMeta(ts.name) + `: tools/list page 1:1:\d+: "tools" is an object, not a list\n$`)
	if !want.MatchString(stderr) {
		t.Errorf("stderr %q, want %s", stderr, want)
	}
}

func TestACallThatCrashesTheServerEndsTheRun(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	calls := `{"name": "echo", "arguments": {"text": "a"}}` + "\n" + `{"name": "crash"}` + "\n" + `{"name": "echo", "arguments": {"text": "b"}}`
	code, out, stderr := commandRun{stdin: calls}.run(t, append([]string{"call", "--run"}, ts.args...)...)
	want := "toolbench call: line 2: " + ts.name + `: tools/call "crash": server exited with status 7; stderr: "panic: crash requested\n"` + "\n"
	if code != exitFailure || stderr != want || !strings.HasPrefix(out, "line 1: ok ") || strings.Contains(out, "line 3") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, line 1 only, and %q", code, out, stderr, want)
	}
}

func TestACallThatIsNotAnsweredInTimeEndsTheRun(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	start := time.Now()
	code, _, stderr := commandRun{stdin: `{"name": "hang"}`}.run(t, append(append([]string{"call", "--run"}, ts.args...), "--timeout", "500ms")...)
	want := "toolbench call: line 1: " + ts.name + `: tools/call "hang": no answer within 500ms (--timeout raises it)` + "\n"
	if code != exitFailure || stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("took %v", took.Round(time.Millisecond))
	}
}

// startToolbench runs the built toolbench with args and stdin, its
// standard output read a line at a time.
func startToolbench(t *testing.T, stdin string, args ...string) (*exec.Cmd, <-chan string, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(toolbenchBin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		for sc := bufio.NewScanner(out); sc.Scan(); {
			lines <- sc.Text()
		}
	}()
	return cmd, lines, &stderr
}

// waitExit waits for cmd to exit and returns its status.
func waitExit(t *testing.T, cmd *exec.Cmd, within time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode()
	case <-time.After(within):
		t.Fatalf("toolbench did not exit within %v", within)
	}
	return -1
}

func TestTheServersGroupEndsWhenToolbenchIsStopped(t *testing.T) {
	proctest.SkipUnsupported(t)
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String()+" during a call", func(t *testing.T) {
			// Through a parent that forwards no signal, as npx is.
			ts := stdioServer(t, "intermediate")
			cmd, _, stderr := startToolbench(t, `{"name": "hang"}`, append([]string{"call", "--run"}, ts.args...)...)
			ts.waitBusy(t)
			cmd.Process.Signal(sig)
			if code := waitExit(t, cmd, 3*time.Second); code != exitFailure || stderr.String() != "toolbench call: interrupted\n" {
				t.Errorf("exit %d, stderr %q; want 2 and interrupted", code, stderr.String())
			}
			if alive := proctest.Running(ts.pgid()); alive != nil {
				t.Errorf("running when toolbench has exited: %v", alive)
			}
		})
		t.Run(sig.String()+" during a watch", func(t *testing.T) {
			ts := stdioServer(t, "intermediate")
			cmd, out, stderr := startToolbench(t, "", append([]string{"watch", "--json"}, ts.args...)...)
			select {
			case <-out:
			case <-time.After(5 * time.Second):
				t.Fatalf("no report; stderr %q", stderr.String())
			}
			cmd.Process.Signal(sig)
			if code := waitExit(t, cmd, 3*time.Second); code != exitOK {
				t.Errorf("exit %d, stderr %q; want 0: a signal is how a watch ends", code, stderr.String())
			}
			if alive := proctest.Running(ts.pgid()); alive != nil {
				t.Errorf("running when toolbench has exited: %v", alive)
			}
		})
	}
}

func TestTheServersGroupEndsWhileConnecting(t *testing.T) {
	proctest.SkipUnsupported(t)
	t.Parallel()
	ts := stdioServer(t, "silent")
	cmd, _, stderr := startToolbench(t, "", append([]string{"lint"}, ts.args...)...)
	ts.waitStarted(t)
	cmd.Process.Signal(syscall.SIGINT)
	if code := waitExit(t, cmd, 3*time.Second); code != exitFailure || stderr.String() != "toolbench lint: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want 2 and interrupted", code, stderr.String())
	}
	if alive := proctest.Running(ts.pgid()); alive != nil {
		t.Errorf("running when toolbench has exited: %v", alive)
	}
}

// watchLines runs the watch command in this process, with --json, and
// returns its output lines as they come and a function that stops it and
// returns its status.
func watchLines(t *testing.T, r commandRun, args ...string) (<-chan watchJSONLine, func() int) {
	t.Helper()
	cfg, err := watchOf(t, append([]string{"--json"}, args...))
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	var stderr strings.Builder
	e := &env{dir: workDir(t), stdout: pw, stderr: &stderr, getenv: func(k string) string { return r.env[k] }, isTerminal: func(io.Writer) bool { return false }}
	stop := make(chan os.Signal, 1)
	status := make(chan int, 1)
	go func() {
		status <- streamWatch(e, cfg, stop)
		pw.Close()
	}()
	out := make(chan watchJSONLine, 100)
	go func() {
		defer close(out)
		for sc := bufio.NewScanner(pr); sc.Scan(); {
			var l watchJSONLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Errorf("watch line %q: %v", sc.Text(), err)
			}
			out <- l
		}
	}()
	return out, func() int {
		stop <- syscall.SIGINT
		select {
		case code := <-status:
			return code
		case <-time.After(3 * time.Second):
			t.Fatal("the watch did not stop")
		}
		return -1
	}
}

func nextLine(t *testing.T, lines <-chan watchJSONLine) watchJSONLine {
	t.Helper()
	select {
	case l, ok := <-lines:
		if !ok {
			t.Fatal("the watch ended")
		}
		return l
	case <-time.After(5 * time.Second):
		t.Fatal("no report within 5s")
	}
	panic("unreachable")
}

// hasTool reports whether a report has an issue of the tool.
func hasTool(l watchJSONLine, tool string) bool {
	for _, is := range l.Issues {
		if is["tool"] == tool {
			return true
		}
	}
	return false
}

func TestWatchOfAServerLintsAgainOnListChanged(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "changing")
	lines, stop := watchLines(t, commandRun{}, ts.args...)
	first := nextLine(t, lines)
	if !first.OK || first.File != ts.name || hasTool(first, "added") {
		t.Errorf("first report = %+v, want the tools before the change", first)
	}
	second := nextLine(t, lines)
	if !second.OK || !hasTool(second, "added") {
		t.Errorf("report after list_changed = %+v, want the tool added", second)
	}
	if code := stop(); code != exitOK {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestWatchOfAServerReportsABrokenListAndGoesOn(t *testing.T) {
	t.Parallel()
	s := newTestToolsServer()
	var broken atomic.Bool
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" && broken.Load() {
				return rawResult{&mcp.ListToolsResult{}, json.RawMessage(`{"tools": 7}`)}, nil
			}
			return next(ctx, method, req)
		}
	})
	u := httpServerOf(t, s)
	r := commandRun{env: map[string]string{"TOKEN": testBearer}}
	lines, stop := watchLines(t, r, "--server-url", u, "--header", "Authorization: Bearer $TOKEN")
	if l := nextLine(t, lines); !l.OK {
		t.Fatalf("first report = %+v", l)
	}
	broken.Store(true)
	addedTool(s)
	l := nextLine(t, lines)
	if want := hostOf(t, u) + `: tools/list page 1:1:`; l.OK || !strings.HasPrefix(l.Error, want) || !strings.HasSuffix(l.Error, `: "tools" is a number, not a list`) {
		t.Errorf("report of a broken list = %+v, want an error %q...", l, want)
	}
	broken.Store(false)
	s.RemoveTools("added")
	if l := nextLine(t, lines); !l.OK || hasTool(l, "added") {
		t.Errorf("report after the list is mended = %+v", l)
	}
	if code := stop(); code != exitOK {
		t.Errorf("exit %d, want 0", code)
	}
}

func TestWatchOfAServerThatExitsIsStatusTwo(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	cmd, out, stderr := startToolbench(t, "", append([]string{"watch"}, ts.args...)...)
	select {
	case <-out:
	case <-time.After(5 * time.Second):
		t.Fatalf("no report; stderr %q", stderr.String())
	}
	proctest.KillGroup(ts.waitStarted(t)) // the server crashes
	if code := waitExit(t, cmd, 3*time.Second); code != exitFailure {
		t.Errorf("exit %d, want 2", code)
	}
	want := regexp.MustCompile(`^toolbench watch: ` + regexp.QuoteMeta(ts.name) + `: the session with the server has ended: server was ended by signal killed\n$`)
	if !want.MatchString(stderr.String()) {
		t.Errorf("stderr %q, want %s", stderr.String(), want)
	}
}

func TestWatchOfAServerEndsItsReportAsLintDoes(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	_, lintOut, _ := commandRun{}.run(t, append([]string{"lint"}, ts.args...)...)
	want := lines(lintOut)[len(lines(lintOut))-1] // "... in 1 server (MCP 2025-11-25)"
	if !strings.HasSuffix(want, " in 1 server (MCP "+testProtocolRevision(t, want)+")") {
		t.Fatalf("lint's summary %q does not name the server and the revision", want)
	}
	_, out, stderr := startToolbench(t, "", append([]string{"watch"}, ts.args...)...)
	deadline := time.After(10 * time.Second)
	for {
		select {
		case l, ok := <-out:
			if !ok {
				t.Fatalf("the watch ended; stderr %q", stderr.String())
			}
			if strings.Contains(l, " in 1 ") || l == "valid" || strings.HasPrefix(l, "valid ") {
				if l != want {
					t.Errorf("watch's summary %q, want lint's %q", l, want)
				}
				return
			}
		case <-deadline:
			t.Fatalf("no summary; stderr %q", stderr.String())
		}
	}
}

// testProtocolRevision is the revision a summary names in "(MCP REV)".
func testProtocolRevision(t *testing.T, summary string) string {
	t.Helper()
	_, rev, ok := strings.Cut(summary, "(MCP ")
	if !ok {
		t.Fatalf("summary %q names no revision", summary)
	}
	return strings.TrimSuffix(rev, ")")
}
