package live

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/mcpclient"
)

// listTool is a tool of the listing servers.
func listTool(name string) string {
	return `{"name":"` + name + `","description":"Look up records in the catalogue.","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"Words to look for."}}}}`
}

// rawList is a tools/list result written as the bytes it holds.
type rawList struct {
	*mcp.ListToolsResult
	raw string
}

func (r rawList) MarshalJSON() ([]byte, error) { return []byte(r.raw), nil }

// listingServer serves, statelessly over Streamable HTTP as MCP
// 2026-07-28 does, a server whose answer to the n-th tools/list of all
// is list(n). A survey lists twice in its session, then once on a second
// connection.
func listingServer(t *testing.T, list func(n int) string) mcpclient.Spec {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "listing", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2026-07-28"}})
	var n atomic.Int32
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			return rawList{&mcp.ListToolsResult{}, list(int(n.Add(1)))}, nil
		}
	})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(hs.Close)
	return mcpclient.Spec{URL: hs.URL, Timeout: 3 * time.Second}
}

// page is a tools/list result of the tools, with its caching hints.
func page(names ...string) string {
	var tools []string
	for _, n := range names {
		tools = append(tools, listTool(n))
	}
	return `{"resultType":"complete","tools":[` + strings.Join(tools, ",") + `],"ttlMs":0,"cacheScope":"public"}`
}

// survey connects to spec, lists the tools and surveys the listing; the
// session ends with the test.
func survey(t *testing.T, spec mcpclient.Spec) (*mcpclient.ToolList, *lint.ServerFacts) {
	t.Helper()
	ctx := context.Background()
	c, err := mcpclient.Connect(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	first, err := c.ListTools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return first, Survey(ctx, c, first)
}

// surveyIssues surveys the listing of spec and lints it with its facts,
// returning the issues of the live rules.
func surveyIssues(t *testing.T, spec mcpclient.Spec) []string {
	t.Helper()
	first, facts := survey(t, spec)
	if facts.Again == nil || facts.Elsewhere == nil {
		t.Fatalf("the survey made no second listing or no second connection: %+v", facts)
	}
	doc, err := jsondoc.Parse(first.Name, first.Document)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, is := range lint.Lint(doc, lint.Options{Targets: []string{"mcp"}, Server: facts}).Issues {
		if strings.HasPrefix(is.Code, "mcp/") {
			got = append(got, is.Code+" "+is.Message)
		}
	}
	return got
}

func TestSurveyFindsWhatOnlyListingAgainShows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		list func(n int) string
		want []string
	}{
		{"a steady server", func(int) string { return page("a", "b") }, nil},
		{"an order that changes", func(n int) string {
			if n%2 == 0 {
				return page("b", "a")
			}
			return page("a", "b")
		}, []string{`mcp/tool-order-unstable this listing has "a" at index 0, and a second listing in the same session had "b" there: the same tools in another order`}},
		{"other tools on the second connection", func(n int) string {
			if n <= 2 {
				return page("a", "b")
			}
			return page("a", "c")
		}, []string{
			`mcp/tool-list-varies a second connection does not list the tool "b": the tools must not vary per connection`,
			`mcp/tool-list-varies a second connection lists "c", which this one does not: the tools must not vary per connection`,
		}},
		{"a listing without hints", func(int) string { return `{"tools":[` + listTool("a") + `]}` }, []string{
			`mcp/list-result-type tools/list page 1 of 1 has no "resultType"; a result of MCP 2026-07-28 says "resultType": "complete"`,
			`mcp/list-cache-hints tools/list page 1 of 1 has no "ttlMs"`,
			`mcp/list-cache-hints tools/list page 1 of 1 has no "cacheScope"`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, surveyIssues(t, listingServer(t, tc.list))); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSurveyOfAServerOfAnEarlierRevisionListsOnce(t *testing.T) {
	t.Parallel()
	s := mcp.NewServer(&mcp.Implementation{Name: "legacy", Version: "1"}, &mcp.ServerOptions{SupportedProtocolVersions: []string{"2025-11-25"}})
	var lists atomic.Int32
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				lists.Add(1)
			}
			return next(ctx, method, req)
		}
	})
	s.AddTool(&mcp.Tool{Name: "a", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(hs.Close)
	_, f := survey(t, mcpclient.Spec{URL: hs.URL, Timeout: 3 * time.Second})
	if f.ProtocolVersion != "2025-11-25" || f.Again != nil || f.Elsewhere != nil || len(f.Pages) != 1 || lists.Load() != 1 {
		t.Errorf("facts %+v after %d listings, want the first listing's alone", f, lists.Load())
	}
}

func TestSurveyLeavesALongListAtOneListing(t *testing.T) {
	t.Parallel()
	names := make([]string, SurveyLimit+1)
	for i := range names {
		names[i] = fmt.Sprintf("tool_%04d", i)
	}
	var lists atomic.Int32
	spec := listingServer(t, func(int) string { lists.Add(1); return page(names...) })
	if _, f := survey(t, spec); f.Again != nil || f.Elsewhere != nil || lists.Load() != 1 {
		t.Errorf("a list of %d tools was listed %d times (again %v, elsewhere %v)", len(names), lists.Load(), f.Again != nil, f.Elsewhere != nil)
	}
}
