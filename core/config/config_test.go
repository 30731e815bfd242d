package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/golden"
)

// team is a configuration as a team writes one.
const team = `# toolbench's settings for this repository
targets = ["openai", "mcp"]      # as --target
fail-on = "warning"
baseline = "toolbench.baseline.json"
lock = "ci/tools.lock.json"
token-budget = 20000

[rules]
short-description = "off"
empty-properties = "error"
"gemini/" = "warning"

[[ignore]]
tools = ["legacy*"]
codes = ["invalid-name"]
reason = "kept for old clients"

[[ignore]]
paths = ["vendor/**/*.json"]
reason = "not ours"

[[overrides]]
paths = ["servers/*.json"]
targets = ["mcp"]
rules = { empty-properties = "off" }

[proxy]
calls = "audit"
drift = "enforce"
`

func parse(t *testing.T, src string) *Config {
	t.Helper()
	c, err := Parse("/repo/toolbench.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestParseReadsATeamsFile(t *testing.T) {
	c := parse(t, team)
	want := &Config{
		File: "/repo/toolbench.toml", Dir: "/repo",
		Targets: []string{"openai", "mcp"}, FailOn: catalog.Warning,
		Baseline: "toolbench.baseline.json", Lock: "ci/tools.lock.json", TokenBudget: 20000,
		Rules: map[string]lint.Level{"short-description": lint.Off, "empty-properties": lint.AsError, "gemini/": lint.AsWarning},
		Ignore: []Ignore{
			{Tools: []string{"legacy*"}, Codes: []string{"invalid-name"}, Reason: "kept for old clients", Line: 13},
			{Paths: []string{"vendor/**/*.json"}, Reason: "not ours", Line: 18},
		},
		Overrides: []Override{{Paths: []string{"servers/*.json"}, Targets: []string{"mcp"}, Rules: map[string]lint.Level{"empty-properties": lint.Off}, Line: 22}},
		Proxy:     Proxy{Calls: "audit", Drift: "enforce"},
	}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
	if c.BaselinePath() != "/repo/toolbench.baseline.json" || c.LockPath() != "/repo/ci/tools.lock.json" {
		t.Errorf("paths %q %q", c.BaselinePath(), c.LockPath())
	}
	if empty := parse(t, "# nothing yet\n"); empty.FailOn != catalog.Error || empty.LockPath() != "/repo/toolbench.lock.json" || empty.Targets != nil {
		t.Errorf("an empty file: %+v, lock %s", empty, empty.LockPath())
	}
	// An absolute path is the file it names, not one under the
	// configuration's directory.
	abs := filepath.Join(t.TempDir(), "shared", "baseline.json")
	lockAbs := filepath.Join(t.TempDir(), "team.lock.json")
	if c := parse(t, fmt.Sprintf("baseline = %q\nlock = %q\n", abs, lockAbs)); c.BaselinePath() != abs || c.LockPath() != lockAbs {
		t.Errorf("absolute paths: %q %q, want %q %q", c.BaselinePath(), c.LockPath(), abs, lockAbs)
	}
}

func TestParseSaysWhereAFileIsWrong(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"an unknown key, near a known one", "# targets\ntragets = [\"openai\"]\n",
			`/repo/toolbench.toml:2:1: unknown key 'tragets'; did you mean 'targets'?`},
		{"an unknown key in a table", "[[ignore]]\ncodes = [\"invalid-name\"]\nreasn = \"old\"\n",
			`/repo/toolbench.toml:3:1: unknown key 'reasn' in [[ignore]]; did you mean 'reason'?`},
		{"a wrong type", "targets = \"openai\"\n",
			`/repo/toolbench.toml:1:11: 'targets' must be a list of strings, not a string`},
		{"a wrong type in a table", "[rules]\nshort-description = false\n",
			`/repo/toolbench.toml:2:21: 'rules.short-description' must be a string, not a boolean`},
		{"a wrong type of a number", "token-budget = \"20k\"\n",
			`/repo/toolbench.toml:1:16: 'token-budget' must be an integer, not a string`},
		{"an unknown rule code", "[rules]\nshort-descripton = \"off\"\n",
			`/repo/toolbench.toml:2:1: unknown rule code 'short-descripton'; did you mean 'short-description'?`},
		{"a target's name for its prefix", "[rules]\nopenai = \"off\"\n",
			`/repo/toolbench.toml:2:1: unknown rule code 'openai'; did you mean 'openai/'?`},
		{"an unknown level", "[rules]\nshort-description = \"warn\"\n",
			`/repo/toolbench.toml:2:21: unknown level 'warn' for 'short-description' (known: off, warning, error); did you mean 'warning'?`},
		{"an unknown target", "targets = [\"openai\", \"antropic\"]\n",
			`/repo/toolbench.toml:1:22: unknown target 'antropic' (known: ` + strings.Join(lint.TargetNames(), ", ") + `); did you mean 'anthropic'?`},
		{"an unknown code to ignore", "[[ignore]]\ncodes = [\"empty-property\"]\nreason = \"r\"\n",
			`/repo/toolbench.toml:2:10: unknown rule code 'empty-property'; did you mean 'empty-properties'?`},
		{"an ignore without a reason", "[[ignore]]\ntools = [\"x\"]\n",
			`/repo/toolbench.toml:1:3: this [[ignore]] entry needs 'reason'`},
		{"an ignore of everything", "[[ignore]]\nreason = \"quiet\"\n",
			`/repo/toolbench.toml:1:3: this [[ignore]] entry needs 'tools', 'paths' or 'codes'`},
		{"a glob that is not one", "[[ignore]]\npaths = [\"a[\"]\nreason = \"r\"\n",
			`/repo/toolbench.toml:2:10: invalid glob 'a[': syntax error in pattern`},
		{"an override without paths", "[[overrides]]\ntargets = [\"mcp\"]\n",
			`/repo/toolbench.toml:1:3: this [[overrides]] entry needs 'paths'`},
		{"an unknown fail-on", "fail-on = \"info\"\n",
			`/repo/toolbench.toml:1:11: unknown fail-on 'info' (known: error, warning)`},
		{"a negative budget", "token-budget = -1\n",
			`/repo/toolbench.toml:1:16: 'token-budget' must be at least 0`},
		{"a servers check's code is a code", "[rules]\n\"servers/duplicate-tool-nam\" = \"off\"\n",
			`/repo/toolbench.toml:2:1: unknown rule code 'servers/duplicate-tool-nam'; did you mean 'servers/duplicate-tool-name'?`},
		{"an unknown policy", "[proxy]\ncalls = \"enforced\"\n",
			`/repo/toolbench.toml:2:9: unknown policy 'enforced' for 'calls' (known: enforce, audit); did you mean 'enforce'?`},
		{"an unknown key of the proxy", "[proxy]\ndrfit = \"audit\"\n",
			`/repo/toolbench.toml:2:1: unknown key 'drfit' in [proxy]; did you mean 'drift'?`},
		{"the proxy table as a string", "proxy = \"audit\"\n",
			`/repo/toolbench.toml:1:9: 'proxy' must be a table, not a string`},
		{"a code with a target's prefix left bare", "[rules]\n  openai/invalid-name = \"off\"\n",
			`/repo/toolbench.toml:2:9: not TOML: expected '=' after key; a key with "/" must be quoted: "openai/invalid-name" = ...`},
		{"a target's prefix left bare", "[rules]\nmcp/ = \"warning\"\n",
			`/repo/toolbench.toml:2:4: not TOML: expected '=' after key; a key with "/" must be quoted: "mcp/" = ...`},
		{"not TOML", "targets = [\"openai\"\n",
			`/repo/toolbench.toml:1:20: not TOML: `},
		{"a key twice", "fail-on = \"error\"\nfail-on = \"warning\"\n",
			`/repo/toolbench.toml:2:1: not TOML: key fail-on is already defined`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("/repo/toolbench.toml", []byte(tc.src))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error:\n%v\nwant one starting:\n%s", err, tc.want)
			}
		})
	}
}

