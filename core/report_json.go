package core

import (
	"encoding/json"
	"io"
)

// WriteJSON writes issues as one indented JSON array of objects with the
// fields severity, code, path, message, hint, tool, file, line and column;
// "[]" when there are none. Text is JSON-escaped as usual and not changed
// otherwise, so a program reading the report sees the document's text.
func WriteJSON(w io.Writer, issues []Issue) error {
	if issues == nil {
		issues = []Issue{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // keep "<stdin>" readable
	enc.SetIndent("", "  ")
	return enc.Encode(issues)
}
