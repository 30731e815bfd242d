package core

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// TextOptions says how WriteText renders a report.
type TextOptions struct {
	// Color marks each severity with ANSI colour. The caller decides:
	// colour only for a terminal, and never under NO_COLOR.
	Color bool
	// Files is the number of files linted, for the summary; when it is 0
	// the files that have issues are counted.
	Files int
	// Failed is the number of files that could not be read or parsed.
	Failed int
}

// ANSI SGR sequences for the severities.
const (
	sgrError   = "\x1b[1;31m"
	sgrWarning = "\x1b[1;33m"
	sgrReset   = "\x1b[0m"
)

// WriteText writes issues for a person to read, one per line with its
// hint below it, then a one-line summary; "valid" when there are none:
//
//	ERROR   tools.json:4:15 $[0].function.name: invalid tool name 'get weather!' [invalid-name]
//	        hint: Use ...
//	1 error in 1 file
//
// Every piece of text that comes from a document is escaped for the
// terminal.
func WriteText(w io.Writer, issues []Issue, opt TextOptions) error {
	bw := bufio.NewWriter(w)
	for i := range issues {
		writeTextIssue(bw, &issues[i], opt.Color)
	}
	bw.WriteString(textSummary(issues, opt))
	bw.WriteByte('\n')
	return bw.Flush()
}

func writeTextIssue(w *bufio.Writer, is *Issue, color bool) {
	label, sgr := "ERROR", sgrError
	if is.Severity != Error {
		label, sgr = "WARNING", sgrWarning
	}
	if color {
		w.WriteString(sgr + label + sgrReset)
	} else {
		w.WriteString(label)
	}
	w.WriteString(strings.Repeat(" ", len("WARNING")+1-len(label)))
	w.WriteString(EscapeLine(is.File))
	if is.Line > 0 {
		w.WriteByte(':')
		w.WriteString(strconv.Itoa(is.Line))
		w.WriteByte(':')
		w.WriteString(strconv.Itoa(is.Column))
	}
	w.WriteByte(' ')
	w.WriteString(EscapeLine(is.Path))
	w.WriteString(": ")
	w.WriteString(EscapeLine(is.Message))
	w.WriteString(" [")
	w.WriteString(EscapeLine(is.Code))
	w.WriteString("]\n")
	if is.Hint != "" {
		w.WriteString("        hint: ")
		w.WriteString(EscapeLine(is.Hint))
		w.WriteByte('\n')
	}
}

// textSummary is the last line of a text report: "valid", or the counts
// of errors and warnings and the files they are in.
func textSummary(issues []Issue, opt TextOptions) string {
	errs, warns := 0, 0
	files := map[string]bool{}
	for _, is := range issues {
		if is.Severity == Error {
			errs++
		} else {
			warns++
		}
		files[is.File] = true
	}
	var parts []string
	switch {
	case len(issues) > 0:
		var counts []string
		if errs > 0 {
			counts = append(counts, Plural(errs, "error"))
		}
		if warns > 0 {
			counts = append(counts, Plural(warns, "warning"))
		}
		in := Plural(len(files), "file")
		if opt.Files > len(files) {
			in = strconv.Itoa(len(files)) + " of " + Plural(opt.Files, "file")
		}
		parts = append(parts, strings.Join(counts, ", ")+" in "+in)
	case opt.Failed == 0:
		return "valid"
	case opt.Files > 0:
		parts = append(parts, "no issues in "+Plural(opt.Files, "file"))
	}
	if opt.Failed > 0 {
		parts = append(parts, Plural(opt.Failed, "file")+" could not be read or parsed")
	}
	return strings.Join(parts, "; ")
}

// Plural returns the count with its noun: "1 error", "2 errors".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
