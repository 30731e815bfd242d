package core

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteGitHub writes issues as GitHub Actions workflow commands, one line
// each, which the runner turns into annotations on the file:
//
//	::error file=tools.json,line=4,col=15,title=invalid-name::$[0].function.name: invalid tool name ...
//
// An error is "::error", a warning "::warning"; the hint follows the
// message on a second line. Text from the document is escaped for a
// terminal first (it reaches the job log), then as the commands require:
// "%", CR and LF in the message, and also ":" and "," in the properties.
func WriteGitHub(w io.Writer, issues []Issue) error {
	bw := bufio.NewWriter(w)
	for _, is := range issues {
		cmd := "warning"
		if is.Severity == Error {
			cmd = "error"
		}
		var props []string
		if is.File != "" {
			props = append(props, "file="+ghProperty(EscapeLine(is.File)))
		}
		if is.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", is.Line), fmt.Sprintf("col=%d", is.Column))
		}
		props = append(props, "title="+ghProperty(EscapeLine(is.Code)))
		msg := EscapeLine(is.Message)
		if is.Path != "" {
			msg = EscapeLine(is.Path) + ": " + msg
		}
		if is.Hint != "" {
			msg += "\nhint: " + EscapeLine(is.Hint)
		}
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(msg))
	}
	return bw.Flush()
}

var (
	ghDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message.
func ghData(s string) string { return ghDataEscaper.Replace(s) }

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string { return ghPropertyEscaper.Replace(s) }
