package jsonedit

import (
	"unicode/utf8"

	"toolbench/core/jsondoc"
)

// DeleteInString returns the edits that delete characters from the
// string value n: those whose byte offsets in the decoded text, n.Str(),
// are in offsets, in increasing order. A character goes with all the
// bytes that write it, raw or as an escape (a \u escape, or the two of a
// surrogate pair), and nothing else of the string changes. Deletions side
// by side are one edit.
func DeleteInString(doc *jsondoc.Document, n *jsondoc.Node, offsets []int) []Edit {
	src := doc.Src[n.Start:n.End]
	var edits []Edit
	decoded, k := 0, 0
	for i := 1; i < len(src)-1 && k < len(offsets); {
		r, width := jsondoc.StringChar(src, i)
		if decoded == offsets[k] {
			start, end := int(n.Start)+i, int(n.Start)+i+width
			if last := len(edits) - 1; last >= 0 && edits[last].End == start {
				edits[last].End = end
			} else {
				edits = append(edits, Edit{Start: start, End: end})
			}
			k++
		}
		decoded += utf8.RuneLen(r)
		i += width
	}
	return edits
}
