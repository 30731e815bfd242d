package source

import (
	"context"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const twoTools = `[
  {"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}},
  {"name": "b", "input_schema": {"type": "object"}}
]
`

// inDir runs the test in a fresh folder holding tools.json.
func inDir(t *testing.T) {
	t.Helper()
	t.Chdir(t.TempDir())
	if err := os.WriteFile("tools.json", []byte(twoTools), 0o644); err != nil {
		t.Fatal(err)
	}
}

func git(t *testing.T, args ...string) {
	t.Helper()
	if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// inRepo runs the test in a fresh git repository whose one commit holds
// tools.json.
func inRepo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	inDir(t)
	git(t, "init", "-q")
	git(t, "add", "tools.json")
	git(t, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "tools")
}

func TestOpenReadsAFileStandardInputAndARevision(t *testing.T) {
	inRepo(t)
	if err := os.WriteFile("tools.json", []byte(`[]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path, stdin string
		wantName, wantSrc string
		wantRevision      string
	}{
		{name: "a file", path: "tools.json", wantName: "tools.json", wantSrc: `[]`},
		{name: "standard input", path: "-", stdin: twoTools, wantName: "<stdin>", wantSrc: twoTools},
		{name: "a revision", path: "HEAD:tools.json", wantName: "HEAD:tools.json", wantSrc: twoTools, wantRevision: "tools.json"},
		{name: "a revision from here", path: "HEAD:./tools.json", wantName: "HEAD:./tools.json", wantSrc: twoTools, wantRevision: "tools.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := Open(context.Background(), Input{Path: tc.path}, Options{Stdin: strings.NewReader(tc.stdin)})
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			got := []string{src.Doc.Name, src.Doc.Src, src.Revision}
			if diff := cmp.Diff([]string{tc.wantName, tc.wantSrc, tc.wantRevision}, got); diff != "" || src.Client != nil {
				t.Errorf("name, text, revision (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOpenErrorsNameTheSource(t *testing.T) {
	inDir(t)
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(mustGetwd(t)))
	os.WriteFile("bad.json", []byte(`[1,`), 0o644)
	for _, tc := range []struct{ path, want string }{
		{"missing.json", "open missing.json: no such file or directory"},
		{"bad.json", "bad.json:1:4: unexpected end of input"},
		{"main:tools.json", "main:tools.json: no such file, and not in a git repository to read it as REV:PATH from"},
	} {
		_, err := Open(context.Background(), Input{Path: tc.path}, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%q) = %v, want an error containing %q", tc.path, err, tc.want)
		}
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

func TestAFileNamedLikeARevisionIsAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() // the working directory, given, not the process's
	if err := os.WriteFile(filepath.Join(dir, "v1:tools.json"), []byte(`[]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if IsRevision(dir, "v1:tools.json") || !IsRevision(dir, "v2:tools.json") || IsRevision(dir, ":tools.json") || IsRevision(dir, "tools.json") {
		t.Error("IsRevision: a file's name is a file, REV:PATH with no such file a revision")
	}
	src, err := Open(context.Background(), Input{Path: "v1:tools.json"}, Options{Dir: dir})
	if err != nil || src.Doc.Src != `[]` || src.Revision != "" {
		t.Errorf("Open(v1:tools.json) = %v, %v; want the file", src, err)
	}
}

func TestDumpOfAFileLaysOutEachEntryAsWritten(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"a list", twoTools, "{\"tools\": [\n" +
			`{"type": "function", "function": {"name": "a", "parameters": {"type": "object"}}}` + ",\n" +
			`{"name": "b", "input_schema": {"type": "object"}}` + "\n]}\n"},
		{"one tool", `{"name": "a", "inputSchema": {"type": "object"}}`, "{\"tools\": [\n" + `{"name": "a", "inputSchema": {"type": "object"}}` + "\n]}\n"},
		{"no tools", `{"tools": []}`, "{\"tools\": []}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, err := Open(context.Background(), Input{Path: "-"}, Options{Stdin: strings.NewReader(tc.in)})
			if err != nil {
				t.Fatal(err)
			}
			got, err := src.Dump()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("Dump (-want +got):\n%s", diff)
			}
		})
	}
	src, _ := Open(context.Background(), Input{Path: "-"}, Options{Stdin: strings.NewReader(`{"nothing": 1}`)})
	if _, err := src.Dump(); err == nil || !strings.HasPrefix(err.Error(), "<stdin>:1:1: ") {
		t.Errorf("Dump of a document with no tools: %v, want an error at its place", err)
	}
}

