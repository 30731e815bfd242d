package core

import (
	"encoding/json"
	"strings"
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

func TestJSONWriterEscapesHiddenCharactersEvenAcrossWrites(t *testing.T) {
	in := "[\"a\u202Eb\u200bc \U000E0041 ✓ \u00e9\"]"
	var b strings.Builder
	w := JSONWriter(&b)
	for i := 0; i < len(in); i++ { // one byte a write splits every character
		if _, err := w.Write([]byte{in[i]}); err != nil {
			t.Fatal(err)
		}
	}
	want := `["a\u202eb\u200bc \udb40\udc41 ✓ ` + "\u00e9" + `"]`
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	var v []string
	if err := json.Unmarshal([]byte(b.String()), &v); err != nil || v[0] != "a\u202Eb\u200bc \U000E0041 ✓ \u00e9" {
		t.Errorf("escaped JSON reads back as %q, %v", v, err)
	}
}
