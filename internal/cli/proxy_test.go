package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/config"
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/lock"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
	"toolbench/internal/proxy"
)

// proxySession runs toolbench proxy args in process in the directory
// root, on a pair of pipes, and returns the Go SDK client's session
// through it, and what the proxy says on stderr. When the test ends the
// session closes and the proxy must end with status 0.
func proxySession(t *testing.T, root string, args ...string) (*mcp.ClientSession, *proctest.Buffer) {
	t.Helper()
	toProxy, fromClient := io.Pipe()
	fromProxy, toClient := io.Pipe()
	served := make(chan int, 1)
	stderr := &proctest.Buffer{}
	go func() {
		e := &env{dir: root, stdin: toProxy, stdout: toClient, stderr: stderr, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
		served <- run(e, append([]string{"proxy"}, args...))
		toClient.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, nil).Connect(ctx, &mcp.IOTransport{Reader: fromProxy, Writer: fromClient}, nil)
	if err != nil {
		fromClient.Close()
		t.Fatalf("connect through toolbench proxy: %v; exit %d; it said %q", err, <-served, stderr.String())
	}
	t.Cleanup(func() {
		cs.Close()
		select {
		case code := <-served:
			if code != exitOK {
				t.Errorf("toolbench proxy exited %d; it said %q", code, stderr.String())
			}
		case <-time.After(10 * time.Second):
			t.Errorf("toolbench proxy did not end within 10 s of its client; it said %q", stderr.String())
		}
	})
	return cs, stderr
}

// testServerCommand is the command line of the Go SDK test server of
// behaviour: this test binary, told so by its environment.
func testServerCommand(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// callText calls the tool through cs and returns its result's text and
// whether it is a tool error.
func callText(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	var texts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, tc.Text)
		}
	}
	return strings.Join(texts, "\n"), res.IsError
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	return names
}

func TestProxyChecksCallsAndRecordsThem(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{})
	cs, stderr := proxySession(t, root, "--record", "rec.jsonl", "-e", testServerEnv+"=tools", "--", testServerCommand(t))
	if names := toolNames(t, cs); !strings.Contains(strings.Join(names, " "), "echo") {
		t.Fatalf("tools %q, want echo among them", names)
	}
	if text, isErr := callText(t, cs, "echo", map[string]any{"text": "hi"}); isErr || text != "echo: hi" {
		t.Errorf("a valid call: %q (error %v), want the server's answer", text, isErr)
	}
	text, isErr := callText(t, cs, "echo", map[string]any{"txt": "hi"})
	if !isErr || !strings.Contains(text, "missing:text") || !strings.Contains(text, "extra:txt") {
		t.Errorf("an invalid call: %q (error %v), want a tool error naming missing:text and extra:txt", text, isErr)
	}
	if !strings.Contains(stderr.String(), "calls enforce, drift enforce, headers enforce; no lock holds its tools; recording to rec.jsonl") {
		t.Errorf("stderr %q does not say what the proxy holds the server to", stderr.String())
	}
	cs.Close()
	// The record, once the proxy has ended, checked again: the calls at
	// their lines, against the server's tools as the record saw them, as
	// the proxy checked them, deep.
	waitFor(t, "the record's last line", func() bool {
		data, _ := os.ReadFile(filepath.Join(root, "rec.jsonl"))
		return strings.Count(string(data), `"method":"tools/call"`) >= 4
	})
	if code, out, errOut := runIn(t, "lock", "--from-record", "rec.jsonl", "--server", "test"); code != exitOK || !strings.Contains(out, "test: 9 tools pinned") {
		t.Fatalf("lock --from-record: exit %d, %q %q", code, out, errOut)
	}
	code, out, errOut := runIn(t, "dump", "--server-cmd", testServerCommand(t), "-e", testServerEnv+"=tools")
	if code != exitOK {
		t.Fatalf("dump: %d %s", code, errOut)
	}
	os.WriteFile(filepath.Join(root, "tools.json"), []byte(out), 0o644)
	code, out, errOut = runIn(t, "call", "tools.json", "rec.jsonl")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != exitIssues || len(lines) != 3 || !strings.HasSuffix(lines[0], ": valid") || !strings.HasSuffix(lines[1], ": missing:text, extra:txt, schema: additional properties 'txt' not allowed, schema: missing property 'text'") || lines[2] != "2 calls: 1 valid, 1 invalid" {
		t.Errorf("call tools.json rec.jsonl: exit %d, %q %q", code, out, errOut)
	}
	// The line numbers are the record's.
	data, _ := os.ReadFile(filepath.Join(root, "rec.jsonl"))
	for _, l := range lines[:2] {
		var n int
		fmt.Sscanf(l, "line %d:", &n)
		if recLine := strings.Split(string(data), "\n")[n-1]; !strings.Contains(recLine, `"kind":"request","method":"tools/call"`) {
			t.Errorf("%q: the record's line %d is %s, not a call", l, n, recLine)
		}
	}
}

