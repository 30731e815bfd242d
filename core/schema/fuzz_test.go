package schema

import (
	"regexp"
	"strings"
	"testing"

	"github.com/dlclark/regexp2/v2"
)

// FuzzCompileRegexp checks that no pattern panics the syntax check or the
// engine, and that regexp2 rejects a pattern the check passes only for
// what is left to it: property names, group names, and repeat counts
// beyond its int32.
func FuzzCompileRegexp(f *testing.F) {
	for _, p := range append(append([]string{}, validPatterns...), invalidPatterns...) {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if re, err := CompileRegexp(p); err == nil {
			re.MatchString("a\n😀 ")
		}
		if checkPattern(p) != nil {
			return
		}
		_, err := regexp2.Compile(p, regexp2.ECMAScript|regexp2.Unicode)
		if err != nil && !leftToEngine(p) {
			t.Errorf("checkPattern passed %q, which regexp2 rejects: %v", p, err)
		}
	})
}

// leftToEngine reports whether p has something only regexp2 judges.
func leftToEngine(p string) bool {
	return strings.Contains(p, `\p{`) || strings.Contains(p, `\P{`) || strings.Contains(p, "(?<") ||
		regexp.MustCompile(`\d{10}`).MatchString(p)
}

// FuzzFormats checks that no string panics a format checker.
func FuzzFormats(f *testing.F) {
	for _, c := range formatCases {
		for _, s := range append(append([]string{}, c.valid...), c.invalid...) {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range formatTable {
			if d.check != nil {
				d.check(s)
			}
		}
	})
}
