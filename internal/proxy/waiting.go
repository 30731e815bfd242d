package proxy

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"time"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
)

// What a session waits on: requests to the server waiting for their
// answer, the server's requests waiting for the client's, and requests
// given up, whose late answers are dropped. Each is bounded; a request
// the client cancels is forgotten at once.

// maxWaiting bounds the requests waiting for their answer each way, and
// the requests given up that are remembered, and maxWaitingBytes what
// they keep (ids, methods, tokens, cursors) together: past either the
// oldest go, so that requests of huge ids fill no memory.
const (
	maxWaiting      = 4096
	maxWaitingBytes = 16 << 20
)

// maxRequestBytes bounds what one request waiting may keep: a request
// past it is refused, rather than giving up every other request waiting
// (in a session clients share, other clients') to make room for it.
const maxRequestBytes = 1 << 20

// tooManyWaiting says what the bounds on requests waiting are.
var tooManyWaiting = "more than " + strconv.Itoa(maxWaiting) + " requests (or " + termtext.Size(maxWaitingBytes) + " of their ids, methods and tokens)"

func newWaiting() *fifo[*request] { return newFIFO(maxWaiting, maxWaitingBytes, requestSize) }

// requestSize is what a request waiting under key keeps in memory: what
// it holds of the client's message and headers, and about what an HTTP
// exchange it is to be answered on keeps.
func requestSize(key string, req *request) int {
	n := len(key) + len(req.id) + len(req.method) + len(req.tool) + len(req.cursor) + len(req.version) + len(req.progress) + len(req.clientProgress) + 256
	for name, values := range req.header {
		n += len(name)
		for _, v := range values {
			n += len(v)
		}
	}
	if req.route != nil {
		n += 4 << 10
	}
	return n
}

// idKey is the key a request of the id waits under, the same for ids
// that are the same value however written, so that an answer whose id a
// peer decoded and wrote again its own way finds its request, and is
// held to the checks: a string written with escapes ("\u00e9" for "é",
// "a\/b" for "a/b") is the string as toolbench writes it, and a number
// (2.0, 2e0, 20e-1 for 2) its digits and exponent. Passed on to no
// request, a listing would reach the client unheld to the lock, and
// clients read 2.0 as 2.
func idKey(id []byte) string {
	switch {
	case len(id) == 0:
		return ""
	case id[0] == '"' && bytes.IndexByte(id, '\\') >= 0:
		if v, ok := jsonrpc.Unquote(id); ok {
			return string(jsonrpc.AppendQuote(nil, v))
		}
	case id[0] == '-' || id[0] >= '0' && id[0] <= '9':
		if key, ok := numberKey(string(id)); ok {
			return key
		}
	}
	return string(id)
}

// numberKey is a JSON number as its sign, significant digits and
// exponent ("2e0" for 2, 2.0 and 20e-1), and whether it is a number
// whose exponent fits an int.
func numberKey(n string) (string, bool) {
	sign := ""
	if n[0] == '-' {
		sign, n = "-", n[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(n), "e")
	e := 0
	if hasExp {
		v, err := strconv.Atoi(strings.TrimPrefix(exp, "+"))
		if err != nil || v > 1<<30 || v < -1<<30 {
			return "", false
		}
		e = v
	}
	whole, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(whole+frac, "0")
	e -= len(frac)
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		e++
	}
	if digits == "" {
		return "0", true
	}
	return sign + digits + "e" + strconv.Itoa(e), true
}

// sameID reports whether two ids, as written, are the same id.
func sameID(a, b []byte) bool { return bytes.Equal(a, b) || idKey(a) == idKey(b) }

