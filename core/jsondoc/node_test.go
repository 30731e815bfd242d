package jsondoc

import (
	"fmt"
	"strings"
	"testing"
)

func TestIndexFindsWhatGetFindsInObjectsSmallAndLarge(t *testing.T) {
	for _, n := range []int{0, 3, keyIndexAt, keyIndexAt + 1, 1000} {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"k%d": %d`, i, i)
		}
		b.WriteString("}")
		doc, err := ParseText("o.json", b.String())
		if err != nil {
			t.Fatal(err)
		}
		x := IndexOf(doc.Root)
		for _, key := range []string{"k0", fmt.Sprintf("k%d", n-1), fmt.Sprintf("k%d", n), "", "missing"} {
			if got, want := x.Get(key), doc.Root.Get(key); got != want {
				t.Errorf("%d members: Index.Get(%q) = %v, Get = %v", n, key, got, want)
			}
		}
	}
	if x := IndexOf(nil); x.Has("a") {
		t.Error("the Index of nothing finds a member")
	}
}
