package mcpserve_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/mcpserve"
)

// connectHTTP returns an SDK client's session with the server at url.
func connectHTTP(t *testing.T, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestHandlerAnswersToolsOverStreamableHTTP(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"tools.json": badTools})
	h, err := mcpserve.Handler(mcpserve.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	cs := connectHTTP(t, ts.URL)

	var got lintAnswer
	answer(t, cs, "lint_tools", lintPathArgs("tools.json"), &got)
	if got.Errors != 2 || got.Warnings != 1 {
		t.Errorf("%d errors, %d warnings; want 2, 1: %v", got.Errors, got.Warnings, got.Issues)
	}
	if got := toolError(t, cs, "lint_tools", lintPathArgs("../tools.json")); !regexp.MustCompile(`leads out of the root`).MatchString(got) {
		t.Errorf("error %q, want the path refused", got)
	}
}

func TestHandlerRefusesRequestsFromOtherSitesInABrowser(t *testing.T) {
	t.Parallel()
	h, err := mcpserve.Handler(mcpserve.Options{Root: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	body := `{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}`
	for _, tc := range []struct {
		site string
		want int
	}{
		{"", http.StatusOK}, // not a browser: an agent's client
		{"same-origin", http.StatusOK},
		{"cross-site", http.StatusForbidden},
	} {
		req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		if tc.site != "" {
			req.Header.Set("Sec-Fetch-Site", tc.site)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("Sec-Fetch-Site %q: status %d, want %d", tc.site, resp.StatusCode, tc.want)
		}
	}
}

func TestHandlerTakesRequestsAsLargeAsTheDocumentsTheToolsRead(t *testing.T) {
	t.Parallel()
	const limit = 1 << 20
	// Quotes, escaped in the request, make it half as large again as the
	// document: too large for a limit on requests of the documents' size.
	values := strings.Repeat(`"a",`, (limit-200)/4/2)
	doc := `[{"name": "pick", "description": "Pick one of the values.", "parameters": {"type": "object", "properties": {"value": {"type": "string", "enum": [` +
		values + `"b"]}}}}]`
	if len(doc) > limit {
		t.Fatalf("the document is %d bytes, past the limit", len(doc))
	}
	h, err := mcpserve.Handler(mcpserve.Options{Root: t.TempDir(), MaxInputBytes: limit})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	cs := connectHTTP(t, ts.URL)
	var got diffAnswer
	answer(t, cs, "diff_tools", map[string]any{"old": doc, "old_path": nil, "new": doc, "new_path": nil}, &got)
	if len(got.Changes) != 0 {
		t.Errorf("changes between a document and itself: %v", got.Changes)
	}
}

func TestServeListensOnTheAddressUntilTheContextEnds(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	logR, logW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- mcpserve.Serve(ctx, mcpserve.Options{Root: t.TempDir(), HTTP: "127.0.0.1:0", Log: logW})
	}()
	line, err := bufio.NewReader(logR).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+/mcp`).FindString(line)
	if url == "" {
		t.Fatalf("the log does not say where it listens: %q", line)
	}
	cs := connectHTTP(t, url)
	var got explainAnswer
	answer(t, cs, "explain_code", map[string]any{"code": "removed-tool"}, &got)
	if got.Kind != "change" {
		t.Errorf("kind %q, want change", got.Kind)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return after the context ended")
	}
}

func TestServeRefusesARootThatIsNoDirectory(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"file": ""})
	for dir, want := range map[string]string{
		root + "/file":    "root " + root + "/file is not a directory",
		root + "/missing": "root " + root + "/missing: no such file or directory",
	} {
		if err := mcpserve.Serve(context.Background(), mcpserve.Options{Root: dir}); err == nil || err.Error() != want {
			t.Errorf("Serve with root %s: error %v, want %q", dir, err, want)
		}
	}
}
