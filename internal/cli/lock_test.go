package cli

// lock and verify, on files and on the Go test server of
// mcpserver_test.go.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestLockAndVerifyCommandLines(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lock", "--server-cmd", "x"}, "--server-cmd: verify could not find the server again"},
		{[]string{"lock"}, "name the sources to pin"},
		{[]string{"lock", "-"}, "standard input cannot be read again by verify"},
		{[]string{"verify", "x"}, `unexpected argument "x"`},
	} {
		code, _, stderr := runIn(t, tc.args...)
		if code != exitFailure || !strings.Contains(lines(stderr)[0], tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

func TestVerifyTellsToLockOnlyWhenThereIsNoLock(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName})
	code, _, stderr := runIn(t, "verify")
	if want := "toolbench.lock.json: no such file or directory; pin sources with toolbench lock"; code != exitFailure || !strings.Contains(stderr, want) {
		t.Errorf("no lock: exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if code, _, stderr := runIn(t, "lock", "tools.json"); code != exitOK {
		t.Fatalf("lock: exit %d, %s", code, stderr)
	}
	data, err := os.ReadFile(inWork(t, "toolbench.lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "Get the", "Got the", 1)
	if edited == string(data) {
		t.Fatalf("no description to edit in the lock:\n%s", data)
	}
	if err := os.WriteFile(inWork(t, "toolbench.lock.json"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	// The lock's own error says what to do; a second way to say it only
	// repeats it.
	code, _, stderr = runIn(t, "verify")
	if code != exitFailure || !strings.Contains(stderr, "does not have this hash: the lock was edited; run toolbench lock again\n") {
		t.Errorf("edited lock: exit %d, stderr %q; want 2 and the lock's error alone", code, stderr)
	}
}

func TestVerifyFailsOnAChangedDescriptionOfAPinnedServerTool(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName})
	tools := testEntry(t, "tools", "tools")
	writeServers(t, ".mcp.json", tools, testEntry(t, "pages", "pages"))
	code, out, stderr := runIn(t, "lock", "--all-servers", "tools.json", "--timeout", testServerTimeout)
	if want := "tools: 9 tools pinned\npages: 15 tools pinned\ntools.json: 1 tool pinned\nwrote toolbench.lock.json: 3 sources\n"; code != exitOK || out != want || stderr != "" {
		t.Fatalf("lock: exit %d, stdout %q, stderr %q; want 0 and %q", code, out, stderr, want)
	}
	if code, out, stderr := runIn(t, "verify", "--timeout", testServerTimeout); code != exitOK || out != "every tool as pinned in 3 sources\n" || stderr != "" {
		t.Errorf("verify as pinned: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	// The server rewrites echo's description: a "rug pull".
	writeServers(t, ".mcp.json", testEntry(t, "tools", "retold"), testEntry(t, "pages", "pages"))
	code, out, stderr = runIn(t, "verify", "--json", "--timeout", testServerTimeout)
	if code != exitIssues || stderr != "" {
		t.Fatalf("verify: exit %d, stderr %q; want 1\n%s", code, stderr, out)
	}
	got := verifyJSON(t, out)
	// The sources in the lock's order: by name.
	if got.OK || len(got.Sources) != 3 || got.Sources[0].Source != "pages" || got.Sources[0].Status != "as-pinned" || got.Sources[2].Status != "as-pinned" {
		t.Fatalf("verify: %+v", got)
	}
	srv := got.Sources[1]
	if srv.Source != "tools" || srv.Kind != "server" || srv.Status != "drifted" || srv.Errors != 1 || len(srv.Changes) != 1 {
		t.Fatalf("the server: %+v", srv)
	}
	if c := srv.Changes[0]; c.Code != "description-changed" || c.Tool != "echo" || c.Severity != "error" || c.File != "tools" || c.Line == 0 {
		t.Errorf("the change: %+v; want echo's description-changed, an error in the server's document", c)
	}
	// In GitHub's annotations the drift is placed at the server's entry
	// in the servers file, which exists, not at a file named "tools".
	code, out, _ = runIn(t, "verify", "--format", "github", "--timeout", testServerTimeout)
	if code != exitIssues || !strings.Contains(out, "::error file=.mcp.json,line=") || !strings.Contains(out, "::server 'tools', tool 'echo', ") || strings.Contains(out, "file=tools,") {
		t.Errorf("verify --format github: exit %d\n%s\nwant the drift at the entry of tools in .mcp.json", code, out)
	}
	// Locking the server again accepts the change; the others keep theirs.
	code, out, _ = runIn(t, "lock", "--server", "tools", "--timeout", testServerTimeout)
	if code != exitOK || out != "tools: 9 tools pinned; accepted 1 changed\nwrote toolbench.lock.json: 3 sources\n" {
		t.Errorf("lock again: exit %d, stdout %q", code, out)
	}
	if code, out, _ := runIn(t, "verify", "--timeout", testServerTimeout); code != exitOK {
		t.Errorf("verify after lock: exit %d\n%s", code, out)
	}
}

func TestVerifyFailsOnAChangedSchemaOfAPinnedFile(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"api/tools.json": badName, "ci/": ""})
	workIn(t, "ci")
	if code, _, stderr := runIn(t, "lock", "--lock", "../tools.lock.json", "../api/tools.json"); code != exitOK {
		t.Fatalf("lock: exit %d, %s", code, stderr)
	}
	workIn(t, "..")
	data, _ := os.ReadFile(inWork(t, "tools.lock.json"))
	if !strings.Contains(string(data), `"api/tools.json": {`) {
		t.Errorf("the lock does not name the file from its folder:\n%s", data)
	}
	changed := strings.Replace(badName, `"city": {"type": "string"`, `"city": {"type": "integer"`, 1)
	added := strings.Replace(changed, "\n]", `,
  {"name": "get_time", "description": "Get the time in a time zone, as ISO 8601.", "parameters": {"type": "object", "properties": {"zone": {"type": "string", "description": "An IANA zone."}}, "required": ["zone"]}}
]`, 1)
	if err := os.WriteFile(inWork(t, "api/tools.json"), []byte(added), 0o644); err != nil {
		t.Fatal(err)
	}
	workIn(t, "api")
	code, out, stderr := runIn(t, "verify", "--lock", "../tools.lock.json")
	want := "DRIFT    ../api/tools.json:2:"
	if code != exitIssues || stderr != "" || !strings.HasPrefix(out, want) || !strings.Contains(lines(out)[0], "[type-changed]") ||
		!strings.HasPrefix(lines(out)[1], "NEW      ../api/tools.json:3:") || lines(out)[2] != "1 change to a pinned tool, 1 new tool in 1 source" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant 1, a type-changed DRIFT and a NEW tool in the file", code, stderr, out)
	}
}

func TestVerifyReportsTheOthersWhenASourceCannotBeRead(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName})
	writeServers(t, ".mcp.json", testEntry(t, "tools", "tools"))
	if code, _, stderr := runIn(t, "lock", "--server", "tools", "tools.json", "--timeout", testServerTimeout); code != exitOK {
		t.Fatalf("lock: exit %d, %s", code, stderr)
	}
	writeServers(t, ".mcp.json", downEntry("tools"), downEntry("new"))
	if err := os.WriteFile(inWork(t, "tools.json"), []byte(strings.Replace(badName, "Get the weather", "Get the weather, and more,", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runIn(t, "verify", "--all-servers", "--timeout", testServerTimeout)
	if code != exitFailure || len(lines(stderr)) != 1 || !strings.HasPrefix(stderr, "toolbench verify: connect to tools: ") {
		t.Errorf("exit %d, stderr %q; want 2 and one line about tools", code, stderr)
	}
	l := lines(out)
	if len(l) != 4 || !strings.HasPrefix(l[0], "FAILED   tools: connect to tools") || !strings.HasPrefix(l[1], "DRIFT    tools.json:2:") ||
		!strings.HasPrefix(l[2], "UNPINNED new: ") || l[3] != "1 change to a pinned tool in 1 source; 1 server not pinned; 1 source could not be read" {
		t.Errorf("stdout:\n%s", out)
	}
}

// verified is verify --json's report, as the tests read it.
type verified struct {
	OK      bool
	Sources []struct {
		Source, Kind, Status string
		Errors, Warnings     int
		Changes              []struct {
			Severity, Code, Tool, File string
			Line                       int
		}
	}
}

func verifyJSON(t *testing.T, out string) verified {
	t.Helper()
	var v verified
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("verify --json is not its report: %v\n%s", err, out)
	}
	return v
}

func TestLockSaysWhereItCannotPin(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName, "broken.json": "[{", "noname.json": `[{"description": "d"}]`})
	code, out, stderr := runIn(t, "lock", "tools.json", "broken.json", "noname.json")
	if code != exitFailure || out != "tools.json: 1 tool pinned\nwrote toolbench.lock.json: 1 source\n" {
		t.Errorf("exit %d, stdout %q; want 2 and tools.json pinned", code, out)
	}
	if l := lines(stderr); len(l) != 2 || !strings.HasPrefix(l[0], "toolbench lock: broken.json:1:") || !strings.Contains(l[1], "noname.json:1:2: a tool without a name cannot be pinned") {
		t.Errorf("stderr %q", stderr)
	}
	if _, err := os.Stat(inWork(t, "toolbench.lock.json")); err != nil {
		t.Error(err)
	}
	if err := os.WriteFile(inWork(t, "toolbench.lock.json"), []byte(`{"version": 1, "sources": {"x": {"kind": "disk", "tools": []}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"lock", "verify"} {
		args := []string{cmd}
		if cmd == "lock" {
			args = append(args, "tools.json")
		}
		if code, _, stderr := runIn(t, args...); code != exitFailure || !strings.Contains(stderr, `toolbench.lock.json:1:`) {
			t.Errorf("%s of a lock with a mistake: exit %d, %q", cmd, code, stderr)
		}
	}
}

// A lock names files in its folder and below, and nothing git would read
// as REV:PATH: lock does not write another name, and verify refuses a lock
// that holds one (someone else's commit) before it reads anything.
func TestLockAndVerifyReadOnlyFilesInTheLocksFolder(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"api/tools.json": badName, "ci/v1:tools.json": badName})
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = workDir(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("git %v: %v\n%s", args, err, out)
		}
	}
	os.RemoveAll(inWork(t, ".git"))
	git("init", "-q")
	code, out, stderr := runIn(t, "lock", "--lock", "ci/tools.lock.json", "api/tools.json", "ci/v1:tools.json")
	if want := `toolbench lock: api/tools.json: the lock would name it "../api/tools.json", a path out of the lock's folder`; code != exitFailure || out != "" || !strings.HasPrefix(stderr, want) {
		t.Errorf("lock out of its folder: exit %d, stdout %q, stderr %q; want 2 and %q", code, out, stderr, want)
	}
	if want := `toolbench lock: ci/v1:tools.json: the lock would name it "v1:tools.json", a ':'`; len(lines(stderr)) != 3 || !strings.HasPrefix(lines(stderr)[1], want) {
		t.Errorf("lock of a name with ':': stderr %q, want a second line %q", stderr, want)
	}
	pwned := filepath.Join(t.TempDir(), "pwned")
	for _, name := range []string{"--output=" + pwned + ":x", "../api/tools.json", pwned} {
		key, _ := json.Marshal(name)
		if err := os.WriteFile(inWork(t, "toolbench.lock.json"), []byte(`{"version":1,"sources":{`+string(key)+`:{"kind":"file","tools":[]}}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "toolbench.lock.json")
		code, out, stderr := runIn(t, "verify")
		want := "toolbench verify: toolbench.lock.json:1:25: the file source " + string(key) + " has "
		if code != exitFailure || out != "" || !strings.HasPrefix(stderr, want) {
			t.Errorf("verify of %s: exit %d, stdout %q, stderr %q; want 2 and %q", name, code, out, stderr, want)
		}
	}
	if _, err := os.Stat(pwned + ":x"); err == nil {
		t.Error("verify made git write a file")
	}
}

// verify's help says where each change is placed, as the changes are.
func TestVerifyHelpSaysWhereDriftIsPlaced(t *testing.T) {
	t.Parallel()
	_, out, _ := runIn(t, "verify", "--help")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "a changed tool placed in the source, a removed tool in the lock") {
		t.Errorf("verify --help does not say a changed tool is placed in the source, a removed one in the lock:\n%s", out)
	}
}

// lock and verify followed a symbolic link out of the lock's folder:
// the lock took in the text of a file outside, and verify showed it.
func TestLockAndVerifyFollowNoLinkOutOfTheLocksFolder(t *testing.T) {
	const secret = `[{"name": "secret_tool", "description": "A file outside the project, which nothing may read into the lock."}]`
	outside := filepath.Join(t.TempDir(), "outside")
	if err := os.MkdirAll(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret.json"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := project(t, map[string]string{"tools.json": badName, "real/tools.json": badName})
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip(err)
		}
	}
	link(filepath.Join(outside, "secret.json"), "out.json")
	link(outside, "outdir")
	link("real/tools.json", "inside.json")
	const escapes = "a symbolic link leads out of this directory"
	for _, tc := range []struct {
		name string
		file string
		want string // on standard error; "" for a pin
	}{
		{"a link to a file outside", "out.json", "out.json: " + escapes},
		{"a link to a folder outside", "outdir/secret.json", "outdir/secret.json: " + escapes},
		{"a link that stays in the folder", "inside.json", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runIn(t, "lock", tc.file)
			switch {
			case tc.want == "" && code != exitOK:
				t.Errorf("lock %s: exit %d, stderr %q", tc.file, code, stderr)
			case tc.want != "" && (code != exitFailure || !strings.Contains(stderr, tc.want)):
				t.Errorf("lock %s: exit %d, stderr %q; want 2 and %q", tc.file, code, stderr, tc.want)
			}
		})
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "toolbench.lock.json")); strings.Contains(string(data), "secret") {
		t.Errorf("the lock took in the file outside:\n%s", data)
	}
	// A pinned file swapped for a link out of the folder.
	if code, _, stderr := runIn(t, "lock", "tools.json"); code != exitOK {
		t.Fatalf("lock tools.json: exit %d, %s", code, stderr)
	}
	os.Remove(filepath.Join(dir, "tools.json"))
	link(filepath.Join(outside, "secret.json"), "tools.json")
	code, stdout, stderr := runIn(t, "verify")
	if code != exitFailure || !strings.Contains(stdout+stderr, "tools.json: "+escapes) || strings.Contains(stdout+stderr, "secret") {
		t.Errorf("verify: exit %d, stdout %q, stderr %q; want 2, the link refused and nothing of the file outside", code, stdout, stderr)
	}
}
