package mcpserve_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"toolbench/internal/mcpserve"
)

// What each answer carries at each revision of MCP: the members of its
// result, of the server's serverInfo and of each tool listed, each one
// the revision's schema defines (schema/REVISION/schema.json of
// modelcontextprotocol/modelcontextprotocol: InitializeResult,
// Implementation, ListToolsResult, Tool, CallToolResult, the other
// listings; DiscoverResult in 2026-07-28, which has no initialize).
var answersByRevision = []struct {
	revision string
	want     map[string][]string // by request (see revisionRequests), the members wanted
}{
	{"2024-11-05", answersBefore("description", "inputSchema", "name")},
	{"2025-03-26", answersBefore("annotations", "description", "inputSchema", "name")},
	{"2025-06-18", titledAnswers},
	{"2025-11-25", titledAnswers}, // it adds nothing the server sends
	{"2026-07-28", map[string][]string{
		"server/discover":          {"_meta", "cacheScope", "capabilities", "instructions", "resultType", "supportedVersions", "ttlMs"},
		"tools/list":               {"_meta", "cacheScope", "resultType", "tools", "ttlMs"},
		"tool":                     titledAnswers["tool"],
		"tools/call":               {"_meta", "content", "resultType", "structuredContent"},
		"tools/call refused":       {"_meta", "content", "isError", "resultType"},
		"resources/list":           {"_meta", "cacheScope", "resources", "resultType", "ttlMs"},
		"resources/templates/list": {"_meta", "cacheScope", "resourceTemplates", "resultType", "ttlMs"},
		"prompts/list":             {"_meta", "cacheScope", "prompts", "resultType", "ttlMs"},
	}},
}

// titledAnswers are the members of 2025-06-18, which gave the server and
// its tools a title, a tool its outputSchema and a result its
// structuredContent.
var titledAnswers = map[string][]string{
	"initialize":               {"capabilities", "instructions", "protocolVersion", "serverInfo"},
	"serverInfo":               {"name", "title", "version"},
	"tools/list":               {"tools"},
	"tool":                     {"annotations", "description", "inputSchema", "name", "outputSchema", "title"},
	"tools/call":               {"content", "structuredContent"},
	"tools/call refused":       {"content", "isError"},
	"resources/list":           {"resources"},
	"resources/templates/list": {"resourceTemplates"},
	"prompts/list":             {"prompts"},
}

// answersBefore are the members of a revision before 2025-06-18, a tool
// with the members given.
func answersBefore(tool ...string) map[string][]string {
	return map[string][]string{
		"initialize":               {"capabilities", "instructions", "protocolVersion", "serverInfo"},
		"serverInfo":               {"name", "version"},
		"tools/list":               {"tools"},
		"tool":                     tool,
		"tools/call":               {"content"},
		"tools/call refused":       {"content", "isError"},
		"resources/list":           {"resources"},
		"resources/templates/list": {"resourceTemplates"},
		"prompts/list":             {"prompts"},
	}
}

// revisionRequest is a request of a session at a revision, and the
// answer's members it is checked by.
type revisionRequest struct {
	method string
	params map[string]any
	// name is its answer's in answersByRevision, where it is not method.
	name string
}

// answerName is the name answersByRevision gives req's answer.
func (req revisionRequest) answerName() string {
	if req.name != "" {
		return req.name
	}
	return req.method
}

// revisionRequests are the requests each session sends, by the name
// answersByRevision gives their answers: initialize (server/discover in
// 2026-07-28), a call and one whose arguments the server refuses before
// the tool sees them, and each listing.
func revisionRequests(revision string) []revisionRequest {
	handshake := revisionRequest{method: "initialize", params: map[string]any{
		"protocolVersion": revision, "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "test", "version": "0"},
	}}
	if revision >= "2026-07-28" {
		handshake = revisionRequest{method: "server/discover", params: map[string]any{}}
	}
	return []revisionRequest{
		handshake,
		{method: "tools/list", params: map[string]any{}},
		{method: "tools/call", params: map[string]any{"name": "explain_code", "arguments": map[string]any{"code": "short-description"}}},
		{method: "tools/call", params: map[string]any{"name": "explain_code", "arguments": map[string]any{"code": 5}}, name: "tools/call refused"},
		{method: "resources/list", params: map[string]any{}},
		{method: "resources/templates/list", params: map[string]any{}},
		{method: "prompts/list", params: map[string]any{}},
	}
}

