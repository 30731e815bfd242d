package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	sdkrpc "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/net/netutil"
	"golang.org/x/sync/semaphore"

	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
)

// Over HTTP, nothing a peer sends is waited on without bound, nor read
// without one: a request's headers are read within ReadHeaderTimeout and
// its body within BodyTimeout, at most MaxBodies bodies at once and
// MaxConnections connections, so that stalled requests cannot exhaust the
// server's descriptors, and a body past the size of a message is refused.
// A body that is not one JSON-RPC message gets a JSON-RPC error, as
// internal/jsonrpc answers it, not the SDK's text. Bound to an address other machines reach, the server
// answers only requests whose Host names it, so that a web page whose
// name was made to point at it (DNS rebinding) cannot have it read files.

// The defaults of the HTTP server's bounds.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultBodyTimeout       = 30 * time.Second
	DefaultMaxBodies         = 64
	DefaultMaxConnections    = 512
	// idleTimeout ends a connection kept alive with no request on it.
	idleTimeout = 60 * time.Second
)

func (opt Options) bodyTimeout() time.Duration {
	if opt.BodyTimeout > 0 {
		return opt.BodyTimeout
	}
	return DefaultBodyTimeout
}

func (opt Options) maxBodies() int {
	if opt.MaxBodies > 0 {
		return opt.MaxBodies
	}
	return DefaultMaxBodies
}

func (opt Options) maxConnections() int {
	if opt.MaxConnections > 0 {
		return opt.MaxConnections
	}
	return DefaultMaxConnections
}

// Handler returns the server as a Streamable HTTP handler, to be mounted
// at any path. It keeps no sessions: every request is answered on its
// own, as the tools need nothing from the one before. It refuses what a
// web page in a browser sends it from another site (the SDK refuses
// requests to a local address that name another host), so that visiting
// a page cannot have the tools read files. Each request's body is read
// within the bounds of opt and checked before the SDK reads it (see
// checkedHandler).
func Handler(opt Options) (http.Handler, error) {
	return handler(opt, false)
}

// handler is Handler; ownHostCheck says the caller checks each request's
// Host itself (see hostCheck), in place of the SDK's check of a request
// to a local address.
func handler(opt Options, ownHostCheck bool) (http.Handler, error) {
	s, err := newServer(opt)
	if err != nil {
		return nil, err
	}
	return s.httpHandler(s.mcpServer(opt), opt, ownHostCheck), nil
}

// httpHandler is handler's answer, serving srv, the MCP server of s.
func (s *server) httpHandler(srv *mcp.Server, opt Options, ownHostCheck bool) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		Stateless:                  true,
		DisableLocalhostProtection: ownHostCheck,
		// One JSON answer a request: the tools send nothing before
		// their answer, and an answer read whole can be cleaned of what
		// speaks of Go before it leaves (see cleanWriter).
		JSONResponse:        true,
		MaxRequestBodyBytes: int64(opt.maxMessage()),
	})
	return &checkedHandler{
		next:        http.NewCrossOriginProtection().Handler(h),
		maxBody:     int64(opt.maxMessage()),
		bodyTimeout: opt.bodyTimeout(),
		slots:       make(chan struct{}, opt.maxBodies()),
		bodies:      semaphore.NewWeighted(largeBodies * int64(opt.maxMessage())),
		calls:       s.limit,
		log:         s.log,
	}
}

// checkedHandler reads the body of each POST within the bounds, answers
// one that is not a JSON-RPC 2.0 message, or a request whose params are
// not its method's, with a JSON-RPC error of its own, and hands the rest
// to next, whose answers it cleans of what speaks of Go.
type checkedHandler struct {
	next        http.Handler
	maxBody     int64
	bodyTimeout time.Duration
	slots       chan struct{}       // one a body being read
	bodies      *semaphore.Weighted // bytes of the large bodies read and being read, held until answered (see bodyWeight)
	calls       *callLimit          // the server's
	log         io.Writer
}

