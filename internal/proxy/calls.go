package proxy

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unsafe"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// A queuedCall is a tools/call of the client's waiting to be checked:
// its message, its event so far, and where its answer goes.
type queuedCall struct {
	id     []byte // the call's id, as the client wrote it
	raw    []byte
	ev     *Event
	route  any
	header http.Header
}

// The bounds of the calls queued: past them the reading of the client
// waits for room.
const (
	maxQueuedCalls     = 1024
	maxQueuedCallBytes = 64 << 20
)

// queueCall takes the client's tools/call m when it is to be checked
// off the reading of the client: made before any listing, it waits for
// the listing the proxy takes itself, during which the server may ask
// the client something and the client's answer must be read; a call
// made while others are queued waits behind them, to keep their order.
// It reports whether it took the call. Responses and notifications of
// the client's go on meanwhile.
func (s *session) queueCall(m *jsonrpc.Message, ev *Event, route any, header http.Header) bool {
	s.callsMu.Lock()
	defer s.callsMu.Unlock()
	if len(s.calls) == 0 && s.tools.current() != nil {
		return false
	}
	for len(s.calls) > 0 && (len(s.calls) >= maxQueuedCalls || s.callBytes+len(m.Raw) > maxQueuedCallBytes) {
		s.callsRoom.Wait()
	}
	s.calls = append(s.calls, queuedCall{id: bytes.Clone(m.ID), raw: bytes.Clone(m.Raw), ev: ev, route: route, header: header})
	s.callBytes += len(m.Raw)
	// Its line, placed where it came, is written once it is checked.
	if len(s.calls) == 1 {
		go s.checkQueuedCalls()
	}
	return true
}

// checkQueuedCalls checks and passes on the calls queued, in order,
// until none is left.
func (s *session) checkQueuedCalls() {
	for {
		s.callsMu.Lock()
		c := s.calls[0]
		s.callsMu.Unlock()
		m := jsonrpc.Parse(c.raw)
		s.clientRequest(&m, c.ev, c.route, c.header)
		s.callsMu.Lock()
		s.calls[0] = queuedCall{}
		s.calls = s.calls[1:]
		s.callBytes -= len(c.raw)
		s.callsRoom.Broadcast()
		left := len(s.calls)
		s.callsMu.Unlock()
		if left == 0 {
			return
		}
	}
}

// dequeueCall takes from the queue a call the client cancelled before it
// was checked, and reports whether it did. Its event says it was
// dropped: it never reaches the server.
func (s *session) dequeueCall(id []byte) bool {
	s.callsMu.Lock()
	var found *queuedCall
	for i := 1; i < len(s.calls); i++ { // the first is being checked
		if sameID(s.calls[i].id, id) {
			c := s.calls[i]
			found = &c
			s.calls = append(s.calls[:i], s.calls[i+1:]...)
			s.callBytes -= len(c.raw)
			s.callsRoom.Broadcast()
			break
		}
	}
	s.callsMu.Unlock()
	if found == nil {
		return false
	}
	found.ev.Verdict = Dropped
	s.emit(found.ev)
	return true
}

// checkCall checks a tools/call request against the tools the client
// was given, with validate_call and the deep validator, and says what it
// found and whether the call is kept from the server. A call made before
// any listing is checked against one the proxy takes itself; when that
// listing fails for the server being gone, the call is not checked and
// gone says why the server went.
func (s *session) checkCall(m *jsonrpc.Message, req *request) (_ []Finding, refuse bool, gone error) {
	st := s.tools.current()
	var unlisted string
	if st == nil {
		var err error
		if st, err = s.listOwn(req); err != nil {
			unlisted = err.Error()
			if gone = s.goneErr(); gone == nil && errors.Is(err, errServerGone) {
				gone = err // its writing failed before its end was read
			}
		}
	}
	p := s.parsers.Get().(*jsondoc.Parser)
	defer s.parsers.Put(p)
	// The message is read in place: nothing of its tree is kept past this
	// call but strings made anew.
	root, err := p.Parse(unsafe.String(unsafe.SliceData(m.Raw), len(m.Raw)))
	if gone != nil {
		if err == nil {
			req.tool = strings.Clone(call.NormalizeCall(root).Name)
		}
		return nil, false, gone
	}
	if err != nil {
		return []Finding{callFinding(call.Finding{Code: call.CodeMalformed, Reason: err.Error()}, "", st, s.opt)}, s.opt.Policy.Calls == Enforce, nil
	}
	c := call.NormalizeCall(root)
	c.Name = strings.Clone(c.Name)
	req.tool = c.Name
	if args := jsonrpc.Member(m.Params, "arguments"); len(args) > 0 && args[0] == '"' {
		c = call.Call{Name: c.Name, Malformed: "arguments is not an object"}
	}
	var (
		found []call.Finding
		deep  []call.SchemaError
	)
	if st == nil {
		found = call.Check(c, &call.Schemas{ByName: map[string]*call.FlatSchema{}})
	} else {
		found = call.Check(c, st.callSchemas())
		deep = call.DeepValidate(c, st.callSchemas())
	}
	var findings []Finding
	for _, f := range found {
		if f.IsError() {
			findings = append(findings, callFinding(f, c.Name, st, s.opt))
		}
	}
	for _, d := range deep {
		// Cloned: a message may quote the arguments, read in place.
		findings = append(findings, Finding{Code: call.CodeSchema, Severity: catalog.Error, Text: strings.Clone(report.CallErrorsText(nil, []call.SchemaError{d})),
			Hint: "the value there breaks the tool's input schema: send one it allows", Tool: c.Name})
	}
	if len(findings) == 0 {
		return nil, false, nil
	}
	if unlisted != "" {
		findings = append(findings, Finding{Code: CodeUnlisted, Severity: catalog.Error, Text: "the server's tools could not be listed to check the call: " + unlisted, Tool: c.Name})
	}
	return findings, s.opt.Policy.Calls == Enforce, nil
}

