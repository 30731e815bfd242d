package jsondoc

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseKeepsOffsetsAndLiterals(t *testing.T) {
	src := "{\n  \"a\" : [1, \"x\\ny\", true],\n  \"b\": 123456789012345678901234567890, \"c\": 1e400\n}"
	doc, err := Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a := doc.Root.Get("a")
	if a.Kind != Array || a.Len() != 3 {
		t.Fatalf("a = %v len %d", a.Kind, a.Len())
	}
	if got := src[a.Start:a.End]; got != `[1, "x\ny", true]` {
		t.Errorf("a text = %q", got)
	}
	if s := a.Elem(1); s.Str() != "x\ny" || src[s.Start] != '"' {
		t.Errorf("string = %q at %d", s.Str(), s.Start)
	}
	b := doc.Root.Get("b")
	if b.Str() != "123456789012345678901234567890" || !b.IsInt() {
		t.Errorf("big int = %q int=%v", b.Str(), b.IsInt())
	}
	if c := doc.Root.Get("c"); c.Str() != "1e400" || c.IsInt() {
		t.Errorf("1e400 = %q int=%v", c.Str(), c.IsInt())
	}
	if line, col := doc.Position(int(b.Start)); line != 3 || col != 8 {
		t.Errorf("b at %d:%d, want 3:8", line, col)
	}
}

func TestParseDuplicateKeyLastValueWinsAtFirstPosition(t *testing.T) {
	doc, err := Parse("t.json", []byte(`{"a": 1, "b": 2, "a": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	kids := doc.Root.Kids()
	if len(kids) != 2 || kids[0].Key != "a" || kids[0].Value.Str() != "x" || kids[1].Key != "b" {
		t.Fatalf("members = %+v", kids)
	}
	if len(doc.Duplicates) != 1 || doc.Duplicates[0].Key != "a" || doc.Duplicates[0].First != 1 || doc.Duplicates[0].Second != 17 {
		t.Fatalf("duplicates = %+v", doc.Duplicates)
	}
}

func TestParseRecordsTheFirstOfAKeyRepeatedThreeTimes(t *testing.T) {
	src := `{"a": 1, "a" : 2, "b": {}, "a": 3}`
	doc, err := Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []DuplicateKey{{Path: "$", Key: "a", First: 1, Second: 9}, {Path: "$", Key: "a", First: 1, Second: 27}}
	if diff := cmp.Diff(want, doc.Duplicates); diff != "" {
		t.Errorf("duplicates (-want +got):\n%s", diff)
	}
}

func TestKeyOffset(t *testing.T) {
	src := `{"plain": 1, "quote\"d" : [2, 3], "slash\\":{"":true}, "\\\"":` + "\n\t null}"
	doc, err := Parse("t.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var walk func(n *Node)
	walk = func(n *Node) {
		for _, m := range n.Kids() {
			off := doc.KeyOffset(m)
			if off < 0 {
				got = append(got, "element")
			} else {
				end := off + strings.IndexByte(src[off+1:], ':') + 1
				got = append(got, strings.TrimSpace(src[off:end]))
			}
			walk(m.Value)
		}
	}
	walk(doc.Root)
	want := []string{`"plain"`, `"quote\"d"`, "element", "element", `"slash\\"`, `""`, `"\\\""`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("keys found from their values (-want +got):\n%s", diff)
	}

	// A repeated key stands where it first appears.
	doc, err = Parse("t.json", []byte(`{"a": 1, "b": 2, "a": 3, "a": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, m := range doc.Root.Kids() {
		got = append(got, fmt.Sprint(m.Key, "@", doc.KeyOffset(m)))
	}
	want = []string{"a@1", "b@9"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("keys found from their values (-want +got):\n%s", diff)
	}
}

func TestParseErrorsArePositioned(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "t.json:1:1: empty input"},
		{"white space", " \n ", "t.json:2:2: no JSON value"},
		{"missing value", "{\n \"a\":}", "t.json:2:6: invalid character '}'"},
		{"trailing data", "[1] x", "t.json:1:5: after the JSON value"},
		{"NaN", "NaN", "t.json:1:1: invalid character 'N'"},
		{"unclosed", "[1,", "t.json:1:4: unexpected end of input"},
		{"too deep", strings.Repeat("[", MaxDepth+1), "too deeply nested"},
		{"BOM then error", "\xef\xbb\xbf{x", "t.json:1:5: invalid character 'x'"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("t.json", []byte(tc.src))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want a *SyntaxError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestPaths(t *testing.T) {
	tests := []struct{ key, want string }{
		{"city", "$.city"},
		{"my key", "$['my key']"},
		{"it's", `$['it\'s']`},
		{`a\b`, `$['a\\b']`},
		{"9lives", "$['9lives']"},
		{"$defs", "$['$defs']"},
		{"", "$['']"},
	}
	for _, tc := range tests {
		if got := AppendKey("$", tc.key); got != tc.want {
			t.Errorf("AppendKey(%q) = %s, want %s", tc.key, got, tc.want)
		}
	}
	if got := AppendIndex("$.tools", 2); got != "$.tools[2]" {
		t.Errorf("AppendIndex = %s", got)
	}
}
