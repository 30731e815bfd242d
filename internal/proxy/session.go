package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
)

// An upstream carries messages to the server.
type upstream interface {
	// send passes msg to the server: a request of the client's (req) or
	// of the proxy's own (req.own set), a notification (req nil), or a
	// response to the server's request req. header holds the client's
	// HTTP headers, nil over stdio. msg is the caller's only until send
	// returns. What the server answers comes back through the session's
	// fromServer.
	send(msg []byte, req *request, header http.Header) error
	// close ends the connection, and a spawned server with its group.
	close() error
}

// A downstream carries messages to the client.
type downstream interface {
	// send passes msg to the client: the answer to req, or (req nil) a
	// message of the server's, which came while it served via (nil when
	// it came apart from any request). msg is the caller's only until
	// send returns. A downstream that queues msg rather than write it
	// (HTTP) has d, nil when nothing records, record that msg was
	// dropped should it not be written after all.
	send(msg []byte, req, via *request, d *delivery) error
}

// A delivery is a message passed to a client over HTTP, queued for its
// connection: its record line, written as it was passed on, waits for
// nothing, and should the connection end before it is written, lost
// records a line of its own saying so (see Event.undelivered).
type delivery struct {
	rec *recorder
	// ev is the message's event as it was passed on: who sent it to
	// whom, what it was and when it came, no findings.
	ev Event
}

// lost records that the message was not written to the client, for why;
// nothing for a nil delivery.
func (d *delivery) lost(why string) {
	if d == nil {
		return
	}
	d.rec.emit(d.ev.undelivered(why))
}

// A request is a request that waits for its answer: the client's to the
// server, the proxy's own to the server, or the server's to the client.
type request struct {
	id []byte // as written; a copy
	// key is what the request waits under: its id over stdio, where the
	// server answers by id, and a key of its own over HTTP, where the
	// answer comes on the request's own response and clients' ids may
	// be the same.
	key     string
	method  string
	tool    string // of a tools/call
	cursor  string // of a tools/list
	start   time.Time
	version string // the revision the request names in its _meta, "" for none
	// route is the downstream's: where the answer goes.
	route any
	// header holds the client's headers over HTTP, which an HTTP
	// upstream passes on (only the MCP ones).
	header http.Header
	// own, for the proxy's own request, receives the server's answer.
	own chan []byte
	// progress is the progressToken of the request's _meta, as the
	// server got it: its progress notifications name it.
	progress []byte
	// clientProgress is the client's own token, as written, where the
	// server got one of the proxy's (see session.renumber); nil otherwise.
	clientProgress []byte
}

// A session relays one client's traffic with one server.
type session struct {
	opt  *Options
	rec  *recorder
	log  *logger
	up   upstream
	down downstream
	ctx  context.Context
	// upRead is closed when the reading of a spawned server's output has
	// ended; nil for a server reached by URL.
	upRead chan struct{}
	// givingUp, when set, is closed once what waited for the server when
	// the client's input ended has been answered with an error.
	givingUp chan struct{}

	mu sync.Mutex
	// pending are the requests to the server waiting for their answer,
	// by key, and progress those of them with a progressToken, by the
	// token the server got.
	pending  *fifo[*request]
	progress map[string]*request
	// serverReqs are the server's requests to the client, by id as
	// written.
	serverReqs *fifo[*request]
	// givenUp are requests to the server that will not be answered to
	// the client (cancelled, timed out, evicted), by key: a late answer
	// to one is dropped.
	givenUp *fifo[*request]
	// deadProgress are the progress tokens, as the server got them, of
	// the client's requests given up: progress that names one is for no
	// one (see routeNotification).
	deadProgress *fifo[struct{}]
	// runs are the stale progress and unrouted messages dropped, each
	// run's first recorded and the rest counted (see quietly).
	runs *fifo[*run]
	gone error // why the server is gone
	// What the bounds and the shared session kept back, and stale
	// progress, counted for stderr.
	evicted, forgotten, unroutedCount, staleCount atomic.Int64
	// asked counts the client's requests passed on to the server, and
	// heard is set once the server has sent anything: a session whose
	// server answered none of them was one with a server that could not
	// be started or reached, and failure says why the last was not
	// answered.
	asked   atomic.Int64
	heard   atomic.Bool
	failure atomic.Pointer[error]

	tools   *toolSet
	version atomic.Pointer[string] // the revision the session negotiated
	meta    atomic.Pointer[[]byte] // the _meta of the client's latest request that had one
	ownIDs  atomic.Int64
	// byKey is set for an upstream that answers each request on its own
	// response (HTTP): requests wait under keys of their own.
	byKey bool
	// renumber is set for a server on stdio shared by clients on HTTP
	// that keep no session (MCP 2026-07-28), whose ids may be the same:
	// the server gets ids of the proxy's own, and each answer the id its
	// client gave, as written.
	renumber bool
	keys     atomic.Int64
	listMu   sync.Mutex // held while the proxy lists the tools itself
	// linting holds a token while a listing of the client's is linted
	// (see lintListing).
	linting chan struct{}
	parsers sync.Pool // *jsondoc.Parser
	// calls are the client's tools/calls checked off the reading of the
	// client, in order, while the proxy lists the tools itself (see
	// queueCall); the first is the one being checked.
	callsMu   sync.Mutex
	callsRoom sync.Cond // signalled as calls leave the queue
	calls     []queuedCall
	callBytes int
}

