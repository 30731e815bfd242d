package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync"
	"time"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// httpUp is a server reached over Streamable HTTP: each message of the
// client's is POSTed, and what the server answers, a JSON body or a
// stream of events, comes back message by message. For a client on
// stdio the proxy keeps the session (its Mcp-Session-Id, the revision's
// headers, the stream of MCP 2025-11-25 a GET opens); a client on HTTP
// keeps its own, and its MCP headers are passed on.
type httpUp struct {
	s      *session
	url    string
	client *http.Client
	ctx    context.Context
	cancel context.CancelFunc
	// own is set when the client is on stdio: the proxy holds the
	// session.
	own bool

	mu        sync.Mutex
	sessionID string
	last      chan struct{} // closed once the last POST begun is written
	listening bool
	wg        sync.WaitGroup
}

func newHTTPUp(s *session) (*httpUp, error) {
	u, err := url.Parse(s.opt.Upstream.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%s: not an http or https URL", termtext.Quote(s.opt.Upstream.URL))
	}
	base := http.DefaultTransport.(*http.Transport).Clone()
	ctx, cancel := context.WithCancel(s.ctx)
	last := make(chan struct{})
	close(last)
	return &httpUp{
		s:   s,
		url: u.String(),
		client: &http.Client{
			Transport:     &originHeaders{base: base, origin: u, header: s.opt.Upstream.Header},
			CheckRedirect: mcpclient.SameOriginRedirects(u),
		},
		ctx:    ctx,
		cancel: cancel,
		own:    true,
		last:   last,
	}, nil
}

// originHeaders adds the upstream's headers to the requests to its
// origin, and to no other.
type originHeaders struct {
	base   http.RoundTripper
	origin *url.URL
	header http.Header
}

func (t *originHeaders) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(t.header) > 0 && mcpclient.SameOrigin(req.URL, t.origin) {
		req = req.Clone(req.Context())
		for name, values := range t.header {
			req.Header[name] = values
		}
	}
	return t.base.RoundTrip(req)
}

// send POSTs msg on a goroutine of its own, once the POST before it is
// written, so that the server receives the client's messages in their
// order and a long answer (a stream of events) holds nothing up.
func (u *httpUp) send(msg []byte, req *request, header http.Header) error {
	if u.ctx.Err() != nil {
		return errServerGone
	}
	body := bytes.Clone(msg)
	wrote := make(chan struct{})
	u.mu.Lock()
	prev := u.last
	u.last = wrote
	u.mu.Unlock()
	u.wg.Add(1)
	go u.post(body, req, header, prev, wrote)
	return nil
}

