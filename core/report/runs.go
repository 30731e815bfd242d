package report

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/termtext"
)

// RunReport is what a format needs to write the outcomes of calls sent
// to a live server (toolbench call --run).
type RunReport struct {
	// File is CALLS as the user named it, "<stdin>" for standard input.
	File string
	// Deep says the calls were validated against the tools' JSON Schemas
	// before they were sent: a JSON line then has "schema".
	Deep bool
	// Version and InformationURI are as Report's.
	Version, InformationURI string
}

// RunKind is what became of a call of a run.
type RunKind int

const (
	RunOK            RunKind = iota // the tool ran, and its result conforms
	RunInvalid                      // the call has errors, so it was not sent
	RunToolError                    // the tool ran and failed: the result's isError
	RunRefused                      // the server answered with a JSON-RPC error
	RunNonconforming                // the result's structuredContent breaks the tool's outputSchema
	RunAsksForInput                 // the result asks for input before the call completes
)

// Run is what became of one call of CALLS, as the formats write it; the
// live package makes one of each outcome.
type Run struct {
	Line int    // the line of CALLS the call starts on
	Tool string // the tool called; "" for a malformed call
	Kind RunKind
	// Status is the outcome in a few words ("ok 4 ms"), Details the lines
	// under it (a result's content, what a result asks for, where it
	// breaks the outputSchema), each escaped for a terminal.
	Status  string
	Details []string
	// Findings and Schema are what the call check found of the call:
	// its errors kept it from being sent.
	Findings []call.Finding
	Schema   []call.SchemaError
	// Sent says the call went to the server, which answered in Elapsed.
	Sent    bool
	Elapsed time.Duration
	// Result is the result object as the server sent it, compact JSON;
	// nil when there is none.
	Result json.RawMessage
	// Output lists where the result's structuredContent breaks the tool's
	// outputSchema.
	Output []call.SchemaError
	// Error is the JSON-RPC error of a call the server refused.
	Error *RunError
}

