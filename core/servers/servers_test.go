package servers

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// words counts words instead of tokens.
type words struct{}

func (words) Count(s string) (int, error) { return len(strings.Fields(s)), nil }

// dump is a server's tools list with tools of the given names.
func dump(names ...string) string {
	var tools []string
	for _, n := range names {
		tools = append(tools, fmt.Sprintf(`{"name": %q, "description": "A tool of the tests, with words.", "inputSchema": {"type": "object"}}`, n))
	}
	return "{\"tools\": [\n" + strings.Join(tools, ",\n") + "\n]}"
}

func server(t *testing.T, name, src string) Server {
	t.Helper()
	doc, err := jsondoc.ParseDocument("server:"+name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return Server{Name: name, Result: lint.Lint(doc, lint.Options{})}
}

func check(t *testing.T, servers []Server, opt Options) *Result {
	t.Helper()
	if opt.Codec == nil {
		opt.Codec = words{}
	}
	opt.Origin = ".mcp.json"
	res, err := Check(servers, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func lines(res *Result) []string {
	var out []string
	for _, is := range res.Issues {
		out = append(out, fmt.Sprintf("%s %s %s:%d:%d %s %s: %s", is.Severity, is.Code, is.File, is.Line, is.Column, is.Tool, is.Path, is.Message))
	}
	return out
}

func TestTwoServersListingOneNameIsOneIssueNamingThem(t *testing.T) {
	servers := []Server{
		server(t, "web", dump("search", "fetch")),
		server(t, "files", dump("read", "search", "search")),
		server(t, "docs", dump("fetch", "search")),
	}
	got := lines(check(t, servers, Options{}))
	want := []string{
		"warning servers/duplicate-tool-name server:files:3:10 search $.tools[1].name: tool name 'search' is listed by 3 servers, 'web', 'files' and 'docs': a client that does not prefix names cannot tell them apart",
		"warning servers/duplicate-tool-name server:docs:2:10 fetch $.tools[0].name: tool name 'fetch' is listed by 2 servers, 'web' and 'docs': a client that does not prefix names cannot tell them apart",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("issues (-want +got):\n%s", diff)
	}
}

// names are n distinct tool names starting at from.
func names(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("tool_%d", from+i)
	}
	return out
}

func TestTheUnionIsHeldToTheCapsOfTheTargetsInForce(t *testing.T) {
	many := []Server{server(t, "a", dump(names(0, 70)...)), server(t, "b", dump(names(70, 59)...))}
	fifty := []Server{server(t, "a", dump(names(0, 25)...)), server(t, "b", dump(names(25, 25)...))}
	const over = "error servers/too-many-tools .mcp.json:0:0  $: the 2 servers list 129 tools together; OpenAI and Gemini accept at most 128 in one request"
	const advice = "warning servers/many-tools .mcp.json:0:0  $: the 2 servers list 129 tools together; Anthropic says tool selection degrades past 30 to 50 tools loaded at once"
	cases := []struct {
		name    string
		servers []Server
		targets []string
		want    []string
	}{
		{"no target named: every provider's", many, nil, []string{over, advice}},
		{"anthropic alone: its advice", many, []string{"anthropic"}, []string{advice}},
		{"openai-strict implies openai", many, []string{"openai-strict"},
			[]string{"error servers/too-many-tools .mcp.json:0:0  $: the 2 servers list 129 tools together; OpenAI accepts at most 128 in one request"}},
		{"mcp caps nothing", many, []string{"mcp"}, nil},
		{"50 tools: within every limit", fifty, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := check(t, tc.servers, Options{Lint: lint.Options{Targets: tc.targets}})
			if diff := cmp.Diff(tc.want, lines(res)); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTheCapsAreTheTargetsRules holds each cap to the number the
// target's own rule checks one document against.
func TestTheCapsAreTheTargetsRules(t *testing.T) {
	for _, l := range limits {
		if l.rule != tooManyTools {
			continue
		}
		for _, n := range []int{l.max, l.max + 1} {
			doc, err := jsondoc.ParseDocument("t.json", []byte(dump(names(0, n)...)))
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, is := range lint.Lint(doc, lint.Options{Targets: []string{l.target}}).Issues {
				found = found || is.Code == l.target+"/too-many-tools"
			}
			if found != (n > l.max) {
				t.Errorf("%s: with %d tools its rule reports %v; the cap here is %d", l.target, n, found, l.max)
			}
		}
	}
}

func TestTheDefinitionsOfAllServersAreHeldToTheBudget(t *testing.T) {
	servers := []Server{server(t, "a", dump("x", "y")), server(t, "b", dump("z"))}
	res := check(t, servers, Options{})
	per := len(strings.Fields(`{"name":"x","description":"A tool of the tests, with words.","inputSchema":{"type":"object"}}`))
	wantTotals := []Totals{{Server: "a", Tools: 2, Bytes: res.Servers[0].Bytes, Tokens: 2 * per}, {Server: "b", Tools: 1, Bytes: res.Servers[1].Bytes, Tokens: per}}
	if diff := cmp.Diff(wantTotals, res.Servers); diff != "" || res.Total.Tokens != 3*per || res.Total.Tools != 3 || res.Total.Bytes != res.Servers[0].Bytes+res.Servers[1].Bytes {
		t.Errorf("totals %+v, all %+v (-want +got):\n%s", res.Servers, res.Total, diff)
	}
	if res.Issues != nil {
		t.Errorf("without a budget: %v", lines(res))
	}
	one := lines(check(t, servers[:1], Options{TokenBudget: 1}))
	if len(one) != 1 || !strings.Contains(one[0], "the tool definitions of the one server cost") {
		t.Errorf("one server over the budget: %v", one)
	}
	if got := lines(check(t, servers, Options{TokenBudget: 3 * per})); got != nil {
		t.Errorf("at the budget: %v", got)
	}
	got := lines(check(t, servers, Options{TokenBudget: 3*per - 1}))
	want := []string{fmt.Sprintf("error servers/token-budget .mcp.json:0:0  $: the tool definitions of the 2 servers cost %d tokens together (o200k_base), over the budget of %d", 3*per, 3*per-1)}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("over the budget (-want +got):\n%s", diff)
	}
}

func TestTheChecksAreSetAsLintsRulesAre(t *testing.T) {
	servers := []Server{server(t, "a", dump("x")), server(t, "b", dump("x"))}
	if got := lines(check(t, servers, Options{Lint: lint.Options{Ignore: []string{Prefix}}, TokenBudget: 1})); got != nil {
		t.Errorf("with %s ignored: %v", Prefix, got)
	}
	res := check(t, servers, Options{Lint: lint.Options{Levels: map[string]lint.Level{"servers/duplicate-tool-name": lint.AsError}}})
	if res.Errors != 1 || res.Warnings != 0 || res.Issues[0].Severity != catalog.Error {
		t.Errorf("duplicate-tool-name as an error: %v", lines(res))
	}
}

func TestEveryCheckIsDocumentedWithASource(t *testing.T) {
	for _, r := range Rules() {
		if !strings.HasPrefix(r.Code, Prefix) && SecurityClass(r.Code) == "" || r.Summary == "" || !strings.Contains(r.Doc, "Fix:") || LookupRule(r.Code) != r {
			t.Errorf("%s: want a code under %s (or a security check's), a summary, a doc saying how to fix", r.Code, Prefix)
		}
		if r != tokenBudget && !strings.Contains(r.Doc, "Source") {
			t.Errorf("%s: its doc names no source", r.Code)
		}
		if lint.LookupRule(r.Code) != nil {
			t.Errorf("%s is a lint rule's code too", r.Code)
		}
	}
}

func TestTheTokensAreO200kWithoutACodec(t *testing.T) {
	res, err := Check([]Server{server(t, "a", dump("x"))}, Options{TokenBudget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if res.Total.Tokens == 0 || res.Total.Tokens == len(strings.Fields(dump("x"))) {
		t.Errorf("o200k counted %d tokens", res.Total.Tokens)
	}
	// Without a budget nor a codec there is nothing to count them for.
	res, err = Check([]Server{server(t, "a", dump("x"))}, Options{})
	if err != nil || res.Total.Tokens != 0 || res.Total.Bytes == 0 {
		t.Errorf("without a budget: %+v, %v; want bytes and no tokens", res.Total, err)
	}
}
