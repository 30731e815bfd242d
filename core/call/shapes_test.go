package call

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// callArgsText is a call's arguments as compact JSON, "-" when it has none.
func callArgsText(c Call) string {
	if c.Args == nil {
		return "-"
	}
	return string(jsondoc.AppendCompact(nil, c.Args, false, 0))
}

func TestNormalizeCallReadsEveryShape(t *testing.T) {
	tests := []struct {
		name     string
		call     string
		wantName string
		wantArgs string
	}{
		{"name and args", `{"name": "search", "args": {"query": "x"}}`, "search", `{"query":"x"}`},
		{"name alone has no args", `{"name": "ping"}`, "ping", "-"},
		{"arguments object", `{"name": "search", "arguments": {"query": "x"}}`, "search", `{"query":"x"}`},
		{"arguments JSON string", `{"name": "search", "arguments": "{\"query\": \"x\", \"n\": 1.50}"}`, "search", `{"query":"x","n":1.50}`},
		{"arguments string pretty-printed", `{"name": "search", "arguments": "{\n  \"query\": \"x\"\n}\n"}`, "search", `{"query":"x"}`},
		{"OpenAI tool_calls item", `{"id": "call_1", "type": "function", "function": {"name": "search", "arguments": "{\"query\": \"x\"}"}}`, "search", `{"query":"x"}`},
		{"OpenAI item with arguments object", `{"id": "call_1", "type": "function", "function": {"name": "search", "arguments": {"query": "x"}}}`, "search", `{"query":"x"}`},
		{"OpenAI item without arguments", `{"type": "function", "function": {"name": "ping"}}`, "ping", "-"},
		{"OpenAI Responses function_call", `{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "search", "arguments": "{\"query\": \"x\"}"}`, "search", `{"query":"x"}`},
		{"Anthropic tool_use", `{"type": "tool_use", "id": "toolu_1", "name": "search", "input": {"query": "x"}}`, "search", `{"query":"x"}`},
		{"Anthropic tool_use without input", `{"type": "tool_use", "id": "toolu_1", "name": "ping"}`, "ping", "-"},
		{"MCP tools/call request", `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "x"}}}`, "search", `{"query":"x"}`},
		{"MCP request without arguments", `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "ping"}}`, "ping", "-"},
		{"Gemini functionCall", `{"functionCall": {"name": "search", "args": {"query": "x"}}}`, "search", `{"query":"x"}`},
		{"Gemini functionCall without args", `{"functionCall": {"name": "ping"}}`, "ping", "-"},
		{"empty name is a name", `{"name": "", "args": {}}`, "", `{}`},
		{"name written twice keeps the last", `{"name": "a", "args": {}, "name": "b"}`, "b", `{}`},
		{"argument keys keep their first position", `{"name": "a", "args": {"x": 1, "y": 2, "x": 3}}`, "a", `{"x":3,"y":2}`},
		{"big numbers keep their literal", `{"name": "a", "args": {"n": 123456789012345678901234567890, "f": 1e400}}`, "a", `{"n":123456789012345678901234567890,"f":1e400}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NormalizeCall(callNode(t, tc.call))
			if c.Malformed != "" {
				t.Fatalf("NormalizeCall(%s) is malformed: %s", tc.call, c.Malformed)
			}
			if c.Name != tc.wantName || callArgsText(c) != tc.wantArgs {
				t.Errorf("NormalizeCall(%s) = %q %s, want %q %s", tc.call, c.Name, callArgsText(c), tc.wantName, tc.wantArgs)
			}
		})
	}
}

func TestNormalizeCallNamesWhyACallIsMalformed(t *testing.T) {
	tests := []struct {
		name string
		call string
		want string
	}{
		{"array", `[{"name": "a"}]`, "not an object"},
		{"string", `"search"`, "not an object"},
		{"null", `null`, "not an object"},
		{"number", `3`, "not an object"},
		{"empty object", `{}`, "no name"},
		{"args without a name", `{"args": {}}`, "no name"},
		{"name a number", `{"name": 3}`, "name is not a string"},
		{"name null", `{"name": null, "args": {}}`, "name is not a string"},
		{"args a string", `{"name": "a", "args": "{}"}`, "args is not an object"},
		{"args a list", `{"name": "a", "args": []}`, "args is not an object"},
		{"args null", `{"name": "a", "args": null}`, "args is not an object"},
		{"arguments a list", `{"name": "a", "arguments": [1]}`, "arguments is not an object"},
		{"arguments string holding a list", `{"name": "a", "arguments": "[1]"}`, "arguments is not an object"},
		{"arguments string holding null", `{"name": "a", "arguments": "null"}`, "arguments is not an object"},
		{"arguments string not JSON", `{"name": "a", "arguments": "{\"q\": }"}`, "arguments is not valid JSON: 1:7: invalid character '}' at start of value"},
		{"arguments string empty", `{"name": "a", "arguments": ""}`, "arguments is not valid JSON: 1:1: empty input: expected a JSON value"},
		{"arguments string cut short", `{"name": "a", "arguments": "{\"q\": 1"}`, "arguments is not valid JSON: 1:8: unexpected end of input: an object is not closed (expected '}')"},
		{"arguments string with a second line wrong", `{"name": "a", "arguments": "{\n\"q\" 1}"}`, "arguments is not valid JSON: 2:5: invalid character '1' after object name (expecting ':')"},
		{"arguments string with trailing data", `{"name": "a", "arguments": "{} {}"}`, "arguments is not valid JSON: 1:*: after the JSON value: *"},
		{"both args and arguments", `{"name": "a", "args": {}, "arguments": {}}`, "both args and arguments"},
		{"an OpenAI assistant message", `{"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "a", "arguments": "{}"}}]}`, "a message, not a call: give each of its tool_calls items as a call of its own"},
		{"an Anthropic assistant message", `{"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "a", "input": {}}]}`, "a message, not a call: give each of its content's tool_use blocks as a call of its own"},
		{"OpenAI function not an object", `{"type": "function", "function": "search"}`, "function is not an object"},
		{"OpenAI function without a name", `{"type": "function", "function": {"arguments": "{}"}}`, "no name"},
		{"OpenAI arguments not JSON", `{"type": "function", "function": {"name": "a", "arguments": "{'q': 1}"}}`, "arguments is not valid JSON: 1:2: invalid character '\\'' at start of value"},
		{"Responses arguments not JSON", `{"type": "function_call", "name": "a", "arguments": "nope"}`, "arguments is not valid JSON: 1:2: invalid character 'o' in literal null (expecting 'u')"},
		{"tool_use input a string", `{"type": "tool_use", "name": "a", "input": "{}"}`, "input is not an object"},
		{"MCP other method", `{"jsonrpc": "2.0", "method": "tools/list", "params": {}}`, "method is not tools/call"},
		{"MCP params not an object", `{"jsonrpc": "2.0", "method": "tools/call", "params": []}`, "params is not an object"},
		{"MCP params without a name", `{"jsonrpc": "2.0", "method": "tools/call", "params": {"arguments": {}}}`, "no name"},
		{"MCP arguments a string of a list", `{"method": "tools/call", "params": {"name": "a", "arguments": "[]"}}`, "arguments is not an object"},
		{"Gemini functionCall not an object", `{"functionCall": ["a"]}`, "functionCall is not an object"},
		{"Gemini args a string", `{"functionCall": {"name": "a", "args": "{}"}}`, "args is not an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NormalizeCall(callNode(t, tc.call))
			if !callMatches(c.Malformed, tc.want) {
				t.Errorf("NormalizeCall(%s).Malformed = %q, want %q", tc.call, c.Malformed, tc.want)
			}
			if c.Name != "" || c.Args != nil {
				t.Errorf("a malformed call has name %q and args %s, want neither", c.Name, callArgsText(c))
			}
			if got := ValidateCall(c, &Schemas{}); !cmp.Equal(got, []string{"malformed:" + c.Malformed}) {
				t.Errorf("ValidateCall = %q, want only the malformed error", got)
			}
		})
	}
}

func TestCheckCallTextPositionsSyntaxErrorsInTheText(t *testing.T) {
	s := callFlatSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	tests := []struct {
		name string
		text string
		want []string
	}{
		{"valid", `{"name": "search", "args": {"query": "x"}}`, nil},
		{"valid in another shape", `{"type": "tool_use", "name": "search", "input": {"query": "x"}}`, nil},
		{"invalid", `{"name": "search", "args": {"query": 1}}`, []string{"type:query:str"}},
		{"empty", ``, []string{"malformed:1:1: empty input: expected a JSON value"}},
		{"white space", "  \n ", []string{"malformed:2:2: no JSON value, only white space"}},
		{"missing value", `{"name": }`, []string{"malformed:1:10: invalid character '}' at start of value"}},
		{"second line", "{\n  \"name\" \"search\"}", []string{"malformed:2:10: invalid character '\"' after object name (expecting ':')"}},
		{"not closed", "{\"name\": \"search\",\n \"args\": {", []string{"malformed:2:11: unexpected end of input: an object is not closed (expected '}')"}},
		{"two values", `{"name": "search"} {}`, []string{"malformed:1:*: after the JSON value: *"}},
		{"not a call", `[1]`, []string{"malformed:not an object"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckCallText(tc.text, s)
			if len(got) != len(tc.want) || len(got) == 1 && !callMatches(got[0], tc.want[0]) || len(got) > 1 && !cmp.Equal(got, tc.want) {
				t.Errorf("CheckCallText(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// callMatches reports whether got is want, where a * in want stands for
// any text: for the column and wording of a parse error that this file
// does not decide.
func callMatches(got, want string) bool {
	parts := strings.Split(want, "*")
	if len(parts) == 1 {
		return got == want
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	for _, p := range parts[1:] {
		i := strings.Index(got, p)
		if i < 0 {
			return false
		}
		got = got[i+len(p):]
	}
	return strings.HasSuffix(want, "*") || got == ""
}

// callReadResult is what ReadCalls handed to its function for one call.
type callReadResult struct {
	Line int
	Name string
	Args string
	Bad  string
}

func readCallsAll(t *testing.T, input string, limit int) []callReadResult {
	t.Helper()
	var got []callReadResult
	err := readCalls(strings.NewReader(input), limit, func(line int, c Call) error {
		got = append(got, callReadResult{Line: line, Name: c.Name, Args: callArgsText(c), Bad: c.Malformed})
		return nil
	}, nil)
	if err != nil {
		t.Fatalf("ReadCalls: %v", err)
	}
	return got
}

func TestReadCallsTellsOneCallFromJSONLines(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []callReadResult
	}{
		{"one line", `{"name": "a"}`, []callReadResult{{1, "a", "-", ""}}},
		{"one line with a newline", "{\"name\": \"a\"}\n", []callReadResult{{1, "a", "-", ""}}},
		{"pretty-printed call", "{\n  \"name\": \"a\",\n  \"args\": {\n    \"x\": 1\n  }\n}\n", []callReadResult{{1, "a", `{"x":1}`, ""}}},
		{"pretty-printed after blank lines", "\n\n  {\n\"name\": \"a\"}\n\n", []callReadResult{{3, "a", "-", ""}}},
		{"JSON Lines skip blank lines", "{\"name\": \"a\"}\n\n   \n{\"name\": \"b\", \"args\": {}}\n{\"name\": \"c\"}", []callReadResult{
			{1, "a", "-", ""}, {4, "b", "{}", ""}, {5, "c", "-", ""}}},
		{"a bad line costs only itself", "{\"name\": \"a\"}\n{\"name\": \n[1]\n{\"name\": \"b\"}\n", []callReadResult{
			{1, "a", "-", ""}, {2, "", "-", "2:10: unexpected end of input: an object is not closed (expected '}')"}, {3, "", "-", "not an object"}, {4, "b", "-", ""}}},
		{"a bad first line costs only itself", "not json\n{\"name\": \"b\"}\n", []callReadResult{
			{1, "", "-", "1:2: invalid character 'o' in literal null (expecting 'u')"}, {2, "b", "-", ""}}},
		{"bad first line after blank lines", "\n{oops\n\n{\"name\": \"b\"}\n", []callReadResult{
			{2, "", "-", "2:2: invalid character 'o' at start of value"}, {4, "b", "-", ""}}},
		{"nothing parses: one malformed call at the error", "{\n  \"name\": \"a\",\n  \"args\": {\n}\n", []callReadResult{
			{1, "", "-", "5:1: unexpected end of input: an object is not closed (expected '}')"}}},
		{"nothing parses: the first error of a broken pretty call", "{\n  \"name\" \"a\"\n}\n", []callReadResult{
			{1, "", "-", "2:10: invalid character '\"' after object name (expecting ':')"}}},
		{"CRLF line endings", "{\"name\": \"a\"}\r\n{\"name\": \r\n{\"name\": \"b\"}\r\n", []callReadResult{
			{1, "a", "-", ""}, {2, "", "-", "2:10: unexpected end of input: an object is not closed (expected '}')"}, {3, "b", "-", ""}}},
		{"byte order mark", "\uFEFF{\"name\": \"a\"}\n{\"name\": \"b\"}\n", []callReadResult{{1, "a", "-", ""}, {2, "b", "-", ""}}},
		{"white space only holds no call", " \n\t\n", nil},
		{"empty input holds no call", "", nil},
		{"pretty-printed calls one after another", "{\n  \"name\": \"a\",\n  \"args\": {\"x\": [\n    1,\n    2\n  ]}\n}\n\n{\n  \"name\": \"b\"\n}{\"name\": \"c\"}\n", []callReadResult{
			{1, "a", `{"x":[1,2]}`, ""}, {9, "b", "-", ""}, {11, "c", "-", ""}}},
		{"values one after another after blank lines", "\n{\n\"name\": \"a\"}\n{\n\"name\": \"b\"}\n", []callReadResult{{2, "a", "-", ""}, {4, "b", "-", ""}}},
		{"a broken value after pretty-printed ones is malformed at its error", "{\n  \"name\": \"a\"\n}\n{\n  \"name\" \"b\"\n}\n{\"name\": \"c\"}\n", []callReadResult{
			{1, "a", "-", ""}, {4, "", "-", "5:10: invalid character '\"' after object name (expecting ':')"}}},
		{"text after a pretty-printed call is malformed where it starts", "{\n  \"name\": \"a\"\n}  oops\n", []callReadResult{
			{1, "a", "-", ""}, {3, "", "-", "3:4: invalid character 'o' at start of value"}}},
		{"a one-line call and text after it is no sequence", "{\"name\": \"a\"} oops\n{\"name\": \"b\"}\n", []callReadResult{
			{1, "", "-", "1:15: after the JSON value: invalid character 'o' at start of value"}, {2, "b", "-", ""}}},
		{"blank lines, then values one after another", "\n\n\n{\n\"name\": \"a\"}\n{\n\"name\" \"b\"}\n", []callReadResult{
			{4, "a", "-", ""}, {6, "", "-", "7:8: invalid character '\"' after object name (expecting ':')"}}},
		{"blank lines, then a broken pretty call", "\n \n\t\n{\n  \"name\" \"a\"\n}\n", []callReadResult{
			{4, "", "-", "5:10: invalid character '\"' after object name (expecting ':')"}}},
		{"arguments strings in JSON Lines", "{\"name\": \"a\", \"arguments\": \"{\\\"x\\\": [1, 2]}\"}\n{\"name\": \"b\", \"arguments\": \"{\\\"y\\\": null}\"}\n", []callReadResult{
			{1, "a", `{"x":[1,2]}`, ""}, {2, "b", `{"y":null}`, ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, readCallsAll(t, tc.input, jsondoc.MaxDocumentSize)); diff != "" {
				t.Errorf("ReadCalls(%q) (-want +got):\n%s", tc.input, diff)
			}
		})
	}
}

func TestReadCallsATooDeepLineCostsOnlyItself(t *testing.T) {
	deep := `{"name": "a", "args": {"x": ` + strings.Repeat("[", jsondoc.MaxDepth+1) + strings.Repeat("]", jsondoc.MaxDepth+1) + "}}"
	got := readCallsAll(t, "{\"name\": \"a\"}\n"+deep+"\n{\"name\": \"b\"}\n", jsondoc.MaxDocumentSize)
	if len(got) != 3 || got[0].Name != "a" || got[2].Name != "b" {
		t.Fatalf("calls = %+v, want a, the deep line, b", got)
	}
	if want := "2:"; !strings.HasPrefix(got[1].Bad, want) || !strings.Contains(got[1].Bad, "too deeply nested") {
		t.Errorf("deep line = %q, want a positioned too deeply nested error", got[1].Bad)
	}
}

// endless is input that repeats unit without end, counting what is read
// of it.
type endless struct {
	unit []byte
	off  int
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	for n := 0; n < len(p); {
		c := copy(p[n:], e.unit[e.off:])
		n += c
		e.off = (e.off + c) % len(e.unit)
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestReadCallsFailsALineThatCannotBeJSONAtItsFirstBytes reads input
// that no JSON value starts, and does not end: the line fails at its
// first bytes, and the reading stops there, past a buffer's worth of it
// at most, however long the input would go on.
func TestReadCallsFailsALineThatCannotBeJSONAtItsFirstBytes(t *testing.T) {
	for _, tc := range []struct {
		name       string
		head, unit string
		want       []callReadResult
	}{
		{"/dev/zero", "", "\x00", []callReadResult{{1, "", "-", "1:1: invalid character '\\x00' at start of value"}}},
		{"a line of '{'", "", "{", []callReadResult{{1, "", "-", "1:2: object member name must be a string"}}},
		{"lines of '{'", "", "{\n", []callReadResult{{1, "", "-", "2:1: object member name must be a string"}}},
		{"blank lines, then zeros", "\n \n", "\x00", []callReadResult{{3, "", "-", "3:1: invalid character '\\x00' at start of value"}}},
		{"blank lines, then lines of '{'", "\n\n", "{\n", []callReadResult{{3, "", "-", "4:1: object member name must be a string"}}},
		{"lines of garbage", "", "not json at all\n", []callReadResult{{1, "", "-", "1:2: invalid character 'o' in literal null (expecting 'u')"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := &endless{unit: []byte(tc.unit)}
			var got []callReadResult
			err := ReadCalls(io.MultiReader(strings.NewReader(tc.head), in), func(line int, c Call) error {
				got = append(got, callReadResult{Line: line, Name: c.Name, Args: callArgsText(c), Bad: c.Malformed})
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
			if in.read > 256<<10 {
				t.Errorf("read %d bytes of endless input, want a buffer's worth or two", in.read)
			}
		})
	}
}

// TestReadCallsReadsPastALineThatCannotBeJSONWithoutKeepingIt reads JSON
// Lines whose second line is not JSON at its first bytes and does not
// end: the line is malformed at once, and read past, to the input limit,
// without memory growing with it.
func TestReadCallsReadsPastALineThatCannotBeJSONWithoutKeepingIt(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 256 MiB")
	}
	for _, unit := range []string{"\x00", "{"} {
		var got []callReadResult
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := ReadCalls(io.MultiReader(strings.NewReader(`{"name": "a"}`+"\n"), &endless{unit: []byte(unit)}), func(line int, c Call) error {
			got = append(got, callReadResult{Line: line, Name: c.Name, Args: callArgsText(c), Bad: c.Malformed})
			return nil
		})
		runtime.ReadMemStats(&after)
		var tooLarge *jsondoc.TooLargeError
		if !errors.As(err, &tooLarge) {
			t.Errorf("%q: err = %v, want the input limit", unit, err)
		}
		if len(got) != 2 || got[0].Name != "a" || !strings.HasPrefix(got[1].Bad, "2:") {
			t.Errorf("%q: calls %+v, want a, and line 2 malformed", unit, got)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("%q: %d bytes allocated reading past the line, want it kept nowhere", unit, alloc)
		}
	}
}

// TestReadCallsKeepsNoBlankLinesBeforeTheFirstCall reads a million blank
// lines before a call: they are counted, not kept.
func TestReadCallsKeepsNoBlankLinesBeforeTheFirstCall(t *testing.T) {
	const blank = 1 << 20
	input := strings.Repeat(" \n", blank) + "{\n\"name\": \"a\"}\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := readCallsAll(t, input, jsondoc.MaxDocumentSize)
	runtime.ReadMemStats(&after)
	if want := []callReadResult{{blank + 1, "a", "-", ""}}; !cmp.Equal(want, got) {
		t.Errorf("calls %+v, want %+v", got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("%d bytes allocated for %d bytes of blank lines, want them counted, not kept", alloc, 2*blank)
	}
}

func TestReadCallsReadsLinesLongerThanItsBuffer(t *testing.T) {
	long := `{"name": "a", "args": {"s": "` + strings.Repeat("x", 200<<10) + `"}}`
	got := readCallsAll(t, long+"\n"+long+"\n", jsondoc.MaxDocumentSize)
	if len(got) != 2 || got[0].Name != "a" || got[1].Line != 2 || got[1].Bad != "" {
		t.Fatalf("calls = %d %+v, want two good calls", len(got), got[0].Bad)
	}
}

func TestReadCallsSkipsALineOverTheLimit(t *testing.T) {
	long := `{"name": "a", "args": {"s": "` + strings.Repeat("x", 100<<10) + `"}}`
	for _, tc := range []struct {
		name, input string
		want        []callReadResult
	}{
		{"in the middle", "{\"name\": \"a\"}\n" + long + "\n{\"name\": \"b\"}\n", []callReadResult{
			{1, "a", "-", ""}, {2, "", "-", "2:1: the line is longer than the limit of 1024 bytes"}, {3, "b", "-", ""}}},
		{"first", long + "\n{\"name\": \"b\"}", []callReadResult{
			{1, "", "-", "1:1: the line is longer than the limit of 1024 bytes"}, {2, "b", "-", ""}}},
		{"last without a newline", "{\"name\": \"a\"}\n" + long[:2000], []callReadResult{
			{1, "a", "-", ""}, {2, "", "-", "2:1: the line is longer than the limit of 1024 bytes"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, readCallsAll(t, tc.input, 1024)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

type callFailingReader struct{ data io.Reader }

var errCallRead = errors.New("disk on fire")

func (f *callFailingReader) Read(p []byte) (int, error) {
	n, err := f.data.Read(p)
	if err == io.EOF {
		return n, errCallRead
	}
	return n, err
}

func TestReadCallsReturnsReadErrors(t *testing.T) {
	for _, input := range []string{"{\"name\": \"a\"}\n{\"name\"", "{\n\"name\""} {
		err := ReadCalls(&callFailingReader{strings.NewReader(input)}, func(int, Call) error { return nil })
		if !errors.Is(err, errCallRead) {
			t.Errorf("ReadCalls(%q) = %v, want the read error", input, err)
		}
	}
}

func TestReadCallsStopsAtTheFirstErrorOfItsFunction(t *testing.T) {
	stop := errors.New("stop")
	n := 0
	err := ReadCalls(strings.NewReader("{\"name\": \"a\"}\n{\"name\": \"b\"}\n{\"name\": \"c\"}\n"), func(int, Call) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if err != stop || n != 2 {
		t.Errorf("err = %v after %d calls, want stop after 2", err, n)
	}
}

// FuzzCheckCalls feeds arbitrary input to the batch path and to the
// one-call check: neither may panic, every error has a known code, and a
// one-line call gets the same errors both ways.
func FuzzCheckCalls(f *testing.F) {
	for _, seed := range []string{
		`{"name": "search", "args": {"query": "x"}}`,
		"{\"name\": \"search\",\n \"arguments\": \"{\\\"query\\\": 1}\"}",
		`{"type": "tool_use", "name": "search", "input": {"limit": true}}`,
		`{"jsonrpc": "2.0", "method": "tools/call", "params": {"name": "search"}}`,
		`{"functionCall": {"name": "x", "args": []}}`,
		"{\"name\": \"a\"}\n\nnot json\n[",
		"\uFEFF{\"name\": \"search\", \"args\": {\"query\": \"\\u202e\"}}",
		`{"name":"000000","arguments":"00"}`,
	} {
		f.Add(seed)
	}
	s := callFlatSchemas(f, `{"search": {"required": {"query": "str"}, "optional": {"limit": "int"}}}`)
	codes := []string{"unknown_tool:", "missing:", "extra:", "type:", "malformed:"}
	f.Fuzz(func(t *testing.T, input string) {
		one := CheckCallText(input, s)
		for _, e := range one {
			if !slices.ContainsFunc(codes, func(c string) bool { return strings.HasPrefix(e, c) }) {
				t.Fatalf("error %q has no known code", e)
			}
		}
		var batch [][]string
		err := ReadCalls(strings.NewReader(input), func(_ int, c Call) error {
			batch = append(batch, ValidateCall(c, s))
			return nil
		})
		if err != nil {
			t.Fatalf("ReadCalls: %v", err)
		}
		if !strings.Contains(input, "\n") && len(batch) == 1 && !slices.Equal(one, batch[0]) {
			t.Fatalf("one call %q: CheckCallText %q, ReadCalls %q", input, one, batch[0])
		}
	})
}

// A JSON Lines batch whose first line is bad must still stream: the calls
// after it are checked as they arrive, not once the whole input is read.
func TestReadCallsStreamsPastABadFirstLine(t *testing.T) {
	pr, pw := io.Pipe()
	got := make(chan string, 8)
	done := make(chan error, 1)
	go func() {
		done <- ReadCalls(pr, func(line int, c Call) error {
			got <- fmt.Sprintf("%d %s", line, c.Malformed)
			return nil
		})
	}()
	go pw.Write([]byte("{bad\n{\"name\": \"a\", \"args\": {}}\n"))
	for _, want := range []string{"1 1:2: invalid character 'b' at start of value", "2 "} {
		select {
		case g := <-got:
			if g != want {
				t.Errorf("got %q, want %q", g, want)
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("no result for %q while the input is still open: the batch was read whole", want)
		}
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestArgsAtFindsTheArgumentsOfEveryShape(t *testing.T) {
	cases := []struct {
		name, call, holderName, key string
		ok                          bool
	}{
		{"flat", `{"name": "a", "args": {}}`, "a", "args", true},
		{"arguments", `{"name": "a", "arguments": "{}"}`, "a", "arguments", true},
		{"OpenAI", `{"type": "function", "function": {"name": "a", "arguments": "{}"}}`, "a", "arguments", true},
		{"Anthropic", `{"type": "tool_use", "name": "a", "input": {}}`, "a", "input", true},
		{"MCP", `{"method": "tools/call", "params": {"name": "a"}}`, "a", "arguments", true},
		{"Gemini", `{"functionCall": {"name": "a", "args": {}}}`, "a", "args", true},
		{"no call", `[1]`, "", "", false},
		{"another method", `{"method": "ping"}`, "", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n, err := jsondoc.ParseValue("c", tc.call)
			if err != nil {
				t.Fatal(err)
			}
			holder, key, ok := ArgsAt(n)
			if ok != tc.ok || key != tc.key || ok && holder.Get("name").Text() != tc.holderName {
				t.Errorf("ArgsAt = %v, %q, %v; want the object named %q, %q, %v", holder, key, ok, tc.holderName, tc.key, tc.ok)
			}
		})
	}
}
