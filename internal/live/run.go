package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"time"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/internal/mcpclient"
)

// A Caller sends tools/call requests: an *mcpclient.Client is one.
type Caller interface {
	Call(ctx context.Context, name string, arguments json.RawMessage) (*mcpclient.CallResult, error)
}

// Options says how Run checks a call before it sends it.
type Options struct {
	// Deep also validates the arguments against the tool's whole JSON
	// Schema, as `toolbench call --deep` does; a call that breaks it is
	// not sent either.
	Deep bool
}

// An Outcome is what became of one call.
type Outcome struct {
	// Tool and Arguments are the call: Arguments as sent (or as they would
	// have been), compact JSON.
	Tool      string
	Arguments json.RawMessage

	// Findings and Schema are what the call check found, Check's and
	// (with Options.Deep) DeepValidate's. A call with any was not sent.
	Findings []call.Finding
	Schema   []call.SchemaError

	// Sent is when the call went to the server; zero when it did not.
	Sent time.Time
	// Elapsed is the round trip, from sending to the answer.
	Elapsed time.Duration
	// Result is the result object as the server sent it, compact JSON;
	// nil when there is none.
	Result json.RawMessage
	// IsError is the result's isError: the tool ran and failed.
	IsError bool
	// Input is what the server asks for before it completes the call
	// (resultType "input_required", MCP 2026-07-28's multi round-trip
	// requests); nil for a complete result. Answer answers it.
	Input *mcpclient.InputRequired
	// Output lists where the result's structuredContent breaks the tool's
	// outputSchema. Results that set isError are not checked.
	Output []call.SchemaError
	// Err says why a sent call has no result: an *mcpclient.RPCError when
	// the server refused it, any other error when the server failed (it
	// exited, did not answer in time, or broke the protocol).
	Err error
}

// Run checks c against s and, when it is valid, sends it to srv and
// checks the result against the tool's outputSchema. The call's Args are
// read before Run returns, so a call whose nodes are reused afterwards
// (call.ReadCalls reuses them) may be run.
func Run(ctx context.Context, srv Caller, s *call.Schemas, c call.Call, opt Options) Outcome {
	o := Outcome{Tool: c.Name, Findings: call.Check(c, s)}
	if opt.Deep {
		o.Schema = call.DeepValidate(c, s)
	}
	if c.Malformed != "" {
		return o
	}
	o.Arguments = argumentsJSON(c.Args)
	if !o.Valid() {
		return o
	}
	o.Sent = time.Now()
	res, err := srv.Call(ctx, c.Name, o.Arguments)
	return o.received(res, err, s)
}

// received takes what came back for the call of o, sent at o.Sent.
func (o Outcome) received(res *mcpclient.CallResult, err error, s *call.Schemas) Outcome {
	if err != nil {
		o.Elapsed, o.Err = time.Since(o.Sent), err
		return o
	}
	o.Elapsed, o.Result, o.IsError, o.Input = res.Elapsed, compact(res.Result), res.IsError, res.InputRequired
	if !o.IsError && o.Input == nil {
		o.Output = call.ValidateOutput(o.Tool, structuredContent(o.Result), s)
	}
	return o
}

// An Answerer calls a tool again with the answers to what its result
// asked for: an *mcpclient.Client is one.
type Answerer interface {
	Answer(ctx context.Context, name string, arguments json.RawMessage, in *mcpclient.InputRequired, answers map[string]mcpclient.InputResponse) (*mcpclient.CallResult, error)
}

// Answer sends the call of o, whose result asked for input (o.Input),
// again with the answers, keyed as o.Input's requests are, and returns
// what became of it as Run does: another request for input among what
// may come.
func Answer(ctx context.Context, srv Answerer, s *call.Schemas, o Outcome, answers map[string]mcpclient.InputResponse) Outcome {
	next := Outcome{Tool: o.Tool, Arguments: o.Arguments, Sent: time.Now()}
	res, err := srv.Answer(ctx, o.Tool, o.Arguments, o.Input, answers)
	return next.received(res, err, s)
}

// argumentsJSON is a call's arguments as the request carries them: {}
// when the call has none.
func argumentsJSON(args *jsondoc.Node) json.RawMessage {
	if args == nil {
		return json.RawMessage("{}")
	}
	return jsondoc.AppendCompact(nil, args, false, 0)
}

// compact removes the insignificant space of a JSON value, keeping its
// strings and numbers as they are written, so that it fits on a line of
// JSON Lines.
func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw // not JSON: mcpclient hands over only valid results
	}
	return b.Bytes()
}

// structuredContent returns the result's structuredContent, or nil when
// it has none.
func structuredContent(result json.RawMessage) *jsondoc.Node {
	n, err := jsondoc.ParseValue("result", string(result))
	if err != nil {
		return nil
	}
	return n.Get("structuredContent")
}

// Valid reports whether the call check found nothing, and so the call
// was sent.
func (o Outcome) Valid() bool { return len(o.Findings) == 0 && len(o.Schema) == 0 }

// Refused reports whether the server answered the call with a JSON-RPC
// error.
func (o Outcome) Refused() bool {
	var rpc *mcpclient.RPCError
	return errors.As(o.Err, &rpc)
}

// Failed reports whether anything went wrong: the call was invalid, or
// the tool failed, or the server refused or failed the call, or the
// output breaks the tool's outputSchema. A call whose result asks for
// input has not failed; it has not completed either.
func (o Outcome) Failed() bool {
	return !o.Valid() || o.IsError || o.Err != nil || len(o.Output) > 0
}

// AsksForInput reports whether the result asks for input before the
// call completes.
func (o Outcome) AsksForInput() bool { return o.Input != nil }
