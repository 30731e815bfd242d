package cli

// The commands on a server of MCP 2026-07-28, with no version flag: the
// handshake is server/discover, list_changed comes through
// subscriptions/listen, results carry a resultType and may ask for input.

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/headertest"
)

// modernTransports starts the server of MCP 2026-07-28 over stdio and
// over HTTP.
func modernTransports(t *testing.T) []transport {
	t.Helper()
	ts := stdioServer(t, "modern")
	u := modernHTTPServer(t, newTestModernServer())
	return []transport{
		{name: "stdio", args: ts.args, server: ts.name},
		{name: "http", args: []string{"--server-url", u, "--header", "Authorization: Bearer ${TOKEN}", "--timeout", testServerTimeout},
			run: commandRun{env: map[string]string{"TOKEN": testBearer}}, server: hostOf(t, u)},
	}
}

func TestLintOfAServerOf20260728NeedsNoVersionFlagAndSaysItsRevision(t *testing.T) {
	t.Parallel()
	for _, tr := range modernTransports(t) {
		t.Run(tr.name, func(t *testing.T) {
			code, out, stderr := tr.run.run(t, append([]string{"lint", "--json"}, tr.args...)...)
			if code == exitFailure || stderr != "" {
				t.Fatalf("lint: exit %d, stderr %q", code, stderr)
			}
			issues := lintIssues(t, out)
			if len(issues) == 0 {
				t.Fatal("no issues: the tools of the fixture have some")
			}
			for _, is := range issues {
				if strings.HasPrefix(is.Code, "mcp/list-") || strings.HasPrefix(is.Code, "mcp/tool-") {
					t.Errorf("the fixture's listing is complete and steady, yet %s: %s", is.Code, is.Message)
				}
			}
			if !strings.Contains(out, `"revision": "2026-07-28"`) {
				t.Errorf("the JSON does not name the revision:\n%s", out)
			}
			_, text, _ := tr.run.run(t, append([]string{"lint"}, tr.args...)...)
			if l := lines(text); !strings.HasSuffix(l[len(l)-1], " (MCP 2026-07-28)") {
				t.Errorf("the text summary does not name the revision: %q", l[len(l)-1])
			}
		})
	}
}

func TestDumpOfAServerOf20260728HoldsTheToolsItsSDKWouldDrop(t *testing.T) {
	t.Parallel()
	for _, tr := range modernTransports(t) {
		t.Run(tr.name, func(t *testing.T) {
			code, out, stderr := tr.run.run(t, append([]string{"dump"}, tr.args...)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("dump: exit %d, stderr %q", code, stderr)
			}
			// The SDK's client drops these from its listing; toolbench
			// reads the listing as sent.
			for _, tool := range testBadHeaderTools {
				if !strings.Contains(out, tool) {
					t.Errorf("the dump lacks %s", tool)
				}
			}
			if !strings.Contains(out, `"x-mcp-header":"Region"`) {
				t.Errorf("the dump lacks get_weather as sent:\n%s", out)
			}
		})
	}
}