// waitLocked has req wait for its answer under req.key, and returns the
// oldest requests waiting that it gave up to make room. s.mu is held.
func (s *session) waitLocked(req *request) []*request {
	if prev, ok := s.pending.get(req.key); ok {
		s.unprogressLocked(prev) // an id used again: the new request is waited for
	}
	evicted := s.pending.put(req.key, req)
	for _, oldest := range evicted {
		s.unprogressLocked(oldest)
		s.givenUpLocked(oldest.key, oldest)
	}
	if req.progress != nil {
		s.progress[idKey(req.progress)] = req
		s.deadProgress.take(idKey(req.progress)) // a token used again names the new request
		s.endRunLocked(staleRun(req.progress))   // and its stale progress ends
	}
	s.givenUp.take(req.key)
	s.endGivenUpRunsLocked(req.key) // the key names the new request
	return evicted
}

// endGivenUpRunsLocked sums up the runs of the log lines of the request
// given up under key. s.mu is held.
func (s *session) endGivenUpRunsLocked(key string) {
	s.endRunLocked(givenUpRun(key, Relayed))
	s.endRunLocked(givenUpRun(key, Dropped))
}

// endRunLocked sums up the run of key, if there is one. s.mu is held.
func (s *session) endRunLocked(key string) {
	if r, ok := s.runs.take(key); ok {
		s.sumUp(r)
	}
}

func (s *session) unprogressLocked(req *request) {
	if req.progress == nil {
		return
	}
	if k := idKey(req.progress); s.progress[k] == req {
		delete(s.progress, k)
	}
}

func (s *session) takeLocked(req *request) bool {
	if waiting, ok := s.pending.get(req.key); !ok || waiting != req {
		return false
	}
	s.pending.take(req.key)
	s.unprogressLocked(req)
	return true
}

// take forgets req, and reports whether it was waiting.
func (s *session) take(req *request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.takeLocked(req)
}

// takePending returns the request to the server that id answers, and
// forgets it.
func (s *session) takePending(id []byte) *request {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, ok := s.pending.take(idKey(id))
	if !ok {
		return nil
	}
	s.unprogressLocked(req)
	return req
}

// giveUp forgets req, which will not be answered to the client, so that
// its late answer is dropped; it reports whether req was waiting.
func (s *session) giveUp(req *request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.takeLocked(req) {
		return false
	}
	s.givenUpLocked(req.key, req)
	return true
}

// givenUpLocked keeps req, a request given up, under key, so that its
// late answer is dropped, and its progress token, if it is the
// client's, among those that name no one. s.mu is held.
func (s *session) givenUpLocked(key string, req *request) {
	s.givenUp.put(key, req)
	if req.progress != nil && req.own == nil {
		s.deadProgress.put(idKey(req.progress), struct{}{})
	}
}

// takeGivenUp returns the request given up under key, nil for none, and
// forgets it.
func (s *session) takeGivenUp(key string) *request {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, ok := s.givenUp.take(key)
	if ok {
		// Its late answer ends what was tied to it.
		s.endGivenUpRunsLocked(key)
	}
	return req
}

// evict answers req, the oldest request waiting, given up to make room
// for another, with an error, and tells the server.
func (s *session) evict(req *request) {
	n := s.evicted.Add(1)
	if every(n) {
		s.log.printf("%s were waiting for an answer: the oldest was given up, and answered with an error (%d so far)", tooManyWaiting, n)
	}
	msg := jsonrpc.AppendError(nil, req.id, codeServerGone, "toolbench proxy: given up: "+tooManyWaiting+" were waiting for the server's answer, and this one was the oldest")
	s.cancelOnServer(req, "given up by toolbench proxy: too many requests were waiting")
	if req.own != nil {
		select {
		case req.own <- msg:
		default:
		}
		return
	}
	s.answer(msg, req, req.method, Finding{Code: CodeEvicted, Severity: catalog.Error, Tool: req.tool,
		Text: "given up: " + tooManyWaiting + " were waiting for the server's answer, and this one was the oldest",
		Hint: "a server that leaves requests unanswered holds them: cancel the requests the client no longer waits for"})
}

// every reports whether the nth of something is said on stderr: the
// first, and each power of ten.
func every(n int64) bool {
	for n >= 10 && n%10 == 0 {
		n /= 10
	}
	return n == 1
}

