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

// Closest returns the candidate nearest to s by edit distance, when it is
// near enough to be a misspelling of it: one edit for words of up to four
// letters, two for longer ones.
func Closest(s string, candidates []string) string {
	limit := 1
	if len(s) > 4 {
		limit = 2
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		if d := EditDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// EditDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours, each one
// edit, counted over bytes.
func EditDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b)) // too long to be a misspelling worth the work
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
