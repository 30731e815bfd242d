package mcpclient

import (
	"context"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// An exchange gathers what the server sent back for one request of the
// client, as the transport saw it, under the SDK's decoding: the
// response's bytes. The client puts it in the request's context, where
// the transport finds it: the SDK hands a request's context down to the
// connection's Write.
type exchange struct {
	method string // the request whose response is kept

	mu     sync.Mutex
	msg    []byte // the response as received
	forget []func()
}

type exchangeKey struct{}

// withExchange returns ctx carrying a new exchange for a request of method.
func withExchange(ctx context.Context, method string) (context.Context, *exchange) {
	ex := &exchange{method: method}
	return context.WithValue(ctx, exchangeKey{}, ex), ex
}

// exchangeFrom returns the exchange ctx carries, or nil.
func exchangeFrom(ctx context.Context) *exchange {
	ex, _ := ctx.Value(exchangeKey{}).(*exchange)
	return ex
}

// wants reports whether the response to req is the one ex keeps.
func (ex *exchange) wants(req *jsonrpc.Request) bool {
	return ex != nil && req.IsCall() && req.Method == ex.method
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

// message returns the response as the server sent it, or nil if none
// arrived.
func (ex *exchange) message() []byte {
	ex.mu.Lock()
	defer ex.mu.Unlock()
	return ex.msg
}