func TestAWrappedServersFileRunsTheServerBehindTheProxy(t *testing.T) {
	t.Parallel()
	servers := fmt.Sprintf("{\n  \"mcpServers\": {\n    \"test\": {\n      \"command\": %q,\n      \"env\": {%q: \"tools\"}\n    }\n  }\n}\n", testServerCommand(t), testServerEnv)
	root := project(t, map[string]string{".mcp.json": servers})
	code, out, errOut := runIn(t, "proxy", "wrap", "--command", toolbenchBin, "--record-dir", "records")
	if code != exitOK || out != "test: wrapped\nwrote .mcp.json: 1 server wrapped; toolbench proxy unwrap undoes it\n" {
		t.Fatalf("proxy wrap: exit %d, %q %q", code, out, errOut)
	}
	// The client reads the entry, and spawns what it says.
	spec := entryOf(t, root, "test")
	want := []string{toolbenchBin, "proxy", "--name", "test", "--record", filepath.Join(root, "records", "test.jsonl"), "--unwrap-removes-args", "--", testServerCommand(t)}
	if diff := cmp.Diff(want, spec.Command); diff != "" {
		t.Fatalf("the wrapped entry's command (-want +got):\n%s", diff)
	}
	os.MkdirAll(filepath.Join(root, "records"), 0o755)
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.Env, cmd.Dir = append(os.Environ(), spec.Env...), root
	c := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if text, isErr := callText(t, cs, "echo", map[string]any{"text": "through"}); isErr || text != "echo: through" {
		t.Errorf("a call through the wrapped entry: %q (error %v)", text, isErr)
	}
	if text, isErr := callText(t, cs, "echo", map[string]any{}); !isErr || !strings.Contains(text, "missing:text") {
		t.Errorf("an invalid call through the wrapped entry: %q (error %v), want it refused", text, isErr)
	}
	if err := cs.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if data, err := os.ReadFile(filepath.Join(root, "records", "test.jsonl")); err != nil || !strings.Contains(string(data), `"verdict":"refused"`) {
		t.Errorf("the record: %v\n%s", err, data)
	}
	// A proxy in front of the wrapped entry stands in front of another,
	// and says so.
	_, stderr := proxySession(t, root, "--server", "test")
	waitFor(t, "the line about the wrapped entry", func() bool {
		return strings.Contains(stderr.String(), "'test' runs toolbench proxy itself (its entry is wrapped)")
	})
	if code, out, _ := runIn(t, "proxy", "unwrap"); code != exitOK || out != "test: unwrapped\nwrote .mcp.json: 1 server unwrapped\n" {
		t.Errorf("proxy unwrap: exit %d, %q", code, out)
	}
	if data, _ := os.ReadFile(filepath.Join(root, ".mcp.json")); string(data) != servers {
		t.Errorf("unwrapped (-want +got):\n%s", cmp.Diff(servers, string(data)))
	}
}

