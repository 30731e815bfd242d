package cli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

func TestTUIEndToEndInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(file, []byte(tuiE2ETools), 0o644); err != nil {
		t.Fatal(err)
	}
	// The editor records how it was called and returns at once.
	editor := filepath.Join(dir, "editor.sh")
	argsFile := filepath.Join(dir, "editor-args")
	script := fmt.Sprintf("#!/bin/sh\necho \"$@\" > %q\n", argsFile)
	if err := os.WriteFile(editor, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	exitFile := filepath.Join(dir, "exit-status")
	shell := fmt.Sprintf("cd %q && EDITOR=%q %q tools.json; echo $? > %q", dir, editor, toolbenchBin, exitFile)

	tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-e2e-%d", os.Getpid())}
	tt.tmux("new-session", "-d", "-s", "tb", "-x", "100", "-y", "30", "sh", "-c", shell)
	t.Cleanup(func() { exec.Command("tmux", "-L", tt.socket, "kill-server").Run() })

	s := tt.waitFor("start", "Tools", "Issues", "Call", "search", "get_weather", "tools.json", "watching")
	if !strings.Contains(s, "1 error") {
		t.Errorf("the status should count the one error:\n%s", s)
	}

	// The detail view: the whole tool, its schema as a tree.
	tt.keys("Enter")
	tt.waitFor("detail view", "Tool search", "input schema", "query*", "Words to look for.")
	tt.keys("Escape")
	tt.waitFor("back from the detail", "parameters of search")

	// A filter on every tool's issues, and the source around the one left.
	tt.keys("Tab", "a", "/")
	tt.typeText("country")
	tt.keys("Enter")
	tt.waitFor("filtered issues", "/country", "get_weather", "required-not-in-properties")
	tt.keys("v")
	tt.waitFor("source view", "Source tools.json:", `"required": ["city", "country"]`)
	tt.keys("v", "Escape")
	tt.waitFor("filter cleared", "all issues: 1 of 1 issue")

	// Type a call into the tester: its errors show as `toolbench call`
	// prints them, and the tool it names is selected.
	tt.keys("Tab")
	tt.typeText(`{"name": "get_weather", "arguments": {"city": 1}}`)
	tt.waitFor("typed call", "missing:country", "type:city:str", "following the call")

	// Save a change: get_weather drops country and takes a number, and
	// search loses its description. The call is checked again, and the
	// new issue appears.
	changed := strings.Replace(tuiE2ETools, `"required": ["city", "country"]`, `"required": ["city"]`, 1)
	changed = strings.Replace(changed, `{"city": {"type": "string"`, `{"city": {"type": "integer"`, 1)
	changed = strings.Replace(changed, `"description": "Search the index for documents that match a query.",`, "", 1)
	if err := os.WriteFile(file, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	s = tt.waitFor("reload", "✓ valid", "missing-description")
	if strings.Contains(s, "missing:country") {
		t.Errorf("the call was not checked again after the reload:\n%s", s)
	}

	// The form: a call to search lacks its query; filling the field in
	// the form fills the call.
	tt.keys("End", "C-u")
	tt.typeText(`{"name": "search"}`)
	tt.waitFor("a call without its argument", "missing:query")
	tt.keys("C-f")
	tt.waitFor("the form", "form of search", "query*")
	tt.typeText("weather")
	s = tt.waitFor("the field filled", "weather", "✓ valid")
	if strings.Contains(s, "missing:query") {
		t.Errorf("the filled field should leave nothing missing:\n%s", s)
	}
	tt.keys("C-f")
	tt.waitFor("back to the JSON text", `{"name": "search", "args": {"query": "weather"}}`)

	// A pasted batch of JSON Lines is checked call by call.
	tt.keys("End", "C-u")
	tt.tmux("set-buffer", "-b", "calls", "{\"name\": \"search\", \"arguments\": {\"query\": \"x\"}}\n{\"name\": \"get_weather\", \"arguments\": {}}\n")
	tt.tmux("paste-buffer", "-p", "-r", "-b", "calls", "-t", "tb")
	tt.waitFor("pasted batch", "2 calls: 1 valid, 1 invalid", "line 1 ✓ valid", "line 2 ✗ missing:city")

	// A broken save keeps the last good tools and says where it broke.
	if err := os.WriteFile(file, []byte("[\n  {\"name\": }\n]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("broken save", "tools.json:2:", "last good", "get_weather")
	if err := os.WriteFile(file, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	tt.waitFor("fixed save", "watching", "missing-description")

	// Open the selected issue in $EDITOR: it gets +LINE FILE, and the
	// workbench comes back.
	tt.keys("Escape", "BTab", "e")
	var args []byte
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(argsFile); err == nil && len(b) > 0 {
			args = b
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := strings.TrimSpace(string(args)); !strings.HasPrefix(got, "+") || !strings.HasSuffix(got, " tools.json") {
		t.Errorf("editor called with %q, want +LINE tools.json", got)
	}
	tt.waitFor("back from the editor", "Tools", "Issues", "Call")

	// ctrl+c quits with status 0.
	tt.keys("C-c")
	deadline = time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(exitFile); err == nil && len(b) > 0 {
			if got := strings.TrimSpace(string(b)); got != "0" {
				t.Errorf("exit status %s, want 0", got)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the workbench did not quit on ctrl+c:\n%s", tt.screen())
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

// TestTUIHonoursNoColorInTmux runs the workbench twice in tmux and reads
// the screen with its attributes: colours without NO_COLOR, none with it,
// and the selection still marked either way.
func TestTUIHonoursNoColorInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(tuiE2ETools), 0o644); err != nil {
		t.Fatal(err)
	}
	colour := regexp.MustCompile(`\x1b\[[0-9;]*(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]`)
	for i, tc := range []struct {
		name    string
		env     string
		colours bool
	}{
		{"colours by default", "", true},
		{"none under NO_COLOR", "NO_COLOR=1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-e2e-nc%d-%d", i, os.Getpid())}
			shell := fmt.Sprintf("cd %q && env %s TERM=xterm-256color %q tools.json", dir, tc.env, toolbenchBin)
			tt.tmux("new-session", "-d", "-s", "tb", "-x", "100", "-y", "30", "sh", "-c", shell)
			defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()
			tt.waitFor("start", "Tools", "watching")
			styled := tt.tmux("capture-pane", "-p", "-e", "-t", "tb")
			if got := colour.MatchString(styled); got != tc.colours {
				t.Errorf("colours on screen = %v, want %v:\n%q", got, tc.colours, styled)
			}
			if plain := tt.screen(); !strings.Contains(plain, "› search") {
				t.Errorf("the selected tool should be marked by more than colour:\n%s", plain)
			}
		})
	}
}

// TestTUIOnServerEverythingInTmux opens the workbench on MCP's reference
// server, spawned on stdio, and sends one call with ctrl+r: the result
// shows, the history file gets it, and nothing of the server is left
// once the workbench quits.
func TestTUIOnServerEverythingInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	entry := everythingEntry(t)
	dir := t.TempDir()
	history := filepath.Join(dir, "calls.jsonl")
	exitFile := filepath.Join(dir, "exit-status")
	args := append(everythingOverStdio(t, entry), "--history", history)
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	shell := fmt.Sprintf("cd %q && %q %s; echo $? > %q", dir, toolbenchBin, strings.Join(quoted, " "), exitFile)
	tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-e2e-srv-%d", os.Getpid())}
	tt.tmux("new-session", "-d", "-s", "tb", "-x", "120", "-y", "36", "sh", "-c", shell)
	defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()

	tt.waitFor("start", "mcp-servers/everything", "MCP 2025-11-25", "echo", "get-sum", "compat")
	tt.keys("Tab", "Tab")
	tt.typeText(`{"name": "echo", "arguments": {"message": "hello from tmux"}}`)
	tt.waitFor("typed call", "✓ valid")
	tt.keys("C-r")
	s := tt.waitForAny("sent or asked", "▶ echo: ok", "? run echo")
	if strings.Contains(s, "? run echo") {
		tt.keys("y")
	}
	tt.waitFor("the result", "▶ echo: ok", "Echo: hello from tmux")

	// The server's standard error, and back.
	tt.keys("Escape", "S")
	tt.waitFor("stderr", "Stderr mcp-servers/everything")
	tt.keys("Escape")
	tt.waitFor("back", "Tools", "Issues", "Call")

	tt.keys("C-c")
	waitQuit(t, tt, exitFile)
	b, err := os.ReadFile(history)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) != 1 ||
		!strings.Contains(lines[0], `"params":{"name":"echo","arguments":{"message":"hello from tmux"}}`) ||
		!strings.Contains(lines[0], "Echo: hello from tmux") {
		t.Errorf("the history should hold the call and its result:\n%s", b)
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

// TestTUIFixesInTmux fixes an issue with f and the rest with F, each
// written to the file and reloaded by the watcher.
func TestTUIFixesInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "tools.json")
	if err := os.WriteFile(file, []byte(fixE2ETools), 0o644); err != nil {
		t.Fatal(err)
	}
	exitFile := filepath.Join(dir, "exit-status")
	shell := fmt.Sprintf("cd %q && %q tools.json; echo $? > %q", dir, toolbenchBin, exitFile)
	tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-e2e-fix-%d", os.Getpid())}
	tt.tmux("new-session", "-d", "-s", "tb", "-x", "100", "-y", "30", "sh", "-c", shell)
	defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()

	tt.waitFor("start", "1 error, 1 warning", "unknown-type")
	tt.keys("Tab", "f")
	tt.waitFor("the fix", "Fix", `-          "amount": {"type": "float"`, `+          "amount": {"type": "number"`, "y writes tools.json")
	tt.keys("y")
	tt.waitFor("fixed and reloaded", "fixed unknown-type", "convert: 1 of 1 issue", "duplicate-enum-value")
	if b, _ := os.ReadFile(file); !strings.Contains(string(b), `"type": "number"`) || !strings.Contains(string(b), `["kg", "lb", "kg"]`) {
		t.Errorf("f should fix the one issue:\n%s", b)
	}

	tt.keys("F")
	tt.waitFor("every fix", "1 issue (1 duplicate-enum-value)", `+          "unit": {"type": "string", "enum": ["kg", "lb"]`)
	tt.keys("y")
	tt.waitFor("all fixed", "✓ no issues")
	want := strings.Replace(strings.Replace(fixE2ETools, `"float"`, `"number"`, 1), `["kg", "lb", "kg"]`, `["kg", "lb"]`, 1)
	if b, _ := os.ReadFile(file); string(b) != want {
		t.Errorf("after f and F the file is:\n%s\nwant:\n%s", b, want)
	}
	tt.keys("q")
	waitQuit(t, tt, exitFile)
}

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
