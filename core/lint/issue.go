package lint

import (
	"toolbench/core/catalog"
	"toolbench/core/jsonedit"
)

// Issue is one finding of the linter: a plain value that renderers turn
// into text, JSON or SARIF.
//
// It points at the text that is wrong, from Line and Column to EndLine
// and EndColumn: a value (the "str" of an unknown type, the entry of
// "required" that names no property), a key, or a run of characters in a
// string; an object that lacks a member is itself the value that is
// wrong. Path names where the rule applies, which may hold the span
// rather than be it: a required name that is not a property is an issue
// of the schema that requires it. Lines and columns count from 1, columns
// in bytes; the end is exclusive, the place just past the last byte, as
// SARIF's endColumn is. An issue about the document as a whole, or one
// made by hand, has line 0 and no span.
type Issue struct {
	Severity catalog.Severity `json:"severity"`
	Code     string           `json:"code"`
	Path     string           `json:"path"`
	Message  string           `json:"message"`
	Hint     string           `json:"hint"`
	Tool     string           `json:"tool"`
	File     string           `json:"file"`
	Line     int              `json:"line"`
	Column   int              `json:"column"`
	// EndLine and EndColumn are where the span ends, just past its last
	// byte; 0 when there is no position.
	EndLine   int `json:"end_line"`
	EndColumn int `json:"end_column"`
	Offset    int `json:"-"` // byte offset in the file of the span's first byte
	EndOffset int `json:"-"` // byte offset just past the span's last byte
	// Fixes are the fixes the rule suggests, nil for none: a pointer, so
	// that issues stay values that == compares.
	Fixes *[]Fix `json:"fixes,omitempty"`
	// FoundBy are the codes of the targets' rules that find the issue's
	// defect, when it is one several of them may find alike (see
	// sharedDefect), in the order they found it, whichever rule reported
	// it; nil for any other issue. A pointer, as Fixes is.
	FoundBy *[]string `json:"-"`
	// UTF16Column and EndUTF16Column are Column and EndColumn counted
	// in UTF-16 code units, as SARIF viewers and VS Code count them; 0
	// when there is no position.
	UTF16Column, EndUTF16Column int `json:"-"`
}

// Span returns the byte offsets of the text the issue points at, from
// its first byte to just past its last, and false when it has no place
// in the text. The end is never before the start.
func (is *Issue) Span() (start, end int, ok bool) {
	if is.Line == 0 {
		return 0, 0, false
	}
	return is.Offset, max(is.EndOffset, is.Offset), true
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
