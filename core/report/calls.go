package report

import (
	"bufio"
	"io"
	"slices"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"toolbench/core/call"
	"toolbench/core/termtext"
)

// CallReport is what a format needs to write the results of a call
// check.
type CallReport struct {
	// File is CALLS as the user named it, "<stdin>" for standard input:
	// the formats for CI point each result at its line there.
	File string
	// Deep says the arguments were validated against the tools' JSON
	// Schemas too: a JSON line is then an object with the schema errors.
	Deep bool
	// Version and InformationURI are as Report's.
	Version, InformationURI string
}

// CallWriter writes the results of call.CheckCalls in one format, as
// they come: the JSON Lines CheckCalls checks in parallel batches are
// rendered where they are checked, and written in input order.
type CallWriter interface {
	call.ResultWriter
	// Close ends the report with what follows the results (text's count,
	// the whole of a SARIF log or a Markdown report, which wait for the
	// end) and flushes it. err is the error that stopped CheckCalls, nil
	// when every call was read: a text or JSON report then ends where
	// the results end, SARIF marks its run unsuccessful, Markdown says
	// so.
	Close(sum call.CallSummary, err error) error
}

// WriteCalls checks the calls in in against s with call.CheckCalls and
// writes their results to w in the format f, which must write calls. It
// returns CheckCalls' summary and the first error of the check or of
// writing.
func WriteCalls(f Format, w io.Writer, r *CallReport, in io.Reader, s *call.Schemas, opt call.CallOptions) (call.CallSummary, error) {
	cw := f.Calls(w, r)
	sum, err := call.CheckCalls(in, s, opt, cw)
	if cerr := cw.Close(sum, err); err == nil {
		err = cerr
	}
	return sum, err
}

// callsSummary counts the calls of a check: "no calls", or "3 calls: 2
// valid, 1 invalid".
func callsSummary(sum call.CallSummary) string {
	if sum.Calls == 0 {
		return "no calls"
	}
	return termtext.Plural(sum.Calls, "call") + ": " + strconv.Itoa(sum.Calls-sum.Invalid) + " valid, " + strconv.Itoa(sum.Invalid) + " invalid"
}

// The text of call results: one call prints "valid" or its errors a line
// each; several calls print a line each, "line N: " and the errors joined
// by ", ", then a line that counts them. Every string is escaped for a
// terminal.

// callText holds the first result back until it knows whether there is
// a second, which decides the layout.
type callText struct {
	w         *bufio.Writer
	buf       []byte
	first     call.Result
	hasFirst  bool
	numbering bool
}

func newCallText(w io.Writer, _ *CallReport) CallWriter {
	return &callText{w: bufio.NewWriterSize(w, 64<<10)}
}

func (t *callText) WriteResult(r *call.Result) error {
	if !t.hasFirst {
		t.first = call.Result{Line: r.Line, Findings: slices.Clone(r.Findings), Schema: slices.Clone(r.Schema)}
		t.hasFirst = true
		return nil
	}
	if err := t.startNumbering(); err != nil {
		return err
	}
	t.buf = t.AppendResult(t.buf[:0], r)
	_, err := t.w.Write(t.buf)
	return err
}

// startNumbering writes the first result, held back, in the layout of
// several results, now that there is a second.
func (t *callText) startNumbering() error {
	if t.numbering || !t.hasFirst {
		return nil
	}
	t.numbering = true
	t.buf = t.AppendResult(t.buf[:0], &t.first)
	t.first = call.Result{}
	_, err := t.w.Write(t.buf)
	return err
}

// AppendResult appends a result as a line numbered with the line the
// call is on.
func (t *callText) AppendResult(b []byte, r *call.Result) []byte {
	b = append(b, "line "...)
	b = strconv.AppendInt(b, int64(r.Line), 10)
	b = append(b, ": "...)
	b = appendCallErrors(b, r.Findings, r.Schema, ", ")
	return append(b, '\n')
}

func (t *callText) WriteResults(rendered []byte, n int, flush bool) error {
	if n > 0 {
		if err := t.startNumbering(); err != nil {
			return err
		}
		if _, err := t.w.Write(rendered); err != nil {
			return err
		}
	}
	if flush {
		return t.w.Flush()
	}
	return nil
}

