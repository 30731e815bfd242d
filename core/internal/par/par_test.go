package par

import (
	"strings"
	"testing"
)

func TestSplitCoversTheRangeOnce(t *testing.T) {
	for _, tc := range []struct{ k, n int }{{1, 0}, {1, 10}, {3, 10}, {4, 4}, {5, 3}, {7, 1000}} {
		seen := make([]int, tc.n)
		parts := make([][2]int, tc.k)
		Split(tc.k, tc.n, func(part, lo, hi int) {
			parts[part] = [2]int{lo, hi}
			for i := lo; i < hi; i++ {
				seen[i]++
			}
		})
		for i, c := range seen {
			if c != 1 {
				t.Fatalf("Split(%d, %d) covered %d %d times", tc.k, tc.n, i, c)
			}
		}
		for p := 1; p < tc.k; p++ {
			if parts[p][0] != parts[p-1][1] {
				t.Fatalf("Split(%d, %d): part %d starts at %d, part %d ends at %d", tc.k, tc.n, p, parts[p][0], p-1, parts[p-1][1])
			}
		}
	}
}

func TestSplitRaisesAHelpersPanicInTheCallerWithItsStack(t *testing.T) {
	defer func() {
		p, ok := recover().(*Panic)
		if !ok {
			t.Fatalf("recovered %T, want *Panic", p)
		}
		if p.Value != "share 2" {
			t.Errorf("the panic's value is %v, want the helper's", p.Value)
		}
		if !strings.Contains(string(p.Stack), "par_test.go") {
			t.Errorf("the stack does not show the helper:\n%s", p.Stack)
		}
	}()
	Split(3, 9, func(part, lo, hi int) {
		if part == 2 {
			panic("share 2")
		}
	})
	t.Fatal("Split returned after a helper panicked")
}

func TestPanicsKeepsTheFirstAndPassesAPanicOnUnwrapped(t *testing.T) {
	var ps Panics
	if ps.Happened() {
		t.Fatal("a new group has panicked")
	}
	ps.Raise() // nothing to raise
	inner := &Panic{Value: "inner"}
	func() { defer ps.Catch(); panic(inner) }()
	func() { defer ps.Catch(); panic("second") }()
	if !ps.Happened() {
		t.Fatal("Happened is false after a panic")
	}
	defer func() {
		if r := recover(); r != inner {
			t.Errorf("raised %v, want the first panic itself", r)
		}
	}()
	ps.Raise()
}
