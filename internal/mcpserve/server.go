package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
	"toolbench/internal/policy"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configures the server. The zero value serves the current
// directory on stdio with the default bounds.
type Options struct {
	// Root is the directory whose files the tools may read; "" is the
	// current directory. Paths name files under it.
	Root string
	// Version is the version the server gives clients; "" says "devel".
	Version string
	// InformationURI is where to read about this build of toolbench, as
	// toolbench version says it: explain_code names the page of a code
	// at its address there. "" names the page in the repository alone.
	InformationURI string
	// Policy is the team's policy in force under Root (toolbench.toml and
	// its baseline, found from Root): lint_tools checks what it says and
	// leaves out the issues it accepts, as toolbench lint does. Its Dir is
	// Root. nil for none.
	Policy *policy.Policy
	// MaxInputBytes bounds each document and calls text a tool reads,
	// inline or from a file; 0 is DefaultMaxInputBytes.
	MaxInputBytes int
	// MaxResults bounds the issues, changes or call results one answer
	// lists; the counts in the answer still count all of them. 0 is
	// DefaultMaxResults.
	MaxResults int

	// HTTP is the address Serve listens on for Streamable HTTP, such as
	// "127.0.0.1:7777"; "" serves stdio.
	HTTP string
	// In and Out are the streams Serve speaks on over stdio; nil for the
	// process's standard input and output.
	In  io.Reader
	Out io.Writer
	// Log is where Serve says where it listens; nil says nothing.
	Log io.Writer
}

// The default bounds.
const (
	// DefaultMaxInputBytes is the largest document or calls text a tool
	// reads: many times the tools any model takes in one request.
	DefaultMaxInputBytes = 4 << 20
	// DefaultMaxResults is the most issues, changes or call results an
	// answer lists: more than an agent reads, and a bounded answer
	// however many a large document has.
	DefaultMaxResults = 500
)

// HTTPPath is the path Serve answers Streamable HTTP on.
const HTTPPath = "/mcp"

// serverName is the name the server gives clients.
const serverName = "toolbench"

// instructions tell a client what the server is for.
const instructions = "toolbench checks LLM tool definitions (OpenAI, Anthropic, MCP and Gemini shapes). " +
	"Run lint_tools on a tools document or an MCP server's tools after writing or changing them, " +
	"check_tool_calls to see whether calls fit the tools, diff_tools before releasing a change to tools that callers use, " +
	"and explain_code for what a rule, target or change code means. " +
	"Documents are given as JSON text or as paths relative to the server's root directory " +
	"(toolbench mcp --root DIR; by default the directory the server was started in)."

// server holds what the tools share: the root, the bounds and where
// the pages of codes are.
type server struct {
	root           string // absolute, symbolic links resolved
	rootAsGiven    string // absolute, as given, for absolute paths through a link to the root
	maxInput       int
	maxResults     int
	informationURI string // Options.InformationURI
	policy         *policy.Policy
}

// NewServer returns the MCP server with toolbench's tools, reading files
// under opt.Root. It fails when the root is not a directory.
func NewServer(opt Options) (*mcp.Server, error) {
	s, err := newServer(opt)
	if err != nil {
		return nil, err
	}
	version := opt.Version
	if version == "" {
		version = "devel"
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: serverName, Title: "toolbench", Version: version}, &mcp.ServerOptions{
		Instructions: instructions,
		// Tools, and no logging: the tools never change and the server
		// has nothing to log to a client.
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
	})
	s.addTools(srv)
	return srv, nil
}

func newServer(opt Options) (*server, error) {
	root := opt.Root
	if root == "" {
		root = "."
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("root %s: %w", root, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("root %s: %w", root, pathErr(err))
	}
	if fi, err := os.Stat(real); err != nil {
		return nil, fmt.Errorf("root %s: %w", root, pathErr(err))
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("root %s is not a directory", root)
	}
	s := &server{root: real, rootAsGiven: abs, maxInput: opt.maxInput(), maxResults: opt.MaxResults, informationURI: opt.InformationURI, policy: opt.Policy}
	if s.maxResults <= 0 {
		s.maxResults = DefaultMaxResults
	}
	return s, nil
}

// maxInput is the bound on each input, MaxInputBytes or its default.
func (opt Options) maxInput() int {
	if opt.MaxInputBytes > 0 {
		return opt.MaxInputBytes
	}
	return DefaultMaxInputBytes
}

// maxMessage is the bound on a request, a JSON-RPC message: room for
// the two documents of diff_tools at the bound, each as a JSON string,
// where escapes may double its size.
func (opt Options) maxMessage() int {
	return 4*opt.maxInput() + 64<<10
}

// Handler returns the server as a Streamable HTTP handler, to be mounted
// at any path. It keeps no sessions: every request is answered on its
// own, as the tools need nothing from the one before. It refuses what a
// web page in a browser sends it from another site (the SDK refuses
// requests to a local address that name another host), so that visiting
// a page cannot have the tools read files.
func Handler(opt Options) (http.Handler, error) {
	srv, err := NewServer(opt)
	if err != nil {
		return nil, err
	}
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:           true,
		MaxRequestBodyBytes: int64(opt.maxMessage()),
	})
	return http.NewCrossOriginProtection().Handler(h), nil
}

// Serve runs the server until ctx is done or, on stdio, the client closes
// the stream: on stdio when opt.HTTP is "", else on Streamable HTTP at
// opt.HTTP, path HTTPPath, saying the URL on opt.Log.
func Serve(ctx context.Context, opt Options) error {
	if opt.HTTP != "" {
		return serveHTTP(ctx, opt)
	}
	srv, err := NewServer(opt)
	if err != nil {
		return err
	}
	var t mcp.Transport = &mcp.StdioTransport{MaxLineLength: opt.maxMessage()}
	if opt.In != nil || opt.Out != nil {
		in, out := opt.In, opt.Out
		if in == nil {
			in = os.Stdin
		}
		if out == nil {
			out = os.Stdout
		}
		t = &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}, MaxLineLength: opt.maxMessage()}
	}
	err = srv.Run(ctx, t)
	if ctx.Err() != nil || errors.Is(err, io.EOF) {
		return nil // stopped, or the client is gone: the normal ends
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// serveHTTP listens on opt.HTTP and serves until ctx is done.
func serveHTTP(ctx context.Context, opt Options) error {
	h, err := Handler(opt)
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", opt.HTTP)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle(HTTPPath, h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "toolbench mcp: serving MCP at http://%s%s\n", l.Addr(), HTTPPath)
		if !loopback(l.Addr()) {
			fmt.Fprintln(opt.Log, "toolbench mcp: anyone who reaches this address can have the tools read the files under the directory; listen on 127.0.0.1 to keep it to this machine")
		}
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(l) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut)
		return nil
	}
}

// loopback reports whether a is an address of this machine only.
func loopback(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}