// entryOf is the server name of root's .mcp.json, as a client reads it.
func entryOf(t *testing.T, root, name string) mcpclient.Spec {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, ".mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := mcpclient.ParseConfig(".mcp.json", data, name, func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// TestAToolOnlyTheAgentIsGivenIsPinnedFromItsRecord: a server that
// lists a tool only to clients that announce roots, as server-everything
// does, is pinned from the record of a wrapped entry that an agent (the
// SDK's client, which announces roots) and toolbench's own client (which
// does not) both went through: the lock pins what the agent was given,
// and the proxy withholds nothing from it.
func TestAToolOnlyTheAgentIsGivenIsPinnedFromItsRecord(t *testing.T) {
	t.Parallel()
	servers := fmt.Sprintf(`{"mcpServers": {"test": {"command": %q, "env": {%q: "roots"}}}}`, testServerCommand(t), testServerEnv)
	root := project(t, map[string]string{".mcp.json": servers, "records/": ""})
	if code, out, errOut := runIn(t, "proxy", "wrap", "--command", toolbenchBin, "--record-dir", "records"); code != exitOK {
		t.Fatalf("proxy wrap: exit %d, %q %q", code, out, errOut)
	}
	spec := entryOf(t, root, "test")
	agentTools := func() []string {
		cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
		cmd.Env, cmd.Dir = append(os.Environ(), spec.Env...), root
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		return toolNames(t, cs)
	}
	listings := func() int {
		data, _ := os.ReadFile(filepath.Join(root, "records", "test.jsonl"))
		return strings.Count(string(data), `"from":"server","to":"client","kind":"response","method":"tools/list"`)
	}
	if names := agentTools(); !slices.Contains(names, "get-roots-list") {
		t.Fatalf("the agent was given %q, want get-roots-list among them", names)
	}
	waitFor(t, "the agent's listing in the record", func() bool { return listings() == 1 })
	// toolbench's own client, through the same entry, is given less.
	code, out, errOut := runIn(t, "dump", "--server", "test")
	if code != exitOK || strings.Contains(out, "get-roots-list") {
		t.Fatalf("dump: exit %d, %q %q; want the tools without get-roots-list", code, out, errOut)
	}
	waitFor(t, "dump's listing in the record", func() bool { return listings() == 2 })
	code, out, errOut = runIn(t, "lock", "--from-record", "records/test.jsonl", "--server", "test")
	if want := "test: 10 tools pinned\n"; code != exitOK || !strings.HasPrefix(out, want) || !strings.Contains(errOut, "'get-roots-list'") {
		t.Fatalf("lock --from-record: exit %d, %q %q; want %q, and get-roots-list named", code, out, errOut, want)
	}
	if names := agentTools(); !slices.Contains(names, "get-roots-list") {
		t.Errorf("once locked from the record, the agent was given %q; want get-roots-list among them, not withheld", names)
	}
}

func TestAToolChangedSinceItWasLockedIsWithheldThroughTheWrappedEntry(t *testing.T) {
	t.Parallel()
	entry := func(behaviour string) string {
		return fmt.Sprintf(`{"mcpServers": {"test": {"command": %q, "env": {%q: %q}}}}`, testServerCommand(t), testServerEnv, behaviour)
	}
	root := project(t, map[string]string{".mcp.json": entry("tools")})
	if code, out, errOut := runIn(t, "lock", "--server", "test"); code != exitOK {
		t.Fatalf("lock: exit %d, %q %q", code, out, errOut)
	}
	// The server's echo is rewritten ("retold") after it was locked.
	os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(entry("retold")), 0o644)
	cs, stderr := proxySession(t, root, "--server", "test")
	names := toolNames(t, cs)
	if strings.Contains(" "+strings.Join(names, " ")+" ", " echo ") || len(names) == 0 {
		t.Errorf("tools %q: want echo withheld, and the others listed", names)
	}
	if text, isErr := callText(t, cs, "echo", map[string]any{"text": "x"}); !isErr || !strings.Contains(text, "unknown_tool") {
		t.Errorf("a call of the withheld tool: %q (error %v), want unknown_tool", text, isErr)
	}
	if !strings.Contains(stderr.String(), "toolbench.lock.json pins 9 tools as 'test'") {
		t.Errorf("stderr %q does not say the lock holds the server", stderr.String())
	}
	// Under audit, it is passed on.
	cs, _ = proxySession(t, root, "--server", "test", "--policy", "drift=audit")
	if names := toolNames(t, cs); !strings.Contains(" "+strings.Join(names, " ")+" ", " echo ") {
		t.Errorf("tools under audit %q: want echo passed on", names)
	}
}

