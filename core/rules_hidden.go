package core

import (
	"fmt"
	"strings"
	"unicode"
)

// hiddenRules find text a reader of a tools file cannot see but a model
// reads: the way instructions are smuggled into tool descriptions.
var hiddenRules = []*Rule{
	{
		Code: "hidden-characters", Severity: Error,
		Summary: "A name, description, property name or enum value holds invisible or control characters.",
		Doc: `Tool names, titles and descriptions, and the descriptions, titles,
property names, enum values and const values of their schemas, reach the
model as text. Characters nobody sees in a review can carry instructions
there: Unicode tag characters (U+E0000 to U+E007F) spell ASCII text that
renders as nothing ("ASCII smuggling"), zero-width characters and variation
selectors hide bytes between visible letters, bidi controls (U+202A-U+202E,
U+2066-U+2069, U+200E, U+200F, U+061C) reorder what a reviewer reads
("Trojan Source", CVE-2021-42574), and control characters such as ESC can
rewrite a terminal that prints them. Any other Unicode format character
(category Cf) is reported too. Newline and tab are not.

The message names each character as \u{...} with what it is and the
character position of its first occurrence in the string (counting from
1), and spells out the text tag characters encode. Joiners inside words of
scripts that need them (Persian, the Indic scripts) and in emoji sequences,
the tags of emoji subdivision flags and an ideographic variation selector
after a Han character are legitimate and not reported.

Fix: delete the characters (retyping the text is the surest way); if a
character is meant, write a visible one instead.

Source: Unicode Technical Standard #39 and Unicode Standard Annex #9
(unicode.org); N. Boucher and R. Anderson, "Trojan Source: Invisible
Vulnerabilities" (CVE-2021-42574, 2021); Invariant Labs, "MCP Security
Notification: Tool Poisoning Attacks" (2025).`,
		Tool:   hiddenCheckTool,
		Schema: hiddenCheckSchema,
	},
}

func hiddenCheckTool(c *ToolContext) {
	t := c.Tool
	if t.NameNode.Is(String) {
		hiddenReport(t.NameNode.Str(), "tool name", func(msg string) {
			c.Report(t.NameNode, AppendKey(t.DefPath, "name"), msg, hiddenHint)
		})
	}
	for _, key := range [...]string{"description", "title"} {
		if v := t.Def.Get(key); v.Is(String) {
			hiddenReport(v.Str(), "tool "+key, func(msg string) {
				c.Report(v, AppendKey(t.DefPath, key), msg, hiddenHint)
			})
		}
	}
}

func hiddenCheckSchema(c *SchemaContext) {
	for _, m := range c.Node.Kids() {
		v := m.Value
		switch m.Key {
		case "description", "title", "const":
			if v.Is(String) {
				what := m.Key
				if what == "const" {
					what = "const value"
				}
				hiddenReport(v.Str(), what, func(msg string) {
					c.ReportAt(v, AppendKey(c.Path(), m.Key), msg, hiddenHint)
				})
			}
		case "enum":
			if !v.Is(Array) {
				continue
			}
			for i, e := range v.Kids() {
				if e.Value.Is(String) {
					hiddenReport(e.Value.Str(), "enum value", func(msg string) {
						c.ReportAt(e.Value, AppendIndex(AppendKey(c.Path(), "enum"), i), msg, hiddenHint)
					})
				}
			}
		case "properties":
			if !v.Is(Object) {
				continue
			}
			for _, p := range v.Kids() {
				hiddenReport(p.Key, "property name", func(msg string) {
					c.ReportKey(p, AppendKey(AppendKey(c.Path(), "properties"), p.Key), msg, hiddenHint)
				})
			}
		}
	}
}

const hiddenHint = "Delete the hidden characters (retype the text to be sure); if a character is meant, write a visible one."

// hiddenReport calls report with a message when s holds hidden characters.
func hiddenReport(s, what string, report func(msg string)) {
	if !hiddenMayHold(s) {
		return
	}
	if msg := hiddenMessage(s, what); msg != "" {
		report(msg)
	}
}

// hiddenMayHold is the fast path: printable ASCII, newline and tab hide
// nothing, and most text is nothing else. It looks at eight bytes at a
// time and at single bytes only in a word that may hold something else.
func hiddenMayHold(s string) bool {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		if x&highs != 0 {
			return true // a byte of a non-ASCII character
		}
		del := x ^ 0x7f*ones
		if (x-0x20*ones)&^x&highs != 0 || (del-ones)&^del&highs != 0 {
			if hiddenASCIIMayHold(s[i : i+8]) {
				return true
			}
		}
	}
	return hiddenASCIIMayHold(s[i:])
}

// hiddenASCIIMayHold is hiddenMayHold a byte at a time.
func hiddenASCIIMayHold(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && c != '\n' && c != '\t' {
			return true
		}
	}
	return false
}

type hiddenFind struct {
	r     rune
	count int
	first int // 1-based character position
}

