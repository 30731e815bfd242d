package fix

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"toolbench/core/jsonedit"
	"toolbench/core/termtext"
)

// Hunk is one hunk of a unified diff: where it starts in the old and the
// new text (lines from 1) and how many lines of each it spans, and its
// lines.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Lines              []Line
}

// Line is one line of a hunk: Op is ' ' for a line both texts have, '-'
// for a line of the old text only, '+' of the new only. Text is the line
// without its newline; NoNewline marks a last line that has none.
type Line struct {
	Op        byte
	Text      string
	NoNewline bool
}

// context is the number of unchanged lines a hunk shows around a change.
const context = 3

// Hunks returns the unified diff that edits, in order and apart, make of
// old, with three lines of context. It reads only the lines the edits
// touch and their context, so a few fixes in a large file cost little.
//
// go-udiff's ToUnifiedDiff makes the same hunks from edits, but counts
// each edit's line from the start of the text: on the 1,000 fixes of a
// 30 MB file it took 3.4 s where Hunks takes 9 ms (BenchmarkHunks), more
// than all the rest of toolbench fix, so the hunks are made here.
func Hunks(old string, edits []jsonedit.Edit) []Hunk {
	var hunks []Hunk
	var h *Hunk
	lines := lineCounter{src: old}
	lastEnd, lastLine := 0, 1 // the end of the last change in old, and its line
	delta := 0                // new lines less old lines, before the hunk
	for _, c := range changes(old, edits) {
		line := lines.at(c.start)
		if h != nil && line-lastLine > 2*context {
			h.after(old, lastEnd)
			hunks = append(hunks, *h)
			delta += h.NewLines - h.OldLines
			h = nil
		}
		if h == nil {
			before := backLines(old, c.start, context)
			h = &Hunk{OldStart: line - strings.Count(old[before:c.start], "\n")}
			h.equal(old, before, c.start)
			h.NewStart = h.OldStart + delta
		} else {
			h.equal(old, lastEnd, c.start)
		}
		for _, l := range c.old {
			h.add('-', l)
		}
		for _, l := range c.new {
			h.add('+', l)
		}
		lastEnd, lastLine = c.end, lines.at(c.end)
	}
	if h != nil {
		h.after(old, lastEnd)
		hunks = append(hunks, *h)
	}
	for i := range hunks {
		// A hunk of no lines on a side starts, by convention, at the
		// line before it.
		if hunks[i].OldLines == 0 {
			hunks[i].OldStart--
		}
		if hunks[i].NewLines == 0 {
			hunks[i].NewStart--
		}
	}
	return hunks
}

// change is the lines of old from start to end (at line starts) and the
// lines that replace them, less those at either end the two share.
type change struct {
	start, end int
	old, new   []line
}

// line is a line of text with its newline, if it has one.
type line = string

// changes groups edits by the lines they touch, edits on lines side by
// side in one group so that its old lines come before its new ones, and
// trims from each group the lines that stay as they were.
func changes(old string, edits []jsonedit.Edit) []change {
	var out []change
	for i := 0; i < len(edits); {
		start, end := lineStart(old, edits[i].Start), lineEnd(old, edits[i].Start, edits[i].End)
		j := i + 1
		for j < len(edits) && lineStart(old, edits[j].Start) <= end {
			end = max(end, lineEnd(old, edits[j].Start, edits[j].End))
			j++
		}
		var b strings.Builder
		at := start
		for _, e := range edits[i:j] {
			b.WriteString(old[at:e.Start])
			b.WriteString(e.New)
			at = e.End
		}
		b.WriteString(old[at:end])
		c := change{start: start, end: end, old: splitLines(old[start:end]), new: splitLines(b.String())}
		for len(c.old) > 0 && len(c.new) > 0 && c.old[0] == c.new[0] {
			c.start += len(c.old[0])
			c.old, c.new = c.old[1:], c.new[1:]
		}
		for len(c.old) > 0 && len(c.new) > 0 && c.old[len(c.old)-1] == c.new[len(c.new)-1] {
			c.end -= len(c.old[len(c.old)-1])
			c.old, c.new = c.old[:len(c.old)-1], c.new[:len(c.new)-1]
		}
		if len(c.old) > 0 || len(c.new) > 0 {
			out = append(out, c)
		}
		i = j
	}
	return out
}

// lineStart is the start of the line holding offset off.
func lineStart(s string, off int) int { return strings.LastIndexByte(s[:off], '\n') + 1 }

