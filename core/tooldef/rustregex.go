package tooldef

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A custom tool's regular expressions, in its regex grammar and in the
// terminals of its lark grammar, are written in the syntax of Rust's
// regex crate (OpenAI's function calling guide: "regexes use the Rust
// regex crate syntax, not Python's re module"), without the features
// OpenAI leaves out: lookarounds and lazy modifiers (*?, +?, ??).
//
// toolbench checks and matches them with Go's regexp, whose syntax is
// close to the crate's but not the same. CompileRustRegex translates
// what differs and it knows how to, and says where it cannot:
//
//   - \d, \s and \w (and \D, \S, \W) are Unicode classes in the crate and
//     ASCII ones in Go: they become \p{Nd}, the White_Space characters,
//     and letters, marks, decimal digits, connector punctuation and the
//     joiners.
//   - \u{7F}, \u007F, \U{7F} and \U0000007F are the crate's; they become
//     \x{7F}.
//   - \1 to \9 and \0 are octal escapes in Go and an error in the crate
//     (it has no backreferences): they are reported.
//   - \b and \B are Unicode in the crate and ASCII in Go: the match is
//     exact on ASCII input only.
//   - \<, \>, \b{start} and the like, classes nested in classes and
//     their set operations (&&, --, ~~), the u, x and R flags, repetition
//     counts above Go's 1000, and Unicode properties Go does not know
//     (\p{Alphabetic}) compile or mean otherwise in Go: such a pattern is
//     not reported, and not matched.

// RustRegex is a regular expression of Rust's regex crate, compiled with
// Go's regexp to match a whole input.
type RustRegex struct {
	re *regexp.Regexp // nil when Unchecked says why
	// Unchecked says why the pattern is not matched here, "" when it
	// is.
	Unchecked string
	// asciiOnly is set when the match is exact on ASCII input only.
	asciiOnly bool
}

