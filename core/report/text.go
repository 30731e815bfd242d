package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// ANSI SGR sequences for the severities.
const (
	sgrError   = "\x1b[1;31m"
	sgrWarning = "\x1b[1;33m"
	sgrReset   = "\x1b[0m"
)

// writeText writes issues for a person to read: each its line, then the
// line of the document it points at with the span underlined, when the
// report has the document's text, then its hint; a blank line after
// each issue shown with its line; then a one-line summary, "valid" when
// there are none:
//
//	ERROR   tools.json:10:28 $[0].function.parameters.properties.city: unknown type 'str' [unknown-type]
//	     10 |           "city": {"type": "str", "description": "City name"},
//	        |                            ^^^^^
//	        hint: Use 'string'. Known types: ...
//
//	1 error in 1 file
//
// Every piece of text that comes from a document is escaped for the
// terminal, the quoted line too, and a long line is cut around the span.
func writeText(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	var cells []cell
	for i := range r.Issues {
		is := &r.Issues[i]
		writeIssueLine(bw, is, r.Color)
		src, ok := r.Sources[is.File]
		shown := ok && writeSnippet(bw, &cells, src, is)
		writeHint(bw, is)
		if shown {
			bw.WriteByte('\n')
		}
	}
	bw.WriteString(textSummary(r))
	if r.Revision != "" {
		bw.WriteString(" (MCP " + termtext.EscapeLine(r.Revision) + ")")
	}
	bw.WriteByte('\n')
	return bw.Flush()
}

// writeConcise writes issues one line each, without hints or the
// document's lines, then the summary: a form for grep and for editors
// that read file:line:col.
//
//	ERROR   tools.json:5:15 $[0].function.name: invalid tool name 'get weather!' [invalid-name]
func writeConcise(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	for i := range r.Issues {
		writeIssueLine(bw, &r.Issues[i], r.Color)
	}
	bw.WriteString(textSummary(r))
	bw.WriteByte('\n')
	return bw.Flush()
}

// writeIssueLine writes the line that says what an issue is and where.
func writeIssueLine(w *bufio.Writer, is *lint.Issue, color bool) {
	label, sgr := "ERROR", sgrError
	if is.Severity != catalog.Error {
		label, sgr = "WARNING", sgrWarning
	}
	if color {
		w.WriteString(sgr + label + sgrReset)
	} else {
		w.WriteString(label)
	}
	w.WriteString(strings.Repeat(" ", len("WARNING")+1-len(label)))
	w.WriteString(termtext.EscapeLine(is.File))
	if is.Line > 0 {
		w.WriteByte(':')
		w.WriteString(strconv.Itoa(is.Line))
		w.WriteByte(':')
		w.WriteString(strconv.Itoa(is.Column))
	}
	w.WriteByte(' ')
	w.WriteString(termtext.EscapeLine(is.Path))
	w.WriteString(": ")
	w.WriteString(termtext.EscapeLine(is.Message))
	w.WriteString(" [")
	w.WriteString(termtext.EscapeLine(is.Code))
	w.WriteString("]\n")
}

// writeHint writes an issue's hint, indented under it, if it has one.
func writeHint(w *bufio.Writer, is *lint.Issue) {
	if is.Hint != "" {
		w.WriteString(textIndent + "hint: ")
		w.WriteString(termtext.EscapeLine(is.Hint))
		w.WriteByte('\n')
	}
}

// textIndent is how far what follows an issue's line is indented.
const textIndent = "        "

// textSummary is the last line of a text report: "valid", or the counts
// of errors and warnings and the sources they are in: files, or servers
// (a lint of servers counts the servers file, where the issues of all of
// them together are, as a source).
func textSummary(r *Report) string {
	errs, warns := 0, 0
	files := map[string]bool{}
	servers := 0
	for _, is := range r.Issues {
		if is.Severity == catalog.Error {
			errs++
		} else {
			warns++
		}
		if !files[is.File] {
			files[is.File] = true
			if _, ok := r.server(is.File); ok {
				servers++
			}
		}
	}
	noun, failedNoun, unreadable := "file", "file", " could not be read or parsed"
	if len(r.Servers) > 0 {
		noun, failedNoun, unreadable = "server", "server", " could not be reached or listed"
		if servers < len(files) || r.Files+len(r.Failed) > len(r.Servers) {
			// the servers file too, with the issues of all servers
			// together, or a file linted beside them (a server.json)
			noun = "source"
		}
	}
	linted, failed := r.Files, len(r.Failed)
	var parts []string
	switch {
	case len(r.Issues) > 0:
		var counts []string
		if errs > 0 {
			counts = append(counts, termtext.Plural(errs, "error"))
		}
		if warns > 0 {
			counts = append(counts, termtext.Plural(warns, "warning"))
		}
		in := termtext.Plural(len(files), noun)
		if linted > len(files) {
			in = strconv.Itoa(len(files)) + " of " + termtext.Plural(linted, noun)
		}
		parts = append(parts, strings.Join(counts, ", ")+" in "+in)
	case failed == 0:
		return "valid"
	case linted > 0:
		parts = append(parts, "no issues in "+termtext.Plural(linted, noun))
	}
	if failed > 0 {
		parts = append(parts, termtext.Plural(failed, failedNoun)+unreadable)
	}
	return strings.Join(parts, "; ")
}
