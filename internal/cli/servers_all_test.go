package cli

// --all-servers on the Go test server of mcpserver_test.go, spawned as
// the servers file says.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/core/lint"
)

// serverEntry is one server of a servers file: a name and its entry.
type serverEntry struct{ name, entry string }

// testEntry is the entry of this test binary run as the server of
// behaviour, its pid written where ts says, to check it is gone.
func testEntry(t *testing.T, name, behaviour string) serverEntry {
	t.Helper()
	ts := stdioServer(t, behaviour)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env, _ := json.Marshal(map[string]string{testServerEnv: behaviour, testPIDFileEnv: ts.pidFile})
	cmd, _ := json.Marshal(exe)
	return serverEntry{name, `{"command": ` + string(cmd) + `, "env": ` + string(env) + `}`}
}

// downEntry is a server that cannot be reached: nothing listens there.
func downEntry(name string) serverEntry {
	return serverEntry{name, `{"url": "http://127.0.0.1:1/mcp"}`}
}

// writeServers writes the servers file at path, its servers in order.
func writeServers(t *testing.T, path string, servers ...serverEntry) {
	t.Helper()
	var parts []string
	for _, s := range servers {
		parts = append(parts, `"`+s.name+`": `+s.entry)
	}
	if err := os.WriteFile(inWork(t, path), []byte(`{"mcpServers": {`+strings.Join(parts, ",\n")+`}}`), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestAllServersReportsANameTwoServersList(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{})
	writeServers(t, ".mcp.json", testEntry(t, "first", "tools"), testEntry(t, "second", "retold"))
	code, out, stderr := runIn(t, "lint", "--json", "--all-servers", "--timeout", testServerTimeout)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 0 (warnings only: MCP's name rule and the duplicate) and nothing", code, stderr)
	}
	var dup *lint.Issue
	files := map[string]bool{}
	for _, is := range lintIssues(t, out) {
		files[is.File] = true
		if is.Code == "servers/duplicate-tool-name" && is.Tool == "echo" {
			dup = &is
		}
	}
	if !files["first"] || !files["second"] {
		t.Errorf("issues of %v, want both servers'", files)
	}
	if dup == nil {
		t.Fatalf("no servers/duplicate-tool-name for echo:\n%s", out)
	}
	if dup.File != "second" || !strings.Contains(dup.Message, "'first' and 'second'") || dup.Line == 0 {
		t.Errorf("the duplicate is at %s:%d, %q; want in the second server, naming both", dup.File, dup.Line, dup.Message)
	}
	// The code printed silences it, and a baseline keyed by the server
	// accepts it.
	code, out, _ = runIn(t, "lint", "--json", "--all-servers", "--ignore", "servers/", "--timeout", testServerTimeout)
	for _, c := range codes(t, out) {
		if strings.HasPrefix(c, "servers/") {
			t.Errorf("--ignore servers/ left %s", c)
		}
	}
	if code, _, stderr := runIn(t, "lint", "--all-servers", "--write-baseline", "base.json", "--timeout", testServerTimeout); code != exitOK {
		t.Fatalf("--write-baseline: exit %d, %s", code, stderr)
	}
	if code, out, _ := runIn(t, "lint", "--all-servers", "--baseline", "base.json", "--timeout", testServerTimeout); code != exitOK || !strings.HasPrefix(out, "valid (MCP ") {
		t.Errorf("with the baseline: exit %d\n%s", code, out)
	}
}

func TestOneServerDownCostsThatServerOnly(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{})
	writeServers(t, "servers.json", testEntry(t, "tools", "tools"), downEntry("down"), testEntry(t, "pages", "pages"))
	code, out, stderr := runIn(t, "lint", "--json", "--all-servers", "--mcp-config", "servers.json", "--timeout", testServerTimeout)
	if code != exitFailure {
		t.Errorf("exit %d, want 2: a server could not be reached", code)
	}
	if l := lines(stderr); len(l) != 1 || !strings.HasPrefix(l[0], "toolbench lint: connect to down: ") {
		t.Errorf("stderr %q, want one line about down", stderr)
	}
	files := map[string]bool{}
	for _, is := range lintIssues(t, out) {
		files[is.File] = true
	}
	if !files["tools"] || files["down"] {
		t.Errorf("issues of %v; want those of tools, none of down", files)
	}
	// dump writes the others.
	code, out, stderr = runIn(t, "dump", "--all-servers", "--mcp-config", "servers.json", "--dir", "dumps", "--timeout", testServerTimeout)
	if code != exitFailure || out != "wrote dumps/tools.json\nwrote dumps/pages.json\n" || len(lines(stderr)) != 1 {
		t.Errorf("dump: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if code, _, _ := runIn(t, "lint", "--target", "mcp", "dumps/pages.json"); code != exitOK {
		t.Errorf("the dump of pages does not lint clean: exit %d", code)
	}
}

func TestAllServersHoldsTheirTokensToTheBudget(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"toolbench.toml": "token-budget = 100\n"})
	writeServers(t, ".mcp.json", testEntry(t, "a", "pages"), testEntry(t, "b", "pages"))
	code, out, _ := runIn(t, "lint", "--json", "--all-servers", "--ignore", "servers/duplicate-tool-name", "--timeout", testServerTimeout)
	is := lintIssues(t, out)
	if code != exitIssues || len(is) != 1 || is[0].Code != "servers/token-budget" || is[0].File != ".mcp.json" {
		t.Errorf("exit %d, issues %+v; want one servers/token-budget in .mcp.json", code, is)
	}
}