func newSession(ctx context.Context, opt *Options, rec *recorder, log *logger) *session {
	s := &session{
		opt:          opt,
		rec:          rec,
		log:          log,
		ctx:          ctx,
		pending:      newWaiting(),
		progress:     map[string]*request{},
		serverReqs:   newWaiting(),
		givenUp:      newWaiting(),
		deadProgress: newFIFO[struct{}](maxWaiting, 0, nil),
		runs:         newRuns(),
		linting:      make(chan struct{}, 1),
	}
	s.tools = newToolSet(opt, log)
	s.callsRoom.L = &s.callsMu
	s.parsers.New = func() any { return new(jsondoc.Parser) }
	return s
}

// revision is the MCP revision the session speaks, "" before it is known.
func (s *session) revision() string {
	if v := s.version.Load(); v != nil {
		return *v
	}
	return ""
}

// goneErr is why the server is gone, nil while it is not.
func (s *session) goneErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gone
}

// errServerGone answers what cannot reach the server any more.
var errServerGone = errors.New("the server is gone")

// errIDInUse answers a request of the client's whose id is that of a
// request of the proxy's own still waiting for its answer; the proxy's
// own request takes another id.
var errIDInUse = errors.New("the id is that of a request of toolbench proxy's own waiting for the server's answer; use another")

// errAnswered is forward's when a request could not be sent and was
// answered meanwhile (the server went, or it was given up, in the
// moment between its waiting and its send): its caller does not answer
// it again.
var errAnswered = errors.New("the request could not be sent, and was answered already")

// fromClient takes one message of the client's, arriving on route (the
// downstream's), with its HTTP headers over HTTP.
func (s *session) fromClient(raw []byte, route any, header http.Header, found ...Finding) {
	m := jsonrpc.Parse(raw)
	ev := s.event(Client, Server, &m)
	ev.Findings = found
	switch m.Kind {
	case jsonrpc.Invalid, jsonrpc.Batch:
		s.refuseInvalid(&m, ev, route)
	case jsonrpc.Request:
		if m.Method == "tools/call" && s.queueCall(&m, ev, route, header) {
			return
		}
		s.clientRequest(&m, ev, route, header)
	case jsonrpc.Notification:
		if m.Method == "notifications/cancelled" {
			if raw = s.clientCancelled(&m, header, ev); raw == nil {
				s.emit(ev)
				return
			}
		}
		if err := s.up.send(raw, nil, header); err != nil {
			ev.Verdict = Dropped
		}
		s.emit(ev)
	case jsonrpc.Response:
		req := s.takeServerRequest(m.ID)
		if req != nil {
			ev.Method, ev.Latency = req.method, ev.Time.Sub(req.start)
		}
		if err := s.up.send(raw, req, header); err != nil {
			ev.Verdict = Dropped
		}
		s.emit(ev)
	}
}

