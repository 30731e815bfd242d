package tooldef

import (
	"regexp"
	"strconv"
	"strings"
)

// A custom tool's lark grammar is read by OpenAI as "a variation of
// Lark" (its function calling guide), sampled with LLGuidance. toolbench
// does not parse the Lark language: CheckLark reads the grammar's text
// token by token, as far as the guide says what is not supported:
//
//   - lookarounds and lazy modifiers in the regular expressions of
//     terminals, which are in the syntax of Rust's regex crate (checked
//     as CompileRustRegex checks a regex grammar);
//   - priorities of terminals (NAME.2: ...);
//   - templates (name{x, y}: ...);
//   - imports other than the built-in %import common;
//   - %declare.
//
// A string or a regular expression that is not closed is reported too:
// the text cannot be read past it. Whether the grammar is otherwise a
// valid Lark grammar, and whether an input matches it, toolbench does
// not judge.

// CheckLark returns the problems of a lark grammar's text, in text
// order.
func CheckLark(def string) []GrammarProblem {
	var problems []GrammarProblem
	lineStart := true
	for i := 0; i < len(def); {
		c := def[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '/' && strings.HasPrefix(def[i:], "//"):
			i = lineEnd(def, i)
			continue
		case c == '#' && lineStart:
			i = lineEnd(def, i)
			continue
		case c == '"':
			end, ok := closeQuote(def, i, '"')
			if !ok {
				return append(problems, GrammarProblem{Offset: i, Msg: "the string opened here is not closed", Hint: `Close it with ".`})
			}
			i = end
		case c == '/':
			end, ok := closeQuote(def, i, '/')
			if !ok {
				return append(problems, GrammarProblem{Offset: i, Msg: "the regular expression opened here is not closed", Hint: "Close it with /."})
			}
			problems = append(problems, larkRegexProblems(def, i, end)...)
			i = end
			for i < len(def) && strings.IndexByte("imslux", def[i]) >= 0 {
				i++ // flags
			}
		case c == '%':
			problems = append(problems, larkDirective(def, i)...)
			i = lineEnd(def, i)
		case lineStart && isNameByte(c):
			problems = append(problems, larkDefinition(def, i)...)
			for i < len(def) && isNameByte(def[i]) {
				i++
			}
		default:
			i++
		}
		lineStart = false
	}
	return problems
}

func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// closeQuote returns the offset after the quote closing the one at i,
// on its line, skipping escaped characters.
func closeQuote(s string, i int, q byte) (int, bool) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\n':
			return j, false
		case q:
			return j + 1, true
		}
	}
	return len(s), false
}

func isNameByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// larkRegexProblems checks the regular expression between the slashes at
// start and end-1 as the regex of a terminal, placing its problems in
// the grammar.
func larkRegexProblems(def string, start, end int) []GrammarProblem {
	body := strings.ReplaceAll(def[start+1:end-1], `\/`, "/")
	_, problems := CompileRustRegex(body)
	var out []GrammarProblem
	for _, p := range problems {
		if p.Advice {
			continue // the one-line advice is for regex grammars
		}
		p.Offset += start + 1
		p.Msg = "in the terminal's regular expression, " + p.Msg
		out = append(out, p)
	}
	return out
}

var larkImport = regexp.MustCompile(`^%import\s+([A-Za-z_][\w.]*)`)

// larkDirective checks the directive at i.
func larkDirective(def string, i int) []GrammarProblem {
	line := def[i:lineEnd(def, i)]
	switch {
	case strings.HasPrefix(line, "%declare"):
		return []GrammarProblem{{Offset: i, Msg: "%declare is not supported", Hint: "Define the terminal instead of declaring it."}}
	case strings.HasPrefix(line, "%import"):
		m := larkImport.FindStringSubmatch(line)
		if m == nil || m[1] == "common" || strings.HasPrefix(m[1], "common.") {
			return nil
		}
		return []GrammarProblem{{Offset: i, Msg: "%import of " + strconv.Quote(m[1]) + " is not supported: only the built-in common module is",
			Hint: "Define what you import in the grammar itself, or import it from common (%import common.INT)."}}
	}
	return nil
}

var (
	larkPriority = regexp.MustCompile(`^([A-Z_][A-Z0-9_]*)\.(-?\d+)\s*:`)
	larkTemplate = regexp.MustCompile(`^(_?[a-z][a-z0-9_]*)\s*\{[^}]*\}\s*:`)
)

// larkDefinition checks the definition that starts a line at i.
func larkDefinition(def string, i int) []GrammarProblem {
	line := def[i:lineEnd(def, i)]
	if m := larkPriority.FindStringSubmatch(line); m != nil {
		return []GrammarProblem{{Offset: i, Msg: "the terminal " + m[1] + " has a priority (." + m[2] + "), which is not supported",
			Hint: "Drop the priority, and keep terminals from overlapping instead."}}
	}
	if m := larkTemplate.FindStringSubmatch(line); m != nil {
		return []GrammarProblem{{Offset: i, Msg: "the rule " + m[1] + " is a template, which is not supported",
			Hint: "Write out each use of the template as a rule of its own."}}
	}
	return nil
}
