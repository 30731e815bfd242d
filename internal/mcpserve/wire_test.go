package mcpserve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"toolbench/internal/mcpserve"
)

// speaksOfGo finds Go's own words in what a client reads: type names of
// the SDK and of the standard library, and the decoder's phrases.
var speaksOfGo = regexp.MustCompile(`Go (?:value|struct field)|\b(?:mcp|jsonrpc2?|reflect)\.\w|\bjson\.[A-Z]|map\[|interface ?\{\}|cannot unmarshal|unmarshaling|goroutine|runtime error`)

// badRequests are requests a client may send that the server refuses,
// each with what the answer says.
var badRequests = []struct {
	name, params, want string
}{
	{"params that are a list", `"method":"tools/call","params":[]`, `tools/call: params is a list; it must be an object`},
	{"a name that is a number", `"method":"tools/call","params":{"name":5}`, `tools/call: params.name is a number; it must be a string`},
	{"arguments that are a string", `"method":"tools/call","params":{"name":"lint_tools","arguments":"x"}`, `arguments are a string; they must be an object`},
	{"arguments that are a list", `"method":"tools/call","params":{"name":"lint_tools","arguments":[1]}`, `arguments are a list; they must be an object`},
	{"an argument that is an object", `"method":"tools/call","params":{"name":"lint_tools","arguments":{"tools":{"a":1}}}`, `tools is an object; it must be a string or null`},
	{"an argument no tool takes", `"method":"tools/call","params":{"name":"explain_code","arguments":{"code":"x","extra":1}}`, `arguments: no such argument \"extra\"; the tool takes code`},
	{"a target that is a number", `"method":"tools/call","params":{"name":"lint_tools","arguments":{"tools":"[]","targets":[5]}}`, `targets[0] is 5; it must be a string`},
	{"a path out of the root", `"method":"tools/call","params":{"name":"lint_tools","arguments":{"tools_path":"../x"}}`, `under its root directory only`},
	{"no document", `"method":"tools/call","params":{"name":"lint_tools","arguments":{}}`, `the path of a file under the server's root directory`},
	{"an unknown tool", `"method":"tools/call","params":{"name":"nope","arguments":{}}`, `unknown tool`},
	{"list params that are a number", `"method":"tools/list","params":5`, `params are an object or an array`},
	{"a cursor that is an object", `"method":"tools/list","params":{"cursor":{}}`, `tools/list: params.cursor is an object; it must be a string`},
	{"a client name that is a number", `"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":5}}`, `initialize: params.clientInfo.name is a number; it must be a string`},
}

// post sends body to h as a client's POST of a message, and returns
// the answer.
func post(h http.Handler, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", "/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// stdioSession serves root on pipes, begins a session, and returns a
// function that sends a line and returns the answer.
func stdioSession(t *testing.T, root string) func(line string) string {
	t.Helper()
	send := stdioLines(t, root)
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return send
}

// piped is toolbench mcp served on pipes: write sends it a line, and
// answers are the lines it writes.
type piped struct {
	in      *io.PipeWriter // the server's input
	out     *io.PipeWriter // the server's output
	answers <-chan string
	served  <-chan error
}

// servePiped serves opt on pipes. When the test ends, the server's input
// is closed.
func servePiped(t *testing.T, opt mcpserve.Options) *piped {
	t.Helper()
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	opt.In, opt.Out = serverIn, serverOut
	served := make(chan error, 1)
	go func() { served <- mcpserve.Serve(context.Background(), opt) }()
	t.Cleanup(func() { clientOut.Close() })
	answers := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(clientIn)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	return &piped{in: clientOut, out: serverOut, answers: answers, served: served}
}

// write sends the server a line.
func (p *piped) write(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		t.Fatal(err)
	}
}

// stdioLines serves root on pipes and returns a function that sends a
// line and returns the answer, "" for a notification: a session that
// has begun nothing.
func stdioLines(t *testing.T, root string) func(line string) string {
	t.Helper()
	p := servePiped(t, mcpserve.Options{Root: root})
	send := func(line string) string {
		t.Helper()
		p.write(t, line)
		if strings.Contains(line, `"method":"notifications/`) {
			return ""
		}
		select {
		case a, ok := <-p.answers:
			if !ok {
				t.Fatal("the server ended the session")
			}
			return a
		case <-time.After(30 * time.Second):
			t.Fatalf("no answer to %s", line)
		}
		return ""
	}
	return send
}