func TestParseReportsEveryProblemAtOnce(t *testing.T) {
	_, err := Parse("t.toml", []byte("targets = [\"x\"]\n[rules]\nnope = \"off\"\n"))
	var e *Error
	if !asError(err, &e) || len(e.Problems) != 2 || e.Problems[0].Line != 1 || e.Problems[1].Line != 3 {
		t.Errorf("error %v, want two problems, on lines 1 and 3", err)
	}
}

func asError(err error, e **Error) bool {
	x, ok := err.(*Error)
	*e = x
	return ok
}

func TestOptionsTakeTheOverridesOfTheFile(t *testing.T) {
	c := parse(t, team)
	top := lint.Options{Targets: []string{"openai", "mcp"}, Levels: map[string]lint.Level{"short-description": lint.Off, "empty-properties": lint.AsError, "gemini/": lint.AsWarning}}
	if diff := cmp.Diff(top, c.Options("tools.json")); diff != "" {
		t.Errorf("tools.json (-want +got):\n%s", diff)
	}
	over := lint.Options{Targets: []string{"mcp"}, Levels: map[string]lint.Level{"short-description": lint.Off, "empty-properties": lint.Off, "gemini/": lint.AsWarning}}
	if diff := cmp.Diff(over, c.Options("servers/everything.json")); diff != "" {
		t.Errorf("servers/everything.json (-want +got):\n%s", diff)
	}
	var none *Config
	if diff := cmp.Diff(lint.Options{}, none.Options("x")); diff != "" || none.FailsOn(catalog.Warning, false) || !none.FailsOn(catalog.Warning, true) {
		t.Errorf("no configuration: %s", diff)
	}
	if !c.FailsOn(catalog.Warning, false) {
		t.Error("fail-on = \"warning\" does not fail on a warning")
	}
}

