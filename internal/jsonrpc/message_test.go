package jsonrpc

import (
	"strings"
	"testing"
)

func TestParseClassifiesEachKindOfMessage(t *testing.T) {
	tests := []struct {
		name   string
		raw    string
		kind   Kind
		id     string // "" for none
		method string
		params string
		result string
		errv   string
	}{
		{name: "request", raw: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a"}}`, kind: Request, id: "1", method: "tools/call", params: `{"name":"a"}`},
		{name: "request with a string id", raw: `{"jsonrpc":"2.0","id":"abc","method":"ping"}`, kind: Request, id: `"abc"`, method: "ping"},
		{name: "a fractional id is kept as written", raw: `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, kind: Request, id: "1.5", method: "ping"},
		{name: "a big integer id is kept as written", raw: `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`, kind: Request, id: "123456789012345678901234567890", method: "ping"},
		{name: "members in any order with space", raw: " { \"method\" : \"x/y\" , \"id\" : -2e3 , \"jsonrpc\" : \"2.0\" } \r", kind: Request, id: "-2e3", method: "x/y"},
		{name: "notification", raw: `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}`, kind: Notification, method: "notifications/progress", params: `{"progress":1}`},
		{name: "an escaped method is decoded", raw: `{"jsonrpc":"2.0","id":1,"method":"tools\/c\u0061ll"}`, kind: Request, id: "1", method: "tools/call"},
		{name: "an escaped member name counts", raw: `{"jsonrpc":"2.0","\u0069d":7,"method":"ping"}`, kind: Request, id: "7", method: "ping"},
		{name: "an unknown method", raw: `{"jsonrpc":"2.0","id":1,"method":"vendor/thing"}`, kind: Request, id: "1", method: "vendor/thing"},
		{name: "result", raw: `{"jsonrpc":"2.0","id":3,"result":{"tools":[]}}`, kind: Response, id: "3", result: `{"tools":[]}`},
		{name: "error", raw: `{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}`, kind: Response, id: "3", errv: `{"code":-32601,"message":"no"}`},
		{name: "an error to a message without an id", raw: `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, kind: Response, id: "null", errv: `{"code":-32700,"message":"x"}`},
		{name: "members JSON-RPC has not are ignored", raw: `{"jsonrpc":"2.0","id":1,"result":null,"x-trace":[1,2]}`, kind: Response, id: "1", result: "null"},
		{name: "params of null, which some peers send for none", raw: `{"jsonrpc":"2.0","method":"notifications/initialized","params":null}`, kind: Notification, method: "notifications/initialized", params: "null"},
		{name: "a batch", raw: `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"}]`, kind: Batch},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := Parse([]byte(tc.raw))
			if m.Kind != tc.kind {
				t.Fatalf("kind %v, want %v (err %v)", m.Kind, tc.kind, m.Err)
			}
			if m.Err != nil {
				t.Errorf("err %v, want none", m.Err)
			}
			for _, f := range []struct {
				what      string
				got, want string
			}{{"id", string(m.ID), tc.id}, {"method", m.Method, tc.method}, {"params", string(m.Params), tc.params}, {"result", string(m.Result), tc.result}, {"error", string(m.Error), tc.errv}} {
				if f.got != f.want {
					t.Errorf("%s %q, want %q", f.what, f.got, f.want)
				}
			}
		})
	}
}

