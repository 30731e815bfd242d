package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"toolbench/internal/brokenpipe"
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
	// MaxCalls bounds the calls of the tools that read a document
	// (lint_tools, check_tool_calls, diff_tools) that run at once, of
	// every client together; the rest wait for one to end (see
	// limit.go). 0 is the number of processors Go may use.
	MaxCalls int

	// HTTP is the address Serve listens on for Streamable HTTP, such as
	// "127.0.0.1:7777"; "" serves stdio.
	HTTP string
	// In and Out are the streams Serve speaks on over stdio; nil for the
	// process's standard input and output.
	In  io.Reader
	Out io.Writer
	// AnswersWait bounds how long the end of the input on stdio waits for
	// the answers to the requests read before it, as when a whole session
	// is piped in (`printf ... | toolbench mcp`); past it, requests still
	// running are cancelled. 0 is DefaultAnswersWait.
	AnswersWait time.Duration

	// Log is where Serve says where it listens, and where the server says
	// what went wrong on its side (a tool that failed, a message it
	// answered with an error); nil says nothing.
	Log io.Writer

	// The bounds of Streamable HTTP (see http.go); 0 is the default.
	ReadHeaderTimeout time.Duration // DefaultReadHeaderTimeout
	BodyTimeout       time.Duration // DefaultBodyTimeout
	MaxBodies         int           // DefaultMaxBodies: bodies read at once
	MaxConnections    int           // DefaultMaxConnections
	// AllowedHosts are names a request's Host may give the server when it
	// listens on an address other machines reach, besides its IP
	// addresses, localhost and the machine's name.
	AllowedHosts []string
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
	// DefaultAnswersWait is how long the end of the input waits for the
	// answers to what came before it: long enough for a lint of a
	// document at the input bound.
	DefaultAnswersWait = 10 * time.Second
)

// answersWait is AnswersWait or its default.
func (opt Options) answersWait() time.Duration {
	if opt.AnswersWait > 0 {
		return opt.AnswersWait
	}
	return DefaultAnswersWait
}

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

// server holds what the tools share: the root, the bounds, where the
// pages of codes are, and the log.
type server struct {
	root           string // absolute, symbolic links resolved
	rootAsGiven    string // absolute, as given, for absolute paths through a link to the root
	maxInput       int
	maxResults     int
	informationURI string // Options.InformationURI
	policy         *policy.Policy
	log            io.Writer  // where a failure of the server's own is told; never nil
	limit          *callLimit // of the calls that read a document, of every session
}

// NewServer returns the MCP server with toolbench's tools, reading files
// under opt.Root. It fails when the root is not a directory.
func NewServer(opt Options) (*mcp.Server, error) {
	s, err := newServer(opt)
	if err != nil {
		return nil, err
	}
	return s.mcpServer(opt), nil
}

// mcpServer is the MCP server of s, with its tools.
func (s *server) mcpServer(opt Options) *mcp.Server {
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
	srv.AddReceivingMiddleware(ofTheRevision) // outermost: it trims every answer
	return srv
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
	s := &server{root: real, rootAsGiven: abs, maxInput: opt.maxInput(), maxResults: opt.MaxResults, informationURI: opt.InformationURI, policy: opt.Policy, log: opt.Log}
	if s.log == nil {
		s.log = io.Discard
	}
	s.limit = newCallLimit(opt.maxCalls(), s.log, lintToolName, callsToolName, diffToolName)
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

// Serve runs the server until ctx is done or, on stdio, the client closes
// the stream: on stdio when opt.HTTP is "", else on Streamable HTTP at
// opt.HTTP, path HTTPPath, saying the URL on opt.Log.
func Serve(ctx context.Context, opt Options) error {
	if opt.HTTP != "" {
		return serveHTTP(ctx, opt)
	}
	s, err := newServer(opt)
	if err != nil {
		return err
	}
	srv := s.mcpServer(opt)
	in, out := opt.In, opt.Out
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	// A write to standard output that the client closed is an error,
	// the client gone, not SIGPIPE.
	defer brokenpipe.Catch()()
	t := &stdioTransport{in: in, out: out, max: opt.maxMessage(), log: s.log}
	err = srv.Run(ctx, checkedTransport{Transport: t, log: s.log, answersWait: opt.answersWait()})
	if ctx.Err() != nil || errors.Is(err, io.EOF) || t.gone.Load() {
		return nil // stopped, or the client is gone: the normal ends
	}
	return err
}
