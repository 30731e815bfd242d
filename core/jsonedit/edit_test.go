package jsonedit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

func parse(t *testing.T, src string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.Parse("test.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// apply makes the edits and checks that the result still parses.
func apply(t *testing.T, src string, edits ...Edit) string {
	t.Helper()
	out, err := Apply(src, edits)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jsondoc.Parse("edited.json", []byte(out)); err != nil {
		t.Fatalf("the edited text does not parse: %v\n%s", err, out)
	}
	return out
}

func TestRemoveKeepsTheLinesAround(t *testing.T) {
	tests := []struct {
		name, src string
		path      string // the container, as a JSON pointer
		index     int    // the child to remove
		want      string
	}{
		{"first of three, indented", "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n", "", 0, "{\n  \"b\": 2,\n  \"c\": 3\n}\n"},
		{"middle of three, indented", "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n", "", 1, "{\n  \"a\": 1,\n  \"c\": 3\n}\n"},
		{"last of three, indented", "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n", "", 2, "{\n  \"a\": 1,\n  \"b\": 2\n}\n"},
		{"only member", "{\n  \"a\": 1\n}\n", "", 0, "{}\n"},
		{"tabs", "{\n\t\"a\": [1],\n\t\"b\": {\"x\": 2}\n}\n", "", 1, "{\n\t\"a\": [1]\n}\n"},
		{"CRLF", "{\r\n  \"a\": 1,\r\n  \"b\": 2,\r\n  \"c\": 3\r\n}\r\n", "", 1, "{\r\n  \"a\": 1,\r\n  \"c\": 3\r\n}\r\n"},
		{"minified", `{"a":1,"b":2,"c":3}`, "", 1, `{"a":1,"c":3}`},
		{"inline list, first", `{"e": ["x", "y", "z"]}`, "/e", 0, `{"e": ["y", "z"]}`},
		{"inline list, last", `{"e": ["x", "y", "z"]}`, "/e", 2, `{"e": ["x", "y"]}`},
		{"nested value with strings holding brackets", `{"a": {"s": "}],\""}, "b": 1}`, "", 0, `{"b": 1}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parse(t, tc.src)
			n, _, err := doc.Root.Pointer(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := Remove(doc, n, int(n.Kids()[tc.index].Value.Start))
			if !ok {
				t.Fatal("Remove found no child")
			}
			if diff := cmp.Diff(tc.want, apply(t, tc.src, e)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestRemoveTakesAnOverriddenMemberByItsKey(t *testing.T) {
	src := "{\n  \"a\": {\"x\": [1, 2]},\n  \"b\": 2,\n  \"a\": 3\n}"
	doc := parse(t, src)
	if len(doc.Duplicates) != 1 {
		t.Fatalf("duplicates = %v", doc.Duplicates)
	}
	d := doc.Duplicates[0]
	e, ok := Remove(doc, Enclosing(doc.Root, int(d.First)), int(d.First))
	if !ok {
		t.Fatal("Remove found no child at the first key")
	}
	want := "{\n  \"b\": 2,\n  \"a\": 3\n}"
	if diff := cmp.Diff(want, apply(t, src, e)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestAppendWritesInTheContainersStyle(t *testing.T) {
	tests := []struct {
		name, src string
		path      string
		key       string // "" appends an element
		value     string
		want      string
	}{
		{"indented object", "{\n  \"a\": 1\n}\n", "", "b", "false", "{\n  \"a\": 1,\n  \"b\": false\n}\n"},
		{"deeper indentation", "[\n    {\n        \"a\": {\n            \"x\": 1\n        }\n    }\n]", "/0/a", "y", "2", "[\n    {\n        \"a\": {\n            \"x\": 1,\n            \"y\": 2\n        }\n    }\n]"},
		{"tabs", "{\n\t\"p\": {\n\t\t\"a\": 1\n\t}\n}", "/p", "b", "2", "{\n\t\"p\": {\n\t\t\"a\": 1,\n\t\t\"b\": 2\n\t}\n}"},
		{"CRLF", "{\r\n  \"a\": 1\r\n}\r\n", "", "b", "2", "{\r\n  \"a\": 1,\r\n  \"b\": 2\r\n}\r\n"},
		{"minified", `{"a":1,"b":{"c":2}}`, "", "d", "3", `{"a":1,"b":{"c":2},"d":3}`},
		{"one line", `{"a": 1, "b": 2}`, "", "c", "3", `{"a": 1, "b": 2, "c": 3}`},
		{"one member on one line", `{"t": {"a": 1}}`, "/t", "b", "2", `{"t": {"a": 1, "b": 2}}`},
		{"empty object", `{"t": {}}`, "/t", "b", "2", `{"t": {"b": 2}}`},
		{"empty object across lines", "{\"t\": {\n}}", "/t", "b", "2", `{"t": {"b": 2}}`},
		{"inline list", `{"r": ["a", "b"]}`, "/r", "", `"c"`, `{"r": ["a", "b", "c"]}`},
		{"minified list", `{"r":["a"]}`, "/r", "", `"c"`, `{"r":["a","c"]}`},
		{"list across lines", "{\"r\": [\n  \"a\"\n]}", "/r", "", `"c"`, "{\"r\": [\n  \"a\",\n  \"c\"\n]}"},
		{"empty list", `{"r": []}`, "/r", "", `"c"`, `{"r": ["c"]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parse(t, tc.src)
			n, _, err := doc.Root.Pointer(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			var e Edit
			if tc.key == "" {
				e = AppendElements(doc, n, tc.value)
			} else {
				e = AppendMember(doc, n, tc.key, tc.value)
			}
			if diff := cmp.Diff(tc.want, apply(t, tc.src, e)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestStyleNearFollowsTheText(t *testing.T) {
	tests := []struct {
		name, src, path string
		want            Style
	}{
		{"spaced", `{"a": 1, "b": [1, 2]}`, "/b", Style{Colon: ": ", Comma: ", "}},
		{"minified", `{"a":1,"b":[1,2]}`, "/b", Style{Colon: ":", Comma: ","}},
		{"minified, one element", `{"a":1,"b":[1]}`, "/b", Style{Colon: ":", Comma: ","}},
		{"indented, one line lists", "{\n  \"a\": [1, 2]\n}", "", Style{Colon: ": ", Comma: ", "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parse(t, tc.src)
			n, _, err := doc.Root.Pointer(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := StyleNear(doc, n); got != tc.want {
				t.Errorf("StyleNear = %+v, want %+v", got, tc.want)
			}
		})
	}
	if got, want := (Style{Colon: ":", Comma: ","}).Object("type", `"null"`), `{"type":"null"}`; got != want {
		t.Errorf("Object = %s, want %s", got, want)
	}
}

func TestDeleteInStringTakesEveryWayOfWritingACharacter(t *testing.T) {
	tests := []struct {
		name, src string
		drop      rune
		want      string
	}{
		{"raw", "\"get\u200bweather\"", 0x200b, `"getweather"`},
		{"escaped", `"get\u200Bweather"`, 0x200b, `"getweather"`},
		{"twice, side by side", "\"a\u202e\u202eb\"", 0x202e, `"ab"`},
		{"after other escapes", `"a\n\"\u00e9\u200bb"`, 0x200b, `"a\n\"\u00e9b"`},
		{"a surrogate pair", `"a\uDB40\uDC41b"`, 0xe0041, `"ab"`},
		{"raw beside an escape", "\"\\u200b\u200bx\"", 0x200b, `"x"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parse(t, tc.src)
			var offsets []int
			for i, r := range doc.Root.Str() {
				if r == tc.drop {
					offsets = append(offsets, i)
				}
			}
			if len(offsets) == 0 {
				t.Fatalf("%q holds no %U", doc.Root.Str(), tc.drop)
			}
			got := apply(t, tc.src, DeleteInString(doc, doc.Root, offsets)...)
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestApplyRefusesConflictingEdits(t *testing.T) {
	tests := []struct {
		name  string
		edits []Edit
		ok    bool
	}{
		{"apart", []Edit{{0, 1, "x"}, {2, 3, "y"}}, true},
		{"side by side", []Edit{{0, 1, "x"}, {1, 2, "y"}}, true},
		{"overlapping", []Edit{{0, 2, "x"}, {1, 3, "y"}}, false},
		{"two inserts at one place", []Edit{{1, 1, "x"}, {1, 1, "y"}}, false},
		{"an insert where a deletion starts", []Edit{{1, 3, ""}, {1, 1, "y"}}, false},
		{"inside a wider edit", []Edit{{0, 4, ""}, {1, 2, "y"}}, false},
		{"past the end", []Edit{{3, 9, ""}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Apply("abcd", tc.edits)
			if (err == nil) != tc.ok {
				t.Errorf("Apply error = %v, want ok %v", err, tc.ok)
			}
		})
	}
	if got, _ := Apply("abcd", []Edit{{2, 3, "Y"}, {0, 1, "X"}}); got != "XbYd" {
		t.Errorf("Apply out of order = %q, want XbYd", got)
	}
	if !strings.Contains(func() string { _, err := Apply("ab", []Edit{{0, 2, ""}, {1, 1, "x"}}); return err.Error() }(), "conflicts") {
		t.Error("the error does not say the edits conflict")
	}
}

func TestPlainBlanksCommentsAndTrailingCommasInPlace(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"no comments", `{"a": "//not a comment"}`, `{"a": "//not a comment"}`},
		{"a line comment", "{\n// note\n\"a\": 1}", "{\n       \n\"a\": 1}"},
		{"a block comment over lines", "{/* a\r\nb */\"a\": 1}", "{    \r\n    \"a\": 1}"},
		{"trailing commas", "{\"a\": [1, 2,], }", "{\"a\": [1, 2 ]  }"},
		{"a comma before a comment and the end", "[1, // one\n]", "[1        \n]"},
		{"a string with an escaped quote", `{"a": "\"/*"}`, `{"a": "\"/*"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Plain(tc.src); got != tc.want {
				t.Errorf("Plain(%q) = %q, want %q", tc.src, got, tc.want)
			}
		})
	}
}
