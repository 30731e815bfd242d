package mcpclient

// The servers the tests connect to. TestMain runs this test binary as one
// of them when serverEnv names a behaviour, so that stdio is tested against
// a real child process.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const serverEnv = "MCPCLIENT_TEST_SERVER"

func TestMain(m *testing.M) {
	if behaviour := os.Getenv(serverEnv); behaviour != "" {
		os.Exit(runServer(behaviour))
	}
	os.Exit(m.Run())
}

// serverSpec is the Spec of this test binary run as the server of the
// given behaviour, with a timeout short enough for tests.
func serverSpec(t testing.TB, behaviour string) Spec {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Spec{Name: behaviour, Command: []string{exe}, Env: []string{serverEnv + "=" + behaviour}, Timeout: 3 * time.Second, StartTimeout: 3 * time.Second}
}

func runServer(behaviour string) int {
	ctx := context.Background()
	switch behaviour {
	case "tools":
		return serveStdio(ctx, newToolsServer(nil, os.Stderr))
	case "stubborn":
		// Like server-everything: it serves, and then never exits on its
		// own; and like many, it ignores SIGTERM.
		signal.Ignore(syscall.SIGTERM)
		serveStdio(ctx, newToolsServer(nil, os.Stderr))
		select {}
	case "pages":
		return serveStdio(ctx, newPagesServer())
	case "modern":
		return serveStdio(ctx, newModernServer(0))
	case "legacy":
		return serveStdio(ctx, newLegacyServer())
	case "slow":
		// It takes its time to start, as npx does installing a package.
		d, _ := time.ParseDuration(os.Getenv(delayEnv))
		time.Sleep(d)
		return serveStdio(ctx, newModernServer(0))
	case "exit":
		fmt.Fprintln(os.Stderr, "fatal: no config file at /etc/example.conf")
		return 3
	case "garbage":
		fmt.Println("npm WARN config production Use `--omit=dev` instead.\x1b[0m")
		return serveStdio(ctx, newToolsServer(nil, os.Stderr))
	case "silent":
		// Like a server that never answers and ignores both the end of its
		// input and SIGTERM: only SIGKILL ends it.
		signal.Ignore(syscall.SIGTERM)
		fmt.Fprintln(os.Stderr, "waiting for the licence server...")
		select {}
	case "bad-jsonrpc":
		return serveScripted(badJSONRPCLine)
	case "intermediate":
		return runIntermediate()
	}
	fmt.Fprintf(os.Stderr, "unknown test server behaviour %q\n", behaviour)
	return 2
}

func serveStdio(ctx context.Context, s *mcp.Server) int {
	if err := s.Run(ctx, &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		return 1
	}
	return 0
}

// runIntermediate is a shell-like parent: it starts the real server, a
// stubborn one, as its child, tells its pid on stderr, and waits,
// forwarding no signal, as sh -c and npx do.
func runIntermediate() int {
	exe, _ := os.Executable()
	child := exec.Command(exe)
	child.Env = append(os.Environ(), serverEnv+"=stubborn")
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, os.Stderr
	signal.Ignore(syscall.SIGTERM)
	if err := child.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "intermediate:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "grandchild pid %d\n", child.Process.Pid)
	child.Wait()
	return 0
}

type echoArgs struct {
	Text string `json:"text" jsonschema:"the text to echo"`
}

// hangSignals are what the tool hang tells a test: that a call of it
// started, and that its context was cancelled. Each is closed once.
type hangSignals struct {
	started, cancelled chan struct{}
}

func newHangSignals() *hangSignals {
	return &hangSignals{started: make(chan struct{}), cancelled: make(chan struct{})}
}