// refuseInvalid answers what the client sent that is no JSON-RPC message,
// or a batch, as JSON-RPC answers it: it never reaches the server.
func (s *session) refuseInvalid(m *jsonrpc.Message, ev *Event, route any) {
	ev.Verdict = Refused
	ev.Findings = append(ev.Findings, invalidFinding(m))
	s.emit(ev)
	reply := jsonrpc.AppendRefusal(nil, m, "a batch: MCP sends one message at a time, and toolbench proxy passes on no batch")
	if len(reply) > 0 {
		s.answer(reply, &request{route: route}, m.Kind.String())
	}
}

func invalidFinding(m *jsonrpc.Message) Finding {
	if m.Kind == jsonrpc.Batch {
		return Finding{Code: CodeInvalidMessage, Severity: catalog.Error, Text: "a JSON-RPC batch", Hint: "send each message on its own line"}
	}
	return Finding{Code: CodeInvalidMessage, Severity: catalog.Error, Text: m.Err.Message, Hint: "send one JSON-RPC 2.0 message a line"}
}

// clientRequest checks a request of the client's and passes it on, or
// answers it.
func (s *session) clientRequest(m *jsonrpc.Message, ev *Event, route any, header http.Header) {
	// Its latency counts from its arrival, ev's time, however long it
	// waited to be checked (a call queued behind the proxy's own
	// listing), whether the server answers it or the proxy does.
	req := &request{id: bytes.Clone(m.ID), method: m.Method, start: ev.Time, route: route, header: header}
	s.readMeta(m, req)
	switch m.Method {
	case "tools/call":
		findings, refuse, gone := s.checkCall(m, req)
		ev.Tool, ev.Findings = req.tool, append(ev.Findings, findings...)
		if gone != nil {
			// Not a call the check refuses: one the server cannot take,
			// answered as any request is once the server is gone.
			s.notSent(ev, req, gone)
			return
		}
		if refuse {
			ev.Verdict = Refused
			s.emit(ev)
			s.answer(refusalResult(req.id, findings, s.revision(), req.version), req, "tools/call")
			return
		}
	case "tools/list":
		if c := jsonrpc.Member(m.Params, "cursor"); c != nil {
			req.cursor, _ = jsonrpc.Unquote(c)
		}
	}
	if n := requestSize(string(req.id), req); n > maxRequestBytes {
		why := "the request's id, method, tokens and headers take " + termtext.Size(int64(n)) + ", more than the " + termtext.Size(maxRequestBytes) + " one request waiting for its answer may keep"
		ev.Verdict = Refused
		ev.Findings = append(ev.Findings, Finding{Code: CodeInvalidMessage, Severity: catalog.Error, Text: why})
		s.emit(ev)
		s.answer(jsonrpc.AppendError(nil, req.id, jsonrpc.CodeInvalidRequest, "toolbench proxy: "+why), req, m.Method)
		return
	}
	raw := m.Raw
	if s.renumber {
		raw = s.renumbered(m, req)
	}
	s.asked.Add(1)
	if err := s.forward(raw, req); err != nil {
		s.notSent(ev, req, err)
		return
	}
	s.emit(ev)
}

// notSent ends ev, of the request req that could not be sent to the
// server, as refused, and answers req with an error saying why, but for
// errAnswered (answered already).
func (s *session) notSent(ev *Event, req *request, why error) {
	ev.Verdict = Refused
	s.emit(ev)
	if errors.Is(why, errAnswered) {
		return
	}
	s.answer(jsonrpc.AppendError(nil, req.id, codeServerGone, "toolbench proxy: "+why.Error()+": the request was not sent"), req, req.method)
}

// codeServerGone is the JSON-RPC error code of a request the server can
// no longer answer: one of those JSON-RPC leaves to implementations.
const codeServerGone = -32000

// readMeta keeps what a request's params' _meta says: the revision a
// request of MCP 2026-07-28 names, and the _meta itself for the proxy's
// own requests.
func (s *session) readMeta(m *jsonrpc.Message, req *request) {
	if m.Params == nil || !bytes.Contains(m.Params, []byte(`_meta`)) {
		return
	}
	meta := jsonrpc.Member(m.Params, "_meta")
	if meta == nil || meta[0] != '{' {
		return
	}
	if tok := jsonrpc.Member(meta, "progressToken"); tok != nil {
		req.progress = bytes.Clone(tok)
	}
	if v := jsonrpc.Member(meta, "io.modelcontextprotocol/protocolVersion"); v != nil {
		req.version, _ = jsonrpc.Unquote(v)
		kept := protocolMeta(meta)
		s.meta.Store(&kept)
	}
}

