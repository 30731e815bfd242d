package call

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"toolbench/core/jsondoc"
)

// The fuzz targets hold the call check to what it promises for any input:
// no panic, errors that say where, output that is safe for a terminal, and
// validate_call's order. Their seed corpora are in testdata/fuzz, beside
// the inputs fuzzing has found wrong before.

// fuzzCallSchemas are the schemas the call targets check against.
const fuzzCallSchemas = `{"search": {"required": {"query": "str", "limit": "int"}, "optional": {"lang": "str", "fuzzy": "bool", "score": "float", "tags": "list", "meta": "dict"}}, "ping": {}}`

// callSeeds are calls in every shape and the ways they go wrong.
var callSeeds = []string{
	`{"name": "search", "args": {"query": "x", "limit": 3}}`,
	`{"name": "search", "arguments": "{\"query\": \"x\", \"limit\": 3.0}"}`,
	`{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{\"limit\": true}"}}`,
	`{"type": "function_call", "name": "ping", "arguments": "{}"}`,
	`{"type": "tool_use", "id": "t1", "name": "search", "input": {"query": null, "debug": 1}}`,
	`{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "x"}}}`,
	`{"functionCall": {"name": "search", "args": {"query": "x", "limit": 1e999999}}}`,
	`{"name": "delete_all", "args": {}}`,
	`{"name": 3}`,
	`{"name": "search", "args": [1]}`,
	`{"name": "search", "arguments": "{\"query\": NaN}"}`,
	"{\"name\": \"search\",\n \"args\": {\"query\": \"x\", \"limit\": 2}}",
	"{\"name\": \"ping\"}\nnot json\n\n[\n{\"name\": \"search\"}\r\n",
	"\ufeff{\"name\": \"ping\"}",
	"{\"name\": \"\x1b[2J\u202e\", \"args\": {\"\u0000\": 1}}",
}

// FuzzParseCall checks reading calls: text that is not JSON is one
// positioned malformed error; a value is normalised to a name and an
// object of arguments or to a reason it is malformed, never both; and a
// batch gives exactly one result for every non-blank line, in order,
// whatever the lines hold.
func FuzzParseCall(f *testing.F) {
	for _, s := range callSeeds {
		f.Add(s)
	}
	s := callFlatSchemas(f, fuzzCallSchemas)
	f.Fuzz(func(t *testing.T, text string) {
		got := CheckCallText(text, s)
		n, err := jsondoc.ParseValue("call", text)
		if err != nil {
			var se *jsondoc.SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("parse error %v is not positioned", err)
			}
			want := fmt.Sprintf("malformed:%d:%d: %s", se.Line, se.Column, se.Msg)
			if len(got) != 1 || got[0] != want {
				t.Fatalf("CheckCallText(%q) = %q, want [%q]", text, got, want)
			}
		} else {
			c := NormalizeCall(n)
			switch {
			case c.Malformed != "" && (c.Name != "" || c.Args != nil):
				t.Fatalf("malformed call %q still has a name %q or arguments", c.Malformed, c.Name)
			case c.Malformed == "" && !n.Is(jsondoc.Object):
				t.Fatalf("a %s was read as a call to %q", n.Kind, c.Name)
			case c.Malformed == "" && c.Args != nil && !c.Args.Is(jsondoc.Object):
				t.Fatalf("the arguments of %q are a %s", c.Name, c.Args.Kind)
			}
			if want := ValidateCall(c, s); !slices.Equal(got, want) {
				t.Fatalf("CheckCallText(%q) = %q, ValidateCall of its call %q", text, got, want)
			}
		}
		checkBatch(t, text, s)
	})
}

