package report

import (
	"io"
	"strconv"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// writeJSON writes the issues as one indented JSON array of objects with the
// fields severity, code, path, message, hint, tool, file, line, column,
// end_line and end_column (where the issue's span ends: the column just
// past its last byte, as SARIF's endColumn), and fixes when the issue has
// any; "[]" when there are none. Columns count bytes. Text is JSON-escaped
// as usual and not changed otherwise, so a program reading the report sees
// the document's text.
//
// The report is what encoding/json writes for []lint.Issue with two spaces of
// indent and HTML left unescaped, byte for byte; it is written by hand
// because a large report spent more time in reflection than in linting.
func writeJSON(w io.Writer, r *Report) error {
	issues := r.Issues
	if len(issues) == 0 {
		_, err := io.WriteString(w, "[]\n")
		return err
	}
	b := make([]byte, 0, 64<<10)
	b = append(b, '[')
	for i := range issues {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendIssueJSON(b, &issues[i], r.Revision)
		if len(b) > 60<<10 {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	b = append(b, "\n]\n"...)
	_, err := w.Write(b)
	return err
}

// appendIssueJSON writes one issue; revision, when not "", is the MCP
// revision of the server whose tools it is about.
func appendIssueJSON(b []byte, is *lint.Issue, revision string) []byte {
	b = append(b, "\n  {\n    \"severity\": "...)
	b = jsondoc.AppendQuote(b, is.Severity.String())
	for _, f := range [...]struct{ name, value string }{
		{"code", is.Code}, {"path", is.Path}, {"message", is.Message},
		{"hint", is.Hint}, {"tool", is.Tool}, {"file", is.File},
	} {
		b = append(b, ",\n    \""...)
		b = append(b, f.name...)
		b = append(b, "\": "...)
		b = jsondoc.AppendQuote(b, f.value)
	}
	b = append(b, ",\n    \"line\": "...)
	b = strconv.AppendInt(b, int64(is.Line), 10)
	b = append(b, ",\n    \"column\": "...)
	b = strconv.AppendInt(b, int64(is.Column), 10)
	b = append(b, ",\n    \"end_line\": "...)
	b = strconv.AppendInt(b, int64(is.EndLine), 10)
	b = append(b, ",\n    \"end_column\": "...)
	b = strconv.AppendInt(b, int64(is.EndColumn), 10)
	if revision != "" {
		b = append(b, ",\n    \"revision\": "...)
		b = jsondoc.AppendQuote(b, revision)
	}
	if is.Fixes != nil {
		b = appendFixesJSON(b, *is.Fixes)
	}
	return append(b, "\n  }"...)
}

// appendFixesJSON writes the "fixes" member of an issue: each fix its
// message and its edits, byte offsets and the new text.
func appendFixesJSON(b []byte, fixes []lint.Fix) []byte {
	b = append(b, ",\n    \"fixes\": ["...)
	if len(fixes) == 0 {
		return append(b, ']')
	}
	for i, f := range fixes {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n      {\n        \"message\": "...)
		b = jsondoc.AppendQuote(b, f.Message)
		b = append(b, ",\n        \"edits\": ["...)
		if len(f.Edits) == 0 {
			b = append(b, ']')
		}
		for j, e := range f.Edits {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n          {\n            \"start\": "...)
			b = strconv.AppendInt(b, int64(e.Start), 10)
			b = append(b, ",\n            \"end\": "...)
			b = strconv.AppendInt(b, int64(e.End), 10)
			b = append(b, ",\n            \"new\": "...)
			b = jsondoc.AppendQuote(b, e.New)
			b = append(b, "\n          }"...)
			if j == len(f.Edits)-1 {
				b = append(b, "\n        ]"...)
			}
		}
		b = append(b, "\n      }"...)
	}
	return append(b, "\n    ]"...)
}