func TestTheProxysFirstLineNamesTheServerAsTheLockDoes(t *testing.T) {
	t.Parallel()
	npx := mcpclient.Spec{Command: []string{"npx", "-y", "@modelcontextprotocol/server-everything@2026.8.31"}}
	for _, tc := range []struct {
		name string
		opts proxyOptions
		po   proxy.Options
		want string
	}{
		{"--name over the command", proxyOptions{name: "everything", record: "records/everything.jsonl"}, proxy.Options{Upstream: npx, Lock: &lock.Lock{}},
			"in front of everything; calls enforce, drift enforce, headers enforce; toolbench.lock.json pins 13 tools as 'everything'; recording to records/everything.jsonl"},
		{"no lock", proxyOptions{name: "github"}, proxy.Options{Upstream: mcpclient.Spec{URL: "https://api.example.com/mcp"}, Policy: proxy.Policies{Calls: proxy.Audit}},
			"in front of github; calls audit, drift enforce, headers enforce; no lock holds its tools"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lockPath := ""
			if tc.po.Lock != nil {
				lockPath = "toolbench.lock.json"
			}
			if got := proxySummary(&tc.po, &tc.opts, lockPath, 13); got != tc.want {
				t.Errorf("proxySummary =\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestProxyCommandLinesThatCannotRun(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no server", nil, "name the server: toolbench proxy [flags] -- CMD [ARG...], --server NAME or --server-url URL"},
		{"a command without --", []string{"npx", "server"}, `unexpected argument 'npx': put -- before the server's command`},
		{"a mistyped subcommand", []string{"wrp"}, `unknown command 'wrp'; did you mean 'wrap'?`},
		{"nothing after --", []string{"--"}, "no command after --"},
		{"-- and a server", []string{"--server", "s", "--", "x"}, "--server and -- CMD"},
		{"--header for a spawned server", []string{"--header", "A: b", "--", "x"}, "--header and -- CMD"},
		{"two servers", []string{"--server", "s", "--server-url", "http://h/"}, "--server-url and --server each name a server"},
		{"an unknown policy", []string{"--policy", "strict", "--", "x"}, `--policy: unknown policy "strict": use enforce or audit, or CHECK=POLICY`},
		{"an unknown check", []string{"--policy", "call=audit", "--", "x"}, "--policy call=audit: unknown check 'call'"},
		{"a hosts without --listen", []string{"--allow-host", "h", "--", "x"}, "--allow-host is for --listen"},
		{"messages without a record", []string{"--record-messages", "--", "x"}, "--record-messages says what --record FILE holds"},
		{"an entry without a name", []string{"--entry", `{"url":"http://h/"}`}, "--entry needs --name"},
		{"an unknown target", []string{"--target", "opnai", "--", "x"}, "--target: "},
		{"the workbench without --listen", []string{"--tui", "--", "x"}, "--tui puts the workbench on this terminal: the client reaches the proxy on Streamable HTTP, --listen ADDR"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runIn(t, append([]string{"proxy"}, tc.args...)...)
			if code != exitFailure || out != "" || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "Run 'toolbench proxy -h' for usage.") {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and a usage error saying %q", code, out, errOut, tc.want)
			}
		})
	}
}

