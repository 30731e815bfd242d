package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/termtext"
)

// The results of a call check for CI: each finding of a call, a SARIF
// result or a GitHub annotation at the call's line of CALLS, its code
// (call.Codes: the seed's missing, extra, type and unknown_tool, and
// toolbench's own) as the rule; or, in Markdown, a row for each call that
// has any. A valid call has none.

// finding is one thing the formats for CI report of a call: one of its
// findings, or what sending it came to.
type finding struct {
	code  string
	level string // SARIF's: "error", "warning" or "note"
	text  string // not escaped
}

// callFindings appends to dst each of a call's findings at its code and
// severity, then each deep error at "schema".
func callFindings(dst []finding, found []call.Finding, deep []call.SchemaError) []finding {
	for _, f := range found {
		dst = append(dst, finding{code: f.Code, level: f.Severity().String(), text: f.String()})
	}
	for _, d := range deep {
		dst = append(dst, finding{code: call.CodeSchema, level: levelOf(call.CodeSchema), text: schemaErrorText(d)})
	}
	return dst
}

// aboutTool is text about a call of tool: "'search': missing:query". The
// error of an unknown tool names it already, and a malformed call names
// none.
func aboutTool(tool string, f finding) string {
	if tool == "" || f.code == call.CodeUnknownTool {
		return f.text
	}
	return tool + ": " + f.text
}

// ghLevels are the workflow commands of SARIF's levels.
var ghLevels = map[string]string{"error": "error", "warning": "warning", "note": "notice"}

// newCallGitHub writes a workflow command for each finding, as it comes:
//
//	::error file=calls.jsonl,line=2,title=missing::search: missing:query
func newCallGitHub(w io.Writer, r *CallReport) CallWriter {
	return streamCalls(w, func(b []byte, res *call.Result) []byte {
		if len(res.Findings) == 0 && len(res.Schema) == 0 {
			return b
		}
		var fs [8]finding
		for _, f := range callFindings(fs[:0], res.Findings, res.Schema) {
			b = appendGHCommand(b, ghLevels[f.level], r.File, ghPlace{line: res.Line}, f.code, termtext.EscapeLine(aboutTool(res.Tool, f)))
		}
		return b
	})
}

// callSARIF renders each finding of a result as a line of JSON, held
// until the end writes the log: one run whose driver's rules are the
// codes of calls, and a result for each finding, at the call's line of
// CALLS, with the tool as a property.
type callSARIF struct {
	r     CallReport
	rules map[string]int // rule index by code
}

func newCallSARIF(w io.Writer, r *CallReport) CallWriter {
	driver, index := sarifDriverOf(r.Version, r.InformationURI, catalog.KindCall)
	s := &callSARIF{r: *r, rules: index}
	return &heldCalls{render: s.appendResult, close: func(rendered []byte, _ call.CallSummary, err error) error {
		return writeSARIFOfCalls(w, &s.r, driver.Rules, rendered, err)
	}}
}

func (s *callSARIF) appendResult(b []byte, r *call.Result) []byte {
	if len(r.Findings) == 0 && len(r.Schema) == 0 {
		return b
	}
	var fs [8]finding
	for _, f := range callFindings(fs[:0], r.Findings, r.Schema) {
		b = appendSARIFFinding(b, s.rules, s.r.File, r.Line, r.Tool, f)
	}
	return b
}

// appendSARIFFinding appends the SARIF result of a finding, a line of
// JSON: at line of file (the whole line), its rule by its code.
func appendSARIFFinding(b []byte, rules map[string]int, file string, line int, tool string, f finding) []byte {
	res := sarifResult{
		RuleID:  f.code,
		Level:   f.level,
		Message: sarifText{aboutTool(tool, f)},
		Locations: []sarifLocation{{PhysicalLocation: &sarifPhysical{
			ArtifactLocation: sarifArtifact{URI: sarifURI(file)},
			Region:           &sarifRegion{StartLine: line},
		}}},
	}
	if i, ok := rules[f.code]; ok {
		res.RuleIndex = &i
	}
	if tool != "" {
		res.Properties = map[string]string{"tool": tool}
	}
	buf := bytes.NewBuffer(b)
	enc := json.NewEncoder(buf) // a line, as Encode ends it
	enc.SetEscapeHTML(false)
	if err := enc.Encode(res); err != nil {
		panic(err) // strings and numbers only: it cannot fail
	}
	return buf.Bytes()
}