func TestAllServersTakesNoServerFlag(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{})
	writeServers(t, ".mcp.json", downEntry("down"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "--all-servers", "--server", "down"}, "--server and --all-servers each name a server; give one"},
		{[]string{"lint", "--all-servers", "-e", "A=1"}, "-e is for one server"},
		{[]string{"dump", "--all-servers", "--dir", "out", "tools.json"}, "FILE and --all-servers name two sources of tools"},
		{[]string{"lint", "--all-servers", "--mcp-config", "none.json"}, "none.json: no such file or directory"},
		{[]string{"dump", "--all-servers"}, "name their directory with --dir"},
	} {
		code, _, stderr := runIn(t, tc.args...)
		if code != exitFailure || !strings.Contains(lines(stderr)[0], tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

func TestCIFormatsPointAServersIssuesAtItsEntryInTheServersFile(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{})
	// {"mcpServers": {"first": ...,
	// "down": ...}}
	writeServers(t, ".mcp.json", testEntry(t, "first", "tools"), downEntry("down"))
	_, out, _ := runIn(t, "lint", "--format", "github", "--all-servers", "--timeout", testServerTimeout)
	ls := lines(out)
	if len(ls) < 2 || !strings.HasPrefix(ls[0], "::error file=.mcp.json,line=2,col=1,title=unreadable::connect to down: ") {
		t.Errorf("the server down should be annotated on its entry, line 2:\n%s", out)
	}
	for _, l := range ls[1:] {
		if !strings.Contains(l, " file=.mcp.json,line=1,endLine=1,col=17,endColumn=24,") || !strings.Contains(l, "::server 'first', tool ") {
			t.Errorf("an issue of first should be annotated on its entry's key, naming the server and the tool: %s", l)
		}
	}
	_, out, _ = runIn(t, "lint", "--format", "sarif", "--all-servers", "--timeout", testServerTimeout)
	if strings.Contains(out, `"uri": "first"`) || strings.Contains(out, `"uri": "down"`) || !strings.Contains(out, `"uri": ".mcp.json"`) {
		t.Errorf("SARIF should point at .mcp.json, never at a file named after a server:\n%.2000s", out)
	}

	// A server named by its command has no file to point at.
	ts := stdioServer(t, "tools")
	_, out, _ = commandRun{}.run(t, append([]string{"lint", "--format", "github"}, ts.args...)...)
	if strings.Contains(out, "file=") || !strings.Contains(out, "::server '"+ts.name+"', tool ") {
		t.Errorf("annotations of a server named by its command should have no file, and name it:\n%s", out)
	}
	_, out, _ = commandRun{}.run(t, append([]string{"lint", "--format", "sarif"}, ts.args...)...)
	if strings.Contains(out, "physicalLocation") || !strings.Contains(out, `"kind": "module"`) {
		t.Errorf("SARIF of a server named by its command should place it by name alone:\n%.2000s", out)
	}
}

func TestAServersFileThatIsNotJSONIsOneLineAtItsPlace(t *testing.T) {
	project(t, map[string]string{".mcp.json": "{\n  \"mcpServers\": {\"a\": {\"command\": \"echo\"}\n}\n"})
	for _, args := range [][]string{{"lint", "--all-servers"}, {"lint", "--server", "a"}} {
		code, _, stderr := runIn(t, args...)
		want := "toolbench lint: .mcp.json:4:1: unexpected end of input: an object is not closed (expected '}')\n"
		if code != exitFailure || !strings.HasPrefix(stderr, want) || strings.Contains(stderr, "for usage") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q, without the usage line", args, code, stderr, want)
		}
	}
}