// protocolMeta is the members of a request's _meta that MCP's revision
// names (io.modelcontextprotocol/...), which every request of a session
// of 2026-07-28 carries: the proxy's own requests carry them, not the
// rest, a progressToken of the client's request among it, which would
// then name two requests.
func protocolMeta(meta []byte) []byte {
	return jsonrpc.Keep(meta, func(key []byte) bool {
		name, _ := jsonrpc.Unquote(key)
		return strings.HasPrefix(name, "io.modelcontextprotocol/")
	})
}

// renumbered is the client's request m as the server gets it in a
// session clients share: with an id of the proxy's own, which req waits
// under, and a progressToken of the proxy's own, which its progress
// notifications name.
func (s *session) renumbered(m *jsonrpc.Message, req *request) []byte {
	n := strconv.FormatInt(s.keys.Add(1), 10)
	req.key = `"toolbench-proxy-c` + n + `"`
	edits := []jsonrpc.Edit{{Part: m.ID, With: []byte(req.key)}}
	if tok := jsonrpc.Member(jsonrpc.Member(m.Params, "_meta"), "progressToken"); tok != nil && req.progress != nil {
		req.clientProgress, req.progress = req.progress, []byte(`"toolbench-proxy-p`+n+`"`)
		edits = append(edits, jsonrpc.Edit{Part: tok, With: req.progress})
	}
	return jsonrpc.Replace(m.Raw, edits...)
}

// forward sends a request of the client's or the proxy's own to the
// server, expecting its answer. A request that could not be sent is
// answered by the caller, but for errAnswered.
func (s *session) forward(raw []byte, req *request) error {
	if req.key == "" {
		req.key = s.keyOf(req.id)
	}
	s.mu.Lock()
	if s.gone != nil {
		err := s.gone
		s.mu.Unlock()
		return err
	}
	if prev, ok := s.pending.get(req.key); ok && (prev.own == nil) != (req.own == nil) {
		// The client's id and the proxy's own meet: neither request
		// may take the other's answer.
		s.mu.Unlock()
		return errIDInUse
	}
	evicted := s.waitLocked(req)
	s.mu.Unlock()
	for _, oldest := range evicted {
		s.evict(oldest)
	}
	if err := s.up.send(raw, req, req.header); err != nil {
		if !s.take(req) {
			return errAnswered
		}
		return err
	}
	return nil
}

// answer sends a message of the proxy's own to the client: the answer to
// req, which never reached the server or will not be answered by it.
func (s *session) answer(msg []byte, req *request, method string, found ...Finding) {
	if s.rec == nil {
		s.down.send(msg, req, nil, nil)
		return
	}
	ev := &Event{From: Proxy, To: Client, Kind: "response", Method: method, Bytes: len(msg), Verdict: Sent, Findings: found}
	s.place(ev)
	if req.id != nil {
		ev.ID, ev.Tool, ev.Latency = req.id, req.tool, ev.Time.Sub(req.start)
	}
	if err := s.down.send(msg, req, nil, s.delivery(ev)); err != nil {
		ev.Verdict = Dropped
	}
	s.emit(ev)
}

// keyOf is the key a request with the id waits under.
func (s *session) keyOf(id []byte) string {
	if s.byKey {
		return "\x00" + strconv.FormatInt(s.keys.Add(1), 10)
	}
	return idKey(id)
}