// line is req as a JSON-RPC message of id; in 2026-07-28 its params carry
// the revision, the client's capabilities and its name in _meta.
func (req revisionRequest) line(t *testing.T, id int, revision string) string {
	t.Helper()
	params := req.params
	if revision >= "2026-07-28" {
		params = map[string]any{"_meta": map[string]any{
			"io.modelcontextprotocol/protocolVersion":    revision,
			"io.modelcontextprotocol/clientCapabilities": map[string]any{},
			"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "test", "version": "0"},
		}}
		for k, v := range req.params {
			params[k] = v
		}
	}
	data, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": req.method, "params": params})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// postAt sends line, a request of method, to h as a client of revision
// sends it over Streamable HTTP, and returns the answer.
func postAt(h http.Handler, revision, method, line string) string {
	req := httptest.NewRequest("POST", "/mcp", strings.NewReader(line))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if method != "initialize" {
		req.Header.Set("Mcp-Protocol-Version", revision)
	}
	if revision >= "2026-07-28" {
		req.Header.Set("Mcp-Method", method)
		if method == "tools/call" {
			req.Header.Set("Mcp-Name", "explain_code")
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Body.String()
}

// membersOf are the names of the members of obj, sorted.
func membersOf(obj map[string]json.RawMessage) []string {
	var names []string
	for name := range obj {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// answerMembers are the members of the result of answer, by the names
// answersByRevision gives them: the result's under name, its request's,
// and the serverInfo's and each tool's of the results that have them.
func answerMembers(t *testing.T, name, answer string) map[string][][]string {
	t.Helper()
	var resp struct {
		Result map[string]json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal([]byte(answer), &resp); err != nil || resp.Result == nil {
		t.Fatalf("%s: answer %s is no result", name, answer)
	}
	got := map[string][][]string{name: {membersOf(resp.Result)}}
	if info, ok := resp.Result["serverInfo"]; ok && name == "initialize" {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(info, &obj); err != nil {
			t.Fatal(err)
		}
		got["serverInfo"] = [][]string{membersOf(obj)}
	}
	if tools, ok := resp.Result["tools"]; ok {
		var list []map[string]json.RawMessage
		if err := json.Unmarshal(tools, &list); err != nil {
			t.Fatal(err)
		}
		for _, tool := range list {
			got["tool"] = append(got["tool"], membersOf(tool))
		}
	}
	return got
}

func TestAnswersCarryOnlyWhatTheSessionsRevisionDefines(t *testing.T) {
	h, err := mcpserve.Handler(mcpserve.Options{Root: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range answersByRevision {
		for _, over := range []string{"stdio", "HTTP"} {
			t.Run(tc.revision+"/"+over, func(t *testing.T) {
				send := func(method, line string) string { return postAt(h, tc.revision, method, line) }
				if over == "stdio" {
					session := stdioLines(t, t.TempDir())
					send = func(method, line string) string {
						answer := session(line)
						if method == "initialize" {
							session(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
						}
						return answer
					}
				}
				got := map[string][][]string{}
				for i, req := range revisionRequests(tc.revision) {
					for name, members := range answerMembers(t, req.answerName(), send(req.method, req.line(t, i+1, tc.revision))) {
						got[name] = members
					}
				}
				for name, want := range tc.want {
					if len(got[name]) == 0 {
						t.Errorf("%s: no answer", name)
					}
					for _, members := range got[name] {
						if !slices.Equal(members, want) {
							t.Errorf("%s carries %v, want %v", name, members, want)
						}
					}
				}
			})
		}
	}
}

// A client's initialize may ask for a revision the server does not agree
// to; the session's answers are then those of the revision agreed on,
// 2025-11-25 (the latest with initialize), not of the one asked for.
func TestAnswersAfterInitializeAreOfTheRevisionAgreedOn(t *testing.T) {
	for _, asked := range []string{"2026-07-28", "2099-01-01", "2024-10-07"} {
		t.Run(asked, func(t *testing.T) {
			session := stdioLines(t, t.TempDir())
			init := answerMembers(t, "initialize", session(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+asked+`","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`))
			if !slices.Equal(init["serverInfo"][0], titledAnswers["serverInfo"]) {
				t.Errorf("serverInfo carries %v, want %v", init["serverInfo"][0], titledAnswers["serverInfo"])
			}
			session(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			for i, req := range revisionRequests("2025-11-25")[1:] {
				for name, members := range answerMembers(t, req.answerName(), session(req.line(t, i+2, "2025-11-25"))) {
					for _, m := range members {
						if !slices.Equal(m, titledAnswers[name]) {
							t.Errorf("%s carries %v, want %v", name, m, titledAnswers[name])
						}
					}
				}
			}
		})
	}
}