// checkBatch reads text with ReadCalls and checks the results against
// how its documentation tells one call from JSON Lines.
func checkBatch(t *testing.T, text string, s *Schemas) {
	t.Helper()
	type result struct {
		line int
		errs []string
	}
	var got []result
	err := ReadCalls(strings.NewReader(text), func(line int, c Call) error {
		got = append(got, result{line, ValidateCall(c, s)})
		return nil
	})
	if err != nil {
		t.Fatalf("ReadCalls: %v", err)
	}
	var out bytes.Buffer
	if _, err := CheckCalls(strings.NewReader(text), s, CallOptions{}, &recorder{w: &out}); err != nil {
		t.Fatalf("CheckCalls: %v", err)
	}
	checked := results(t, out.String())
	if len(checked) != len(got) {
		t.Fatalf("CheckCalls handed over %d results for %d calls:\n%s", len(checked), len(got), out.String())
	}
	for i, r := range checked {
		if r.Line != got[i].line || !slices.Equal(r.Errors, got[i].errs) {
			t.Fatalf("CheckCalls result %+v, want line %d and the errors %q", r, got[i].line, got[i].errs)
		}
	}

	lines := strings.SplitAfter(text, "\n")
	var nonBlank []int
	anyValue := false
	for i, l := range lines {
		if isBlankLine([]byte(l)) {
			continue
		}
		nonBlank = append(nonBlank, i+1)
		if _, err := jsondoc.ParseValue("", string(trimEOL([]byte(l)))); err == nil {
			anyValue = true
		}
	}
	whole, werr := jsondoc.Parse("", []byte(text))
	var seqLines []int
	var seqBad bool
	if werr != nil {
		seqLines, seqBad = valueSequence(text)
	}
	switch {
	case len(nonBlank) == 0:
		if len(got) != 0 {
			t.Fatalf("blank input %q gave %d results", text, len(got))
		}
	case werr == nil:
		line, _ := whole.Position(int(whole.Root.Start))
		if len(got) != 1 || got[0].line != line {
			t.Fatalf("one call %q gave results %v, want one at line %d", text, got, line)
		}
	case len(seqLines) > 0:
		if len(got) != len(seqLines) {
			t.Fatalf("values one after another %q: results %v, want them at lines %v", text, got, seqLines)
		}
		for i, r := range got {
			if r.line != seqLines[i] {
				t.Fatalf("values one after another %q: result %d is for line %d, want line %d", text, i, r.line, seqLines[i])
			}
		}
		if last := got[len(got)-1]; seqBad && (len(last.errs) != 1 || !strings.HasPrefix(last.errs[0], "malformed:")) {
			t.Fatalf("values one after another %q ending in bad text: the last result is %v, want a malformed call", text, last)
		}
	case anyValue:
		if len(got) != len(nonBlank) {
			t.Fatalf("JSON Lines %q: %d results for %d non-blank lines: %v", text, len(got), len(nonBlank), got)
		}
		for i, r := range got {
			if r.line != nonBlank[i] {
				t.Fatalf("JSON Lines %q: result %d is for line %d, want line %d", text, i, r.line, nonBlank[i])
			}
			line := string(trimEOL([]byte(lines[r.line-1])))
			want := CheckCallText(line, s)
			if len(want) == 1 && strings.HasPrefix(want[0], "malformed:1:") {
				// The same error, at the line's place in the input.
				want[0] = "malformed:" + strconv.Itoa(r.line) + strings.TrimPrefix(want[0], "malformed:1")
			}
			if !slices.Equal(r.errs, want) {
				t.Fatalf("JSON Lines %q: line %d gave %q, the line alone %q", text, r.line, r.errs, want)
			}
		}
	default:
		if len(got) != 1 || len(got[0].errs) != 1 || !strings.HasPrefix(got[0].errs[0], "malformed:") {
			t.Fatalf("input %q that is neither a call nor JSON Lines gave %v, want one malformed result", text, got)
		}
	}
}

// valueSequence reads text as JSON values one after another, as
// encoding/json's Decoder does, and returns the lines they start on when
// ReadCalls's documentation says they are calls: the first spans lines
// and more follows it. bad is set when text that is no value ends them.
// A value that is not UTF-8, which the Decoder takes and jsondoc refuses,
// counts as no value.
func valueSequence(text string) (lines []int, bad bool) {
	body := strings.TrimPrefix(text, "\uFEFF")
	dec := json.NewDecoder(strings.NewReader(body))
	base := len(text) - len(body)
	end := 0
	for {
		var v json.RawMessage
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		if err == nil && !utf8.Valid(v) {
			err = errors.New("not UTF-8")
		}
		start := end + len(body[end:]) - len(strings.TrimLeft(body[end:], " \t\r\n"))
		if err != nil {
			bad = true
		} else if len(lines) == 0 && !bytes.Contains(v, []byte("\n")) {
			return nil, false
		}
		lines = append(lines, 1+strings.Count(text[:base+start], "\n"))
		if err != nil {
			break
		}
		end = int(dec.InputOffset())
	}
	if len(lines) < 2 {
		return nil, false
	}
	return lines, bad
}