// largeBody is the size past which a request's body counts against the
// bytes of bodies the server holds at once, largeBodies of the largest
// message: a request that large costs memory however it is answered, and
// many waiting for their calls would hold theirs all together. A body
// waits for its bytes before it is read, holds them until it is
// answered, and holds no call slot meanwhile, so that a body that
// arrives slowly keeps no other client's call from running. Smaller ones
// (a listing, a ping, an explanation, a lint of a file by its path) are
// read at once, bounded by the bodies read at once; a call of theirs
// that reads a document waits for its slot after.
const (
	largeBody   = 64 << 10
	largeBodies = 2
)

// bodyWeight is what r's body counts against the server's bytes of
// large bodies: its length, or the largest message when its length is
// not said (chunked) or past it; 0 for a small one.
func (h *checkedHandler) bodyWeight(r *http.Request) int64 {
	switch n := r.ContentLength; {
	case n < 0 || n > h.maxBody:
		return h.maxBody
	case n > largeBody:
		return n
	}
	return 0
}

func (h *checkedHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		h.next.ServeHTTP(w, r) // the SDK answers the rest: stateless, it takes none
		return
	}
	if n := h.bodyWeight(r); n > 0 {
		if err := h.bodies.Acquire(r.Context(), n); err != nil {
			fmt.Fprintf(h.log, "toolbench mcp: a request of %d bytes stopped: its client went away while it waited for the server to hold fewer large bodies\n", r.ContentLength)
			http.Error(w, "the request ended while it waited for its turn", http.StatusServiceUnavailable)
			return
		}
		defer h.bodies.Release(n)
	}
	body, status, err := h.readBody(w, r)
	if err != nil {
		fmt.Fprintf(h.log, "toolbench mcp: %s: %s\n", r.RemoteAddr, termtext.EscapeLine(err.Error()))
		http.Error(w, err.Error(), status)
		return
	}
	m := jsonrpc.Parse(body)
	if answer, status := refusal(&m); answer != nil {
		fmt.Fprintf(h.log, "toolbench mcp: %s: %s\n", r.RemoteAddr, termtext.EscapeLine(string(answer)))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(append(answer, '\n'))
		return
	}
	// A call waits for its turn here, not in the server's middleware
	// alone: a request over HTTP is a session of its own, which the
	// request's end does not cancel, while here it does. The call then
	// runs with the request's end in its context, which the middleware
	// makes the call's (see withSlot).
	if tool := calledTool(&m); h.calls.tools[tool] {
		release, ok := h.waitTurn(w, r, tool)
		if !ok {
			return
		}
		defer release()
		r = r.WithContext(withSlot(r.Context()))
	}
	cw := &cleanWriter{header: http.Header{}, status: http.StatusOK}
	if m.Kind == jsonrpc.Request {
		// The SDK decodes an id as a number or a string, and echoes what
		// it decoded (1.5 as 1): it gets one of the handler's own, which
		// the answer trades back for the id as written.
		body = jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: m.ID, With: []byte(strconv.Quote(httpID))})
		cw.id = m.ID
	}
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	h.next.ServeHTTP(cw, r)
	cw.flushTo(w, h.log, m.Method)
}

// waitTurn waits for one of the server's call slots for r, a request
// for what, and returns the function that gives it back; false when the
// request ended first, answered.
func (h *checkedHandler) waitTurn(w http.ResponseWriter, r *http.Request, what string) (release func(), ok bool) {
	release, err := h.calls.acquire(r.Context(), what)
	if err != nil {
		http.Error(w, "the request ended while it waited for its turn", http.StatusServiceUnavailable)
		return nil, false
	}
	return release, true
}

// calledTool is the name of the tool m calls; "" when m is no tools/call.
func calledTool(m *jsonrpc.Message) string {
	if m.Kind != jsonrpc.Request || m.Method != "tools/call" {
		return ""
	}
	var name string
	if json.Unmarshal(jsonrpc.Member(m.Params, "name"), &name) != nil {
		return ""
	}
	return name
}

