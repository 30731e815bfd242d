package termtext

import (
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"string", "string", 0},
		{"strng", "string", 1},
		{"stirng", "string", 1},
		{"integr", "integer", 1},
		{"", "null", 4},
		{"number", "boolean", 6},
		{"", "", 0},
		{"abc", "abd", 1},
		{"abc", "ab", 1},
		{"kitten", "sitting", 3},
		{"", "xy", 2},
	}
	for _, tc := range tests {
		if got := EditDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestWrapBreaksAtSpacesInTerminalCells(t *testing.T) {
	const red = "\x1b[1;38;2;255;0;0m" // as lipgloss writes a bold red
	const reset = "\x1b[m"
	styled := func(s string) string { return red + s + reset }
	tests := []struct {
		name  string
		s     string
		width int
		long  LongWords
		want  []string
	}{
		{"fits", "run echo?", 20, BreakLongWords, []string{"run echo?"}},
		{"empty", "", 5, BreakLongWords, []string{""}},
		{"at a space", "? run toggle-simulated-logging on mcp-servers/everything?", 32, BreakLongWords, []string{"? run toggle-simulated-logging", "on mcp-servers/everything?"}},
		{"a hyphenated name is not split", "call get-weather now", 12, BreakLongWords, []string{"call", "get-weather", "now"}},
		{"a JSON path is not split", "schema /properties/user-id: wrong type", 28, BreakLongWords, []string{"schema /properties/user-id:", "wrong type"}},
		{"a word too long is broken at the width", "a very-long-hyphenated-name b", 10, BreakLongWords, []string{"a", "very-long-", "hyphenated", "-name b"}},
		{"a word too long is kept whole on a line of its own", "see https://example.com/a/very/long/path and more", 12, KeepLongWords, []string{"see", "https://example.com/a/very/long/path", "and more"}},
		{"a word too long first on its line is kept whole", "https://example.com/long/path. Next", 10, KeepLongWords, []string{"https://example.com/long/path.", "Next"}},
		{"wide characters count two cells", "会議室の予約 が完了しました", 8, BreakLongWords, []string{"会議室の", "予約", "が完了し", "ました"}},
		{"a wide character does not straddle the width", "会議室の予約", 7, BreakLongWords, []string{"会議室", "の予約"}},
		{"wide characters are measured, not their bytes", "日本語 日本語 日本語", 13, KeepLongWords, []string{"日本語 日本語", "日本語"}},
		{"an emoji takes two cells", "ok 👍 done", 4, BreakLongWords, []string{"ok", "👍", "done"}},
		{"escape sequences take no cells", "\x1b[2mab\x1b[m cd", 5, BreakLongWords, []string{"\x1b[2mab\x1b[m cd"}},
		{"a style carries over the breaks", styled("alpha beta gamma"), 10, BreakLongWords, []string{styled("alpha beta"), styled("gamma")}},
		{"styles change within a line", styled("alpha") + " beta " + styled("gamma-delta"), 11, BreakLongWords, []string{styled("alpha") + " beta", styled("gamma-delta")}},
		{"a styled word too long keeps its style on every piece", styled("abcdefghijkl"), 5, BreakLongWords, []string{styled("abcde"), styled("fghij"), styled("kl")}},
		{"a style ended after a space at a break stays ended", styled("abc ") + " def", 3, BreakLongWords, []string{styled("abc"), "def"}},
		{"every style in force starts the next line", "\x1b[1m\x1b[31mab cd" + reset, 2, BreakLongWords, []string{"\x1b[1m\x1b[31mab" + reset, "\x1b[1m\x1b[31mcd" + reset}},
		{"a style carries over a newline of the text", styled("ab\ncd"), 10, BreakLongWords, []string{styled("ab"), styled("cd")}},
		{"spaces between words are kept", "a  b", 10, BreakLongWords, []string{"a  b"}},
		{"spaces where a line breaks are dropped", "abc  def ", 3, BreakLongWords, []string{"abc", "def"}},
		{"indentation is kept", "  - item one", 20, KeepLongWords, []string{"  - item one"}},
		{"a newline starts a line", "ab cd\nef", 10, BreakLongWords, []string{"ab cd", "ef"}},
		{"a width under one is one", "ab", 0, BreakLongWords, []string{"a", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Wrap(tc.s, tc.width, tc.long)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Wrap(%q, %d) =\n%q\nwant\n%q", tc.s, tc.width, got, tc.want)
			}
			if tc.long == KeepLongWords {
				return
			}
			for _, l := range got {
				if w := ansi.StringWidth(l); w > max(tc.width, 1) {
					t.Errorf("line %q is %d cells, more than %d", l, w, tc.width)
				}
			}
		})
	}
}

func TestSizeWritesABoundInItsLargestWholeUnit(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 bytes"},
		{100, "100 bytes"},
		{1000, "1000 bytes"},
		{4096, "4 KiB"},
		{64 << 20, "64 MiB"},
		{64<<20 + 1024, "65537 KiB"},
		{256 << 30, "262144 MiB"},
	}
	for _, tc := range tests {
		if got := Size(tc.n); got != tc.want {
			t.Errorf("Size(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestShellWordQuotesWhatAShellWouldRead(t *testing.T) {
	for in, want := range map[string]string{
		"tools.json": "tools.json", "dir/a-b_c.json": "dir/a-b_c.json", "my tools.json": "'my tools.json'",
		"it's.json": `'it'\''s.json'`, "$HOME": "'$HOME'", "": "''",
	} {
		if got := ShellWord(in); got != want {
			t.Errorf("ShellWord(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestCutKeepsWholeCharactersWithinTheBound(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer text", 4, "a lo…"},
		{"héllo", 2, "h…"}, // é is two bytes: it does not fit
		{"héllo", 3, "hé…"},
		{"日本", 0, "…"},
	} {
		if got := Cut(tc.s, tc.n); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
