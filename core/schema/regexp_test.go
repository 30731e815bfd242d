package schema

import (
	"strings"
	"testing"

	"github.com/dlclark/regexp2/v2"
)

// Patterns that are valid ECMA-262 with the u flag, Go's regexp rejecting
// many of them.
var validPatterns = []string{
	`^(?=.*[0-9]).{3,}$`, // lookahead
	`^(?!admin).*$`,      // negative lookahead
	`^(a+)b\1$`,          // backreference
	`\u00e9`,
	`[^]`,
	`[]`,
	`\cA`,
	`\cz`,
	`a{1001}`,
	`(?<=a+)b`, // variable-width lookbehind
	`(?<!a)b`,
	`(?<name>x)\k<name>`,
	`(?<$_é1>x)`,
	`(?<\u0061>x)\k<a>`,
	`(?<\u{1D4D1}>x)`,
	`(?:(?<a>x)|(?<a>y))\k<a>`, // a name may repeat across alternatives
	`\u{1F600}`,
	`\u{000000041}`,
	`\uD83D\uDE00`,
	`\ud800`, // a lone surrogate is a valid atom
	`[\uD83D\uDE00-\uD83D\uDE4F]`,
	`\p{L}`,
	`\p{Letter}`,
	`\p{digit}`,
	`\P{Lu}`,
	`\p{General_Category=Lu}`,
	`\p{Script=Greek}`,
	`\p{scx=Latn}`,
	`[\p{L}\d_-]`,
	`\0`,
	`[\b]`,
	`[\-]`,
	`\/`,
	`\$\^\.\*\+\?\(\)\[\]\{\}\|\\`,
	`[--]`,
	`[a-]`,
	`[-a]`,
	`[{}()|[]`,
	`a{0}`,
	`a{2,}?`,
	`a{1,1}`,
	`a{007,8}`,
	`(?:a)`,
	`(?i:abc)`, // ES2025 modifiers
	`(?-i:abc)`,
	`(?i-ms:abc)`,
	`(?ims:abc)`,
	`(a)|\1b`,
	`\1(a)`,
	`^$`,
	``,
	`\x41\f\n\r\t\v`,
	`a|`,
	`|`,
	`()`,
}

