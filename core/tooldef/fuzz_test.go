package tooldef

import (
	"testing"
	"unicode/utf8"
)

// FuzzGrammars feeds any text to the regex and lark checks: each must
// return problems inside the text, or a regex that matches without
// panicking, never crash.
func FuzzGrammars(f *testing.F) {
	for _, s := range []string{
		`^(?P<month>January|February)\s+(?P<day>\d{1,2})$`,
		`a.*?b(?=c)(?<!d)\1[a-z&&[^aeiou]]\u{1F600}\U0001F600\b{start}`,
		`(?-u:\w)(?iu)(?x) a # c`,
		"start: expr\nexpr: A.2 | t{x}: x\n%import python.X\n%declare Y\nA: /a(?=b)/i\nB: \"unclosed",
		`[[:alpha:]][]a][^]]{2,}{1001}\p{Greek}\p{Alphabetic}\u00e9\`,
		"/x/\n\r",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, problems := CompileRustRegex(s)
		for _, p := range problems {
			if p.Offset < 0 || p.Offset > len(s) || p.Msg == "" {
				t.Fatalf("regex problem %+v out of %d bytes", p, len(s))
			}
		}
		if r != nil {
			r.MatchWhole(s)
		}
		for _, p := range CheckLark(s) {
			if p.Offset < 0 || p.Offset > len(s) || p.Msg == "" || !utf8.ValidString(p.Msg) && utf8.ValidString(s) {
				t.Fatalf("lark problem %+v out of %d bytes", p, len(s))
			}
		}
	})
}
