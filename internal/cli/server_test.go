package cli

// The commands on a live MCP server: this test binary run as a stdio
// server (mcpserver_test.go), or the same tools over Streamable HTTP in
// this process.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/lint"
)

// transport is one way of reaching the tools server.
type transport struct {
	name string
	args []string   // the server flags
	run  commandRun // the environment they need
	// server is the server's name in issues and errors.
	server string
}

// transports starts the tools server over stdio and over HTTP, with the
// bearer token read from the environment.
func transports(t *testing.T) []transport {
	t.Helper()
	ts := stdioServer(t, "tools")
	u, _ := httpServer(t)
	return []transport{
		{name: "stdio", args: ts.args, server: ts.name},
		{name: "http", args: []string{"--server-url", u, "--header", "Authorization: Bearer ${TOKEN}", "--timeout", testServerTimeout},
			run: commandRun{env: map[string]string{"TOKEN": testBearer}}, server: hostOf(t, u)},
	}
}

func hostOf(t *testing.T, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return p.Host
}

func TestServerFlagsAreCheckedBeforeAnythingRuns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	config := filepath.Join(dir, "servers.json")
	if err := os.WriteFile(config, []byte(`{"mcpServers": {"local": {"command": "x"}, "remote": {"url": "http://127.0.0.1:1/mcp"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"two servers", []string{"lint", "--server-cmd", "x", "--server-url", "http://h/"}, "--server-cmd and --server-url each name a server; give one"},
		{"a file and a server", []string{"lint", "--server-cmd", "x", "tools.json"}, "FILE and --server-cmd name two sources of tools; give one"},
		{"dump of a file and a server", []string{"dump", "--server", "x", "t.json"}, "FILE and --server name two sources of tools; give one"},
		{"watch of a file and a server", []string{"watch", "--server-url", "http://h/", "t.json"}, "FILE and --server-url name two sources of tools; give one"},
		{"-e without a server", []string{"lint", "-e", "A=1", "t.json"}, "-e is for a server; name one with --server-cmd, --server-url or --server"},
		{"--header without a server", []string{"dump", "--header", "A: b"}, "--header is for a server"},
		{"--timeout without a server", []string{"call", "--timeout", "1s", "s.json"}, "--timeout is for a server"},
		{"-e with a URL", []string{"lint", "--server-url", "http://h/", "-e", "A=1"}, "-e sets the environment of a server toolbench spawns"},
		{"--header with a command", []string{"lint", "--server-cmd", "x", "--header", "A: b"}, "--header is sent to an HTTP server"},
		{"--mcp-config without --server", []string{"lint", "--server-cmd", "x", "--mcp-config", config}, "--mcp-config names the servers file of --server NAME"},
		{"a timeout of zero", []string{"dump", "--server-cmd", "x", "--timeout", "0s"}, "--timeout 0s: want a time above zero"},
		{"a quote not closed", []string{"lint", "--server-cmd", "node 'x"}, "--server-cmd: command line: the single quote at byte 6 is not closed"},
		{"an empty command", []string{"lint", "--server-cmd", " "}, "--server-cmd: the command line is empty"},
		{"--run without a server", []string{"call", "--run", "s.json"}, "--run sends the calls to a live MCP server"},
		{"--history without --run", []string{"call", "--server-cmd", "x", "--history", "h.jsonl"}, "--history records the calls --run sends; add --run"},
		{"SCHEMAS beside a server", []string{"call", "--server-cmd", "x", "s.json", "c.jsonl"}, "--server-cmd takes the place of SCHEMAS: give one CALLS file at most"},
		{"--schemas with a server", []string{"call", "--server-cmd", "x", "--schemas", "flat"}, "--schemas says how to read SCHEMAS; --server-cmd lists a tools document"},
		{"--format flat with a server", []string{"call", "--server-cmd", "x", "--format", "flat"}, "--format says how to read SCHEMAS; --server-cmd lists a tools document"},
		{"a header without a colon", []string{"dump", "--server-url", "http://h/", "--header", "Authorization"}, `--header: header "Authorization": want "Name: value"`},
		{"a header of a variable not set", []string{"dump", "--server-url", "http://h/", "--header", "Authorization: Bearer $NO_SUCH_TOKEN"}, "--header: header Authorization: the environment variable NO_SUCH_TOKEN is not set"},
		{"an -e without =", []string{"lint", "--server-cmd", "x", "-e", "A"}, `-e: environment entry "A": want KEY=VALUE`},
		{"-e for a server reached by URL", []string{"lint", "--server", "remote", "--mcp-config", config, "-e", "A=1"}, `-e: the server "remote" is reached by URL, not spawned`},
		{"--header for a spawned server", []string{"lint", "--server", "local", "--mcp-config", config, "--header", "A: b"}, `--header: the server "local" is spawned on stdio, not reached by URL`},
		{"no such server in the file", []string{"lint", "--server", "nope", "--mcp-config", config}, config + `: no server "nope" in "mcpServers"; it has "local", "remote"`},
		{"no servers file", []string{"lint", "--server", "x", "--mcp-config", filepath.Join(dir, "none.json")}, "none.json: no such file or directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := commandRun{}.run(t, tc.args...)
			prog := "toolbench " + tc.args[0] + ": "
			if code != exitFailure || stdout != "" || !strings.HasPrefix(stderr, prog) || !strings.Contains(lines(stderr)[0], tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and a first line %q...%q", code, stdout, stderr, prog, tc.want)
			}
		})
	}
}

// lintIssues decodes lint --json output.
func lintIssues(t *testing.T, out string) []lint.Issue {
	t.Helper()
	var issues []lint.Issue
	if err := json.Unmarshal([]byte(out), &issues); err != nil {
		t.Fatalf("lint --json output is not a list of issues: %v\n%s", err, out)
	}
	return issues
}

func TestLintOfAServerNamesItAndPointsIntoItsDump(t *testing.T) {
	t.Parallel()
	for _, tr := range transports(t) {
		t.Run(tr.name, func(t *testing.T) {
			// "search files" breaks MCP's rule of names, a SHOULD: a
			// warning, so the lint exits 0.
			code, out, stderr := tr.run.run(t, append([]string{"lint", "--json"}, tr.args...)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("lint: exit %d, stderr %q; want 0 and nothing", code, stderr)
			}
			var found *lint.Issue
			for i, is := range lintIssues(t, out) {
				if is.File != tr.server {
					t.Errorf("issue %s names %q, want the server %q", is.Code, is.File, tr.server)
				}
				// MCP's name rule, under its own code: the base
				// invalid-name follows it and leaves the warning to it.
				if is.Code == "mcp/invalid-name" && is.Severity == catalog.Warning && strings.Contains(is.Message, "for MCP") {
					found = &lintIssues(t, out)[i]
				}
			}
			if found == nil {
				t.Fatalf("no mcp/invalid-name warning for the tool \"search files\": with no --target a server is linted for MCP\n%s", out)
			}
			code, dump, _ := tr.run.run(t, append([]string{"dump"}, tr.args...)...)
			if code != exitOK {
				t.Fatalf("dump: exit %d", code)
			}
			line := lines(dump)[found.Line-1]
			if at := line[found.Column-1:]; !strings.HasPrefix(at, `"search files"`) {
				t.Errorf("the issue at %d:%d points at %.30q in the dump, want the name \"search files\"", found.Line, found.Column, at)
			}

			// A target given replaces MCP's.
			_, out, _ = tr.run.run(t, append([]string{"lint", "--json", "--target", "openai"}, tr.args...)...)
			for _, is := range lintIssues(t, out) {
				if strings.HasPrefix(is.Code, "mcp/") {
					t.Errorf("--target openai reports %s", is.Code)
				}
			}
		})
	}
}

func TestLintOfAServerKeepsEveryFormat(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	for _, format := range []string{"text", "sarif", "github"} {
		t.Run(format, func(t *testing.T) {
			code, out, stderr := commandRun{}.run(t, append([]string{"lint", "--format", format}, ts.args...)...)
			if code != exitOK || stderr != "" || !strings.Contains(out, "for MCP: it contains ' '") || !strings.Contains(out, ts.name) {
				t.Errorf("exit %d, stderr %q, output without the server's issue:\n%s", code, stderr, out)
			}
		})
	}
	// The exit status is a file's: 0 with warnings only, 1 with any
	// under --strict.
	for _, tc := range []struct {
		flags []string
		want  int
	}{
		{nil, exitOK},
		{[]string{"--strict"}, exitIssues},
	} {
		args := append(append([]string{"lint"}, tc.flags...), ts.args...)
		if code, _, _ := (commandRun{}).run(t, args...); code != tc.want {
			t.Errorf("lint %s: exit %d, want %d", strings.Join(tc.flags, " "), code, tc.want)
		}
	}
}

func TestDumpOfAServerIsEveryPageOfItsToolsAsSent(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "pages")
	code, out, stderr := commandRun{}.run(t, append([]string{"dump"}, ts.args...)...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	want := []string{`{"tools": [`}
	for i := range testPages * testPagedTools {
		tool := fmt.Sprintf(`{"inputSchema":{"type":"object","properties":{"n":{"type":"integer","description":"A number."}}},"name":"tool_%02d","execution":{"taskSupport":"optional"},"description":"Tool number %d, which does nothing with its number."}`, i, i)
		if i < testPages*testPagedTools-1 {
			tool += ","
		}
		want = append(want, tool)
	}
	want = append(want, "]}")
	if diff := cmp.Diff(want, lines(out)); diff != "" {
		t.Errorf("dump (-want +got):\n%s", diff)
	}

	// Linted from the dump, the tools have the server's issues at the
	// same places.
	_, fromServer, _ := commandRun{}.run(t, append([]string{"lint", "--json"}, ts.args...)...)
	_, fromDump, _ := commandRun{stdin: out}.run(t, "lint", "--json", "--target", "mcp")
	strip := cmp.Transformer("nofile", func(is lint.Issue) lint.Issue { is.File = ""; return is })
	if diff := cmp.Diff(lintIssues(t, fromServer), lintIssues(t, fromDump), strip); diff != "" {
		t.Errorf("issues of the server and of its dump differ (-server +dump):\n%s", diff)
	}
}

func TestDumpOfAFileLaysOutItsToolsAsWritten(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, want string
	}{
		{"a list in OpenAI's shape", "[{\"type\": \"function\",\n  \"function\": {\"name\": \"a\"}}, {\"name\": \"b\"}]",
			"{\"tools\": [\n{\"type\": \"function\",\n  \"function\": {\"name\": \"a\"}},\n{\"name\": \"b\"}\n]}\n"},
		{"a tools/list result", `{"jsonrpc": "2.0", "id": 1, "result": {"tools": [{"name": "a", "inputSchema": {}}]}}`,
			"{\"tools\": [\n{\"name\": \"a\", \"inputSchema\": {}}\n]}\n"},
		{"one tool", `{"name": "a", "parameters": {"type": "object"}}`, "{\"tools\": [\n{\"name\": \"a\", \"parameters\": {\"type\": \"object\"}}\n]}\n"},
		{"entries that are not tools are kept", `{"tools": [3, {"name": "a"}]}`, "{\"tools\": [\n3,\n{\"name\": \"a\"}\n]}\n"},
		{"no tools", `{"tools": []}`, "{\"tools\": []}\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := commandRun{stdin: tc.file}.run(t, "dump")
			if code != exitOK || stderr != "" || out != tc.want {
				t.Errorf("exit %d, stderr %q, dump\n%s\nwant\n%s", code, stderr, out, tc.want)
			}
		})
	}
	code, out, stderr := commandRun{stdin: "\n{\"tools\": 3}"}.run(t, "dump")
	if code != exitFailure || out != "" || stderr != "toolbench dump: <stdin>:2:11: \"tools\" is a number, not a list of tools\n" {
		t.Errorf("dump of a document that is not tools: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// testCalls are calls of every outcome, a line each.
const testCalls = `{"name": "echo", "arguments": {"text": "hi"}}
{"name": "echo", "arguments": {}}
{"name": "fails"}
{"name": "refuses"}
{"name": "weather", "arguments": {"city": "Oslo"}}
{"name": "weather", "arguments": {"city": "Atlantis"}}
{"name": "media"}
`

// testCallsReport is what call --run prints for testCalls, times as N.
const testCallsReport = `line 1: ok N ms
  echo: hi
line 2: missing:text
line 3: tool error N ms
  the disk is full
line 4: protocol error N ms: tools/call "refuses": JSON-RPC error -32602: "refused: the server is read-only"
line 5: ok N ms
  {"temperature":21.5}
line 6: ok N ms
  {"temperature":"unknown"}
  output /temperature: got string, want number
line 7: ok N ms
  \x1b[31mred\x1b[0m
  second line
  [image/png, 1,234 bytes]
  test://static/resource/1
7 calls: 3 ok, 1 tool error, 1 protocol error, 1 not conforming to the outputSchema, 1 invalid, not sent
`

var msPattern = regexp.MustCompile(`\d+(\.\d)? ms`)

func TestCallRunSendsEachValidCallAndPrintsItsResult(t *testing.T) {
	t.Parallel()
	for _, tr := range transports(t) {
		t.Run(tr.name, func(t *testing.T) {
			r := tr.run
			r.stdin = testCalls
			code, out, stderr := r.run(t, append([]string{"call", "--run"}, tr.args...)...)
			if code != exitIssues || stderr != "" {
				t.Errorf("exit %d, stderr %q; want 1 and nothing", code, stderr)
			}
			if diff := cmp.Diff(testCallsReport, msPattern.ReplaceAllString(out, "N ms")); diff != "" {
				t.Errorf("report (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCallRunExitsZeroWhenEveryResultIsOK(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	calls := `{"name": "echo", "arguments": {"text": "a"}}` + "\n" + `{"name": "weather", "arguments": {"city": "Oslo"}}`
	code, out, stderr := commandRun{stdin: calls}.run(t, append([]string{"call", "--run"}, ts.args...)...)
	if code != exitOK || stderr != "" || !strings.HasSuffix(out, "2 calls: 2 ok\n") {
		t.Errorf("exit %d, stderr %q, out\n%s", code, stderr, out)
	}
}

// runLine is a line of call --run --json.
type runLine struct {
	Errors []string          `json:"errors"`
	Schema []json.RawMessage `json:"schema"`
	Result *struct {
		Content []struct {
			Type, Text string
		} `json:"content"`
		StructuredContent map[string]any `json:"structuredContent"`
		IsError           bool           `json:"isError"`
	} `json:"result"`
	MS     *float64 `json:"ms"`
	Output []struct {
		Path, Message string
	} `json:"output"`
	Error *struct {
		Code    int64
		Message string
	} `json:"error"`
}

func TestCallRunJSONIsOneObjectPerCall(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	code, out, stderr := commandRun{stdin: testCalls}.run(t, append([]string{"call", "--run", "--json", "--deep"}, ts.args...)...)
	if code != exitIssues || stderr != "" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	var got []runLine
	for _, l := range lines(out) {
		var rl runLine
		if err := json.Unmarshal([]byte(l), &rl); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, rl)
	}
	if len(got) != 7 {
		t.Fatalf("%d lines for 7 calls:\n%s", len(got), out)
	}
	sent := func(i int) bool { return got[i].Result != nil && got[i].MS != nil && *got[i].MS > 0 }
	switch {
	case !sent(0) || got[0].Result.Content[0].Text != "echo: hi" || len(got[0].Errors) != 0 || got[0].Schema == nil || got[0].Output == nil:
		t.Errorf("ok call: %s", lines(out)[0])
	case got[1].Result != nil || got[1].MS != nil || !cmp.Equal(got[1].Errors, []string{"missing:text"}):
		t.Errorf("invalid call: %s", lines(out)[1])
	case !sent(2) || !got[2].Result.IsError:
		t.Errorf("tool error: %s", lines(out)[2])
	case got[3].Result != nil || got[3].MS == nil || got[3].Error == nil || got[3].Error.Code != -32602 || got[3].Error.Message != "refused: the server is read-only":
		t.Errorf("refused call: %s", lines(out)[3])
	case !sent(4) || got[4].Result.StructuredContent["temperature"] != 21.5 || len(got[4].Output) != 0:
		t.Errorf("conforming output: %s", lines(out)[4])
	case !sent(5) || len(got[5].Output) != 1 || got[5].Output[0].Path != "/temperature":
		t.Errorf("output that does not conform: %s", lines(out)[5])
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("JSON output holds a raw escape character:\n%q", out)
	}
}

func TestCallRunHistoryReplays(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	history := filepath.Join(t.TempDir(), "history.jsonl")
	code, first, _ := commandRun{stdin: testCalls}.run(t, append([]string{"call", "--run", "--history", history}, ts.args...)...)
	if code != exitIssues {
		t.Fatalf("exit %d", code)
	}
	data, err := os.ReadFile(history)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(lines(string(data))); n != 6 {
		t.Errorf("%d history lines for 6 calls sent (one was invalid):\n%s", n, data)
	}
	if !strings.Contains(string(data), `"server":"`+ts.name+`","method":"tools/call","params":{"name":"refuses","arguments":{}},"error":{"code":-32602,"message":"refused: the server is read-only"}`) {
		t.Errorf("the refused call is not in the history as a JSON-RPC error:\n%s", data)
	}

	// The history is the calls again: replayed, each gives what it gave.
	code, replay, stderr := commandRun{}.run(t, append([]string{"call", "--run", ts.args[0], ts.args[1]}, append(ts.args[2:], history)...)...)
	if code != exitIssues || stderr != "" {
		t.Errorf("replay: exit %d, stderr %q", code, stderr)
	}
	status := regexp.MustCompile(`(?m)^line \d+: `)
	norm := func(s string) []string {
		var out []string
		for _, l := range lines(msPattern.ReplaceAllString(status.ReplaceAllString(s, "line: "), "N ms")) {
			if !strings.HasPrefix(l, "line: missing:") && !strings.Contains(l, " calls: ") {
				out = append(out, l)
			}
		}
		return out
	}
	if diff := cmp.Diff(norm(first), norm(replay)); diff != "" {
		t.Errorf("replay differs from the run (-run +replay):\n%s", diff)
	}
}

func TestCallWithoutRunChecksAgainstTheServersTools(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	calls := `{"name": "echo", "arguments": {}}` + "\n" + `{"name": "nosuch"}` + "\n" + `{"name": "weather", "arguments": {"city": "Oslo"}}`
	code, out, stderr := commandRun{stdin: calls}.run(t, append([]string{"call"}, ts.args...)...)
	want := "line 1: missing:text\nline 2: unknown_tool:nosuch\nline 3: valid\n3 calls: 1 valid, 2 invalid\n"
	if code != exitIssues || stderr != "" || out != want {
		t.Errorf("exit %d, stderr %q, out\n%s\nwant\n%s", code, stderr, out, want)
	}
}

func TestAServerOfAServersFileIsNamedAfterItsEntry(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ts := &testServer{name: "tools", pidFile: filepath.Join(dir, "server.pid")}
	t.Cleanup(func() { ts.assertGone(t) })
	u, _ := httpServer(t)
	config, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"tools":  map[string]any{"command": exe, "env": map[string]string{testServerEnv: "tools", testPIDFileEnv: ts.pidFile}},
		"remote": map[string]any{"type": "http", "url": u, "headers": map[string]string{"Authorization": "Bearer ${TOKEN}"}},
	}})
	if err := os.WriteFile(filepath.Join(dir, ".mcp.json"), config, 0o644); err != nil {
		t.Fatal(err)
	}
	workIn(t, dir) // ./.mcp.json is the default

	code, out, stderr := commandRun{}.run(t, "lint", "--json", "--server", "tools")
	if code != exitOK || stderr != "" || len(lintIssues(t, out)) == 0 {
		t.Fatalf("lint --server tools: exit %d, stderr %q", code, stderr)
	}
	for _, is := range lintIssues(t, out) {
		if is.File != "tools" {
			t.Errorf("issue %s names %q, want the entry's name", is.Code, is.File)
		}
	}
	withToken := commandRun{env: map[string]string{"TOKEN": testBearer}, stdin: `{"name": "echo", "arguments": {"text": "x"}}`}
	code, out, stderr = withToken.run(t, "call", "--run", "--server", "remote")
	if code != exitOK || !strings.HasPrefix(out, "line 1: ok ") {
		t.Errorf("call --run --server remote: exit %d, stderr %q, out %q", code, stderr, out)
	}
	code, _, stderr = commandRun{}.run(t, "dump", "--server", "remote")
	if want := `toolbench dump: .mcp.json: server "remote": header Authorization: the environment variable TOKEN is not set` + "\n"; code != exitFailure || stderr != want {
		t.Errorf("dump --server remote without TOKEN: exit %d, stderr %q, want %q", code, stderr, want)
	}
}
