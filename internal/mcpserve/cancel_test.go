package mcpserve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/gen"
	"toolbench/internal/mcpserve"
	"toolbench/internal/proctest"
)

// waitFor waits up to a minute for the log to hold want.
func waitFor(t *testing.T, l *proctest.Buffer, want string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(l.String(), want) {
			return
		}
	}
	t.Fatalf("the log does not say %q:\n%s", want, l.String())
}

// bigTools writes a tools document long to lint under root.
func bigTools(t *testing.T, root string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, "big.json"), gen.Tools(20000), 0o644); err != nil {
		t.Fatal(err)
	}
}

const stopped = "lint_tools stopped: the request was cancelled, or its client went away"

func TestACancelledLintStops(t *testing.T) {
	root := t.TempDir()
	bigTools(t, root)
	var log proctest.Buffer
	cs := connect(t, mcpserve.Options{Root: root, MaxInputBytes: 64 << 20, Log: &log})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel) // the client sends notifications/cancelled
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "lint_tools", Arguments: lintPathArgs("big.json")}); err == nil {
		t.Fatal("the cancelled call was answered")
	}
	waitFor(t, &log, stopped)
}

func TestALintStopsWhenTheClientCloses(t *testing.T) {
	root := t.TempDir()
	bigTools(t, root)
	var log proctest.Buffer
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	served := make(chan error, 1)
	go func() {
		// The end of the input waits a moment for the lint's answer, and
		// then stops it: a moment well short of the lint, which takes
		// 0.2 s or more, so that the lint is still running when it ends.
		served <- mcpserve.Serve(context.Background(), mcpserve.Options{Root: root, MaxInputBytes: 64 << 20, AnswersWait: 10 * time.Millisecond, In: serverIn, Out: serverOut, Log: &log})
	}()
	go io.Copy(io.Discard, clientIn)
	w := bufio.NewWriter(clientOut)
	args, _ := json.Marshal(lintPathArgs("big.json"))
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint_tools","arguments":` + string(args) + `}}`,
	} {
		w.WriteString(line + "\n")
	}
	w.Flush()
	clientOut.Close() // the client goes away in the middle of the lint
	waitFor(t, &log, stopped)
	select {
	case <-served:
	case <-time.After(time.Minute):
		t.Fatal("Serve has not returned a minute after its client closed")
	}
}

// TestACancelledRequestIsNotAnswered cancels a lint with
// notifications/cancelled on stdio: the lint stops, and its request gets
// no answer, as MCP asks of a request its client cancelled, while the
// requests after it are answered.
func TestACancelledRequestIsNotAnswered(t *testing.T) {
	root := t.TempDir()
	bigTools(t, root)
	var log proctest.Buffer
	p := servePiped(t, mcpserve.Options{Root: root, MaxInputBytes: 64 << 20, Log: &log})
	args, _ := json.Marshal(lintPathArgs("big.json"))
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`)
	p.write(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"lint","method":"tools/call","params":{"name":"lint_tools","arguments":`+string(args)+`}}`)
	time.Sleep(100 * time.Millisecond)
	p.write(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"lint","reason":"test"}}`)
	waitFor(t, &log, stopped)
	p.write(t, `{"jsonrpc":"2.0","id":"after","method":"ping"}`)
	var got []string
	for line := range p.answers {
		got = append(got, line)
		if strings.Contains(line, `"id":"after"`) {
			break
		}
	}
	p.in.Close()
	select {
	case <-p.served:
	case <-time.After(time.Minute):
		t.Fatal("Serve has not returned a minute after its client closed")
	}
	p.out.Close()
	for line := range p.answers { // what the server wrote before it returned
		got = append(got, line)
	}
	if !strings.Contains(strings.Join(got, "\n"), `"id":"after"`) {
		t.Errorf("the ping after the cancelled lint was not answered:\n%s", strings.Join(got, "\n"))
	}
	for _, line := range got {
		if strings.Contains(line, `"id":"lint"`) {
			t.Errorf("the cancelled request was answered: %s", line)
		}
	}
}
