package jsondoc

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"toolbench/core/termtext"
)

// FuzzLoad checks that any input either fails to load with a positioned
// *SyntaxError that is safe to print, or loads; and that reading it from
// a stream gives the same result wherever the first probe ends. Its seed
// corpus is in testdata/fuzz, beside the inputs fuzzing has found wrong
// before.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		`[{"type":"function","function":{"name":"get_weather","description":"Get the weather for a city.","parameters":{"type":"object","properties":{"city":{"type":"str"}},"required":["city","state"]}}}]`,
		`{"tools":[{"name":"a","input_schema":{"type":"object","properties":{"x":{"type":"array"}}}}]}`,
		`{"result":{"tools":[{"name":"b","inputSchema":{"type":"object","$defs":{"a":{"$ref":"#/$defs/a"}}}}]}}`,
		`[1, "x", null, {"name": "a", "name": "b"}]`,
		"\xef\xbb\xbf{}",
		`{"a": 1e999999, "b": 123456789012345678901234567890}`,
		"[[[[[[[[[[]]]]]]]]]]",
		"",
		"{\"name\":\"\x1b[31m\u202e\"}",
		"{\"name\": \"a\"}\n{\"name\": \"b\"}\n",
		"[]\n{\"tools\": [}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ParseDocument("f.json", data)
		for _, probe := range []int{1, 2, 3, 7, len(data) / 2} {
			if probe < 1 {
				continue
			}
			sdoc, serr := load("f.json", bytes.NewReader(data), -1, MaxDocumentSize, probe)
			if fmt.Sprint(serr) != fmt.Sprint(err) || err == nil && sdoc.Src != doc.Src {
				t.Fatalf("read with a probe of %d bytes: %v, parsed whole: %v", probe, serr, err)
			}
		}
		if err == nil {
			return
		}
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line < 1 || se.Column < 1 || se.Offset > len(data) {
			t.Fatalf("load error %v is not positioned", err)
		}
		if line, col := (&Document{Src: string(data)}).Position(se.Offset); line != se.Line || col != se.Column {
			t.Fatalf("load error %v is at offset %d, which is %d:%d", err, se.Offset, line, col)
		}
		if s := err.Error(); termtext.EscapeLine(s) != s {
			t.Fatalf("load error %q is not safe to print", s)
		}
	})
}
