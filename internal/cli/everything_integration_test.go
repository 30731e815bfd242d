//go:build integration

package cli

// The commands end to end against MCP's reference server, the TypeScript
// @modelcontextprotocol/server-everything that internal/mcpclient pins in
// its testdata/mcp and `npm ci` installs there (.ci/run does it), over
// stdio and Streamable HTTP.

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"toolbench/internal/proctest"
)

// everythingTimeout gives node time to start on a loaded machine.
const everythingTimeout = "10s"

// everythingEntry returns the server's script, or skips the test.
func everythingEntry(t *testing.T) string { return proctest.Everything(t, ".") }

// everythingOverStdio returns the flags that spawn server-everything on
// stdio, its processes marked so that the test can check none is left.
func everythingOverStdio(t *testing.T, entry string) []string {
	t.Helper()
	mark := "TOOLBENCH_E2E_MARK=" + t.Name()
	t.Cleanup(func() {
		if !proctest.Supported() {
			return // nothing to look with: the test checks the rest
		}
		deadline := time.Now().Add(2 * time.Second)
		for len(proctest.WithEnv(mark)) > 0 {
			if time.Now().After(deadline) {
				t.Errorf("server-everything still runs: %v", proctest.WithEnv(mark))
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	return []string{"--server-cmd", "node " + shellQuote(entry) + " stdio", "-e", mark, "--timeout", everythingTimeout}
}

// everythingOverHTTP starts server-everything's Streamable HTTP server
// and returns the flags that reach it.
func everythingOverHTTP(t *testing.T, entry string) []string {
	addr := proctest.EverythingHTTP(t, entry, 10*time.Second)
	return []string{"--server-url", "http://" + addr + "/mcp", "--timeout", everythingTimeout}
}

func TestEverythingEndToEnd(t *testing.T) {
	t.Parallel()
	entry := everythingEntry(t)
	for _, tc := range []struct {
		name   string
		server func(*testing.T, string) []string
	}{
		{"stdio", everythingOverStdio},
		{"http", everythingOverHTTP},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.server(t, entry)
			t.Run("lint", func(t *testing.T) { checkEverythingLint(t, args) })
			t.Run("dump", func(t *testing.T) { checkEverythingDump(t, args) })
			t.Run("call --run", func(t *testing.T) { checkEverythingCalls(t, args) })
		})
	}
}

// checkEverythingLint lints server-everything by the rules of the revision
// it speaks, 2025-11-25, which warn of its tools' empty properties.
func checkEverythingLint(t *testing.T, args []string) {
	code, out, stderr := commandRun{}.run(t, append([]string{"lint", "--json", "--target", "mcp@2025-11-25"}, args...)...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 0: server-everything's tools have warnings only", code, stderr)
	}
	issues := lintIssues(t, out)
	if len(issues) == 0 {
		t.Fatal("no issues; its tools without arguments have empty properties")
	}
	for _, is := range issues {
		if is.File == "" || is.Line < 2 || is.Column < 1 {
			t.Errorf("issue %s at %s:%d:%d, want the server's name and a place in its tools", is.Code, is.File, is.Line, is.Column)
		}
	}
}

// everythingTool is what the test reads of a dumped tool.
type everythingTool struct {
	Name        string `json:"name"`
	InputSchema struct {
		Type       string                     `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	} `json:"inputSchema"`
}

func checkEverythingDump(t *testing.T, args []string) {
	code, out, stderr := commandRun{}.run(t, append([]string{"dump"}, args...)...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var doc struct{ Tools []everythingTool }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("the dump is not JSON: %v", err)
	}
	if n := len(lines(out)); n != len(doc.Tools)+2 {
		t.Errorf("%d lines for %d tools, want a tool a line", n, len(doc.Tools))
	}
	want := map[string][]string{"echo": {"message"}, "get-sum": {"a", "b"}}
	for _, tool := range doc.Tools {
		if req, ok := want[tool.Name]; ok {
			if strings.Join(tool.InputSchema.Required, ",") != strings.Join(req, ",") {
				t.Errorf("%s requires %v, want %v", tool.Name, tool.InputSchema.Required, req)
			}
			delete(want, tool.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("the dump lacks %v", want)
	}
}

func checkEverythingCalls(t *testing.T, args []string) {
	calls := `{"name": "echo", "arguments": {"message": "hello"}}
{"name": "get-sum", "arguments": {"a": 2, "b": 3}}
{"name": "get-structured-content", "arguments": {"location": "Chicago"}}
`
	code, out, stderr := commandRun{stdin: calls}.run(t, append([]string{"call", "--run"}, args...)...)
	if code != exitOK || stderr != "" {
		t.Errorf("exit %d, stderr %q; want 0", code, stderr)
	}
	got := lines(msPattern.ReplaceAllString(out, "N ms"))
	want := []string{"line 1: ok N ms", "  Echo: hello", "line 2: ok N ms", "  The sum of 2 and 3 is 5.", "line 3: ok N ms"}
	if len(got) < len(want)+1 || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") || got[len(got)-1] != "3 calls: 3 ok" {
		t.Errorf("call --run printed\n%s\nwant it to start\n%s\nand end with 3 calls: 3 ok", out, strings.Join(want, "\n"))
	}

	// A call its schema refuses is not sent; one the server refuses is a
	// tool error there, as TypeScript servers answer.
	calls = `{"name": "get-sum", "arguments": {"a": 2}}
{"name": "get-sum", "arguments": {"a": 2, "b": 3, "c": 4}}
`
	code, out, _ = commandRun{stdin: calls}.run(t, append([]string{"call", "--run"}, args...)...)
	if code != exitIssues || !strings.HasPrefix(out, "line 1: missing:b\nline 2: extra:c\n") {
		t.Errorf("exit %d, out\n%s\nwant 1 and the calls not sent", code, out)
	}
}
