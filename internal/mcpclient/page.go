package mcpclient

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// A response is what one JSON-RPC response holds, read from the bytes the
// server sent: its result, as those bytes, or its error.
type response struct {
	result    []byte // a slice of the message
	resultOff int    // where result starts in the message
	rpcErr    *RPCError
}

// readResponse checks that msg is one JSON-RPC 2.0 response and returns
// its result or error. Its errors are *ResponseError, positioned in msg,
// for the page of method (0 for a method without pages).
func readResponse(msg []byte, method string, page int) (response, error) {
	var resp response
	r := newMessageReader(msg, 0, method, page)
	start, err := r.open("a JSON-RPC response")
	if err != nil {
		return resp, err
	}
	sawVersion, sawResult := false, false
	for r.d.PeekKind() == '"' {
		name, err := r.name()
		if err != nil {
			return resp, err
		}
		v, off, err := r.value()
		if err != nil {
			return resp, err
		}
		switch name {
		case "jsonrpc":
			if !isVersion(v) {
				return resp, r.errorf(off, "\"jsonrpc\" is %s, want \"2.0\"", describe(v))
			}
			sawVersion = true
		case "result":
			resp.result, resp.resultOff, sawResult = msg[off:off+len(v)], off, true
		case "error":
			if resp.rpcErr, err = r.rpcError(v, off); err != nil {
				return resp, err
			}
		case "method":
			return resp, r.errorf(start, "a request or notification where a response was due")
		}
	}
	if err := r.close(); err != nil {
		return resp, err
	}
	if err := r.end(); err != nil {
		return resp, err
	}
	switch {
	case !sawVersion:
		return resp, r.errorf(start, "no \"jsonrpc\": \"2.0\": not a JSON-RPC 2.0 message")
	case sawResult && resp.rpcErr != nil:
		return resp, r.errorf(start, "both a \"result\" and an \"error\"")
	case !sawResult && resp.rpcErr == nil:
		return resp, r.errorf(start, "neither a \"result\" nor an \"error\"")
	}
	return resp, nil
}

// isVersion reports whether v is the string "2.0" as JSON decodes it:
// "2\u002e0" is, as internal/jsonrpc and every JSON reader take it, so
// that a message they pass is never one this package refuses.
func isVersion(v jsontext.Value) bool {
	if string(v) == `"2.0"` {
		return true
	}
	if v.Kind() != '"' {
		return false
	}
	s, err := jsontext.AppendUnquote(nil, v)
	return err == nil && string(s) == "2.0"
}

// A toolsPage is a tools/list result: each tool's bytes as sent, and the
// cursor of the next page, if there is one.
type toolsPage struct {
	tools [][]byte
	next  string
	// The result's resultType, ttlMs and cacheScope as sent, nil when
	// absent.
	resultType, ttl, cacheScope []byte
}

// readToolsResult reads the tools/list result of resp, a response read
// from msg. Tools that are not objects are kept, for the linter to report;
// a "tools" that is not a list is an error.
func readToolsResult(msg []byte, resp response, page int) (toolsPage, error) {
	var p toolsPage
	r := newMessageReader(msg, resp.resultOff, "tools/list", page)
	start, err := r.open("a tools/list result")
	if err != nil {
		return p, err
	}
	sawTools := false
	for r.d.PeekKind() == '"' {
		name, err := r.name()
		if err != nil {
			return p, err
		}
		switch name {
		case "tools":
			p.tools, err = r.tools()
			sawTools = true
		case "nextCursor":
			p.next, err = r.cursor()
		case "resultType", "ttlMs", "cacheScope":
			var v jsontext.Value
			var off int
			if v, off, err = r.value(); err == nil {
				*p.member(name) = r.msg[off : off+len(v)]
			}
		default:
			_, _, err = r.value()
		}
		if err != nil {
			return p, err
		}
	}
	if err := r.close(); err != nil {
		return p, err
	}
	if !sawTools {
		return p, r.errorf(start, "the result has no \"tools\" list")
	}
	return p, nil
}

// member is where p keeps the result's member name, one of those
// readToolsResult keeps.
func (p *toolsPage) member(name string) *[]byte {
	switch name {
	case "resultType":
		return &p.resultType
	case "ttlMs":
		return &p.ttl
	}
	return &p.cacheScope
}

// messageReader reads a JSON value in a message with jsontext and turns
// what is wrong with it into a *ResponseError at its line and column in
// the message.
type messageReader struct {
	msg    []byte // the whole message, for positions
	base   int    // where the reader's input starts in msg
	method string
	page   int
	d      *jsontext.Decoder
}

func newMessageReader(msg []byte, base int, method string, page int) *messageReader {
	// Duplicate names are the linter's to report; here the last one wins,
	// as it does for most JSON readers.
	d := jsontext.NewDecoder(bytes.NewReader(msg[base:]), jsontext.AllowDuplicateNames(true))
	return &messageReader{msg: msg, base: base, method: method, page: page, d: d}
}

