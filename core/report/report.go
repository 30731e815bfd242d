// Package report writes every result of toolbench for people and for
// programs: a lint's issues, the changes diff finds, compat's matrix, the
// drift verify finds in pinned tools (verify.go), the results of a call
// check, the outcomes of calls sent to a live server (call --run) and the
// loads of a watch. Each is written as text for a terminal (an issue with
// the line it points at, the span underlined, when the report holds the
// document's text), JSON for programs (JSON Lines for the streams: calls,
// runs and loads), SARIF for code scanning, GitHub Actions workflow
// commands and Markdown for a pull request, where the format makes sense
// of the result; the table of formats below says which.
//
// Every format is a Format in one table, with a writer for each kind of
// result it writes, so a command chooses one by name and has no code of
// its own for any. A new format is one file that defines its writers,
// and one entry in formatTable:
//
//	// checkstyle.go
//	func writeCheckstyle(w io.Writer, r *Report) error {
//		for _, is := range r.Issues { ... }
//		return nil
//	}
//
//	// in formatTable:
//	{Name: "checkstyle", Summary: "Checkstyle XML", Write: writeCheckstyle},
//
// The results of calls come as a stream: call.CheckCalls hands each to a
// CallWriter, which renders the JSON Lines it checks in parallel batches
// on every processor; runs and loads are written as they come.
//
// Catalog puts the codes of every family (lint's rules, the checks of
// several servers, the targets, diff's changes, the codes of calls and
// of their outcomes) in one catalog.Catalog: SARIF's rules are read from
// it, as are toolbench explain, the MCP server's explain_code and the
// pages of docs/rules.
//
// It imports catalog, lint (for issues and the rule table), servers (for
// the checks of several servers), diff, compat, lock, call, jsondoc and
// termtext.
package report

