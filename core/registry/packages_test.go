package registry

import (
	"strings"
	"testing"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

func TestCommandPackageReadsWhatEachRunnerRuns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		argv string
		want Package
		ok   bool
	}{
		{"npx -y @modelcontextprotocol/server-everything@2026.8.31", Package{"npm", "@modelcontextprotocol/server-everything", "2026.8.31"}, true},
		{"npx @scope/server", Package{"npm", "@scope/server", ""}, true},
		{"npx -y --package=weather-mcp@1.2.0 weather", Package{"npm", "weather-mcp", "1.2.0"}, true},
		{"bunx weather-mcp@1.2.0 --port 3", Package{"npm", "weather-mcp", "1.2.0"}, true},
		{"uvx time-mcp-pypi==1.0.6", Package{"pypi", "time-mcp-pypi", "1.0.6"}, true},
		{"uvx --from mcp-server-git@2.0 mcp-server-git --repo .", Package{"pypi", "mcp-server-git", "2.0"}, true},
		{"uvx --python 3.12 weather-mcp", Package{"pypi", "weather-mcp", ""}, true},
		{"dnx Weather.Mcp@0.4.1 --yes", Package{"nuget", "Weather.Mcp", "0.4.1"}, true},
		{"docker run -i --rm -e TOKEN docker.io/domdomegg/airtable-mcp-server:1.7.2", Package{"oci", "docker.io/domdomegg/airtable-mcp-server", "1.7.2"}, true},
		{"docker run --rm -i ghcr.io/o/srv@sha256:abc", Package{"oci", "ghcr.io/o/srv", "sha256:abc"}, true},
		{"docker run -i localhost:5000/srv", Package{"oci", "localhost:5000/srv", ""}, true},
		{"docker ps", Package{}, false},
		{"node dist/index.js", Package{}, false},
		{"npx", Package{}, false},
	} {
		t.Run(tc.argv, func(t *testing.T) {
			got, ok := CommandPackage(strings.Fields(tc.argv))
			if got != tc.want || ok != tc.ok {
				t.Errorf("CommandPackage(%q) = %+v, %v; want %+v, %v", tc.argv, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestAServersFileRunningAnotherVersionThanTheManifestIsAnIssueAtItsArgument(t *testing.T) {
	t.Parallel()
	manifest, err := jsondoc.ParseText("server.json", `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  "name": "io.github.o/weather", "description": "Weather.", "version": "1.3.0",
  "packages": [
    {"registryType": "npm", "identifier": "@o/weather", "version": "1.3.0", "transport": {"type": "stdio"}},
    {"registryType": "pypi", "identifier": "weather_mcp", "version": "1.3.0", "transport": {"type": "stdio"}},
    {"registryType": "oci", "identifier": "docker.io/o/weather:1.3.0", "transport": {"type": "stdio"}}
  ]
}`)
	if err != nil {
		t.Fatal(err)
	}
	servers, err := jsondoc.ParseText(".mcp.json", `{"mcpServers": {
  "old": {"command": "npx", "args": ["-y", "@o/weather@1.2.0"]},
  "same": {"command": "npx", "args": ["-y", "@o/weather@1.3.0"]},
  "latest": {"command": "npx", "args": ["-y", "@o/weather"]},
  "py": {"command": "uvx", "args": ["Weather-MCP==1.1"]},
  "image": {"command": "docker", "args": ["run", "-i", "o/weather:1.0"]},
  "other": {"command": "npx", "args": ["-y", "@o/forecast@0.1.0"]},
  "remote": {"type": "http", "url": "https://example.com/mcp"}
}}`)
	if err != nil {
		t.Fatal(err)
	}
	res := CheckServersFile(manifest, servers, lint.Options{})
	var got []string
	for _, is := range res.Issues {
		got = append(got, is.Code+" "+servers.Src[is.Offset:is.EndOffset]+" "+is.Message)
	}
	want := []string{
		`registry/package-version "@o/weather@1.2.0" server 'old' runs npm '@o/weather@1.2.0', and server.json lists '@o/weather@1.3.0'`,
		`registry/package-version "Weather-MCP==1.1" server 'py' runs pypi 'Weather-MCP==1.1', and server.json lists 'weather_mcp==1.3.0'`,
		`registry/package-version "o/weather:1.0" server 'image' runs oci 'o/weather:1.0', and server.json lists 'docker.io/o/weather:1.3.0'`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("issues:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Issues[0].Line != 2 || res.Warnings != 3 {
		t.Errorf("first issue at line %d, %d warnings; want line 2 and 3", res.Issues[0].Line, res.Warnings)
	}
	if res := CheckServersFile(manifest, servers, lint.Options{Levels: map[string]lint.Level{"registry/package-version": lint.AsError}}); res.Errors != 3 || res.Warnings != 0 {
		t.Errorf("raised to errors, the issues count %d errors and %d warnings; want 3 and 0", res.Errors, res.Warnings)
	}
	if res := CheckServersFile(manifest, servers, lint.Options{Ignore: []string{"registry/"}}); len(res.Issues) != 0 {
		t.Errorf("--ignore registry/ leaves %d issues", len(res.Issues))
	}
}