// httpID is the id a request over HTTP goes to the SDK with: one request
// a POST.
const httpID = "toolbench-request"

// readBody reads r's body: waiting for a slot at most the body timeout,
// then within it, and no more than the bound. Its error comes with the
// status to answer it with.
func (h *checkedHandler) readBody(w http.ResponseWriter, r *http.Request) ([]byte, int, error) {
	wait := time.NewTimer(h.bodyTimeout)
	defer wait.Stop()
	select {
	case h.slots <- struct{}{}:
		defer func() { <-h.slots }()
	case <-wait.C:
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the server is reading %d request bodies already; try again", cap(h.slots))
	case <-r.Context().Done():
		return nil, http.StatusServiceUnavailable, r.Context().Err()
	}
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(h.bodyTimeout))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.maxBody))
	if err == nil {
		rc.SetReadDeadline(time.Time{}) // a long answer is not the body's to bound
	} else {
		// What is left of the body is not waited for: the connection
		// closes once the error is answered.
		r.Body.Close()
		w.Header().Set("Connection", "close")
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, http.StatusRequestEntityTooLarge, fmt.Errorf("the request body is larger than the %d bytes a message to this server may take", h.maxBody)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, http.StatusRequestTimeout, fmt.Errorf("the request body did not arrive within %v", h.bodyTimeout)
	case err != nil:
		return nil, http.StatusBadRequest, fmt.Errorf("reading the request body: %v", err)
	}
	return body, 0, nil
}

// refusal is the answer to give m in place of the SDK's, with its
// status: the error of a body that is no message the SDK may take, or of
// a request whose params are not its method's, with the request's id as
// written; nil for a message the SDK is to answer.
func refusal(m *jsonrpc.Message) ([]byte, int) {
	switch m.Kind {
	case jsonrpc.Invalid, jsonrpc.Batch:
		return jsonrpc.AppendRefusal(nil, m, "a batch of messages, which MCP does not send: send one message a request"), http.StatusBadRequest
	case jsonrpc.Request:
		if perr := checkParams(m.Method, m.Params); perr != nil {
			return jsonrpc.AppendError(nil, m.ID, int(perr.Code), perr.Message), http.StatusOK
		}
	}
	return nil, 0
}

// cleanWriter keeps what the SDK answers a request with, to send it on
// once it is whole, its errors cleaned of what speaks of Go.
type cleanWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
	id     []byte // the id of the request as written, to answer with; nil for none
}

func (w *cleanWriter) Header() http.Header         { return w.header }
func (w *cleanWriter) WriteHeader(status int)      { w.status = status }
func (w *cleanWriter) Write(p []byte) (int, error) { return w.body.Write(p) }

// flushTo sends the answer to w, an answer to a request of method: an
// error that speaks of Go replaced by one in plain words.
func (w *cleanWriter) flushTo(dst http.ResponseWriter, log io.Writer, method string) {
	body := w.body.Bytes()
	switch media := mediaTypeOf(w.header.Get("Content-Type")); {
	case media == "application/json":
		body = cleanResponse(body, log, method)
		if w.id != nil {
			quoted := []byte(strconv.Quote(httpID))
			if i := bytes.Index(body, quoted); i >= 0 {
				body = jsonrpc.Replace(body, jsonrpc.Edit{Part: body[i : i+len(quoted)], With: w.id})
			}
		}
	case goTalk.Match(body):
		fmt.Fprintf(log, "toolbench mcp: %s: answered in plain words: %s\n", termtext.EscapeLine(method), termtext.EscapeLine(string(body)))
		body = []byte(http.StatusText(w.status) + "\n")
		w.header.Set("Content-Type", "text/plain; charset=utf-8")
	}
	for k, v := range w.header {
		dst.Header()[k] = v
	}
	dst.Header().Set("Content-Length", strconv.Itoa(len(body)))
	dst.WriteHeader(w.status)
	dst.Write(body)
}

