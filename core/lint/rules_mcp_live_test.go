package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// liveTool is a tool as a server lists it, on a line of its own.
func liveTool(name string) string {
	return `{"name":"` + name + `","description":"Look up records in the catalogue.","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"Words to look for."}}}}`
}

// liveDoc is a server's tools document, as toolbench dump writes it.
func liveDoc(tools ...string) string {
	if len(tools) == 0 {
		return "{\"tools\": []}\n"
	}
	return "{\"tools\": [\n" + strings.Join(tools, ",\n") + "\n]}\n"
}

// goodPage is a page of a listing of MCP 2026-07-28 holding n tools.
func goodPage(n int) PageFacts {
	return PageFacts{Tools: n, ResultType: []byte(`"complete"`), TTLMs: []byte(`0`), CacheScope: []byte(`"public"`)}
}

// relisting is a listing of the tools of the given names.
func relisting(names ...string) *Relisting {
	r := &Relisting{}
	for _, n := range names {
		r.Tools = append(r.Tools, []byte(liveTool(n)))
	}
	return r
}

func TestTheLiveRulesReadWhatOnlyAServerShows(t *testing.T) {
	const modern = "2026-07-28"
	ab := []string{liveTool("a"), liveTool("b")}
	tests := []struct {
		name  string
		tools []string
		facts *ServerFacts
		want  []string // "code line:col message"
	}{
		{name: "a file has no facts", tools: ab},
		{name: "a complete listing", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(2)}, Again: relisting("a", "b"), Elsewhere: relisting("a", "b")}},
		{name: "a server of 2025-11-25 owes none of it", tools: ab,
			facts: &ServerFacts{ProtocolVersion: "2025-11-25", Pages: []PageFacts{{Tools: 2}}, Again: relisting("b", "a")}},
		{name: "a page without resultType, ttlMs and cacheScope", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(1), {Tools: 1}}},
			want: []string{
				`mcp/list-result-type 3:1 tools/list page 2 of 2 has no "resultType"; a result of MCP 2026-07-28 says "resultType": "complete"`,
				`mcp/list-cache-hints 3:1 tools/list page 2 of 2 has no "ttlMs"`,
				`mcp/list-cache-hints 3:1 tools/list page 2 of 2 has no "cacheScope"`,
			}},
		{name: "values the specification does not allow", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{
				{Tools: 1, ResultType: []byte(`"input_required"`), TTLMs: []byte(`-5`), CacheScope: []byte(`"shared"`)},
				{Tools: 1, ResultType: []byte(`"complete"`), TTLMs: []byte(`1.5`), CacheScope: []byte(`"public"`)},
			}},
			want: []string{
				`mcp/list-result-type 2:1 tools/list page 1 of 2 has "resultType": "input_required"; a tools/list result is "complete"`,
				`mcp/list-cache-hints 2:1 tools/list page 1 of 2 has "ttlMs": -5; it is 0 or more`,
				`mcp/list-cache-hints 2:1 tools/list page 1 of 2 has "cacheScope": "shared"; it is "public" or "private"`,
				`mcp/list-cache-hints 3:1 tools/list page 2 of 2 has "ttlMs": 1.5; it is an integer of milliseconds`,
			}},
		{name: "pages of two scopes", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(1), {Tools: 1, ResultType: []byte(`"complete"`), TTLMs: []byte(`0`), CacheScope: []byte(`"private"`)}}},
			want:  []string{`mcp/list-cache-hints 3:1 tools/list page 2 of 2 has "cacheScope": "private", and page 1 of the listing "public"; every page of a listing has the same`}},
		{name: "an empty page is reported at the list",
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{{ResultType: []byte(`"complete"`), CacheScope: []byte(`"public"`)}}},
			want:  []string{`mcp/list-cache-hints 1:11 tools/list page 1 of 1 has no "ttlMs"`, "empty-tool-list 1:11 the tool list is empty"}},
		{name: "another order in the same session", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(2)}, Again: relisting("b", "a")},
			want:  []string{`mcp/tool-order-unstable 2:1 this listing has "a" at index 0, and a second listing in the same session had "b" there: the same tools in another order`}},
		{name: "another order on a second connection", tools: []string{liveTool("a"), liveTool("b"), liveTool("c")},
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(3)}, Again: relisting("a", "b", "c"), Elsewhere: relisting("a", "c", "b")},
			want:  []string{`mcp/tool-order-unstable 3:1 this listing has "b" at index 1, and a listing on a second connection had "c" there: the same tools in another order`}},
		{name: "a change announced between the listings", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(2)}, Again: &Relisting{Tools: relisting("b", "a").Tools, Changed: true}}},
		{name: "other tools in the same session are not an order", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(2)}, Again: relisting("a", "b", "c")}},
		{name: "tools that vary per connection", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(2)},
				Elsewhere: &Relisting{Tools: [][]byte{[]byte(`{"description":"Look up records in the catalogue.","name":"a","inputSchema":{"properties":{"q":{"description":"Words to look for.","type":"string"}},"type":"object"}}`), []byte(liveTool("c")), []byte(strings.Replace(liveTool("b"), "records", "users", 1))}}},
			want: []string{
				`mcp/tool-list-varies 3:1 a second connection lists the tool "b" otherwise: the tools must not vary per connection`,
				`mcp/tool-list-varies 1:11 a second connection lists "c", which this one does not: the tools must not vary per connection`,
			}},
		{name: "a tool missing on a second connection", tools: ab,
			facts: &ServerFacts{ProtocolVersion: modern, Pages: []PageFacts{goodPage(2)}, Elsewhere: relisting("a")},
			want:  []string{`mcp/tool-list-varies 3:1 a second connection does not list the tool "b": the tools must not vary per connection`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := jsondoc.Parse("server", []byte(liveDoc(tc.tools...)))
			if err != nil {
				t.Fatal(err)
			}
			res := Lint(doc, Options{Targets: []string{"mcp"}, Server: tc.facts})
			var got []string
			for _, is := range res.Issues {
				got = append(got, fmt.Sprintf("%s %d:%d %s", is.Code, is.Line, is.Column, is.Message))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAServersListingIsHeldToMCPWhateverItsToolsShape(t *testing.T) {
	// A tool without an inputSchema is in no provider's shape; a server
	// listed it, so MCP's rules apply.
	doc, err := jsondoc.Parse("server", []byte(liveDoc(`{"name":"a","description":"Look up records in the catalogue."}`)))
	if err != nil {
		t.Fatal(err)
	}
	facts := &ServerFacts{ProtocolVersion: "2026-07-28", Pages: []PageFacts{goodPage(1)}}
	for _, tc := range []struct {
		name  string
		facts *ServerFacts
		want  []string
	}{
		{"a file", nil, nil},
		{"a server", facts, []string{"mcp"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Lint(doc, Options{Server: tc.facts})
			if !slices.Equal(res.Targets, tc.want) || len(res.Requested) != 0 {
				t.Errorf("targets %q (requested %q), want %q", res.Targets, res.Requested, tc.want)
			}
			found := slices.ContainsFunc(res.Issues, func(is Issue) bool { return is.Code == "mcp/input-schema-not-object" })
			if found != (tc.facts != nil) {
				t.Errorf("mcp/input-schema-not-object reported: %v", found)
			}
		})
	}
}
