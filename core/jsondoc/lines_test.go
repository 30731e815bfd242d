package jsondoc

import (
	"fmt"
	"strings"
	"testing"
)

// recordsOf lists the values of a JSON Lines document as "line:col kind".
func recordsOf(doc *Document) string {
	var out []string
	for _, m := range doc.Root.Kids() {
		line, col := doc.Position(int(m.Value.Start))
		out = append(out, fmt.Sprintf("%d:%d %s", line, col, m.Value.Kind))
	}
	return strings.Join(out, ", ")
}

func TestParseDocumentReadsJSONLinesAsAListOfItsValues(t *testing.T) {
	cases := []struct {
		name, src string
		want      string // the values, as recordsOf lists them
		dups      string // the paths of the repeated keys
	}{
		{"two tools", "{\"name\": \"a\"}\n{\"name\": \"b\"}\n", "1:1 object, 2:1 object", ""},
		{"no newline at the end", "{}\n[]", "1:1 object, 2:1 array", ""},
		{"blank lines and indentation", "\n{}\n\n   \n  [1]  \n\n", "2:1 object, 5:3 array", ""},
		{"CRLF line ends", "{}\r\n{\"a\": 1}\r\n", "1:1 object, 2:1 object", ""},
		{"values of every kind", "1\n\"x\"\nnull\n[true]\n", "1:1 number, 2:1 string, 3:1 null, 4:1 array", ""},
		{"a byte order mark", "\ufeff{}\n{}\n", "1:4 object, 2:1 object", ""},
		{"repeated keys are under their value's index", "{\"a\": 1, \"a\": 2}\n{\"b\": {\"c\": 1, \"c\": 2}}\n", "1:1 object, 2:1 object", "$[0] $[1].b"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ParseDocument("t.jsonl", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if !doc.JSONLines || !doc.Root.Is(Array) {
				t.Fatalf("JSONLines %v, root %s; want JSON Lines as a list", doc.JSONLines, doc.Root.Kind)
			}
			if got := recordsOf(doc); got != tc.want {
				t.Errorf("values %s, want %s", got, tc.want)
			}
			var dups []string
			for _, d := range doc.Duplicates {
				dups = append(dups, d.Path)
			}
			if got := strings.Join(dups, " "); got != tc.dups {
				t.Errorf("repeated keys at %q, want %q", got, tc.dups)
			}
		})
	}
}

func TestParseDocumentReadsOneValueAsBefore(t *testing.T) {
	for _, src := range []string{"[]", "{\n  \"a\": [1,\n 2]\n}\n", "  1  \n\n"} {
		doc, err := ParseDocument("t.json", []byte(src))
		if err != nil {
			t.Fatalf("ParseDocument(%q): %v", src, err)
		}
		one, _ := Parse("t.json", []byte(src))
		if doc.JSONLines || dumpDoc(doc) != dumpDoc(one) {
			t.Errorf("ParseDocument(%q) = %s, want Parse's %s", src, dumpDoc(doc), dumpDoc(one))
		}
	}
}

func TestParseDocumentFailsAtTheFirstLineThatIsNotOneValue(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"a line cut short", "{}\n{\"a\":\n[]\n", "t:2:6: JSON Lines value $[1]: unexpected end of input: an object is not closed (expected '}')"},
		{"a value of several lines after the first", "{}\n{\n}\n", "t:2:2: JSON Lines value $[1]: unexpected end of input: an object is not closed (expected '}')"},
		{"two values on a line", "{}\n[] []\n", "t:2:4: JSON Lines value $[1]: after the JSON value: unexpected data, only white space may follow"},
		{"a stray bracket", "[1]\n[2]\n]\n", "t:3:1: JSON Lines value $[2]: invalid character ']' at start of value"},
		{"a trailing comma, CRLF", "{}\r\n{\"a\": 1,}\r\n", "t:2:8: JSON Lines value $[1]: a trailing comma: JSON allows no ',' before '}'"},
		{"the index counts values, not lines", "{}\n\n\n{x}\n", "t:4:2: JSON Lines value $[1]: invalid character 'x' at start of value"},
		// Not JSON Lines: the first value is broken, or lies on several
		// lines, or has more after it on its line. The error is the one
		// of a file that is one value.
		{"the first line broken", "{\"a\":\n{}\n", "t:3:1: unexpected end of input: an object is not closed (expected '}')"},
		{"a first value of several lines", "{\n}\n{}\n", "t:3:1: after the JSON value: unexpected data, only white space may follow"},
		{"more on the first line", "{} x\n{}\n", "t:1:4: after the JSON value: invalid character 'x' at start of value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseDocument("t", []byte(tc.src))
			if err == nil {
				t.Fatalf("ParseDocument(%q) read it, want an error", tc.src)
			}
			checkPositioned(t, err, tc.src)
			if err.Error() != tc.want {
				t.Errorf("ParseDocument(%q)\n got %v\nwant %s", tc.src, err, tc.want)
			}
		})
	}
}

func TestParseReadsOnlyOneValue(t *testing.T) {
	_, err := Parse("t", []byte("{}\n{}\n"))
	if want := "t:2:1: after the JSON value: unexpected data, only white space may follow"; fmt.Sprint(err) != want {
		t.Errorf("Parse of two lines: %v, want %s", err, want)
	}
}
