package mcpclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The methods an InputRequest may name (MCP 2026-07-28, "Multi Round-Trip
// Requests": an InputRequests value is an ElicitRequest, a
// CreateMessageRequest or a ListRootsRequest).
const (
	MethodElicit        = "elicitation/create"
	MethodCreateMessage = "sampling/createMessage"
	MethodListRoots     = "roots/list"
)

// InputRequired is a tools/call result that asks for more before the call
// completes: resultType "input_required", MCP 2026-07-28's multi
// round-trip requests. The client fulfils the requests and calls the tool
// again with its answers and the state ([Client.Answer]).
type InputRequired struct {
	// Requests are the result's inputRequests, in the order the server
	// wrote them; none when it sent only a state (it is busy: call again).
	Requests []InputRequest
	// State is the result's requestState, to be sent back as it is;
	// HasState says whether there was one, as a call again must not
	// carry one when there was none.
	State    string
	HasState bool
}

// An InputRequest is one request of an InputRequired result.
type InputRequest struct {
	// Key is the server's name for the request, which its answer carries.
	Key string
	// Method is MethodElicit, MethodCreateMessage or MethodListRoots.
	Method string
	// Params are the request's params as sent; nil when it has none.
	Params json.RawMessage
	// Of an elicitation: its mode ("form", which an absent mode means, or
	// "url"), the message for the user, and the form's requestedSchema
	// as sent or the URL to open.
	Mode, Message string
	Schema        json.RawMessage
	URL           string
}

// Form reports whether r is an elicitation by form: a request toolbench
// can answer, with the fields of Schema.
func (r InputRequest) Form() bool { return r.Method == MethodElicit && r.Mode == "form" }

// An InputResponse answers an elicitation: its Action is "accept",
// "decline" or "cancel", and an accepted form's Content the object of its
// fields' values.
type InputResponse struct {
	Action  string
	Content json.RawMessage
}

// readInputRequired reads what a tools/call result says of its type: nil
// for a complete result (resultType "complete", or none, as servers of
// earlier revisions send), the requests of an input_required one. A
// resultType of another value, or an input_required result that breaks
// the specification's shape, is a *ResponseError positioned in msg.
func readInputRequired(msg []byte, resp response) (*InputRequired, error) {
	r := newMessageReader(msg, resp.resultOff, "tools/call", 0)
	if _, err := r.open("a tools/call result"); err != nil {
		return nil, err
	}
	var (
		resultType  jsontext.Value
		typeOff     int
		in          InputRequired
		requests    []byte
		requestsOff int
		sawRequests bool
		stateOff    int
		state       jsontext.Value
	)
	for r.d.PeekKind() == '"' {
		name, err := r.name()
		if err != nil {
			return nil, err
		}
		v, off, err := r.value()
		if err != nil {
			return nil, err
		}
		switch name {
		case "resultType":
			if v.Kind() != '"' {
				return nil, r.errorf(off, "\"resultType\" is %s, not a string", kindName(v.Kind()))
			}
			resultType, typeOff = bytes.Clone(v), off
		case "inputRequests":
			requests, requestsOff, sawRequests = msg[off:off+len(v)], off, true
		case "requestState":
			state, stateOff = bytes.Clone(v), off
		}
	}
	switch string(resultType) {
	case "", `"complete"`:
		return nil, nil
	case `"input_required"`:
	default:
		return nil, r.errorf(typeOff, "\"resultType\" is %s: a client knows \"complete\" and \"input_required\", and must take any other as invalid", describe(resultType))
	}
	if state != nil {
		if state.Kind() != '"' {
			return nil, r.errorf(stateOff, "\"requestState\" is %s, not a string", kindName(state.Kind()))
		}
		in.State, in.HasState = unquote(state), true
	}
	if !sawRequests && !in.HasState {
		return nil, r.errorf(typeOff, "an input_required result with neither \"inputRequests\" nor \"requestState\": it must hold at least one")
	}
	if sawRequests {
		var err error
		if in.Requests, err = readInputRequests(msg, requests, requestsOff); err != nil {
			return nil, err
		}
	}
	return &in, nil
}

// readInputRequests reads the inputRequests object v, at off in msg.
func readInputRequests(msg, v []byte, off int) ([]InputRequest, error) {
	r := newMessageReader(msg, off, "tools/call", 0)
	if r.d.PeekKind() != '{' {
		return nil, r.errorf(off, "\"inputRequests\" is %s, not an object of requests", kindName(jsontext.Value(v).Kind()))
	}
	r.open("")
	var reqs []InputRequest
	for r.d.PeekKind() == '"' {
		keyOff := r.offset()
		key, err := r.name()
		if err != nil {
			return nil, err
		}
		req, err := readInputRequest(r, key, keyOff)
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, req)
	}
	return reqs, nil
}

