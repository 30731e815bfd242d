package termtext

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Plural is n and word, with an s after word unless n is 1: "1 error",
// "3 errors".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// Size is a size in bytes as people write a bound: "64 MiB", "512 KiB",
// "100 bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
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

// ShellWord is a word of a command line (a file name, a server's name)
// as a shell reads it back: as it is when it holds only characters no
// shell gives a meaning, else in single quotes. What a terminal would act
// on is left for Escape.
func ShellWord(s string) string {
	safe := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_-./+:@%,=", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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

// LongWords says what Wrap does with a word wider than the width.
type LongWords int

const (
	// BreakLongWords breaks such a word at the width, each piece starting
	// a line, the last going on with the next words: a pane's border
	// would cut it otherwise.
	BreakLongWords LongWords = iota
	// KeepLongWords puts such a word whole on a line of its own, wider
	// than the width: a URL stays one piece to copy.
	KeepLongWords
)

// Wrap breaks s into lines of at most width terminal cells (width is at
// least 1), at spaces only: a word with hyphens or slashes, as tool names,
// JSON paths and URLs often are, stays whole. A newline in s starts a
// line. A wide character counts two cells and is never split; an escape
// sequence counts none and is kept whole; the styles (SGR sequences) in
// force where a line breaks end with it and start again on the next one,
// so that each line draws alone as it did in s. Spaces where a line
// breaks are dropped, spaces elsewhere kept. long says what becomes of a
// word wider than width.
func Wrap(s string, width int, long LongWords) []string {
	width = max(width, 1)
	var b strings.Builder
	b.Grow(len(s) + len(s)/16)
	for i, para := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		wrapLine(&b, para, width, long)
	}
	out := b.String()
	if strings.IndexByte(out, 0x1b) >= 0 {
		out = carryStyles(out)
	}
	return strings.Split(out, "\n")
}

// wrapLine writes line, which holds no newline, to b wrapped as Wrap
// says.
func wrapLine(b *strings.Builder, line string, width int, long LongWords) {
	cells := 0 // on the line being written
	for i, word := range strings.Split(line, " ") {
		n := ansi.StringWidth(word)
		switch {
		case i == 0:
		case cells+1+n <= width:
			b.WriteByte(' ')
			cells++
		case n == 0:
			// A space more where the line breaks, dropped with it; what the
			// word holds is escape sequences, if anything, which stay.
			b.WriteString(word)
			continue
		default:
			b.WriteByte('\n')
			cells = 0
		}
		if n <= width || long == KeepLongWords {
			b.WriteString(word)
			cells += n
			continue
		}
		pieces := ansi.Hardwrap(word, width, true)
		b.WriteString(pieces)
		cells = ansi.StringWidth(pieces[strings.LastIndexByte(pieces, '\n')+1:])
	}
}

// carryStyles ends the styles in force at each newline of s before it and
// sets them again after it.
func carryStyles(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	var pen []string // the SGR sequences since the last reset
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n':
			if len(pen) > 0 {
				b.WriteString(resetStyle)
			}
			b.WriteByte('\n')
			for _, sgr := range pen {
				b.WriteString(sgr)
			}
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			end := csiEnd(s, i+2)
			seq := s[i:end]
			if s[end-1] == 'm' {
				if params := seq[2 : len(seq)-1]; params == "" || params == "0" {
					pen = pen[:0]
				} else {
					pen = append(pen, seq)
				}
			}
			b.WriteString(seq)
			i = end - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// resetStyle ends every style.
const resetStyle = "\x1b[m"

// csiEnd is the index after the CSI sequence whose parameters start at i:
// past its final byte, or the end of s when it has none.
func csiEnd(s string, i int) int {
	for i < len(s) {
		if c := s[i]; c >= 0x40 && c <= 0x7e {
			return i + 1
		}
		i++
	}
	return len(s)
}

// Cut is s within n bytes: all of it when it fits, else its first whole
// characters that do and "…".
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