func issue(code, tool string, foundBy ...string) *lint.Issue {
	is := &lint.Issue{Code: code, Tool: tool}
	if foundBy != nil {
		is.FoundBy = &foundBy
	}
	return is
}

func TestAcceptsMatchesToolsPathsAndPrintedCodes(t *testing.T) {
	c := parse(t, `
[[ignore]]
tools = ["legacy*", "a/*"]
codes = ["invalid-name", "openai/"]
reason = "kept for old clients"

[[ignore]]
paths = ["vendor/**/*.json"]
reason = "not ours"

[[ignore]]
tools = ["get-env"]
paths = ["everything"]
codes = ["empty-properties"]
reason = "takes no arguments"
`)
	cases := []struct {
		name  string
		file  string
		issue *lint.Issue
		want  string // the reason, "" for none
	}{
		{"a tool and code named", "tools.json", issue("invalid-name", "legacy_search"), "kept for old clients"},
		{"a glob's * takes a '/'", "tools.json", issue("invalid-name", "a/b/c"), "kept for old clients"},
		{"another tool", "tools.json", issue("invalid-name", "search"), ""},
		{"another code", "tools.json", issue("short-description", "legacy_search"), ""},
		{"a target's prefix", "tools.json", issue("openai/parameters-not-object", "legacy_x"), "kept for old clients"},
		{"a shared issue every provider of which is named", "tools.json", issue("unknown-type", "legacy_x"), ""},
		{"by its providers' prefix", "tools.json", issue("anthropic/input-schema-not-object", "legacy_x", "openai/parameters-not-object"), "kept for old clients"},
		{"a file under vendor", "vendor/a/b/tools.json", issue("unknown-type", "t"), "not ours"},
		{"** takes no directory too", "vendor/tools.json", issue("unknown-type", "t"), "not ours"},
		{"a file beside vendor", "vendored.json", issue("unknown-type", "t"), ""},
		{"a server by its name", "everything", issue("empty-properties", "get-env"), "takes no arguments"},
		{"another server", "other", issue("empty-properties", "get-env"), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if e := c.Accepts(tc.file, tc.issue); e != nil {
				got = e.Reason
			}
			if got != tc.want {
				t.Errorf("accepted by %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFilterLeavesTheIssuesNoEntryAccepts(t *testing.T) {
	c := parse(t, "[[ignore]]\ntools = [\"get-env\", \"get-tiny-image\"]\ncodes = [\"empty-properties\"]\nreason = \"they take no arguments\"\n")
	doc, err := jsondoc.Parse("everything.json", []byte(`{"tools": [
{"name": "get-env", "description": "Print the environment of the server.", "inputSchema": {"type": "object"}},
{"name": "echo", "description": "Echo the message back.", "inputSchema": {"type": "object"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(doc, c.Options("everything.json"))
	kept, n := c.Filter("everything.json", res)
	if n != 1 || len(kept.Issues) != 1 || kept.Issues[0].Tool != "echo" || kept.Warnings != 1 {
		t.Errorf("accepted %d, kept %+v", n, kept.Issues)
	}
}

func TestCheckSelectorAcceptsWhatAddressesRules(t *testing.T) {
	for _, ok := range []string{"invalid-name", "openai/", "openai/invalid-name", "servers/", "servers/token-budget"} {
		if err := CheckSelector(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for bad, want := range map[string]string{
		"invalid_name": "unknown rule code 'invalid_name'; did you mean 'invalid-name'?",
		"opnai/":       "unknown target prefix 'opnai/'; did you mean 'openai/'?",
		"zzz":          "unknown rule code 'zzz'",
	} {
		if err := CheckSelector(bad); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", bad, err, want)
		}
	}
}

func TestTheSchemaIsTheTableThatChecksFiles(t *testing.T) {
	golden.Check(t, "toolbench.schema.json", Schema())
	// Every key the schema names is one the parser takes, and the
	// reverse: a file that uses every key parses.
	if _, err := Parse("t.toml", []byte(team)); err != nil {
		t.Fatal(err)
	}
	s := string(Schema())
	for _, key := range append(keysAt(nil), "tools", "paths", "codes", "reason") {
		if !strings.Contains(s, `"`+key+`": {`) {
			t.Errorf("the schema has no %s", key)
		}
	}
}

func TestLoadReadsTheFileItIsGiven(t *testing.T) {
	path := t.TempDir() + "/toolbench.toml"
	if err := os.WriteFile(path, []byte(team), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil || c.File != path || c.TokenBudget != 20000 {
		t.Errorf("Load: %+v, %v", c, err)
	}
	if _, err := Load(path + ".missing"); err == nil {
		t.Error("Load of a missing file succeeded")
	}
}

func BenchmarkParse(b *testing.B) {
	data := []byte(team)
	for b.Loop() {
		if _, err := Parse("toolbench.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}
