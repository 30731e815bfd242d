package mcpserve_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"toolbench/internal/mcpserve"
)

// serveHTTP serves opt until the test ends and returns the URL the log
// says it serves at.
func serveHTTP(t *testing.T, opt mcpserve.Options) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logR, logW := io.Pipe()
	opt.Log = logW
	served := make(chan error, 1)
	go func() {
		err := mcpserve.Serve(ctx, opt)
		if err != nil {
			t.Logf("Serve: %v", err)
		}
		served <- err
	}()
	t.Cleanup(func() {
		cancel()
		logW.Close()
		<-served
	})
	line, err := bufio.NewReader(logR).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, logR)
	url := regexp.MustCompile(`http://\S+/mcp`).FindString(line)
	if url == "" {
		t.Fatalf("the log does not say where it listens: %q", line)
	}
	return url
}

// stall opens a connection to the server at addr and sends a request
// whose body never comes; it returns the connection.
func stall(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\"", addr)
	return c
}

func TestAStalledRequestBodyIsCutOffAtItsBound(t *testing.T) {
	// A body that never came held its connection for ever.
	url := serveHTTP(t, mcpserve.Options{Root: t.TempDir(), HTTP: "127.0.0.1:0", BodyTimeout: 500 * time.Millisecond})
	c := stall(t, strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp"))
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), "did not arrive within 500ms") {
		t.Errorf("status %d, body %q; want 408 and the bound", resp.StatusCode, body)
	}
}

func TestStalledRequestsLeaveRoomForARealOne(t *testing.T) {
	// 21,000 stalled bodies took every file descriptor, and a real
	// request failed. Connections and bodies read at once are bounded,
	// and a stalled one ends at its bound, so a real request is answered.
	url := serveHTTP(t, mcpserve.Options{Root: t.TempDir(), HTTP: "127.0.0.1:0", BodyTimeout: 500 * time.Millisecond, MaxBodies: 2, MaxConnections: 4})
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp")
	for range 8 {
		go func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				return
			}
			defer c.Close()
			fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Length: 1000\r\n\r\n{", addr)
			io.Copy(io.Discard, c)
		}()
	}
	time.Sleep(200 * time.Millisecond)
	done := make(chan struct{})
	go func() {
		defer close(done)
		cs := connectHTTP(t, url)
		var got explainAnswer
		answer(t, cs, "explain_code", map[string]any{"code": "removed-tool"}, &got)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("a real request was not answered within a minute")
	}
}

func TestAForeignHostIsRefusedBeyondThisMachine(t *testing.T) {
	// Listening on every address, the server answered a request whose Host
	// was another site's: a page whose name was made to point at the
	// server (DNS rebinding) could have the tools read its files.
	ip := outwardIP(t)
	url := serveHTTP(t, mcpserve.Options{Root: t.TempDir(), HTTP: "0.0.0.0:0", AllowedHosts: []string{"tools.example"}})
	_, port, _ := net.SplitHostPort(strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/mcp"))
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`
	for _, tc := range []struct {
		host string
		want int
	}{
		{"evil.example:" + port, http.StatusMisdirectedRequest},
		{ip + ":" + port, http.StatusOK},
		{"127.0.0.1:" + port, http.StatusOK},
		{"localhost:" + port, http.StatusOK},
		{"tools.example:" + port, http.StatusOK},
		{"TOOLS.example.:" + port, http.StatusOK},
	} {
		req, _ := http.NewRequest("POST", "http://"+net.JoinHostPort(ip, port)+"/mcp", strings.NewReader(body))
		req.Host = tc.host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("Host %s: status %d (%s), want %d", tc.host, resp.StatusCode, strings.TrimSpace(string(text)), tc.want)
		}
	}
}

// outwardIP is an address of this machine that other machines reach: one
// that is not a loopback address.
func outwardIP(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skip(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	t.Skip("this machine has no address but its loopback")
	return ""
}

func TestServeSaysTheAddressItWasGiven(t *testing.T) {
	// --http 0.0.0.0:PORT said it served at http://[::]:PORT.
	for _, given := range []string{"0.0.0.0:0", "127.0.0.1:0"} {
		url := serveHTTP(t, mcpserve.Options{Root: t.TempDir(), HTTP: given})
		host, _, _ := strings.Cut(given, ":")
		if !regexp.MustCompile(`^http://` + regexp.QuoteMeta(host) + `:[1-9]\d*/mcp$`).MatchString(url) {
			t.Errorf("--http %s: serving at %s, want http://%s:PORT/mcp", given, url, host)
		}
	}
}
