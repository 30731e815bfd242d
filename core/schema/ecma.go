package schema

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// The ECMA-262 pattern grammar with the u flag (ECMA-262 2025, §22.2.1,
// with UnicodeMode and NamedCaptureGroups set, UnicodeSetsMode not),
// checked here because regexp2's ECMAScript mode, even with its Unicode
// option, accepts syntax that u-mode rejects: inline flags "(?i)", comment
// groups "(?#c)", atomic groups "(?>a)", lone "{", "}" and "]", identity
// escapes of letters and "-" ("\a", "\-"), "\A" and "\z" anchors. A
// pattern must pass this check and compile in regexp2 too; regexp2 alone
// judges Unicode property names and duplicate group names, which it checks
// as ECMA-262 does.

// maxPatternDepth bounds group nesting, so a hostile pattern cannot
// exhaust the stack; no pattern a person writes comes near it.
const maxPatternDepth = 500

// patternError is a syntax error in a pattern, at a byte offset.
type patternError struct {
	offset int
	msg    string
}

func (e *patternError) Error() string {
	return fmt.Sprintf("%s at offset %d (ECMA-262, u flag)", e.msg, e.offset)
}

// patternParser reads a pattern once, from left to right, keeping what the
// early errors need at the end: the number of capturing groups, their
// names, and the references to them.
type patternParser struct {
	src    string
	pos    int
	depth  int
	groups int             // capturing groups seen
	names  map[string]bool // group names seen
	maxRef int             // highest \N seen
	refPos int             // offset of that \N
	named  []namedRef      // \k<name> seen
}

type namedRef struct {
	name string
	pos  int
}

// checkPattern reports the first syntax error of p as an ECMA-262 pattern
// read with the u flag, or nil.
func checkPattern(p string) error {
	ps := &patternParser{src: p, names: map[string]bool{}}
	if err := ps.disjunction(); err != nil {
		return err
	}
	if ps.pos < len(ps.src) {
		return ps.fail("unmatched ')'")
	}
	if ps.maxRef > ps.groups {
		return &patternError{ps.refPos, fmt.Sprintf("reference to group %d, which does not exist", ps.maxRef)}
	}
	for _, r := range ps.named {
		if !ps.names[r.name] {
			return &patternError{r.pos, fmt.Sprintf("reference to group %q, which does not exist", r.name)}
		}
	}
	return nil
}

func (p *patternParser) fail(msg string) error { return &patternError{p.pos, msg} }

func (p *patternParser) done() bool { return p.pos >= len(p.src) }

