package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
)

// writeGitHub writes issues as GitHub Actions workflow commands, one line
// each, which the runner turns into annotations on the file:
//
//	::error file=tools.json,line=4,endLine=4,col=15,endColumn=29,title=invalid-name::$[0].function.name: invalid tool name ...
//
// The annotation covers the issue's span: its lines, and its columns when
// it is on one line (the runner drops the columns of an annotation over
// several lines); columns count bytes, the end column being the one just
// past the span.
// An error is "::error", a warning "::warning"; the hint follows the
// message on a second line. Text from the document is escaped for a
// terminal first (it reaches the job log), then as the commands require:
// "%", CR and LF in the message, and also ":" and "," in the properties.
// Each of the failed inputs, the files that could not be read or parsed, comes first
// as an error titled "unreadable", at the syntax error when there is one.
// An issue about a live server's tools is annotated on the entry of the
// servers file that names the server, or on no file for one named by
// its command or URL, with the server and the tool in its message.
func writeGitHub(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Failed {
		if s, ok := r.server(f.File); ok {
			f = f.onServer(s)
		}
		ghCommand(bw, "error", f.File, ghPlace{line: f.Line, col: f.Column}, "unreadable", termtext.EscapeLine(f.Msg))
	}
	for _, is := range r.Issues {
		cmd := "warning"
		if is.Severity == catalog.Error {
			cmd = "error"
		}
		msg := termtext.EscapeLine(is.Message)
		if s, ok := r.server(is.File); ok {
			is = onServer(is, s) // its message names the server, the tool and the path
			msg = termtext.EscapeLine(is.Message)
		} else if is.Path != "" {
			msg = termtext.EscapeLine(is.Path) + ": " + msg
		}
		if is.Hint != "" {
			msg += "\nhint: " + termtext.EscapeLine(is.Hint)
		}
		ghCommand(bw, cmd, is.File, ghPlace{is.Line, is.Column, is.EndLine, is.EndColumn}, is.Code, msg)
	}
	return bw.Flush()
}

// ghPlace is where an annotation goes: line 0 for none, column 0 for a
// whole line, end line 0 for a place with no end.
type ghPlace struct{ line, col, endLine, endCol int }

// ghCommand writes one workflow command; msg is already safe for a
// terminal.
func ghCommand(w *bufio.Writer, cmd, file string, at ghPlace, title, msg string) {
	w.Write(appendGHCommand(w.AvailableBuffer(), cmd, file, at, title, msg))
}

// appendGHCommand appends one workflow command, a line, to b.
func appendGHCommand(b []byte, cmd, file string, at ghPlace, title, msg string) []byte {
	b = append(b, "::"...)
	b = append(b, cmd...)
	sep := byte(' ')
	prop := func(name, value string) {
		b = append(b, sep)
		b = append(b, name...)
		b = append(b, '=')
		b = append(b, value...)
		sep = ','
	}
	num := func(name string, n int) { prop(name, strconv.Itoa(n)) }
	if file != "" {
		prop("file", ghProperty(termtext.EscapeLine(file)))
	}
	switch {
	case at.line == 0:
	case at.endLine == 0:
		num("line", at.line)
		if at.col > 0 {
			num("col", at.col)
		}
	case at.endLine == at.line:
		num("line", at.line)
		num("endLine", at.endLine)
		num("col", at.col)
		num("endColumn", at.endCol)
	default:
		num("line", at.line)
		num("endLine", at.endLine)
	}
	prop("title", ghProperty(termtext.EscapeLine(title)))
	b = append(b, "::"...)
	b = append(b, ghData(msg)...)
	return append(b, '\n')
}

var (
	ghDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message.
func ghData(s string) string { return ghDataEscaper.Replace(s) }

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string { return ghPropertyEscaper.Replace(s) }