// offset is where the reader is in msg: just after what it read last.
func (r *messageReader) offset() int { return r.base + int(r.d.InputOffset()) }

func (r *messageReader) errorf(off int, format string, args ...any) error {
	line, col := lineCol(r.msg, off)
	return &ResponseError{Method: r.method, Page: r.page, Line: line, Column: col, Msg: fmt.Sprintf(format, args...), Message: r.msg}
}

// syntax turns an error of jsontext into a positioned one.
func (r *messageReader) syntax(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return r.errorf(len(r.msg), "unexpected end of the message")
	}
	off, ok := jsonOffset(err)
	if !ok {
		return r.errorf(r.offset(), "%s", jsonMessage(err))
	}
	return r.errorf(r.base+off, "%s", jsonMessage(err))
}

// open reads the '{' that starts an object, what, and returns its offset.
func (r *messageReader) open(what string) (int, error) {
	if r.d.PeekKind() != '{' {
		v, off, err := r.value()
		if err != nil {
			return 0, err
		}
		return 0, r.errorf(off, "%s must be an object, not %s", what, kindName(v.Kind()))
	}
	if _, err := r.d.ReadToken(); err != nil {
		return 0, r.syntax(err)
	}
	return r.offset() - 1, nil
}

// close reads the '}' or ']' that ends the object or list being read.
func (r *messageReader) close() error {
	if _, err := r.d.ReadToken(); err != nil {
		return r.syntax(err)
	}
	return nil
}

// end checks that nothing but white space follows the message.
func (r *messageReader) end() error {
	if _, err := r.d.ReadToken(); err == nil {
		return r.errorf(r.offset(), "after the message: unexpected data")
	} else if err != io.EOF {
		return r.syntax(err)
	}
	return nil
}

func (r *messageReader) name() (string, error) {
	tok, err := r.d.ReadToken()
	if err != nil {
		return "", r.syntax(err)
	}
	return tok.String(), nil
}

// value reads the next value and returns it with its offset in msg. The
// value is only valid until the next read.
func (r *messageReader) value() (jsontext.Value, int, error) {
	v, err := r.d.ReadValue()
	if err != nil {
		return nil, 0, r.syntax(err)
	}
	return v, r.offset() - len(v), nil
}

// tools reads the list of tools, each as the slice of msg it takes.
func (r *messageReader) tools() ([][]byte, error) {
	if k := r.d.PeekKind(); k != '[' {
		v, off, err := r.value()
		if err != nil {
			return nil, err
		}
		return nil, r.errorf(off, "\"tools\" is %s, not a list", kindName(v.Kind()))
	}
	if _, err := r.d.ReadToken(); err != nil {
		return nil, r.syntax(err)
	}
	tools := [][]byte{}
	for r.d.PeekKind() != ']' {
		v, off, err := r.value()
		if err != nil {
			return nil, err
		}
		tools = append(tools, r.msg[off:off+len(v)])
	}
	return tools, r.close()
}

// cursor reads nextCursor: a string, or null for none.
func (r *messageReader) cursor() (string, error) {
	v, off, err := r.value()
	if err != nil {
		return "", err
	}
	switch v.Kind() {
	case 'n':
		return "", nil
	case '"':
		s, err := jsontext.AppendUnquote(nil, v)
		if err != nil {
			return "", r.errorf(off, "%s", jsonMessage(err))
		}
		return string(s), nil
	}
	return "", r.errorf(off, "\"nextCursor\" is %s, not a string", kindName(v.Kind()))
}

// rpcError reads the "error" member of a response, v at offset off.
func (r *messageReader) rpcError(v jsontext.Value, off int) (*RPCError, error) {
	if v.Kind() != '{' {
		return nil, r.errorf(off, "\"error\" is %s, not an object", kindName(v.Kind()))
	}
	var wire struct {
		Code    int64          `json:"code"`
		Message string         `json:"message"`
		Data    jsontext.Value `json:"data"`
	}
	if err := json.Unmarshal(v, &wire); err != nil {
		return nil, r.errorf(off, "\"error\" is not a JSON-RPC error: %s", jsonMessage(err))
	}
	return &RPCError{Code: wire.Code, Message: wire.Message, Data: bytes.Clone(wire.Data)}, nil
}

// describe shows a JSON value in a message: a string quoted, escaped as
// Go quotes it, anything else by its kind.
func describe(v jsontext.Value) string {
	if v.Kind() != '"' {
		return kindName(v.Kind())
	}
	s, err := jsontext.AppendUnquote(nil, v)
	if err != nil {
		return "a string"
	}
	return quote(s, quoteLimit)
}

// KindOf names the kind of v, a JSON value as written, as this
// package's errors name it: "an object", "a list", "a number".
func KindOf(v []byte) string { return kindName(jsontext.Value(v).Kind()) }

func kindName(k jsontext.Kind) string {
	switch k {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "not a JSON value"
}
