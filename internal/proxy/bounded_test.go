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
			f := newFIFO[string](3)
			var gaveUp []string
			for i, key := range tc.put {
				if key[0] == '-' {
					f.take(key[1:])
					continue
				}
				if old, ok := f.put(key, fmt.Sprint(key, i)); ok {
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
	f := newFIFO[int](8)
	for i := range 100000 {
		f.put(fmt.Sprint(i%5), i) // put again and again
		if i%3 == 0 {
			f.take(fmt.Sprint(i % 5))
		}
	}
	if len(f.order) > 2*f.len()+64 {
		t.Errorf("order holds %d keys for %d held", len(f.order), f.len())
	}
}
