package jsonrpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":1.5,"result":{"content":[{"type":"text","text":"\u001b[31m"}]}}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
	`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`,
	`[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"}]`,
	`[]`, `[1]`, `"x"`, `-0.5e+3`, `tru`, "\xef\xbb\xbf{}", `{"a":1}{"b":2}`,
	`{"jsonrpc":"1.0","id":true}`, `{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}`,
	`{"jsonrpc":"2.\u0030","\u0069d":"\ud800","method":"x"}`,
	`[[[[[[[[[[]]]]]]]]]]`, `{"jsonrpc":"2.0","method":"a","params":[{"b":[1,{"c":null}]}]}`,
}

// FuzzParse holds Parse to encoding/json: a message is a parse error
// exactly when the text is not one JSON value in UTF-8, what it says of
// a message agrees with json.Unmarshal, and what AppendRefusal answers
// is JSON.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		m := Parse(raw)
		isJSON := json.Valid(raw) && utf8.Valid(raw)
		parseErr := m.Kind == Invalid && m.Err.Code == CodeParseError
		if parseErr == isJSON {
			t.Fatalf("parse error %v (%v), but encoding/json says valid %v", parseErr, m.Err, isJSON)
		}
		if Valid(raw) != isJSON {
			t.Fatalf("Valid %v, encoding/json %v", Valid(raw), isJSON)
		}
		if reply := AppendRefusal(nil, &m, "no batches"); len(reply) > 0 && !json.Valid(reply) {
			t.Fatalf("refusal %q is not JSON", reply)
		}
		if m.Kind == Invalid || m.Kind == Batch {
			return
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			t.Fatalf("a %v that encoding/json cannot read: %v", m.Kind, err)
		}
		if v, _ := Unquote(obj["jsonrpc"]); v != "2.0" {
			t.Fatalf("a %v with jsonrpc %s", m.Kind, obj["jsonrpc"])
		}
		if m.ID != nil && (!bytes.Equal(m.ID, obj["id"]) || !bytes.Contains(raw, m.ID)) {
			t.Fatalf("id %s, encoding/json reads %s", m.ID, obj["id"])
		}
		if m.Kind != Response {
			var method string
			if err := json.Unmarshal(obj["method"], &method); err != nil || method != m.Method {
				t.Fatalf("method %q, encoding/json reads %q (%v)", m.Method, method, err)
			}
		}
		for name, got := range map[string][]byte{"params": m.Params, "result": m.Result, "error": m.Error} {
			if !bytes.Equal(got, obj[name]) {
				t.Fatalf("%s %s, encoding/json reads %s", name, got, obj[name])
			}
		}
	})
}

// FuzzReader holds Reader to splitting the input at its line ends: the
// same lines, and an error for each line over the bound.
func FuzzReader(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\n"+strings.Repeat("x", 40)+"\nc"), uint8(8))
	f.Add([]byte("\r\r\n \n"), uint8(1))
	f.Fuzz(func(t *testing.T, in []byte, bound uint8) {
		max := int(bound%32) + 1
		var want []string
		for i, line := range bytes.Split(in, []byte{'\n'}) {
			last := i == bytes.Count(in, []byte{'\n'})
			if !last {
				line = bytes.TrimSuffix(line, []byte{'\r'})
			}
			switch {
			case len(line) > max:
				want = append(want, "!")
			case blank(line):
			default:
				want = append(want, string(line))
			}
		}
		r := NewReader(bytes.NewReader(in), max)
		var got []string
		for {
			line, err := r.Next()
			var tooLong *TooLongError
			if errors.Is(err, io.EOF) {
				break
			} else if errors.As(err, &tooLong) {
				got = append(got, "!")
				continue
			} else if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(line))
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Fatalf("got %q, want %q", got, want)
		}
	})
}
