package mcpclient

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxMessageSize bounds one message from a server: a line over stdio, a
// response body or event over HTTP. It is four times the SDK's own 16 MiB,
// which one page of large schemas can pass.
const MaxMessageSize = 64 << 20

// errLineTooLong ends a connection whose server wrote a line past
// MaxMessageSize.
var errLineTooLong = fmt.Errorf("a line of the server's output is longer than %d bytes", MaxMessageSize)

// lineConn is an mcp.Connection for MCP's stdio framing, one JSON-RPC
// message a line. It takes the place of the SDK's so that what the server
// wrote is kept: the bytes of the responses that an exchange asks for,
// and a line that is not JSON-RPC, for the error that shows it.
type lineConn struct {
	w       io.Writer
	writeMu sync.Mutex

	incoming  chan lineOrErr
	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error
	stop      func() error      // ends the peer; it must end the reader too
	ended     func(error) error // what the end of the output means

	mu      sync.Mutex
	pending map[jsonrpc.ID]*exchange
	failure error // why the server's side of the connection failed
}

type lineOrErr struct {
	line []byte
	err  error
}

// newLineConn starts reading r. stop is called once, on Close; ended maps
// the error that ends r (io.EOF when the peer closed it) to the error
// that says why, and may be nil.
func newLineConn(r io.Reader, w io.Writer, stop func() error, ended func(error) error) *lineConn {
	c := &lineConn{
		w:        w,
		incoming: make(chan lineOrErr),
		closed:   make(chan struct{}),
		stop:     stop,
		ended:    ended,
		pending:  make(map[jsonrpc.ID]*exchange),
	}
	go c.readLines(r)
	return c
}

func (c *lineConn) readLines(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if len(bytes.TrimSpace(line)) > 0 && !c.deliver(lineOrErr{line: line}) {
			return
		}
		if err != nil {
			c.deliver(lineOrErr{err: err})
			return
		}
	}
}

func (c *lineConn) deliver(in lineOrErr) bool {
	select {
	case c.incoming <- in:
		return true
	case <-c.closed:
		return false
	}
}

// readLine returns the next line, without its end, in a slice of its own.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > MaxMessageSize {
			return nil, errLineTooLong
		}
		line = append(line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte{'\n'}), []byte{'\r'})
		return line, err
	}
}

// Read implements mcp.Connection.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, mcp.ErrConnectionClosed
	case in := <-c.incoming:
		if in.err != nil {
			return nil, c.fail(c.end(in.err))
		}
		return c.decode(in.line)
	}
}

func (c *lineConn) end(err error) error {
	if c.ended != nil {
		return c.ended(err)
	}
	return err
}

func (c *lineConn) decode(line []byte) (jsonrpc.Message, error) {
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return c.undecodable(line, err)
	}
	if resp, ok := msg.(*jsonrpc.Response); ok {
		if ex := c.take(resp.ID); ex != nil {
			ex.setMessage(line)
		}
	}
	return msg, nil
}

// undecodable handles a line the SDK cannot read. A response to a request
// the client keeps the response of fails that request only, and the client
// says what is wrong with it; anything else ends the connection.
func (c *lineConn) undecodable(line []byte, err error) (jsonrpc.Message, error) {
	if id, ok := responseID(line); ok {
		if ex := c.take(id); ex != nil {
			ex.setMessage(line)
			return &jsonrpc.Response{ID: id, Error: &OutputError{Output: lineStart(line), Err: err}}, nil
		}
	}
	return nil, c.fail(&OutputError{Output: lineStart(line), Err: whyNotJSONRPC(line, err)})
}

// lineStart returns as much of a line as an error quotes, and one byte
// more to show that it goes on.
func lineStart(line []byte) []byte {
	return bytes.Clone(line[:min(len(line), quoteLimit+1)])
}

// responseID returns the ID of a line that is a JSON object with an ID and
// no method, as a response is.
func responseID(line []byte) (jsonrpc.ID, bool) {
	var probe struct {
		ID     any             `json:"id"`
		Method json.RawMessage `json:"method"`
	}
	if err := json.Unmarshal(line, &probe); err != nil || probe.ID == nil || probe.Method != nil {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(probe.ID)
	return id, err == nil
}

// whyNotJSONRPC says what is wrong with a line: where its JSON breaks, or
// else what the SDK found wrong with the message.
func whyNotJSONRPC(line []byte, sdkErr error) error {
	d := jsontext.NewDecoder(bytes.NewReader(line))
	_, err := d.ReadValue()
	if err == nil {
		if _, err = d.ReadToken(); err == nil {
			return fmt.Errorf("1:%d: after the JSON value: unexpected data", d.InputOffset())
		}
		if err == io.EOF {
			return errors.New(strings.TrimPrefix(sdkErr.Error(), "unmarshaling jsonrpc message: "))
		}
	}
	off, ok := jsonOffset(err)
	if !ok {
		return errors.New(jsonMessage(err))
	}
	_, col := lineCol(line, off)
	return fmt.Errorf("1:%d: %s", col, jsonMessage(err))
}

func (c *lineConn) take(id jsonrpc.ID) *exchange {
	c.mu.Lock()
	defer c.mu.Unlock()
	ex := c.pending[id]
	delete(c.pending, id)
	return ex
}

func (c *lineConn) expect(id jsonrpc.ID, ex *exchange) {
	c.mu.Lock()
	c.pending[id] = ex
	c.mu.Unlock()
	ex.onRelease(func() { c.take(id) })
}

// fail records the first reason the server broke the connection, and
// returns err.
func (c *lineConn) fail(err error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failure == nil {
		c.failure = err
	}
	return err
}

// err returns why the server broke the connection, or nil.
func (c *lineConn) err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failure
}

// Write implements mcp.Connection.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if req, ok := msg.(*jsonrpc.Request); ok {
		if ex := exchangeFrom(ctx); ex.wants(req) {
			ex.sending(req)
			c.expect(req.ID, ex)
		}
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err = c.w.Write(data)
	return err
}

// Close implements mcp.Connection: it ends the server and the reading.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		c.closeErr = c.stop()
	})
	return c.closeErr
}

// SessionID implements mcp.Connection; stdio has no sessions.
func (c *lineConn) SessionID() string { return "" }
