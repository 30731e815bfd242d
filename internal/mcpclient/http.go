package mcpclient

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// errorBodyLimit bounds how much of a refusing response's body is read.
const errorBodyLimit = 64 << 10

// httpTransport returns the Streamable HTTP transport for spec, and the
// http.Transport under it, whose idle connections Close ends.
//
// The SDK's connection is used as it is: wrapping it hides the methods by
// which the SDK tells it the session has started, and then it never opens
// the stream that notifications such as tools/list_changed arrive on.
// What toolbench needs of the traffic, it takes in a RoundTripper.
//
// Credentials never leave the server's origin: the headers of spec go to
// requests of the endpoint's scheme, host and port only, and a redirect
// to another origin is refused with a *RedirectError, which says where it
// led, rather than followed without them (the session's own headers,
// such as its Mcp-Session-Id, would go along).
func httpTransport(spec Spec) (mcp.Transport, *http.Transport) {
	base := http.DefaultTransport.(*http.Transport).Clone()
	origin, _ := url.Parse(spec.URL) // spec.validate parsed it
	client := &http.Client{
		Transport:     &roundTripper{base: base, header: spec.Header, origin: origin},
		CheckRedirect: SameOriginRedirects(origin),
	}
	return &mcp.StreamableClientTransport{
		Endpoint:     spec.URL,
		HTTPClient:   client,
		MaxEventSize: MaxMessageSize,
	}, base
}

// maxRedirects bounds a chain of redirects within the origin, as Go's
// client does.
const maxRedirects = 10

// SameOriginRedirects is the redirect policy (http.Client's
// CheckRedirect) of a client of the server at origin: follow a redirect
// within it, up to 10, and refuse one that leaves it with a
// *RedirectError, so that what is sent to the server goes nowhere else.
func SameOriginRedirects(origin *url.URL) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if !SameOrigin(req.URL, origin) {
			err := &RedirectError{From: redactedURL(via[len(via)-1].URL), To: redactedURL(req.URL)}
			if ex := exchangeFrom(req.Context()); ex != nil {
				ex.setRefusal(err)
			}
			return err
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		return nil
	}
}

// SameOrigin reports whether u is of the origin (RFC 6454: scheme, host
// and port) of o: a port left to the scheme's default is that port, and
// the host's case does not count. Credentials for a server go to its
// origin only.
func SameOrigin(u, o *url.URL) bool {
	return u.Scheme == o.Scheme && strings.EqualFold(u.Hostname(), o.Hostname()) && portOf(u) == portOf(o)
}

// portOf is u's port, or its scheme's when it names none.
func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

// redactedURL writes u without its user information or query, which may
// hold credentials.
func redactedURL(u *url.URL) string {
	v := *u
	v.User, v.RawQuery, v.ForceQuery = nil, "", false
	return v.String()
}

// roundTripper adds the headers of a Spec to every request of its origin,
// bounds what it reads of each response (see boundedBody) and, for a
// request whose context carries an exchange, keeps what the exchange asks
// for: a status that refused it, and the body of the response it wants.
type roundTripper struct {
	base   http.RoundTripper
	header http.Header
	origin *url.URL
}

func (t *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(t.header) > 0 && SameOrigin(req.URL, t.origin) {
		req = req.Clone(req.Context())
		for name, values := range t.header {
			if _, set := req.Header[name]; !set {
				req.Header[name] = values
			}
		}
	}
	ex := exchangeFrom(req.Context())
	if ex == nil || req.Method != http.MethodPost {
		resp, err := t.base.RoundTrip(req)
		if err == nil {
			bound(resp, ex)
		}
		return resp, err
	}
	call := sentCall(req)
	if call != nil && ex.wants(call) {
		ex.sending(call)
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	bound(resp, ex)
	if (resp.StatusCode < 200 || resp.StatusCode > 299) && !isRedirect(resp) {
		ex.setHTTPError(readHTTPError(resp))
		return resp, nil
	}
	if call != nil && ex.wants(call) {
		ex.startBody(resp.Header.Get("Content-Type"), call.ID)
		resp.Body = &keptBody{ReadCloser: resp.Body, ex: ex}
	}
	return resp, nil
}

// isRedirect reports whether resp is a redirect the client follows, or
// refuses (see SameOriginRedirects), rather than a refusal.
func isRedirect(resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return resp.Header.Get("Location") != ""
	}
	return false
}

