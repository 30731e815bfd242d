package proxy

import (
	"strings"
	"unsafe"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// checkCall checks a tools/call request against the tools the client
// was given, with validate_call and the deep validator, and says what it
// found and whether the call is kept from the server. A call made before
// any listing is checked against one the proxy takes itself.
func (s *session) checkCall(m *jsonrpc.Message, req *request) ([]Finding, bool) {
	st := s.tools.current()
	var unlisted string
	if st == nil {
		var err error
		if st, err = s.listOwn(req); err != nil {
			unlisted = err.Error()
		}
	}
	p := s.parsers.Get().(*jsondoc.Parser)
	defer s.parsers.Put(p)
	// The message is read in place: nothing of its tree is kept past this
	// call but strings made anew.
	root, err := p.Parse(unsafe.String(unsafe.SliceData(m.Raw), len(m.Raw)))
	if err != nil {
		return []Finding{callFinding("malformed:"+err.Error(), "", st)}, s.opt.Policy.Calls == Enforce
	}
	c := call.NormalizeCall(root)
	c.Name = strings.Clone(c.Name)
	req.tool = c.Name
	if args := jsonrpc.Member(m.Params, "arguments"); len(args) > 0 && args[0] == '"' {
		c = call.Call{Name: c.Name, Malformed: "arguments is not an object"}
	}
	var (
		errs []string
		deep []call.SchemaError
	)
	if st == nil {
		errs = call.ValidateCall(c, &call.Schemas{ByName: map[string]*call.FlatSchema{}})
	} else {
		errs = call.ValidateCall(c, st.schemas)
		deep = call.DeepValidate(c, st.schemas)
	}
	errs, _ = call.SplitNotes(errs)
	if len(errs) == 0 && len(deep) == 0 {
		return nil, false
	}
	findings := make([]Finding, 0, len(errs)+len(deep))
	for _, e := range errs {
		findings = append(findings, callFinding(strings.Clone(e), c.Name, st))
	}
	for _, d := range deep {
		// Cloned: a message may quote the arguments, read in place.
		findings = append(findings, Finding{Code: "schema", Severity: Error, Text: strings.Clone(report.CallErrorsText(nil, []call.SchemaError{d})), Hint: "the value there breaks the tool's input schema: send one it allows", Tool: c.Name})
	}
	if unlisted != "" {
		findings = append(findings, Finding{Code: "unlisted", Severity: Error, Text: "the server's tools could not be listed to check the call: " + unlisted, Tool: c.Name})
	}
	return findings, s.opt.Policy.Calls == Enforce
}

// callFinding is one of validate_call's strings, with the hint that goes
// with its code.
func callFinding(e, tool string, st *toolState) Finding {
	code := call.CodeOf(e)
	f := Finding{Code: code, Severity: Error, Text: e, Hint: callHints[code], Tool: tool}
	if code == "unknown_tool" && st != nil {
		switch {
		case st.withheld[tool]:
			f.Hint = "the proxy withholds the server's tool of this name: it is not the one the lock pins"
		default:
			if near := termtext.Closest(tool, st.names); near != "" {
				f.Hint += "; did you mean " + termtext.Quote(near) + "?"
			}
		}
	}
	if f.Hint == "" {
		f.Hint = "see toolbench explain " + code
	}
	return f
}

// callHints say, for each code of validate_call, in a line, what the
// model should do about a finding of it in its next call.
var callHints = map[string]string{
	"malformed":    `send params {"name": TOOL, "arguments": {...}}, the arguments a JSON object`,
	"unknown_tool": "no tool of this name is listed; call one that tools/list gives",
	"missing":      "a required argument is absent: send it",
	"extra":        "the tool takes no argument of this name: leave it out",
	"type":         "send a value of the type named (str, int, float, bool, list, dict): nothing is converted, and a bool is no number",
}

// refusalResult is the answer to a call kept from the server: a tool
// result with isError set, whose text lists the findings with a hint
// each, so that the model can correct its next call. A result of MCP
// 2026-07-28 says it is complete.
func refusalResult(id []byte, findings []Finding, revision, asked string) []byte {
	var text strings.Builder
	text.WriteString("toolbench proxy did not pass this call to the server: it does not fit the tool. Fix what each line says and call again.\n")
	for _, f := range findings {
		text.WriteString(f.Text)
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
		s.tools.page(&m, &request{method: "tools/list", cursor: cursor}, version)
		st := s.tools.current()
		next, _ := jsonrpc.Unquote(jsonrpc.Member(m.Result, "nextCursor"))
		if next == "" || st == nil {
			s.tools.finish()
			return st, nil
		}
		cursor = next
	}
}

func errNotListed(e *jsonrpc.Error) error {
	if e == nil {
		return &jsonrpc.Error{Message: "the server's answer to tools/list is not a response"}
	}
	return e
}