// MatchWhole reports whether the pattern matches the whole of s, as
// constrained sampling makes the model's text a sentence of it. ok is
// false when toolbench cannot tell: the pattern is not matched here
// (Unchecked), or it is exact on ASCII input only and s is not ASCII.
func (r *RustRegex) MatchWhole(s string) (match, ok bool) {
	if r.re == nil {
		return false, false
	}
	if r.asciiOnly && !isASCII(s) {
		return false, false
	}
	return r.re.MatchString(s), true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// GrammarProblem is what is wrong with a grammar or a regular expression
// in one: where (a byte offset in its text) and what.
type GrammarProblem struct {
	Offset int
	Msg    string
	Hint   string
	// Advice marks a problem OpenAI's guide advises against rather than
	// one it rejects.
	Advice bool
}

// Unicode classes of the crate, for Go's regexp: White_Space, and the
// word characters (Alphabetic is near enough to letters and marks).
const (
	rustSpace = `\t-\r \x{85}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}`
	rustWord  = `\p{L}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}`
)

// CompileRustRegex checks pattern, a regular expression of Rust's regex
// crate as OpenAI accepts it, and compiles it to match a whole input.
// It returns the problems OpenAI would reject, and the advice of its
// guide, in pattern order; the regex is nil when there is a problem
// that is not advice.
func CompileRustRegex(pattern string) (*RustRegex, []GrammarProblem) {
	t := rustTranslator{src: pattern}
	t.translate()
	rejected := false
	for _, p := range t.problems {
		rejected = rejected || !p.Advice
	}
	if rejected {
		return nil, t.problems
	}
	r := &RustRegex{Unchecked: t.unchecked, asciiOnly: t.asciiOnly}
	// Compiled alone first, so that an error quotes the pattern rather
	// than the anchors around it.
	_, err := regexp.Compile(t.out.String())
	var re *regexp.Regexp
	if err == nil {
		re, err = regexp.Compile(`\A(?:` + t.out.String() + `)\z`)
	}
	switch {
	case err == nil:
		if r.Unchecked == "" {
			r.re = re
		}
	case t.unchecked != "":
		// Go reads it otherwise; the crate may well accept it.
	default:
		var se *syntax.Error
		if errors.As(err, &se) && (se.Code == syntax.ErrInvalidRepeatSize || se.Code == syntax.ErrInvalidCharRange && strings.Contains(se.Expr, `\p`) || se.Code == syntax.ErrInvalidCharRange && strings.Contains(se.Expr, `\P`)) {
			r.Unchecked = "it uses " + strconv.Quote(se.Expr) + ", which Go's regexp does not take and Rust's regex crate may"
			break
		}
		at, msg := 0, err.Error()
		if se != nil {
			msg = string(se.Code)
			// Go quotes a piece of the pattern it read, which is the
			// translation: quote it only when it is the pattern's own
			// text, and point at an unbalanced parenthesis, which Go
			// quotes as the whole pattern, where it is.
			paren := se.Code == syntax.ErrMissingParen || se.Code == syntax.ErrUnexpectedParen
			if i := unbalancedParen(pattern); paren && i >= 0 {
				at = i
			} else if i := strings.Index(pattern, se.Expr); se.Expr != "" && i >= 0 {
				msg += ": " + strconv.Quote(se.Expr)
				at = i
			}
		}
		t.problems = append(t.problems, GrammarProblem{Offset: at, Msg: "the regular expression does not compile: " + msg,
			Hint: "Write it in the syntax of Rust's regex crate (docs.rs/regex/#syntax)."})
		return nil, t.problems
	}
	return r, t.problems
}

// rustTranslator rewrites a pattern of the crate into Go's syntax,
// collecting the problems it finds on the way.
type rustTranslator struct {
	src       string
	i         int
	out       strings.Builder
	problems  []GrammarProblem
	unchecked string
	asciiOnly bool
}

func (t *rustTranslator) problem(at int, msg, hint string) {
	t.problems = append(t.problems, GrammarProblem{Offset: at, Msg: msg, Hint: hint})
}

func (t *rustTranslator) advise(at int, msg, hint string) {
	t.problems = append(t.problems, GrammarProblem{Offset: at, Msg: msg, Hint: hint, Advice: true})
}

func (t *rustTranslator) uncheck(why string) {
	if t.unchecked == "" {
		t.unchecked = why
	}
}

const (
	lazyHint       = "Use a greedy quantifier, bounded where the text must stop: OpenAI does not support lazy modifiers."
	lookaroundHint = "Rewrite without look-ahead or look-behind: OpenAI does not support lookarounds, and Rust's regex crate has none."
)

func (t *rustTranslator) translate() {
	s := t.src
	if len(s) >= 2 && s[0] == '/' && strings.LastIndexByte(s, '/') > 0 {
		t.advise(0, "the pattern is enclosed in slashes, which are then part of it",
			"Give the plain pattern, without the enclosing //, as OpenAI's guide says.")
	}
	if i := strings.IndexAny(s, "\n\r"); i >= 0 {
		t.advise(i, "the pattern spans more than one line",
			`Keep it on one line, and match a newline with \n, as OpenAI's guide says.`)
	}
	for t.i < len(s) {
		c := s[t.i]
		switch c {
		case '\\':
			t.escape(false)
		case '[':
			t.class()
		case '(':
			t.group()
		case '*', '+', '?':
			t.out.WriteByte(c)
			t.i++
			t.lazy(t.i - 1)
		case '{':
			t.repeat()
		default:
			t.out.WriteByte(c)
			t.i++
		}
	}
}

// lazy reports a ? after the quantifier at q.
func (t *rustTranslator) lazy(q int) {
	if t.i < len(t.src) && t.src[t.i] == '?' {
		t.problem(q, "lazy modifier "+strconv.Quote(t.src[q:t.i+1])+" is not supported", lazyHint)
		t.i++
	}
}

var repeatRE = regexp.MustCompile(`^\{\s*(\d+)\s*(,\s*(\d*)\s*)?\}`)

// repeat copies a counted repetition, {n}, {n,} or {n,m}, or a brace
// that is a literal.
func (t *rustTranslator) repeat() {
	m := repeatRE.FindStringSubmatch(t.src[t.i:])
	if m == nil {
		t.out.WriteString(`\{`)
		t.i++
		return
	}
	start := t.i
	for _, n := range []string{m[1], m[3]} {
		if v, err := strconv.Atoi(n); n != "" && (err != nil || v > 1000) {
			t.uncheck("it repeats " + strconv.Quote(m[0]) + ", more than Go's regexp takes")
		}
	}
	t.out.WriteString(strings.ReplaceAll(m[0], " ", ""))
	t.i += len(m[0])
	t.lazy(start)
}

// group copies an opening parenthesis and what makes the group's kind.
func (t *rustTranslator) group() {
	s, at := t.src[t.i:], t.i
	for _, la := range [...]string{"(?=", "(?!", "(?<=", "(?<!"} {
		if strings.HasPrefix(s, la) {
			t.problem(at, "lookaround "+strconv.Quote(la)+" is not supported", lookaroundHint)
			t.out.WriteString("(?:")
			t.i += len(la)
			return
		}
	}
	if !strings.HasPrefix(s, "(?") || strings.HasPrefix(s, "(?P<") || strings.HasPrefix(s, "(?<") || strings.HasPrefix(s, "(?:") {
		t.out.WriteByte('(')
		t.i++
		return
	}
	// Flags: (?flags) or (?flags:...).
	j := 2
	for j < len(s) && strings.IndexByte("imsRUux-", s[j]) >= 0 {
		j++
	}
	flags := s[2:j]
	var kept strings.Builder
	for k := 0; k < len(flags); k++ {
		switch f := flags[k]; f {
		case 'U':
			t.problem(at, "the U flag makes quantifiers lazy, which is not supported", lazyHint)
		case 'x':
			t.advise(at, "the x flag (verbose mode) lets the pattern span lines", "Write the pattern without verbose mode, on one line, as OpenAI's guide says.")
			t.uncheck("it uses verbose mode (the x flag)")
		case 'u', 'R':
			t.uncheck("it sets the " + string(f) + " flag, which Go's regexp does not know")
		default:
			kept.WriteByte(f)
		}
	}
	k := strings.TrimSuffix(kept.String(), "-")
	switch {
	case k != "":
		t.out.WriteString("(?" + k)
		t.i += j
	case j < len(s) && s[j] == ':':
		// Every flag was dropped: the group stays a group.
		t.out.WriteString("(?:")
		t.i += j + 1
	default:
		// (?u) alone: nothing is left of it.
		t.i += min(j+1, len(s))
	}
}

// escape translates the escape at t.i, in a class or not.
func (t *rustTranslator) escape(inClass bool) {
	s, at := t.src, t.i
	if at+1 >= len(s) {
		t.problem(at, "the pattern ends with a lone backslash", `Escape it as \\.`)
		t.i++
		return
	}
	c := s[at+1]
	t.i += 2
	switch {
	case c >= '0' && c <= '9':
		t.problem(at, strconv.Quote(s[at:at+2])+" is a backreference or an octal escape, which Rust's regex crate does not have",
			`Repeat the group's pattern instead of referring back to it; write a character by \x{..}.`)
	case c == 'u' || c == 'U':
		t.unicodeEscape(at, c)
	case c == 'd':
		t.out.WriteString(`\p{Nd}`)
	case c == 'D':
		t.out.WriteString(`\P{Nd}`)
	case c == 's' || c == 'w':
		class := map[byte]string{'s': rustSpace, 'w': rustWord}[c]
		if inClass {
			t.out.WriteString(class)
		} else {
			t.out.WriteString("[" + class + "]")
		}
	case c == 'S' || c == 'W':
		class := map[byte]string{'S': rustSpace, 'W': rustWord}[c]
		if inClass {
			t.uncheck("it uses " + strconv.Quote(s[at:at+2]) + " inside a class")
			t.out.WriteString(s[at : at+2])
		} else {
			t.out.WriteString("[^" + class + "]")
		}
	case (c == 'b' || c == 'B') && !inClass:
		if c == 'b' && t.i < len(s) && s[t.i] == '{' {
			if j := strings.IndexByte(s[t.i:], '}'); j >= 0 {
				t.uncheck("it uses the word boundary " + strconv.Quote(s[at:t.i+j+1]))
				t.i += j + 1
			}
		}
		t.asciiOnly = true
		t.out.WriteString(s[at : at+2])
	case c == '<' || c == '>':
		t.uncheck("it uses the word boundary " + strconv.Quote(s[at:at+2]))
		t.out.WriteString(`\b`)
	default:
		t.out.WriteString(s[at:t.i])
	}
}

// unicodeEscape translates \u and \U escapes: \u{HEX}, \uXXXX,
// \UXXXXXXXX.
func (t *rustTranslator) unicodeEscape(at int, c byte) {
	s := t.src
	var hex string
	if t.i < len(s) && s[t.i] == '{' {
		j := strings.IndexByte(s[t.i:], '}')
		if j < 0 {
			t.problem(at, "the escape "+strconv.Quote(s[at:])+" is not closed", "Close it with }.")
			return
		}
		hex, t.i = s[t.i+1:t.i+j], t.i+j+1
	} else {
		n := 4
		if c == 'U' {
			n = 8
		}
		if t.i+n > len(s) {
			t.problem(at, "the escape "+strconv.Quote(s[at:])+" needs "+strconv.Itoa(n)+" hexadecimal digits", `Write \u{...}.`)
			t.i = len(s)
			return
		}
		hex, t.i = s[t.i:t.i+n], t.i+n
	}
	if v, err := strconv.ParseUint(hex, 16, 32); err != nil || v > utf8.MaxRune {
		t.problem(at, "the escape "+strconv.Quote(s[at:t.i])+" is not a Unicode scalar value", `Write \u{...} with up to six hexadecimal digits.`)
		return
	}
	t.out.WriteString(`\x{` + hex + `}`)
}

// class copies a bracketed class.
func (t *rustTranslator) class() {
	s, at := t.src, t.i
	t.out.WriteByte('[')
	t.i++
	if t.i < len(s) && s[t.i] == '^' {
		t.out.WriteByte('^')
		t.i++
	}
	if t.i < len(s) && s[t.i] == ']' {
		t.out.WriteString(`\]`)
		t.i++
	}
	for t.i < len(s) {
		c := s[t.i]
		switch {
		case c == ']':
			t.out.WriteByte(']')
			t.i++
			return
		case c == '\\':
			t.escape(true)
		case c == '[' && strings.HasPrefix(s[t.i:], "[:"):
			j := strings.Index(s[t.i:], ":]")
			if j < 0 {
				j = 1
			} else {
				j += 2
			}
			t.out.WriteString(s[t.i : t.i+j])
			t.i += j
		case c == '[':
			t.uncheck("it nests a class in a class, which Go's regexp reads otherwise")
			t.out.WriteString(`\[`)
			t.i++
		case (c == '&' || c == '-' || c == '~') && strings.HasPrefix(s[t.i:], string([]byte{c, c})):
			t.uncheck("it uses the class operation " + strconv.Quote(string([]byte{c, c})))
			t.out.WriteString(`\` + string(c) + `\` + string(c))
			t.i += 2
		default:
			t.out.WriteByte(c)
			t.i++
		}
	}
	t.problem(at, "the class opened here is not closed", "Close it with ].")
}

// unbalancedParen returns the offset in pattern of the first ")" that
// closes no group, else of the last "(" that no ")" closes, else -1.
// Escaped parentheses and those in a character class are not groups.
func unbalancedParen(pattern string) int {
	var open []int
	class := 0 // the depth of character classes, which the crate nests
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case c == '[':
			class++
		case c == ']' && class > 0:
			class--
		case class > 0:
		case c == '(':
			open = append(open, i)
		case c == ')' && len(open) == 0:
			return i
		case c == ')':
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		return open[len(open)-1]
	}
	return -1
}
