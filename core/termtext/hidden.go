package termtext

import (
	"encoding/binary"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Hidden is a character FindHidden found: the character, and the byte
// offset in the text of its first byte.
type Hidden struct {
	Rune   rune
	Offset int
}

// FindHidden returns, in order, the characters of s that IsHidden reports
// and the text does not need: not the joiners inside words of scripts
// that use them or inside emoji sequences, the tags of an emoji
// subdivision flag, or an ideographic variation selector after a Han
// character. Newline and tab are not hidden.
func FindHidden(s string) []Hidden {
	if !mayHoldHidden(s) {
		return nil
	}
	var runes []rune
	var offsets []int
	for off, r := range s {
		runes = append(runes, r)
		offsets = append(offsets, off)
	}
	var out []Hidden
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		if !IsHidden(r) {
			continue
		}
		if n := flagTags(runes, i); n > 0 {
			i += n - 1
			continue
		}
		if legitimate(runes, i) {
			continue
		}
		out = append(out, Hidden{Rune: r, Offset: offsets[i]})
	}
	return out
}

// DescribeHidden says what FindHidden finds in s, what being the kind of
// text it is ("tool name"): how many hidden characters, each kind as
// \u{...} with its name and the character position (from 1) of its first
// occurrence, and the text tag characters spell. It returns "" when s
// hides nothing.
func DescribeHidden(s, what string) string {
	found := FindHidden(s)
	if len(found) == 0 {
		return ""
	}
	type kind struct {
		r     rune
		count int
		first int // 1-based character position
	}
	var kinds []kind
	var tags strings.Builder
	for _, f := range found {
		if f.Rune >= 0xe0020 && f.Rune <= 0xe007e {
			tags.WriteRune(f.Rune - 0xe0000)
		}
		j := 0
		for j < len(kinds) && kinds[j].r != f.Rune {
			j++
		}
		if j == len(kinds) {
			kinds = append(kinds, kind{r: f.Rune, first: utf8.RuneCountInString(s[:f.Offset]) + 1})
		}
		kinds[j].count++
	}
	var b strings.Builder
	total := len(found)
	word := "characters"
	if total == 1 {
		word = "character"
	}
	fmt.Fprintf(&b, "%s holds %d hidden %s: ", what, total, word)
	const shown = 6
	for k, f := range kinds {
		if k == shown {
			fmt.Fprintf(&b, "; and %d more kinds", len(kinds)-shown)
			break
		}
		if k > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s (%s)", EscapeRune(f.r), HiddenName(f.r))
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

// mayHoldHidden is the fast path: printable ASCII, newline and tab hide
// nothing, and most text is nothing else. It looks at eight bytes at a
// time and at single bytes only in a word that may hold something else.
func mayHoldHidden(s string) bool {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
		if x&highs != 0 {
			return true // a byte of a non-ASCII character
		}
		del := x ^ 0x7f*ones
		if (x-0x20*ones)&^x&highs != 0 || (del-ones)&^del&highs != 0 {
			if asciiMayHoldHidden(s[i : i+8]) {
				return true
			}
		}
	}
	return asciiMayHoldHidden(s[i:])
}

// asciiMayHoldHidden is mayHoldHidden a byte at a time.
func asciiMayHoldHidden(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && c != '\n' && c != '\t' {
			return true
		}
	}
	return false
}

// flagTags returns the length of the tag sequence of an emoji
// subdivision flag starting at i (U+1F3F4, tag letters or digits, U+E007F
// CANCEL TAG), or 0.
func flagTags(runes []rune, i int) int {
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

// legitimate reports the invisible characters that text needs:
// joiners between the letters of a script that uses them or between emoji,
// and one ideographic variation selector after a Han character.
func legitimate(runes []rune, i int) bool {
	r := runes[i]
	if i == 0 || i == len(runes)-1 {
		return r >= 0xe0100 && r <= 0xe01ef && i > 0 && unicode.Is(unicode.Han, runes[i-1])
	}
	prev, next := runes[i-1], runes[i+1]
	switch {
	case r == 0x200c || r == 0x200d:
		if isScriptLetter(prev) && isScriptLetter(next) {
			return true
		}
		return r == 0x200d && isEmoji(prev) && isEmoji(next)
	case r >= 0xe0100 && r <= 0xe01ef:
		return unicode.Is(unicode.Han, prev) && !(next >= 0xe0100 && next <= 0xe01ef)
	}
	return false
}

// isScriptLetter is a letter or mark outside ASCII: joiners between Latin
// letters shape nothing and only hide text.
func isScriptLetter(r rune) bool {
	return r >= 0x80 && (unicode.IsLetter(r) || unicode.IsMark(r))
}

func isEmoji(r rune) bool {
	switch {
	case r == 0xfe0f, r == 0x20e3:
		return true
	case r >= 0x1f000 && r <= 0x1faff, r >= 0x2600 && r <= 0x27bf, r >= 0x2300 && r <= 0x23ff, r >= 0x2b00 && r <= 0x2bff:
		return true
	}
	return false
}

// HiddenName says what kind of hidden character r is.
func HiddenName(r rune) string {
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
