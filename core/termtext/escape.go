// Package termtext makes text for people to read at a terminal: it
// escapes what untrusted input could use to hide text or drive the
// terminal (control characters, escape sequences, bidi overrides,
// invisible characters), quotes document text in messages, words counts,
// and wraps text at its spaces in terminal cells. It imports the standard
// library and charmbracelet/x/ansi, which measures what a terminal draws.
package termtext

import (
	"fmt"
	"strings"
	"unicode"
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
	return IsHidden(r)
}

// IsHidden reports whether r is a control character (other than
// newline and tab, which callers decide on), a bidi control, or an
// invisible or format character: the characters a terminal interprets or
// a reader cannot see.
func IsHidden(r rune) bool {
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

// Hazards lists what in s a terminal would interpret or a reader could
// not see, other than line breaks: each invalid byte and hidden character
// with its byte offset. What Escape returns has none, which is how tests
// check that output is safe to print.
func Hazards(s string) []string {
	var found []string
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			found = append(found, fmt.Sprintf("byte %#x at %d", s[i], i))
		case r != '\n' && IsHidden(r):
			found = append(found, fmt.Sprintf("%U at %d", r, i))
		}
	}
	return found
}