// cancelOnServer tells the server that the request req will not be
// waited for, naming it as the server knows it.
func (s *session) cancelOnServer(req *request, reason string) {
	id := req.id
	if s.renumber {
		id = []byte(req.key)
	}
	note := append([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":`), id...)
	note = append(note, `,"reason":`...)
	note = append(jsonrpc.AppendQuote(note, reason), "}}"...)
	ev := &Event{From: Proxy, To: Server, Kind: "notification", Method: "notifications/cancelled", Bytes: len(note), Verdict: Sent}
	s.place(ev)
	s.up.send(note, nil, req.header)
	s.emit(ev)
}

// clientCancelled takes the client's notifications/cancelled m: the
// request it names is forgotten, its late answer to be dropped, and m
// is returned as the server is to get it, naming the request as the
// server knows it. It returns nil for a cancellation kept from the
// server, ev saying why: in a session clients share, one that names no
// request of a client's or that several clients' requests could be; one
// that names a request of the proxy's own.
func (s *session) clientCancelled(m *jsonrpc.Message, header http.Header, ev *Event) []byte {
	id := jsonrpc.Member(m.Params, "requestId")
	if id == nil {
		return m.Raw
	}
	if s.dequeueCall(id) {
		ev.Verdict = Dropped // the call never reached the server: nothing to cancel there
		return nil
	}
	req, n := s.cancelledRequest(id, header)
	var why string
	switch {
	case s.renumber && n == 0:
		why = "the cancellation of a request no client is waiting on"
	case s.renumber && n > 1:
		why = "the cancellation of a request whose id several clients' requests have: which one is meant cannot be told"
	case req != nil && req.own != nil:
		why = "the cancellation of a request of the proxy's own, not the client's"
	}
	if why != "" {
		ev.Verdict = Dropped
		ev.Findings = append(ev.Findings, Finding{Code: CodeUnrouted, Severity: catalog.Warning, Text: why + "; not passed on"})
		return nil
	}
	if req == nil {
		return m.Raw
	}
	s.giveUp(req)
	if s.renumber {
		return jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: id, With: []byte(req.key)})
	}
	return m.Raw
}

// cancelledRequest is the request waiting for its answer that a
// client's cancellation names by id, and how many it could be: in a
// session clients share, or over HTTP, any of those of the client's id
// (and, over HTTP, its session); else the one of that id.
func (s *session) cancelledRequest(id []byte, header http.Header) (*request, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.byKey && !s.renumber {
		req, ok := s.pending.get(idKey(id))
		if !ok {
			return nil, 0
		}
		return req, 1
	}
	var found *request
	n := 0
	for _, req := range s.pending.all {
		if req.own == nil && sameID(req.id, id) && (s.renumber || req.header.Get(sessionHeader) == header.Get(sessionHeader)) {
			found = req
			n++
		}
	}
	return found, n
}

// serverRequest keeps the server's request m, which waits for the
// client's answer, for that answer's event. Past the bound it forgets
// the oldest, and says so.
func (s *session) serverRequest(m *jsonrpc.Message, now time.Time) []Finding {
	req := &request{id: bytes.Clone(m.ID), method: m.Method, start: now}
	s.mu.Lock()
	forgot := s.serverReqs.put(idKey(req.id), req)
	s.mu.Unlock()
	var found []Finding
	for _, oldest := range forgot {
		if n := s.forgotten.Add(1); every(n) {
			s.log.printf("%s of the server's were waiting for the client's answer: the oldest is forgotten, and its answer passed on unchecked (%d so far)", tooManyWaiting, n)
		}
		found = append(found, Finding{Code: CodeEvicted, Severity: catalog.Error,
			Text: tooManyWaiting + " of the server's were waiting for the client's answer: the oldest, " + termtext.Quote(oldest.method) + " " + quoteStart(oldest.id) + ", is forgotten, and its answer will be passed on unchecked"})
	}
	return found
}

