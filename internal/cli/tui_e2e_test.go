package cli

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The workbench end to end: the real binary in a real terminal (tmux),
// driven by keys, with its file saved under it.

const tuiE2ETools = `[
  {
    "type": "function",
    "function": {
      "name": "search",
      "description": "Search the index for documents that match a query.",
      "parameters": {
        "type": "object",
        "properties": {"query": {"type": "string", "description": "Words to look for."}},
        "required": ["query"]
      }
    }
  },
  {
    "type": "function",
    "function": {
      "name": "get_weather",
      "description": "Get the current weather for a city, in the units asked for.",
      "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "City name."}},
        "required": ["city", "country"]
      }
    }
  }
]
`

// tuiTerm is a tmux server of the test's own, so nothing it does touches
// another tmux session.
type tuiTerm struct {
	t      *testing.T
	socket string
}

func (tt *tuiTerm) tmux(args ...string) string {
	tt.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", tt.socket}, args...)...).CombinedOutput()
	if err != nil {
		tt.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (tt *tuiTerm) screen() string {
	return tt.tmux("capture-pane", "-p", "-t", "tb")
}

// keys sends tmux key names ("Tab", "BTab", "Escape", "C-s", "j"), one at
// a time with a pause, so that a terminal does not read Escape and the
// next key as one alt+key.
func (tt *tuiTerm) keys(names ...string) {
	tt.t.Helper()
	for _, k := range names {
		tt.tmux("send-keys", "-t", "tb", k)
		time.Sleep(150 * time.Millisecond)
	}
}

// typeText types s literally.
func (tt *tuiTerm) typeText(s string) {
	tt.t.Helper()
	tt.tmux("send-keys", "-t", "tb", "-l", s)
}

// waitFor polls the screen until every want is on it.
func (tt *tuiTerm) waitFor(what string, want ...string) string {
	tt.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		s = tt.screen()
		ok := true
		for _, w := range want {
			if !strings.Contains(s, w) {
				ok = false
				break
			}
		}
		if ok {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	tt.t.Fatalf("%s: the screen never showed %q:\n%s", what, want, s)
	return s
}

func TestTUIArgs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	workIn(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "mine.json"), []byte(tuiE2ETools), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"EDITOR": "nano"}
	getenv := func(k string) string { return env[k] }
	cases := []struct {
		name    string
		args    []string
		file    string
		targets []string
		ignore  []string
		deep    bool
		err     string
	}{
		{name: "no file and no tools.json opens the demo", file: ""},
		{name: "a file", args: []string{"mine.json"}, file: "mine.json"},
		{name: "flags after the file", args: []string{"mine.json", "--deep", "--target", "openai"}, file: "mine.json", targets: []string{"openai"}, deep: true},
		{name: "targets repeated and with commas", args: []string{"--target", "openai,mcp", "--target=anthropic", "mine.json"}, file: "mine.json", targets: []string{"openai", "mcp", "anthropic"}},
		{name: "ignore", args: []string{"--ignore", "invalid-tool", "mine.json"}, file: "mine.json", ignore: []string{"invalid-tool"}},
		{name: "a file after --", args: []string{"--", "mine.json"}, file: "mine.json"},
		{name: "unknown target", args: []string{"--target", "nope"}, err: `unknown target "nope"`},
		{name: "unknown rule", args: []string{"--ignore", "nope"}, err: `unknown rule code 'nope'`},
		{name: "two files", args: []string{"mine.json", "mine.json"}, err: "one FILE"},
		{name: "a missing file, or a mistyped command", args: []string{"lnit"}, err: "lnit: no such file"},
		{name: "a directory", args: []string{"adir"}, err: "is a directory"},
		{name: "standard input", args: []string{"-"}, err: "standard input"},
		{name: "help", args: []string{"--deep", "-h"}, err: "help requested"},
		{name: "a server and a file", args: []string{"--server-cmd", "srv", "mine.json"}, err: "FILE and --server-cmd name two sources"},
		{name: "--yes without a server", args: []string{"--yes", "mine.json"}, err: "--yes is for the calls sent to a server"},
		{name: "--history without a server", args: []string{"--history", "h.jsonl"}, err: "--history records the calls sent to a server"},
		{name: "two servers", args: []string{"--server-cmd", "srv", "--server-url", "http://x"}, err: "each name a server"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, cfg, err := workbenchOf(t, tc.args, getenv)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.File != tc.file || cfg.Deep != tc.deep || cfg.Editor != "nano" ||
				strings.Join(cfg.Lint.Targets, ",") != strings.Join(tc.targets, ",") ||
				strings.Join(cfg.Lint.Ignore, ",") != strings.Join(tc.ignore, ",") {
				t.Errorf("config %+v, want file %q targets %q ignore %q deep %v", cfg, tc.file, tc.targets, tc.ignore, tc.deep)
			}
		})
	}

	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(tuiE2ETools), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, cfg, err := workbenchOf(t, nil, getenv); err != nil || cfg.File != "tools.json" {
		t.Errorf("with ./tools.json present and no FILE: file %q, err %v; want tools.json", cfg.File, err)
	}

	// A server in place of a file: ./tools.json is not opened, no target
	// is on unless one is named (the linter holds the tools to the MCP
	// target of the session's revision), and --yes and --history apply.
	wa, cfg, err := workbenchOf(t, []string{"--server-cmd", "node server.js --port 3", "--yes", "--history", "h.jsonl"}, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if srv := wa.servers.server; cfg.File != "" || srv == nil || strings.Join(srv.Command, " ") != "node server.js --port 3" ||
		!wa.yes || wa.history != "h.jsonl" || len(cfg.Lint.Targets) != 0 {
		t.Errorf("server command line: file %q, server %+v, yes %v, history %q, targets %q", cfg.File, srv, wa.yes, wa.history, cfg.Lint.Targets)
	}
	if _, cfg, err := workbenchOf(t, []string{"--server-url", "http://127.0.0.1:1/mcp", "--target", "openai"}, getenv); err != nil || strings.Join(cfg.Lint.Targets, ",") != "openai" {
		t.Errorf("--target on a server: targets %q, err %v; want openai", cfg.Lint.Targets, err)
	}
}

func TestTUIRefusesToRunWithoutATerminal(t *testing.T) {
	t.Parallel()
	var stdout, stderr strings.Builder
	e := &env{dir: workDir(t), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false }}
	if code := run(e, []string{}); code != exitFailure {
		t.Errorf("exit %d, want %d", code, exitFailure)
	}
	if !strings.Contains(stderr.String(), "needs a terminal") {
		t.Errorf("stderr %q should say a terminal is needed", stderr.String())
	}
	stderr.Reset()
	if code := run(e, []string{"--deep", "--help"}); code != exitOK || !strings.Contains(stdout.String(), "toolbench [command] [FILE] [--flags]") {
		t.Errorf("--help: exit %d, stdout %q", code, stdout.String())
	}
}

