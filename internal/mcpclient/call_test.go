package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"time"
)

func TestCallReturnsResultAsSent(t *testing.T) {
	t.Parallel()
	c := connectInMemory(t, newToolsServer(nil, io.Discard))
	res, err := c.Call(context.Background(), "echo", json.RawMessage(`{"text": "héllo\u001b"}`))
	if err != nil {
		t.Fatal(err)
	}
	// The Go SDK's server speaks MCP 2026-07-28: it names itself in _meta
	// and says the result is complete.
	want := `{"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"test-tools","version":"1.2.3"}},"content":[{"type":"text","text":"héllo\u001b"}],"resultType":"complete"}`
	if string(res.Result) != want {
		t.Errorf("Result = %s, want %s", res.Result, want)
	}
	if res.IsError || res.Elapsed <= 0 {
		t.Errorf("IsError = %v, Elapsed = %v", res.IsError, res.Elapsed)
	}
}

func TestCallTellsToolErrorFromProtocolError(t *testing.T) {
	t.Parallel()
	c := connectInMemory(t, newToolsServer(nil, io.Discard))
	ctx := context.Background()

	res, err := c.Call(ctx, "fails", nil)
	if err != nil {
		t.Fatalf("a tool's failure is a result, got the error %v", err)
	}
	if !res.IsError {
		t.Errorf("IsError is false in %s", res.Result)
	}

	_, err = c.Call(ctx, "no_such_tool", nil)
	var rpc *RPCError
	if !errors.As(err, &rpc) {
		t.Fatalf("got %v (%T), want an *RPCError", err, err)
	}
	if want := `tools/call "no_such_tool": JSON-RPC error -32602: "unknown tool \"no_such_tool\""`; err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
}

func TestCallRefusesArgumentsThatAreNotAnObject(t *testing.T) {
	t.Parallel()
	c := connectInMemory(t, newToolsServer(nil, io.Discard))
	for args, want := range map[string]string{
		`[1]`:   `tools/call "echo": the arguments are a list, not an object`,
		`{"a":`: `tools/call "echo": the arguments are not valid JSON`,
	} {
		if _, err := c.Call(context.Background(), "echo", json.RawMessage(args)); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", args, err, want)
		}
	}
}

func TestCancellingCallCancelsItOnTheServer(t *testing.T) {
	t.Parallel()
	hang := newHangSignals()
	c := connectInMemory(t, newToolsServer(hang, io.Discard))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Call(ctx, "hang", nil)
		done <- err
	}()
	select {
	case <-hang.started: // the call reached the server
	case <-time.After(10 * time.Second):
		t.Fatal("the call never reached the server")
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("got %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Call did not return when cancelled")
	}
	select {
	case <-hang.cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("the server's handler never saw its context cancelled")
	}
	// The session goes on.
	if _, err := c.Call(context.Background(), "echo", json.RawMessage(`{"text":"still here"}`)); err != nil {
		t.Errorf("a call after the cancelled one: %v", err)
	}
}

func TestCallTimesOut(t *testing.T) {
	t.Parallel()
	c := connectInMemory(t, newToolsServer(nil, io.Discard))
	c.timeout = 200 * time.Millisecond
	start := time.Now()
	_, err := c.Call(context.Background(), "hang", nil)
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("got %v, want a *TimeoutError", err)
	}
	if want := `tools/call "hang": no answer within 200ms (--timeout raises it)`; err.Error() != want {
		t.Errorf("got  %s\nwant %s", err, want)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("took %v", d)
	}
}
