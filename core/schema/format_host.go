package schema

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// Host names are checked by IDNA2008 (RFC 5890-5893), which JSON Schema
// names, not by UTS #46, which x/net/idna's profiles implement: UTS #46
// maps and allows characters IDNA2008 disallows, and has none of the
// CONTEXTO rules. x/net/idna is used for what it has that Go lacks:
// Punycode (RFC 3492) and the CONTEXTJ rules, which need Unicode's
// Joining_Type (RFC 5892 Appendix A.1, A.2).

// checkHostname checks a host name of RFC 1123 §2.1: labels of letters,
// digits and hyphens, 1 to 63 long, neither starting nor ending with a
// hyphen, at most 253 characters in all, without a final dot. A label
// starting "xn--" is an A-label and must be one (RFC 5890 §2.3.2.1).
func checkHostname(s string) error {
	if len(s) > 253 {
		return errors.New("longer than 253 characters")
	}
	labels := strings.Split(s, ".")
	for _, l := range labels {
		if err := checkLDHLabel(l); err != nil {
			return err
		}
	}
	return checkBidiDomain(labels)
}

// checkLDHLabel checks an ASCII label, and an A-label as IDNA2008 does.
func checkLDHLabel(l string) error {
	switch {
	case l == "":
		return errors.New("an empty label")
	case len(l) > 63:
		return fmt.Errorf("label %q is longer than 63 characters", l)
	case l[0] == '-' || l[len(l)-1] == '-':
		return fmt.Errorf("label %q starts or ends with a hyphen", l)
	}
	for i := 0; i < len(l); i++ {
		if c := l[i]; !isAlpha(c) && !isDigit(c) && c != '-' {
			return fmt.Errorf("label %q: %q is not a letter, digit or hyphen", l, c)
		}
	}
	if isACE(l) {
		return checkALabel(l)
	}
	return nil
}

// checkALabel checks that an "xn--" label is the Punycode of a U-label,
// in its one canonical encoding (RFC 5891 §5.3).
func checkALabel(l string) error {
	lower := strings.ToLower(l)
	u, err := idna.Punycode.ToUnicode(lower)
	if err != nil {
		return fmt.Errorf("label %q is not valid Punycode", l)
	}
	if back, err := idna.Punycode.ToASCII(u); err != nil || back != lower {
		return fmt.Errorf("label %q does not encode its Unicode form %q canonically", l, u)
	}
	if err := checkULabel(u); err != nil {
		return fmt.Errorf("label %q: %w", l, err)
	}
	return nil
}

// idnDots are the label separators of RFC 3490 §3.1, which idn-hostname
// allows beside ".": ideographic, fullwidth and halfwidth full stops.
const idnDots = ".\u3002\uff0e\uff61"

// checkIDNHostname checks an internationalized host name: labels that are
// each an ASCII label as hostname takes them (A-labels checked), or a
// U-label (RFC 5890 §2.3.2.3), 253 characters at most in ASCII form.
func checkIDNHostname(s string) error {
	if s == "" {
		return errors.New("empty")
	}
	labels := strings.Split(strings.Map(func(r rune) rune {
		if strings.ContainsRune(idnDots, r) {
			return '.'
		}
		return r
	}, s), ".")
	size := len(labels) - 1
	for _, l := range labels {
		a, err := asciiLabel(l)
		if err != nil {
			return err
		}
		size += len(a)
	}
	if size > 253 {
		return errors.New("longer than 253 characters as ASCII")
	}
	return checkBidiDomain(labels)
}

// asciiLabel checks a label of an internationalized host name and
// returns its ASCII form.
func asciiLabel(l string) (string, error) {
	switch {
	case l == "":
		return "", errors.New("an empty label")
	case isASCII(l):
		return l, checkLDHLabel(l)
	}
	if err := checkULabel(l); err != nil {
		return "", fmt.Errorf("label %q: %w", l, err)
	}
	a, err := idna.Punycode.ToASCII(l)
	if err != nil || len(a) > 63 {
		return "", fmt.Errorf("label %q is longer than 63 characters as an A-label", l)
	}
	return a, nil
}

