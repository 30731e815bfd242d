package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
)

// writeMarkdown writes a lint's issues for a pull request comment or
// $GITHUB_STEP_SUMMARY: a heading with the text report's summary, the
// inputs that could not be read or parsed, then a table of the issues,
// each with its hint below the message:
//
//	### toolbench lint: 1 error in 1 file
//
//	| | Rule | Tool | Where | What |
//	| --- | --- | --- | --- | --- |
//	| **error** | `invalid-name` | `get weather!` | `tools.json:4:15` `$[0].function.name` | invalid tool name 'get weather\!'<br>hint: Use ... |
//
// A report with no issues and no failures is the heading alone,
// "### toolbench lint: valid".
func writeMarkdown(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("### toolbench lint: " + textSummary(r) + "\n")
	if len(r.Failed) > 0 {
		bw.WriteString("\n**Could not be read or parsed, so not linted:**\n\n")
		for _, f := range r.Failed {
			bw.WriteString("- ")
			if where := mdCode(location(f.File, f.Line, f.Column)); where != "" {
				bw.WriteString(where + " ")
			}
			bw.WriteString(mdText(f.Msg) + "\n")
		}
	}
	if len(r.Issues) > 0 {
		bw.WriteString("\n| | Rule | Tool | Where | What |\n| --- | --- | --- | --- | --- |\n")
	}
	for i := range r.Issues {
		is := &r.Issues[i]
		sev := "warning"
		if is.Severity == catalog.Error {
			sev = "**error**"
		}
		where := mdCode(location(is.File, is.Line, is.Column))
		if path := mdCode(is.Path); path != "" {
			where = strings.TrimPrefix(where+" "+path, " ")
		}
		what := mdText(is.Message)
		if is.Hint != "" {
			what += "<br>hint: " + mdText(is.Hint)
		}
		bw.WriteString("| " + sev + " | " + mdCode(is.Code) + " | " + mdCode(is.Tool) + " | " + where + " | " + what + " |\n")
	}
	return bw.Flush()
}

// location is file:line:col, or the file alone for no line.
func location(file string, line, col int) string {
	if line <= 0 {
		return file
	}
	return file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// Markdown of text from a document: escaped for a terminal first, as
// everywhere, then so that Markdown reads it as plain text.

// mdEscaper puts a backslash before every character Markdown could read
// as markup, the pipe that would end a table cell, and the & that would
// start a character reference (&#x202E; is a bidi override on the page).
//
// Three characters GitHub reads past a backslash: a $ pair is a math
// expression, @name mentions a user or a team, and #1 or owner/repo#2
// links an issue, whose timeline is told of the report. $ and @ go in a
// span of their own, as GitHub's documentation of math expressions says
// for a $ that is text ("Writing mathematical expressions"), and so does
// a # before a digit (mdText); mentions and references are found only
// within one text node.
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "|", `\|`, "#", `\#`, "~", `\~`, "!", `\!`,
	"&", `\&`, "$", "<span>$</span>", "@", "<span>@</span>",
)

// mdText is s as plain Markdown text on one line.
func mdText(s string) string {
	s = termtext.EscapeLine(s)
	var b strings.Builder
	for {
		i := issueRef(s)
		if i < 0 {
			b.WriteString(mdEscaper.Replace(s))
			return b.String()
		}
		b.WriteString(mdEscaper.Replace(s[:i]))
		b.WriteString("<span>#</span>")
		s = s[i+1:]
	}
}

// issueRef is the index of the first # before a digit in s, or -1.
func issueRef(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '#' && s[i+1] >= '0' && s[i+1] <= '9' {
			return i
		}
	}
	return -1
}

// mdCode is s as a code span in a table cell: fenced by one backtick more
// than the longest run in s, with its pipes escaped, which GitHub's
// tables require even inside code. No text is no span: an empty one
// shows its backticks.
func mdCode(s string) string {
	if s == "" {
		return ""
	}
	s = strings.ReplaceAll(termtext.EscapeLine(s), "|", `\|`)
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}