// Patterns that are not valid ECMA-262 with the u flag, most of them valid
// in Go, Python or PCRE.
var invalidPatterns = []string{
	`[z-a]`,
	`a{2,1}`,
	`a{20,3}`,
	`(?i)abc`,
	`(?ims)abc`,
	`(?P<n>a)`,
	`(?P<n>a)(?P=n)`,
	`^*`,
	`$+`,
	`\b*`,
	`(?=a)*`, // quantified lookahead is Annex B, not u-mode
	`(?<=a)?`,
	`(?#c)`,
	`(?>a)`,
	`\-`,
	`a{`,
	`a{1`,
	`a{,5}`,
	`{`,
	`{1}`,
	`}`,
	`]`,
	`\a`,
	`\A`,
	`\z`,
	`\Z`,
	`\e`,
	`\_`,
	`\q{a}`,
	`(?s).`,
	`*`,
	`a**`,
	`a{1}{2}`,
	`a|*`,
	`(`,
	`)`,
	`(a`,
	`a)`,
	`[`,
	`[a`,
	`[\d-z]`,
	`[a-\w]`,
	`[\p{L}-z]`,
	`\1`,
	`(a)\2`,
	`\k<a>`,
	`\k`,
	`(?<a>x)\k<b>`,
	`(?<a>x)(?<a>y)`,
	`(?<a>x)(?:(?<a>y))`,
	`(?<>x)`,
	`(?<1a>x)`,
	`(?<a`,
	`\00`,
	`\01`,
	`[\1]`,
	`\c`,
	`\c1`,
	`[\c_]`,
	`\x4`,
	`\xg0`,
	`\u12`,
	`\u{}`,
	`\u{110000}`,
	`\u{12`,
	`\p`,
	`\p{}`,
	`\p{Lettre}`,
	`\p{lu}`,
	`\p{RGI_Emoji}`, // a property of strings: v-mode only
	`\p{Script}`,
	`\p{L1=x}`,
	`(?ii:a)`,
	`(?i-i:a)`,
	`(?-:a)`,
	`(?x:a)`,
	`(?--i:a)`,
	`\`,
	`a\`,
	`[\`,
}

func TestCompileRegexpValid(t *testing.T) {
	for _, p := range validPatterns {
		if _, err := CompileRegexp(p); err != nil {
			t.Errorf("CompileRegexp(%q): %v, want it valid", p, err)
		}
	}
}

func TestCompileRegexpInvalid(t *testing.T) {
	for _, p := range invalidPatterns {
		if _, err := CompileRegexp(p); err == nil {
			t.Errorf("CompileRegexp(%q) compiled, want a syntax error", p)
		}
	}
}

// TestCheckPatternLeavesToEngine holds the syntax check and regexp2 to
// their division of work: of the invalid patterns, regexp2 alone rejects
// only those whose property name or duplicate group name is wrong, and
// the check alone those regexp2's ECMAScript mode is lax about.
func TestCheckPatternLeavesToEngine(t *testing.T) {
	engineOnly := map[string]bool{
		`\p{Lettre}`: true, `\p{lu}`: true, `\p{RGI_Emoji}`: true, `\p{Script}`: true,
		`(?<a>x)(?<a>y)`: true, `(?<a>x)(?:(?<a>y))`: true,
	}
	for _, p := range invalidPatterns {
		_, engineErr := regexp2.Compile(p, regexp2.ECMAScript|regexp2.Unicode)
		checkErr := checkPattern(p)
		switch {
		case checkErr == nil && !engineOnly[p]:
			t.Errorf("checkPattern(%q) passed it; want the check to reject it", p)
		case checkErr != nil && engineOnly[p]:
			t.Errorf("checkPattern(%q) = %v; want it left to regexp2", p, checkErr)
		case checkErr == nil && engineErr == nil:
			t.Errorf("%q passes both the check and regexp2", p)
		}
	}
}

// matchCases are patterns with a string each and whether it matches.
var matchCases = []struct {
	pattern, s string
	want       bool
}{
	// \s is WhiteSpace and LineTerminator (ECMA-262 §12.2, §12.3).
	{`^\s$`, " ", true},
	{`^\s$`, "\t", true},
	{`^\s$`, "\u000b", true},
	{`^\s$`, "\f", true},
	{`^\s$`, "\u00a0", true},
	{`^\s$`, "\u1680", true},
	{`^\s$`, "\u2003", true},
	{`^\s$`, "\u202f", true},
	{`^\s$`, "\u3000", true},
	{`^\s$`, "\ufeff", true},
	{`^\s$`, "\n", true},
	{`^\s$`, "\r", true},
	{`^\s$`, "\u2028", true},
	{`^\s$`, "\u2029", true},
	{`^\s$`, "\u0085", false}, // NEL is not ECMA-262 white space
	{`^\s$`, "\u180e", false},
	{`^\s$`, "\u200b", false},
	{`^\S$`, "\u00a0", false},
	{`^[^\s]$`, "\u2003", false},
	// "." matches any code point but the line terminators.
	{`^.$`, "\r", false},
	{`^.$`, "\n", false},
	{`^.$`, "\u2028", false},
	{`^.$`, "\u2029", false},
	{`^.$`, "\u0085", true},
	{`^.$`, "😀", true},
	{`^.{2}$`, "😀", false},
	{`^[^a]$`, "😀", true},
	{`^(?s:.)$`, "\n", true},
	// \d and \w are ASCII.
	{`^\d$`, "0", true},
	{`^\d$`, "\u07c0", false},
	{`^\d$`, "৪", false},
	{`^\D$`, "৪", true},
	{`^\w$`, "_", true},
	{`^\w$`, "é", false},
	{`^\W$`, "é", true},
	{`\bé`, " é", false},
	{`^\p{digit}+$`, "৪২", true},
	{`^\p{Letter}+$`, "résumé", true},
	{`\p{Letter}cole`, "L'ÉCOLE", false},
	// Anchors do not see a trailing newline, without the m flag.
	{`^abc$`, "abc\n", false},
	{`^b`, "a\nb", false},
	{`(?m:^)b`, "a\nb", true},
	{`(?m:^)b`, "a\u2028b", true},
	// Lookaround, backreferences and the other Go-invalid forms.
	{`^(?=.*[0-9]).{3,}$`, "ab1", true},
	{`^(?=.*[0-9]).{3,}$`, "abc", false},
	{`^(?!admin).*$`, "administrator", false},
	{`^(?!admin).*$`, "root", true},
	{`(?<=\$)\d+`, "$42", true},
	{`(?<=\$)\d+`, "42", false},
	{`^(a+)b\1$`, "aabaa", true},
	{`^(a+)b\1$`, "aaba", false},
	{`^(?<x>.)\k<x>$`, "zz", true},
	{`^(?:(a)|b)\1$`, "b", true}, // a group that did not take part matches ""
	{`^\u00e9$`, "é", true},
	{`^[^]$`, "\n", true},
	{`^[]$`, "", false},
	{`^\cA$`, "\x01", true},
	{`^\cc$`, "\x03", true},
	{`^a{1001}$`, strings.Repeat("a", 1001), true},
	{`^a{1001}$`, strings.Repeat("a", 1000), false},
	// Code points: surrogate pairs written as escapes are one.
	{`^\uD83D\uDE00$`, "😀", true},
	{`^[\uD83D\uDE00]$`, "😀", true},
	{`^\u{1F600}$`, "😀", true},
	{`^\ud83d\udc32*$`, "🐲🐲", true},
	{`^\ud83d\udc32*$`, "🐉", false},
	{`^[\u{1F600}-\u{1F64F}]$`, "😃", true},
	// Case folding only where a modifier asks for it.
	{`^abc$`, "ABC", false},
	{`^(?i:abc)$`, "ABC", true},
	{`^(?i:k)$`, "\u212a", true}, // u-mode folds Kelvin to k
}

func TestCompileRegexpMatch(t *testing.T) {
	for _, tt := range matchCases {
		re, err := CompileRegexp(tt.pattern)
		if err != nil {
			t.Errorf("CompileRegexp(%q): %v", tt.pattern, err)
			continue
		}
		if got := re.MatchString(tt.s); got != tt.want {
			t.Errorf("%q matching %q = %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}

func TestCompileRegexpString(t *testing.T) {
	const p = `^(?=.*\d)\w+$`
	re, err := CompileRegexp(p)
	if err != nil {
		t.Fatal(err)
	}
	if re.String() != p {
		t.Errorf("String() = %q, want %q", re.String(), p)
	}
}

func TestPatternErrorOffset(t *testing.T) {
	tests := []struct {
		pattern string
		offset  int
	}{
		{`ab(?i)c`, 2},
		{`abc)`, 3},
		{`x[z-a]`, 2},
		{`a\-`, 1},
		{`(a`, 0},
	}
	for _, tt := range tests {
		err := checkPattern(tt.pattern)
		pe, ok := err.(*patternError)
		if !ok {
			t.Errorf("checkPattern(%q) = %v, want a *patternError", tt.pattern, err)
			continue
		}
		if pe.offset != tt.offset {
			t.Errorf("checkPattern(%q) at offset %d, want %d (%v)", tt.pattern, pe.offset, tt.offset, err)
		}
	}
}
