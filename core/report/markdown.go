package report

import (
	"strings"

	"toolbench/core/termtext"
)

// Markdown of text from a document: escaped for a terminal first, as
// everywhere, then so that Markdown reads it as plain text.

// mdEscaper puts a backslash before every character Markdown could read
// as markup, the pipe that would end a table cell, and the & that would
// start a character reference (&#x202E; is a bidi override on the page).
var mdEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "|", `\|`, "#", `\#`, "~", `\~`, "!", `\!`,
	"&", `\&`,
)

// mdText is s as plain Markdown text on one line.
func mdText(s string) string { return mdEscaper.Replace(termtext.EscapeLine(s)) }

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