// peek returns the next rune, or -1 at the end.
func (p *patternParser) peek() rune {
	if p.done() {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

func (p *patternParser) next() rune {
	r, n := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += n
	return r
}

func (p *patternParser) eat(r rune) bool {
	if p.peek() != r {
		return false
	}
	p.pos += utf8.RuneLen(r)
	return true
}

func (p *patternParser) hasPrefix(s string) bool {
	return len(p.src)-p.pos >= len(s) && p.src[p.pos:p.pos+len(s)] == s
}

// disjunction reads Alternative ( "|" Alternative )* up to a ")" or the end.
func (p *patternParser) disjunction() error {
	for {
		for !p.done() && p.peek() != '|' && p.peek() != ')' {
			if err := p.term(); err != nil {
				return err
			}
		}
		if !p.eat('|') {
			return nil
		}
	}
}

// term reads an assertion, or an atom and its quantifier.
func (p *patternParser) term() error {
	quantifiable, err := p.atom()
	if err != nil {
		return err
	}
	switch p.peek() {
	case '*', '+', '?', '{':
	default:
		return nil
	}
	if !quantifiable {
		return p.fail("nothing to repeat")
	}
	return p.quantifier()
}

// atom reads one assertion or atom and says whether a quantifier may
// follow it: with the u flag, no assertion may be quantified, lookaheads
// included.
func (p *patternParser) atom() (quantifiable bool, err error) {
	switch p.peek() {
	case '^', '$':
		p.pos++
		return false, nil
	case '.':
		p.pos++
		return true, nil
	case '\\':
		if p.hasPrefix(`\b`) || p.hasPrefix(`\B`) {
			p.pos += 2
			return false, nil
		}
		p.pos++
		return true, p.atomEscape()
	case '(':
		return p.group()
	case '[':
		return true, p.class()
	case '*', '+', '?':
		return false, p.fail("nothing to repeat")
	case '{':
		if p.quantifierAhead() {
			return false, p.fail("nothing to repeat")
		}
		return false, p.fail("lone '{'")
	case '}':
		return false, p.fail("lone '}'")
	case ']':
		return false, p.fail("lone ']'")
	}
	p.next()
	return true, nil
}

// quantifierAhead reports whether a brace quantifier starts here.
func (p *patternParser) quantifierAhead() bool {
	save := p.pos
	defer func() { p.pos = save }()
	return p.braces() == nil
}

func (p *patternParser) quantifier() error {
	if p.peek() == '{' {
		if err := p.braces(); err != nil {
			return err
		}
	} else {
		p.pos++
	}
	p.eat('?')
	return nil
}

// braces reads "{n}", "{n,}" or "{n,m}".
func (p *patternParser) braces() error {
	start := p.pos
	p.pos++
	lo := p.digits()
	if lo == "" {
		p.pos = start
		return p.fail("lone '{'")
	}
	hi := lo
	if p.eat(',') {
		hi = p.digits()
	}
	if !p.eat('}') {
		p.pos = start
		return p.fail("incomplete quantifier")
	}
	if hi != "" && compareDecimal(lo, hi) > 0 {
		p.pos = start
		return p.fail("numbers out of order in quantifier")
	}
	return nil
}

func (p *patternParser) digits() string {
	start := p.pos
	for !p.done() && isDigit(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

// compareDecimal compares two strings of decimal digits by value; a
// quantifier's bounds may be longer than any integer type.
func compareDecimal(a, b string) int {
	a, b = trimZeros(a), trimZeros(b)
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

// group reads a parenthesized group or lookaround, with its contents.
func (p *patternParser) group() (quantifiable bool, err error) {
	open := p.pos
	p.pos++ // (
	quantifiable = true
	switch {
	case p.hasPrefix("?=") || p.hasPrefix("?!"):
		p.pos += 2
		quantifiable = false
	case p.hasPrefix("?<=") || p.hasPrefix("?<!"):
		p.pos += 3
		quantifiable = false
	case p.hasPrefix("?<"):
		p.pos += 2
		name, err := p.groupName()
		if err != nil {
			return false, err
		}
		p.names[name] = true
		p.groups++
	case p.hasPrefix("?"):
		p.pos++
		if err := p.modifiers(); err != nil {
			return false, err
		}
	default:
		p.groups++
	}
	if p.depth++; p.depth > maxPatternDepth {
		return false, p.fail("groups nested too deeply")
	}
	if err := p.disjunction(); err != nil {
		return false, err
	}
	p.depth--
	if !p.eat(')') {
		return false, &patternError{open, "unterminated group"}
	}
	return quantifiable, nil
}

// modifiers reads what follows "(?" in a non-capturing group: nothing, or
// the flags i, m and s to add and, after "-", to remove, then ":". Each
// flag may appear once in all, and "(?-:" names none.
func (p *patternParser) modifiers() error {
	start := p.pos - 2
	seen := map[rune]bool{}
	add, remove := 0, 0
	counting := &add
	for {
		switch r := p.peek(); r {
		case 'i', 'm', 's':
			if seen[r] {
				return p.fail(fmt.Sprintf("flag %c repeated in group modifiers", r))
			}
			seen[r] = true
			*counting++
			p.pos++
		case '-':
			if counting == &remove {
				return &patternError{start, "invalid group"}
			}
			counting = &remove
			p.pos++
		case ':':
			if counting == &remove && add+remove == 0 {
				return &patternError{start, "group modifiers name no flag"}
			}
			p.pos++
			return nil
		default:
			return &patternError{start, "invalid group"}
		}
	}
}

// groupName reads RegExpIdentifierName ">" after "(?<" or "\k<".
func (p *patternParser) groupName() (string, error) {
	start := p.pos
	var name []rune
	for !p.eat('>') {
		if p.done() {
			return "", &patternError{start, "unterminated group name"}
		}
		at := p.pos
		r := p.next()
		if r == '\\' {
			if !p.eat('u') {
				return "", &patternError{at, "invalid group name"}
			}
			v, err := p.unicodeEscape()
			if err != nil {
				return "", err
			}
			r = v
		}
		ok := isIDContinue(r) || r == '$' || r == '\u200c' || r == '\u200d'
		if len(name) == 0 {
			ok = isIDStart(r) || r == '$' || r == '_'
		}
		if !ok {
			return "", &patternError{at, "invalid group name"}
		}
		name = append(name, r)
	}
	if len(name) == 0 {
		return "", &patternError{start, "empty group name"}
	}
	return string(name), nil
}

// atomEscape reads what follows a backslash outside a class.
func (p *patternParser) atomEscape() error {
	if p.done() {
		return p.fail(`\ at end of pattern`)
	}
	at := p.pos
	switch c := p.src[p.pos]; {
	case '1' <= c && c <= '9':
		n := p.digits()
		if v := decimalValue(n); v > p.maxRef {
			p.maxRef, p.refPos = v, at-1
		}
		return nil
	case c == 'k':
		p.pos++
		if !p.eat('<') {
			return &patternError{at - 1, `\k without a group name`}
		}
		name, err := p.groupName()
		if err != nil {
			return err
		}
		p.named = append(p.named, namedRef{name, at - 1})
		return nil
	}
	_, _, err := p.classOrCharEscape(false)
	return err
}

// decimalValue is the value of a \N reference, saturated: any group
// number beyond the int range is beyond the groups too.
func decimalValue(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		if v > 1<<30 {
			return 1 << 31
		}
		v = v*10 + int(s[i]-'0')
	}
	return v
}

// classOrCharEscape reads a CharacterClassEscape or a CharacterEscape
// after a backslash, and inside a class also "\b" and "\-". It returns
// the escaped code point, or isClass for an escape that stands for a set.
func (p *patternParser) classOrCharEscape(inClass bool) (r rune, isClass bool, err error) {
	at := p.pos - 1
	c := p.next()
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		return 0, true, nil
	case 'p', 'P':
		return 0, true, p.property(at)
	case 'f':
		return '\f', false, nil
	case 'n':
		return '\n', false, nil
	case 'r':
		return '\r', false, nil
	case 't':
		return '\t', false, nil
	case 'v':
		return '\v', false, nil
	case 'c':
		if l := p.peek(); 'a' <= l && l <= 'z' || 'A' <= l && l <= 'Z' {
			p.pos++
			return l % 32, false, nil
		}
		return 0, false, &patternError{at, `\c must be followed by an ASCII letter`}
	case '0':
		if !p.done() && isDigit(p.src[p.pos]) {
			return 0, false, &patternError{at, "octal escapes are not allowed"}
		}
		return 0, false, nil
	case 'x':
		v, ok := p.hex(2)
		if !ok {
			return 0, false, &patternError{at, `\x must be followed by two hex digits`}
		}
		return v, false, nil
	case 'u':
		v, err := p.unicodeEscape()
		return v, false, err
	case 'b':
		if inClass {
			return '\b', false, nil
		}
	case '-':
		if inClass {
			return '-', false, nil
		}
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/':
		return c, false, nil
	}
	return 0, false, &patternError{at, fmt.Sprintf(`invalid escape \%c`, c)}
}

// unicodeEscape reads what follows "\u": four hex digits, a surrogate
// pair written as two such escapes (one code point with the u flag), or
// "{" hex digits "}" up to U+10FFFF. The backslash is at p.pos-2.
func (p *patternParser) unicodeEscape() (rune, error) {
	at := p.pos - 2
	if p.eat('{') {
		start := p.pos
		for !p.done() && isHex(p.src[p.pos]) {
			p.pos++
		}
		digits := p.src[start:p.pos]
		if digits == "" || !p.eat('}') || compareHex(digits, "10FFFF") > 0 {
			return 0, &patternError{at, `invalid \u{...} escape`}
		}
		return rune(hexValue(digits)), nil
	}
	v, ok := p.hex(4)
	if !ok {
		return 0, &patternError{at, `\u must be followed by four hex digits or {...}`}
	}
	if 0xD800 <= v && v <= 0xDBFF && p.hasPrefix(`\u`) {
		save := p.pos
		p.pos += 2
		if lo, ok := p.hex(4); ok && 0xDC00 <= lo && lo <= 0xDFFF {
			return 0x10000 + (v-0xD800)<<10 + (lo - 0xDC00), nil
		}
		p.pos = save
	}
	return v, nil
}

func (p *patternParser) hex(n int) (rune, bool) {
	if len(p.src)-p.pos < n {
		return 0, false
	}
	s := p.src[p.pos : p.pos+n]
	for i := 0; i < n; i++ {
		if !isHex(s[i]) {
			return 0, false
		}
	}
	p.pos += n
	return rune(hexValue(s)), true
}

func compareHex(a, b string) int {
	a = trimZeros(a)
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return int(hexValue(a)) - int(hexValue(b))
}

func hexValue(s string) uint32 {
	var v uint32
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		v = v<<4 | uint32(c)
	}
	return v
}

// property reads the "{name}", "{value}" or "{name=value}" of \p or \P.
// Only the lexical form is checked here; which names and values exist is
// regexp2's check, against the tables ECMA-262 lists.
func (p *patternParser) property(at int) error {
	if !p.eat('{') {
		return &patternError{at, `\p and \P must be followed by {...}`}
	}
	first := p.span(isPropertyChar)
	if p.eat('=') {
		for i := 0; i < len(first); i++ {
			if isDigit(first[i]) {
				return &patternError{at, "invalid property name"}
			}
		}
		if p.span(isPropertyChar) == "" {
			first = ""
		}
	}
	if first == "" || !p.eat('}') {
		return &patternError{at, "invalid property name"}
	}
	return nil
}

func isPropertyChar(c byte) bool {
	return c == '_' || isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func (p *patternParser) span(ok func(byte) bool) string {
	start := p.pos
	for !p.done() && ok(p.src[p.pos]) {
		p.pos++
	}
	return p.src[start:p.pos]
}

// class reads a character class. With the u flag a range may not have a
// class escape at either end, and its ends must be in order.
func (p *patternParser) class() error {
	open := p.pos
	p.pos++ // [
	p.eat('^')
	for !p.eat(']') {
		if p.done() {
			return &patternError{open, "unterminated character class"}
		}
		at := p.pos
		lo, loClass, err := p.classAtom()
		if err != nil {
			return err
		}
		if !p.hasPrefix("-") || p.hasPrefix("-]") {
			continue
		}
		p.pos++ // -
		if p.done() {
			return &patternError{open, "unterminated character class"}
		}
		hi, hiClass, err := p.classAtom()
		if err != nil {
			return err
		}
		if loClass || hiClass {
			return &patternError{at, "a class escape cannot be a range's end"}
		}
		if lo > hi {
			return &patternError{at, "range out of order in character class"}
		}
	}
	return nil
}

func (p *patternParser) classAtom() (r rune, isClass bool, err error) {
	if !p.eat('\\') {
		return p.next(), false, nil
	}
	if p.done() {
		return 0, false, p.fail(`\ at end of pattern`)
	}
	return p.classOrCharEscape(true)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// isIDStart and isIDContinue are Unicode's ID_Start and ID_Continue
// (UAX #31), derived from the categories and properties Go's unicode
// package has, since it has no table of either.
func isIDStart(r rune) bool {
	if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start)
}

func isIDContinue(r rune) bool {
	if isIDStart(r) {
		return true
	}
	if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}
