package termtext

import (
	"testing"
)

func TestEscapeShowsWhatATerminalWouldInterpret(t *testing.T) {
	tests := []struct{ name, in, want, line string }{
		{"plain", "get_weather", "get_weather", "get_weather"},
		{"escape sequence", "a\x1b[31mred", `a\x1b[31mred`, `a\x1b[31mred`},
		{"osc 52", "\x1b]52;c;aGk=\x07", `\x1b]52;c;aGk=\x07`, `\x1b]52;c;aGk=\x07`},
		{"newline and tab", "a\nb\tc", "a\nb\tc", `a\nb\tc`},
		{"carriage return", "a\rb", `a\rb`, `a\rb`},
		{"c1 csi", "a\u009bb", `a\u{9B}b`, `a\u{9B}b`},
		{"bidi override", "abc\u202Edef", `abc\u{202E}def`, `abc\u{202E}def`},
		{"zero width", "a\u200bb", `a\u{200B}b`, `a\u{200B}b`},
		{"tag block", "x\U000E0041", `x\u{E0041}`, `x\u{E0041}`},
		{"invalid utf-8", "a\xffb", `a\xffb`, `a\xffb`},
		{"emoji kept", "ok ✓ 😀\ufe0f", "ok ✓ 😀\ufe0f", "ok ✓ 😀\ufe0f"},
		{"del", "a\x7fb", `a\x7fb`, `a\x7fb`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Escape(tc.in); got != tc.want {
				t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if got := EscapeLine(tc.in); got != tc.line {
				t.Errorf("EscapeLine(%q) = %q, want %q", tc.in, got, tc.line)
			}
		})
	}
}