func TestProxySaysWhatItCannotRead(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{"bad.lock.json": "{", ".mcp.json": `{"mcpServers": {}}`})
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"a lock with a mistake", []string{"--lock", "bad.lock.json", "--", "x"}, "toolbench proxy: bad.lock.json:1:2: "},
		{"a lock named that is not there", []string{"--lock", "none.json", "--", "x"}, "toolbench proxy: none.json: no such file or directory"},
		{"a server the file does not have", []string{"--server", "nope"}, `toolbench proxy: .mcp.json: no server "nope"`},
		{"a command that is not there", []string{"--", "/no/such/server"}, "toolbench proxy: "},
		{"a record that cannot be opened", []string{"--record", "no/such/dir/rec.jsonl", "--", testServerCommand(t)}, "toolbench proxy: --record: "},
		{"an entry that is not JSON", []string{"--name", "n", "--entry", `{"url":`}, "toolbench proxy: --entry:1:8: "},
		{"the workbench off a terminal", []string{"--tui", "--listen", "127.0.0.1:0", "--", testServerCommand(t)}, "toolbench proxy: --tui needs a terminal"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runIn(t, append([]string{"proxy"}, tc.args...)...)
			if code != exitFailure || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "for usage") {
				t.Errorf("exit %d, stderr %q; want 2 and a line saying %q", code, errOut, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(root, "no")); err == nil {
		t.Error("a record's directory was made")
	}
}

// TestProxyExitsTwoWhenItsServerServedNoneOfWhatItsClientAsked pipes a
// client's requests into the proxy, which then sees its input end: a
// server that could not be started or reached (one by URL that refuses
// the connection, one spawned that never answers or exits at once)
// ends the proxy with status 2, saying why, as its help has it; a
// server that answered, or a client that asked nothing, with 0.
func TestProxyExitsTwoWhenItsServerServedNoneOfWhatItsClientAsked(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + l.Addr().String() + "/mcp"
	l.Close()
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}` + "\n"
	spawned := func(behaviour string) []string {
		return []string{"-e", testServerEnv + "=" + behaviour, "--", testServerCommand(t)}
	}
	cases := []struct {
		name  string
		args  []string
		input string
		code  int
		said  string // on stderr
	}{
		{"a server by URL that refuses the connection", []string{"--server-url", refused}, initialize, exitFailure, "the server answered no request of the client's (1 request sent): dial tcp "},
		{"a spawned server that never answers", spawned("silent"), initialize, exitFailure, "the server answered no request of the client's (1 request sent): the client's input ended, and the server had not answered within"},
		{"a spawned server that exits at once", spawned("exit"), initialize, exitFailure, "fatal: no config file at /etc/example.conf"},
		{"a server that answers", spawned("tools"), initialize, exitOK, ""},
		{"a client that asks nothing", spawned("silent"), "", exitOK, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			stderr := &proctest.Buffer{}
			e := &env{dir: project(t, map[string]string{}), stdin: strings.NewReader(tc.input), stdout: io.Discard, stderr: stderr, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
			code := run(e, append([]string{"proxy"}, tc.args...))
			if code != tc.code || !strings.Contains(stderr.String(), tc.said) {
				t.Errorf("exit %d, stderr %q; want %d and a line saying %q", code, stderr.String(), tc.code, tc.said)
			}
		})
	}
}

func TestThePolicyOfACheckIsTheFlagsOverTheConfigurations(t *testing.T) {
	t.Parallel()
	cfg := &config.Config{Proxy: config.Proxy{Calls: "audit", Headers: "audit"}}
	cases := []struct {
		name  string
		flags []string
		cfg   *config.Config
		want  proxy.Policies
	}{
		{"nothing: every check enforced", nil, nil, proxy.Policies{}},
		{"the configuration's", nil, cfg, proxy.Policies{Calls: proxy.Audit, Headers: proxy.Audit}},
		{"--policy over every check", []string{"enforce"}, cfg, proxy.Policies{}},
		{"--policy over one check", []string{"calls=enforce"}, cfg, proxy.Policies{Headers: proxy.Audit}},
		{"a later value over an earlier", []string{"drift=audit", "enforce", "headers=audit"}, nil, proxy.Policies{Headers: proxy.Audit}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, err := parsePolicy(tc.flags)
			if err != nil {
				t.Fatal(err)
			}
			if got := o.policies(tc.cfg); got != tc.want {
				t.Errorf("policies %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestARecordThatIsNotOneIsAnErrorAtItsLine(t *testing.T) {
	t.Parallel()
	good := `{"time":"2026-12-04T20:54:53Z","from":"client","to":"server","kind":"request","method":"tools/call","bytes":1,"verdict":"relayed","params":{"name":"echo","arguments":{"text":"x"}}}`
	root := project(t, map[string]string{
		"tools.json": `[{"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]`,
		"bad.jsonl":  good + "\n" + `{"time":"x",` + "\n",
		"call.jsonl": good + "\n",
	})
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"call, bad JSON", []string{"call", "tools.json", "bad.jsonl"}, "toolbench call: bad.jsonl:2:12: not JSON: unexpected end"},
		{"lock, bad JSON", []string{"lock", "--from-record", "bad.jsonl", "--server", "s"}, "toolbench lock: bad.jsonl:2:12: not JSON: unexpected end"},
		{"lock, no listing", []string{"lock", "--from-record", "call.jsonl", "--server", "s"}, "toolbench lock: call.jsonl: no complete tools/list"},
		{"lock, zeros", []string{"lock", "--from-record", "/dev/zero", "--server", "s"}, "toolbench lock: /dev/zero:1:1: not a line of a record"},
		{"lock, a file of tools", []string{"lock", "--from-record", "tools.json", "--server", "s"}, "toolbench lock: tools.json:1:1: not a line of a record"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runIn(t, tc.args...)
			if code != exitFailure || !strings.HasPrefix(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(root, "toolbench.lock.json")); err == nil {
		t.Error("a lock was written from a record that is not one")
	}
	if code, out, errOut := runIn(t, "call", "tools.json", "call.jsonl"); code != exitOK || out != "valid\n" {
		t.Errorf("call of a record's one call: exit %d, %q %q", code, out, errOut)
	}
}

