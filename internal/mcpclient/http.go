package mcpclient

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"iter"
	"net/http"

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
func httpTransport(spec Spec) (mcp.Transport, *http.Transport) {
	base := http.DefaultTransport.(*http.Transport).Clone()
	return &mcp.StreamableClientTransport{
		Endpoint:     spec.URL,
		HTTPClient:   &http.Client{Transport: &roundTripper{base: base, header: spec.Header}},
		MaxEventSize: MaxMessageSize,
	}, base
}

// roundTripper adds the headers of a Spec to every request and, for a
// request whose context carries an exchange, keeps what the exchange asks
// for: a status that refused it, and the body of the response it wants.
type roundTripper struct {
	base   http.RoundTripper
	header http.Header
}

func (t *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(t.header) > 0 {
		req = req.Clone(req.Context())
		for name, values := range t.header {
			if _, set := req.Header[name]; !set {
				req.Header[name] = values
			}
		}
	}
	ex := exchangeFrom(req.Context())
	if ex == nil || req.Method != http.MethodPost {
		return t.base.RoundTrip(req)
	}
	call := sentCall(req)
	if call != nil && ex.wants(call) {
		ex.sending(call)
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		ex.setHTTPError(readHTTPError(resp))
		return resp, nil
	}
	if call != nil && ex.wants(call) {
		ex.startBody(resp.Header.Get("Content-Type"), call.ID)
		resp.Body = &keptBody{ReadCloser: resp.Body, ex: ex}
	}
	return resp, nil
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
		case ev.hasData:
			ev.data = append(append(ev.data, '\n'), value...)
		case len(value) > 64<<10:
			ev.data = value
		default:
			ev.data = append(ev.data, value...)
		}
		ev.hasData = true
		ev.tooLong = ev.tooLong || max >= 0 && len(ev.data) > max
	case "event":
		ev.name = string(value)
	}
	return nil, false
}

// ReadEvents reads a text/event-stream as it comes, and hands fn the data
// of each message event, each within max bytes: an event past the bound,
// or a line of it, is dropped and the stream read on. It returns the
// error that ends the stream (io.EOF at its end).
func ReadEvents(r io.Reader, max int, fn func(data []byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var ev event
	for {
		line, err := readEventLine(br, max)
		if errors.Is(err, errEventTooLong) {
			ev.tooLong = true
			continue
		}
		if err != nil {
			return err
		}
		if data, ok := ev.line(line, max); ok {
			fn(data)
		}
	}
}

var errEventTooLong = errors.New("an event line past the bound")

// readEventLine reads a line of an event stream, without its end, in a
// slice of its own; a line past max is skipped and errEventTooLong.
func readEventLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	over := false
	for {
		chunk, err := br.ReadSlice('\n')
		if !over && len(line)+len(chunk) > max+2 {
			over, line = true, nil
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
