package lint_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/headertest"
)

// The x-mcp-header rules agree with a real client: the Go SDK v1.8.0's,
// which drops from ListTools every tool whose annotations it finds
// invalid. internal/headertest writes tools with every kind of
// annotation; a Go SDK server sends them as written (its AddTool would
// refuse the bad ones, so a middleware answers tools/list with the raw
// bytes), over Streamable HTTP, to the SDK's client, and headertest.Agree
// holds the client's listing to toolbench's issues. The commands' tests
// ask the same of a live server of MCP 2026-07-28.

func TestTheToolsTheHeaderRulesRejectAreTheToolsTheGoSDKClientDrops(t *testing.T) {
	tools := headertest.Tools(21, 600)
	list := `{"tools": [` + strings.Join(tools, ",\n") + `]}`
	kept := listedByGoSDKClient(t, list)
	doc, err := jsondoc.Parse("generated.json", []byte(list))
	if err != nil {
		t.Fatal(err)
	}
	headertest.Agree(t, tools, kept, lint.Lint(doc, lint.Options{Targets: []string{"mcp"}}).Issues)
}

// listedByGoSDKClient serves the tools/list result list from a Go SDK
// server over Streamable HTTP and returns the names of the tools the
// SDK's client lists.
func listedByGoSDKClient(t *testing.T, list string) map[string]bool {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "raw-tools", Version: "1"}, nil)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				return rawList{ListToolsResult: &mcp.ListToolsResult{}, body: list}, nil
			}
			return next(ctx, method, req)
		}
	})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	defer hs.Close()
	ctx := t.Context()
	c := mcp.NewClient(&mcp.Implementation{Name: "toolbench-test", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	got, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, tool := range got.Tools {
		kept[tool.Name] = true
	}
	return kept
}

// rawList is a tools/list result written as given.
type rawList struct {
	*mcp.ListToolsResult
	body string
}

func (l rawList) MarshalJSON() ([]byte, error) {
	return []byte(strings.Replace(l.body, `{`, `{"resultType": "complete", "ttlMs": 0, "cacheScope": "private", `, 1)), nil
}