// checkULabel checks a U-label by RFC 5891 §5.4: in NFC, no "--" in the
// third and fourth positions, no hyphen at either end, not starting with
// a combining mark, and each code point PVALID, or CONTEXTJ or CONTEXTO
// with its rule met (RFC 5892).
func checkULabel(l string) error {
	rs := []rune(l)
	switch {
	case len(rs) == 0:
		return errors.New("an empty label")
	case !norm.NFC.IsNormalString(l):
		return errors.New("not in Unicode NFC")
	case len(rs) >= 4 && rs[2] == '-' && rs[3] == '-':
		return errors.New(`"--" in the third and fourth positions`)
	case rs[0] == '-' || rs[len(rs)-1] == '-':
		return errors.New("starts or ends with a hyphen")
	case unicode.Is(unicode.M, rs[0]):
		return fmt.Errorf("starts with the combining mark %U", rs[0])
	}
	for i, r := range rs {
		switch derivedProperty(r) {
		case pvalid:
		case contextJ:
			// checked below, for the whole label
		case contextO:
			if !contextORule(rs, i) {
				return fmt.Errorf("%U is not allowed where it stands (RFC 5892 Appendix A)", r)
			}
		default:
			return fmt.Errorf("%U is not allowed in a U-label (RFC 5892)", r)
		}
	}
	// A profile with only CheckJoiners maps nothing and checks nothing
	// else.
	if _, err := idna.New(idna.CheckJoiners(true)).ToUnicode(l); err != nil {
		return errors.New("a zero width joiner or non-joiner where RFC 5892 Appendix A forbids it")
	}
	return nil
}

// checkBidiDomain applies the Bidi rule of RFC 5893 §2 to every label of
// a domain name with a right-to-left character in any label: such a name
// is a Bidi domain name (§1.4), and then left-to-right labels must keep
// to the rule as well. A-labels are judged by their Unicode form.
func checkBidiDomain(labels []string) error {
	forms := make([]string, len(labels))
	rtl := false
	for i, l := range labels {
		forms[i] = unicodeForm(l)
		rtl = rtl || hasRTL(forms[i])
	}
	if !rtl {
		return nil
	}
	for i, u := range forms {
		if !bidirule.ValidString(u) {
			return fmt.Errorf("label %q breaks the Bidi rule of RFC 5893", labels[i])
		}
	}
	return nil
}

// isACE reports whether an ASCII label has the A-label prefix "xn--",
// in any case.
func isACE(l string) bool { return len(l) >= 4 && strings.EqualFold(l[:4], "xn--") }

// unicodeForm is the U-label an A-label encodes, or the label itself.
func unicodeForm(l string) string {
	if !isACE(l) {
		return l
	}
	if u, err := idna.Punycode.ToUnicode(strings.ToLower(l)); err == nil {
		return u
	}
	return l
}

// hasRTL reports whether s has a character of Bidi class R, AL or AN.
func hasRTL(s string) bool {
	for _, r := range s {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.R, bidi.AL, bidi.AN:
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// idnaProperty is a code point's IDNA2008 derived property.
type idnaProperty int

const (
	disallowed idnaProperty = iota
	pvalid
	contextJ
	contextO
	unassigned
)

// derivedProperty computes a code point's property by the procedure of
// RFC 5892 §3, from the Unicode data Go and x/text carry (Unicode 15.0
// in Go 1.26), so the table follows the toolchain's Unicode version as
// RFC 5892 intends.
func derivedProperty(r rune) idnaProperty {
	if p, ok := idnaExceptions[r]; ok { // F; BackwardCompatible (G) is empty
		return p
	}
	switch {
	case !isAssigned(r): // J
		return unassigned
	case 'a' <= r && r <= 'z', '0' <= r && r <= '9', r == '-': // E
		return pvalid
	case r == '\u200c', r == '\u200d': // H
		return contextJ
	case isUnstable(r), // B
		isDefaultIgnorable(r) || unicode.Is(unicode.White_Space, r) || unicode.Is(unicode.Noncharacter_Code_Point, r), // C
		0x20D0 <= r && r <= 0x20FF || 0x1D100 <= r && r <= 0x1D24F,                                                    // D
		isOldHangulJamo(r): // I
		return disallowed
	case unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lo, unicode.Nd, unicode.Lm, unicode.Mn, unicode.Mc): // A
		return pvalid
	}
	return disallowed
}

// idnaExceptions is RFC 5892 §2.6.
var idnaExceptions = map[rune]idnaProperty{
	0x00DF: pvalid, 0x03C2: pvalid, 0x06FD: pvalid, 0x06FE: pvalid, 0x0F0B: pvalid, 0x3007: pvalid,
	0x00B7: contextO, 0x0375: contextO, 0x05F3: contextO, 0x05F4: contextO, 0x30FB: contextO,
	0x0660: contextO, 0x0661: contextO, 0x0662: contextO, 0x0663: contextO, 0x0664: contextO,
	0x0665: contextO, 0x0666: contextO, 0x0667: contextO, 0x0668: contextO, 0x0669: contextO,
	0x06F0: contextO, 0x06F1: contextO, 0x06F2: contextO, 0x06F3: contextO, 0x06F4: contextO,
	0x06F5: contextO, 0x06F6: contextO, 0x06F7: contextO, 0x06F8: contextO, 0x06F9: contextO,
	0x0640: disallowed, 0x07FA: disallowed, 0x302E: disallowed, 0x302F: disallowed,
	0x3031: disallowed, 0x3032: disallowed, 0x3033: disallowed, 0x3034: disallowed,
	0x3035: disallowed, 0x303B: disallowed,
}

func isAssigned(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.C)
}