// FuzzValidateCall checks validate_call against schemas and calls of any
// content: unknown_tool or malformed alone; otherwise the missing
// required fields in schema order, then the extra arguments sorted, then
// the fields of the wrong type, required before optional, each in schema
// order, with the type rules of the flat schema.
func FuzzValidateCall(f *testing.F) {
	for _, s := range []string{
		`{"search": {"required": {"query": "str"}}}`,
		`{"fetch": {"required": {"url": "str", "timeout": "float"}}}`,
		`{}`,
		`{"search": {"required": {"query": "str", "limit": "int"}}}`,
		fuzzCallSchemas,
		`[{"name": "search", "parameters": {"type": "object", "properties": {"b": {"type": "integer"}, "a": {"type": ["number", "integer"]}, "c": {}}, "required": ["c", "zz"]}}]`,
	} {
		for _, c := range []string{
			`{"name": "search", "args": {"query": "vector db"}}`,
			`{"name": "fetch", "args": {"url": "https://x"}}`,
			`{"name": "delete_all", "args": {}}`,
			`{"name": "search", "args": {"limit": true, "debug": 1}}`,
			`{"name": "search", "args": {"z": 1, "a": "3", "query": null, "limit": 3.0, "b": 1e400, "score": 2, "tags": {}}}`,
		} {
			f.Add(s, c)
		}
	}
	f.Fuzz(func(t *testing.T, schemaText, callText string) {
		doc, err := jsondoc.Parse("schemas.json", []byte(schemaText))
		if err != nil {
			return
		}
		s, err := LoadSchemas(doc, "")
		if err != nil {
			var se *jsondoc.SyntaxError
			if !errors.As(err, &se) || se.Line < 1 {
				t.Fatalf("schema error %v is not positioned", err)
			}
			return
		}
		n, err := jsondoc.ParseValue("call", callText)
		if err != nil {
			return
		}
		c := NormalizeCall(n)
		got := ValidateCall(c, s)
		if diff := slices.Compare(got, expectedCallErrors(c, s)); diff != 0 {
			t.Fatalf("ValidateCall(%s) against %s\n got %q\nwant %q", callText, schemaText, got, expectedCallErrors(c, s))
		}
	})
}

// expectedCallErrors is validate_call as the specification words it,
// written independently of ValidateCall.
func expectedCallErrors(c Call, s *Schemas) []string {
	if c.Malformed != "" {
		return []string{"malformed:" + c.Malformed}
	}
	fs, ok := s.ByName[c.Name]
	if !ok {
		return []string{"unknown_tool:" + c.Name}
	}
	args := map[string]*jsondoc.Node{}
	var names []string
	if c.Args != nil {
		for _, m := range c.Args.Kids() {
			args[m.Key] = m.Value
			names = append(names, m.Key)
		}
	}
	var errs []string
	for _, f := range fs.Required {
		if _, ok := args[f.Name]; !ok {
			errs = append(errs, "missing:"+f.Name)
		}
	}
	known := map[string]bool{}
	for _, f := range slices.Concat(fs.Required, fs.Optional) {
		known[f.Name] = true
	}
	var extra []string
	for _, name := range names {
		if !known[name] {
			extra = append(extra, name)
		}
	}
	slices.Sort(extra) // Python's sorted: code point order, which is UTF-8 byte order
	for _, name := range extra {
		errs = append(errs, "extra:"+name)
	}
	for _, f := range slices.Concat(fs.Required, fs.Optional) {
		if v, ok := args[f.Name]; ok && !specAccepts(f.Type, v) {
			errs = append(errs, "type:"+f.Name+":"+string(f.Type))
		}
	}
	return errs
}

// specAccepts is the type check as the specification words it: Python's
// json reads a number with '.', 'e' or 'E' as a float and any other as an
// int; int is accepted for float; bool is no number; None is no type.
func specAccepts(t FieldType, v *jsondoc.Node) bool {
	isInt := v.Kind == jsondoc.Number && !strings.ContainsAny(v.Str(), ".eE")
	switch t {
	case TypeAny:
		return true
	case TypeStr:
		return v.Kind == jsondoc.String
	case TypeInt:
		return isInt
	case TypeFloat:
		return v.Kind == jsondoc.Number
	case TypeBool:
		return v.Kind == jsondoc.Bool
	case TypeList:
		return v.Kind == jsondoc.Array
	case TypeDict:
		return v.Kind == jsondoc.Object
	}
	return false
}