// fixE2ETools has an unknown type, an error, and a repeated enum value, a
// warning: both fixed by toolbench fix.
const fixE2ETools = `[
  {
    "type": "function",
    "function": {
      "name": "convert",
      "description": "Convert an amount from one unit to another.",
      "parameters": {
        "type": "object",
        "properties": {
          "amount": {"type": "float", "description": "How much."},
          "unit": {"type": "string", "enum": ["kg", "lb", "kg"], "description": "The unit to convert to."}
        },
        "required": ["amount", "unit"]
      }
    }
  }
]
`

// waitForAny polls the screen until one of want is on it.
func (tt *tuiTerm) waitForAny(what string, want ...string) string {
	tt.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var s string
	for time.Now().Before(deadline) {
		s = tt.screen()
		for _, w := range want {
			if strings.Contains(s, w) {
				return s
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	tt.t.Fatalf("%s: the screen never showed any of %q:\n%s", what, want, s)
	return s
}

// waitQuit waits for the workbench to quit with status 0.
func waitQuit(t *testing.T, tt *tuiTerm, exitFile string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(exitFile); err == nil && len(b) > 0 {
			if got := strings.TrimSpace(string(b)); got != "0" {
				t.Errorf("exit status %s, want 0", got)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the workbench did not quit:\n%s", tt.screen())
}
