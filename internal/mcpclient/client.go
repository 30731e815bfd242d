package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Client is a session with one MCP server. Its methods may be called
// from several goroutines at once.
type Client struct {
	name    string
	spec    Spec
	timeout time.Duration
	session *mcp.ClientSession
	info    ServerInfo

	proc *process  // the spawned server; nil over HTTP
	conn *lineConn // its connection; nil over HTTP
	http *http.Transport

	listChanged chan struct{}
	changes     atomic.Int64  // the list_changed notices heard
	done        chan struct{} // closed when the session has ended
	endErr      error         // the session's end, as the SDK saw it; set before done
	closing     atomic.Bool   // Close has begun
	stopWatch   func() bool   // stops closing the client when ctx is done
	closeOnce   sync.Once
	closeErr    error
}

// ServerInfo is what a server said of itself when the session began.
type ServerInfo struct {
	Name, Title, Version string
	// ProtocolVersion is the MCP version the server chose.
	ProtocolVersion string
	Instructions    string
	// ToolsListChanged says the server sends notifications/tools/list_changed.
	ToolsListChanged bool
}

// Connect starts the server of spec, or reaches it, and begins a session:
// the handshake, server/discover for a server of MCP 2026-07-28 or
// initialize for an earlier one (see DefaultProtocolVersion), answered
// within spec's StartTimeout for a spawned server and its Timeout for one
// reached by URL. The session lasts until Close, or until ctx is done,
// which closes the client as Close does (so ctx is usually the program's,
// cancelled by ctrl+c, not a deadline).
//
// Its error is a *ConnectError, which names the server, wraps the cause
// (*ExitError, *OutputError, *HTTPError, *RPCError, *TimeoutError, or the
// error of starting the command) and quotes the end of the server's
// standard error.
func Connect(ctx context.Context, spec Spec) (*Client, error) {
	c := &Client{
		name:        spec.DisplayName(),
		spec:        spec,
		timeout:     spec.timeout(),
		listChanged: make(chan struct{}, 1),
		done:        make(chan struct{}),
	}
	if err := spec.Validate(); err != nil {
		return nil, &ConnectError{Server: c.name, Err: err}
	}
	var transport mcp.Transport
	bound, flag := c.timeout, timeoutFlag
	if len(spec.Command) > 0 {
		proc, err := startProcess(spec.Command, spec.Env, spec.Dir)
		if err != nil {
			return nil, &ConnectError{Server: c.name, Err: err}
		}
		c.proc = proc
		transport = &commandTransport{proc: proc, conn: &c.conn}
		bound, flag = spec.startTimeout(), startTimeoutFlag
		defer noticeSlowStart(spec)()
	} else {
		transport, c.http = httpTransport(spec)
	}
	if err := c.connect(ctx, transport, spec.protocolVersion(), bound, flag); err != nil {
		return nil, err
	}
	return c, nil
}

// The flags that raise the bounds, as a *TimeoutError names them.
const (
	timeoutFlag      = "--timeout"
	startTimeoutFlag = "--start-timeout"
	listTimeoutFlag  = "--list-timeout"
)

// noticeSlowStart tells spec.Progress of a handshake that takes longer
// than StartNotice, and returns the function to call once it is over,
// which clears the notice when there was one.
func noticeSlowStart(spec Spec) (over func()) {
	if spec.Progress == nil {
		return func() {}
	}
	var (
		mu         sync.Mutex
		told, done bool
	)
	timer := time.AfterFunc(StartNotice, func() {
		mu.Lock()
		defer mu.Unlock()
		if !done {
			told = true
			spec.Progress(spec.startLine())
		}
	})
	return func() {
		timer.Stop()
		mu.Lock()
		defer mu.Unlock()
		done = true
		if told {
			spec.Progress("")
		}
	}
}

// handshakeMethods are the requests that begin a session: server/discover
// first, for MCP 2026-07-28, and initialize for earlier revisions.
var handshakeMethods = []string{"server/discover", "initialize"}

// connect runs the handshake over transport, asking for version, within
// bound, which flag raises.
func (c *Client) connect(ctx context.Context, transport mcp.Transport, version string, bound time.Duration, flag string) error {
	sdk := mcp.NewClient(&mcp.Implementation{Name: "toolbench", Version: toolbenchVersion()}, &mcp.ClientOptions{
		// toolbench offers the server nothing (no roots, sampling or
		// elicitation), and answers no requests of its own. On MCP
		// 2026-07-28 its calls say they take elicitation forms, which
		// come back as results (see Call).
		Capabilities:           &mcp.ClientCapabilities{},
		ToolListChangedHandler: c.onListChanged,
		MultiRoundTrip:         &mcp.MultiRoundTripOptions{Disabled: true},
	})
	sdk.AddSendingMiddleware(uncachedLists)
	hctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	hctx, ex := withExchange(hctx, bound, flag, handshakeMethods...)
	session, err := sdk.Connect(hctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		if c.conn == nil && c.proc != nil {
			c.proc.stop() // the SDK never had the connection to close
		}
		c.closeHTTP()
		err = fmt.Errorf("%s: %w", ex.method(), c.cause(hctx, ex, err))
		return &ConnectError{Server: c.name, Err: err, Stderr: c.StderrTail()}
	}
	c.session = session
	c.info = serverInfo(session.InitializeResult())
	go func() {
		c.endErr = session.Wait()
		close(c.done)
	}()
	c.stopWatch = context.AfterFunc(ctx, func() { c.Close() })
	return nil
}