// takeServerRequest returns the server's request that id answers, and
// forgets it.
func (s *session) takeServerRequest(id []byte) *request {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, _ := s.serverReqs.take(idKey(id))
	return req
}

// routeNotification returns the server's notification m as its client
// is to get it, and the request of the client's it is tied to (nil for
// none): one that came while the server served via, progress by its
// token, and (in a session clients share) a notification of a
// subscription by the subscriptions/listen request it names. In a
// session clients share, a notification tied to no request of a
// client's is nil: which client it is for cannot be told.
//
// Progress for no one is stale: its token names a request of the
// client's given up (cancelled by the client, evicted, or left when the
// server went), or one of the proxy's own, whatever stream it came on;
// passed on, a server that goes on after a cancel fills the client's
// streams with progress no one waits for, on HTTP another request's.
// Progress of a request answered goes on: a task's progress names its
// call's token after the call's CreateTaskResult.
func (s *session) routeNotification(m *jsonrpc.Message, via *request) (out []byte, to *request, stale bool) {
	var tok []byte
	var req *request
	if m.Method == "notifications/progress" {
		tok = jsonrpc.Member(m.Params, "progressToken")
		var dead bool
		if req, dead = s.progressOf(tok); dead || req != nil && req.own != nil {
			return nil, nil, true
		}
	}
	if via != nil {
		return m.Raw, via, false
	}
	if req != nil {
		if req.clientProgress == nil {
			return m.Raw, req, false
		}
		return jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: tok, With: req.clientProgress}), req, false
	}
	if m.Method != "notifications/progress" && s.renumber {
		sub := jsonrpc.Member(jsonrpc.Member(m.Params, "_meta"), "io.modelcontextprotocol/subscriptionId")
		if req := s.waitingUnder(sub); req != nil && req.own == nil {
			return jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: sub, With: req.id}), req, false
		}
	}
	if s.renumber {
		return nil, nil, false
	}
	return m.Raw, nil, false
}

// dropStaleProgress keeps from the client stale progress (see
// routeNotification), and says so: in the record with ev, nil for one
// counted in its run already (see quietly).
func (s *session) dropStaleProgress(m *jsonrpc.Message, ev *Event) {
	if ev != nil {
		ev.Verdict = Dropped
		ev.Findings = append(ev.Findings, Finding{Code: CodeUnrouted, Severity: catalog.Warning,
			Text: "progress of a request the client cancelled or the proxy gave up, or of the proxy's own: not passed on"})
		s.quietly(staleRun(jsonrpc.Member(m.Params, "progressToken")), ev,
			"progress of the same token as the line this one is of, for no request: dropped as that was, and not recorded one by one")
	}
	if n := s.staleCount.Add(1); every(n) {
		s.log.printf("progress of a request given up, or of the proxy's own, was not passed on (%d so far)", n)
	}
}

// relayOfGivenUp passes out, a log line of the server's
// (notifications/message) on the stream of req, a request of the
// client's given up (cancelled, its connection closed, evicted), on to
// the client as any other: MCP lets a client ignore only the answer to
// a request it gave up, and log lines are the session's output it asked
// for. A server that goes on logging after the cancel would cost the
// record a line a message, so they are recorded in runs of req's, one
// for those passed on and one for those no stream could carry (dropped,
// as any message with no way to its client): the first of each in full
// and the rest counted, to one line that sums them up once its late
// answer comes, its id is used again or the session ends. Past the
// first, no event is placed for them, so that a flood fills no queue.
func (s *session) relayOfGivenUp(out []byte, req *request, m *jsonrpc.Message) {
	var ev *Event
	var d *delivery
	if !s.inRun(givenUpRun(req.key, Relayed)) && !s.inRun(givenUpRun(req.key, Dropped)) {
		ev = s.event(Server, Client, m)
		d = s.delivery(ev)
	}
	verdict := Relayed
	if s.down.send(out, nil, req, d) != nil {
		verdict = Dropped
	}
	key := givenUpRun(req.key, verdict)
	if ev == nil {
		if s.countInRun(key, len(m.Raw)) {
			return
		}
		ev = s.event(Server, Client, m) // the first of its run after all
	}
	ev.Verdict = verdict
	why := "log lines tied to the request of the line this one is of, given up: passed on as that was, and not recorded one by one"
	if verdict == Dropped {
		why = "log lines tied to the request of the line this one is of, given up: no stream open to the client could carry them, and they were not recorded one by one"
	}
	s.quietly(key, ev, why)
}