// sentCall returns the JSON-RPC request a POST carries, or nil.
func sentCall(req *http.Request) *jsonrpc.Request {
	if req.GetBody == nil {
		return nil
	}
	body, err := req.GetBody()
	if err != nil {
		return nil
	}
	defer body.Close()
	data, err := io.ReadAll(io.LimitReader(body, MaxMessageSize))
	if err != nil {
		return nil
	}
	msg, err := jsonrpc.DecodeMessage(data)
	if err != nil {
		return nil
	}
	call, _ := msg.(*jsonrpc.Request)
	return call
}

// readHTTPError reads the start of a refusing response's body for the
// error, and leaves it for the SDK to read too.
func readHTTPError(resp *http.Response) *HTTPError {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, errorBodyLimit))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	first, _, _ := bytes.Cut(body, []byte{'\n'})
	return &HTTPError{
		StatusCode: resp.StatusCode,
		Status:     resp.Status,
		Body:       string(bytes.TrimSpace(first)),
	}
}

// bound bounds the body of resp to MaxMessageSize, as decompressed (Go's
// transport undoes a gzip encoding it asked for before the body gets
// here): the whole of a JSON response, each event of an event stream,
// which carries any number of them for as long as the request's timeout
// lets it.
func bound(resp *http.Response, ex *exchange) {
	b := &boundedBody{ReadCloser: resp.Body, ex: ex}
	if mediaType(resp.Header.Get("Content-Type")) == "text/event-stream" {
		b.events = new(eventSize)
	}
	resp.Body = b
}

// mediaType is the media type of a Content-Type, lower case, without
// parameters.
func mediaType(contentType string) string {
	t, _, _ := mime.ParseMediaType(contentType)
	return t
}

// boundedBody reads a response body, or each event of an event stream,
// up to MaxMessageSize, past which a read fails with a *LimitError, which
// the exchange, if there is one, keeps for the request's error.
type boundedBody struct {
	io.ReadCloser
	read   int64      // the bytes read, of the body or the event
	events *eventSize // for an event stream, nil for a body
	ex     *exchange
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if b.events == nil && int64(len(p)) > MaxMessageSize-b.read {
		// One byte past the bound tells a body too long from one that
		// ends there.
		p = p[:MaxMessageSize-b.read+1]
	}
	n, err := b.ReadCloser.Read(p)
	if b.events != nil {
		b.read = b.events.add(p[:n])
	} else {
		b.read += int64(n)
	}
	if b.read > MaxMessageSize {
		what := "the response"
		if b.events != nil {
			what = "an event of the response"
		}
		lerr := &LimitError{What: what, Limit: sizeText(MaxMessageSize) + " a message may take"}
		b.ex.setRefusal(lerr)
		return 0, lerr
	}
	return n, err
}

// eventSize follows the events of an event stream, which an empty line
// ends (a line ends at "\n", "\r" or "\r\n"), to tell the size of the one
// being read.
type eventSize struct {
	size    int64 // of the event so far, line ends included
	line    int64 // of its last line so far, without its end
	afterCR bool  // the last byte ended a line with "\r"
}

// add takes the next bytes of the stream and returns the size of the
// event they end in.
func (e *eventSize) add(p []byte) int64 {
	for _, c := range p {
		switch {
		case c == '\n' && e.afterCR: // the end of a "\r\n"
			e.afterCR = false
			e.size++
		case c == '\n' || c == '\r':
			e.afterCR = c == '\r'
			if e.line == 0 {
				e.size = 0 // an empty line: the event is over
				continue
			}
			e.line = 0
			e.size++
		default:
			e.afterCR = false
			e.line++
			e.size++
		}
	}
	return e.size
}

// keptBody passes a response body through to the SDK, keeping a copy in
// the exchange as it is read.
type keptBody struct {
	io.ReadCloser
	ex *exchange
}

func (b *keptBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.ex.appendBody(p[:n])
	return n, err
}

