package core

import (
	"io"
	"strconv"
	"unicode/utf8"
)

// WriteJSON writes issues as one indented JSON array of objects with the
// fields severity, code, path, message, hint, tool, file, line and column;
// "[]" when there are none. Text is JSON-escaped as usual and not changed
// otherwise, so a program reading the report sees the document's text.
//
// The report is what encoding/json writes for []Issue with two spaces of
// indent and HTML left unescaped, byte for byte; it is written by hand
// because a large report spent more time in reflection than in linting.
func WriteJSON(w io.Writer, issues []Issue) error {
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
		b = appendIssueJSON(b, &issues[i])
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

func appendIssueJSON(b []byte, is *Issue) []byte {
	b = append(b, "\n  {\n    \"severity\": "...)
	b = appendJSONString(b, is.Severity.String())
	for _, f := range [...]struct{ name, value string }{
		{"code", is.Code}, {"path", is.Path}, {"message", is.Message},
		{"hint", is.Hint}, {"tool", is.Tool}, {"file", is.File},
	} {
		b = append(b, ",\n    \""...)
		b = append(b, f.name...)
		b = append(b, "\": "...)
		b = appendJSONString(b, f.value)
	}
	b = append(b, ",\n    \"line\": "...)
	b = strconv.AppendInt(b, int64(is.Line), 10)
	b = append(b, ",\n    \"column\": "...)
	b = strconv.AppendInt(b, int64(is.Column), 10)
	return append(b, "\n  }"...)
}

// appendJSONString appends s quoted as encoding/json quotes it with HTML
// left unescaped: \", \\, \b, \f, \n, \r and \t, \u00XX for the other
// ASCII controls, \u2028 and \u2029, and \ufffd for each byte that is not
// UTF-8.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
