package jsondoc

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSafeWriterEscapesHiddenCharactersEvenAcrossWrites(t *testing.T) {
	in := "[\"a\u202Eb\u200bc \U000E0041 ✓ \u00e9\"]"
	var b strings.Builder
	w := SafeWriter(&b)
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

func TestStringCharDecodesEachWayOfWritingACharacter(t *testing.T) {
	for _, tc := range []struct {
		src   string
		r     rune
		width int
	}{
		{`a`, 'a', 1},
		{`é`, 'é', 2},
		{`\n`, '\n', 2},
		{`\/`, '/', 2},
		{`\u00e9`, 'é', 6},
		{`\u00E9`, 'é', 6},
		{`\ud83d\ude00`, '😀', 12},
		{`\ud83dx`, utf8.RuneError, 6},
		{"\xff", utf8.RuneError, 1},
	} {
		if r, w := StringChar(tc.src, 0); r != tc.r || w != tc.width {
			t.Errorf("StringChar(%q) = %q, %d; want %q, %d", tc.src, r, w, tc.r, tc.width)
		}
	}
}

func TestSafeWriterEscapesDELAndPassesTheOtherASCII(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\"a\": \"x\x7fy\"}", `{"a": "x\u007fy"}`},
		{"[\r\n\t1,\r\n\t2]", "[\r\n\t1,\r\n\t2]"},
		{strings.Repeat("abcdefgh", 3) + "\x7f" + strings.Repeat("z", 9), strings.Repeat("abcdefgh", 3) + `\u007f` + strings.Repeat("z", 9)},
		{"\x1b[31mERROR\x1b[0m", "\x1b[31mERROR\x1b[0m"}, // a report's colors
		{"plain ascii, longer than eight bytes", "plain ascii, longer than eight bytes"},
	} {
		var b strings.Builder
		if _, err := SafeWriter(&b).Write([]byte(tc.in)); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("SafeWriter(%q) wrote %q, want %q", tc.in, b.String(), tc.want)
		}
	}
}
