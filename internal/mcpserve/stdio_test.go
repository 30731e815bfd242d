package mcpserve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
	"toolbench/internal/mcpserve"
	"toolbench/internal/proctest"
)

// stdioRootEnv, set, makes this test binary the server on stdio, serving
// the directory it names, so that a test can spawn a real process.
const stdioRootEnv = "TOOLBENCH_MCPSERVE_STDIO_ROOT"

func TestMain(m *testing.M) {
	if root := os.Getenv(stdioRootEnv); root != "" {
		if err := mcpserve.Serve(context.Background(), mcpserve.Options{Root: root, Version: "test"}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// lintBadFileOnStdio spawns the server of spec on stdio, serving a
// directory where bad.json holds badTools, lists its tools, lints them
// with every target, and calls lint_tools on bad.json.
func lintBadFileOnStdio(t *testing.T, spec mcpclient.Spec) {
	t.Helper()
	c, list := connectClient(t, spec)
	doc, err := jsondoc.Parse(list.Name, list.Document)
	if err != nil {
		t.Fatal(err)
	}
	if res := lint.Lint(doc, lint.Options{Targets: lint.TargetNames()}); len(res.Tools.Tools) != 4 || len(res.Issues) > 0 {
		t.Errorf("%d tools listed, with the issues %v; want 4 and none", len(res.Tools.Tools), res.Issues)
	}
	args, _ := json.Marshal(lintPathArgs("bad.json"))
	res, err := c.Call(context.Background(), "lint_tools", args)
	if err != nil {
		t.Fatal(err)
	}
	var result struct {
		StructuredContent lintAnswer `json:"structuredContent"`
		Content           []struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := json.Unmarshal(res.Result, &result); err != nil {
		t.Fatal(err)
	}
	if got := result.StructuredContent; res.IsError || got.Errors != 2 || got.Warnings != 1 || got.Issues[0]["file"] != "bad.json" {
		t.Errorf("isError %v, answer %+v; want the issues of bad.json", res.IsError, got)
	}
}

func TestServesOnStdioAsAProcessOfItsOwn(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"bad.json": badTools})
	lintBadFileOnStdio(t, mcpclient.Spec{Command: []string{os.Args[0]}, Env: []string{stdioRootEnv + "=" + root}})
}

func TestServeReturnsWhenTheClientClosesStdio(t *testing.T) {
	t.Parallel()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- mcpserve.Serve(context.Background(), mcpserve.Options{Root: t.TempDir(), In: serverIn, Out: serverOut})
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).
		Connect(context.Background(), &mcp.IOTransport{Reader: clientIn, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got explainAnswer
	answer(t, cs, "explain_code", map[string]any{"code": "invalid-name"}, &got)
	cs.Close() // closes clientOut: the server reads the end of its input
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return at the end of its input")
	}
}

// TestAnInputThatEndsEarlyStillGetsItsAnswers pipes a whole session at
// once, as `printf ... | toolbench mcp` does: the input ends before the
// server has answered, and every request is answered all the same.
func TestAnInputThatEndsEarlyStillGetsItsAnswers(t *testing.T) {
	t.Parallel()
	in := strings.NewReader(lines(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint_tools","arguments":{"text":"{\"tools\":[{\"name\":\"a b\",\"inputSchema\":{\"type\":\"object\"}}]}"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
	))
	var out proctest.Buffer
	if err := mcpserve.Serve(context.Background(), mcpserve.Options{Root: t.TempDir(), In: in, Out: &out}); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	answered := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct{ ID json.RawMessage }
		if json.Unmarshal([]byte(line), &m) == nil && m.ID != nil {
			answered[string(m.ID)] = true
		}
	}
	for _, id := range []string{"1", "2", "3"} {
		if !answered[id] {
			t.Errorf("request %s was not answered; the output:\n%s", id, out.String())
		}
	}
}
