package live

import (
	"errors"

	"toolbench/core/report"
	"toolbench/internal/mcpclient"
)

// Report is o, the outcome of the call on line of CALLS, as the report
// formats write it (report.Run), with the Status and Details a terminal
// shows. ok is false for a call the server failed (it exited, did not
// answer in time) or that was cancelled: that ends a run, and is told as
// an error, not reported as an outcome.
func (o Outcome) Report(line int) (r report.Run, ok bool) {
	if o.Err != nil && !o.Refused() {
		return report.Run{}, false
	}
	r = report.Run{
		Line: line, Tool: o.Tool, Kind: o.kind(), Status: o.Status(), Details: o.Details(),
		Findings: o.Findings, Schema: o.Schema, Sent: !o.Sent.IsZero(), Elapsed: o.Elapsed, Result: o.Result, Output: o.Output,
	}
	var rpc *mcpclient.RPCError
	if errors.As(o.Err, &rpc) {
		r.Error = &report.RunError{Code: rpc.Code, Message: rpc.Message, Data: rpc.Data}
	}
	return r, true
}

// kind is what the call came to, the first that applies: not sent, refused,
// a tool error, a request for input, a result that breaks the
// outputSchema, or ok.
func (o Outcome) kind() report.RunKind {
	switch {
	case !o.Valid():
		return report.RunInvalid
	case o.Refused():
		return report.RunRefused
	case o.IsError:
		return report.RunToolError
	case o.AsksForInput():
		return report.RunAsksForInput
	case len(o.Output) > 0:
		return report.RunNonconforming
	}
	return report.RunOK
}
