package proxy

import (
	"fmt"
	"slices"
	"testing"
)

func TestAFIFOGivesUpItsOldestPastItsBound(t *testing.T) {
	tests := []struct {
		name   string
		put    []string // keys put in order; "-k" takes k
		want   []string // the keys held after
		gaveUp []string // the values given up, in order
	}{
		{name: "within the bound", put: []string{"a", "b", "c"}, want: []string{"a", "b", "c"}},
		{name: "past it", put: []string{"a", "b", "c", "d", "e"}, want: []string{"c", "d", "e"}, gaveUp: []string{"a", "b"}},
		{name: "a key taken is not given up", put: []string{"a", "b", "c", "-a", "d", "e"}, want: []string{"c", "d", "e"}, gaveUp: []string{"b"}},
		{name: "a key put again is as new", put: []string{"a", "b", "c", "a", "d"}, want: []string{"a", "c", "d"}, gaveUp: []string{"b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFIFO[string](3, 0, nil)
			var gaveUp []string
			for i, key := range tc.put {
				if key[0] == '-' {
					f.take(key[1:])
					continue
				}
				for _, old := range f.put(key, fmt.Sprint(key, i)) {
					gaveUp = append(gaveUp, old[:1])
				}
			}
			var held []string
			for key := range f.all {
				held = append(held, key)
			}
			slices.Sort(held)
			if !slices.Equal(held, tc.want) || !slices.Equal(gaveUp, tc.gaveUp) {
				t.Errorf("held %q and gave up %q; want %q and %q", held, gaveUp, tc.want, tc.gaveUp)
			}
		})
	}
}

func TestAFIFOsOrderStaysWithinAMultipleOfWhatItHolds(t *testing.T) {
	f := newFIFO[int](8, 0, nil)
	for i := range 100000 {
		f.put(fmt.Sprint(i%5), i) // put again and again
		if i%3 == 0 {
			f.take(fmt.Sprint(i % 5))
		}
	}
	if len(f.order) > 2*len(f.byKey)+64 {
		t.Errorf("order holds %d keys for %d held", len(f.order), len(f.byKey))
	}
}

func TestAFIFOGivesUpAsManyOfItsOldestAsItsBoundOnBytesTakes(t *testing.T) {
	tests := []struct {
		name   string
		put    []string // values put in order, each its own key, costing its length
		want   []string // the values held after
		gaveUp []string // the values given up, in order
	}{
		{name: "within the bound", put: []string{"aa", "bb", "cc"}, want: []string{"aa", "bb", "cc"}},
		{name: "one large value gives up several", put: []string{"aa", "bb", "cc", "dddddddd"}, want: []string{"cc", "dddddddd"}, gaveUp: []string{"aa", "bb"}},
		{name: "a value past the bound alone is held alone", put: []string{"aa", "bb", "cccccccccccccccc"}, want: []string{"cccccccccccccccc"}, gaveUp: []string{"aa", "bb"}},
		{name: "a value taken frees its bytes", put: []string{"aaaa", "bbbb", "-aaaa", "cccc"}, want: []string{"bbbb", "cccc"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFIFO(100, 10, func(key, v string) int { return len(v) })
			var gaveUp []string
			for _, v := range tc.put {
				if v[0] == '-' {
					f.take(v[1:])
					continue
				}
				gaveUp = append(gaveUp, f.put(v, v)...)
			}
			var held []string
			for _, v := range f.all {
				held = append(held, v)
			}
			slices.Sort(held)
			if !slices.Equal(held, tc.want) || !slices.Equal(gaveUp, tc.gaveUp) {
				t.Errorf("held %q and gave up %q; want %q and %q", held, gaveUp, tc.want, tc.gaveUp)
			}
		})
	}
}
