package tui

// Answering a server that asks for input: a call whose result is
// "input_required" (MCP 2026-07-28's multi round-trip requests) shows
// what the server asks, and when it asks only for elicitation forms the
// tester offers each form in turn, made by the tester's own form from
// the request's requestedSchema. ctrl+r answers a form, checked as a
// call of a tool whose parameters are that schema; once every form is
// answered, the call is sent again with the answers and the server's
// state, through internal/live. esc leaves the question unanswered.

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
	"toolbench/internal/live"
	"toolbench/internal/mcpclient"
)

// inputForm is the server's question about a call, in the tester.
type inputForm struct {
	st   *styles
	keys *keyMap

	req     runRequest   // the call, to send again
	outcome live.Outcome // what its result asked (outcome.Input)
	answers map[string]mcpclient.InputResponse
	at      int      // the request whose form shows
	form    callForm // its form
	schemas *call.Schemas
	problem []string // why the last ctrl+r did not answer, escaped
	w, h    int
}

// cannotAnswer says why toolbench cannot answer what in asks, "" when it
// can: it answers elicitation forms, and a request for nothing but the
// server's state.
func cannotAnswer(in *mcpclient.InputRequired) string {
	for _, r := range in.Requests {
		if !r.Form() {
			return "the workbench answers forms, and the server also asks for " + r.Method + " (" + shown(r.Key, maxName) + ")"
		}
	}
	return ""
}

// newInputForm is the question of o's result, for the call of req; its
// first form shows, when it has one.
func newInputForm(st *styles, keys *keyMap, req runRequest, o live.Outcome) *inputForm {
	f := &inputForm{st: st, keys: keys, req: req, outcome: o, answers: map[string]mcpclient.InputResponse{}}
	f.open(0)
	return f
}

// request is the request whose form shows.
func (f *inputForm) request() mcpclient.InputRequest { return f.outcome.Input.Requests[f.at] }

// open shows the form of request i, if there is one.
func (f *inputForm) open(i int) {
	f.at, f.problem, f.schemas = i, nil, nil
	if i >= len(f.outcome.Input.Requests) {
		return
	}
	r := f.request()
	doc := `{"tools": [{"name": ` + string(jsondoc.AppendQuote(nil, r.Key)) + `, "inputSchema": ` + string(r.Schema) + `}]}`
	parsed, err := jsondoc.Parse("requestedSchema", []byte(doc))
	if err != nil {
		f.problem = []string{shown(err.Error(), maxText)}
		return
	}
	f.schemas, err = call.LoadSchemas(parsed, "tools")
	if err != nil {
		f.problem = []string{shown(err.Error(), maxText)}
		return
	}
	tool := f.schemas.Tools[r.Key]
	if tool == nil {
		tool = &tooldef.Tool{Name: r.Key}
	}
	f.form = newCallForm(f.st, f.keys, tool, "")
	f.form.setSize(f.w, max(f.h-f.headLines(), 1))
}

// forms reports whether a form shows: false once every request is
// answered, or when the server asked for its state alone.
func (f *inputForm) forms() bool { return f.at < len(f.outcome.Input.Requests) }

// headLines is the lines above the form: what the server asks.
func (f *inputForm) headLines() int { return 2 }

// setSize sets the lines and cells the question is shown in.
func (f *inputForm) setSize(w, h int) {
	f.w, f.h = w, h
	if f.forms() {
		f.form.setSize(w, max(h-f.headLines()-len(f.problem), 1))
	}
}

// Update types a key or a paste into the form's field.
func (f *inputForm) Update(msg tea.Msg) {
	if f.forms() {
		f.form, _ = f.form.Update(msg)
		f.problem = nil
	}
}

// formKey applies a key of the form (nextField, toggle, choose) to it.
func (f *inputForm) formKey(key func(*callForm) bool) {
	if f.forms() {
		key(&f.form)
		f.problem = nil
	}
}

// typingInto is what keys typed into the question go to.
func (f *inputForm) typingInto() input {
	if !f.forms() {
		return inputNoField
	}
	return f.form.typingInto()
}

// answer takes the form's values as the answer to its request, when they
// are valid against its schema, and shows the next form. It reports
// whether every request is answered now; problem then says nothing.
func (f *inputForm) answer() (done bool) {
	if !f.forms() {
		return true
	}
	text := f.form.text()
	c, err := jsondoc.ParseValue("answer", text)
	if err != nil || f.schemas == nil {
		f.problem = []string{"the form's values are not JSON: " + shown(text, maxText)}
		return false
	}
	cl := call.NormalizeCall(c)
	errs := call.ValidateCall(cl, f.schemas)
	for _, e := range call.DeepValidate(cl, f.schemas) {
		errs = append(errs, "schema "+e.Path+": "+e.Message)
	}
	if len(errs) > 0 {
		f.problem = nil
		for _, e := range errs {
			f.problem = append(f.problem, shown(e, maxText))
		}
		return false
	}
	content := jsondoc.AppendCompact(nil, cl.Args, false, 0)
	if cl.Args == nil {
		content = []byte("{}")
	}
	f.answers[f.request().Key] = mcpclient.InputResponse{Action: "accept", Content: content}
	f.open(f.at + 1)
	return !f.forms()
}

// cursor is where the focused field's cursor is, in the question's lines
// and cells.
func (f *inputForm) cursor() (x, y int, ok bool) {
	if !f.forms() {
		return 0, 0, false
	}
	x, y, ok = f.form.cursor()
	// The form's own heading line gives way to the question's.
	return x, y - 1 + f.headLines() + len(f.problem), ok && y >= 1
}

// view is the question in at most h lines: what the server asks and how
// to answer, why the last answer was not taken, then the form's fields.
func (f *inputForm) view() []string {
	in := f.outcome.Input
	tool := shown(f.outcome.Tool, maxName)
	if !f.forms() {
		return []string{
			f.st.warn.Render(clip(" "+tool+": the server asks to be called again, with the state it gave", f.w)),
			f.st.muted.Render(clip(" ctrl+r sends the call again · esc leaves it", f.w)),
		}
	}
	r := f.request()
	count := ""
	if len(in.Requests) > 1 {
		count = " (" + strconv.Itoa(f.at+1) + " of " + strconv.Itoa(len(in.Requests)) + ")"
	}
	lines := []string{
		f.st.warn.Render(clip(" "+tool+" asks"+count+": "+shown(r.Message, maxText), f.w)),
		f.st.muted.Render(clip(" ctrl+r answers · esc leaves the question unanswered · * required", f.w)),
	}
	for _, p := range f.problem {
		lines = append(lines, f.st.err.Render(clip(" ✗ "+p, f.w)))
	}
	form := f.form.view()
	if len(form) > 0 {
		form = form[1:] // the form's heading is the call form's
	}
	lines = append(lines, form...)
	return lines[:min(len(lines), max(f.h, 1))]
}