import (
	"errors"
	"io"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// Report is what a format renders: the issues of one run over one or more
// inputs, and the inputs that could not be linted.
type Report struct {
	Issues []lint.Issue
	Files  int       // inputs linted; 0 counts the inputs that have issues
	Failed []Failure // inputs that could not be read or parsed
	// Sources are the texts of the inputs linted, by the name their
	// issues give as File: the text format shows the line each issue
	// points at. An issue whose file is not here is written without it.
	// Add fills it.
	Sources map[string]string
	// Color marks severities with ANSI color in text. The caller
	// decides: color only for a terminal, and never under NO_COLOR.
	Color bool
	// Version and InformationURI name the build of toolbench that made
	// the report, for the formats that say (SARIF's tool.driver); ""
	// when unknown.
	Version, InformationURI string
	// Servers are the live servers whose tools were linted, by the name
	// their issues give as File: SARIF and GitHub point at where a
	// servers file names each, not at a file of that name. nil for files.
	Servers Servers
	// Revision is the MCP revision of the live server whose tools were
	// linted, as its session negotiated it ("2026-07-28"): the one whose
	// rules apply when no target is asked for. "" for files. Text says
	// it after the summary, JSON in each issue.
	Revision string
}

// Add adds the lint of one input to the report: its issues, and its
// text, which the text format quotes. It keeps the text, not the
// document's tree.
func (r *Report) Add(res *lint.Result) {
	r.Issues = append(r.Issues, res.Issues...)
	r.Files++
	if res.Doc == nil {
		return
	}
	if r.Sources == nil {
		r.Sources = map[string]string{}
	}
	r.Sources[res.Doc.Name] = res.Doc.Src
}

// Failure is an input that could not be linted: its name, the place of a
// syntax error (line 0 for none) and why, without the name.
type Failure struct {
	File         string
	Line, Column int
	UTF16Column  int // Column in UTF-16 code units
	Msg          string
}

// FailureOf describes err, an error of loading an input, as a Failure.
func FailureOf(name string, err error) Failure {
	if file, line, col, msg, ok := jsondoc.Locate(err); ok {
		f := Failure{File: file, Line: line, Column: col, UTF16Column: col, Msg: msg}
		if se := (*jsondoc.SyntaxError)(nil); errors.As(err, &se) {
			f.UTF16Column = se.UTF16Column
		}
		return f
	}
	return Failure{File: name, Msg: err.Error()}
}

// Format is one way of writing reports: a writer for each kind of
// result it writes, nil for the others.
type Format struct {
	Name    string
	Summary string                                        // what it is for, for --help
	Write   func(w io.Writer, r *Report) error            // a lint's issues
	Changes func(w io.Writer, r *ChangeReport) error      // the changes diff finds
	Matrix  func(w io.Writer, r *MatrixReport) error      // compat's matrix
	Verify  func(w io.Writer, r *VerifyReport) error      // verify's drift
	Calls   func(w io.Writer, r *CallReport) CallWriter   // the results of a call check
	Runs    func(w io.Writer, r *RunReport) RunWriter     // the outcomes of call --run
	Events  func(w io.Writer, r *EventReport) EventWriter // the loads of a watch
}

// formatTable is every format, in the order help lists them. What each
// writes, and what it does not:
//
//	           lint  diff  compat  verify  call   call --run  watch
//	text       yes   yes   yes     yes     yes    yes         yes
//	concise    yes                                            yes
//	json       yes   yes   yes     yes     lines  lines       lines
//	sarif      yes   yes           yes     yes    yes
//	github     yes   yes           yes     yes    yes
//	markdown   yes   yes   yes     yes     yes    yes
//
// concise is one line an issue: the other results have no longer form
// to be short of. compat's matrix counts errors per tool and target, a
// count that points at no token of the file: SARIF and annotations need
// the issues themselves, which lint --target writes. A watch is a stream
// with no end: SARIF and Markdown are one document of a finished run,
// and annotations belong to a CI job, which a watch is not; its JSON is
// a line a load. The JSON of calls and runs is a line a call, as they
// are checked or sent.
var formatTable = []Format{
	{Name: "text", Summary: "for people (the default): each issue with its line, the span underlined",
		Write: writeText, Changes: writeChangesText, Matrix: writeMatrixText, Verify: writeVerifyText, Calls: newCallText, Runs: newRunText, Events: newEventText},
	{Name: "concise", Summary: "one line an issue, for grep and editors", Write: writeConcise, Events: newEventConcise},
	{Name: "json", Summary: "JSON for programs; JSON Lines for calls, runs and watch",
		Write: writeJSON, Changes: writeChangesJSON, Matrix: writeMatrixJSON, Verify: writeVerifyJSON, Calls: newCallJSON, Runs: newRunJSON, Events: newEventJSON},
	{Name: "sarif", Summary: "SARIF 2.1.0, for code scanning", Write: writeSARIF, Changes: writeChangesSARIF, Verify: writeVerifySARIF, Calls: newCallSARIF, Runs: newRunSARIF},
	{Name: "github", Summary: "GitHub Actions annotations", Write: writeGitHub, Changes: writeChangesGitHub, Verify: writeVerifyGitHub, Calls: newCallGitHub, Runs: newRunGitHub},
	{Name: "markdown", Summary: "Markdown, for a pull request or $GITHUB_STEP_SUMMARY",
		Write: writeMarkdown, Changes: writeChangesMarkdown, Matrix: writeMatrixMarkdown, Verify: writeVerifyMarkdown, Calls: newCallMarkdown, Runs: newRunMarkdown},
}

// Formats returns every format, in table order.
func Formats() []Format { return append([]Format(nil), formatTable...) }

// LookupFormat returns the format named name.
func LookupFormat(name string) (Format, bool) {
	for _, f := range formatTable {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// Which results a format writes, for FormatNames and for the commands'
// --format.
func WritesIssues(f Format) bool  { return f.Write != nil }
func WritesChanges(f Format) bool { return f.Changes != nil }
func WritesMatrix(f Format) bool  { return f.Matrix != nil }
func WritesCalls(f Format) bool   { return f.Calls != nil }
func WritesRuns(f Format) bool    { return f.Runs != nil }
func WritesEvents(f Format) bool  { return f.Events != nil }

// FormatNames lists, in table order, the names of the formats that
// writes accepts (WritesIssues, WritesCalls, ...).
func FormatNames(writes func(Format) bool) []string {
	var names []string
	for _, f := range formatTable {
		if writes(f) {
			names = append(names, f.Name)
		}
	}
	return names
}
