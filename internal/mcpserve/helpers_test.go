package mcpserve_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/internal/mcpserve"
)

// connect serves opt in-process and returns a client's session with it,
// closed when the test ends.
func connect(t *testing.T, opt mcpserve.Options) *mcp.ClientSession {
	t.Helper()
	srv, err := mcpserve.NewServer(opt)
	if err != nil {
		t.Fatal(err)
	}
	serverT, clientT := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, serverT, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs
}

// callTool calls the tool name with args and returns its result; a
// protocol error fails the test, as the server must answer every
// argument with a result.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", name, err)
	}
	return res
}

// answer calls the tool, fails the test unless the result is a success
// whose structuredContent conforms to the tool's outputSchema (checked
// by toolbench's own output check, apart from the SDK's), and decodes
// the content into out. It returns the result's text.
func answer(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) string {
	t.Helper()
	res := callTool(t, cs, name, args)
	text := resultText(t, res)
	if res.IsError {
		t.Fatalf("%s: tool error: %s", name, text)
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	structured, err := jsondoc.ParseValue("structuredContent", string(data))
	if err != nil {
		t.Fatal(err)
	}
	if errs := call.ValidateOutput(name, structured, listedSchemas(t, cs)); len(errs) > 0 {
		t.Fatalf("%s: structuredContent breaks the outputSchema: %v", name, errs)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatal(err)
	}
	return text
}

// toolError calls the tool and returns the text of its error, failing the
// test when the result is not one.
func toolError(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) string {
	t.Helper()
	res := callTool(t, cs, name, args)
	text := resultText(t, res)
	if !res.IsError {
		t.Fatalf("%s: want a tool error, got a result: %s", name, text)
	}
	return text
}

// resultText is the text of a result, which must be one text item.
func resultText(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("want one content item, got %d", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("want text content, got %T", res.Content[0])
	}
	return tc.Text
}

// listedSchemas are the call check's schemas of the tools the server
// lists.
func listedSchemas(t *testing.T, cs *mcp.ClientSession) *call.Schemas {
	t.Helper()
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsondoc.Parse("tools/list", data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := call.LoadSchemas(doc, "tools")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lintArgs are lint_tools' arguments for the document text, with no
// path, targets or ignores.
func lintArgs(text string) map[string]any {
	return map[string]any{"tools": text, "tools_path": nil, "targets": nil, "ignore": nil}
}

// lintPathArgs are lint_tools' arguments for the file at path.
func lintPathArgs(path string) map[string]any {
	return map[string]any{"tools": nil, "tools_path": path, "targets": nil, "ignore": nil}
}

// writeFiles writes each file of files, by path relative to dir, making
// the directories on the way.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// lines joins its arguments with line breaks, one after each.
func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }
