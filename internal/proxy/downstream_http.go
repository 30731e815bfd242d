package proxy

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	stdlog "log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/netutil"

	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// The proxy as a Streamable HTTP server. In front of a server reached by
// URL it passes each request on as the client made it (the client's
// session is the server's), checking each message both ways. In front of
// a spawned server it keeps the sessions itself: each client that begins
// one with initialize (MCP 2025-11-25) gets a server process of its own,
// and clients that keep no session (MCP 2026-07-28) share one, whose
// requests are renumbered so that two clients' ids never meet.

// The bounds of the HTTP side.
const (
	// bodyTimeout bounds the reading of a request's body, so that a
	// stalled client holds nothing for long.
	bodyTimeout = 30 * time.Second
	// maxSessions bounds the spawned servers that clients' sessions hold
	// at once.
	maxSessions = 32
	// idleSession is how long a session with a spawned server of its own
	// lasts with no request and no stream open: a client that went
	// without a DELETE does not hold a server for ever.
	idleSession = 30 * time.Minute
	// unusedSession is how long a session that has had no message but
	// its handshake (initialize, notifications/initialized) lasts:
	// clients that begin sessions and never use them do not take every
	// one of maxSessions for idleSession. Any client lists the tools
	// before it calls one.
	unusedSession = time.Minute
)

// maxConnections bounds the connections served at once, so that clients
// that open connections and stall cannot take every file the proxy may
// open (its server's pipes, its record); further connections wait to be
// accepted. A kept-alive connection idle for idleTimeout is closed.
var maxConnections = 512

const idleTimeout = 60 * time.Second

// serveHTTP serves the proxy on HTTP until ctx is done.
func serveHTTP(ctx context.Context, opt *Options, rec *recorder, log *logger) error {
	l := opt.Downstream.Listener
	if l == nil {
		var err error
		if l, err = net.Listen("tcp", listenAddress(opt.Downstream.Listen)); err != nil {
			return err
		}
	}
	h := newHTTPDown(ctx, opt, rec, log, l.Addr())
	go h.endIdle(time.Minute)
	mux := http.NewServeMux()
	mux.Handle(HTTPPath, http.NewCrossOriginProtection().Handler(h))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: idleTimeout, ErrorLog: stdlog.New(logLines{log}, "", 0)}
	log.printf("serving MCP at http://%s%s, in front of %s", l.Addr(), HTTPPath, opt.Upstream.DisplayName())
	if !isLoopback(l.Addr()) {
		log.printf("anyone who reaches %s can use the server through the proxy; listen on 127.0.0.1 to keep it to this machine", l.Addr())
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(netutil.LimitListener(l, maxConnections)) }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	hs.Shutdown(shut)
	h.close()
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// logLines writes what net/http logs as the proxy's own lines, escaped.
type logLines struct{ log *logger }

func (w logLines) Write(p []byte) (int, error) {
	w.log.printf("%s", strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// listenAddress is addr with a loopback host when it names none
// (":7777"): other machines reach the proxy only when told they may.
func listenAddress(addr string) string {
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		return net.JoinHostPort("127.0.0.1", port)
	}
	return addr
}

// isLoopback reports whether a is an address of this machine only.
func isLoopback(a net.Addr) bool {
	tcp, ok := a.(*net.TCPAddr)
	return ok && tcp.IP.IsLoopback()
}

// httpDown is the proxy's HTTP side.
type httpDown struct {
	ctx       context.Context
	opt       *Options
	rec       *recorder
	log       *logger
	hosts     map[string]bool // the Host names allowed besides loopback ones
	loopback  bool            // listening on a loopback address only
	idleEnd   time.Duration   // how long a session of its own server may idle
	unusedEnd time.Duration   // how long one may idle that had only its handshake
	bodyEnd   time.Duration   // how long a request's body may take to arrive

	// lostClients counts the connections lost with messages for them
	// not written, by why (a loss), for stderr to count each cause.
	lostClients [stopped + 1]atomic.Int64

	mu       sync.Mutex
	live     map[*exchange]bool      // the exchanges whose handlers have not returned
	sessions map[string]*downSession // by Mcp-Session-Id, over a spawned server
	shared   *downSession            // requests without a session; every request over a URL
	closed   bool
}

func newHTTPDown(ctx context.Context, opt *Options, rec *recorder, log *logger, addr net.Addr) *httpDown {
	h := &httpDown{ctx: ctx, opt: opt, rec: rec, log: log, hosts: map[string]bool{}, loopback: isLoopback(addr), idleEnd: idleSession, unusedEnd: unusedSession, bodyEnd: bodyTimeout, live: map[*exchange]bool{}, sessions: map[string]*downSession{}}
	for _, name := range opt.Downstream.Hosts {
		h.hosts[strings.ToLower(name)] = true
	}
	if tcp, ok := addr.(*net.TCPAddr); ok && !tcp.IP.IsUnspecified() {
		h.hosts[strings.ToLower(tcp.IP.String())] = true
	}
	return h
}

// hostAllowed reports whether a request's Host names this proxy: a
// loopback name, the address listened on, or one of Downstream.Hosts. A
// page that DNS rebinding points at the proxy names its own host.
func (h *httpDown) hostAllowed(host string) bool {
	name := host
	if hostOnly, _, err := net.SplitHostPort(host); err == nil {
		name = hostOnly
	}
	name = strings.ToLower(strings.Trim(name, "[]"))
	if h.hosts[name] {
		return true
	}
	if name == "localhost" {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

func (h *httpDown) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.hostAllowed(r.Host) {
		http.Error(w, "toolbench proxy: the Host "+termtext.Quote(r.Host)+" does not name this proxy", http.StatusForbidden)
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodGet:
		h.get(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, "toolbench proxy: method not allowed", http.StatusMethodNotAllowed)
	}
}

// A downSession is a session of the proxy's with its HTTP clients: the
// relay to one upstream, and the client's open streams.
type downSession struct {
	h  *httpDown
	s  *session
	id string // the Mcp-Session-Id the proxy gave, "" for none

	mu     sync.Mutex
	stream *exchange          // the client's GET stream, nil when none is open
	open   map[*exchange]bool // the exchanges open, the newest last in order
	order  []*exchange
	used   time.Time  // when the last exchange closed
	opens  int        // the exchanges opened, its handshake's among them
	done   chan error // a spawned server's end (see session.connect)
}

// idle reports whether the session has had no exchange open since
// before, or, when it has had none but its handshake's, since unused.
func (ds *downSession) idle(before, unused time.Time) bool {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if len(ds.open) > 0 || ds.stream != nil {
		return false
	}
	return ds.used.Before(before) || ds.opens <= 2 && ds.used.Before(unused)
}

// send implements downstream: an answer goes on the response to its
// request; a message of the server's on the stream it came with, or, in
// a session of one client's, the client's GET stream, or the newest
// exchange open. The exchange that queues msg has d record it dropped
// should it not write it.
func (ds *downSession) send(msg []byte, req, via *request, d *delivery) error {
	if req != nil {
		if x, ok := req.route.(*exchange); ok {
			return x.write(msg, true, d)
		}
		return errNoStream
	}
	if via != nil {
		if x, ok := via.route.(*exchange); ok && x.write(msg, false, d) == nil {
			return nil
		}
	}
	if ds.id == "" {
		// A session clients share: any other stream may be another
		// client's.
		return errNoStream
	}
	ds.mu.Lock()
	candidates := []*exchange{ds.stream}
	for i := len(ds.order) - 1; i >= 0; i-- {
		candidates = append(candidates, ds.order[i])
	}
	ds.mu.Unlock()
	for _, x := range candidates {
		if x != nil && x.write(msg, false, d) == nil {
			return nil
		}
	}
	return errNoStream
}

// errNoStream is a message of the server's that no open stream can carry
// to the client.
var errNoStream = errors.New("no stream open to the client")

func (ds *downSession) opened(x *exchange) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if ds.open == nil {
		ds.open = map[*exchange]bool{}
	}
	ds.open[x] = true
	ds.order = append(ds.order, x)
	ds.opens++
}

func (ds *downSession) closedExchange(x *exchange) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	ds.used = time.Now()
	delete(ds.open, x)
	for i, o := range ds.order {
		if o == x {
			ds.order = append(ds.order[:i], ds.order[i+1:]...)
			break
		}
	}
	if ds.stream == x {
		ds.stream = nil
	}
}

// newSession starts a session with the upstream: a server process of its
// own for a spawned server.
func (h *httpDown) newSession(id string) (*downSession, error) {
	s := newSession(h.ctx, h.opt, h.rec, h.log)
	ds := &downSession{h: h, s: s, id: id, used: time.Now(), done: make(chan error, 1)}
	s.down = ds
	if err := s.connect(ds.done); err != nil {
		return nil, err
	}
	if up, ok := s.up.(*httpUp); ok {
		up.own = false
		return ds, nil
	}
	s.renumber = id == ""
	go func() {
		// A server that exits ends its session; one the proxy stopped
		// was forgotten first.
		if <-ds.done != nil {
			h.forget(ds)
		}
	}()
	return ds, nil
}

// forget drops a session whose server is gone: the next request begins
// another.
func (h *httpDown) forget(ds *downSession) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shared == ds {
		h.shared = nil
	}
	if h.sessions[ds.id] == ds {
		delete(h.sessions, ds.id)
	}
}

// sessionFor is the session a request belongs to, by its Mcp-Session-Id;
// a request of MCP 2025-11-25's initialize over a spawned server begins
// one. It says with an HTTP status why there is none.
func (h *httpDown) sessionFor(r *http.Request, m *jsonrpc.Message) (*downSession, int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, http.StatusServiceUnavailable, errors.New("the proxy is stopping")
	}
	id := r.Header.Get(sessionHeader)
	spawned := h.opt.Upstream.URL == ""
	initialize := m != nil && m.Kind == jsonrpc.Request && m.Method == "initialize"
	switch {
	case spawned && id == "" && !initialize && !sessionless(r, m):
		return nil, http.StatusBadRequest, errNoSessionID
	case !spawned || id == "" && !initialize:
		if h.shared == nil {
			ds, err := h.newSession("")
			if err != nil {
				return nil, http.StatusBadGateway, err
			}
			h.shared = ds
		}
		return h.shared, 0, nil
	case id != "":
		if ds, ok := h.sessions[id]; ok {
			return ds, 0, nil
		}
		return nil, http.StatusNotFound, errors.New("no session " + termtext.Quote(id) + ": begin one with initialize")
	}
	if len(h.sessions) >= maxSessions {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("%d sessions are open, the most the proxy keeps at once", maxSessions)
	}
	ds, err := h.newSession(newSessionID())
	if err != nil {
		return nil, http.StatusBadGateway, err
	}
	h.sessions[ds.id] = ds
	return ds, 0, nil
}

// errNoSessionID answers, in front of a spawned server, a request
// without a session that is of a revision with sessions: MCP 2025-11-25
// has a server that gave a session answer every request after
// initialize without its Mcp-Session-Id with 400 Bad Request.
var errNoSessionID = errors.New("no " + sessionHeader + ": begin a session with initialize and name it on every request after (MCP 2025-11-25), or name a revision without sessions in " + versionHeader + " (2026-07-28)")

// sessionless reports whether a client's request, without a session,
// is of a revision that keeps none (MCP 2026-07-28): its
// Mcp-Protocol-Version names one, or for a message (m, nil for a GET or
// DELETE) the revision its _meta names does, or it is that revision's
// server/discover. Without the header, a request is of MCP 2025-03-26,
// as the revisions with sessions have a server take it.
func sessionless(r *http.Request, m *jsonrpc.Message) bool {
	if mcpclient.IsModern(r.Header.Get(versionHeader)) {
		return true
	}
	if m == nil || m.Kind != jsonrpc.Request && m.Kind != jsonrpc.Notification {
		return false
	}
	if m.Method == "server/discover" {
		return true
	}
	v, _ := jsonrpc.Unquote(jsonrpc.Member(jsonrpc.Member(m.Params, "_meta"), "io.modelcontextprotocol/protocolVersion"))
	return mcpclient.IsModern(v)
}

func newSessionID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (h *httpDown) post(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(h.bodyEnd))
	body, err := readBounded(r.Body, r.ContentLength, h.opt.maxMessage())
	if err != nil {
		// What is left of the body is not waited for: with the deadline
		// kept, the server's draining of it after this answer ends at
		// once, and the connection closes.
		r.Body.Close()
		w.Header().Set("Connection", "close")
		status, msg := http.StatusBadRequest, "reading the request body: "+err.Error()
		switch {
		case errors.Is(err, errTooLong):
			status, msg = http.StatusRequestEntityTooLarge, err.Error()
		case errors.Is(err, os.ErrDeadlineExceeded):
			status, msg = http.StatusRequestTimeout, fmt.Sprintf("the request body did not arrive within %v", h.bodyEnd)
		}
		writeRPCError(w, status, nil, jsonrpc.CodeInvalidRequest, "toolbench proxy: "+msg)
		return
	}
	rc.SetReadDeadline(time.Time{}) // a long answer is not the body's to bound
	m := jsonrpc.Parse(body)
	ds, status, err := h.sessionFor(r, &m)
	if err != nil {
		writeRPCError(w, status, requestID(&m), codeServerGone, "toolbench proxy: "+err.Error())
		return
	}
	found, refuse := h.checkHeaders(ds.s, r, &m)
	if refuse {
		ev := ds.s.event(Client, Server, &m)
		ev.Verdict, ev.Findings = Refused, found
		ds.s.emit(ev)
		writeRPCError(w, http.StatusBadRequest, requestID(&m), codeHeaderMismatch, "toolbench proxy: "+found[0].Text)
		return
	}
	x := h.exchange(w, r)
	defer h.done(x)
	if m.Kind == jsonrpc.Invalid || m.Kind == jsonrpc.Batch {
		x.status = http.StatusBadRequest
	}
	if m.Method == "initialize" && ds.id != "" {
		w.Header().Set(sessionHeader, ds.id)
	}
	ds.opened(x)
	defer ds.closedExchange(x)
	ds.s.fromClient(body, x, mcpHeaders(r.Header), found...)
	if m.Kind != jsonrpc.Request {
		x.finish(http.StatusAccepted)
	}
	// This handler writes what comes for the client, as it comes, and
	// the answer last.
	switch x.serve(r.Context().Done(), h.ctx.Done()) {
	case clientGone, givenUp:
		// A connection given up (its client not reading, the proxy
		// stopping) is as gone: the server stops working on the
		// request, and what it would still send for it goes to none of
		// the client's other streams. The server is told why.
		reason, _ := lossWords(x.givenUpFor())
		ds.cancelled(&m, x, reason)
	case stopping:
		// Stopping, the proxy answers what it will not see answered,
		// rather than leave an empty response.
		msg := jsonrpc.AppendError(nil, m.ID, codeServerGone, "toolbench proxy: the proxy is stopping: the request was not answered")
		ev := &Event{From: Proxy, To: Client, Kind: "response", Method: m.Method, ID: m.ID, Bytes: len(msg), Verdict: Sent}
		ds.s.place(ev)
		if x.write(msg, true, ds.s.delivery(ev)) == nil {
			ds.s.emit(ev)
		} else {
			ds.s.forgo(ev)
		}
		x.serve(r.Context().Done(), nil)
	}
}

// requestID is the id a refusal of m echoes: a request's, nil otherwise.
func requestID(m *jsonrpc.Message) []byte {
	if m.Kind == jsonrpc.Request {
		return m.ID
	}
	return nil
}

// checkHeaders holds a request of MCP 2026-07-28 to its headers, and says
// whether the policy refuses it.
func (h *httpDown) checkHeaders(s *session, r *http.Request, m *jsonrpc.Message) ([]Finding, bool) {
	if !mcpclient.IsModern(r.Header.Get(versionHeader)) || m.Kind != jsonrpc.Request && m.Kind != jsonrpc.Notification {
		return nil, false
	}
	var tool []byte
	if st := s.tools.current(); st != nil && m.Method == "tools/call" {
		if name, ok := nameOf(m); ok {
			tool = st.def(name)
		}
	}
	found := headerFindings(r.Header, m, tool)
	return found, len(found) > 0 && h.opt.Policy.Headers == Enforce
}

// cancelled tells the server that the request of x will not be waited
// for, its connection closed before its answer, and why: in MCP's
// words, as the client could not.
func (ds *downSession) cancelled(m *jsonrpc.Message, x *exchange, reason string) {
	ds.s.mu.Lock()
	var req *request
	for _, p := range ds.s.pending.all {
		if p.route == x {
			req = p
		}
	}
	ds.s.mu.Unlock()
	if req == nil || !ds.s.giveUp(req) {
		return
	}
	ds.s.cancelOnServer(req, reason)
}

func (h *httpDown) get(w http.ResponseWriter, r *http.Request) {
	if !strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		http.Error(w, "toolbench proxy: a GET asks for a text/event-stream", http.StatusNotAcceptable)
		return
	}
	if h.opt.Upstream.URL != "" {
		h.relayGet(w, r)
		return
	}
	if r.Header.Get(sessionHeader) == "" {
		noSession(w, r)
		return
	}
	ds, status, err := h.sessionFor(r, nil)
	if err != nil {
		http.Error(w, "toolbench proxy: "+err.Error(), status)
		return
	}
	x := h.exchange(w, r)
	defer h.done(x)
	// A session has one stream of the server's own messages: a new GET
	// ends the one before, so that a client's GETs hold one connection,
	// not one each. The stream takes the session's place before its
	// head is written: a client that has the head of one GET and sends
	// another has the second end the first, never the other way round.
	// What is queued meanwhile waits for serve, after the head.
	ds.mu.Lock()
	old := ds.stream
	ds.stream = x
	ds.mu.Unlock()
	if old != nil {
		old.finish(0)
	}
	defer ds.closedExchange(x)
	x.startStream()
	x.serve(r.Context().Done(), h.ctx.Done())
}

// relayGet passes a GET on to the server reached by URL, and its stream
// back, each message checked.
func (h *httpDown) relayGet(w http.ResponseWriter, r *http.Request) {
	ds, status, err := h.sessionFor(r, nil)
	if err != nil {
		http.Error(w, "toolbench proxy: "+err.Error(), status)
		return
	}
	up := ds.s.up.(*httpUp)
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, up.url, nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	up.setHeaders(req.Header, &jsonrpc.Message{}, nil, r.Header)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := up.client.Do(req)
	if err != nil {
		http.Error(w, "toolbench proxy: "+withoutURL(err).Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	x := h.exchange(w, r)
	defer h.done(x)
	x.begin(resp.StatusCode, resp.Header)
	if resp.StatusCode != http.StatusOK {
		x.finish(resp.StatusCode)
		x.serve(r.Context().Done(), h.ctx.Done())
		return
	}
	x.startStream()
	via := &request{route: x}
	read := make(chan struct{})
	go func() {
		defer close(read)
		mcpclient.ReadEventsOver(resp.Body, h.opt.maxMessage(), func(data []byte) { ds.s.fromServer(data, via) }, ds.s.serverEventTooLong)
		x.finish(0)
	}()
	x.serve(r.Context().Done(), h.ctx.Done())
	resp.Body.Close() // ends the reading, if the client went first
	<-read
}

func (h *httpDown) delete(w http.ResponseWriter, r *http.Request) {
	id := r.Header.Get(sessionHeader)
	if h.opt.Upstream.URL != "" {
		ds, status, err := h.sessionFor(r, nil)
		if err != nil {
			http.Error(w, err.Error(), status)
			return
		}
		up := ds.s.up.(*httpUp)
		req, err := http.NewRequestWithContext(r.Context(), http.MethodDelete, up.url, nil)
		if err == nil {
			up.setHeaders(req.Header, &jsonrpc.Message{}, nil, r.Header)
			if resp, err := up.client.Do(req); err == nil {
				resp.Body.Close()
				w.WriteHeader(resp.StatusCode)
				return
			}
		}
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	if id == "" {
		noSession(w, r)
		return
	}
	h.mu.Lock()
	ds, ok := h.sessions[id]
	delete(h.sessions, id)
	h.mu.Unlock()
	if !ok {
		http.Error(w, "toolbench proxy: no such session", http.StatusNotFound)
		return
	}
	ds.s.stopUp()
	// What the session's server was still to answer is answered now:
	// the client's requests do not wait on a server that is gone.
	ds.s.answerAll(errors.New("the session was ended (DELETE)"))
	w.WriteHeader(http.StatusNoContent)
}

// noSession answers a GET or DELETE without a session in front of a
// spawned server: of MCP 2026-07-28, which has neither a stream of the
// server's own nor sessions to end, 405 Method Not Allowed; of a
// revision with sessions, 400 Bad Request, as a request after
// initialize without its session is answered.
func noSession(w http.ResponseWriter, r *http.Request) {
	if sessionless(r, nil) {
		w.Header().Set("Allow", "POST")
		http.Error(w, "toolbench proxy: MCP 2026-07-28 has no "+r.Method+": every message is a POST", http.StatusMethodNotAllowed)
		return
	}
	http.Error(w, "toolbench proxy: "+errNoSessionID.Error(), http.StatusBadRequest)
}

// endIdle ends, every period until the proxy stops, the sessions of
// spawned servers idle for h.idleEnd.
func (h *httpDown) endIdle(period time.Duration) {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case now := <-tick.C:
			h.mu.Lock()
			var idle []*downSession
			for id, ds := range h.sessions {
				if ds.idle(now.Add(-h.idleEnd), now.Add(-h.unusedEnd)) {
					idle = append(idle, ds)
					delete(h.sessions, id)
				}
			}
			h.mu.Unlock()
			for _, ds := range idle {
				ds.s.up.close()
			}
		}
	}
}

// close ends every exchange still open, and every session and its
// server.
func (h *httpDown) close() {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	h.stopExchanges(readEndWait)
	h.mu.Lock()
	all := make([]*downSession, 0, len(h.sessions)+1)
	for _, ds := range h.sessions {
		all = append(all, ds)
	}
	if h.shared != nil {
		all = append(all, h.shared)
	}
	h.sessions, h.shared = map[string]*downSession{}, nil
	h.mu.Unlock()
	var wg sync.WaitGroup
	for _, ds := range all {
		wg.Go(func() { ds.s.stopUp() })
	}
	wg.Wait()
}

// writeRPCError answers a POST with a JSON-RPC error.
func writeRPCError(w http.ResponseWriter, status int, id []byte, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(jsonrpc.AppendError(nil, id, code, msg))
}

// mcpHeaders are the headers of a client's request that the proxy passes
// on to a server by URL: MCP's own (Mcp-*) and Last-Event-Id. A request
// waiting for its answer keeps these, not every header the client sent.
func mcpHeaders(h http.Header) http.Header {
	out := http.Header{}
	for name, values := range h {
		if name = http.CanonicalHeaderKey(name); isMCPHeader(name) {
			out[name] = values
		}
	}
	return out
}

// isMCPHeader reports whether a header, by its canonical name, is one
// mcpHeaders keeps.
func isMCPHeader(name string) bool { return strings.HasPrefix(name, "Mcp-") || name == "Last-Event-Id" }