// sseData yields the data of each message event of a text/event-stream
// that has any. Events without data (a server may send one first, for
// its ID, to allow resuming) and an event that the stream does not end
// with an empty line, which is not yet complete, are not yielded.
func sseData(stream []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		var ev event
		for len(stream) > 0 {
			var line []byte
			line, stream = cutLine(stream)
			if data, ok := ev.line(line, -1); ok && !yield(data) {
				return
			}
		}
	}
}

// An event gathers the fields of one event of a text/event-stream, a
// line at a time.
type event struct {
	data    []byte
	hasData bool // a data field came, maybe an empty one
	name    string
	tooLong bool // its data passed the bound
}

// line takes the next line of the stream, without its end, and returns
// the event's data when the line ends a message event that has data
// within max bytes (max < 0 for no bound). A large first data line is
// kept as it is, not copied: the caller hands over a line it will not
// use again.
func (ev *event) line(line []byte, max int) ([]byte, bool) {
	if len(line) == 0 {
		data, ok := ev.data, len(ev.data) > 0 && !ev.tooLong && (ev.name == "" || ev.name == "message")
		*ev = event{}
		return data, ok
	}
	field, value, _ := bytes.Cut(line, []byte{':'})
	value = bytes.TrimPrefix(value, []byte{' '})
	switch string(field) {
	case "data":
		switch {
		case ev.tooLong:
			// Past the bound the event is dropped whole when it ends: the
			// rest of its data is not kept, however long it goes on.
		case ev.hasData:
			ev.data = append(append(ev.data, '\n'), value...)
		case len(value) > 64<<10:
			ev.data = value
		default:
			ev.data = append(ev.data, value...)
		}
		ev.hasData = true
		if max >= 0 && len(ev.data) > max {
			ev.tooLong, ev.data = true, nil
		}
	case "event":
		ev.name = string(value)
	}
	return nil, false
}

// ReadEvents reads a text/event-stream as it comes, and hands fn the data
// of each message event, each within max bytes: an event past the bound,
// or a line of it, is dropped and the stream read on, and no more than
// max bytes of it are ever held, however long it goes on. It returns the
// error that ends the stream (io.EOF at its end).
func ReadEvents(r io.Reader, max int, fn func(data []byte)) error {
	return ReadEventsOver(r, max, fn, nil)
}

// ReadEventsOver is ReadEvents that calls over (when not nil) for each
// event dropped past the bound, as soon as it passes it: a reader that
// must say what it drops says so even of an event that never ends.
func ReadEventsOver(r io.Reader, max int, fn func(data []byte), over func()) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var ev event
	passed := func() {
		if !ev.tooLong && over != nil {
			over()
		}
		ev.tooLong = true
	}
	for {
		line, err := readEventLine(br, max, passed)
		if errors.Is(err, errEventTooLong) {
			continue
		}
		if err != nil {
			return err
		}
		was := ev.tooLong
		if data, ok := ev.line(line, max); ok {
			fn(data)
		} else if ev.tooLong && !was && over != nil {
			over()
		}
	}
}

var errEventTooLong = errors.New("an event line past the bound")

// readEventLine reads a line of an event stream, without its end, in a
// slice of its own; a line longer than a data line of max bytes of data
// ("data: ", the data, "\r\n") is skipped and errEventTooLong, and passed
// is called as soon as it passes that.
func readEventLine(br *bufio.Reader, max int, passed func()) ([]byte, error) {
	var line []byte
	over := false
	lineMax := max + len("data: ") + len("\r\n")
	for {
		chunk, err := br.ReadSlice('\n')
		if !over && len(line)+len(chunk) > lineMax {
			over, line = true, nil
			passed()
		}
		if !over {
			line = append(line, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if over {
			return nil, errEventTooLong
		}
		if err != nil && len(line) == 0 {
			return nil, err
		}
		return bytes.TrimSuffix(bytes.TrimSuffix(line, []byte{'\n'}), []byte{'\r'}), nil
	}
}

// cutLine splits off the first line of s, ended by "\n", "\r\n" or "\r".
func cutLine(s []byte) (line, rest []byte) {
	i := bytes.IndexAny(s, "\r\n")
	if i < 0 {
		return s, nil
	}
	if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
		return s[:i], s[i+2:]
	}
	return s[:i], s[i+1:]
}
