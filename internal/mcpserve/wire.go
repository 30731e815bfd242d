package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"sync"
	"time"

	sdkrpc "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	segjson "github.com/segmentio/encoding/json"

	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// What reaches a client says nothing of Go: the SDK answers params it
// cannot read with the error of its decoder ("unmarshaling "[]" into a
// *mcp.CallToolParamsRaw: json: cannot unmarshal ... into Go value of type
// mcp.CallToolParamsRaw"). The server reads the params of the requests it
// serves first, with the SDK's own decoder into the SDK's own types, so
// that it refuses exactly what the SDK would, and answers in JSON's terms:
// "params.clientInfo.name is a number; it must be a string". Any answer
// that still speaks of Go, from a path this misses, is answered in plain
// words instead (cleanError).

// paramTypes are the params of the requests the server reads, by method,
// as the SDK reads them, and whether a request may leave them out.
var paramTypes = map[string]struct {
	typ      reflect.Type
	optional bool
}{
	"initialize":      {reflect.TypeFor[mcp.InitializeParams](), false},
	"ping":            {reflect.TypeFor[mcp.PingParams](), true},
	"tools/list":      {reflect.TypeFor[mcp.ListToolsParams](), true},
	"tools/call":      {reflect.TypeFor[mcp.CallToolParamsRaw](), false},
	"server/discover": {reflect.TypeFor[mcp.DiscoverParams](), true},
}

// checkParams returns the error to answer a request of method with when
// its params are not what the method takes, nil when they are (or when
// the method is not one checked here).
func checkParams(method string, params json.RawMessage) *sdkrpc.Error {
	want, ok := paramTypes[method]
	if !ok {
		return nil
	}
	params = bytes.TrimSpace(params)
	if len(params) == 0 || string(params) == "null" {
		if want.optional {
			return nil
		}
		return &sdkrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: method + `: "params" is missing; it must be an object`}
	}
	dec := segjson.NewDecoder(bytes.NewReader(params))
	dec.DontMatchCaseInsensitiveStructFields()
	err := dec.Decode(reflect.New(reflect.PointerTo(want.typ)).Interface())
	if err == nil {
		return nil
	}
	msg := method + ": the params are not what it takes"
	var te *segjson.UnmarshalTypeError
	if errors.As(err, &te) {
		field := "params"
		if te.Field != "" {
			field += "." + te.Field
		}
		msg = fmt.Sprintf("%s: %s is %s; it must be %s", method, field, kindOfPrefix(te.Value), goKindWord(te.Type))
	}
	return &sdkrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}
}

// kindOfPrefix names the kind of the JSON value whose first bytes the
// decoder quoted in an error.
func kindOfPrefix(quoted string) string {
	var prefix string
	if err := json.Unmarshal([]byte(quoted), &prefix); err != nil {
		prefix = quoted
	}
	return mcpclient.KindOf([]byte(prefix))
}

// goKindWord names the JSON value a Go type is read from.
func goKindWord(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Interface:
		return "a JSON value"
	}
	return "a number"
}

// goTalk finds what speaks of Go in an error's text: type names of the
// SDK and the standard library, and the decoder's phrases.
var goTalk = regexp.MustCompile(`Go (?:value|struct field)|\b(?:mcp|jsonrpc2?|reflect)\.\w|\bjson\.[A-Z]|map\[|interface ?\{\}|cannot unmarshal|unmarshal(?:l)?ing`)

// cleanError returns err, an error the server is about to answer a
// request of method with, unless its text speaks of Go: then an error of
// the same code that says what went wrong in plain words, and the log
// gets the text it replaces.
func cleanError(log io.Writer, method string, err error) error {
	if err == nil || !goTalk.MatchString(err.Error()) {
		return err
	}
	fmt.Fprintf(log, "toolbench mcp: %s: answered in plain words: %s\n", termtext.EscapeLine(method), termtext.EscapeLine(err.Error()))
	var wire *sdkrpc.Error
	code := int64(jsonrpc.CodeInternalError)
	if errors.As(err, &wire) {
		code = wire.Code
	}
	switch code {
	case jsonrpc.CodeParseError:
		return &sdkrpc.Error{Code: code, Message: "parse error: the message is not JSON"}
	case jsonrpc.CodeInvalidRequest:
		return &sdkrpc.Error{Code: code, Message: "invalid request: the message is not a JSON-RPC 2.0 request"}
	case jsonrpc.CodeInvalidParams:
		return &sdkrpc.Error{Code: code, Message: "invalid params: the params of " + method + " are not what it takes"}
	}
	return &sdkrpc.Error{Code: code, Message: "the server could not answer " + method}
}

// checkedTransport is a transport whose connection checks the params of
// each request before the SDK reads them, and cleans the errors the
// server answers with (see checkParams and cleanError).
type checkedTransport struct {
	mcp.Transport
	log         io.Writer
	answersWait time.Duration // how long the end of the input waits for answers; 0 none
}

func (t checkedTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &checkedConn{Connection: c, log: t.log, answersWait: t.answersWait, methods: map[sdkrpc.ID]string{}, answered: make(chan struct{}, 1)}, nil
}

// checkedConn is a connection of a checkedTransport.
type checkedConn struct {
	mcp.Connection
	log         io.Writer
	answersWait time.Duration

	mu       sync.Mutex
	methods  map[sdkrpc.ID]string // the method of each request not yet answered
	answered chan struct{}        // an answer was written
}

// awaitAnswers returns once every request read is answered, or after
// answersWait, or when ctx is done: a client that closes its input has
// sent all it will, and may still want the answers.
func (c *checkedConn) awaitAnswers(ctx context.Context) {
	wait := time.NewTimer(c.answersWait)
	defer wait.Stop()
	for {
		c.mu.Lock()
		pending := len(c.methods)
		c.mu.Unlock()
		if pending == 0 {
			return
		}
		select {
		case <-c.answered:
		case <-wait.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

func (c *checkedConn) Read(ctx context.Context) (sdkrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if errors.Is(err, io.EOF) {
			c.awaitAnswers(ctx)
		}
		if err != nil {
			return nil, err
		}
		req, ok := msg.(*sdkrpc.Request)
		if !ok || !req.IsCall() {
			return msg, nil
		}
		if rerr := checkParams(req.Method, req.Params); rerr != nil {
			fmt.Fprintf(c.log, "toolbench mcp: %s\n", termtext.EscapeLine(rerr.Message))
			if err := c.Connection.Write(ctx, &sdkrpc.Response{ID: req.ID, Error: rerr}); err != nil {
				return nil, err
			}
			continue
		}
		c.mu.Lock()
		c.methods[req.ID] = req.Method
		c.mu.Unlock()
		return msg, nil
	}
}

func (c *checkedConn) Write(ctx context.Context, msg sdkrpc.Message) error {
	resp, ok := msg.(*sdkrpc.Response)
	if !ok {
		return c.Connection.Write(ctx, msg)
	}
	c.mu.Lock()
	method := c.methods[resp.ID]
	c.mu.Unlock()
	if resp.Error != nil {
		clean := *resp
		clean.Error = cleanError(c.log, method, resp.Error)
		msg = &clean
	}
	err := c.Connection.Write(ctx, msg)
	// The request is answered once its answer is written: the end of the
	// input may be waiting for that before the connection closes.
	c.mu.Lock()
	delete(c.methods, resp.ID)
	c.mu.Unlock()
	select {
	case c.answered <- struct{}{}:
	default:
	}
	return err
}