// hiddenMessage describes the hidden characters of s, or returns "".
func hiddenMessage(s, what string) string {
	runes := []rune(s)
	var finds []hiddenFind
	var tags strings.Builder
	total := 0
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		if !IsHiddenRune(r) {
			continue
		}
		if n := hiddenFlagTags(runes, i); n > 0 {
			i += n - 1
			continue
		}
		if hiddenLegitimate(runes, i) {
			continue
		}
		total++
		if r >= 0xe0020 && r <= 0xe007e {
			tags.WriteRune(r - 0xe0000)
		}
		j := 0
		for j < len(finds) && finds[j].r != r {
			j++
		}
		if j == len(finds) {
			finds = append(finds, hiddenFind{r: r, first: i + 1})
		}
		finds[j].count++
	}
	if total == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s holds %d hidden %s: ", what, total, hiddenPlural(total, "character", "characters"))
	const shown = 6
	for k, f := range finds {
		if k == shown {
			fmt.Fprintf(&b, "; and %d more kinds", len(finds)-shown)
			break
		}
		if k > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (%s)", EscapeRune(f.r), hiddenName(f.r))
		if f.count > 1 {
			fmt.Fprintf(&b, " %d times, first at character %d", f.count, f.first)
		} else {
			fmt.Fprintf(&b, " at character %d", f.first)
		}
	}
	if tags.Len() > 0 {
		text := tags.String()
		if len(text) > 80 {
			text = text[:80] + "..."
		}
		fmt.Fprintf(&b, "; the tag characters spell %q", text)
	}
	return b.String()
}

func hiddenPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// hiddenFlagTags returns the length of the tag sequence of an emoji
// subdivision flag starting at i (U+1F3F4, tag letters or digits, U+E007F
// CANCEL TAG), or 0.
func hiddenFlagTags(runes []rune, i int) int {
	if i == 0 || runes[i-1] != 0x1f3f4 {
		return 0
	}
	for j := i; j < len(runes); j++ {
		switch r := runes[j]; {
		case r == 0xe007f:
			if j == i {
				return 0
			}
			return j - i + 1
		case r >= 0xe0030 && r <= 0xe0039, r >= 0xe0061 && r <= 0xe007a:
		default:
			return 0
		}
	}
	return 0
}

// hiddenLegitimate reports the invisible characters that text needs:
// joiners between the letters of a script that uses them or between emoji,
// and one ideographic variation selector after a Han character.
func hiddenLegitimate(runes []rune, i int) bool {
	r := runes[i]
	if i == 0 || i == len(runes)-1 {
		return r >= 0xe0100 && r <= 0xe01ef && i > 0 && unicode.Is(unicode.Han, runes[i-1])
	}
	prev, next := runes[i-1], runes[i+1]
	switch {
	case r == 0x200c || r == 0x200d:
		if hiddenIsScriptLetter(prev) && hiddenIsScriptLetter(next) {
			return true
		}
		return r == 0x200d && hiddenIsEmoji(prev) && hiddenIsEmoji(next)
	case r >= 0xe0100 && r <= 0xe01ef:
		return unicode.Is(unicode.Han, prev) && !(next >= 0xe0100 && next <= 0xe01ef)
	}
	return false
}

// hiddenIsScriptLetter is a letter or mark outside ASCII: joiners between Latin
// letters shape nothing and only hide text.
func hiddenIsScriptLetter(r rune) bool {
	return r >= 0x80 && (unicode.IsLetter(r) || unicode.IsMark(r))
}

func hiddenIsEmoji(r rune) bool {
	switch {
	case r == 0xfe0f, r == 0x20e3:
		return true
	case r >= 0x1f000 && r <= 0x1faff, r >= 0x2600 && r <= 0x27bf, r >= 0x2300 && r <= 0x23ff, r >= 0x2b00 && r <= 0x2bff:
		return true
	}
	return false
}

// hiddenName says what kind of hidden character r is.
func hiddenName(r rune) string {
	switch r {
	case 0x061c:
		return "arabic letter mark"
	case 0x200e:
		return "left-to-right mark"
	case 0x200f:
		return "right-to-left mark"
	case 0x202a:
		return "left-to-right embedding"
	case 0x202b:
		return "right-to-left embedding"
	case 0x202c:
		return "pop directional formatting"
	case 0x202d:
		return "left-to-right override"
	case 0x202e:
		return "right-to-left override"
	case 0x2066:
		return "left-to-right isolate"
	case 0x2067:
		return "right-to-left isolate"
	case 0x2068:
		return "first strong isolate"
	case 0x2069:
		return "pop directional isolate"
	case 0x200b:
		return "zero width space"
	case 0x200c:
		return "zero width non-joiner"
	case 0x200d:
		return "zero width joiner"
	case 0x2060:
		return "word joiner"
	case 0xfeff:
		return "zero width no-break space"
	case 0x1b:
		return "escape"
	case 0x7f:
		return "delete"
	case 0x3164, 0xffa0, 0x115f, 0x1160:
		return "hangul filler"
	}
	switch {
	case r < 0x20 || r >= 0x80 && r <= 0x9f:
		return "control character"
	case r >= 0xe0000 && r <= 0xe007f:
		return "tag character"
	case r >= 0xe0100 && r <= 0xe01ef:
		return "variation selector"
	}
	return "format character"
}