func TestCallRunOnAServerOf20260728ShowsWhatItAsksFor(t *testing.T) {
	t.Parallel()
	calls := `{"name": "echo", "arguments": {"text": "hi"}}
{"name": "get_weather", "arguments": {"city": "Oslo", "region": "north"}}
{"name": "login", "arguments": {}}
`
	for _, tr := range modernTransports(t) {
		t.Run(tr.name, func(t *testing.T) {
			r := tr.run
			r.stdin = calls
			code, out, stderr := r.run(t, append([]string{"call", "--run"}, tr.args...)...)
			if code != exitIssues || stderr != "" {
				t.Fatalf("call --run: exit %d, stderr %q; want 1: a call did not complete\n%s", code, stderr, out)
			}
			for _, want := range []string{
				"line 1: ok ",
				"  echo: hi",
				"line 2: ok ",
				// Over HTTP, region went in the header Mcp-Param-Region too,
				// which the server checks against the arguments.
				"  sunny in Oslo (north)",
				"line 3: input required ",
				"the server asks for 1 answer before it completes the call",
				"  asks 'github_login' (elicitation/create, a form): Please provide your GitHub username",
				"    name* string: Your login.",
				"3 calls: 2 ok, 1 asking for input",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("the output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

func TestAMalformedInputRequiredResultIsOneClearError(t *testing.T) {
	t.Parallel()
	for _, tr := range modernTransports(t) {
		t.Run(tr.name, func(t *testing.T) {
			r := tr.run
			r.stdin = `{"name": "broken_input", "arguments": {}}`
			code, out, stderr := r.run(t, append([]string{"call", "--run"}, tr.args...)...)
			want := `: tools/call response:1:`
			if code != exitFailure || out != "" || len(lines(stderr)) != 1 || !strings.HasPrefix(stderr, "toolbench call: line 1: ") ||
				!strings.Contains(stderr, want) || !strings.Contains(stderr, `an input_required result with neither "inputRequests" nor "requestState": it must hold at least one`) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and one line of the response's error", code, out, stderr)
			}
		})
	}
}

func TestWatchOfAServerOf20260728LintsAgainOnListChanged(t *testing.T) {
	t.Parallel()
	t.Run("stdio", func(t *testing.T) {
		ts := stdioServer(t, "modern-changing")
		lines, stop := watchLines(t, commandRun{}, ts.args...)
		if first := nextLine(t, lines); !first.OK || first.File != ts.name || hasTool(first, "added") {
			t.Errorf("first report = %+v, want the tools before the change", first)
		}
		if second := nextLine(t, lines); !second.OK || !hasTool(second, "added") {
			t.Errorf("report after list_changed = %+v, want the tool added", second)
		}
		if code := stop(); code != exitOK {
			t.Errorf("exit %d, want 0", code)
		}
	})
	t.Run("http", func(t *testing.T) {
		s := newTestModernServer()
		u := modernHTTPServer(t, s)
		lines, stop := watchLines(t, commandRun{env: map[string]string{"TOKEN": testBearer}}, "--server-url", u, "--header", "Authorization: Bearer $TOKEN")
		if first := nextLine(t, lines); !first.OK || hasTool(first, "added") {
			t.Fatalf("first report = %+v", first)
		}
		addedTool(s)
		if second := nextLine(t, lines); !second.OK || !hasTool(second, "added") {
			t.Errorf("report after list_changed = %+v, want the tool added", second)
		}
		if code := stop(); code != exitOK {
			t.Errorf("exit %d, want 0", code)
		}
	})
}

// withoutFlag is args less the flag name and its value.
func withoutFlag(args []string, name string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == name {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// terminalRun runs toolbench in process as commandRun does, with standard
// error a terminal, as a person at one sees it.
func terminalRun(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut strings.Builder
	e := &env{
		dir:        workDir(t),
		stdin:      strings.NewReader(""),
		stdout:     &out,
		stderr:     &errOut,
		getenv:     func(string) string { return "" },
		isTerminal: func(w io.Writer) bool { return w == &errOut },
	}
	code = run(e, args)
	return code, out.String(), errOut.String()
}

func TestAStartPastItsAllowanceNamesTheFlag(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "slow")
	args := append(withoutFlag(ts.args, "--start-timeout"), "-e", testDelayEnv+"=10s", "--start-timeout", "1s")
	code, out, stderr := commandRun{}.run(t, append([]string{"lint"}, args...)...)
	want := ": server/discover: no answer within 1s (--start-timeout raises it)"
	if code != exitFailure || out != "" || len(lines(stderr)) != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, want)
	}
}

// TestTheHeaderRulesAgreeWithTheGoSDKClientOnALiveServer holds toolbench
// lint, on a server of MCP 2026-07-28 with no version flag, over stdio and
// HTTP, to what the Go SDK's own client makes of the same listing: the
// tools toolbench reports under the x-mcp-header rules the SDK checks are
// the tools the client drops (see internal/headertest).
func TestTheHeaderRulesAgreeWithTheGoSDKClientOnALiveServer(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tools := headertest.Tools(headerSeed, headerTools)
	ts := stdioServer(t, "modern-headers")
	u := modernHTTPServer(t, newTestHeadersServer())
	for _, tc := range []struct {
		name      string
		args      []string
		run       commandRun
		transport func() mcp.Transport
	}{
		{"stdio", ts.args, commandRun{}, func() mcp.Transport {
			cmd := exec.Command(exe)
			cmd.Env = append(os.Environ(), testServerEnv+"=modern-headers", testPIDFileEnv+"=")
			return &mcp.CommandTransport{Command: cmd}
		}},
		{"http", []string{"--server-url", u, "--header", "Authorization: Bearer ${TOKEN}", "--timeout", testServerTimeout},
			commandRun{env: map[string]string{"TOKEN": testBearer}}, func() mcp.Transport {
				return &mcp.StreamableClientTransport{Endpoint: u, HTTPClient: &http.Client{Transport: bearer{http.DefaultTransport}}}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := tc.run.run(t, append([]string{"lint", "--json"}, tc.args...)...)
			if code != exitIssues || stderr != "" {
				t.Fatalf("lint: exit %d, stderr %q; want 1 and nothing", code, stderr)
			}
			if !strings.Contains(out, `"revision": "2026-07-28"`) {
				t.Errorf("the server was not linted as one of MCP 2026-07-28:\n%.500s", out)
			}
			headertest.Agree(t, tools, listedBySDK(t, tc.transport()), lintIssues(t, out))
		})
	}
}

// listedBySDK returns the names of the tools the Go SDK's client lists
// on the server it reaches through transport.
func listedBySDK(t *testing.T, transport mcp.Transport) map[string]bool {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, nil)
	cs, err := c.Connect(t.Context(), transport, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Errorf("the SDK's client speaks %s with the server, want 2026-07-28", v)
	}
	kept := map[string]bool{}
	for tool, err := range cs.Tools(t.Context(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		kept[tool.Name] = true
	}
	return kept
}

// bearer sends the test servers' bearer token with each request.
type bearer struct{ next http.RoundTripper }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+testBearer)
	return b.next.RoundTrip(r)
}

// TestAResultThatAsksForInputIsClearInEveryFormat runs the login call of
// MCP 2026-07-28's server in every format: none takes it for a result
// that is ok, or for a failure of the tool.
func TestAResultThatAsksForInputIsClearInEveryFormat(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "modern")
	calls := `{"name": "echo", "arguments": {"text": "hi"}}` + "\n" + `{"name": "login", "arguments": {}}` + "\n"
	for format, want := range map[string][]string{
		"text":     {"line 2: input required ", "asks 'github_login' (elicitation/create, a form)", "2 calls: 1 ok, 1 asking for input"},
		"json":     {`"resultType":"input_required"`, `"inputRequests":{"github_login"`},
		"sarif":    {`"ruleId": "input_required"`, `"level": "warning"`, `"startLine": 2`, "the server asks for 1 answer before it completes the call"},
		"github":   {"::warning file=<stdin>,line=2,title=input_required::login: input required ", "%0Aasks 'github_login' (elicitation/create, a form)"},
		"markdown": {"1 asking for input", "| `<stdin>:2` | `login` | **input required ", "asks 'github\\_login'"},
	} {
		code, out, stderr := commandRun{stdin: calls}.run(t, append([]string{"call", "--run", "--format", format}, ts.args...)...)
		if code != exitIssues || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want 1: a call did not complete", format, code, stderr)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q:\n%s", format, w, out)
			}
		}
	}
}
