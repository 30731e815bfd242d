package mcpserve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"

	sdkrpc "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
)

// The server's stdio framing, a message a line, is its own: the SDK's
// ends the session on the first line it cannot read, and echoes a
// request's id as it decoded it (1.5 as 1, a large integer as another).
// Here each line is read within the bound of a message and classified by
// internal/jsonrpc: what is not a message is answered with JSON-RPC's
// error (-32700 for what is not JSON, -32600 for JSON that is not a
// message, a batch, a line too long) and the session goes on; a request
// goes to the SDK under an id of the connection's own, and its answer
// leaves with the client's id as the client wrote it.

// stdioTransport speaks MCP on in and out, a message a line.
type stdioTransport struct {
	in  io.Reader
	out io.Writer
	max int       // the bound on a line
	log io.Writer // where a line answered with an error is told
	// gone is set once a write finds the client's end of out closed:
	// the session ends as the client's going ends it.
	gone atomic.Bool
}

func (t *stdioTransport) Connect(context.Context) (mcp.Connection, error) {
	nonce := make([]byte, 8)
	rand.Read(nonce)
	c := &stdioConn{
		r:         jsonrpc.NewReader(t.in, t.max),
		w:         t.out,
		gone:      &t.gone,
		log:       t.log,
		prefix:    "toolbench-" + hex.EncodeToString(nonce) + "-",
		ids:       map[string][]byte{},
		tokens:    map[string]string{},
		cancelled: map[string]bool{},
		lines:     make(chan lineRead),
		want:      make(chan struct{}),
		closed:    make(chan struct{}),
		readEnd:   make(chan struct{}),
	}
	go c.readLines()
	return c, nil
}

// stdioConn is a connection of stdioTransport.
type stdioConn struct {
	r      *jsonrpc.Reader
	w      io.Writer
	gone   *atomic.Bool // the transport's
	log    io.Writer
	prefix string // of the ids the connection gives requests

	writeMu sync.Mutex

	mu     sync.Mutex
	next   int
	ids    map[string][]byte // a request's id of ours → its id as the client wrote it
	tokens map[string]string // a request's id as written → ours, for notifications/cancelled
	// cancelled are the requests of ours the client cancelled: their
	// answers are not written, as MCP asks of a request cancelled.
	cancelled map[string]bool

	lines     chan lineRead
	want      chan struct{} // a Read waits for a line
	closed    chan struct{}
	closeOnce sync.Once
	readEnd   chan struct{} // readLines has returned
}

type lineRead struct {
	line []byte
	err  error
}

// readLines reads a line each time a Read asks for one: the Reader's
// buffer is the line's until the next, which is read only once the
// line is decoded.
func (c *stdioConn) readLines() {
	defer close(c.readEnd)
	for {
		select {
		case <-c.want:
		case <-c.closed:
			return
		}
		line, err := c.r.Next()
		select {
		case c.lines <- lineRead{line, err}:
		case <-c.closed:
			return
		}
		var tooLong *jsonrpc.TooLongError
		if err != nil && !errors.As(err, &tooLong) {
			return
		}
	}
}

