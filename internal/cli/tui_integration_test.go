//go:build integration

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestTUIEndToEndInTmux(t *testing.T) {
	t.Parallel()
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

// TestTUIHonoursNoColorInTmux runs the workbench twice in tmux and reads
// the screen with its attributes: colors without NO_COLOR, none with it,
// and the selection still marked either way.
func TestTUIHonoursNoColorInTmux(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(tuiE2ETools), 0o644); err != nil {
		t.Fatal(err)
	}
	color := regexp.MustCompile(`\x1b\[[0-9;]*(3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]`)
	for i, tc := range []struct {
		name   string
		env    string
		colors bool
	}{
		{"colors by default", "", true},
		{"none under NO_COLOR", "NO_COLOR=1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-e2e-nc%d-%d", i, os.Getpid())}
			shell := fmt.Sprintf("cd %q && env %s TERM=xterm-256color %q tools.json", dir, tc.env, toolbenchBin)
			tt.tmux("new-session", "-d", "-s", "tb", "-x", "100", "-y", "30", "sh", "-c", shell)
			defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()
			tt.waitFor("start", "Tools", "watching")
			styled := tt.tmux("capture-pane", "-p", "-e", "-t", "tb")
			if got := color.MatchString(styled); got != tc.colors {
				t.Errorf("colors on screen = %v, want %v:\n%q", got, tc.colors, styled)
			}
			if plain := tt.screen(); !strings.Contains(plain, "› search") {
				t.Errorf("the selected tool should be marked by more than color:\n%s", plain)
			}
		})
	}
}

// TestTUIOnServerEverythingInTmux opens the workbench on MCP's reference
// server, spawned on stdio, and sends one call with ctrl+r: the result
// shows, the history file gets it, and nothing of the server is left
// once the workbench quits.
func TestTUIOnServerEverythingInTmux(t *testing.T) {
	t.Parallel()
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

// TestTUIFixesInTmux fixes an issue with f and the rest with F, each
// written to the file and reloaded by the watcher.
func TestTUIFixesInTmux(t *testing.T) {
	t.Parallel()
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

// TestTheWorkbenchOnEveryServerInTmux opens the workbench with
// --all-servers on two servers and one that is down, in a project with a
// configuration and a lock whose pins of one server have since changed.
func TestTheWorkbenchOnEveryServerInTmux(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := project(t, map[string]string{"toolbench.toml": "token-budget = 10\n[rules]\nempty-properties = \"off\"\n"})
	writeServers(t, ".mcp.json", testEntry(t, "tools", "tools"), testEntry(t, "pages", "pages"))
	if code, _, stderr := runIn(t, "lock", "--all-servers", "--timeout", testServerTimeout); code != exitOK {
		t.Fatalf("lock: exit %d, %s", code, stderr)
	}
	writeServers(t, ".mcp.json", testEntry(t, "tools", "retold"), downEntry("down"), testEntry(t, "pages", "pages"))
	exitFile, errFile := filepath.Join(dir, "exit-status"), filepath.Join(dir, "stderr")
	shell := fmt.Sprintf("cd %q && %q --all-servers --timeout %s 2> %q; echo $? > %q", dir, toolbenchBin, testServerTimeout, errFile, exitFile)
	tt := &tuiTerm{t: t, socket: fmt.Sprintf("toolbench-e2e-all-%d", os.Getpid())}
	tt.tmux("new-session", "-d", "-s", "tb", "-x", "160", "-y", "36", "sh", "-c", shell)
	defer exec.Command("tmux", "-L", tt.socket, "kill-server").Run()

	tt.waitFor("the first server", "server 1 of 2", "config toolbench.toml", "lock: 1 tool drifted", "≠ echo")
	tt.keys("Tab", "a") // every issue: those of the servers together are about no one tool
	tt.waitFor("the servers' budget, as lint --all-servers checks it", "(all servers)", "servers/token-budget")
	tt.keys("]")
	tt.waitFor("the second server", "server 2 of 2", "lock: as pinned", "tool_00")
	tt.keys("q")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b, err := os.ReadFile(exitFile); err == nil && len(b) > 0 {
			if got := strings.TrimSpace(string(b)); got != "2" {
				t.Errorf("exit status %s, want 2: a server could not be reached", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the workbench did not quit:\n%s", tt.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	stderr, _ := os.ReadFile(errFile)
	if l := lines(string(stderr)); len(l) != 1 || !strings.HasPrefix(l[0], "toolbench: connect to down: ") {
		t.Errorf("stderr %q, want one line about down", stderr)
	}
}
