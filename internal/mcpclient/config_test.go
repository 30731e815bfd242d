package mcpclient

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const testConfig = `{
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-everything", "--root=${HOME}"],
      "env": {"LOG_LEVEL": "debug", "API_KEY": "${API_KEY}"}
    },
    "remote": {
      "type": "http",
      "url": "https://${HOST:-mcp.example.com}/mcp",
      "headers": {"Authorization": "Bearer ${API_KEY}"}
    },
    "streamable": {"type": "streamable-http", "url": "http://127.0.0.1:3001/mcp"},
    "legacy": {"type": "sse", "url": "http://127.0.0.1:3001/sse"},
    "both": {"command": "x", "url": "http://h/"},
    "neither": {"env": {}},
    "odd": {"type": "websocket", "url": "ws://h/"},
    "secretless": {"url": "http://h/", "headers": {"X-Key": "${NOT_SET}"}},
    "badargs": {"command": "x", "args": "--stdio"}
  }
}`

func TestParseConfig(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "servers.json")
	if err := os.WriteFile(path, []byte(testConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	lookup := lookupIn(map[string]string{"HOME": "/home/me", "API_KEY": "k1"})
	tests := []struct {
		name string
		want Spec
	}{
		{"everything", Spec{
			Name:    "everything",
			Command: []string{"npx", "-y", "@modelcontextprotocol/server-everything", "--root=/home/me"},
			Env:     []string{"API_KEY=k1", "LOG_LEVEL=debug"},
		}},
		{"remote", Spec{
			Name:   "remote",
			URL:    "https://mcp.example.com/mcp",
			Header: http.Header{"Authorization": {"Bearer k1"}},
		}},
		{"streamable", Spec{Name: "streamable", URL: "http://127.0.0.1:3001/mcp"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := fromConfig(path, tc.name, lookup)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseConfigErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", testConfig)
	bad := write("bad.json", "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",}\n  }\n}")
	empty := write("empty.json", `{"other": 1}`)
	tests := []struct {
		name, path, server, want string
	}{
		{"missing file", filepath.Join(dir, "none.json"), "x", "open " + filepath.Join(dir, "none.json") + ": no such file or directory"},
		{"bad JSON", bad, "a", bad + ":3:26: invalid character '}' at start of string (expecting '\"')"},
		{"no servers", empty, "a", empty + `: no "mcpServers" object`},
		{"unknown server", good, "nope", good + `: no server "nope" in "mcpServers"; it has "badargs", "both", "everything", "legacy", "neither", "odd", "remote", "secretless", "streamable"`},
		{"sse", good, "legacy", good + `: server "legacy": type "sse" (HTTP with server-sent events, the transport before Streamable HTTP) is not supported: give the server's Streamable HTTP endpoint, with type "http"`},
		{"both", good, "both", good + `: server "both": both "command" and "url": give one`},
		{"neither", good, "neither", good + `: server "neither": neither "command" nor "url"`},
		{"unknown type", good, "odd", good + `: server "odd": unknown type "websocket": want "stdio", "http" or "streamable-http"`},
		{"unset variable", good, "secretless", good + `: server "secretless": header X-Key: the environment variable NOT_SET is not set`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fromConfig(tc.path, tc.server, lookupIn(nil))
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
	_, err := fromConfig(good, "badargs", lookupIn(nil))
	if err == nil || !strings.HasPrefix(err.Error(), good+`: server "badargs": `) || !strings.Contains(err.Error(), "/args") {
		t.Errorf("badargs: got %v", err)
	}
}

func TestParseConfigReadsVSCodeServers(t *testing.T) {
	got, err := ParseConfig(DefaultConfigFile, []byte(`{"servers": {"s": {"type": "stdio", "command": "srv"}}}`), "s", lookupIn(nil))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Spec{Name: "s", Command: []string{"srv"}}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// fromConfig reads the servers file at path and parses its entry name,
// as a command does.
func fromConfig(path, name string, lookup func(string) (string, bool)) (Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Spec{}, err
	}
	return ParseConfig(path, data, name, lookup)
}

func TestServerEntriesAreInTheFilesOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		want       []string
		err        string
	}{
		{"mcpServers", testConfig, []string{"everything", "remote", "streamable", "legacy", "both", "neither", "odd", "secretless", "badargs"}, ""},
		{"VS Code's servers", `{"servers": {"z": {"command": "z"}, "a": {"url": "http://h/"}}}`, []string{"z", "a"}, ""},
		{"mcpServers null, servers given", `{"mcpServers": null, "servers": {"b": {}}}`, []string{"b"}, ""},
		{"empty", `{"mcpServers": {}}`, nil, ""},
		{"neither", `{"other": {}}`, nil, `servers.json: no "mcpServers" object`},
		{"not an object", `{"mcpServers": ["a"]}`, nil, `servers.json: no "mcpServers" object`},
		{"not JSON", "{\n  \"mcpServers\": {,}\n}", nil, "servers.json:2:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			entries, err := ParseServerEntries("servers.json", []byte(tc.file))
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want one starting %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				got = append(got, e.Name)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEachServersEntryIsItsTextInTheFile(t *testing.T) {
	t.Parallel()
	file := `{"mcpServers": {"a": {"command": "srv", "args": ["-v"]}, "b": {"url": "https://h/mcp"}}}`
	entries, err := ParseServerEntries("servers.json", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []ServerEntry{{"a", []byte(`{"command": "srv", "args": ["-v"]}`)}, {"b", []byte(`{"url": "https://h/mcp"}`)}}
	if diff := cmp.Diff(want, entries); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
	for _, e := range entries {
		fromEntry, err := EntrySpec(e.Name, e.Entry, lookupIn(nil))
		if err != nil {
			t.Fatal(err)
		}
		fromFile, err := ParseConfig("servers.json", []byte(file), e.Name, lookupIn(nil))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(fromFile, fromEntry); diff != "" {
			t.Errorf("%s: the entry's Spec (-the file's +the entry's):\n%s", e.Name, diff)
		}
	}
}

func TestEntrySpecReadsAnEntryAsTheServersFileWould(t *testing.T) {
	lookup := func(k string) (string, bool) { return map[string]string{"TOKEN": "t0k"}[k], k == "TOKEN" }
	cases := []struct {
		name, entry string
		want        Spec
		err         string
	}{
		{"a URL with headers", `{"type": "http", "url": "https://h/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}`,
			Spec{Name: "r", URL: "https://h/mcp", Header: http.Header{"Authorization": {"Bearer t0k"}}}, ""},
		{"a command", `{"command": "srv", "args": ["-v"], "env": {"A": "1"}}`, Spec{Name: "r", Command: []string{"srv", "-v"}, Env: []string{"A=1"}}, ""},
		{"SSE", `{"type": "sse", "url": "https://h/sse"}`, Spec{}, `server "r": type "sse"`},
		{"not an object", `["x"]`, Spec{}, `server "r": `},
		{"a variable not set", `{"url": "https://h/${NOPE}"}`, Spec{}, `server "r": url: `},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := EntrySpec("r", []byte(tc.entry), lookup)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Errorf("error %v, want one starting %q", err, tc.err)
				}
				return
			}
			if diff := cmp.Diff(tc.want, got); err != nil || diff != "" {
				t.Errorf("EntrySpec: %v (-want +got):\n%s", err, diff)
			}
		})
	}
}