// fromServer takes one message of the server's, which came while it
// served via (an HTTP upstream's request whose response carried it; nil
// over stdio).
func (s *session) fromServer(raw []byte, via *request) {
	s.heard.Store(true)
	m := jsonrpc.Parse(raw)
	switch {
	case m.Kind == jsonrpc.Notification:
		s.serverNotification(&m, via)
		return
	case m.Kind == jsonrpc.Request && s.renumber,
		m.Kind == jsonrpc.Response && s.renumber && !s.awaited(m.ID):
		s.unrouted(&m, s.eventUnlessCounted(unroutedRun(m.Kind.String()), &m))
		return
	case m.Kind == jsonrpc.Batch && s.renumber:
		s.takeBatchAnswers(raw)
		ev := s.eventUnlessCounted(unroutedRun(m.Kind.String()), &m)
		if ev != nil {
			ev.Findings = append(ev.Findings, batchFinding)
		}
		s.unrouted(&m, ev)
		return
	}
	ev := s.event(Server, Client, &m)
	switch m.Kind {
	case jsonrpc.Response:
		s.serverResponse(&m, ev, via)
	case jsonrpc.Request:
		ev.Findings = append(ev.Findings, s.serverRequest(&m, ev.Time)...)
		if err := s.down.send(raw, nil, via, s.delivery(ev)); err != nil {
			// No stream open to the client carries it (a session over
			// HTTP between requests, with no GET stream): the server is
			// told, rather than left waiting.
			s.takeServerRequest(m.ID)
			ev.Verdict = Refused
			ev.Findings = append(ev.Findings, Finding{Code: CodeUnrouted, Severity: catalog.Warning, Text: "a request of the server's that no stream open to the client could carry; answered with an error"})
			s.emit(ev)
			var header http.Header
			if via != nil {
				header = via.header
			}
			s.refuseServerRequest(&m, "no stream is open to the client to carry this request, so it cannot be asked: "+err.Error(), header, false)
			return
		}
		s.emit(ev)
	case jsonrpc.Batch:
		ev.Findings = append(ev.Findings, batchFinding)
		s.takeBatchAnswers(raw)
		s.relay(raw, nil, via, ev)
	case jsonrpc.Invalid:
		s.serverInvalid(&m, ev, via)
	}
}

// batchFinding is what a batch of the server's is found to be.
var batchFinding = Finding{Code: CodeInvalidMessage, Severity: catalog.Warning, Text: "a JSON-RPC batch, which MCP's revisions do not send"}

// takeBatchAnswers takes the requests the responses in a batch of the
// server's answer: they wait no more.
func (s *session) takeBatchAnswers(raw []byte) {
	for elem := range jsonrpc.Elements(raw) {
		if em := jsonrpc.Parse(elem); em.Kind == jsonrpc.Response {
			s.takePending(em.ID)
		}
	}
}

// awaited reports whether a request of the client's waits for the
// response of id, or was given up, its late answer awaited to be
// dropped: a response that is neither is tied to no client's request
// (in a session clients share, where the server's responses are found
// by id alone).
func (s *session) awaited(id []byte) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, waits := s.pending.get(idKey(id))
	_, late := s.givenUp.get(idKey(id))
	return waits || late
}

// serverNotification passes a notification of the server's on to the
// client it is for. list_changed is passed on and nothing more: calls
// are checked against the listing the client has until it lists the
// tools again, as the client's own view of them is. What is for no one
// (stale progress, a notification tied to no client's request in a
// shared session) is dropped, and past the first of its run only
// counted: its event is not even placed, so that a flood of it fills no
// queue. Log lines tied to a request given up are passed on, and
// recorded so too (see relayOfGivenUp).
func (s *session) serverNotification(m *jsonrpc.Message, via *request) {
	out, to, stale := s.routeNotification(m, via)
	switch {
	case stale:
		s.dropStaleProgress(m, s.eventUnlessCounted(staleRun(jsonrpc.Member(m.Params, "progressToken")), m))
	case out == nil:
		s.unrouted(m, s.eventUnlessCounted(unroutedRun(m.Kind.String()), m))
	case to != nil && m.Method == "notifications/message" && s.givenUpNow(to):
		s.relayOfGivenUp(out, to, m)
	default:
		s.relay(out, nil, to, s.event(Server, Client, m))
	}
}