func (t *callText) Close(sum call.CallSummary, err error) error {
	if err == nil {
		err = t.end(sum)
	}
	if ferr := t.w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// end writes the count of several calls, or the one call's errors a
// line each.
func (t *callText) end(sum call.CallSummary) error {
	switch {
	case t.numbering:
		_, err := t.w.WriteString(callsSummary(sum) + "\n")
		return err
	case !t.hasFirst:
		_, err := t.w.WriteString("no calls\n")
		return err
	}
	_, err := t.w.Write(append(appendCallErrors(nil, t.first.Findings, t.first.Schema, "\n"), '\n'))
	return err
}

// CallErrorsText is a call's errors on one line, as the text of several
// calls prints each after "line N: ": its findings, then the deep
// errors, joined by ", " and escaped for a terminal; "valid" when there
// are none, before the notes if there are any ("valid, unchecked:lark").
func CallErrorsText(found []call.Finding, deep []call.SchemaError) string {
	return string(appendCallErrors(nil, found, deep, ", "))
}

// appendCallErrors appends a call's errors, escaped, each after sep but
// the first: "valid" when it has none (a note, unchecked:lark, is no
// error), then its findings, then the deep errors.
func appendCallErrors(b []byte, found []call.Finding, deep []call.SchemaError, sep string) []byte {
	more := false
	if validWithNotes(found, deep) {
		b = append(b, "valid"...)
		more = true
	}
	for _, f := range found {
		if more {
			b = append(b, sep...)
		}
		b = append(b, termtext.EscapeLine(f.String())...)
		more = true
	}
	for _, d := range deep {
		if more {
			b = append(b, sep...)
		}
		b = append(b, termtext.EscapeLine(schemaErrorText(d))...)
		more = true
	}
	return b
}

// validWithNotes reports whether a call whose findings are found, and
// DeepValidate's deep, is valid: no errors, if notes.
func validWithNotes(found []call.Finding, deep []call.SchemaError) bool {
	return len(deep) == 0 && !slices.ContainsFunc(found, call.Finding.IsError)
}

// isNote reports whether a finding is a note.
func isNote(f call.Finding) bool { return !f.IsError() }

// schemaErrorText is a deep error as text: "schema:POINTER: message", or
// "schema: message" about the arguments as a whole. It is not escaped.
func schemaErrorText(d call.SchemaError) string {
	if d.Path == "" {
		return "schema: " + d.Message
	}
	return "schema:" + d.Path + ": " + d.Message
}

// The JSON of call results is JSON Lines, a line a call: the array of
// the call's errors as call.ValidateCall writes them ([] for a valid
// call), or with Deep the object {"errors": [...], "schema": [{"path",
// "message"}]}. A call with
// notes, what the check could not do (unchecked:lark), has the object,
// with "notes": [...] after the rest: the errors hold errors only, as
// the seed's do, so that a valid call reads as valid.

// callJSON renders a result as its JSON line.
type callJSON struct{ deep bool }

func newCallJSON(w io.Writer, r *CallReport) CallWriter {
	return streamCalls(w, callJSON{r.Deep}.appendResult)
}

func (j callJSON) appendResult(b []byte, r *call.Result) []byte {
	notes := slices.ContainsFunc(r.Findings, isNote)
	if !j.deep && !notes {
		b = appendJSONFindings(b, r.Findings, call.Finding.IsError)
		return append(b, '\n')
	}
	b = append(b, `{"errors": `...)
	b = appendJSONFindings(b, r.Findings, call.Finding.IsError)
	if j.deep {
		b = append(b, `, "schema": [`...)
		for i, d := range r.Schema {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, `{"path": `...)
			b, _ = jsontext.AppendQuote(b, d.Path)
			b = append(b, `, "message": `...)
			b, _ = jsontext.AppendQuote(b, d.Message)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if notes {
		b = append(b, `, "notes": `...)
		b = appendJSONFindings(b, r.Findings, isNote)
	}
	return append(b, "}\n"...)
}

// appendJSONFindings appends the array of the text of the findings of
// fs that keep says to keep.
func appendJSONFindings(b []byte, fs []call.Finding, keep func(call.Finding) bool) []byte {
	b = append(b, '[')
	first := true
	for _, f := range fs {
		if !keep(f) {
			continue
		}
		if !first {
			b = append(b, ", "...)
		}
		b, _ = jsontext.AppendQuote(b, f.String())
		first = false
	}
	return append(b, ']')
}

// streamedCalls is the CallWriter of a format that writes each result
// as it comes, rendered by render, through a buffer that is flushed
// whenever CheckCalls has nothing more ready.
type streamedCalls struct {
	w      *bufio.Writer
	buf    []byte
	render func(dst []byte, r *call.Result) []byte
}

func streamCalls(w io.Writer, render func(dst []byte, r *call.Result) []byte) *streamedCalls {
	return &streamedCalls{w: bufio.NewWriterSize(w, 64<<10), render: render}
}

func (s *streamedCalls) WriteResult(r *call.Result) error {
	s.buf = s.render(s.buf[:0], r)
	_, err := s.w.Write(s.buf)
	return err
}

func (s *streamedCalls) AppendResult(dst []byte, r *call.Result) []byte { return s.render(dst, r) }

func (s *streamedCalls) WriteResults(rendered []byte, _ int, flush bool) error {
	if _, err := s.w.Write(rendered); err != nil {
		return err
	}
	if flush {
		return s.w.Flush()
	}
	return nil
}

func (s *streamedCalls) Close(call.CallSummary, error) error { return s.w.Flush() }

// heldCalls is the CallWriter of a format that writes one document at
// the end: each result is rendered by render where it was checked, and
// held until close writes the document around them all.
type heldCalls struct {
	rendered []byte
	render   func(dst []byte, r *call.Result) []byte
	close    func(rendered []byte, sum call.CallSummary, err error) error
}

func (h *heldCalls) WriteResult(r *call.Result) error {
	h.rendered = h.render(h.rendered, r)
	return nil
}

func (h *heldCalls) AppendResult(dst []byte, r *call.Result) []byte { return h.render(dst, r) }

func (h *heldCalls) WriteResults(rendered []byte, _ int, _ bool) error {
	h.rendered = append(h.rendered, rendered...)
	return nil
}

func (h *heldCalls) Close(sum call.CallSummary, err error) error {
	return h.close(h.rendered, sum, err)
}