// givenUpNow reports whether req, a request of the client's, is given
// up: its answer awaited only to be dropped.
func (s *session) givenUpNow(req *request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.givenUp.get(req.key)
	return ok && r == req
}

// progressOf is the request waiting for its answer whose progress token
// (as the server got it) is tok, nil when none is (a client on HTTP
// gets the progress of a request on that request's stream), and whether
// tok names a request given up.
func (s *session) progressOf(tok []byte) (req *request, dead bool) {
	if tok == nil {
		return nil, false
	}
	k := idKey(tok)
	s.mu.Lock()
	defer s.mu.Unlock()
	if req := s.progress[k]; req != nil {
		return req, false
	}
	_, dead = s.deadProgress.get(k)
	return nil, dead
}

// waitingUnder is the request waiting for its answer under key, as
// written, nil for none.
func (s *session) waitingUnder(key []byte) *request {
	if key == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	req, _ := s.pending.get(idKey(key))
	return req
}

// unrouted keeps from every client a message of the server's, in a
// session clients share, that is tied to no client's request: sent to
// one, it could reach a client it is not for. A request is answered
// with an error, so that the server does not wait for an answer. It is
// recorded with ev, nil for one counted in its run already (see
// quietly).
func (s *session) unrouted(m *jsonrpc.Message, ev *Event) {
	quiet := true
	if ev != nil {
		ev.Verdict = Dropped
		ev.Findings = append(ev.Findings, Finding{Code: CodeUnrouted, Severity: catalog.Warning,
			Text: "a " + m.Kind.String() + " of the server's tied to no client's request, in a session clients share: not passed on, since it could reach a client it is not for"})
		kept := "kept from every client"
		if m.Kind == jsonrpc.Request {
			ev.Verdict, kept = Refused, "kept from every client and answered with an error"
		}
		quiet = s.quietly(unroutedRun(m.Kind.String()), ev,
			m.Kind.String()+"s of the server's tied to no client's request, as the one of the line this one is of: "+kept+", and not recorded one by one")
	}
	if m.Kind == jsonrpc.Request {
		s.refuseServerRequest(m, "the server is shared by clients that keep no session, and this request is tied to none of their requests: no client can be asked", nil, quiet)
	}
	if n := s.unroutedCount.Add(1); every(n) {
		s.log.printf("a %s of the server's tied to no client's request was not passed on: the server is shared by clients that keep no session, and it could reach one it is not for (%d so far)", m.Kind, n)
	}
}

// refuseServerRequest answers the server's request m, which cannot reach
// the client, with an error saying why, so that the server does not wait
// for an answer; header holds the HTTP headers of the client's request
// it came while serving, nil for none. With quiet, the answer is no
// line of the record: the request's run counts it (see quietly).
func (s *session) refuseServerRequest(m *jsonrpc.Message, why string, header http.Header, quiet bool) {
	msg := jsonrpc.AppendError(nil, m.ID, jsonrpc.CodeInternalError, "toolbench proxy: "+why)
	if quiet {
		s.up.send(msg, nil, header)
		return
	}
	ev := &Event{From: Proxy, To: Server, Kind: "response", Method: m.Method, ID: bytes.Clone(m.ID), Bytes: len(msg), Verdict: Sent}
	s.place(ev)
	s.up.send(msg, nil, header)
	s.emit(ev)
}