// serverResponse checks a response of the server's and passes it on:
// the answer to a request of the client's, or of the proxy's own.
func (s *session) serverResponse(m *jsonrpc.Message, ev *Event, via *request) {
	var req, late *request
	switch {
	case via != nil && sameID(via.id, m.ID):
		if s.take(via) {
			req = via
		} else if s.takeGivenUp(via.key) == via {
			late = via
		}
	case !s.byKey:
		if req = s.takePending(m.ID); req == nil {
			late = s.takeGivenUp(idKey(m.ID))
		}
	}
	switch {
	case late != nil:
		// The answer to a request given up, which the client no longer
		// waits for: MCP lets it be ignored.
		ev.Method, ev.Tool, ev.Verdict = late.method, late.tool, Dropped
		if s.renumber && ev.ID != nil {
			ev.ID = late.id
		}
		s.emit(ev)
		return
	case req == nil && s.renumber:
		s.unrouted(m, ev)
		return
	case req == nil:
		ev.Findings = append(ev.Findings, Finding{Code: CodeInvalidMessage, Severity: catalog.Warning, Text: "a response to no request the proxy passed on"})
		s.relay(m.Raw, nil, via, ev)
		return
	}
	ev.Method, ev.Tool, ev.Latency = req.method, req.tool, ev.Time.Sub(req.start)
	if req.own != nil {
		// The answer to the proxy's own request, which it keeps: a
		// listing's result is recorded, for a lock to pin what it saw.
		ev.To, ev.Verdict = Proxy, Sent
		if s.rec != nil && ev.Result == nil {
			ev.Result = ownResult(m.Raw, false)
		}
		s.emit(ev)
		req.own <- bytes.Clone(m.Raw)
		return
	}
	out := m.Raw
	var last *listing // the listing this response was the last page of
	if s.renumber && !bytes.Equal(m.ID, req.id) {
		out = jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: m.ID, With: req.id})
		*m = jsonrpc.Parse(out)
		if ev.ID != nil {
			ev.ID = req.id // as the client gets it, and its request's event has it
		}
	}
	switch req.method {
	case "initialize":
		if v, ok := jsonrpc.Unquote(jsonrpc.Member(m.Result, "protocolVersion")); ok {
			s.version.Store(&v)
		}
	case "server/discover":
		if req.version != "" && s.revision() == "" {
			v := req.version
			s.version.Store(&v)
		}
	case "tools/list":
		held := s.tools.page(m, req, s.revision())
		out, ev.Verdict, last = held.out, held.verdict, held.last
		ev.Findings = append(ev.Findings, held.findings...)
		if s.rec != nil {
			ev.Result = bytes.Clone(m.Result)
		}
		if held.verdict == Refused {
			s.emit(ev)
			s.answer(out, req, req.method)
			return
		}
	}
	if err := s.down.send(out, req, nil, s.delivery(ev)); err != nil {
		ev.Verdict = Dropped
	}
	switch req.method {
	case "tools/call":
		ev.Findings = append(ev.Findings, s.tools.checkResult(m, req.tool)...)
	case "tools/list":
		if last != nil {
			s.lintListing(ev, last)
			return
		}
	}
	s.emit(ev)
}

// lintListing lints the listing whose last page ev is the event of, and
// holds it to the lock, off the reading of the server: a listing of
// many megabytes takes seconds to lint, and the messages after it pass
// meanwhile. Calls are checked against the listing as its pages came
// (page withholds what the lock does not pin before the page is passed
// on), so no call passes that the listing's check would keep back; what
// the lint finds goes in ev, which holds its place in the record. One
// listing is linted at a time: a second one waits for the first, so that
// a server listing faster than the lint keeps no more listings in
// memory.
func (s *session) lintListing(ev *Event, cur *listing) {
	s.linting <- struct{}{}
	go func() {
		defer func() { <-s.linting }()
		ev.Findings = append(ev.Findings, s.tools.finish(cur)...)
		s.emit(ev)
	}()
}

// awaitLint waits, within d, for the listing being linted, so that its
// event is in the record before the record closes.
func (s *session) awaitLint(d time.Duration) {
	select {
	case s.linting <- struct{}{}:
		<-s.linting
	case <-time.After(d):
	}
}

// relay passes a message of the server's to the client as it came.
func (s *session) relay(raw []byte, req, via *request, ev *Event) {
	if err := s.down.send(raw, req, via, s.delivery(ev)); err != nil {
		ev.Verdict = Dropped
	}
	s.emit(ev)
}

