package tooldef

import (
	"strings"
	"testing"
)

func TestCheckLarkReportsWhatOpenAIDoesNotSupport(t *testing.T) {
	tests := []struct {
		name, grammar string
		want          string
		at            int
	}{
		{"OpenAI's math example", "start: expr\nexpr: term (SP ADD SP term)* -> add\n| term\nterm: factor (SP MUL SP factor)* -> mul\n| factor\nfactor: INT\nSP: \" \"\nADD: \"+\"\nMUL: \"*\"\n%import common.INT\n", "", 0},
		{"OpenAI's single bounded terminal", `start: SENTENCE
SENTENCE: /[A-Za-z, ]*(the hero|a dragon)[A-Za-z, ]*(fought|saved)[A-Za-z, ]*\./`, "", 0},
		{"a comment with a quote", "start: A // it's \"fine\n A: \"a\"", "", 0},
		{"an escaped slash in a terminal", `start: P` + "\n" + `P: /a\/b/i`, "", 0},
		{"lookahead in a terminal", "start: W\nW: /foo(?=bar)/", `in the terminal's regular expression, lookaround "(?="`, 16},
		{"lazy modifier in a terminal", "start: W\nW: /a+?/", `lazy modifier "+?"`, 14},
		{"terminal priority", "start: A\nA.2: \"a\"", "the terminal A has a priority (.2)", 9},
		{"template", "start: sep{x, \",\"}\nsep{item, delim}: item (delim item)*", "the rule sep is a template", 19},
		{"import of another module", "%import python.NAME\nstart: NAME", `%import of "python.NAME" is not supported`, 0},
		{"declare", "%declare _INDENT\nstart: \"a\"", "%declare is not supported", 0},
		{"unclosed string", "start: \"abc\nB: \"b\"", "the string opened here is not closed", 7},
		{"unclosed regex", "start: /abc", "the regular expression opened here is not closed", 7},
		{"bad regex in a terminal", "start: /a(b/", "does not compile", 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			problems := CheckLark(tc.grammar)
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
