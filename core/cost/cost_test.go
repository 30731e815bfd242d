package cost

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
	"testing"

	"toolbench/core/jsondoc"
)

// words counts words instead of tokens, and how often it counts.
type words struct{ calls atomic.Int64 }

func (w *words) Count(s string) (int, error) {
	w.calls.Add(1)
	return len(strings.Fields(s)), nil
}

func defsOf(t *testing.T, src string) []*jsondoc.Node {
	t.Helper()
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []*jsondoc.Node
	for _, e := range doc.Root.Elems() {
		out = append(out, e.Value)
	}
	return out
}

func TestMeasureCountsTheCompactTextOfEachDefinitionOnce(t *testing.T) {
	seed := maphash.MakeSeed()
	defs := defsOf(t, `[{"name": "a", "description": "one two"}, {"name":"b",  "description": "three"}]`)
	enc := &words{}
	c := Measure(defs, nil, seed, enc)
	for i, d := range defs {
		compact := string(jsondoc.AppendCompact(nil, d, false, 0))
		if c.Bytes[i] != len(compact) || c.Tokens[i] != len(strings.Fields(compact)) {
			t.Errorf("definition %d: %d bytes %d tokens, want %d bytes and the codec's count of %q", i, c.Bytes[i], c.Tokens[i], len(compact), compact)
		}
	}
	if c.TotalBytes != c.Bytes[0]+c.Bytes[1] || c.TotalTokens != c.Tokens[0]+c.Tokens[1] {
		t.Error("the totals are not the sums")
	}
	changed := defsOf(t, `[{"name": "a", "description": "one two"}, {"name":"b",  "description": "three four"}]`)
	enc.calls.Store(0)
	Measure(changed, c, seed, enc)
	if n := enc.calls.Load(); n != 1 {
		t.Errorf("a count with one definition changed counted %d texts, want 1", n)
	}
	enc.calls.Store(0)
	Measure(changed, c, maphash.MakeSeed(), enc)
	if n := enc.calls.Load(); n != 2 {
		t.Errorf("a count with another seed counted %d texts, want both", n)
	}
}

func TestMeasureSplitsALongListAmongTheProcessors(t *testing.T) {
	src := "[" + strings.TrimSuffix(strings.Repeat(`{"name": "x", "description": "a b c"},`, 1000), ",") + "]"
	c := Measure(defsOf(t, src), nil, maphash.MakeSeed(), &words{})
	if c.TotalTokens != 1000*len(strings.Fields(`{"name":"x","description":"a b c"}`)) {
		t.Errorf("total %d tokens", c.TotalTokens)
	}
}

func TestO200kCountsTokens(t *testing.T) {
	enc, err := O200k()
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := enc.Count("hello world"); n != 2 {
		t.Errorf("o200k_base counts %d tokens in \"hello world\", want 2", n)
	}
}