// newToolsServer returns a server with the tools the tests call: echo,
// fails (a tool error), hang (until cancelled; it logs both to log, and
// tells signals when it is not nil, of its first call), add_tool (which
// adds a tool, so that the server sends list_changed) and crash (which
// exits).
func newToolsServer(signals *hangSignals, log io.Writer) *mcp.Server {
	var once sync.Once
	s := mcp.NewServer(&mcp.Implementation{Name: "test-tools", Version: "1.2.3"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echo the text back."},
		func(ctx context.Context, req *mcp.CallToolRequest, in echoArgs) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "fails", Description: "Fail as a tool does."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			return nil, nil, fmt.Errorf("the disk is full")
		})
	mcp.AddTool(s, &mcp.Tool{Name: "hang", Description: "Answer only when cancelled."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			fmt.Fprintln(log, "hang: started")
			first := false
			once.Do(func() { first = true })
			if first && signals != nil {
				close(signals.started)
			}
			<-ctx.Done()
			fmt.Fprintln(log, "hang: cancelled")
			if first && signals != nil {
				close(signals.cancelled)
			}
			return nil, nil, ctx.Err()
		})
	mcp.AddTool(s, &mcp.Tool{Name: "add_tool", Description: "Add the tool 'added'."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			s.AddTool(&mcp.Tool{Name: "added", InputSchema: json.RawMessage(`{"type":"object"}`)},
				func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return &mcp.CallToolResult{}, nil
				})
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "added"}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "crash", Description: "Exit at once."},
		func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
			fmt.Fprintln(os.Stderr, "panic: crash requested")
			os.Exit(7)
			return nil, nil, nil
		})
	return s
}

// rawToolsResult is a tools/list result that is written as the bytes it
// holds, so that a test server can send any page at all.
type rawToolsResult struct {
	*mcp.ListToolsResult
	raw json.RawMessage
}

func (r rawToolsResult) MarshalJSON() ([]byte, error) { return r.raw, nil }

// serveToolsPages makes s answer tools/list with the result page(cursor)
// returns, as written.
func serveToolsPages(s *mcp.Server, page func(cursor string) string) {
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			cursor := req.(*mcp.ListToolsRequest).Params.Cursor
			return rawToolsResult{&mcp.ListToolsResult{}, json.RawMessage(page(cursor))}, nil
		}
	})
}

// pagedTool is tool i of the pages server: keys in an order of its own,
// and an "execution" member the SDK's Tool does not know.
func pagedTool(i int) string {
	return fmt.Sprintf(`{"inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}},"name":"tool_%02d","execution":{"taskSupport":"optional"},"description":"Tool number %d."}`, i, i)
}

const pagedToolsPerPage = 3
const pagedPages = 5

// newPagesServer lists 15 tools in 5 pages of 3.
func newPagesServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "test-pages", Version: "0.1.0"}, nil)
	serveToolsPages(s, func(cursor string) string {
		n := 0
		fmt.Sscanf(cursor, "page-%d", &n)
		var tools []string
		for i := range pagedToolsPerPage {
			tools = append(tools, pagedTool(n*pagedToolsPerPage+i))
		}
		next := ""
		if n+1 < pagedPages {
			next = fmt.Sprintf(`,"nextCursor":"page-%d"`, n+1)
		}
		return `{"tools":[` + strings.Join(tools, ",") + `]` + next + `}`
	})
	return s
}

// badJSONRPCLine is the line the bad-jsonrpc server answers tools/list
// with: JSON, but not JSON-RPC 2.0.
func badJSONRPCLine(id string) string {
	return `{"jsonrpc":"1.0","id":` + id + `,"result":{"tools":[]}}`
}

// serveScripted is a hand-written stdio server for output no SDK server
// would write: it answers initialize properly and tools/list with the line
// toolsList returns.
func serveScripted(toolsList func(id string) string) int {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(in.Bytes(), &req) != nil || req.ID == nil {
			continue
		}
		switch req.Method {
		case "initialize":
			fmt.Printf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"scripted","version":"0"}}}`+"\n", req.ID)
		case "tools/list":
			fmt.Println(toolsList(string(req.ID)))
		default:
			fmt.Printf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no such method"}}`+"\n", req.ID)
		}
	}
	return 0
}