// isUnstable is RFC 5892 §2.2: the code point changes under
// NFKC(casefold(NFKC(cp))).
func isUnstable(r rune) bool {
	s := string(r)
	return norm.NFKC.String(cases.Fold().String(norm.NFKC.String(s))) != s
}

// isDefaultIgnorable is Unicode's Default_Ignorable_Code_Point, which Go
// does not tabulate, by its derivation in DerivedCoreProperties.txt:
// Other_Default_Ignorable_Code_Point + Cf + Variation_Selector, less
// White_Space, U+FFF9..U+FFFB, U+13430..U+1343F and
// Prepended_Concatenation_Mark.
func isDefaultIgnorable(r rune) bool {
	if unicode.In(r, unicode.White_Space, unicode.Prepended_Concatenation_Mark) ||
		0xFFF9 <= r && r <= 0xFFFB || 0x13430 <= r && r <= 0x1343F {
		return false
	}
	return unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Cf, unicode.Variation_Selector)
}

// isOldHangulJamo is RFC 5892 §2.9: Hangul_Syllable_Type L, V or T.
func isOldHangulJamo(r rune) bool {
	return 0x1100 <= r && r <= 0x11FF || 0xA960 <= r && r <= 0xA97C || 0xD7B0 <= r && r <= 0xD7C6 || 0xD7CB <= r && r <= 0xD7FB
}

// contextORule applies the CONTEXTO rule of RFC 5892 Appendix A.3 to A.9
// to rs[i].
func contextORule(rs []rune, i int) bool {
	before, after := rune(-1), rune(-1)
	if i > 0 {
		before = rs[i-1]
	}
	if i+1 < len(rs) {
		after = rs[i+1]
	}
	switch r := rs[i]; {
	case r == 0x00B7: // MIDDLE DOT: between two "l"
		return before == 'l' && after == 'l'
	case r == 0x0375: // GREEK LOWER NUMERAL SIGN: before Greek
		return after >= 0 && unicode.Is(unicode.Greek, after)
	case r == 0x05F3, r == 0x05F4: // HEBREW GERESH, GERSHAYIM: after Hebrew
		return before >= 0 && unicode.Is(unicode.Hebrew, before)
	case r == 0x30FB: // KATAKANA MIDDLE DOT: with Hiragana, Katakana or Han
		for _, c := range rs {
			if unicode.In(c, unicode.Hiragana, unicode.Katakana, unicode.Han) {
				return true
			}
		}
		return false
	case 0x0660 <= r && r <= 0x0669: // ARABIC-INDIC DIGITS: not with extended ones
		return !containsRange(rs, 0x06F0, 0x06F9)
	case 0x06F0 <= r && r <= 0x06F9: // EXTENDED ARABIC-INDIC DIGITS
		return !containsRange(rs, 0x0660, 0x0669)
	}
	return false
}

func containsRange(rs []rune, lo, hi rune) bool {
	for _, r := range rs {
		if lo <= r && r <= hi {
			return true
		}
	}
	return false
}