func (u *httpUp) post(body []byte, req *request, header http.Header, prev, wrote chan struct{}) {
	defer u.wg.Done()
	var once sync.Once
	written := func() { once.Do(func() { close(wrote) }) }
	defer written()
	select {
	case <-prev:
	case <-u.ctx.Done():
		return
	}
	m := jsonrpc.Parse(body)
	hreq, err := http.NewRequestWithContext(u.ctx, http.MethodPost, u.url, bytes.NewReader(body))
	if err != nil {
		u.failed(&m, req, err)
		return
	}
	hreq = hreq.WithContext(httptrace.WithClientTrace(hreq.Context(), &httptrace.ClientTrace{WroteRequest: func(httptrace.WroteRequestInfo) { written() }}))
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json, text/event-stream")
	u.setHeaders(hreq.Header, &m, req, header)
	resp, err := u.client.Do(hreq)
	written()
	if err != nil {
		u.failed(&m, req, err)
		return
	}
	defer resp.Body.Close()
	if id := resp.Header.Get(sessionHeader); id != "" && u.own {
		u.mu.Lock()
		u.sessionID = id
		u.mu.Unlock()
	}
	var asked *request // the request whose answer this response carries
	if m.Kind == jsonrpc.Request {
		asked = req
	}
	if x, ok := routeOf(asked).(*exchange); ok {
		x.begin(resp.StatusCode, resp.Header)
	}
	ct := resp.Header.Get("Content-Type")
	switch {
	case resp.StatusCode == http.StatusAccepted:
		if u.own && m.Method == "notifications/initialized" {
			u.listen()
		}
	case resp.StatusCode/100 == 2 && strings.HasPrefix(ct, "text/event-stream"):
		over := false
		err = mcpclient.ReadEventsOver(resp.Body, u.s.opt.maxMessage(), func(data []byte) { u.s.fromServer(data, asked) }, func() {
			over = true
			u.s.serverEventTooLong()
		})
		switch {
		case over && u.ctx.Err() == nil && asked != nil && u.s.take(asked):
			u.failed(&m, asked, errors.New("the server's answer is "+eventTooLong(u.s.opt.maxMessage())))
		case err != nil && u.ctx.Err() == nil && asked != nil && u.s.take(asked):
			u.failed(&m, asked, fmt.Errorf("the stream of events broke off before the answer: %w", err))
		}
	case resp.StatusCode/100 == 2:
		data, err := readBounded(resp.Body, resp.ContentLength, u.s.opt.maxMessage())
		if err != nil {
			u.failed(&m, asked, err)
			return
		}
		if len(bytes.TrimSpace(data)) > 0 {
			u.s.fromServer(data, asked)
		}
	default:
		data, _ := readBounded(resp.Body, resp.ContentLength, 64<<10)
		if r := jsonrpc.Parse(data); r.Kind == jsonrpc.Response && asked != nil && sameID(r.ID, asked.id) {
			u.s.fromServer(data, asked)
			return
		}
		first, _, _ := bytes.Cut(bytes.TrimSpace(data), []byte{'\n'})
		u.failed(&m, asked, fmt.Errorf("HTTP %s: %s", resp.Status, first))
		return
	}
	if asked != nil && u.s.take(asked) {
		u.failed(&m, asked, errors.New("the server's answer ended without a response to the request"))
	}
}

// routeOf is the route of req, nil for none.
func routeOf(req *request) any {
	if req == nil {
		return nil
	}
	return req.route
}

// setHeaders sets the headers of a POST: for a message of a client on
// HTTP, the MCP headers it came with; else the session's (the proxy's,
// for a client on stdio; the client's, for the proxy's own request made
// for a client on HTTP) and those MCP 2026-07-28 has a request carry.
func (u *httpUp) setHeaders(h http.Header, m *jsonrpc.Message, req *request, client http.Header) {
	if !u.own && (req == nil || req.own == nil) {
		for name, values := range client {
			if name = http.CanonicalHeaderKey(name); isMCPHeader(name) {
				h[name] = values
			}
		}
		return
	}
	session, version := client.Get(sessionHeader), client.Get(versionHeader)
	if u.own {
		u.mu.Lock()
		session = u.sessionID
		u.mu.Unlock()
		version = u.s.revision()
	}
	if session != "" {
		h.Set(sessionHeader, session)
	}
	if req != nil && req.version != "" {
		version = req.version
	}
	if version == "" || m.Method == "initialize" {
		return
	}
	h.Set(versionHeader, version)
	if !mcpclient.IsModern(version) || m.Kind != jsonrpc.Request && m.Kind != jsonrpc.Notification {
		return
	}
	var tool []byte
	if st := u.s.tools.current(); st != nil && m.Method == "tools/call" {
		if name, ok := nameOf(m); ok {
			tool = st.def(name)
		}
	}
	for name, values := range standardHeaders(m, tool) {
		h[name] = values
	}
}

// failed answers a request the server did not answer, and says on
// stderr why a notification or response did not reach it.
func (u *httpUp) failed(m *jsonrpc.Message, req *request, err error) {
	err = withoutURL(err)
	why := fmt.Sprintf("%s: %v", u.s.opt.Upstream.DisplayName(), err)
	if req == nil || m.Kind != jsonrpc.Request {
		if u.ctx.Err() == nil {
			u.s.log.printf("a %s did not reach the server: %s", m.Kind, why)
		}
		return
	}
	u.s.take(req)
	u.s.failed(err)
	msg := jsonrpc.AppendError(nil, req.id, codeServerGone, "toolbench proxy: "+why)
	if req.own != nil {
		req.own <- msg
		return
	}
	u.s.answer(msg, req, req.method)
}