// uncachedLists keeps the SDK from answering a tools/list from its cache
// (MCP 2026-07-28 lets a server say how long a listing stays fresh, in
// ttlMs, and the SDK keeps it that long): toolbench inspects the server,
// so every listing is the server's answer of now, read as it was sent.
func uncachedLists(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if list, ok := res.(*mcp.ListToolsResult); ok {
			list.TTLMs = 0
		}
		return res, err
	}
}

func serverInfo(res *mcp.InitializeResult) ServerInfo {
	var info ServerInfo
	if res == nil {
		return info
	}
	info.ProtocolVersion, info.Instructions = res.ProtocolVersion, res.Instructions
	if res.ServerInfo != nil {
		info.Name, info.Title, info.Version = res.ServerInfo.Name, res.ServerInfo.Title, res.ServerInfo.Version
	}
	if res.Capabilities != nil && res.Capabilities.Tools != nil {
		info.ToolsListChanged = res.Capabilities.Tools.ListChanged
	}
	return info
}

func toolbenchVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

func (c *Client) onListChanged(context.Context, *mcp.ToolListChangedRequest) {
	c.changes.Add(1)
	select {
	case c.listChanged <- struct{}{}:
	default: // one is pending already, and it means the same: list again
	}
}

// failure returns what a spawned server did that ended the session: it
// exited, or wrote what is not JSON-RPC; or nil.
func (c *Client) failure() error {
	if c.conn != nil {
		if err := c.conn.err(); err != nil && !errors.Is(err, mcp.ErrConnectionClosed) {
			return err
		}
	}
	if c.proc != nil {
		if exit := c.proc.exitError(); exit != nil {
			return exit
		}
	}
	return nil
}

// cause returns the most telling reason a request to the server failed,
// given the error the SDK returned: the server's own failure, an HTTP
// status that refused the request, the timeout, or a JSON-RPC error.
func (c *Client) cause(ctx context.Context, ex *exchange, err error) error {
	if ferr := c.failure(); ferr != nil {
		return ferr
	}
	if herr := ex.httpError(); herr != nil {
		return herr
	}
	if rerr := ex.refused(); rerr != nil {
		return rerr
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return &TimeoutError{Method: ex.method(), Timeout: ex.bound, Flag: ex.flag}
	}
	// The SDK wraps a request that never reached the server in a JSON-RPC
	// error of its own (-32005, "rejected by transport"); the network's
	// error says what happened.
	var netErr *net.OpError
	if errors.As(err, &netErr) {
		return fmt.Errorf("cannot reach the server: %w", netErr)
	}
	var wire *jsonrpc.Error
	if errors.As(err, &wire) {
		return &RPCError{Method: ex.method(), Code: wire.Code, Message: wire.Message, Data: wire.Data}
	}
	if err == nil {
		// The SDK read a response that the transport did not keep.
		return fmt.Errorf("the response was not kept: it is over %d MiB, or not in the event stream as sent", MaxMessageSize>>20)
	}
	return err
}

// Name returns the server's name: the Spec's DisplayName.
func (c *Client) Name() string { return c.name }

// ServerInfo returns what the server said of itself.
func (c *Client) ServerInfo() ServerInfo { return c.info }

// ProtocolVersion is the MCP revision of the session, as negotiated:
// "2026-07-28" for a server that answered server/discover, the version
// its answer to initialize named for an earlier one.
func (c *Client) ProtocolVersion() string { return c.info.ProtocolVersion }

// Modern reports whether the session is on MCP 2026-07-28 or later, whose
// results carry a resultType and whose listings carry ttlMs and
// cacheScope.
func (c *Client) Modern() bool { return IsModern(c.info.ProtocolVersion) }

// IsModern reports whether version is MCP 2026-07-28 or later. Versions
// are dates, which compare as strings.
func IsModern(version string) bool { return version >= Revision20260728 }

// Revision20260728 is the MCP revision without sessions: server/discover,
// subscriptions/listen, resultType and multi round-trip requests.
const Revision20260728 = "2026-07-28"

// Spec returns the Spec the client connected with, to connect again.
func (c *Client) Spec() Spec { return c.spec }

// Changes counts the notices of the server that its tools changed
// (notifications/tools/list_changed) heard so far: two listings between
// which it grew may hold other tools for that reason.
func (c *Client) Changes() int64 { return c.changes.Load() }

// ListChanged delivers a value when the server has said its tools changed
// (notifications/tools/list_changed). Notices that arrive before the last
// one is taken are merged into it: one value means "list again".
func (c *Client) ListChanged() <-chan struct{} { return c.listChanged }

// Done is closed when the session has ended: by Close, or because the
// server exited or broke the connection. Err then says why.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err returns why the session ended, or nil while it lasts or when Close
// ended it.
func (c *Client) Err() error {
	select {
	case <-c.done:
	default:
		return nil
	}
	if err := c.failure(); err != nil {
		return err
	}
	if c.closing.Load() || errors.Is(c.endErr, mcp.ErrConnectionClosed) {
		return nil
	}
	return c.endErr
}

// StderrTail returns the last StderrTailSize bytes the server wrote to its
// standard error, as written: escape them before showing them. It is empty
// over HTTP.
func (c *Client) StderrTail() string {
	if c.proc == nil {
		return ""
	}
	return c.proc.stderrTail()
}

// Close ends the session and, for a spawned server, its whole process
// group, waiting for them to exit. It may be called more than once.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		c.closing.Store(true)
		c.stopWatch()
		c.closeErr = c.session.Close()
		<-c.done
		c.closeHTTP()
	})
	return c.closeErr
}

func (c *Client) closeHTTP() {
	if c.http != nil {
		c.http.CloseIdleConnections()
	}
}