// nextLine returns the next line, or the error that ends the input.
func (c *stdioConn) nextLine(ctx context.Context) ([]byte, error) {
	select {
	case c.want <- struct{}{}:
	case <-c.readEnd:
		return nil, io.EOF
	case <-c.closed:
		return nil, mcp.ErrConnectionClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case in := <-c.lines:
		return in.line, in.err
	case <-c.closed:
		return nil, mcp.ErrConnectionClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *stdioConn) Read(ctx context.Context) (sdkrpc.Message, error) {
	for {
		line, err := c.nextLine(ctx)
		var tooLong *jsonrpc.TooLongError
		switch {
		case errors.As(err, &tooLong):
			c.refuse(jsonrpc.AppendError(nil, tooLong.HeadID(), jsonrpc.CodeInvalidRequest, tooLong.Error()))
			continue
		case err != nil:
			return nil, err
		}
		m := jsonrpc.Parse(line)
		switch m.Kind {
		case jsonrpc.Invalid, jsonrpc.Batch:
			c.refuse(jsonrpc.AppendRefusal(nil, &m, "a batch of messages, which MCP does not send: send one message a line"))
			continue
		}
		msg, err := c.decode(&m)
		if err != nil {
			c.refuse(jsonrpc.AppendError(nil, m.ID, jsonrpc.CodeInvalidRequest, "the message is not one MCP reads"))
			continue
		}
		return msg, nil
	}
}

// refuse writes answer, the error of a line that is no message the
// server takes, unless it is empty (a notification or a response is
// owed none), and tells the log.
func (c *stdioConn) refuse(answer []byte) {
	if len(answer) == 0 {
		return
	}
	fmt.Fprintf(c.log, "toolbench mcp: line %d: %s\n", c.r.Line(), termtext.EscapeLine(string(answer)))
	c.write(append(answer, '\n'))
}

// decode decodes m for the SDK: a request under an id of the
// connection's own, which its answer trades back, and a notification of
// cancellation with the id of the request it names traded likewise.
func (c *stdioConn) decode(m *jsonrpc.Message) (sdkrpc.Message, error) {
	raw := m.Raw
	switch {
	case m.Kind == jsonrpc.Request:
		token := c.token(m.ID)
		raw = jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: m.ID, With: strconv.AppendQuote(nil, token)})
	case m.Kind == jsonrpc.Notification && m.Method == "notifications/cancelled":
		if id := jsonrpc.Member(m.Params, "requestId"); id != nil {
			if token, ok := c.cancel(id); ok {
				raw = jsonrpc.Replace(m.Raw, jsonrpc.Edit{Part: id, With: strconv.AppendQuote(nil, token)})
			}
		}
	}
	return sdkrpc.DecodeMessage(raw)
}

// token gives the request whose id is written id an id of the
// connection's own, and keeps both.
func (c *stdioConn) token(id []byte) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.next++
	token := c.prefix + strconv.Itoa(c.next)
	c.ids[token] = bytes.Clone(id)
	c.tokens[string(id)] = token
	return token
}

// cancel returns the id of ours of the request whose id is written id,
// and marks it cancelled.
func (c *stdioConn) cancel(id []byte) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	token, ok := c.tokens[string(id)]
	if ok {
		c.cancelled[token] = true
	}
	return token, ok
}

func (c *stdioConn) Write(_ context.Context, msg sdkrpc.Message) error {
	data, err := sdkrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	if resp, ok := msg.(*sdkrpc.Response); ok {
		var answer bool
		if data, answer = c.clientID(resp.ID, data); !answer {
			return nil
		}
	}
	return c.write(append(data, '\n'))
}

// clientID returns data, the answer to the request whose id of ours is
// id, with the id the client wrote in its place, and whether to write
// it: not if the client cancelled the request.
func (c *stdioConn) clientID(id sdkrpc.ID, data []byte) ([]byte, bool) {
	token, ok := id.Raw().(string)
	if !ok {
		return data, true
	}
	c.mu.Lock()
	written, known := c.ids[token]
	cancelled := c.cancelled[token]
	delete(c.ids, token)
	delete(c.cancelled, token)
	if known {
		delete(c.tokens, string(written))
	}
	c.mu.Unlock()
	if !known {
		return data, true
	}
	if cancelled {
		return nil, false
	}
	quoted := strconv.AppendQuote(nil, token)
	i := bytes.Index(data, quoted)
	if i < 0 {
		return data, true
	}
	return jsonrpc.Replace(data, jsonrpc.Edit{Part: data[i : i+len(quoted)], With: written}), true
}

func (c *stdioConn) write(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.w.Write(data)
	if errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe) {
		// The client closed its end of the output, its input perhaps
		// still open: no answer can reach it, and the connection ends,
		// whatever the SDK makes of the write's error.
		c.gone.Store(true)
		c.Close()
	}
	return err
}

func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

func (c *stdioConn) SessionID() string { return "" }