// withoutURL is an error of the HTTP client's without the URL it
// names: the URL of a request may carry a credential in its query, and
// the upstream's name says which server it was. A redirect to another
// origin says where it led, without user or query, by itself.
func withoutURL(err error) error {
	var redirect *mcpclient.RedirectError
	if errors.As(err, &redirect) {
		return redirect
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// listen opens the stream on which a server of MCP 2025-11-25 sends what
// is not an answer to a request (list_changed among it), once the
// session has begun. A server that offers none answers 405.
func (u *httpUp) listen() {
	u.mu.Lock()
	if u.listening {
		u.mu.Unlock()
		return
	}
	u.listening = true
	u.mu.Unlock()
	u.wg.Add(1)
	go func() {
		defer u.wg.Done()
		for attempt := 0; attempt < 5 && u.ctx.Err() == nil; attempt++ {
			if !u.listenOnce() {
				return
			}
			select {
			case <-u.ctx.Done():
			case <-time.After(time.Second << attempt):
			}
		}
	}()
}

// listenOnce reads the stream until it ends, and reports whether it is
// worth opening again.
func (u *httpUp) listenOnce() bool {
	req, err := http.NewRequestWithContext(u.ctx, http.MethodGet, u.url, nil)
	if err != nil {
		return false
	}
	req.Header.Set("Accept", "text/event-stream")
	u.mu.Lock()
	if u.sessionID != "" {
		req.Header.Set(sessionHeader, u.sessionID)
	}
	u.mu.Unlock()
	if v := u.s.revision(); v != "" {
		req.Header.Set(versionHeader, v)
	}
	resp, err := u.client.Do(req)
	if err != nil {
		return u.ctx.Err() == nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return false
	}
	mcpclient.ReadEventsOver(resp.Body, u.s.opt.maxMessage(), func(data []byte) { u.s.fromServer(data, nil) }, u.s.serverEventTooLong)
	return true
}

// close ends the session the proxy holds (DELETE, within a second) and
// every POST and stream.
func (u *httpUp) close() error {
	u.mu.Lock()
	id := u.sessionID
	u.mu.Unlock()
	if u.own && id != "" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		if req, err := http.NewRequestWithContext(ctx, http.MethodDelete, u.url, nil); err == nil {
			req.Header.Set(sessionHeader, id)
			if resp, err := u.client.Do(req); err == nil {
				resp.Body.Close()
			}
		}
		cancel()
	}
	u.cancel()
	done := make(chan struct{})
	go func() { u.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	return nil
}

// readBounded reads r whole, up to max bytes: more is an error. size is
// the length r says it has, -1 for none: a length past max is refused
// before a byte is read, and a length within it is read into a buffer
// of that size, not one grown by doubling to three times it.
func readBounded(r io.Reader, size int64, max int) ([]byte, error) {
	if size > int64(max) {
		return nil, tooLong(max)
	}
	var buf bytes.Buffer
	if size > 0 {
		buf.Grow(int(size) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, int64(max)+1)); err != nil {
		return nil, err
	}
	if buf.Len() > max {
		return nil, tooLong(max)
	}
	return buf.Bytes(), nil
}

// tooLong is readBounded's error for a message past max.
func tooLong(max int) error {
	return fmt.Errorf("%w than %s, the most one message may hold", errTooLong, termtext.Size(int64(max)))
}

// errTooLong is readBounded's error for a message past the bound.
var errTooLong = errors.New("a message longer")

// eventTooLong says what an event past the bound is.
func eventTooLong(max int) string {
	return "an event longer than " + termtext.Size(int64(max)) + ", the most one message may hold"
}

// serverEventTooLong says on stderr and in the record that the server
// sent an event past the bound, which is dropped: the stream is read on,
// and the request the event may have answered gets an error when the
// stream ends without another answer.
func (s *session) serverEventTooLong() {
	text := eventTooLong(s.opt.maxMessage())
	s.log.printf("the server wrote %s; it is not passed on", text)
	s.emit(&Event{From: Server, To: Client, Kind: "invalid", Verdict: Dropped,
		Findings: []Finding{{Code: CodeInvalidMessage, Severity: catalog.Error, Text: text, Hint: "have the server send less at once"}}})
}
