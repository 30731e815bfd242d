package jsondoc

import (
	"encoding/binary"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"toolbench/core/termtext"
)

// AppendQuote appends s quoted as encoding/json quotes it with HTML
// left unescaped: \", \\, \b, \f, \n, \r and \t, \u00XX for the other
// ASCII controls, \u2028 and \u2029, and \ufffd for each byte that is not
// UTF-8.
func AppendQuote(b []byte, s string) []byte {
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

// SafeWriter returns a writer that passes JSON text through to w with
// every hidden character outside ASCII (bidi controls, zero-width and
// format characters, C1 controls) and DEL, which JSON allows raw in a
// string, written as a \uXXXX escape. The JSON means the same, and a
// terminal showing it cannot be tricked: encoders escape the other ASCII
// controls already.
func SafeWriter(w io.Writer) io.Writer { return &jsonWriter{w: w} }

type jsonWriter struct {
	w       io.Writer
	pending []byte // the start of a character split across writes
	buf     []byte
}

func (j *jsonWriter) Write(p []byte) (int, error) {
	data := p
	if len(j.pending) > 0 {
		data = append(j.pending, p...)
		j.pending = nil
	}
	out := j.buf[:0]
	for i := 0; i < len(data); {
		if n := asciiPrefix(data[i:]); n > 0 {
			out = append(out, data[i:i+n]...)
			i += n
			continue
		}
		if !utf8.FullRune(data[i:]) {
			j.pending = append([]byte(nil), data[i:]...)
			break
		}
		r, size := utf8.DecodeRune(data[i:])
		if r != utf8.RuneError && termtext.IsHidden(r) {
			out = AppendRuneEscape(out, r)
		} else {
			out = append(out, data[i:i+size]...)
		}
		i += size
	}
	j.buf = out
	if _, err := j.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// asciiPrefix returns the length of the run of ASCII bytes other than
// DEL that b starts with, reading eight bytes at a time. ASCII controls
// pass: JSON text has them escaped in its strings, and a report written
// through SafeWriter colors with them. DEL, which JSON allows raw in a
// string and a terminal acts on, ends the run, for the caller to escape.
func asciiPrefix(b []byte) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		del := x ^ 0x7f7f7f7f7f7f7f7f // a DEL byte is a zero byte of del
		if x&highs != 0 || (del-ones)&^del&highs != 0 {
			break
		}
	}
	for i < len(b) && b[i] < utf8.RuneSelf && b[i] != 0x7f {
		i++
	}
	return i
}

// AppendRuneEscape appends r as a JSON string escape, \uXXXX or a
// surrogate pair of them: the same character to a JSON reader, and
// visible text to a person.
func AppendRuneEscape(b []byte, r rune) []byte {
	if r > 0xFFFF {
		r1, r2 := utf16.EncodeRune(r)
		return fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
	}
	return fmt.Appendf(b, `\u%04x`, r)
}

// AppendCompact appends n as JSON text on one line: strings quoted as
// AppendQuote quotes them, numbers as written. With spaced, a comma is
// followed by a space and so is a key's colon, as people write JSON on one
// line. Past limit bytes of b (when limit > 0) it appends nothing more, so
// a caller that cuts the text does not pay for a large value.
func AppendCompact(b []byte, n *Node, spaced bool, limit int) []byte {
	if limit > 0 && len(b) > limit {
		return b
	}
	comma, colon := ",", ":"
	if spaced {
		comma, colon = ", ", ": "
	}
	switch n.Kind {
	case Bool, Number:
		return append(b, n.Str()...)
	case String:
		return AppendQuote(b, n.Str())
	case Object:
		b = append(b, '{')
		for i, m := range n.Kids() {
			if i > 0 {
				b = append(b, comma...)
			}
			b = AppendQuote(b, m.Key)
			b = append(b, colon...)
			b = AppendCompact(b, m.Value, spaced, limit)
		}
		return append(b, '}')
	case Array:
		b = append(b, '[')
		for i, m := range n.Kids() {
			if i > 0 {
				b = append(b, comma...)
			}
			b = AppendCompact(b, m.Value, spaced, limit)
		}
		return append(b, ']')
	}
	return append(b, "null"...)
}

// StringChar decodes the character written at src[i:], inside a JSON
// string literal that parsed: the character, and the number of bytes
// that write it, an escape (\n, \u00e9, a surrogate pair of escapes) or
// UTF-8. An invalid byte and a lone surrogate read as U+FFFD, as the
// parser reads them.
func StringChar(src string, i int) (rune, int) {
	if src[i] != '\\' {
		r, size := utf8.DecodeRuneInString(src[i:])
		return r, size
	}
	if src[i+1] != 'u' {
		return rune(unescapeByte(src[i+1])), 2
	}
	r, _ := hex4(src, i+2)
	if utf16.IsSurrogate(r) && i+12 <= len(src) && src[i+6] == '\\' && src[i+7] == 'u' {
		lo, _ := hex4(src, i+8)
		if pair := utf16.DecodeRune(r, lo); pair != utf8.RuneError {
			return pair, 12
		}
	}
	if utf16.IsSurrogate(r) {
		return utf8.RuneError, 6
	}
	return r, 6
}

// unescapeByte is the character a one-letter escape \c stands for.
func unescapeByte(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	}
	return c // '"', '\\', '/'
}