// writeSARIFOfCalls writes the log of the rendered results, lines of
// JSON; err, when not nil, stopped the reading of CALLS, and the run says
// so.
func writeSARIFOfCalls(w io.Writer, r *CallReport, rules []sarifRule, rendered []byte, err error) error {
	results := []json.RawMessage{}
	for line := range bytes.Lines(rendered) {
		results = append(results, json.RawMessage(line))
	}
	inv := sarifInvocation{ExecutionSuccessful: err == nil}
	if err != nil {
		inv.ToolExecutionNotifications = []sarifNotification{{Level: "error", Message: sarifText{err.Error()},
			Locations: []sarifLocation{{PhysicalLocation: &sarifPhysical{ArtifactLocation: sarifArtifact{URI: sarifURI(r.File)}}}}}}
	}
	driver := sarifDriver{Name: "toolbench", Version: sarifVersion(r.Version), InformationURI: r.InformationURI, Rules: rules}
	return encodeSARIF(w, driver, results, inv)
}

// newCallMarkdown holds a row for each call with errors or notes until the end
// writes a heading with the count of calls, and the table:
//
//	### toolbench call: 3 calls: 2 valid, 1 invalid
//
//	| Where | Tool | Errors |
//	| --- | --- | --- |
//	| `calls.jsonl:2` | `search` | `missing:query`<br>`extra:debug` |
func newCallMarkdown(w io.Writer, r *CallReport) CallWriter {
	return &heldCalls{
		render: func(b []byte, res *call.Result) []byte { return appendCallRow(b, r.File, res) },
		close: func(rows []byte, sum call.CallSummary, err error) error {
			return writeMarkdownTable(w, "### toolbench call: "+callsSummary(sum), "The calls could not be read to the end", err, "| Where | Tool | Errors |", rows)
		},
	}
}

// appendCallRow appends the row of a call with errors.
func appendCallRow(b []byte, file string, r *call.Result) []byte {
	if len(r.Findings) == 0 && len(r.Schema) == 0 {
		return b
	}
	b = append(b, "| "...)
	b = append(b, mdCode(file+":"+strconv.Itoa(r.Line))...)
	b = append(b, " | "...)
	b = append(b, mdCode(r.Tool)...)
	b = append(b, " | "...)
	if validWithNotes(r.Findings, r.Schema) {
		b = append(b, "valid<br>"...) // and its notes: they are no errors
	}
	for i, f := range r.Findings {
		if i > 0 {
			b = append(b, "<br>"...)
		}
		b = append(b, mdCode(f.String())...)
	}
	for i, d := range r.Schema {
		if i > 0 || len(r.Findings) > 0 {
			b = append(b, "<br>"...)
		}
		b = append(b, mdCode(strings.TrimSuffix("schema:"+d.Path, ":"))...)
		b = append(b, ": "...)
		b = append(b, mdText(d.Message)...)
	}
	return append(b, " |\n"...)
}

// writeMarkdownTable writes a report of a heading, a line saying why
// it stopped short when err is not nil, and a table of rows under head
// (with its delimiter row) when there are rows.
func writeMarkdownTable(w io.Writer, heading, stopped string, err error, head string, rows []byte) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(heading + "\n")
	if err != nil {
		bw.WriteString("\n**" + stopped + ":** " + mdText(err.Error()) + "\n")
	}
	if len(rows) > 0 {
		bw.WriteString("\n" + head + "\n|" + strings.Repeat(" --- |", strings.Count(head, "|")-1) + "\n")
		bw.Write(rows)
	}
	return bw.Flush()
}