// waitFor waits, within a generous bound, for cond to hold.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within 10 s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestARecordIsToldFromCallsAndAHistoryByItsHead(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, head string
		record     bool
	}{
		{"a record's line", `{"time":"2026-12-04T20:54:53.149137Z","from":"client","to":"server"}`, true},
		{"a record's line after white space", "\n  " + `{"time":"2026-12-04T20:54:53Z","from":"proxy"}`, true},
		{"a history of call --run", `{"time":"2026-12-04T11:54:55.129Z","server":"everything","method":"tools/call"}`, false},
		{"a call", `{"name": "search", "args": {}}`, false},
		{"a call with a time argument", `{"time":"now","name":"x"}`, false},
		{"an MCP request", `{"jsonrpc":"2.0","id":1,"method":"tools/call"}`, false},
		{"nothing", "", false},
		{"a time without an end", `{"time":"` + strings.Repeat("9", 100), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			br := bufio.NewReaderSize(strings.NewReader(tc.head), 64<<10)
			if got := startsRecord(br); got != tc.record {
				t.Errorf("startsRecord(%q) = %v, want %v", tc.head, got, tc.record)
			}
			if rest, _ := io.ReadAll(br); string(rest) != tc.head {
				t.Errorf("the reader lost what it peeked: %q", rest)
			}
		})
	}
}

