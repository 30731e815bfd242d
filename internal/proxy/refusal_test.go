package proxy

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestARefusalListsAHundredFindingsEachCutShort(t *testing.T) {
	t.Parallel()
	long := "extra:" + strings.Repeat("é", 100_000)
	for _, tc := range []struct {
		name      string
		findings  int
		text      string
		wantLines int // the head line, the findings and "and N more"
		wantMore  string
	}{
		{"a few", 3, "extra:x", 1 + 3, ""},
		{"a hundred", 100, "extra:x", 1 + 100, ""},
		{"a hundred thousand", 100_000, "extra:x", 1 + 100 + 1, "and 99900 more findings"},
		{"one of a long name", 1, long, 1 + 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := make([]Finding, tc.findings)
			for i := range fs {
				fs[i] = Finding{Text: tc.text, Hint: "leave it out"}
			}
			var res struct {
				Result struct {
					Content []struct{ Text string } `json:"content"`
				} `json:"result"`
			}
			if err := json.Unmarshal(refusalResult([]byte("1"), fs, "", ""), &res); err != nil {
				t.Fatal(err)
			}
			text := res.Result.Content[0].Text
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			if len(lines) != tc.wantLines {
				t.Errorf("%d lines, want %d", len(lines), tc.wantLines)
			}
			if tc.wantMore != "" && lines[len(lines)-1] != tc.wantMore {
				t.Errorf("last line %q, want %q", lines[len(lines)-1], tc.wantMore)
			}
			for _, l := range lines {
				if len(l) > refusalLineSize+len("… - leave it out") || !utf8.ValidString(l) {
					t.Errorf("a line of %d bytes (valid UTF-8: %v), want at most %d of text and its hint", len(l), utf8.ValidString(l), refusalLineSize)
				}
			}
		})
	}
}
