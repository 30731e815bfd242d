package tooldef

import (
	"strings"
	"testing"
)

func TestCompileRustRegexReportsWhatOpenAIRejects(t *testing.T) {
	tests := []struct {
		name, pattern string
		want          string // the first problem's message, "" for none
		at            int
	}{
		{"OpenAI's timestamp example", `^(?P<month>January|February|March)\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\s+(?P<year>\d{4})\s+at\s+(?P<hour>0?[1-9]|1[0-2])(?P<ampm>AM|PM)$`, "", 0},
		{"named group the crate's other way", `(?<y>\d{4})`, "", 0},
		{"lookahead", `ab(?=c)`, `lookaround "(?=" is not supported`, 2},
		{"negative lookbehind", `(?<!x)y`, `lookaround "(?<!" is not supported`, 0},
		{"lazy star", `a.*?b`, `lazy modifier "*?" is not supported`, 2},
		{"lazy count", `a{2,5}?`, `lazy modifier "{2,5}?" is not supported`, 1},
		{"swap greed flag", `(?U)a+`, "the U flag makes quantifiers lazy", 0},
		{"backreference", `(a)\1`, `"\\1" is a backreference or an octal escape`, 3},
		{"unclosed group", `^(abc$`, "the regular expression does not compile: missing closing )", 1},
		{"unclosed group after a translated class", `^\d{4}-(\d{2}$`, "the regular expression does not compile: missing closing )", 7},
		{"a group closed twice", `a(b))c`, "the regular expression does not compile: unexpected )", 4},
		{"an escaped parenthesis is no group", `\((a`, "the regular expression does not compile: missing closing )", 2},
		{"unclosed class", `[a-z`, "the class opened here is not closed", 0},
		{"bad escape at the end", `abc\`, "the pattern ends with a lone backslash", 3},
		{"bad unicode escape", `\u{110000}`, "is not a Unicode scalar value", 0},
		{"enclosed in slashes: advice", `/abc/`, "the pattern is enclosed in slashes", 0},
		{"two lines: advice", "ab\ncd", "the pattern spans more than one line", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, problems := CompileRustRegex(tc.pattern)
			if tc.want == "" {
				if len(problems) > 0 {
					t.Fatalf("problems %+v, want none", problems)
				}
				return
			}
			if len(problems) == 0 || !strings.Contains(problems[0].Msg, tc.want) || problems[0].Offset != tc.at {
				t.Fatalf("problems %+v, want %q at %d first", problems, tc.want, tc.at)
			}
		})
	}
}

func TestRustRegexMatchesAsTheCrateDoes(t *testing.T) {
	tests := []struct {
		pattern, input string
		match, ok      bool
	}{
		{`\d+`, "٣٤", true, true}, // Arabic-Indic digits are \d in the crate
		{`\d+`, "12", true, true},
		{`\d+`, "12a", false, true}, // the whole input
		{`\w+`, "héllo", true, true},
		{`[\w-]+`, "é-x", true, true},
		{`\s`, "\u00a0", true, true},
		{`\S+`, "a\u00a0", false, true},
		{`\u{e9}`, "é", true, true},
		{`\u00E9`, "é", true, true},
		{`(?i)abc`, "ABC", true, true},
		{`(?-u)a`, "a", false, false},           // the u flag: not matched here
		{`[a-z&&[^aeiou]]+`, "b", false, false}, // set operations
		{`\bfoo\b`, "foo", true, true},
		{`\bfoo\b`, "föo", false, false}, // \b is exact on ASCII only
		{`a{1001}`, "a", false, false},
		{`\p{Alphabetic}`, "a", false, false},
		{`\<foo`, "foo", false, false},
	}
	for _, tc := range tests {
		r, problems := CompileRustRegex(tc.pattern)
		if r == nil {
			t.Errorf("%s: not compiled: %+v", tc.pattern, problems)
			continue
		}
		match, ok := r.MatchWhole(tc.input)
		if match != tc.match || ok != tc.ok {
			t.Errorf("%s on %q: match %v ok %v (unchecked %q), want %v %v", tc.pattern, tc.input, match, ok, r.Unchecked, tc.match, tc.ok)
		}
	}
}