// TestProxyTUIShowsItsClientsTrafficBesideTheServer runs toolbench proxy
// --tui in a real terminal (tmux) in front of the Go SDK test server: a
// client's calls on --listen show in the Traffic pane with their
// verdicts, an invalid one refused with its codes, and q ends the
// workbench and the proxy with it, whose lines then come once each.
func TestProxyTUIShowsItsClientsTrafficBesideTheServer(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	workIn(t, dir)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // the proxy listens on it; another taking it first fails the test, and says so
	exitFile := filepath.Join(dir, "exit-status")
	shell := fmt.Sprintf("cd %s && %s=tools %s proxy --tui --listen %s --record rec.jsonl -- %s 2> stderr.txt; echo $? > %s",
		shellQuote(dir), testServerEnv, shellQuote(toolbenchBin), addr, shellQuote(testServerCommand(t)), shellQuote(exitFile))
	tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-proxy-tui-%d", os.Getpid())}
	tt.tmux("new-session", "-d", "-s", "tb", "-x", "120", "-y", "40", "sh", "-c", shell)
	defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()
	tt.waitFor("the workbench on the server", "test-tools 1.2.3", "Traffic", "echo")

	calls := `{"name": "echo", "arguments": {"text": "through the proxy"}}` + "\n"
	e := &env{dir: dir, stdin: strings.NewReader(calls), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	if code := run(e, []string{"call", "--run", "--server-url", "http://" + addr + proxy.HTTPPath}); code != exitOK {
		t.Fatalf("a client's call through the proxy: exit %d\n%s", code, tt.screen())
	}
	s := tt.waitFor("the call in the Traffic pane", "c→s tools/call echo", "relayed")
	if answer := regexp.MustCompile(`s→c tools/call echo #(\S+)`).FindStringSubmatch(s); answer == nil || !strings.Contains(s, "c→s tools/call echo #"+answer[1]+" ") {
		t.Errorf("the call's answer is not shown with the id of the client's request:\n%s", s)
	}
	tt.keys("q")
	waitQuit(t, tt, exitFile)
	if data, err := os.ReadFile(filepath.Join(dir, "rec.jsonl")); err != nil || !strings.Contains(string(data), `"tool":"echo"`) {
		t.Errorf("the record: %v\n%s", err, data)
	}
	stderr, _ := os.ReadFile(filepath.Join(dir, "stderr.txt"))
	if n := strings.Count(string(stderr), "serving MCP at http://"+addr+proxy.HTTPPath); n != 1 {
		t.Errorf("the address the proxy serves is said %d times, want once:\n%s", n, stderr)
	}
}

// recordLine is a record's line of a request of the client's, of method,
// with id.
func recordLine(method string, id int) string {
	return fmt.Sprintf(`{"time":"2026-12-04T20:54:53.149137Z","from":"client","to":"server","kind":"request","method":%q,"id":%d,"bytes":1,"verdict":"relayed"}`+"\n", method, id)
}

func TestFollowingARecordGivesItsRecentLinesThenEachAsItIsWritten(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	// A long record: what lies more than followBack before its end is
	// not read; the first line read is a whole one.
	var old strings.Builder
	for i := 0; old.Len() < followBack+1000; i++ {
		old.WriteString(recordLine("ping", i))
	}
	os.WriteFile(path, []byte(old.String()+recordLine("tools/list", 1)), 0o600)
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan proxy.Event, 100000)
	done := make(chan error, 1)
	go func() { done <- followRecord(ctx, path, func(e proxy.Event) { got <- e }) }()
	next := func(what string) proxy.Event {
		t.Helper()
		select {
		case e := <-got:
			return e
		case <-time.After(10 * time.Second): // a guard, not a measure
			t.Fatalf("no event for %s", what)
			return proxy.Event{}
		}
	}
	first := next("the first line read")
	if first.Method != "ping" || string(first.ID) == "0" {
		t.Errorf("the first event %s #%s, want a ping from near the end", first.Method, first.ID)
	}
	for e := first; e.Method != "tools/list"; e = next("the last line") {
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	line := recordLine("tools/call", 2)
	f.WriteString(line[:40]) // a line being written
	time.Sleep(3 * followPoll)
	f.WriteString(line[40:])
	f.Close()
	if e := next("the line appended"); e.Method != "tools/call" || string(e.ID) != "2" {
		t.Errorf("the appended line's event: %s #%s", e.Method, e.ID)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("following ended with %v, want nothing when its context is done", err)
	}
	if err := followRecord(context.Background(), filepath.Join(t.TempDir(), "none.jsonl"), func(proxy.Event) {}); err == nil {
		t.Error("following a record that is not there: no error")
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte(recordLine("ping", 1)+"{\"time\": 1}\n"), 0o600)
	if err := followRecord(context.Background(), bad, func(proxy.Event) {}); err == nil || !strings.HasPrefix(err.Error(), "2:") {
		t.Errorf("following a record with a line that is not one: %v, want an error at line 2", err)
	}
}

// TestAWrappedURLEntryReachesTheServerThroughTheProxy wraps a VS Code
// servers file's entry reached by URL, with a comment in it and its
// bearer token in a variable: the client spawns the proxy, which reaches
// the server from the entry's text, the variable read from its
// environment; unwrap writes the entry back as it was.
func TestAWrappedURLEntryReachesTheServerThroughTheProxy(t *testing.T) {
	t.Parallel()
	url, _ := httpServer(t)
	servers := fmt.Sprintf("{\n\t\"servers\": {\n\t\t\"remote\": {\n\t\t\t\"type\": \"http\", // reached by URL\n\t\t\t\"url\": %q,\n\t\t\t\"headers\": {\"Authorization\": \"Bearer ${TOKEN}\"},\n\t\t},\n\t},\n}\n", url)
	root := project(t, map[string]string{".vscode/mcp.json": servers})
	if code, out, errOut := runIn(t, "proxy", "wrap", "--mcp-config", ".vscode/mcp.json", "--command", toolbenchBin); code != exitOK {
		t.Fatalf("proxy wrap: exit %d, %q %q", code, out, errOut)
	}
	wrapped, _ := os.ReadFile(filepath.Join(root, ".vscode", "mcp.json"))
	if !strings.Contains(string(wrapped), "\"type\": \"stdio\",\n\t\t\t\"command\": ") {
		t.Errorf("the wrapped entry is not a spawned one of VS Code's:\n%s", wrapped)
	}
	// The entry's command and arguments, as VS Code spawns them.
	doc, err := jsondoc.Parse("mcp.json", []byte(jsonedit.Plain(string(wrapped))))
	if err != nil {
		t.Fatal(err)
	}
	entry := doc.Root.Get("servers").Get("remote")
	var args []string
	for _, a := range entry.Get("args").Elems() {
		args = append(args, a.Value.Text())
	}
	cmd := exec.Command(entry.Get("command").Text(), args...)
	cmd.Env, cmd.Dir = append(os.Environ(), "TOKEN="+testBearer), root
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if text, isErr := callText(t, cs, "echo", map[string]any{"text": "over HTTP"}); isErr || text != "echo: over HTTP" {
		t.Errorf("a call through the wrapped URL entry: %q (error %v)", text, isErr)
	}
	if text, isErr := callText(t, cs, "weather", map[string]any{}); !isErr || !strings.Contains(text, "missing:city") {
		t.Errorf("an invalid call through the wrapped URL entry: %q (error %v), want it refused", text, isErr)
	}
	cs.Close()
	if code, out, errOut := runIn(t, "proxy", "unwrap", "--mcp-config", ".vscode/mcp.json"); code != exitOK {
		t.Fatalf("proxy unwrap: exit %d, %q %q", code, out, errOut)
	}
	if back, _ := os.ReadFile(filepath.Join(root, ".vscode", "mcp.json")); string(back) != servers {
		t.Errorf("unwrapped (-want +got):\n%s", cmp.Diff(servers, string(back)))
	}
}

// TestTheProxysListingLintLeavesOutWhatTheConfigurationAccepts lists a
// server's tools through the proxy with and without a configuration
// whose [[ignore]] entry accepts empty-properties: the record's findings
// of the listing have it only without.
func TestTheProxysListingLintLeavesOutWhatTheConfigurationAccepts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		files  map[string]string
		listed bool
	}{
		{"no configuration", map[string]string{}, true},
		{"an entry accepts it", map[string]string{"toolbench.toml": "[[ignore]]\ncodes = [\"empty-properties\"]\nreason = \"the tools take no arguments\"\n"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := project(t, tc.files)
			cs, _ := proxySession(t, root, "--record", "rec.jsonl", "-e", testServerEnv+"=tools", "--", testServerCommand(t))
			toolNames(t, cs)
			cs.Close()
			var listing string
			waitFor(t, "the listing's line", func() bool {
				data, _ := os.ReadFile(filepath.Join(root, "rec.jsonl"))
				for _, l := range strings.Split(string(data), "\n") {
					if strings.Contains(l, `"kind":"response","method":"tools/list"`) {
						listing = l
					}
				}
				return listing != ""
			})
			if got := strings.Contains(listing, `"code":"empty-properties"`); got != tc.listed {
				t.Errorf("empty-properties among the listing's findings: %v, want %v:\n%.600s", got, tc.listed, listing)
			}
		})
	}
}