func TestCompatShowsEveryServerAsLintDoes(t *testing.T) {
	project(t, map[string]string{})
	writeServers(t, "servers.json", testEntry(t, "tools", "tools"), downEntry("down"), testEntry(t, "pages", "pages"))
	code, out, stderr := runIn(t, "compat", "--all-servers", "--mcp-config", "servers.json", "--target", "mcp", "--timeout", testServerTimeout)
	if code != exitFailure {
		t.Errorf("exit %d, want 2: a server could not be reached", code)
	}
	if l := lines(stderr); len(l) != 1 || !strings.HasPrefix(l[0], "toolbench compat: connect to down: ") {
		t.Errorf("stderr %q, want one line about down", stderr)
	}
	if !strings.HasPrefix(out, "tools\nTOOL") || !strings.Contains(out, "\n\npages\nTOOL") || strings.Contains(out, "down") {
		t.Errorf("the matrices of tools and pages, each under its name, none of down:\n%s", out)
	}
	code, out, _ = runIn(t, "compat", "--all-servers", "--mcp-config", "servers.json", "--format", "json", "--target", "mcp", "--timeout", testServerTimeout)
	var matrices []struct {
		File  string            `json:"file"`
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal([]byte(out), &matrices); err != nil {
		t.Fatalf("--format json: %v\n%s", err, out)
	}
	if code != exitFailure || len(matrices) != 2 || matrices[0].File != "tools" || matrices[1].File != "pages" || len(matrices[0].Tools) == 0 {
		t.Errorf("exit %d, a JSON list of %d matrices %+v; want the two servers reached, in order", code, len(matrices), matrices)
	}
}

// TestAllServersBesideAManifestComparesItsPackages lints every server of
// a servers file beside a server.json: the manifest is linted, and a
// server that runs one of its packages at another version is an issue
// in the servers file, at the argument that names the package. A file
// that is no manifest is said so, and costs only itself.
func TestAllServersBesideAManifestComparesItsPackages(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"server.json": `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.o/weather", "description": "Weather for a city.", "version": "1.3.0",
  "packages": [{"registryType": "npm", "identifier": "@o/weather", "version": "1.3.0", "transport": {"type": "stdio"}}]
}`, "tools.json": badName})
	tools := testEntry(t, "tools", "tools")
	// The old release is never started: lint reaches every server, and
	// this one cannot be, which costs only itself.
	writeServers(t, ".mcp.json", tools, serverEntry{"weather", `{"command": "/nonexistent/bin/npx", "args": ["-y", "@o/weather@1.2.0"]}`})
	code, out, stderr := runIn(t, "lint", "--format", "concise", "--all-servers", "--timeout", testServerTimeout, "server.json")
	if code != exitFailure || !strings.Contains(stderr, "weather") {
		t.Errorf("exit %d, stderr %q; want 2 for the server that cannot start, and its line", code, stderr)
	}
	want := `WARNING .mcp.json:2:`
	var line string
	for _, l := range lines(out) {
		if strings.Contains(l, "[registry/package-version]") {
			line = l
		}
	}
	if !strings.HasPrefix(line, want) || !strings.Contains(line, `server 'weather' runs npm '@o/weather@1.2.0', and server.json lists '@o/weather@1.3.0'`) {
		t.Errorf("no package-version issue at the servers file's entry:\n%s", out)
	}
	code, _, stderr = runIn(t, "lint", "--all-servers", "--timeout", testServerTimeout, "tools.json")
	if code != exitFailure || !strings.Contains(stderr, "tools.json: not a server.json") {
		t.Errorf("a tools file beside --all-servers: exit %d, stderr %q", code, stderr)
	}
}

