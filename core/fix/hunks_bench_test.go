package fix

import (
	"strconv"
	"strings"
	"testing"

	"toolbench/core/jsonedit"
)

// BenchmarkHunks makes the hunks of 1,000 one-line edits spread over a
// text of 200,000 lines, as toolbench fix does for a large file: the cost
// must follow the edits, not the size of the text.
func BenchmarkHunks(b *testing.B) {
	var src strings.Builder
	var edits []jsonedit.Edit
	for i := range 200_000 {
		line := `    "description": "line ` + strconv.Itoa(i) + `",` + "\n"
		if i%200 == 100 {
			at := src.Len() + strings.Index(line, "line")
			edits = append(edits, jsonedit.Edit{Start: at, End: at + len("line"), New: "Line"})
		}
		src.WriteString(line)
	}
	old := src.String()
	b.SetBytes(int64(len(old)))
	for b.Loop() {
		if h := Hunks(old, edits); len(h) != len(edits) {
			b.Fatalf("%d hunks, want %d", len(h), len(edits))
		}
	}
}