// serverInvalid handles what the server wrote that is no JSON-RPC
// message. Passed on, it would end the client's session, so it is
// dropped, and said on stderr; a request of the client's it names by
// its id gets an error instead of its answer. A message that is not
// JSON names it by an id before what breaks it (a raw control character
// in a string, invalid UTF-8, the line's end), as a line too long does.
func (s *session) serverInvalid(m *jsonrpc.Message, ev *Event, via *request) {
	ev.Verdict = Dropped
	ev.Findings = append(ev.Findings, invalidFinding(m))
	s.log.printf("the server wrote what is not a JSON-RPC message, which is not passed on: %s: %s", m.Err.Message, quoteStart(m.Raw))
	s.emit(ev)
	id := jsonrpc.HeadResponseID(m.Raw)
	var req *request
	if id != nil {
		req = s.takePending(id)
	}
	if req == nil {
		return
	}
	msg := "the server's answer is not a JSON-RPC message: " + m.Err.Message
	if req.own != nil {
		req.own <- jsonrpc.AppendError(nil, req.id, jsonrpc.CodeInternalError, msg)
		return
	}
	s.answer(jsonrpc.AppendError(nil, req.id, jsonrpc.CodeInternalError, msg), req, req.method)
}

// quoteStart quotes the start of what a peer wrote, escaped for a
// terminal.
func quoteStart(b []byte) string {
	const limit = 120
	if len(b) > limit {
		return termtext.Quote(string(b[:limit])) + "..."
	}
	return termtext.Quote(string(b))
}

// serverGone answers every request the server has not answered with an
// error at once, and every later one; why says what became of the
// server.
func (s *session) serverGone(why error) {
	n, first := s.answerAll(why)
	switch {
	case !first:
	case n > 0:
		s.log.printf("%s\n%s answered with an error at once", why, termtext.Plural(n, "request"))
	default:
		s.log.printf("%s", why)
	}
}

// failed notes why a request of the client's was answered by the proxy
// rather than the server, for unanswered to say.
func (s *session) failed(why error) { s.failure.Store(&why) }

// unanswered is, for a session whose client passed requests on to a
// server that sent nothing back, an error saying so and why the last was
// not answered: a server that could not be started or reached. It is nil
// for a session the server took part in.
func (s *session) unanswered() error {
	n := s.asked.Load()
	if n == 0 || s.heard.Load() {
		return nil
	}
	err := fmt.Errorf("%s: the server answered no request of the client's (%s sent)", s.opt.Upstream.DisplayName(), termtext.Plural(int(n), "request"))
	if why := s.failure.Load(); why != nil {
		err = fmt.Errorf("%w: %w", err, *why)
	}
	return err
}

// answerAll answers every request waiting for the server with an error
// saying why, and every later one, and returns how many it answered and
// whether it was the first to (the server gone once). A server still
// running (one given up on, a session deleted) may answer them late:
// they are given up, so that its answers are dropped, not passed on.
func (s *session) answerAll(why error) (int, bool) {
	s.mu.Lock()
	if s.gone != nil {
		s.mu.Unlock()
		return 0, false
	}
	s.gone = why
	var pending []*request
	for key, req := range s.pending.all {
		pending = append(pending, req)
		s.givenUpLocked(key, req)
	}
	s.pending, s.progress = newWaiting(), map[string]*request{}
	s.mu.Unlock()
	for _, req := range pending {
		msg := jsonrpc.AppendError(nil, req.id, codeServerGone, "toolbench proxy: "+why.Error()+": the request was not answered")
		if req.own != nil {
			req.own <- msg
			continue
		}
		s.answer(msg, req, req.method)
	}
	return len(pending), true
}

// own sends a request of the proxy's own to the server and returns the
// server's answer, within the call timeout. header holds the HTTP headers
// of the client's request it is made for, whose session it goes in.
func (s *session) own(method string, params []byte, header http.Header) ([]byte, error) {
	for {
		resp, err := s.ownOnce(method, params, header)
		if !errors.Is(err, errIDInUse) {
			return resp, err
		}
	}
}