// RunError is the JSON-RPC error a server answered a call with.
type RunError struct {
	Code    int64           `json:"code,omitempty"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// RunWriter writes the outcomes of a run as they come.
type RunWriter interface {
	// Run writes one outcome.
	Run(r *Run) error
	// Close ends the report with what follows the outcomes (text's
	// count, the whole of a SARIF log or a Markdown report) and flushes
	// it. err is what stopped the run early (the server failed, CALLS
	// could not be read), nil when every call was run: a SARIF run is
	// then unsuccessful, a Markdown report says so.
	Close(sum RunSummary, err error) error
}

// RunSummary counts what the calls of a run came to.
type RunSummary struct {
	Calls, OK, ToolErrors, Refused, Nonconforming, Invalid, AsksForInput int
}

// Count counts one outcome.
func (s *RunSummary) Count(r *Run) {
	s.Calls++
	switch r.Kind {
	case RunOK:
		s.OK++
	case RunInvalid:
		s.Invalid++
	case RunToolError:
		s.ToolErrors++
	case RunRefused:
		s.Refused++
	case RunNonconforming:
		s.Nonconforming++
	case RunAsksForInput:
		s.AsksForInput++
	}
}

// Failed reports whether any call did not come to a result that is ok:
// one that asks for input has not completed either.
func (s RunSummary) Failed() bool { return s.Calls > s.OK }

// String is the last line of a run's text: "3 calls: 1 ok, 1 tool
// error, 1 invalid, not sent", each count but ok left out when it is
// zero; "no calls".
func (s RunSummary) String() string {
	if s.Calls == 0 {
		return "no calls"
	}
	parts := []string{strconv.Itoa(s.OK) + " ok"}
	for _, p := range []struct {
		n    int
		what string
	}{
		{s.ToolErrors, termtext.Plural(s.ToolErrors, "tool error")},
		{s.Refused, termtext.Plural(s.Refused, "protocol error")},
		{s.Nonconforming, strconv.Itoa(s.Nonconforming) + " not conforming to the outputSchema"},
		{s.Invalid, strconv.Itoa(s.Invalid) + " invalid, not sent"},
		{s.AsksForInput, strconv.Itoa(s.AsksForInput) + " asking for input"},
	} {
		if p.n > 0 {
			parts = append(parts, p.what)
		}
	}
	return termtext.Plural(s.Calls, "call") + ": " + strings.Join(parts, ", ")
}

// runText writes each outcome as it comes: "line N: " and its status,
// then its details indented; then the count.
//
//	line 1: ok 4 ms
//	  echo: hi
//	line 2: missing:text
//	2 calls: 1 ok, 1 invalid, not sent
type runText struct{ w io.Writer }

func newRunText(w io.Writer, _ *RunReport) RunWriter { return runText{w} }

func (t runText) Run(r *Run) error {
	var b strings.Builder
	b.WriteString("line " + strconv.Itoa(r.Line) + ": " + r.Status + "\n")
	for _, d := range r.Details {
		b.WriteString("  " + d + "\n")
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

func (t runText) Close(sum RunSummary, err error) error {
	if err != nil {
		return nil
	}
	_, err = io.WriteString(t.w, sum.String()+"\n")
	return err
}

// runJSON writes each outcome as a line of JSON as it comes: {"errors":
// [...], "result": {...}, "ms": 4.213, "output": [{"path", "message"}]},
// "schema" as call --deep --json has it when the calls were validated
// deep, "result" the server's result object (null when there is none:
// the result of a call that asks for input is there, its resultType
// "input_required"), "ms" null for a call not sent, and "error": {"code",
// "message"} for a call the server refused.
type runJSON struct {
	w    io.Writer
	deep bool
}

func newRunJSON(w io.Writer, r *RunReport) RunWriter { return runJSON{w, r.Deep} }

// runLine is the JSON of one outcome.
type runLine struct {
	Errors []string            `json:"errors"`
	Schema *[]call.SchemaError `json:"schema,omitempty"`
	Result json.RawMessage     `json:"result"`
	MS     *float64            `json:"ms"`
	Output []call.SchemaError  `json:"output"`
	Error  *RunError           `json:"error,omitempty"`
}

func (j runJSON) Run(r *Run) error {
	l := runLine{Errors: orEmpty(call.Strings(r.Findings)), Result: r.Result, Output: orEmpty(r.Output), Error: r.Error}
	if l.Result == nil {
		l.Result = json.RawMessage("null")
	}
	if j.deep {
		schema := orEmpty(r.Schema)
		l.Schema = &schema
	}
	if r.Sent {
		ms := math.Round(float64(r.Elapsed)/float64(time.Microsecond)) / 1000
		l.MS = &ms
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // keep "<" and ">" readable
	if err := enc.Encode(l); err != nil {
		return err
	}
	_, err := j.w.Write(b.Bytes())
	return err
}

func (runJSON) Close(RunSummary, error) error { return nil }

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// The outcomes of a run for CI: what is wrong with each call, a SARIF
// result or a GitHub annotation at its line of CALLS. A call not sent
// has its errors, as call reports them; a result its outcome, under a
// code of runCodes: the tool's error, the server's refusal, each place
// its structuredContent breaks the outputSchema ("output"), or what it
// asks for before it completes (a warning: the call is not done, and
// not wrong either). A result that is ok has none.

// runCodes are the codes of what a sent call came to, beside
// call.Codes.
var runCodes = []call.Code{toolError, protocolError, inputRequired}

var (
	toolError = call.Code{Entry: catalog.Entry{
		Code: "tool_error", Severity: catalog.Error,
		Summary: "The tool ran and failed: its result sets isError.",
		Doc:     "The server ran the tool, which reported an error in its result (isError: true), the content saying what went wrong: a tool execution error, which the model is meant to see and may correct. Read the content. Source: MCP specification 2025-11-25, server/tools, \"Error Handling\".",
	}}
	protocolError = call.Code{Entry: catalog.Entry{
		Code: "protocol_error", Severity: catalog.Error,
		Summary: "The server refused the call with a JSON-RPC error.",
		Doc:     "The server answered tools/call with a JSON-RPC error instead of a result: an unknown tool, invalid arguments, or a server error, by its code. Fix the call, or the server. Source: MCP specification 2025-11-25, server/tools, \"Error Handling\".",
	}}
	// inputRequired is a warning: the call is not done, and not wrong
	// either.
	inputRequired = call.Code{Entry: catalog.Entry{
		Code: "input_required", Severity: catalog.Warning,
		Summary: "The result asks for input before the call completes.",
		Doc:     "The result's resultType is \"input_required\": the server asks the client for input (an elicitation, a completion of the client's model, the client's roots) and for the call to be sent again with the answers and the requestState. The call has not completed; the workbench answers forms. Source: MCP specification 2026-07-28, multi round-trip requests.",
	}}
)

// runFindings appends what the CI formats report of r to dst, each at
// its code's severity.
func runFindings(dst []finding, r *Run) []finding {
	switch r.Kind {
	case RunInvalid:
		return callFindings(dst, r.Findings, r.Schema)
	case RunToolError:
		return append(dst, runFinding(toolError, withDetails(r.Status, r.Details)))
	case RunRefused:
		return append(dst, runFinding(protocolError, r.Status))
	case RunAsksForInput:
		return append(dst, runFinding(inputRequired, withDetails(r.Status, r.Details)))
	case RunNonconforming:
		for _, e := range r.Output {
			text := "output " + e.Path + ": " + e.Message
			if e.Path == "" {
				text = "output: " + e.Message
			}
			dst = append(dst, finding{code: call.CodeOutput, level: levelOf(call.CodeOutput), text: text})
		}
	}
	return dst
}

// runFinding is a finding of the code c.
func runFinding(c call.Code, text string) finding {
	return finding{code: c.Code, level: c.Severity.String(), text: text}
}

// withDetails is a status and its details, a line each.
func withDetails(status string, details []string) string {
	return strings.Join(append([]string{status}, details...), "\n")
}

// runGitHub writes a workflow command for each finding, as it comes:
//
//	::error file=calls.jsonl,line=3,title=tool_error::fails: tool error 4 ms%0Athe disk is full
type runGitHub struct {
	w    io.Writer
	file string
}

func newRunGitHub(w io.Writer, r *RunReport) RunWriter { return runGitHub{w, r.File} }

func (g runGitHub) Run(r *Run) error {
	var b []byte
	for _, f := range runFindings(nil, r) {
		// Each line escaped, and the message's lines kept.
		lines := strings.Split(aboutTool(r.Tool, f), "\n")
		for i, l := range lines {
			lines[i] = termtext.EscapeLine(l)
		}
		b = appendGHCommand(b, ghLevels[f.level], g.file, ghPlace{line: r.Line}, f.code, strings.Join(lines, "\n"))
	}
	_, err := g.w.Write(b)
	return err
}

func (runGitHub) Close(RunSummary, error) error { return nil }

// runSARIF holds the results until Close writes the log, whose driver's
// rules are the codes of calls and of their outcomes.
type runSARIF struct {
	w       io.Writer
	r       CallReport
	rules   []sarifRule
	index   map[string]int
	results []byte
}

func newRunSARIF(w io.Writer, r *RunReport) RunWriter {
	s := &runSARIF{w: w, r: CallReport{File: r.File, Version: r.Version, InformationURI: r.InformationURI}, index: map[string]int{}}
	for _, c := range codeCatalog.Codes(catalog.KindCall, catalog.KindRun) {
		s.index[c.Code] = len(s.rules)
		s.rules = append(s.rules, sarifRuleOf(&c, r.InformationURI))
	}
	return s
}

func (s *runSARIF) Run(r *Run) error {
	for _, f := range runFindings(nil, r) {
		s.results = appendSARIFFinding(s.results, s.index, s.r.File, r.Line, r.Tool, f)
	}
	return nil
}

func (s *runSARIF) Close(_ RunSummary, err error) error {
	return writeSARIFOfCalls(s.w, &s.r, s.rules, s.results, err)
}

// runMarkdown holds a row for each call until Close writes a heading
// with the count and the table: the call's line, the tool, the outcome
// (in bold when it is not ok) and its details, the first
// mdDetailLines of them.
//
//	### toolbench call --run: 2 calls: 1 ok, 1 asking for input
//
//	| Where | Tool | Outcome | Details |
//	| --- | --- | --- | --- |
//	| `calls.jsonl:1` | `echo` | ok 4 ms | echo: hi |
//	| `calls.jsonl:2` | `login` | **input required 3 ms: the server asks for 1 answer ...** | asks 'github\_login' ... |
type runMarkdown struct {
	w    io.Writer
	file string
	rows []byte
}

// mdDetailLines is how many lines of an outcome's details a Markdown row
// shows.
const mdDetailLines = 10

func newRunMarkdown(w io.Writer, r *RunReport) RunWriter { return &runMarkdown{w: w, file: r.File} }

func (m *runMarkdown) Run(r *Run) error {
	outcome := mdText(r.Status)
	if r.Kind == RunNonconforming {
		outcome += ", but the output breaks the outputSchema" // a status that says ok
	}
	if r.Kind != RunOK {
		outcome = "**" + outcome + "**"
	}
	var details []string
	for i, d := range r.Details {
		if i == mdDetailLines {
			details = append(details, mdText("("+termtext.Plural(len(r.Details)-i, "more line")+")"))
			break
		}
		details = append(details, mdText(strings.TrimSpace(d)))
	}
	row := "| " + mdCode(m.file+":"+strconv.Itoa(r.Line)) + " | " + mdCode(r.Tool) + " | " + outcome + " | " + strings.Join(details, "<br>") + " |\n"
	m.rows = append(m.rows, row...)
	return nil
}

func (m *runMarkdown) Close(sum RunSummary, err error) error {
	return writeMarkdownTable(m.w, "### toolbench call --run: "+sum.String(), "The run stopped", err, "| Where | Tool | Outcome | Details |", m.rows)
}
