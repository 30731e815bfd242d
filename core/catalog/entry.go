package catalog

import (
	"errors"
	"fmt"
	"strings"
)

// Entry is the record of one code: what --ignore, the configuration and
// the reports name it by, its severity, and its documents. Every family
// of codes embeds it in the value that declares a code:
//
//	var removedTool = &diff.Check{Entry: catalog.Entry{
//		Code: "removed-tool", Severity: catalog.Error,
//		Summary: "A tool of OLD is not in NEW.",
//		Doc:     "...",
//	}}
type Entry struct {
	Code     string
	Severity Severity
	Summary  string // one line
	Doc      string // what it finds, why it matters, how to fix it, and the source
	// Fix says whether the code's findings carry fixes and when toolbench
	// fix makes them; the Doc then says what they do.
	Fix FixMode
}

// FixMode says whether a code's findings carry fixes, and when they are
// made.
type FixMode uint8

const (
	FixNone      FixMode = iota // no fix
	FixAuto                     // toolbench fix makes the fixes unless told which codes to fix
	FixOnRequest                // toolbench fix makes them only when --code names the code
)

// fixDocMark is what an entry's Doc says, followed by what the fix does,
// when the code offers one.
const fixDocMark = "toolbench fix"

// Validate reports what is missing from an entry: a code, a severity, a
// summary or a doc, or the words on toolbench fix in a Doc exactly when
// the code offers a fix.
func (e *Entry) Validate() error {
	switch {
	case e.Code == "":
		return errors.New("an entry without a code")
	case e.Severity < Error || e.Severity > Note:
		return fmt.Errorf("%s has no severity", e.Code)
	case e.Summary == "" || e.Doc == "":
		return fmt.Errorf("%s is not documented", e.Code)
	case (e.Fix != FixNone) != mentionsFix(e.Doc):
		return fmt.Errorf("%s must say in its Doc what %q does exactly when it offers a fix", e.Code, fixDocMark)
	}
	return nil
}

// mentionsFix reports whether doc has "toolbench fix", the two words
// split by any run of white space (a Doc is wrapped where it is
// written). It allocates nothing: every start of toolbench checks every
// rule's Doc.
func mentionsFix(doc string) bool {
	const first, second = "toolbench", "fix"
	for i := strings.Index(doc, first); i >= 0; {
		rest := doc[i+len(first):]
		if trimmed := strings.TrimLeft(rest, " \t\n"); len(trimmed) < len(rest) && strings.HasPrefix(trimmed, second) {
			return true
		}
		j := strings.Index(rest, first)
		if j < 0 {
			break
		}
		i += len(first) + j
	}
	return false
}
