package jsondoc

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"toolbench/internal/gen"
)

// scanWith scans data with n goroutines and reports how many runs read
// ahead by helpers the first reader took. lines accepts JSON Lines.
func scanWith(data []byte, n int, lines bool) (doc *Document, ok bool, taken int) {
	doc = &Document{Name: "t.json", Src: string(data)}
	p := parser{doc: doc, src: doc.Src, lines: lines}
	doc.Root, ok = p.scan(n)
	doc.Duplicates = p.duplicates()
	if p.spec != nil {
		taken = p.spec.taken
	}
	return doc, ok, taken
}

// checkParallelScan fails when scanning data with n goroutines gives
// another answer than scanning it with one, as one value or as a
// document that may be JSON Lines.
func checkParallelScan(t *testing.T, data []byte, n int) (taken int) {
	t.Helper()
	for _, lines := range []bool{false, true} {
		want, wok := scannerParse(data, lines)
		got, gok, took := scanWith(data, n, lines)
		if gok != wok {
			t.Fatalf("lines %v, %d scanners: ok = %v, one scanner: %v", lines, n, gok, wok)
		}
		if gok {
			if w, g := dumpDoc(want), dumpDoc(got); w != g {
				t.Fatalf("lines %v: %d scanners build another tree than one:\n got %.2000s\nwant %.2000s", lines, n, g, w)
			}
		}
		taken = max(taken, took)
	}
	return taken
}

// trickyTools is a tool list whose text misleads a helper's guesses:
// commas before brackets inside strings, arrays of objects inside each
// tool, repeated keys, escapes and every kind of value.
func trickyTools(n int) []byte {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"name": "t%d", "description": "Use it, [like this], or, {like that}: \"quoted, {\" \u00e9",
  "parameters": {"type": "object", "properties": {"q": {"anyOf": [{"type": "string"}, {"type": "null"}, [1, [2, {"x": 3}]]]},
  "n": {"type": "integer", "minimum": -1.5e3, "enum": [1, 2, true, null]}}, "required": ["q"], "type": "object"}}`, i)
		if i%7 == 3 {
			b.WriteString(`, {"name": "dup", "name": "again", "parameters": {"properties": {"a": {}, "a": {"b": 1, "b": 2}}}}`)
		}
	}
	b.WriteString("]")
	return []byte(b.String())
}

// jsonLinesOf is list, a JSON list on one line, n times, a line each.
func jsonLinesOf(list []byte, n int) []byte {
	line := bytes.ReplaceAll(list, []byte("\n"), []byte(" "))
	return bytes.Repeat(append(line, '\n'), n)
}

func TestParallelScanMatchesOneScanner(t *testing.T) {
	tools := gen.Tools(400)
	deep := func(depth int) []byte {
		// An object holding a list whose 300th element nests to depth:
		// the list's own depth counts towards the limit.
		var b strings.Builder
		b.WriteString(`{"tools": [`)
		for i := range 600 {
			if i > 0 {
				b.WriteString(",\n")
			}
			if i == 300 {
				b.WriteString(strings.Repeat("[", depth) + strings.Repeat("]", depth))
				continue
			}
			b.WriteString(`{"name": "a", "list": [{"b": [1]}]}`)
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	broken := bytes.Clone(tools)
	broken[len(broken)*3/4] = '}'

	for _, tc := range []struct {
		name string
		data []byte
		// runs says whether helpers must have contributed: only where
		// the text is valid.
		runs bool
	}{
		{"generated tools", tools, true},
		{"tools object", append(append([]byte(`{"tools": `), tools...), '}'), true},
		{"misleading text", trickyTools(300), true},
		{"nesting at the limit", deep(MaxDepth - 2), true},
		{"nesting past the limit", deep(MaxDepth - 1), false},
		{"a syntax error late", broken, false},
		{"byte order mark", append([]byte("\xef\xbb\xbf"), tools...), true},
		{"JSON Lines of large lists", jsonLinesOf(tools, 3), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{2, 3, 5, 16} {
				if taken := checkParallelScan(t, tc.data, n); tc.runs && taken == 0 {
					t.Errorf("%d scanners: the first reader took no run, so the helpers did nothing", n)
				}
			}
		})
	}
}

// TestParallelParseErrorsMatch checks that a document with an error
// reports the same error whether one goroutine scanned it or several.
func TestParallelParseErrorsMatch(t *testing.T) {
	tools := gen.Tools(300)
	for _, at := range []int{10, len(tools) / 2, len(tools) - 10} {
		data := bytes.Clone(tools)
		data[at] = ']'
		_, want := parseScanners("t.json", data, string(data), 1, false)
		_, got := parseScanners("t.json", data, string(data), 4, false)
		if want == nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("error at %d: 4 scanners say %v, one says %v", at, got, want)
		}
	}
}

func TestElementCandidate(t *testing.T) {
	for _, tc := range []struct {
		src      string
		from, to int
		want     int
	}{
		{`[1, {"a": 2}]`, 0, 13, 4},
		{`[1,  [2]]`, 0, 9, 5},
		{`{"a": 1, "b": {}}`, 0, 17, -1},
		{`[1, 2, {}]`, 3, 10, 7},
		{`[{}, {}]`, 0, 4, 5}, // the comma is in range, the bracket need not be
		{`[{},`, 0, 4, -1},
	} {
		if got := elementCandidate(tc.src, tc.from, tc.to); got != tc.want {
			t.Errorf("elementCandidate(%q, %d, %d) = %d, want %d", tc.src, tc.from, tc.to, got, tc.want)
		}
	}
}
