package mcpclient

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// An exchange gathers what the server sent back for one request of the
// client, as the transport saw it, under the SDK's decoding: the
// response's bytes, and over HTTP a status that refused the request. The
// client puts it in the request's context, where the transports find it:
// the SDK hands a request's context down to the connection's Write and to
// the HTTP request it sends.
type exchange struct {
	methods []string // the requests whose response is kept: one, or the handshake's two

	// A bound and the flag that raises it, for the error of a request
	// that is not answered within it.
	bound time.Duration
	flag  string

	mu       sync.Mutex
	msg      []byte // the response as received, over stdio
	body     []byte // the response body as received, over HTTP
	bodyType string // its media type
	bodyFull bool   // the body was longer than MaxMessageSize
	callID   jsonrpc.ID
	httpErr  *HTTPError
	refusal  error  // a bound the response passed, or a redirect refused
	sent     string // the method of the last request kept, as it was sent
	forget   []func()
}

type exchangeKey struct{}

// withExchange returns ctx carrying a new exchange for a request of one of
// methods, bounded by d, which flag raises.
func withExchange(ctx context.Context, d time.Duration, flag string, methods ...string) (context.Context, *exchange) {
	ex := &exchange{methods: methods, bound: d, flag: flag, sent: methods[0]}
	return context.WithValue(ctx, exchangeKey{}, ex), ex
}

// exchangeFrom returns the exchange ctx carries, or nil.
func exchangeFrom(ctx context.Context) *exchange {
	ex, _ := ctx.Value(exchangeKey{}).(*exchange)
	return ex
}

// wants reports whether the response to req is one ex keeps.
func (ex *exchange) wants(req *jsonrpc.Request) bool {
	return ex != nil && req.IsCall() && slices.Contains(ex.methods, req.Method)
}

// sending records that req, a request ex wants, is being sent: its
// response replaces any kept before, and a failure is its.
func (ex *exchange) sending(req *jsonrpc.Request) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.sent, ex.msg, ex.body, ex.httpErr, ex.refusal = req.Method, nil, nil, nil, nil
}

// method is the method of the last request sent that ex wants.
func (ex *exchange) method() string {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return ex.sent
}

// onRelease registers what the transport must do once the client no
// longer waits for the response.
func (ex *exchange) onRelease(f func()) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.forget = append(ex.forget, f)
}

// release tells the transport the client is done with the request.
func (ex *exchange) release() {
	ex.mu.Lock()
	forget := ex.forget
	ex.forget = nil
	ex.mu.Unlock()
	for _, f := range forget {
		f()
	}
}

func (ex *exchange) setMessage(msg []byte) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.msg = msg
}

func (ex *exchange) setHTTPError(err *HTTPError) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.httpErr = err
}

// setRefusal records why toolbench stopped reading the response: a
// *LimitError or a *RedirectError. ex may be nil, for a request without
// an exchange.
func (ex *exchange) setRefusal(err error) {
	if ex == nil {
		return
	}
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.refusal = err
}

func (ex *exchange) refused() error {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return ex.refusal
}

func (ex *exchange) httpError() *HTTPError {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return ex.httpErr
}

// startBody begins keeping a response body of the given Content-Type, for
// the call with the given ID.
func (ex *exchange) startBody(contentType string, id jsonrpc.ID) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	ex.body, ex.bodyType, ex.bodyFull, ex.callID = nil, mediaType(contentType), false, id
}

func (ex *exchange) appendBody(p []byte) {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	if len(ex.body)+len(p) > MaxMessageSize {
		ex.bodyFull = true
		return
	}
	ex.body = append(ex.body, p...)
}

// message returns the response as the server sent it, or nil if none
// arrived: over HTTP, the JSON body, or the data of the event that holds
// the response in an event stream.
func (ex *exchange) message() []byte {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	switch {
	case ex.msg != nil:
		return ex.msg
	case ex.body == nil || ex.bodyFull:
		return nil
	case ex.bodyType == "text/event-stream":
		return responseEvent(ex.body, ex.callID)
	}
	return bytes.TrimSpace(ex.body)
}

// responseEvent returns the data of the first message event in an event
// stream that is the response to the call with the given ID, or that is
// not JSON-RPC at all, so that its error can be shown.
func responseEvent(stream []byte, id jsonrpc.ID) []byte {
	for data := range sseData(stream) {
		msg, err := jsonrpc.DecodeMessage(data)
		if err != nil {
			return data
		}
		if resp, ok := msg.(*jsonrpc.Response); ok && resp.ID == id {
			return data
		}
	}
	return nil
}
