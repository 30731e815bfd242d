package proxy

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/proctest"
)

// TestWhatTheProxyDoesNotCheckPassesThroughBothWays runs a call that
// reports progress and has the server ask the client for a sampling and
// an elicitation (input_required rounds in MCP 2026-07-28), and a call
// the client cancels: each message, from either side, reaches the other
// through the proxy, on both revisions and over stdio and HTTP.
func TestWhatTheProxyDoesNotCheckPassesThroughBothWays(t *testing.T) {
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		for _, over := range []string{"stdio", "http"} {
			t.Run(version+"/"+over, func(t *testing.T) {
				up, _ := testServer(t, "tools")
				var progress atomic.Int32
				opt := &mcp.ClientOptions{
					CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
						return &mcp.CreateMessageResult{Role: "assistant", Model: "test", Content: &mcp.TextContent{Text: "yes"}}, nil
					},
					ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
						return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
					},
					ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) { progress.Add(1) },
				}
				var s *mcp.ClientSession
				var record *proctest.Buffer
				if over == "stdio" {
					r := start(t, Options{Upstream: up})
					record = r.record
					c := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, opt)
					var err error
					s, err = c.Connect(context.Background(), &mcp.IOTransport{Reader: nopReadCloser{r.out}, Writer: nopCloser{r.in}}, &mcp.ClientSessionOptions{ProtocolVersion: version})
					if err != nil {
						t.Fatal(err)
					}
				} else {
					var url string
					url, _, record = serve(t, Options{Upstream: up}, listen(t))
					c := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, opt)
					var err error
					s, err = c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: version})
					if err != nil {
						t.Fatal(err)
					}
				}
				defer s.Close()
				ctx := context.Background()
				params := &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{}}
				params.SetProgressToken("p-1")
				res, err := s.CallTool(ctx, params)
				if err != nil || res.IsError {
					t.Fatalf("ask: %v %+v", err, res)
				}
				if text := res.Content[0].(*mcp.TextContent).Text; text != "model: yes; user: Ada" {
					t.Errorf("ask answered %q", text)
				}
				cctx, cancel := context.WithCancel(ctx)
				go func() { time.Sleep(100 * time.Millisecond); cancel() }()
				if _, err := s.CallTool(cctx, &mcp.CallToolParams{Name: "hang", Arguments: map[string]any{}}); err == nil {
					t.Error("a cancelled call returned no error")
				}
				if version == "2025-11-25" && progress.Load() != 3 {
					t.Errorf("%d progress notifications reached the client, want 3", progress.Load())
				}
				// MCP 2025-11-25 asks the client with requests of the
				// server's; 2026-07-28 in rounds of input_required, the
				// call sent again with the answers.
				wants := []string{`"method":"sampling/createMessage"`, `"method":"elicitation/create"`,
					`"from":"client","to":"server","kind":"notification","method":"notifications/cancelled"`, `"method":"notifications/progress"`}
				if version == "2026-07-28" {
					wants = []string{`"inputResponses":{`}
				}
				for _, want := range wants {
					waitFor(t, "record holding "+want, func() bool { return strings.Contains(record.String(), want) })
				}
			})
		}
	}
}

type nopReadCloser struct {
	r interface{ Read([]byte) (int, error) }
}

func (n nopReadCloser) Read(p []byte) (int, error) { return n.r.Read(p) }
func (nopReadCloser) Close() error                 { return nil }