// callFinding is one of validate_call's findings, in its text, with a
// hint that says in a line what the model should do about it in its
// next call; of a tool withheld, how a person accepts it (opt says).
func callFinding(f call.Finding, tool string, st *toolState, opt *Options) Finding {
	// Cloned: a field's name may be read in place from the arguments.
	out := Finding{Code: f.Code, Severity: catalog.Error, Text: strings.Clone(f.String()), Tool: tool}
	switch f.Code {
	case call.CodeMalformed:
		out.Hint = `send params {"name": TOOL, "arguments": {...}}, the arguments a JSON object`
	case call.CodeUnknownTool:
		out.Hint = "no tool of this name is listed; call one that tools/list gives"
		switch {
		case st == nil:
		case st.isWithheld(tool):
			out.Hint = "the proxy withholds the server's tool of this name: it is not the one the lock pins; a person accepts it so: " + opt.acceptHint()
		default:
			if near := termtext.Closest(tool, st.toolNames()); near != "" {
				out.Hint += "; did you mean " + termtext.Quote(near) + "?"
			}
		}
	case call.CodeMissing:
		out.Hint = "a required argument is absent: send it"
	case call.CodeExtra:
		out.Hint = "the tool takes no argument of this name: leave it out"
	case call.CodeType:
		out.Hint = "send a value of the type named (str, int, float, bool, list, dict): nothing is converted, and a bool is no number"
	default:
		out.Hint = "toolbench explain " + f.Code + " says what it means"
	}
	return out
}

// What a refusal's text lists at the most: a call of a hundred thousand
// arguments the tool does not take is told so in a few lines, not in a
// text larger than the call.
const (
	refusalLines    = 100  // findings
	refusalLineSize = 1024 // bytes of a finding's line, its hint apart
)

// refusalResult is the answer to a call kept from the server: a tool
// result with isError set, whose text lists the findings with a hint
// each, so that the model can correct its next call (the first
// refusalLines of them, each cut at refusalLineSize). A result of MCP
// 2026-07-28 says it is complete.
func refusalResult(id []byte, findings []Finding, revision, asked string) []byte {
	var text strings.Builder
	text.WriteString("toolbench proxy did not pass this call to the server: it does not fit the tool. Fix what each line says and call again.\n")
	for i, f := range findings {
		if i == refusalLines {
			fmt.Fprintf(&text, "and %d more findings\n", len(findings)-i)
			break
		}
		text.WriteString(termtext.Cut(f.Text, refusalLineSize))
		if f.Hint != "" {
			text.WriteString(" - ")
			text.WriteString(f.Hint)
		}
		text.WriteByte('\n')
	}
	b := append([]byte(`{"jsonrpc":"2.0","id":`), id...)
	b = append(b, `,"result":{"content":[{"type":"text","text":`...)
	b = jsonrpc.AppendQuote(b, text.String())
	b = append(b, `}],"isError":true`...)
	if mcpclient.IsModern(asked) || asked == "" && mcpclient.IsModern(revision) {
		b = append(b, `,"resultType":"complete"`...)
	}
	return append(b, "}}"...)
}

// listOwn lists the server's tools for the proxy itself, every page,
// when a call comes before the client listed them: calls are checked
// against the tools the server lists. A request of MCP 2026-07-28 carries
// the _meta of the client's latest, as every request of that revision
// must.
func (s *session) listOwn(req *request) (*toolState, error) {
	s.listMu.Lock()
	defer s.listMu.Unlock()
	if st := s.tools.current(); st != nil {
		return st, nil
	}
	for cursor := ""; ; {
		params := []byte(`{`)
		if meta := s.meta.Load(); meta != nil && req.version != "" {
			params = append(append(params, `"_meta":`...), *meta...)
		}
		if cursor != "" {
			if len(params) > 1 {
				params = append(params, ',')
			}
			params = jsonrpc.AppendQuote(append(params, `"cursor":`...), cursor)
		}
		params = append(params, '}')
		resp, err := s.own("tools/list", params, req.header)
		if err != nil {
			return nil, err
		}
		m := jsonrpc.Parse(resp)
		if m.Kind != jsonrpc.Response {
			return nil, errNotListed(m.Err)
		}
		if m.Error != nil {
			msg, _ := jsonrpc.Unquote(jsonrpc.Member(m.Error, "message"))
			return nil, errNotListed(&jsonrpc.Error{Message: "the server answered tools/list with an error: " + msg})
		}
		version := req.version
		if version == "" {
			version = s.revision()
		}
		held := s.tools.page(&m, &request{method: "tools/list", cursor: cursor}, version)
		if held.unread != nil {
			return nil, fmt.Errorf("the server's answer to tools/list could not be read: %w", held.unread)
		}
		if held.next == "" {
			s.tools.finish(held.last)
			return s.tools.current(), nil
		}
		cursor = held.next
	}
}

func errNotListed(e *jsonrpc.Error) error {
	if e == nil {
		return &jsonrpc.Error{Message: "the server's answer to tools/list is not a response"}
	}
	return e
}
