package mcpclient

import (
	"context"
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestConnectReportsMissingCommand(t *testing.T) {
	t.Parallel()
	_, err := Connect(context.Background(), Spec{Command: []string{"toolbench-no-such-server", "--stdio"}, Timeout: time.Second})
	var ce *ConnectError
	if !errors.As(err, &ce) || !errors.Is(err, exec.ErrNotFound) {
		t.Fatalf("got %v, want a *ConnectError wrapping exec.ErrNotFound", err)
	}
	want := `connect to toolbench-no-such-server: start the server: exec: "toolbench-no-such-server": executable file not found in $PATH`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}

func TestConnectReportsServerThatExitsAtOnce(t *testing.T) {
	t.Parallel()
	start := time.Now()
	_, err := Connect(context.Background(), serverSpec(t, "exit"))
	var exit *ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("got %v (%T), want an *ExitError", err, err)
	}
	if exit.Code != 3 {
		t.Errorf("exit code %d, want 3", exit.Code)
	}
	want := `connect to exit: server/discover: server exited with status 3; stderr: "fatal: no config file at /etc/example.conf\n"`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v to notice the exit", d)
	}
}

func TestConnectReportsOutputThatIsNotJSONRPC(t *testing.T) {
	t.Parallel()
	_, err := Connect(context.Background(), serverSpec(t, "garbage"))
	var out *OutputError
	if !errors.As(err, &out) {
		t.Fatalf("got %v (%T), want an *OutputError", err, err)
	}
	// The line is quoted, its escape sequence shown escaped.
	want := "connect to garbage: server/discover: server wrote to stdout a line that is not JSON: \"npm WARN config production Use `--omit=dev` instead.\\x1b[0m\" (a server writes only JSON-RPC messages there, and its logs to stderr)"
	if got := err.Error(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if strings.ContainsRune(err.Error(), 0x1b) {
		t.Errorf("the error holds a raw escape character")
	}
}

func TestConnectTimesOutOnServerThatNeverAnswers(t *testing.T) {
	t.Parallel()
	spec := serverSpec(t, "silent")
	spec.StartTimeout = 500 * time.Millisecond
	start := time.Now()
	_, err := Connect(context.Background(), spec)
	elapsed := time.Since(start)
	var te *TimeoutError
	if !errors.As(err, &te) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v (%T), want a *TimeoutError", err, err)
	}
	want := `connect to silent: server/discover: no answer within 500ms (--start-timeout raises it); stderr: "waiting for the licence server...\n"`
	if err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	// The timeout, then the server's stop: stdin, SIGTERM (ignored), SIGKILL.
	if limit := spec.StartTimeout + stdinGrace + termGrace + time.Second; elapsed > limit {
		t.Errorf("took %v, more than %v", elapsed, limit)
	}
}

func TestConnectRefusesBadSpecs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		spec Spec
		want string
	}{
		{"nothing", Spec{}, "connect to server: no command and no URL"},
		{"both", Spec{Command: []string{"x"}, URL: "http://h/mcp"}, "connect to x: both a command and a URL: give one"},
		{"bad env", Spec{Command: []string{"x"}, Env: []string{"NOEQUALS"}}, `connect to x: environment entry "NOEQUALS": want KEY=VALUE`},
		{"ftp", Spec{URL: "ftp://h/mcp"}, `connect to h: server URL "ftp://h/mcp": want http:// or https:// and a host`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Connect(context.Background(), tc.spec)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestConnectGivesServerInfo(t *testing.T) {
	t.Parallel()
	c := connectStdio(t, "tools")
	info := c.ServerInfo()
	if info.Name != "test-tools" || info.Version != "1.2.3" || info.ProtocolVersion != DefaultProtocolVersion || !info.ToolsListChanged {
		t.Errorf("ServerInfo = %+v", info)
	}
	if c.Name() != "tools" {
		t.Errorf("Name = %q", c.Name())
	}
}

func TestStderrTailKeepsWhatTheServerWrote(t *testing.T) {
	t.Parallel()
	c := connectStdio(t, "tools")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Call(ctx, "hang", nil)
		done <- err
	}()
	if !waitFor(2*time.Second, func() bool { return strings.Contains(c.StderrTail(), "hang: started\n") }) {
		t.Fatalf("stderr tail %q lacks the server's line", c.StderrTail())
	}
	cancel()
	<-done
	if !waitFor(2*time.Second, func() bool { return strings.Contains(c.StderrTail(), "hang: cancelled\n") }) {
		t.Errorf("the server's handler was not cancelled; stderr %q", c.StderrTail())
	}
}

func TestServerCrashEndsSessionWithExitError(t *testing.T) {
	t.Parallel()
	c := connectStdio(t, "tools")
	_, err := c.Call(context.Background(), "crash", nil)
	var exit *ExitError
	if !errors.As(err, &exit) || exit.Code != 7 {
		t.Fatalf("got %v, want an *ExitError with code 7", err)
	}
	if !regexp.MustCompile(`^tools/call "crash": server exited with status 7; stderr: ".*panic: crash requested\\n"$`).MatchString(err.Error()) {
		t.Errorf("got %s", err)
	}
	select {
	case <-c.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("Done is not closed after the server exited")
	}
	if !errors.As(c.Err(), &exit) {
		t.Errorf("Err = %v, want the *ExitError", c.Err())
	}
	assertGroupGone(t, c.proc.pgid)
}

func TestCancellingConnectContextClosesClient(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	c, err := Connect(ctx, serverSpec(t, "tools"))
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-c.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("the session outlived its context")
	}
	assertGroupGone(t, c.proc.pgid)
	if err := c.Err(); err != nil {
		t.Errorf("Err = %v, want nil: the client ended the session", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close after the context ended: %v", err)
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