func TestAnswersSayWhatIsWrongAndNothingOfGoOrTheRoot(t *testing.T) {
	root := t.TempDir()
	send := stdioSession(t, root)
	h, err := mcpserve.Handler(mcpserve.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	overHTTP := func(body string) string { return post(h, body).Body.String() }
	for i, tc := range badRequests {
		line := `{"jsonrpc":"2.0","id":` + jsonNumber(100+i) + `,` + tc.params + `}`
		for over, answer := range map[string]string{"stdio": send(line), "HTTP": overHTTP(line)} {
			t.Run(over+"/"+tc.name, func(t *testing.T) {
				if !strings.Contains(answer, tc.want) {
					t.Errorf("answer %s\nwant it to say %q", answer, tc.want)
				}
				if m := speaksOfGo.FindString(answer); m != "" {
					t.Errorf("answer %s speaks of Go: %q", answer, m)
				}
				if strings.Contains(answer, root) {
					t.Errorf("answer %s names the server's root", answer)
				}
				if !strings.Contains(answer, `"id":`+jsonNumber(100+i)) {
					t.Errorf("answer %s is not to the request", answer)
				}
			})
		}
	}
}

func jsonNumber(n int) string { b, _ := json.Marshal(n); return string(b) }

// One malformed line ended a session on stdio (exit 2): not JSON, a byte
// order mark, [], a batch, "jsonrpc": "1.0", an id of true, two messages
// on a line, a line too long, nesting 100,000 deep. Each is answered with
// JSON-RPC's error now, over stdio and HTTP alike, and the session goes
// on; and an id comes back as it was written (1.5 came back as 1, a large
// integer as another).
func TestEveryMalformedMessageIsAnsweredAndTheSessionGoesOn(t *testing.T) {
	root := t.TempDir()
	send := stdioSession(t, root)
	h, err := mcpserve.Handler(mcpserve.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	overHTTP := func(body string) string { return strings.TrimSpace(post(h, body).Body.String()) }
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	for _, tc := range []struct {
		name, line string
		want       string // the answer, or a piece of it
	}{
		{"not JSON", "nope", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`},
		{"a byte order mark", "\ufeff" + `{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"a byte order mark`},
		{"an empty batch", "[]", `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an empty batch"}}`},
		{"a batch", `[{"jsonrpc":"2.0","id":3,"method":"ping"}]`, `[{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"a batch of messages, which MCP does not send`},
		{"version 1.0", `{"jsonrpc":"1.0","id":4,"method":"ping"}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32600,`},
		{"an id of true", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{"two messages on a line", `{"jsonrpc":"2.0","id":5,"method":"ping"} {"jsonrpc":"2.0","id":6,"method":"ping"}`, `"error":{"code":-32700,`},
		{"nesting 100,000 deep", deep, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`},
		{"an id of 1.5", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, `{"jsonrpc":"2.0","id":1.5,"result":{}}`},
		{"a large id", `{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}`, `{"jsonrpc":"2.0","id":12345678901234567890,"result":{}}`},
		{"an id as written", `{"jsonrpc":"2.0","id":1.50,"method":"tools/call","params":[]}`, `{"jsonrpc":"2.0","id":1.50,"error":{"code":-32602,`},
	} {
		for over, answer := range map[string]string{"stdio": send(tc.line), "HTTP": overHTTP(tc.line)} {
			t.Run(over+"/"+tc.name, func(t *testing.T) {
				if !strings.Contains(answer, tc.want) {
					t.Errorf("answer %s\nwant %s", answer, tc.want)
				}
				if m := speaksOfGo.FindString(answer); m != "" {
					t.Errorf("answer %s speaks of Go: %q", answer, m)
				}
			})
		}
		if got := send(`{"jsonrpc":"2.0","id":"after","method":"ping"}`); got != `{"jsonrpc":"2.0","id":"after","result":{}}` {
			t.Fatalf("after %s, a ping was answered %s", tc.name, got)
		}
	}
}

func TestALineTooLongIsAnsweredWithItsIDAndTheSessionGoesOn(t *testing.T) {
	clientIn, serverOut := io.Pipe()
	serverIn, clientOut := io.Pipe()
	go mcpserve.Serve(context.Background(), mcpserve.Options{Root: t.TempDir(), MaxInputBytes: 1000, In: serverIn, Out: serverOut})
	defer clientOut.Close()
	r := bufio.NewReader(clientIn)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{"name":"lint_tools","arguments":{"tools":"` + strings.Repeat(" ", 200000) + `"}}}`,
		`{"jsonrpc":"2.0","id":"next","method":"ping"}`,
	} {
		go io.WriteString(clientOut, line+"\n")
		answer, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		want := `{"jsonrpc":"2.0","id":"next","result":{}}`
		if strings.Contains(line, `"long"`) {
			want = `{"jsonrpc":"2.0","id":"long","error":{"code":-32600,"message":"line 1: a message longer than`
		}
		if !strings.HasPrefix(answer, want) {
			t.Errorf("answer %s, want %s", answer, want)
		}
	}
}
