package jsonedit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Edit replaces the bytes from Start to End of a document's text with
// New; Start == End inserts.
type Edit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	New   string `json:"new"`
}

// Conflict reports whether a and b cannot both be made: their ranges
// overlap, or one inserts where the other inserts or deletes, so that
// the result would depend on their order.
func Conflict(a, b Edit) bool {
	if a.Start == b.Start && (a.Start == a.End || b.Start == b.End) {
		return true
	}
	return a.Start < b.End && b.Start < a.End
}

// Apply returns src with the edits made. They may come in any order,
// but none may conflict with another or reach past the text.
func Apply(src string, edits []Edit) (string, error) {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int { return cmp.Compare(a.Start, b.Start) })
	var b strings.Builder
	b.Grow(len(src))
	at := 0
	for i, e := range sorted {
		switch {
		case e.Start < 0 || e.End < e.Start || e.End > len(src):
			return "", fmt.Errorf("edit %d..%d is outside the text of %d bytes", e.Start, e.End, len(src))
		case i > 0 && Conflict(sorted[i-1], e):
			return "", fmt.Errorf("edit %d..%d conflicts with edit %d..%d", e.Start, e.End, sorted[i-1].Start, sorted[i-1].End)
		}
		b.WriteString(src[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.WriteString(src[at:])
	return b.String(), nil
}