// readInputRequest reads the request of inputRequests[key], which r is
// at; keyOff is where its key starts.
func readInputRequest(r *messageReader, key string, keyOff int) (InputRequest, error) {
	req := InputRequest{Key: key}
	where := "inputRequests[" + quote([]byte(key), quoteLimit) + "]"
	v, off, err := r.value()
	if err != nil {
		return req, err
	}
	if v.Kind() != '{' {
		return req, r.errorf(off, "%s is %s, not a request object", where, kindName(v.Kind()))
	}
	var wire struct {
		Method json.RawMessage `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(v, &wire); err != nil {
		return req, r.errorf(off, "%s: %v", where, err)
	}
	switch {
	case wire.Method == nil:
		return req, r.errorf(off, "%s has no \"method\"", where)
	case jsontext.Value(wire.Method).Kind() != '"':
		return req, r.errorf(off, "%s: \"method\" is %s, not a string", where, kindName(jsontext.Value(wire.Method).Kind()))
	}
	req.Method = unquote(wire.Method)
	switch req.Method {
	case MethodElicit, MethodCreateMessage, MethodListRoots:
	default:
		return req, r.errorf(off, "%s: the method %s is none of %s, %s and %s, the requests a server may make", where, quote([]byte(req.Method), quoteLimit), MethodElicit, MethodCreateMessage, MethodListRoots)
	}
	if wire.Params != nil {
		if jsontext.Value(wire.Params).Kind() != '{' {
			return req, r.errorf(off, "%s: \"params\" is %s, not an object", where, kindName(jsontext.Value(wire.Params).Kind()))
		}
		req.Params = bytes.Clone(wire.Params)
	}
	if req.Method != MethodElicit {
		return req, nil
	}
	if err := readElicitation(&req); err != nil {
		return req, r.errorf(off, "%s: %v", where, err)
	}
	return req, nil
}

// readElicitation reads the params of an elicitation/create request:
// ElicitRequestFormParams or ElicitRequestURLParams.
func readElicitation(req *InputRequest) error {
	if req.Params == nil {
		return fmt.Errorf("an %s request without \"params\"", MethodElicit)
	}
	var p struct {
		Mode    *string         `json:"mode"`
		Message *string         `json:"message"`
		Schema  json.RawMessage `json:"requestedSchema"`
		URL     *string         `json:"url"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		return fmt.Errorf("the params of %s: %v", MethodElicit, jsonMessage(err))
	}
	req.Mode = "form"
	if p.Mode != nil {
		req.Mode = *p.Mode
	}
	if p.Message == nil {
		return fmt.Errorf("the params of %s have no \"message\" for the user", MethodElicit)
	}
	req.Message = *p.Message
	switch req.Mode {
	case "form":
		if jsontext.Value(p.Schema).Kind() != '{' {
			return fmt.Errorf("a form has no \"requestedSchema\" object")
		}
		var s struct {
			Type       json.RawMessage `json:"type"`
			Properties json.RawMessage `json:"properties"`
		}
		json.Unmarshal(p.Schema, &s)
		if string(s.Type) != `"object"` || jsontext.Value(s.Properties).Kind() != '{' {
			return fmt.Errorf("the \"requestedSchema\" is not {\"type\": \"object\", \"properties\": {...}}")
		}
		req.Schema = p.Schema
	case "url":
		if p.URL == nil {
			return fmt.Errorf("a url elicitation has no \"url\"")
		}
		req.URL = *p.URL
	default:
		return fmt.Errorf("the mode %s is neither \"form\" nor \"url\"", quote([]byte(req.Mode), quoteLimit))
	}
	return nil
}

// unquote is the string a JSON string value holds.
func unquote(v []byte) string {
	s, err := jsontext.AppendUnquote(nil, v)
	if err != nil {
		return ""
	}
	return string(s)
}

// Answer calls the tool name with arguments again, as MCP 2026-07-28
// asks of a client that fulfilled what an input_required result asked:
// with answers, keyed as in.Requests are, and in's state. It returns what
// Call does, another input_required result among them.
func (c *Client) Answer(ctx context.Context, name string, arguments json.RawMessage, in *InputRequired, answers map[string]InputResponse) (*CallResult, error) {
	responses := mcp.InputResponseMap{}
	for key, a := range answers {
		res := &mcp.ElicitResult{Action: a.Action}
		if a.Content != nil {
			d := json.NewDecoder(bytes.NewReader(a.Content))
			d.UseNumber() // the numbers go back as they were written
			if err := d.Decode(&res.Content); err != nil {
				return nil, fmt.Errorf("tools/call %s: the answer to %s: %v", quote([]byte(name), quoteLimit), quote([]byte(key), quoteLimit), err)
			}
		}
		responses[key] = res
	}
	params := &mcp.CallToolParams{Name: name, InputResponses: responses}
	if in != nil {
		params.RequestState = in.State
	}
	return c.call(ctx, params, arguments)
}

// elicitationCapability is what a call on MCP 2026-07-28 says the client
// takes: elicitation forms, whose requests come back in an input_required
// result, and which the workbench answers (a server must not ask for
// what a client does not declare).
var elicitationCapability = map[string]any{"elicitation": map[string]any{"form": map[string]any{}}}