func TestServerSettingsComeFromTheFlagsOrTheServersFile(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("servers.json", []byte(`{"mcpServers": {"local": {"command": "srv", "args": ["--x"]}, "remote": {"url": "http://h/mcp"}}}`), 0o644)
	lookup := func(k string) (string, bool) { return map[string]string{"TOKEN": "t0"}[k], k == "TOKEN" }
	spec, err := Server{Name: "remote", ServersFile: "servers.json", Header: []string{"Authorization: Bearer ${TOKEN}"}, Timeout: 5}.Spec(lookup)
	if err != nil || spec.URL != "http://h/mcp" || spec.Header.Get("Authorization") != "Bearer t0" || spec.Timeout != 5 {
		t.Errorf("remote: %+v, %v", spec, err)
	}
	spec, err = Server{Name: "local", ServersFile: "servers.json", Env: []string{"A=1"}}.Spec(lookup)
	if err != nil || strings.Join(spec.Command, " ") != "srv --x" || strings.Join(spec.Env, ",") != "A=1" {
		t.Errorf("local: %+v, %v", spec, err)
	}
	for _, tc := range []struct {
		s    Server
		want string
	}{
		{Server{Name: "remote", ServersFile: "servers.json", Env: []string{"A=1"}}, `-e: the server "remote" is reached by URL, not spawned`},
		{Server{Name: "local", ServersFile: "servers.json", Header: []string{"A: b"}}, `--header: the server "local" is spawned on stdio, not reached by URL`},
		{Server{Name: "nope", ServersFile: "servers.json"}, `servers.json: no server "nope"`},
		{Server{Command: []string{"srv"}, Env: []string{"no-equals"}}, "-e: "},
		{Server{URL: "http://h/mcp", Header: []string{"X: $UNSET"}}, "--header: "},
	} {
		if _, err := tc.s.Spec(lookup); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error containing %q", tc.s, err, tc.want)
		}
	}
}

// TestImportsOnlyDocumentsAndTheClient holds the package to its doc
// comment: it reads sources, and knows nothing of flags, reports, the
// screen or watching.
func TestImportsOnlyDocumentsAndTheClient(t *testing.T) {
	t.Parallel()
	allowed := map[string]bool{"toolbench/core/jsondoc": true, "toolbench/core/tooldef": true, "toolbench/internal/mcpclient": true, "toolbench/internal/auxfile": true, "toolbench/core/jsonedit": true}
	files, _ := filepath.Glob("*.go")
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "toolbench/") && !allowed[path] {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}

// A REV:PATH is git's to read, and nothing in it is an option to git: a
// name from a lock or a command line cannot make git write a file.
func TestARevisionIsNeverAnOptionToGit(t *testing.T) {
	inRepo(t)
	out := filepath.Join(t.TempDir(), "written")
	for _, spec := range []string{"--output=" + out + ":tools.json", "-o:tools.json"} {
		_, err := Open(context.Background(), Input{Path: spec}, Options{})
		if want := spec + ": no such file, and a revision cannot start with '-'"; err == nil || err.Error() != want {
			t.Errorf("Open(%q) = %v, want %q", spec, err, want)
		}
	}
	if _, err := os.Stat(out + ":tools.json"); err == nil {
		t.Errorf("git wrote %s", out+":tools.json")
	}
}
