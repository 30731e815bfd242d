//go:build integration

package mcpclient

// End-to-end tests against the reference server of MCP, the TypeScript
// @modelcontextprotocol/server-everything, pinned in testdata/mcp and
// installed there by `npm ci` (.ci/run does it).

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
	"toolbench/internal/proctest"
)

// everythingTimeout gives node time to start on a loaded machine.
const everythingTimeout = 5 * time.Second

// everythingEntry returns the server's script, or skips the test.
func everythingEntry(t *testing.T) string { return proctest.Everything(t, "../..") }

func TestEverythingOverStdio(t *testing.T) {
	t.Parallel()
	entry := everythingEntry(t)
	c, err := Connect(context.Background(), Spec{Command: []string{"node", entry, "stdio"}, Timeout: everythingTimeout})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != "@modelcontextprotocol/server-everything" {
		t.Errorf("Name = %q", c.Name())
	}
	checkEverything(t, c)
	pgid := c.proc.pgid
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	assertGroupGone(t, pgid)
}

func TestEverythingOverStreamableHTTP(t *testing.T) {
	t.Parallel()
	entry := everythingEntry(t)
	addr := proctest.EverythingHTTP(t, entry, everythingTimeout)

	c, err := Connect(context.Background(), Spec{URL: "http://" + addr + "/mcp", Timeout: everythingTimeout})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name() != addr {
		t.Errorf("Name = %q, want %q", c.Name(), addr)
	}
	checkEverything(t, c)
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// everythingTool is what the tests read of a listed tool.
type everythingTool struct {
	Name        string `json:"name"`
	InputSchema struct {
		Type       string                     `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	} `json:"inputSchema"`
}

// checkEverything lists the tools, checks the schemas of echo and get-sum
// and calls them, sees list_changed, and calls an unknown tool.
func checkEverything(t *testing.T, c *Client) {
	t.Helper()
	ctx := context.Background()
	info := c.ServerInfo()
	// It speaks MCP up to 2025-11-25: server/discover is refused, and the
	// session begins with initialize.
	if info.Name == "" || info.ProtocolVersion != "2025-11-25" || !info.ToolsListChanged {
		t.Errorf("ServerInfo = %+v", info)
	}

	// The server registers tools after initialize, and says so.
	select {
	case <-c.ListChanged():
	case <-time.After(everythingTimeout):
		t.Error("no list_changed from server-everything")
	}

	list, err := c.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tools []everythingTool `json:"tools"`
	}
	if err := json.Unmarshal(list.Document, &doc); err != nil {
		t.Fatalf("the document is not JSON: %v\n%s", err, list.Document)
	}
	if len(doc.Tools) != list.Tools || list.Tools < 10 {
		t.Fatalf("%d tools in the document, Tools = %d", len(doc.Tools), list.Tools)
	}
	tools := map[string]everythingTool{}
	for _, tool := range doc.Tools {
		tools[tool.Name] = tool
	}
	echo, sum := tools["echo"], tools["get-sum"]
	if !slices.Equal(echo.InputSchema.Required, []string{"message"}) || !strings.Contains(string(echo.InputSchema.Properties["message"]), `"type":"string"`) {
		t.Errorf("echo's schema is not {message: string}: %+v", echo.InputSchema)
	}
	for _, p := range []string{"a", "b"} {
		if !strings.Contains(string(sum.InputSchema.Properties[p]), `"type":"number"`) {
			t.Errorf("get-sum's %s is not a number: %s", p, sum.InputSchema.Properties[p])
		}
	}
	// A server's tools hold no line breaks over stdio; the document keeps
	// them as the server sent them either way.
	for i, p := range list.Pages {
		if !json.Valid(p.Message) {
			t.Errorf("page %d is not JSON", i+1)
		}
	}

	callText(t, c, "echo", `{"message":"hello, \u00e9t\u00e9"}`, "Echo: hello, été")
	callText(t, c, "get-sum", `{"a":2,"b":3.5}`, "The sum of 2 and 3.5 is 5.5.")

	// The TypeScript server answers an unknown tool with a result that
	// sets isError, not with a JSON-RPC error.
	res, err := c.Call(ctx, "no-such-tool", nil)
	if err != nil {
		t.Fatalf("unknown tool: %v", err)
	}
	if !res.IsError {
		t.Errorf("unknown tool: IsError is false in %s", res.Result)
	}
}

func callText(t *testing.T, c *Client, tool, args, want string) {
	t.Helper()
	res, err := c.Call(context.Background(), tool, json.RawMessage(args))
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var r struct {
		Content []struct{ Text string } `json:"content"`
	}
	if err := json.Unmarshal(res.Result, &r); err != nil || len(r.Content) == 0 || r.Content[0].Text != want || res.IsError {
		t.Errorf("%s: result %s, want the text %q", tool, res.Result, want)
	}
}
