package jsondoc

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestLineStartsOfALargeText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	for b.Len() < 5*parallelScanSize {
		b.WriteString(strings.Repeat("x", r.IntN(120)))
		b.WriteString(strings.Repeat("\n", r.IntN(3)))
	}
	src := b.String() + "\n"
	want := []int32{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			want = append(want, int32(i+1))
		}
	}
	for _, procs := range []int{1, 2, 3, 8} {
		withProcs(procs, func() {
			if diff := cmp.Diff(want, lineStarts(src)); diff != "" {
				t.Errorf("%d processors: line starts differ (-want +got):\n%s", procs, diff)
			}
		})
	}
}

// TestPositionAllMatchesPosition numbers random offsets of small and large
// texts, without the line index and with it, and checks each against
// Position.
func TestPositionAllMatchesPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{1, 40, 3 * parallelScanSize} {
		var b strings.Builder
		for b.Len() < size {
			b.WriteString(strings.Repeat("y", r.IntN(90)))
			b.WriteString([]string{"", "é", "😀", "✓"}[r.IntN(4)])
			b.WriteString(strings.Repeat("\n", r.IntN(3)))
		}
		src := b.String()
		// Offsets are where values start, never inside a character.
		runeStart := func(off int) int {
			for off > 0 && off < len(src) && !utf8.RuneStart(src[off]) {
				off--
			}
			return off
		}
		for _, n := range []int{0, 1, 2, 3, 50, 2000} {
			issues := make([]Pos, n)
			for i := range issues {
				switch r.IntN(10) {
				case 0:
					issues[i].Offset = -1
				case 1:
					issues[i].Offset = len(src) + r.IntN(3) // the end, and past it
				case 2:
					issues[i].Offset = 0
				default:
					issues[i].Offset = runeStart(r.IntN(len(src) + 1))
				}
			}
			ref := &Document{Src: src}
			want := slices.Clone(issues)
			for i := range want {
				if want[i].Offset < 0 {
					want[i] = Pos{}
					continue
				}
				want[i].Line, want[i].Column = ref.Position(want[i].Offset)
				lineStart := min(want[i].Offset-want[i].Column+1, len(src))
				want[i].UTF16Column = UTF16Column(src[lineStart:], want[i].Column)
			}
			for _, indexed := range []bool{false, true} {
				doc := &Document{Src: src}
				if indexed {
					doc.Position(0)
				}
				got := slices.Clone(issues)
				withProcs(2, func() { doc.PositionAll(got) })
				if diff := cmp.Diff(want, got); diff != "" {
					t.Fatalf("%d bytes, %d issues, indexed %v (-want +got):\n%s", len(src), n, indexed, diff)
				}
			}
		}
	}
}

// withProcs runs fn with GOMAXPROCS set to procs.
func withProcs(procs int, fn func()) {
	prev := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(prev)
	fn()
}