func TestParseRefusesWhatIsNoMessageWithJSONRPCsCode(t *testing.T) {
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	tests := []struct {
		name string
		raw  string
		code int
		id   string // the id the answer echoes; "" for null
		msg  string // in the error's message
	}{
		{name: "not JSON", raw: `hello`, code: CodeParseError, msg: "column 1"},
		{name: "a byte order mark", raw: "\xef\xbb\xbf{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", code: CodeParseError, msg: "byte order mark"},
		{name: "two messages on a line", raw: `{"jsonrpc":"2.0","method":"a"}{"jsonrpc":"2.0","method":"b"}`, code: CodeParseError, msg: "one message a line"},
		{name: "a message cut short", raw: `{"jsonrpc":"2.0","id":1,"method":"pi`, code: CodeParseError, msg: "does not end"},
		{name: "invalid UTF-8", raw: "{\"jsonrpc\":\"2.0\",\"method\":\"\xff\"}", code: CodeParseError, msg: "UTF-8"},
		{name: "a raw control character in a string", raw: "{\"jsonrpc\":\"2.0\",\"method\":\"a\x01\"}", code: CodeParseError, msg: "control character"},
		{name: "a leading zero", raw: `{"jsonrpc":"2.0","id":01,"method":"a"}`, code: CodeParseError},
		{name: "a trailing comma", raw: `{"jsonrpc":"2.0","method":"a",}`, code: CodeParseError},
		{name: "100k-deep nesting", raw: `{"jsonrpc":"2.0","method":"a","params":` + deep + `}`, code: CodeParseError, msg: "deeper than 10000"},
		{name: "an empty line", raw: "  ", code: CodeParseError, msg: "empty"},
		{name: "an empty batch is still an array", raw: `[1,`, code: CodeParseError},
		{name: "not an object", raw: `42`, code: CodeInvalidRequest, msg: "not a JSON object"},
		{name: "no version", raw: `{"id":1,"method":"ping"}`, code: CodeInvalidRequest, id: "1", msg: `no "jsonrpc"`},
		{name: "version 1.0", raw: `{"jsonrpc":"1.0","id":1,"method":"ping"}`, code: CodeInvalidRequest, id: "1", msg: `"1.0"`},
		{name: "an id of true", raw: `{"jsonrpc":"2.0","id":true,"method":"ping"}`, code: CodeInvalidRequest, msg: "id is true"},
		{name: "an id of null in a request", raw: `{"jsonrpc":"2.0","id":null,"method":"ping"}`, code: CodeInvalidRequest},
		{name: "an object id", raw: `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, code: CodeInvalidRequest, msg: `the id is {"a":1}`},
		{name: "a method twice", raw: `{"jsonrpc":"2.0","id":1,"method":"ping","method":"tools/call"}`, code: CodeInvalidRequest, id: "1", msg: "twice"},
		{name: "a method twice under an escaped name", raw: `{"jsonrpc":"2.0","id":1,"method":"ping","m\u0065thod":"tools/call"}`, code: CodeInvalidRequest, id: "1", msg: "twice"},
		{name: "a method that is no string", raw: `{"jsonrpc":"2.0","id":1,"method":5}`, code: CodeInvalidRequest, id: "1"},
		{name: "params that are a string", raw: `{"jsonrpc":"2.0","id":1,"method":"a","params":"x"}`, code: CodeInvalidRequest, id: "1"},
		{name: "a request with a result", raw: `{"jsonrpc":"2.0","id":1,"method":"a","result":1}`, code: CodeInvalidRequest, id: "1"},
		{name: "a response with both", raw: `{"jsonrpc":"2.0","id":1,"result":1,"error":{}}`, code: CodeInvalidRequest, id: "1"},
		{name: "a response without an id", raw: `{"jsonrpc":"2.0","result":1}`, code: CodeInvalidRequest},
		{name: "an error that is no object", raw: `{"jsonrpc":"2.0","id":2,"error":"bad"}`, code: CodeInvalidRequest, id: "2"},
		{name: "nothing but a version", raw: `{"jsonrpc":"2.0"}`, code: CodeInvalidRequest},
		{name: "an empty object", raw: `{}`, code: CodeInvalidRequest},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := Parse([]byte(tc.raw))
			if m.Kind != Invalid {
				t.Fatalf("kind %v, want invalid", m.Kind)
			}
			if m.Err.Code != tc.code {
				t.Errorf("code %d, want %d (%s)", m.Err.Code, tc.code, m.Err.Message)
			}
			if !strings.Contains(m.Err.Message, tc.msg) {
				t.Errorf("message %q, want it to hold %q", m.Err.Message, tc.msg)
			}
			reply := AppendRefusal(nil, &m, "")
			wantID := tc.id
			if wantID == "" {
				wantID = "null"
			}
			r := Parse(reply)
			if r.Kind != Response || string(r.ID) != wantID || r.Error == nil {
				t.Errorf("reply %s: want an error response with id %s", reply, wantID)
			}
		})
	}
}

func TestAppendErrorEchoesTheIDByteForByte(t *testing.T) {
	tests := []struct {
		name, id, want string
	}{
		{name: "fraction", id: "1.5", want: `{"jsonrpc":"2.0","id":1.5,"error":{"code":-32600,"message":"m \"q\"\n\u0001"}}`},
		{name: "big integer", id: "123456789012345678901234567890", want: `{"jsonrpc":"2.0","id":123456789012345678901234567890,"error":{"code":-32600,"message":"m \"q\"\n\u0001"}}`},
		{name: "escaped string", id: `"\u00e9"`, want: `{"jsonrpc":"2.0","id":"\u00e9","error":{"code":-32600,"message":"m \"q\"\n\u0001"}}`},
		{name: "none", id: "", want: `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m \"q\"\n\u0001"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var id []byte
			if tc.id != "" {
				id = []byte(tc.id)
			}
			got := string(AppendError(nil, id, CodeInvalidRequest, "m \"q\"\n\x01"))
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestAppendRefusalAnswersABatchAsJSONRPCDoes(t *testing.T) {
	const no = "batches are not part of MCP"
	tests := []struct {
		name, raw, want string
	}{
		{name: "empty", raw: `[]`, want: `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an empty batch"}}`},
		{name: "requests each refused, notifications not answered", raw: `[{"jsonrpc":"2.0","id":1.0,"method":"a"},{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":"x","method":"b"}]`,
			want: `[{"jsonrpc":"2.0","id":1.0,"error":{"code":-32600,"message":"` + no + `"}},{"jsonrpc":"2.0","id":"x","error":{"code":-32600,"message":"` + no + `"}}]`},
		{name: "an invalid member gets its own error", raw: `[1]`, want: `[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message is not a JSON object"}}]`},
		{name: "notifications only get nothing", raw: `[{"jsonrpc":"2.0","method":"n"}]`, want: ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := Parse([]byte(tc.raw))
			got := string(AppendRefusal(nil, &m, no))
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestMemberReadsTheLastOfANameGivenTwiceAndDecodesNames(t *testing.T) {
	obj := []byte(`{"name":"a", "arguments": {"x":[1,{"y":2}]}, "n\u0061me":"b", "other":null}`)
	if got := string(Member(obj, "name")); got != `"b"` {
		t.Errorf("name %s, want \"b\"", got)
	}
	if got := string(Member(obj, "arguments")); got != `{"x":[1,{"y":2}]}` {
		t.Errorf("arguments %s", got)
	}
	if got := Member(obj, "absent"); got != nil {
		t.Errorf("absent %s, want nil", got)
	}
	if got := Member([]byte(`[1]`), "name"); got != nil {
		t.Errorf("of an array %s, want nil", got)
	}
	var elems []string
	for e := range Elements([]byte(` [ 1 , "a" , {"b":[]} ] `)) {
		elems = append(elems, string(e))
	}
	if strings.Join(elems, "|") != `1|"a"|{"b":[]}` {
		t.Errorf("elements %q", elems)
	}
}

func TestUnquoteDecodesEscapes(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{name: "plain", in: `"abc"`, want: "abc", ok: true},
		{name: "escapes", in: `"a\"\\\/\b\f\n\r\t"`, want: "a\"\\/\b\f\n\r\t", ok: true},
		{name: "a surrogate pair", in: `"\ud83d\ude00"`, want: "\U0001F600", ok: true},
		{name: "a lone surrogate", in: `"\ud83d!"`, want: "\uFFFD!", ok: true},
		{name: "not a string", in: `12`, ok: false},
		{name: "a bad escape", in: `"\x"`, ok: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Unquote([]byte(tc.in))
			if got != tc.want || ok != tc.ok {
				t.Errorf("Unquote(%s) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestParseOfAKnownMethodAllocatesNothing(t *testing.T) {
	raw := []byte(`{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"search","arguments":{"query":"vector db","limit":5}}}`)
	if n := testing.AllocsPerRun(100, func() { Parse(raw) }); n != 0 {
		t.Errorf("%v allocations a message, want 0", n)
	}
}