// lineEnd is the end, past its newline, of the last line an edit from
// start to end touches: an edit that ends just past a newline touches
// no more.
func lineEnd(s string, start, end int) int {
	if end > start && s[end-1] == '\n' {
		return end
	}
	if i := strings.IndexByte(s[end:], '\n'); i >= 0 {
		return end + i + 1
	}
	return len(s)
}

// backLines is the start of the line n lines before the one that starts
// at off, or of the first line.
func backLines(s string, off, n int) int {
	for ; n > 0 && off > 0; n-- {
		off = lineStart(s, off-1)
	}
	return off
}

func splitLines(s string) []line {
	var out []line
	for s != "" {
		i := strings.IndexByte(s, '\n') + 1
		if i == 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

// equal adds the lines of old from start to end, unchanged.
func (h *Hunk) equal(old string, start, end int) {
	for _, l := range splitLines(old[start:end]) {
		h.add(' ', l)
	}
}

// after adds up to context lines of old from off, unchanged.
func (h *Hunk) after(old string, off int) {
	end := off
	for n := 0; n < context && end < len(old); n++ {
		end = lineEnd(old, end, end)
	}
	h.equal(old, off, end)
}

// add adds one line; a line that does not end in a newline is the last.
func (h *Hunk) add(op byte, l line) {
	text, nl := strings.CutSuffix(l, "\n")
	h.Lines = append(h.Lines, Line{Op: op, Text: text, NoNewline: !nl})
	if op != '+' {
		h.OldLines++
	}
	if op != '-' {
		h.NewLines++
	}
}

// lineCounter numbers the lines of a text at offsets that only grow,
// counting newlines once.
type lineCounter struct {
	src      string
	off, num int
}

// at returns the line, from 1, of offset off, no smaller than the last.
func (lc *lineCounter) at(off int) int {
	if lc.num == 0 {
		lc.num = 1
	}
	lc.num += strings.Count(lc.src[lc.off:off], "\n")
	lc.off = off
	return lc.num
}

// WriteDiff writes hunks as a unified diff of the file name, for a person
// to read: the old text is name.orig, as gofmt -d names it. Every line is
// escaped for a terminal (a line's carriage return, its CRLF ending, is
// not shown), and with color the removed lines are red and the added ones
// green.
func WriteDiff(w io.Writer, name string, hunks []Hunk, color bool) error {
	return writeHunks(w, name, hunks, func(bw *bufio.Writer, l Line) { writeLine(bw, l, color) })
}

// WritePatch writes hunks as WriteDiff does, but with the bytes of every
// line as the file holds them, its carriage returns and any character a
// terminal would interpret included, so that patch and git apply can
// apply it to the file: for a file or a pipe, never a terminal.
func WritePatch(w io.Writer, name string, hunks []Hunk) error {
	return writeHunks(w, name, hunks, func(bw *bufio.Writer, l Line) {
		bw.WriteByte(l.Op)
		bw.WriteString(l.Text)
		bw.WriteByte('\n')
		if l.NoNewline {
			bw.WriteString(noNewline)
		}
	})
}

// noNewline follows a last line that has no newline, as diff marks it.
const noNewline = "\\ No newline at end of file\n"

// writeHunks writes the header of a unified diff of the file name and
// its hunks, each line by writeLine.
func writeHunks(w io.Writer, name string, hunks []Hunk, writeLine func(*bufio.Writer, Line)) error {
	if len(hunks) == 0 {
		return nil
	}
	bw := bufio.NewWriter(w)
	file := termtext.EscapeLine(name)
	bw.WriteString("--- " + file + ".orig\n+++ " + file + "\n")
	for _, h := range hunks {
		bw.WriteString("@@ -" + span(h.OldStart, h.OldLines) + " +" + span(h.NewStart, h.NewLines) + " @@\n")
		for _, l := range h.Lines {
			writeLine(bw, l)
		}
	}
	return bw.Flush()
}

func span(start, n int) string {
	if n == 1 {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(n)
}

func writeLine(w *bufio.Writer, l Line, color bool) {
	sgr := ""
	switch {
	case !color:
	case l.Op == '-':
		sgr = "\x1b[31m"
	case l.Op == '+':
		sgr = "\x1b[32m"
	}
	w.WriteString(sgr)
	w.WriteByte(l.Op)
	w.WriteString(termtext.Escape(strings.TrimSuffix(l.Text, "\r")))
	if sgr != "" {
		w.WriteString("\x1b[0m")
	}
	w.WriteByte('\n')
	if l.NoNewline {
		w.WriteString(noNewline)
	}
}
