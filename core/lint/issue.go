package lint

import (
	"fmt"

	"toolbench/core/jsonedit"
)

// Severity says how much an issue matters.
type Severity uint8

// Severities, most severe first.
const (
	Error Severity = iota + 1
	Warning
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "unknown"
}

// MarshalText writes the severity as "error" or "warning".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error" or "warning".
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Issue is one finding of the linter: a plain value that renderers turn
// into text, JSON or SARIF.
type Issue struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Path     string   `json:"path"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint"`
	Tool     string   `json:"tool"`
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Offset   int      `json:"-"` // byte offset in the file
	// Fixes are the fixes the rule suggests, nil for none: a pointer, so
	// that issues stay values that == compares.
	Fixes *[]Fix `json:"fixes,omitempty"`
	// FoundBy are the codes of the targets' rules that find the issue's
	// defect, when it is one several of them may find alike (see
	// sharedDefect), in the order they found it, whichever rule reported
	// it; nil for any other issue. A pointer, as Fixes is.
	FoundBy *[]string `json:"-"`
	// UTF16Column is Column counted in UTF-16 code units, as SARIF
	// viewers and VS Code count it; 0 when there is no position.
	UTF16Column int `json:"-"`
}

// SuggestedFixes returns the fixes of the issue, nil when it has none.
func (is *Issue) SuggestedFixes() []Fix {
	if is.Fixes == nil {
		return nil
	}
	return *is.Fixes
}

// Fix is a change to the document's text that removes an issue, as a
// go/analysis SuggestedFix is: what it does, in a phrase, and the edits
// that do it, to be made all together or not at all.
type Fix struct {
	Message string          `json:"message"`
	Edits   []jsonedit.Edit `json:"edits"`
}
