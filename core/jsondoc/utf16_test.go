package jsondoc

import "testing"

func TestUTF16ColumnCountsWhatEditorsCount(t *testing.T) {
	cases := []struct {
		name, line string
		col, want  int
	}{
		{"ASCII", `{"name": "a b"}`, 10, 10},
		{"the first column", `{}`, 1, 1},
		{"after a two-byte character", `{"é": "x"}`, 9, 8},
		{"after a three-byte character", `{"✓": "x"}`, 10, 8},
		{"after a character past U+FFFF", `{"😀": "x"}`, 11, 9},
		{"after several", `["é", "😀", "✓", 1]`, 23, 18},
		{"past the end of the line", "ab", 5, 5},
		{"bytes that are not UTF-8", "\xff\xfe x", 4, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := UTF16Column(tc.line, tc.col); got != tc.want {
				t.Errorf("UTF16Column(%q, %d) = %d, want %d", tc.line, tc.col, got, tc.want)
			}
		})
	}
}