// dump --all-servers named each file after its server: a name with
// ESC and BEL made a file name that a terminal listing the folder acts
// on. A server named "" was told it had no command and no URL.
func TestDumpAllServersNamesFilesSafelyAndAnEmptyNameIsSaid(t *testing.T) {
	project(t, map[string]string{})
	writeServers(t, "servers.json", testEntry(t, `a\u001b]0;owned\u0007 100%`, "tools"), serverEntry{"", `{"command": "x"}`})
	code, out, stderr := runIn(t, "dump", "--all-servers", "--mcp-config", "servers.json", "--dir", "dumps", "--timeout", testServerTimeout)
	const file = "a%1B]0;owned%07 100%25.json"
	if code != exitFailure || out != "wrote dumps/"+file+"\n" {
		t.Errorf("dump: exit %d, stdout %q, stderr %q; want the file %q written", code, out, stderr, file)
	}
	if _, err := os.Stat(inWork(t, filepath.Join("dumps", file))); err != nil {
		t.Error(err)
	}
	if want := `toolbench dump: servers.json: a server's name is empty (""): give it a name in the servers file`; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if code, _, stderr := runIn(t, "lint", "--server", "", "--mcp-config", "servers.json"); code != exitFailure || !strings.Contains(stderr, `--server "": give the NAME of a server of the servers file`) {
		t.Errorf("lint --server \"\": exit %d, stderr %q", code, stderr)
	}
}

// TestAServersFileWithCommentsAndTrailingCommasIsReadByEveryCommand reads
// VS Code's .vscode/mcp.json, JSON with comments and trailing commas, as
// every command that reads a servers file does; a mistake in it is placed
// at its line and column in the file as written.
func TestAServersFileWithCommentsAndTrailingCommasIsReadByEveryCommand(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{".vscode/": ""})
	entry := testEntry(t, "tools", "tools")
	servers := "// The project's servers, as VS Code reads them.\n{\n  \"servers\": {\n    /* a server that spawns */\n    \"tools\": " + entry.entry + ", // trailing\n  },\n}\n"
	if err := os.WriteFile(inWork(t, ".vscode/mcp.json"), []byte(servers), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"lint --server", []string{"lint", "--server", "tools", "--mcp-config", ".vscode/mcp.json", "--format", "concise"}, exitOK, "2 warnings in 1 server"},
		{"lint --all-servers", []string{"lint", "--all-servers", "--mcp-config", ".vscode/mcp.json", "--format", "concise"}, exitOK, "2 warnings in 1 server"},
		{"dump --server", []string{"dump", "--server", "tools", "--mcp-config", ".vscode/mcp.json"}, exitOK, `"name":"echo"`},
		{"lock --server", []string{"lock", "--server", "tools", "--mcp-config", ".vscode/mcp.json"}, exitOK, "tools: 9 tools pinned"},
		{"verify", []string{"verify", "--all-servers", "--mcp-config", ".vscode/mcp.json"}, exitOK, "every tool as pinned in 1 source"},
	} {
		code, out, errOut := runIn(t, append(tc.args, "--timeout", testServerTimeout)...)
		if code != tc.code || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d, %q %q; want %d and %q", tc.name, code, out, errOut, tc.code, tc.want)
		}
	}
	// A mistake after the comments is where the file has it.
	broken := strings.Replace(servers, "\"tools\": ", "\"tools\" ", 1)
	if err := os.WriteFile(inWork(t, ".vscode/mcp.json"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runIn(t, "lint", "--server", "tools", "--mcp-config", ".vscode/mcp.json")
	if want := "toolbench lint: .vscode/mcp.json:5:13: "; code != exitFailure || !strings.HasPrefix(errOut, want) {
		t.Errorf("a missing colon: exit %d, %q; want 2 and %q", code, errOut, want)
	}
}
