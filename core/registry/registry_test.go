package registry

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

func load(t *testing.T, path string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func parse(t *testing.T, name, src string) *jsondoc.Document {
	t.Helper()
	doc, err := jsondoc.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// brief is an issue as these tests compare them.
func brief(is lint.Issue) string {
	return fmt.Sprintf("%s %s %d:%d", is.Code, is.Path, is.Line, is.Column)
}

func briefs(res *lint.Result) []string {
	var out []string
	for _, is := range res.Issues {
		out = append(out, brief(is))
	}
	return out
}

func TestEveryValidExampleOfTheRegistryIsClean(t *testing.T) {
	files, _ := filepath.Glob("testdata/examples/valid/*.json")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, f := range files {
		doc := load(t, f)
		if !Is(doc) {
			t.Errorf("%s is not taken for a server.json", f)
		}
		if res := Check(doc, lint.Options{}); len(res.Issues) > 0 {
			t.Errorf("%s: %v", f, briefs(res))
		}
	}
}

func TestThePublishedServersOfTheRegistrysSeedAreClean(t *testing.T) {
	src, err := os.ReadFile("testdata/seed.json")
	if err != nil {
		t.Fatal(err)
	}
	var servers []json.RawMessage
	if err := json.Unmarshal(src, &servers); err != nil {
		t.Fatal(err)
	}
	for i, s := range servers {
		doc := parse(t, "server.json", string(s))
		if res := Check(doc, lint.Options{}); len(res.Issues) > 0 {
			t.Errorf("server %d: %v", i, briefs(res))
		}
	}
}

func TestEveryInvalidExampleOfTheRegistryDrawsAnIssueOfItsCode(t *testing.T) {
	// The invalid examples have no "$schema" either, which is an issue
	// of its own; each draws that and the one it was written for.
	want := map[string]string{
		"bad-name-pattern.json":                  "registry/invalid-name $.name 2:11",
		"description-too-long.json":              "registry/invalid-description $.description 3:18",
		"missing-name.json":                      "registry/missing-field $ 1:1",
		"package-version-latest.json":            "registry/invalid-version $.packages[0].version 9:18",
		"positional-argument-missing-value.json": "registry/invalid-argument $.packages[0].packageArguments[0] 12:9",
	}
	files, _ := filepath.Glob("testdata/examples/invalid/*.json")
	if len(files) != len(want) {
		t.Fatalf("%d invalid examples, want a code for each of %d", len(files), len(want))
	}
	for _, f := range files {
		res := Check(load(t, f), lint.Options{})
		got := briefs(res)
		w := []string{"registry/schema-version $ 1:1", want[filepath.Base(f)]}
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", f, diff)
		}
	}
}

func TestAManifestIsToldFromATools(t *testing.T) {
	cases := []struct {
		name, file, src string
		want            bool
	}{
		{"the registry's $schema", "any.json", `{"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", "name": "a/b"}`, true},
		{"packages", "any.json", `{"name": "a/b", "packages": []}`, true},
		{"remotes", "any.json", `{"name": "a/b", "remotes": []}`, true},
		{"a file named server.json", "dir/server.json", `{"name": "a/b", "description": "d"}`, true},
		{"a version", "any.json", `{"name": "a/b", "description": "d", "version": "1"}`, true},
		{"one tool", "tool.json", `{"name": "get_weather", "description": "d", "parameters": {}}`, false},
		{"one tool in a file named server.json", "server.json", `{"name": "get_weather", "inputSchema": {}}`, false},
		{"a tools object named server.json", "server.json", `{"tools": []}`, false},
		{"a list", "server.json", `[]`, false},
		{"a Responses function", "server.json", `{"type": "function", "name": "f"}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Is(parse(t, tc.file, tc.src)); got != tc.want {
				t.Errorf("Is = %v, want %v", got, tc.want)
			}
		})
	}
}

// manifest is a valid server.json with members added or replaced.
func manifest(members string) string {
	base := map[string]string{
		"$schema":     `"https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"`,
		"name":        `"io.github.user/weather"`,
		"description": `"MCP server providing weather data and forecasts."`,
		"version":     `"1.0.2"`,
	}
	order := []string{"$schema", "name", "description", "version"}
	var extra []string
	if members != "" {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte("{"+members+"}"), &m); err != nil {
			panic(err)
		}
		for k, v := range m {
			if _, ok := base[k]; !ok {
				extra = append(extra, k)
			}
			base[k] = string(v)
		}
	}
	slices.Sort(extra)
	var b strings.Builder
	b.WriteString("{")
	for i, k := range append(order, extra...) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %s", k, base[k])
	}
	return b.String() + "}"
}

func TestTheRegistrysRulesBeyondItsSchema(t *testing.T) {
	npm := func(rest string) string {
		return `"packages": [{"registryType": "npm", "identifier": "weather-mcp", "version": "1.0.2", "transport": {"type": "stdio"}` + rest + `}]`
	}
	cases := []struct {
		name, members string
		want          []string // code and path, with a piece of the message after " | "
	}{
		{"a valid manifest", "", nil},
		{"a namespace that ends with a dot", `"name": "io.github./weather"`, []string{"registry/invalid-name $.name | namespace 'io.github.'"}},
		{"a name that starts with a dash", `"name": "io.github.user/-weather"`, []string{"registry/invalid-name $.name | name '-weather'"}},
		{"two slashes", `"name": "io.github/user/weather"`, []string{"registry/invalid-name $.name | does not match pattern"}},
		{"a version range", `"version": "^1.2.3"`, []string{"registry/invalid-version $.version | is a range"}},
		{"a wildcard version", `"version": "1.x"`, []string{"registry/invalid-version $.version | is a range"}},
		{"version latest", `"version": "latest"`, []string{`registry/invalid-version $.version | "latest" is reserved`}},
		{"a description of 101 characters", `"description": "` + strings.Repeat("d", 101) + `"`, []string{"registry/invalid-description $.description | is 101 characters long; the registry takes at most 100"}},
		{"no description", `"description": ""`, []string{"registry/invalid-description $.description | is empty"}},
		{"an http website", `"websiteUrl": "http://example.com"`, []string{"registry/invalid-url $.websiteUrl | is not https"}},
		{"a data icon", `"icons": [{"src": "data:image/png;base64,AAAA"}]`, []string{"registry/invalid-url $.icons[0].src | is not https"}},
		{"an icon of a size that is not WxH", `"icons": [{"src": "https://example.com/i.png", "sizes": ["big"]}]`, []string{"registry/schema $.icons[0].sizes[0] | does not match pattern"}},
		{"a repository of another source", `"repository": {"url": "https://bitbucket.org/u/r", "source": "bitbucket"}`, []string{"registry/invalid-url $.repository.source | github or gitlab"}},
		{"a github repository's url that is not one", `"repository": {"url": "https://github.com/user", "source": "github"}`, []string{"registry/invalid-url $.repository.url | is not a github repository's URL"}},
		{"a subfolder with ..", `"repository": {"url": "https://github.com/u/r", "source": "github", "subfolder": "../src"}`, []string{"registry/invalid-url $.repository.subfolder | clean relative path"}},
		{"a repository without a source", `"repository": {"url": "https://github.com/u/r"}`, []string{"registry/missing-field $.repository | missing property 'source'"}},
		{"an identifier with spaces", `"packages": [{"registryType": "npm", "identifier": "weather mcp", "version": "1.0.2", "transport": {"type": "stdio"}}]`,
			[]string{"registry/invalid-package $.packages[0].identifier | has spaces"}},
		{"an MCPB package without its hash", `"packages": [{"registryType": "mcpb", "identifier": "https://github.com/u/r/releases/download/v1/w.mcpb", "transport": {"type": "stdio"}}]`,
			[]string{`registry/invalid-package $.packages[0] | no "fileSha256"`}},
		{"a package version range", `"packages": [{"registryType": "npm", "identifier": "weather-mcp", "version": ">=1.0.0", "transport": {"type": "stdio"}}]`,
			[]string{"registry/invalid-version $.packages[0].version | is a range"}},
		{"a named argument with its value in the name", npm(`, "packageArguments": [{"type": "named", "name": "--port 8080"}]`),
			[]string{"registry/invalid-argument $.packages[0].packageArguments[0].name | holds a value"}},
		{"a named argument's value that repeats its name", npm(`, "runtimeArguments": [{"type": "named", "name": "--port", "value": "--port=8080"}]`),
			[]string{"registry/invalid-argument $.packages[0].runtimeArguments[0].value | starts with the name"}},
		{"an argument of no type the registry knows", npm(`, "packageArguments": [{"type": "flag", "name": "-v"}]`),
			[]string{"registry/invalid-argument $.packages[0].packageArguments[0].type | neither"}},
		{"a stdio transport with a url", `"packages": [{"registryType": "npm", "identifier": "weather-mcp", "version": "1.0.2", "transport": {"type": "stdio", "url": "http://localhost:3000"}}]`,
			[]string{`registry/invalid-transport $.packages[0].transport.url | a "stdio" transport has a "url"`}},
		{"a package's http transport whose url names what its arguments define",
			`"packages": [{"registryType": "npm", "identifier": "weather-mcp", "version": "1.0.2", "packageArguments": [{"type": "named", "name": "--port", "valueHint": "port"}], "transport": {"type": "streamable-http", "url": "http://localhost:{port}/mcp"}}]`, nil},
		{"a package's http transport whose url names nothing defined",
			`"packages": [{"registryType": "npm", "identifier": "weather-mcp", "version": "1.0.2", "transport": {"type": "streamable-http", "url": "http://localhost:{port}/mcp"}}]`,
			[]string{"registry/invalid-transport $.packages[0].transport.url | uses {port}, which nothing defines"}},
		{"a remote over stdio", `"remotes": [{"type": "stdio"}]`, []string{`registry/invalid-transport $.remotes[0].type | a remote's "type" is "stdio"`}},
		{"a remote over websockets", `"remotes": [{"type": "websocket", "url": "wss://example.com"}]`, []string{"registry/invalid-transport $.remotes[0].type | 'websocket' is not one"}},
		{"a remote on localhost", `"remotes": [{"type": "sse", "url": "https://localhost/sse"}]`, []string{"registry/invalid-transport $.remotes[0].url | is on localhost"}},
		{"a remote over http", `"remotes": [{"type": "sse", "url": "http://example.com/sse"}]`, []string{"registry/invalid-transport $.remotes[0].url | is not https"}},
		{"a remote without a url", `"remotes": [{"type": "streamable-http"}]`, []string{`registry/invalid-transport $.remotes[0] | has no "url"`}},
		{"a remote's url variable it does not define", `"remotes": [{"type": "streamable-http", "url": "https://{tenant}.example.com/mcp"}]`,
			[]string{"registry/invalid-transport $.remotes[0].url | uses {tenant}"}},
		{"a header without a name", `"remotes": [{"type": "streamable-http", "url": "https://example.com/mcp", "headers": [{"value": "x"}]}]`,
			[]string{"registry/missing-field $.remotes[0].headers[0] | missing property 'name'"}},
		{"a $schema of an older version", `"$schema": "https://static.modelcontextprotocol.io/schemas/2025-10-17/server.schema.json"`,
			[]string{"registry/schema-outdated $['$schema'] | 2025-10-17 is not the current one"}},
		{"a $schema newer than toolbench knows", `"$schema": "https://static.modelcontextprotocol.io/schemas/2099-01-01/server.schema.json"`,
			[]string{"registry/schema-outdated $['$schema'] | newer than the versions toolbench has"}},
		{"a $schema that is no registry schema", `"$schema": "https://json-schema.org/draft-07/schema"`,
			[]string{"registry/schema-version $['$schema'] | names no version"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := Check(parse(t, "server.json", manifest(tc.members)), lint.Options{})
			var got []string
			for _, is := range res.Issues {
				got = append(got, is.Code+" "+is.Path+" | "+is.Message)
			}
			ok := len(got) == len(tc.want)
			for i := 0; ok && i < len(got); i++ {
				where, piece, _ := strings.Cut(tc.want[i], " | ")
				g, msg, _ := strings.Cut(got[i], " | ")
				ok = g == where && strings.Contains(msg, piece)
			}
			if !ok {
				t.Errorf("issues:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

func TestTheRegistryPrefixSilencesEveryCheckAndLevelsApply(t *testing.T) {
	doc := parse(t, "server.json", manifest(`"version": "latest", "websiteUrl": "http://example.com"`))
	if res := Check(doc, lint.Options{Ignore: []string{Prefix}}); len(res.Issues) != 0 {
		t.Errorf("ignoring %s: %v", Prefix, briefs(res))
	}
	res := Check(doc, lint.Options{Levels: map[string]lint.Level{"registry/invalid-url": lint.AsWarning}})
	if res.Errors != 1 || res.Warnings != 1 {
		t.Errorf("%d errors and %d warnings, want 1 of each: %v", res.Errors, res.Warnings, briefs(res))
	}
}

func TestEveryCheckIsDocumentedAndCitesItsSource(t *testing.T) {
	for _, r := range Rules() {
		if !strings.HasPrefix(r.Code, Prefix) || r.Summary == "" || !strings.Contains(r.Doc, "\nFix: ") || !strings.Contains(r.Doc, "\nSource: ") {
			t.Errorf("%s: a code of the prefix, a summary, and a doc with Fix: and Source: paragraphs, please", r.Code)
		}
		if LookupRule(r.Code) != r {
			t.Errorf("LookupRule(%q) is not the rule", r.Code)
		}
		if lint.LookupRule(r.Code) != nil {
			t.Errorf("%s is a lint rule's code too", r.Code)
		}
	}
}

func TestTheEmbeddedSchemasCompile(t *testing.T) {
	for _, v := range Versions() {
		if _, err := validatorFor(v); err != nil {
			t.Errorf("%s: %v", v, err)
		}
	}
	if !strings.Contains(CurrentSchemaURL(), Versions()[len(Versions())-1]) {
		t.Errorf("the current schema's URL %s is not of the newest version", CurrentSchemaURL())
	}
}
