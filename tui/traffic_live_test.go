package tui

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"toolbench/internal/proxy"
)

// proxyClient is a client of a proxy on stdio that writes JSON-RPC lines
// and reads the answers.
type proxyClient struct {
	w io.WriteCloser
	r *bufio.Reader
}

// call sends a request and returns its answer's line.
func (c *proxyClient) call(t *testing.T, id, method, params string) string {
	t.Helper()
	fmt.Fprintf(c.w, `{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`+"\n", id, method, params)
	done := make(chan string, 1)
	go func() {
		line, _ := c.r.ReadString('\n')
		done <- line
	}()
	select {
	case line := <-done:
		return line
	case <-time.After(30 * time.Second): // a guard, not a measure
		t.Fatalf("no answer to %s", method)
		return ""
	}
}

// TestTheWorkbenchBesideARealProxyShowsItsCallsAndSendsThemAgain runs
// internal/proxy between a client and the Go SDK server, feeding the
// workbench through a TrafficFeed as toolbench proxy --tui does: the
// calls show with their verdicts, latency and codes, and one opened in
// the tester goes to the server on the workbench's own session.
func TestTheWorkbenchBesideARealProxyShowsItsCallsAndSendsThemAgain(t *testing.T) {
	t.Parallel()
	ls := newLiveServer()
	spec := ls.serveHTTP(t)
	feed := NewTrafficFeed(0)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ran := make(chan error, 1)
	go func() {
		err := proxy.Run(context.Background(), proxy.Options{Upstream: spec, Downstream: proxy.Downstream{In: inR, Out: outW},
			Events: feed.Send, Stderr: io.Discard})
		feed.Close()
		outW.Close()
		ran <- err
	}()
	c := &proxyClient{w: inW, r: bufio.NewReader(outR)}
	c.call(t, "0", "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"agent","version":"1"}}`)
	fmt.Fprintln(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	c.call(t, "1", "tools/list", `{}`)
	if answer := c.call(t, "2", "tools/call", `{"name":"echo","arguments":{"text":"through the proxy"}}`); !strings.Contains(answer, "echo: through the proxy") {
		t.Fatalf("the call through the proxy: %s", answer)
	}
	if answer := c.call(t, "3", "tools/call", `{"name":"echo","arguments":{"txt":"typo"}}`); !strings.Contains(answer, "missing:text") {
		t.Fatalf("the invalid call should be refused with its codes: %s", answer)
	}
	inW.Close() // the client goes, and the proxy with it
	select {
	case <-ran:
	case <-time.After(30 * time.Second):
		t.Fatal("the proxy did not end when its client went")
	}
	if n := ls.calls.Load(); n != 1 {
		t.Fatalf("the server took %d calls, want the valid one only", n)
	}

	m := openOnServerWith(t, spec, Server{Yes: true}, Options{Traffic: feed}, 120, 40)
	for !m.traffic.log.closed {
		m = withFeed(t, m, feed)
	}
	m.setFocus(paneTraffic)
	m = press(t, m, "c")
	rows := rowsOf(m)
	if len(rows) != 2 || !strings.Contains(rows[0], "echo #2 relayed") || !strings.Contains(rows[1], "echo #3 refused") || !strings.Contains(rows[1], "missing, extra") {
		t.Fatalf("the calls should be echo #2 relayed and echo #3 refused with missing and extra:\n%s", strings.Join(rows, "\n"))
	}
	if !strings.Contains(rows[0], " ms") {
		t.Errorf("the relayed call should show its answer's latency: %q", rows[0])
	}

	m = press(t, m, "k", "enter")
	if got, want := m.call.text(), `{"name": "echo", "arguments": {"text":"through the proxy"}}`; got != want {
		t.Fatalf("the tester holds %q, want %q", got, want)
	}
	m, cmd := pressCmd(t, m, "ctrl+r")
	m = result(t, m, cmd)
	if s := screen(m); !strings.Contains(s, "echo: through the proxy") {
		t.Errorf("the call sent again should come back from the server:\n%s", s)
	}
	if n := ls.calls.Load(); n != 2 {
		t.Errorf("the server took %d calls, want the proxy's one and the workbench's", n)
	}
}

// withFeed hands the next batch of f to Update, as the program does.
func withFeed(t testing.TB, m model, f *TrafficFeed) model {
	t.Helper()
	got := make(chan trafficMsg, 1)
	go func() { got <- readTraffic(f)().(trafficMsg) }()
	select {
	case msg := <-got:
		next, _ := m.Update(msg)
		return next.(model)
	case <-time.After(30 * time.Second): // a guard, not a measure
		t.Fatal("no traffic from the feed")
		return m
	}
}
