package termtext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Plural is n and word, with an s after word unless n is 1: "1 error",
// "3 errors".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// MaxQuoted is how many characters of a document's text Quote shows.
const MaxQuoted = 80

// Quote returns s in single quotes for a message: ' and \ are escaped
// with a backslash, characters a terminal would interpret or a reader
// could not see are shown as escapes, and text past MaxQuoted characters
// is cut, with "..." after it.
func Quote(s string) string {
	cut := false
	if utf8.RuneCountInString(s) > MaxQuoted {
		i := 0
		for n := 0; n < MaxQuoted; n++ {
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
		s, cut = s[:i], true
	}
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	if cut {
		b.WriteString("...")
	}
	b.WriteByte('\'')
	return EscapeLine(b.String())
}
