package termtext

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDescribeHiddenListsAtMostSixKinds(t *testing.T) {
	msg := DescribeHidden("a\u200b\u200c\u200d\u2060\ufeff\u202a\u202b\u202cz", "description")
	if !strings.Contains(msg, "holds 8 hidden characters") || !strings.HasSuffix(msg, "; and 2 more kinds") {
		t.Errorf("message = %q, want 8 characters with the last two kinds summarized", msg)
	}
	if got := strings.Count(msg, `\u{`); got != 6 {
		t.Errorf("message names %d characters, want 6: %q", got, msg)
	}
}

func TestMayHoldHiddenFindsEveryByteThatNeedsALook(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 20; pos++ {
			b := []byte(strings.Repeat("abcdefgh", 3))[:20]
			b[pos] = byte(c)
			want := c >= 0x7f || c < 0x20 && c != '\n' && c != '\t'
			if got := mayHoldHidden(string(b)); got != want {
				t.Fatalf("mayHoldHidden with byte %#x at %d = %v, want %v", c, pos, got, want)
			}
		}
	}
}

func TestFindHiddenGivesTheByteOffsetOfEachCharacterTextDoesNotNeed(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		want []Hidden
	}{
		{"plain text", "déjà vu, 日本語\n\t", nil},
		{"a zero width space after non-ASCII", "é\u200bx", []Hidden{{0x200b, 2}}},
		{"bidi controls", "a\u202eb\u2066", []Hidden{{0x202e, 1}, {0x2066, 5}}},
		{"an escape", "x\x1b[2J", []Hidden{{0x1b, 1}}},
		{"a joiner inside a Persian word is needed", "\u0645\u06cc\u200c\u062e", nil},
		{"a joiner between Latin letters is not", "ab\u200ccd", []Hidden{{0x200c, 2}}},
		{"an invalid byte is not hidden, and offsets count it as one byte", "\xff\u200b", []Hidden{{0x200b, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, FindHidden(tc.s)); diff != "" {
				t.Errorf("FindHidden(%q) (-want +got):\n%s", tc.s, diff)
			}
		})
	}
}
