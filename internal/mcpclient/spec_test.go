package mcpclient

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		line string
		want []string
	}{
		{"words", "npx -y  @scope/server\targ", []string{"npx", "-y", "@scope/server", "arg"}},
		{"single quotes", `node 'my server.js' 'it''s'`, []string{"node", "my server.js", "its"}},
		{"double quotes", `python -c "print(\"hi\")" "a\b"`, []string{"python", "-c", `print("hi")`, `a\b`}},
		{"nothing expands", `sh -c "echo $HOME \$USER" *.js a|b`, []string{"sh", "-c", "echo $HOME $USER", "*.js", "a|b"}},
		{"backslashes", `a\ b c\\d \'e`, []string{"a b", `c\d`, "'e"}},
		{"empty words", `cmd '' ""`, []string{"cmd", "", ""}},
		{"joined parts", `a"b c"'d'e`, []string{"ab cde"}},
		{"line continuation", "cmd \\\n arg", []string{"cmd", "arg"}},
		{"surrounding blanks", "  cmd  ", []string{"cmd"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SplitCommand(tc.line)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("SplitCommand(%q) (-want +got):\n%s", tc.line, diff)
			}
		})
	}
}

func TestSplitCommandErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ line, want string }{
		{"", "the command line is empty"},
		{"   ", "the command line is empty"},
		{"node 'x", "command line: the single quote at byte 6 is not closed"},
		{`node "x`, "command line: the double quote at byte 6 is not closed"},
		{`node x\`, "command line ends in a backslash that escapes nothing"},
	}
	for _, tc := range tests {
		_, err := SplitCommand(tc.line)
		if err == nil || err.Error() != tc.want {
			t.Errorf("SplitCommand(%q): got %v, want %s", tc.line, err, tc.want)
		}
	}
}

func lookupIn(env map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}
}

func TestParseHeader(t *testing.T) {
	t.Parallel()
	lookup := lookupIn(map[string]string{"TOKEN": "abc", "EMPTY": ""})
	tests := []struct {
		in, name, value string
	}{
		{"Authorization: Bearer $TOKEN", "Authorization", "Bearer abc"},
		{"x-api-key:${TOKEN}", "X-Api-Key", "abc"},
		{"X-Price:  $$5 and $ and $1  ", "X-Price", "$5 and $ and $1"},
		{"X-Default: ${UNSET:-none} ${EMPTY:-dflt}", "X-Default", "none dflt"},
		{"X-Empty: $EMPTY", "X-Empty", ""},
		{"X-Colons: a:b:c", "X-Colons", "a:b:c"},
	}
	for _, tc := range tests {
		name, value, err := ParseHeader(tc.in, lookup)
		if err != nil || name != tc.name || value != tc.value {
			t.Errorf("ParseHeader(%q) = %q, %q, %v; want %q, %q", tc.in, name, value, err, tc.name, tc.value)
		}
	}
}

func TestParseHeaderErrors(t *testing.T) {
	t.Parallel()
	lookup := lookupIn(map[string]string{"NL": "a\nb"})
	tests := []struct{ in, want string }{
		{"no colon", `header "no colon": want "Name: value"`},
		{": value", `header ": value": want "Name: value"`},
		{"Bad Name: v", `header "Bad Name: v": the name may hold only letters, digits and !#$%&'*+-.^_` + "`|~"},
		{"Authorization: Bearer $MISSING", "header Authorization: the environment variable MISSING is not set"},
		{"X-Injected: $NL", `header X-Injected: the value holds the control character "\n"`},
	}
	for _, tc := range tests {
		_, _, err := ParseHeader(tc.in, lookup)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseHeader(%q): got %v, want %s", tc.in, err, tc.want)
		}
	}
}

func TestParseEnv(t *testing.T) {
	t.Parallel()
	if k, v, err := ParseEnv("KEY=a=b"); err != nil || k != "KEY" || v != "a=b" {
		t.Errorf("ParseEnv(KEY=a=b) = %q, %q, %v", k, v, err)
	}
	for _, bad := range []string{"KEY", "=v", ""} {
		if _, _, err := ParseEnv(bad); err == nil {
			t.Errorf("ParseEnv(%q) gave no error", bad)
		}
	}
}

func TestDisplayName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		spec Spec
		want string
	}{
		{"config name", Spec{Name: "github", Command: []string{"npx", "x"}}, "github"},
		{"program", Spec{Command: []string{"/usr/local/bin/my-server", "--stdio"}}, "my-server"},
		{"npx package", Spec{Command: []string{"npx", "-y", "@modelcontextprotocol/server-everything@2026.8.31", "stdio"}}, "@modelcontextprotocol/server-everything"},
		{"npx unscoped", Spec{Command: []string{"/usr/bin/npx", "mcp-server-time@latest"}}, "mcp-server-time"},
		{"npx alone", Spec{Command: []string{"npx", "-y"}}, "npx"},
		{"uvx", Spec{Command: []string{"uvx", "mcp-server-fetch==1.2"}}, "mcp-server-fetch"},
		{"node script in a package's dist", Spec{Command: []string{"node", "weather/dist/index.js"}}, "weather"},
		{"node script of an installed package", Spec{Command: []string{"node", "../node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"}}, "@modelcontextprotocol/server-everything"},
		{"node script by its name", Spec{Command: []string{"node", "--enable-source-maps", "weather-server.mjs"}}, "weather-server"},
		{"python module", Spec{Command: []string{"python3", "-m", "mcp_server_git"}}, "mcp_server_git"},
		{"deno run", Spec{Command: []string{"deno", "run", "-A", "server.ts"}}, "server"},
		{"node alone", Spec{Command: []string{"node"}}, "node"},
		{"url", Spec{URL: "https://mcp.example.com:8443/mcp"}, "mcp.example.com:8443"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.spec.DisplayName(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
