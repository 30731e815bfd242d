package mcpclient

import (
	"bytes"
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
		var (
			data    []byte
			hasData bool // a data field came, maybe an empty one
			name    string
		)
		for len(stream) > 0 {
			var line []byte
			line, stream = cutLine(stream)
			if len(line) == 0 {
				if len(data) > 0 && (name == "" || name == "message") && !yield(data) {
					return
				}
				data, hasData, name = nil, false, ""
				continue
			}
			field, value, _ := bytes.Cut(line, []byte{':'})
			value = bytes.TrimPrefix(value, []byte{' '})
			switch string(field) {
			case "data":
				if hasData {
					data = append(data, '\n')
				}
				data, hasData = append(data, value...), true
			case "event":
				name = string(value)
			}
		}
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