// ownOnce is own with the next id of the proxy's, errIDInUse when a
// request of the client's waits under it.
func (s *session) ownOnce(method string, params []byte, header http.Header) ([]byte, error) {
	id := []byte(`"toolbench-proxy-` + strconv.FormatInt(s.ownIDs.Add(1), 10) + `"`)
	msg := append([]byte(`{"jsonrpc":"2.0","id":`), id...)
	msg = append(msg, `,"method":`...)
	msg = jsonrpc.AppendQuote(msg, method)
	if params != nil {
		msg = append(msg, `,"params":`...)
		msg = append(msg, params...)
	}
	msg = append(msg, '}')
	ev := &Event{From: Proxy, To: Server, Kind: "request", Method: method, ID: id, Bytes: len(msg), Verdict: Sent}
	if s.opt.RecordMessages {
		ev.Message = msg
	}
	s.place(ev) // before it is sent: its answer's line comes after its own
	req := &request{id: id, method: method, start: ev.Time, own: make(chan []byte, 1), header: header}
	if err := s.forward(msg, req); err != nil {
		s.forgo(ev)
		return nil, err
	}
	s.emit(ev)
	timer := time.NewTimer(s.opt.callTimeout())
	defer timer.Stop()
	select {
	case resp := <-req.own:
		return resp, nil
	case <-timer.C:
		s.giveUp(req)
		return nil, fmt.Errorf("%s: no answer within %s", method, s.opt.callTimeout())
	case <-s.ctx.Done():
		return nil, s.ctx.Err()
	}
}

// ownResult is the result of a response to the proxy's own request, as
// its event records it: for a listing, which the lock can pin from.
func ownResult(resp []byte, all bool) []byte {
	if r := jsonrpc.Member(resp, "result"); r != nil && (all || jsonrpc.Member(r, "tools") != nil) {
		return bytes.Clone(r)
	}
	return nil
}

// event is the start of the event of m, which has just come, placed
// in the record (see recorder.place). Only what the checks need is kept
// of m when nothing records.
func (s *session) event(from, to Peer, m *jsonrpc.Message) *Event {
	ev := &Event{From: from, To: to, Kind: m.Kind.String(), Method: m.Method, Bytes: len(m.Raw), Verdict: Relayed}
	if s.rec == nil {
		ev.Time = time.Now()
		return ev
	}
	if m.ID != nil {
		ev.ID = bytes.Clone(m.ID)
	}
	switch {
	case s.opt.RecordMessages && m.Kind == jsonrpc.Invalid && m.Err.Code == jsonrpc.CodeParseError:
		// What is not JSON is held as a string of its text, so that the
		// line stays JSON and holds no raw control character.
		ev.Message = jsonrpc.AppendQuote(nil, string(m.Raw))
	case s.opt.RecordMessages:
		ev.Message = bytes.Clone(m.Raw)
	case m.Method == "tools/call" && m.Kind == jsonrpc.Request:
		ev.Params = bytes.Clone(m.Params)
	}
	s.rec.place(ev)
	return ev
}

// emit queues ev for the record and the events function, complete; an
// event placed takes its place.
func (s *session) emit(ev *Event) {
	if s.rec != nil {
		s.rec.emit(ev)
	}
}

// place stamps ev, of a message of the proxy's own about to be sent, and
// queues it in its place for the record, to be complete when emit is
// called with it; nothing records, it is stamped all the same.
func (s *session) place(ev *Event) {
	if s.rec == nil {
		ev.Time = time.Now()
		return
	}
	s.rec.place(ev)
}

// delivery is, for ev, of a message about to be passed to a client
// over HTTP, what records that it was dropped should its connection not
// write it; nil when nothing records, or for a client on stdio, whose
// messages are written as they are passed on.
func (s *session) delivery(ev *Event) *delivery {
	if s.rec == nil {
		return nil
	}
	if _, queues := s.down.(*downSession); !queues {
		return nil
	}
	return &delivery{rec: s.rec, ev: Event{Time: ev.Time, From: ev.From, To: ev.To, Kind: ev.Kind, Method: ev.Method, ID: ev.ID, Tool: ev.Tool, Bytes: ev.Bytes}}
}

// forgo gives up the place of ev, placed: it is no line after all.
func (s *session) forgo(ev *Event) {
	if s.rec != nil {
		s.rec.forgo(ev)
	}
}

// A logger writes the proxy's own lines, one at a time, escaped.
type logger struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
}

func (l *logger) printf(format string, args ...any) {
	line := termtext.Escape(fmt.Sprintf(format, args...))
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	fmt.Fprintf(l.w, "toolbench proxy: %s\n", line)
}

// close ends the logger's lines: what a goroutine that outlives Run (a
// listing's lint past the stop bound) would say is not written to a
// writer the caller may have closed or reused.
func (l *logger) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
}
