package core

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Text taken from a document never reaches a terminal raw: escape
// sequences, control characters, bidi overrides and invisible characters
// are shown as visible escapes (\x1b, \u{202E}) so that an issue can point
// at them and nothing can be hidden or interpreted.

// Escape returns s safe for a terminal, keeping newlines and tabs.
func Escape(s string) string { return escape(s, true) }

// EscapeLine returns s safe for a terminal on one line: newlines, tabs and
// carriage returns are escaped too.
func EscapeLine(s string) string { return escape(s, false) }

func escape(s string, keepLayout bool) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if needsEscape(r, size, keepLayout) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case needsEscape(r, size, keepLayout):
			b.WriteString(EscapeRune(r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// EscapeRune is the visible form of one character: \n, \t, \r, \x1b for
// ASCII controls, \u{202E} for the rest.
func EscapeRune(r rune) string {
	switch r {
	case '\n':
		return `\n`
	case '\t':
		return `\t`
	case '\r':
		return `\r`
	}
	if r < 0x80 {
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u{%X}`, r)
}

func needsEscape(r rune, size int, keepLayout bool) bool {
	if r == utf8.RuneError && size == 1 {
		return true
	}
	if r == '\n' || r == '\t' {
		return !keepLayout
	}
	return IsHiddenRune(r)
}

// IsHiddenRune reports whether r is a control character (other than
// newline and tab, which callers decide on), a bidi control, or an
// invisible or format character: the characters a terminal interprets or
// a reader cannot see.
func IsHiddenRune(r rune) bool {
	switch {
	case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true // C0, DEL, C1 (CSI, OSC, DCS, APC, PM and SOS start here)
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true // bidi controls (Trojan Source, CVE-2021-42574)
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
		return true // zero-width characters
	case r >= 0xe0000 && r <= 0xe007f:
		return true // tag characters (ASCII smuggling)
	case r == 0x3164, r == 0xffa0, r == 0x115f, r == 0x1160:
		return true // Hangul fillers, which render as blank
	case r >= 0xe0100 && r <= 0xe01ef:
		return true // variation selectors supplement, used to carry bytes
	}
	return unicode.Is(unicode.Cf, r)
}

// JSONWriter returns a writer that passes JSON text through to w with
// every hidden character outside ASCII (bidi controls, zero-width and
// format characters, C1 controls) written as a \uXXXX escape. The JSON
// means the same, and a terminal showing it cannot be tricked: encoders
// escape ASCII controls already, but leave these raw.
func JSONWriter(w io.Writer) io.Writer { return &jsonWriter{w: w} }

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
		if r != utf8.RuneError && IsHiddenRune(r) {
			out = appendJSONEscape(out, r)
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

// asciiPrefix returns the length of the run of ASCII bytes that b starts
// with, reading eight bytes at a time.
func asciiPrefix(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for i < len(b) && b[i] < utf8.RuneSelf {
		i++
	}
	return i
}

func appendJSONEscape(b []byte, r rune) []byte {
	if r > 0xFFFF {
		r1, r2 := utf16.EncodeRune(r)
		return fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
	}
	return fmt.Appendf(b, `\u%04x`, r)
}
