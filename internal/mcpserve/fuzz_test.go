package mcpserve_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"toolbench/internal/mcpserve"
)

// FuzzHTTPMessage sends the server any body as a request: whatever it is,
// the server answers without failing, with a JSON-RPC message or nothing
// (a notification's 202), never with Go's words or the path of its root.
func FuzzHTTPMessage(f *testing.F) {
	for i, tc := range badRequests {
		f.Add(`{"jsonrpc":"2.0","id":` + jsonNumber(i) + `,` + tc.params + `}`)
	}
	for _, body := range []string{
		"nope", "[]", "5", "{}", "\ufeff{}",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fuzz","version":"0"}}}`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"explain_code","arguments":{"code":"invalid-name"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"lint_tools","arguments":{"tools":"[{\"name\": \"a b\"}]","targets":["openai-strict"]}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"check_tool_calls","arguments":{"tools":"[{\"name\":\"a\"}]","calls":"{\"name\":\"a\"}","deep":true}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lint_tools","arguments":{"tools_path":"sub/../../x"}}}`,
	} {
		f.Add(body)
	}
	root := f.TempDir()
	h, err := mcpserve.Handler(mcpserve.Options{Root: root, MaxInputBytes: 64 << 10})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		rec := post(h, body)
		answer := rec.Body.String()
		if m := speaksOfGo.FindString(answer); m != "" {
			t.Fatalf("the answer to %q speaks of Go (%q): %s", body, m, answer)
		}
		if strings.Contains(answer, root) {
			t.Fatalf("the answer to %q names the server's root: %s", body, answer)
		}
		switch {
		case rec.Code == http.StatusAccepted && strings.TrimSpace(answer) == "":
		case strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json"):
			// One JSON-RPC response, or for a batch, as JSON-RPC answers
			// one, a list of them.
			type response struct {
				JSONRPC string          `json:"jsonrpc"`
				Result  json.RawMessage `json:"result"`
				Error   json.RawMessage `json:"error"`
			}
			var msgs []response
			if strings.HasPrefix(strings.TrimSpace(answer), "[") {
				if err := json.Unmarshal(rec.Body.Bytes(), &msgs); err != nil || len(msgs) == 0 || !strings.HasPrefix(strings.TrimSpace(body), "[") {
					t.Fatalf("the answer to %q is a list, but not of the responses to a batch: status %d, %s", body, rec.Code, answer)
				}
			} else {
				msgs = make([]response, 1)
				if err := json.Unmarshal(rec.Body.Bytes(), &msgs[0]); err != nil {
					t.Fatalf("the answer to %q is not one JSON-RPC response: status %d, %s", body, rec.Code, answer)
				}
			}
			for _, msg := range msgs {
				if msg.JSONRPC != "2.0" || (msg.Result == nil) == (msg.Error == nil) {
					t.Fatalf("the answer to %q is not JSON-RPC responses: status %d, %s", body, rec.Code, answer)
				}
			}
		case rec.Code >= 400:
			// A refusal of HTTP's own (a method, a media type), in words.
		default:
			t.Fatalf("the answer to %q: status %d, %q: %s", body, rec.Code, rec.Header().Get("Content-Type"), answer)
		}
	})
}