// cleanResponse returns the JSON-RPC response body, its error cleaned
// (see cleanError).
func cleanResponse(body []byte, log io.Writer, method string) []byte {
	if !goTalk.Match(body) {
		return body
	}
	msg, err := sdkrpc.DecodeMessage(body)
	resp, ok := msg.(*sdkrpc.Response)
	if err != nil || !ok || resp.Error == nil {
		return body
	}
	resp.Error = cleanError(log, method, resp.Error)
	clean, err := sdkrpc.EncodeMessage(resp)
	if err != nil {
		return body
	}
	return clean
}

func mediaTypeOf(contentType string) string {
	t, _, _ := strings.Cut(contentType, ";")
	return strings.ToLower(strings.TrimSpace(t))
}

// serveHTTP listens on opt.HTTP and serves until ctx is done.
func serveHTTP(ctx context.Context, opt Options) error {
	h, err := handler(opt, true)
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", opt.HTTP)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle(HTTPPath, h)
	hs := &http.Server{Handler: &hostCheck{next: mux, hosts: hostNames(opt)}, ReadHeaderTimeout: opt.readHeaderTimeout(), IdleTimeout: idleTimeout}
	if opt.Log != nil {
		fmt.Fprintf(opt.Log, "toolbench mcp: serving MCP at http://%s%s\n", listenAddr(opt.HTTP, l.Addr()), HTTPPath)
		if !loopback(l.Addr()) {
			fmt.Fprintln(opt.Log, "toolbench mcp: anyone who reaches this address can have the tools read the files under the directory; listen on 127.0.0.1 to keep it to this machine")
		}
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(netutil.LimitListener(l, opt.maxConnections())) }()
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

func (opt Options) readHeaderTimeout() time.Duration {
	if opt.ReadHeaderTimeout > 0 {
		return opt.ReadHeaderTimeout
	}
	return DefaultReadHeaderTimeout
}

// listenAddr is the address the server listens on as a client writes it:
// the host as given (an address of every interface stays 0.0.0.0 or [::],
// as given, not what the listener reports for it), with the port the
// listener got.
func listenAddr(given string, got net.Addr) string {
	host, _, err := net.SplitHostPort(given)
	_, port, perr := net.SplitHostPort(got.String())
	if err != nil || perr != nil {
		return got.String()
	}
	if host == "" {
		host = "0.0.0.0"
	}
	return net.JoinHostPort(host, port)
}

// loopback reports whether a is an address of this machine only.
func loopback(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// hostNames are the names a request's Host may give the server, besides
// its IP addresses: localhost, the host of the address it listens on,
// the machine's name, and the names opt allows.
func hostNames(opt Options) []string {
	names := []string{"localhost"}
	if host, _, err := net.SplitHostPort(opt.HTTP); err == nil && host != "" {
		names = append(names, host)
	}
	if name, err := os.Hostname(); err == nil {
		names = append(names, name)
	}
	names = append(names, opt.AllowedHosts...)
	for i, n := range names {
		names[i] = strings.ToLower(strings.TrimSuffix(n, "."))
	}
	return names
}

// hostCheck answers only requests whose Host is an IP address or one of
// the server's names. A page of another site whose name was made to
// resolve to the server's address (DNS rebinding) sends its own name.
// It takes the place of the SDK's check, which covers a server on a
// loopback address only, and refuses a name allowed on purpose (a proxy
// of this machine that keeps the Host it was sent).
type hostCheck struct {
	next  http.Handler
	hosts []string
}

func (h *hostCheck) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	if hp, _, err := net.SplitHostPort(host); err == nil {
		host = hp
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if net.ParseIP(host) == nil && !slices.Contains(h.hosts, host) {
		http.Error(w, fmt.Sprintf("Host %s is not a name of this server; reach it by its address, or start it with --allow-host %s",
			strconv.Quote(r.Host), strconv.Quote(host)), http.StatusMisdirectedRequest)
		return
	}
	h.next.ServeHTTP(w, r)
}
