package wrap

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
)

const toolbench = "/opt/toolbench/bin/toolbench"

var opts = Options{Command: toolbench}

// clientFiles are servers files in the shapes the clients write them:
// Claude Code's, Claude Desktop's on Windows (CRLF, backslashes), VS
// Code's (JSONC: tabs, comments, trailing commas) and Cursor's (on one
// line).
var clientFiles = []string{"claude-code.mcp.json", "claude_desktop_config.json", "vscode.mcp.json", "cursor.mcp.json"}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// apply makes edits to src and checks that what comes out is JSON as
// src was (JSON with comments for a file that has them).
func apply(t *testing.T, src string, edits []jsonedit.Edit) string {
	t.Helper()
	out, err := jsonedit.Apply(src, edits)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jsondoc.Parse("out", []byte(jsonedit.Plain(out))); err != nil {
		t.Fatalf("the edited text is not JSON: %v\n%s", err, out)
	}
	return out
}

func wrapAll(t *testing.T, src string) (string, []Entry) {
	t.Helper()
	edits, entries, err := Wrap("f", src, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	return apply(t, src, edits), entries
}

func unwrapAll(t *testing.T, src string) (string, []Entry) {
	t.Helper()
	edits, entries, err := Unwrap("f", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	return apply(t, src, edits), entries
}

func TestUnwrapGivesBackTheFileByteForByte(t *testing.T) {
	for _, name := range clientFiles {
		t.Run(name, func(t *testing.T) {
			src := readFile(t, name)
			wrapped, entries := wrapAll(t, src)
			for _, e := range entries {
				if e.Err != nil {
					t.Errorf("%s: %v", e.Name, e.Err)
				}
			}
			if wrapped == src {
				t.Fatal("wrap changed nothing")
			}
			back, _ := unwrapAll(t, wrapped)
			if back != src {
				t.Errorf("unwrap did not give the file back (-want +got):\n%s", cmp.Diff(src, back))
			}
		})
	}
}

func TestAWrappedEntryRunsTheProxyInTheFilesLayout(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"args on one line", `{"mcpServers": {"e": {"command": "npx", "args": ["-y", "pkg"], "env": {}}}}`,
			`{"mcpServers": {"e": {"command": "/opt/toolbench/bin/toolbench", "args": ["proxy", "--name", "e", "--", "npx", "-y", "pkg"], "env": {}}}}`},
		{"args with no spaces", `{"mcpServers":{"e":{"command":"npx","args":["-y","pkg"]}}}`,
			`{"mcpServers":{"e":{"command":"/opt/toolbench/bin/toolbench","args":["proxy","--name","e","--","npx","-y","pkg"]}}}`},
		{"args a line each, tabs", "{\"mcpServers\": {\"e\": {\n\t\"command\": \"npx\",\n\t\"args\": [\n\t\t\"-y\"\n\t]\n}}}",
			"{\"mcpServers\": {\"e\": {\n\t\"command\": \"/opt/toolbench/bin/toolbench\",\n\t\"args\": [\n\t\t\"proxy\",\n\t\t\"--name\",\n\t\t\"e\",\n\t\t\"--\",\n\t\t\"npx\",\n\t\t\"-y\"\n\t]\n}}}"},
		{"empty args", `{"mcpServers": {"e": {"command": "uvx", "args": []}}}`,
			`{"mcpServers": {"e": {"command": "/opt/toolbench/bin/toolbench", "args": ["proxy", "--name", "e", "--", "uvx"]}}}`},
		{"no args, members a line each, CRLF", "{\"mcpServers\": {\"e\": {\r\n  \"command\": \"srv\",\r\n  \"env\": {}\r\n}}}",
			"{\"mcpServers\": {\"e\": {\r\n  \"command\": \"/opt/toolbench/bin/toolbench\",\r\n  \"args\": [\"proxy\", \"--name\", \"e\", \"--unwrap-removes-args\", \"--\", \"srv\"],\r\n  \"env\": {}\r\n}}}"},
		{"the command as written, escapes kept", `{"mcpServers": {"w": {"command": "C:\\Program Files\\node.exe", "args": ["a"]}}}`,
			`{"mcpServers": {"w": {"command": "/opt/toolbench/bin/toolbench", "args": ["proxy", "--name", "w", "--", "C:\\Program Files\\node.exe", "a"]}}}`},
		{"a URL, VS Code's", "{\"servers\": {\"gh\": {\n  \"type\": \"http\",\n  \"url\": \"https://h/mcp\"\n}}}",
			"{\"servers\": {\"gh\": {\n  \"type\": \"stdio\",\n  \"command\": \"/opt/toolbench/bin/toolbench\",\n  \"args\": [\"proxy\", \"--name\", \"gh\", \"--entry\", \"{\\n  \\\"type\\\": \\\"http\\\",\\n  \\\"url\\\": \\\"https://h/mcp\\\"\\n}\"]\n}}}"},
		{"a name with a hidden character, written as the escape the file has", `{"mcpServers": {"a\u202eb": {"command": "srv", "args": []}}}`,
			`{"mcpServers": {"a\u202eb": {"command": "/opt/toolbench/bin/toolbench", "args": ["proxy", "--name", "a\u202eb", "--", "srv"]}}}`},
		{"an entry holding hidden characters raw, written as escapes", "{\"mcpServers\": {\"r\": {\"url\": \"https://h/mcp\", \"headers\": {\"A\": \"b\u200b\U000E0041\"}}}}",
			`{"mcpServers": {"r": {"command": "/opt/toolbench/bin/toolbench", "args": ["proxy", "--name", "r", "--entry", "{\"url\": \"https://h/mcp\", \"headers\": {\"A\": \"b\u200b\udb40\udc41\"}}"]}}}`},
		{"a URL on one line", `{"mcpServers": {"r": {"url": "https://h/mcp", "headers": {"A": "b"}}}}`,
			`{"mcpServers": {"r": {"command": "/opt/toolbench/bin/toolbench", "args": ["proxy", "--name", "r", "--entry", "{\"url\": \"https://h/mcp\", \"headers\": {\"A\": \"b\"}}"]}}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := wrapAll(t, tc.src)
			if got != tc.want {
				t.Errorf("wrapped (-want +got):\n%s", cmp.Diff(tc.want, got))
			}
			if back, _ := unwrapAll(t, got); back != tc.src {
				t.Errorf("unwrapped (-want +got):\n%s", cmp.Diff(tc.src, back))
			}
		})
	}
}

func TestUnwrapKeepsEditsMadeElsewhereInTheFile(t *testing.T) {
	src := readFile(t, "claude-code.mcp.json")
	wrapped, _ := wrapAll(t, src)
	// Edits a person makes while the servers are wrapped: a server added,
	// another's environment, a wrapped entry's own environment.
	edit := func(s, old, new string) string {
		t.Helper()
		if !strings.Contains(s, old) {
			t.Fatalf("no %q in:\n%s", old, s)
		}
		return strings.Replace(s, old, new, 1)
	}
	wrapped = edit(wrapped, `"env": {}`, `"env": {"DEBUG": "1"}`)
	wrapped = edit(wrapped, "  \"mcpServers\": {\n", "  \"mcpServers\": {\n    \"new\": {\"command\": \"new-server\"},\n")
	back, entries := unwrapAll(t, wrapped)
	want := edit(src, `"env": {}`, `"env": {"DEBUG": "1"}`)
	want = edit(want, "  \"mcpServers\": {\n", "  \"mcpServers\": {\n    \"new\": {\"command\": \"new-server\"},\n")
	if back != want {
		t.Errorf("unwrapped (-want +got):\n%s", cmp.Diff(want, back))
	}
	if !errors.Is(entries[0].Err, ErrNotWrapped) || entries[0].Name != "new" {
		t.Errorf("the server added since: %+v, want it not wrapped", entries[0])
	}
}

func TestWhatIsDoneAlreadyIsLeftAsItIs(t *testing.T) {
	for _, name := range clientFiles {
		src := readFile(t, name)
		wrapped, _ := wrapAll(t, src)
		cases := []struct {
			name string
			do   func() ([]jsonedit.Edit, []Entry, error)
			want error
		}{
			{"wrapped again", func() ([]jsonedit.Edit, []Entry, error) { return Wrap("f", wrapped, nil, opts) }, ErrWrapped},
			{"unwrapped, not wrapped", func() ([]jsonedit.Edit, []Entry, error) { return Unwrap("f", src, nil) }, ErrNotWrapped},
		}
		for _, tc := range cases {
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				edits, entries, err := tc.do()
				if err != nil || len(edits) > 0 || len(entries) == 0 {
					t.Fatalf("%d edits, %d entries, %v; want none, and what was left", len(edits), len(entries), err)
				}
				for _, e := range entries {
					if !errors.Is(e.Err, tc.want) {
						t.Errorf("%s: %v, want %v", e.Name, e.Err, tc.want)
					}
				}
			})
		}
	}
}

func TestWrapTakesTheServersNamedAndTheirFlags(t *testing.T) {
	src := readFile(t, "claude-code.mcp.json")
	o := Options{Command: "toolbench", Flags: func(server string) []string { return []string{"--record", "/logs/" + server + ".jsonl"} }}
	edits, entries, err := Wrap("f", src, []string{"local", "local"}, o)
	if err != nil {
		t.Fatal(err)
	}
	got := apply(t, src, edits)
	want := strings.Replace(src, `"command": "/usr/local/bin/my-server"`,
		`"command": "toolbench",`+"\n      "+`"args": ["proxy", "--name", "local", "--record", "/logs/local.jsonl", "--unwrap-removes-args", "--", "/usr/local/bin/my-server"]`, 1)
	if got != want {
		t.Errorf("wrapped (-want +got):\n%s", cmp.Diff(want, got))
	}
	if len(entries) != 1 || entries[0].Name != "local" || entries[0].Transport != "stdio" || entries[0].Line != 15 {
		t.Errorf("entries %+v, want local alone, stdio, on line 15", entries)
	}
	if back, _ := unwrapAll(t, got); back != src {
		t.Errorf("unwrapped (-want +got):\n%s", cmp.Diff(src, back))
	}
}

func TestWrapAndUnwrapSayWhatTheyCannotDo(t *testing.T) {
	cases := []struct {
		name, src string
		unwrap    bool
		want      string
	}{
		{"an SSE server", `{"mcpServers": {"s": {"type": "sse", "url": "https://h/sse"}}}`, false, `type "sse"`},
		{"neither command nor url", `{"mcpServers": {"s": {"env": {}}}}`, false, `neither "command" nor "url"`},
		{"both", `{"mcpServers": {"s": {"command": "x", "url": "https://h/"}}}`, false, `both "command" and "url"`},
		{"args not a list", `{"mcpServers": {"s": {"command": "x", "args": "-y"}}}`, false, `"args" is a string, not a list`},
		{"an entry not an object", `{"mcpServers": {"s": "x"}}`, false, "the entry is a string, not an object"},
		{"a proxy set up by hand, without a command", `{"mcpServers": {"s": {"command": "toolbench", "args": ["proxy", "--name", "s", "--server", "x"]}}}`, false, "not as wrap writes it"},
		{"a URL entry edited since", `{"mcpServers": {"s": {"command": "toolbench", "args": ["proxy", "--name", "s", "--entry", "{\"url\": \"https://h/\"}"], "env": {"A": "1"}}}}`, true, `the entry has "env", which wrap did not write`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			do := Wrap
			if tc.unwrap {
				do = func(name, src string, names []string, _ Options) ([]jsonedit.Edit, []Entry, error) {
					return Unwrap(name, src, names)
				}
			}
			edits, entries, err := do("f", tc.src, nil, opts)
			if err != nil || len(edits) > 0 || len(entries) != 1 || entries[0].Err == nil || !strings.Contains(entries[0].Err.Error(), tc.want) {
				t.Errorf("%d edits, entries %+v, error %v; want the entry's error to say %q", len(edits), entries, err, tc.want)
			}
		})
	}
}

func TestWrapSaysWhatIsWrongWithTheFile(t *testing.T) {
	cases := []struct {
		name, src string
		names     []string
		want      string
	}{
		{"not JSON", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\"}}", nil, "f:2:"},
		{"no servers", `{"other": {}}`, nil, `f: no "mcpServers" object`},
		{"a name it does not have", `{"mcpServers": {"a": {"command": "x"}}}`, []string{"b"}, `f: no server "b"; it has "a"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := Wrap("f", tc.src, tc.names, opts); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting %q", err, tc.want)
			}
		})
	}
}
