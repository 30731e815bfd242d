package lock

import (
	"fmt"
	"strings"
	"testing"
)

// manyTools is a tools list of n tools, the last one's description
// ending in tail.
func manyTools(n int, tail string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(`{"name": "tool_%d", "description": "tool %d%s", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}`, i, i, map[bool]string{true: tail}[i == n-1])
	}
	return `{"tools": [` + strings.Join(parts, ",\n") + `]}`
}

// BenchmarkVerify verifies a source of 20,000 pinned tools, as pinned
// and with its last tool changed: the cost of a look-up of a pinned tool
// by its name must not grow with the lock.
func BenchmarkVerify(b *testing.B) {
	const n = 20000
	old := manyTools(n, "")
	l := &Lock{}
	tools, err := Pin(parseDoc(b, "web", old))
	if err != nil {
		b.Fatal(err)
	}
	l.Set("web", Server, tools)
	p, err := parse(FileName, l.Marshal())
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, src string }{
		{"as-pinned", old},
		{"one-changed", manyTools(n, ", changed")},
	} {
		doc := parseDoc(b, "web", bc.src)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				d, err := p.verify("web", doc)
				if err != nil {
					b.Fatal(err)
				}
				if want := bc.name == "one-changed"; (d.Errors > 0) != want {
					b.Fatalf("%d errors", d.Errors)
				}
			}
		})
	}
}
