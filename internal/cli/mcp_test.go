package cli

import (
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpSession runs toolbench mcp in process, on a pair of pipes, in the
// env newEnv gives it, and returns a client's session with it; the
// session closes, and the command must end with status 0, when the test
// ends.
func mcpSession(t *testing.T, newEnv func(stdin io.Reader, stdout, stderr io.Writer) *env, args ...string) *mcp.ClientSession {
	t.Helper()
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	served := make(chan int, 1)
	var stderr strings.Builder
	go func() {
		served <- run(newEnv(toServer, toClient, &stderr), append([]string{"mcp"}, args...))
		toClient.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(context.Background(), &mcp.IOTransport{Reader: fromServer, Writer: fromClient}, nil)
	if err != nil {
		<-served
		t.Fatalf("%v; toolbench mcp said %q", err, stderr.String())
	}
	t.Cleanup(func() {
		cs.Close()
		if code := <-served; code != exitOK {
			t.Errorf("toolbench mcp exited %d", code)
		}
	})
	return cs
}

// TestMCPLintsAsTheConfigurationSays lints through toolbench mcp's
// lint_tools a file whose toolbench.toml sets a target and accepts an
// issue, and a text: the configuration's target is in force, its
// accepted issue left out, and the call's targets go over the
// configuration's, as --target does.
func TestMCPLintsAsTheConfigurationSays(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{"tools.json": badName, "api/other.json": badName,
		"toolbench.toml": "targets = [\"openai\"]\n[[ignore]]\npaths = [\"tools.json\"]\ncodes = [\"invalid-name\"]\nreason = \"kept for old clients\"\n"})
	cs := mcpSession(t, func(stdin io.Reader, stdout, stderr io.Writer) *env {
		return &env{dir: root, stdin: stdin, stdout: stdout, stderr: stderr,
			getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	})
	lint := func(args map[string]any) (codes, targets string) {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "lint_tools", Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("lint_tools %v: %v, %+v", args, err, res)
		}
		out := res.StructuredContent.(map[string]any)
		var cs, ts []string
		for _, is := range out["issues"].([]any) {
			cs = append(cs, is.(map[string]any)["code"].(string))
		}
		for _, tg := range out["targets"].([]any) {
			ts = append(ts, tg.(string))
		}
		return strings.Join(cs, " "), strings.Join(ts, " ")
	}
	if codes, targets := lint(map[string]any{"tools_path": "tools.json"}); codes != "" || targets != "openai" {
		t.Errorf("tools.json: codes %q, targets %q; want the accepted issue left out, under the configuration's openai", codes, targets)
	}
	if codes, targets := lint(map[string]any{"tools_path": "api/other.json"}); codes != "invalid-name" || targets != "openai" {
		t.Errorf("api/other.json: codes %q, targets %q; want OpenAI's invalid-name, which the entry does not accept there", codes, targets)
	}
	if codes, targets := lint(map[string]any{"tools": badName, "targets": []string{"gemini"}}); targets != "gemini" || strings.Contains(codes, "openai") {
		t.Errorf("a text with targets: codes %q, targets %q; want gemini's in place of openai", codes, targets)
	}
}

// TestMCPNamesARootsConfigurationFromTheWorkingDirectory runs toolbench
// mcp --root DIR from elsewhere: a mistake in the root's configuration
// is named by its path from where toolbench runs, as the person reading
// the error would open it.
func TestMCPNamesARootsConfigurationFromTheWorkingDirectory(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"server/toolbench.toml": "targets = [\"opnai\"]\n"})
	code, _, errOut := runIn(t, "mcp", "--root", "server")
	if want := "toolbench mcp: server/toolbench.toml:1:12: "; code != exitFailure || !strings.HasPrefix(errOut, want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, want)
	}
}

// TestMCPEndsWithStatusZeroWhenItsClientClosesItsOutput runs the built
// toolbench mcp with a standard output whose reader is gone: its answer
// finds a broken pipe, which ends the session as the client's going
// does, with status 0 as the help says, not the process by SIGPIPE,
// whether the client's input has ended or is still open.
func TestMCPEndsWithStatusZeroWhenItsClientClosesItsOutput(t *testing.T) {
	t.Parallel()
	const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}` + "\n"
	for _, open := range []bool{false, true} {
		t.Run(map[bool]string{false: "its input ended", true: "its input open"}[open], func(t *testing.T) {
			t.Parallel()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close() // the client closes its end of the server's output
			cmd := exec.Command(toolbenchBin, "mcp")
			cmd.Stdin = strings.NewReader(initialize)
			if open {
				in, toServer, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer in.Close()
				defer toServer.Close() // held open until the server is gone
				if _, err := toServer.WriteString(initialize); err != nil {
					t.Fatal(err)
				}
				cmd.Stdin = in
			}
			cmd.Stdout = w
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err = cmd.Run()
			w.Close()
			if err != nil {
				t.Errorf("toolbench mcp with its output closed: %v, want status 0\n%s", err, stderr.String())
			}
		})
	}
}
