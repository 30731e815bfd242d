package lint

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"toolbench/core/termtext"
)

// targetNames are the targets' name rules, by code, with their patterns:
// the ones the base invalid-name rule follows when targets are on.
var targetNames = []struct {
	code    string
	pattern *namePattern
}{
	{"openai/invalid-name", &openaiNames},
	{"anthropic/invalid-name", &anthropicNames},
	{"gemini/invalid-name", &geminiNames},
	{"mcp/invalid-name", &mcpNames},
}

// namePattern is a rule for names: at most max characters, the first of
// them passing first and the others rest. Every name rule, the base
// rule's and the providers', is one, so they find and word problems
// alike.
type namePattern struct {
	provider    string // whose rule it is, as messages name it; "" for the base rule's
	max         int
	first, rest func(byte) bool
	allowed     string // the characters allowed, as the hint names them
}

// problem says how name breaks the pattern, as the predicate of a
// sentence about it ("contains ' ' and '!'"), or returns "" when it keeps
// to it.
//
// The characters hidden-characters reports are its to report, with the
// fix that deletes them: the name is judged without them, so that one
// zero-width space is one issue.
func (p namePattern) problem(name string) string {
	name = withoutHidden(name)
	if name == "" {
		return "is empty"
	}
	var bad []string
	for i, r := range name {
		if r < utf8.RuneSelf && (i == 0 && p.first(byte(r)) || i > 0 && p.rest(byte(r))) {
			continue
		}
		if i == 0 && r < utf8.RuneSelf && p.rest(byte(r)) {
			return "starts with " + termtext.Quote(string(r)) + ", which is not allowed first"
		}
		if q := termtext.Quote(string(r)); !slices.Contains(bad, q) {
			bad = append(bad, q)
		}
	}
	if len(bad) > 0 {
		return "contains " + andList(bad)
	}
	if n := utf8.RuneCountInString(name); n > p.max {
		return "is " + strconv.Itoa(n) + " characters long; the limit is " + strconv.Itoa(p.max)
	}
	return ""
}

// withoutHidden is s without the characters termtext.FindHidden finds.
func withoutHidden(s string) string {
	found := termtext.FindHidden(s)
	if len(found) == 0 {
		return s
	}
	var b strings.Builder
	at := 0
	for _, h := range found {
		b.WriteString(s[at:h.Offset])
		at = h.Offset + utf8.RuneLen(h.Rune)
	}
	b.WriteString(s[at:])
	return b.String()
}

// hint says what the pattern allows.
func (p namePattern) hint() string {
	return "Use only " + p.allowed + ", at most " + strconv.Itoa(p.max) + " characters."
}

// suggest turns name into one that keeps to the pattern by replacing each
// run of other characters with '_', or returns "" when nothing sensible
// is left.
func (p namePattern) suggest(name string) string {
	var b strings.Builder
	pending := false
	for _, r := range name {
		if r < utf8.RuneSelf && p.rest(byte(r)) {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	s := b.String()
	if s == "" {
		return ""
	}
	if !p.first(s[0]) {
		s = "_" + s
	}
	if len(s) > p.max {
		s = strings.TrimRight(s[:p.max], "_-")
	}
	if p.problem(s) != "" {
		return ""
	}
	return s
}

// andList joins items as a sentence lists them: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Bytes of names, as the patterns allow them.

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// wordByte is a letter, a digit, '_' or '-': what OpenAI and Anthropic
// allow anywhere in a name.
func wordByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '-' }

// letterOrUnderscore is what the base pattern and Gemini allow first.
func letterOrUnderscore(c byte) bool { return isLetter(c) || c == '_' }

// nameRuleWithTargets is the paragraph every target's name rule has in
// its doc: how it and the base invalid-name rule share a defect.
const nameRuleWithTargets = `With the target on, the base invalid-name rule holds names to this
rule's pattern instead of its own, and reports what this rule finds, as
one issue under its code and severity naming every provider whose rule
the name breaks in the same way: --ignore invalid-name silences it.
When every name rule it follows is a warning (MCP's, with only MCP's
targets on), the issue is under the code and severity of the first of
them instead. Turning this rule off takes its provider out of the issue,
and silences it when no other provider is left.

`
