package cli

// toolbench.toml, --ignore by the printed code, and baselines, as the
// commands read them.

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/core/baseline"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/proctest"
)

// project makes a repository's folder holding files (a name ending in
// '/' is a folder), runs the test in it, and returns it.
func project(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files[".git/"] = ""
	for name, text := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	workIn(t, root)
	return root
}

// badName is a tool whose name OpenAI refuses, and nothing else wrong.
const badName = `[
  {"type": "function", "function": {"name": "get weather", "description": "Get the weather for a city, in degrees Celsius.", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "The city."}}, "required": ["city"]}}}
]
`

// shortDescription is a tool whose description is too short to choose
// it by: a warning.
const shortDescription = `[{"name": "get_time", "description": "Time.", "parameters": {"type": "object", "properties": {"zone": {"type": "string", "description": "An IANA time zone."}}, "required": ["zone"]}}]
`

// codes are the codes of lint --json's issues.
func codes(t *testing.T, out string) []string {
	t.Helper()
	var cs []string
	for _, is := range lintIssues(t, out) {
		cs = append(cs, is.Code)
	}
	return cs
}

func TestTheConfigurationIsFoundFromASubdirectory(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{
		"toolbench.toml": "targets = [\"openai\"]\n[rules]\nshort-description = \"off\"\n",
		"api/tools.json": badName, "api/time.json": shortDescription, "api/deep/": "",
	})
	workIn(t, filepath.Join(root, "api", "deep"))
	code, out, stderr := runIn(t, "lint", "--json", "../tools.json", "../time.json")
	if got := strings.Join(codes(t, out), " "); code != exitIssues || got != "invalid-name" || stderr != "" {
		t.Errorf("exit %d, codes %q, stderr %q; want 1 and the openai target's invalid-name alone", code, got, stderr)
	}
	if is := lintIssues(t, out)[0]; !strings.Contains(is.Message, "for OpenAI") {
		t.Errorf("the configuration's target was not in force: %s", is.Message)
	}
	// --no-config reads none: the base rule, and the short description.
	code, out, _ = runIn(t, "--no-config", "lint", "--json", "../tools.json", "../time.json")
	if got := strings.Join(codes(t, out), " "); code != exitIssues || got != "invalid-name short-description" {
		t.Errorf("--no-config: exit %d, codes %q", code, got)
	}
	// --config names another file, wherever it is.
	if err := os.WriteFile(filepath.Join(root, "other.toml"), []byte("[rules]\ninvalid-name = \"warning\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runIn(t, "lint", "--json", "--config", "../../other.toml", "../tools.json")
	if is := lintIssues(t, out); code != exitOK || len(is) != 1 || is[0].Severity.String() != "warning" {
		t.Errorf("--config other.toml: exit %d, %+v", code, is)
	}
}

func TestAMistakeInTheConfigurationIsAUsageErrorAtItsPlace(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{
		"toolbench.toml": "targets = [\"openai\"]\ntragets = [\"gemini\"]\n",
		"tools.json":     badName, "sub/": "",
	})
	workIn(t, filepath.Join(root, "sub"))
	want := "../toolbench.toml:2:1: unknown key 'tragets'; did you mean 'targets'?"
	for _, args := range [][]string{
		{"lint", "../tools.json"},
		{"fix", "../tools.json"},
		{"compat", "../tools.json"},
		{"watch", "../tools.json"},
		{"lock", "../tools.json"},
		{"verify"},
		{"../tools.json"}, // the workbench
	} {
		code, stdout, stderr := runIn(t, args...)
		prog := strings.TrimSuffix("toolbench "+args[0], " ../tools.json")
		if code != exitFailure || stdout != "" || lines(stderr)[0] != prog+": "+want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, stdout, stderr, prog+": "+want)
		}
	}
	// The commands that take nothing from it do not read it.
	if code, _, stderr := runIn(t, "diff", "../tools.json", "../tools.json"); code != exitOK {
		t.Errorf("diff: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runIn(t, "dump", "../tools.json"); code != exitOK {
		t.Errorf("dump: exit %d, %s", code, stderr)
	}
}

func TestOtherMistakesInTheConfigurationNameTheirPlace(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, file, want string }{
		{"a wrong type", "targets = \"openai\"\n", "toolbench.toml:1:11: 'targets' must be a list of strings, not a string"},
		{"an unknown code", "[rules]\nshort-descripton = \"off\"\n", "toolbench.toml:2:1: unknown rule code 'short-descripton'; did you mean 'short-description'?"},
		{"an unknown level", "[rules]\n\"openai/\" = \"warn\"\n", "toolbench.toml:2:13: unknown level 'warn'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			project(t, map[string]string{"toolbench.toml": tc.file, "tools.json": badName})
			code, _, stderr := runIn(t, "lint", "tools.json")
			if code != exitFailure || !strings.HasPrefix(stderr, "toolbench lint: "+tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
		})
	}
}

// Several mistakes are a line each, in the order of the file, then the
// page of the keys.
func TestSeveralMistakesInTheConfigurationAreALineEach(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"toolbench.toml": "[[ignore]]\ncodes = [\"x\"]\n", "tools.json": badName})
	code, _, stderr := runIn(t, "lint", "tools.json")
	want := "toolbench lint: toolbench.toml:1:3: this [[ignore]] entry needs 'reason'\n" +
		"toolbench lint: toolbench.toml:2:10: unknown rule code 'x'\n" +
		"The keys and their values: docs/configuration.md\n"
	if code != exitFailure || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant 2 and:\n%s", code, stderr, want)
	}
}

// TestTheCodePrintedIsTheCodeThatSilences is the issue's case: with
// --target openai a bad name prints [invalid-name], and invalid-name,
// given to --ignore, written in the configuration or recorded in a
// baseline, silences it.
func TestTheCodePrintedIsTheCodeThatSilences(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName,
		"ignore.toml":  "[[ignore]]\ntools = [\"get *\"]\ncodes = [\"invalid-name\"]\nreason = \"kept for old clients\"\n",
		"rules.toml":   "[rules]\ninvalid-name = \"off\"\n",
		"prefix.toml":  "[rules]\n\"openai/\" = \"off\"\ninvalid-name = \"off\"\n",
		"nothing.toml": "",
	})
	code, out, _ := runIn(t, "lint", "--config", "nothing.toml", "--target", "openai", "tools.json")
	if code != exitIssues || !strings.Contains(out, "[invalid-name]") {
		t.Fatalf("exit %d:\n%s\nwant the bad name as [invalid-name]", code, out)
	}
	if code, _, stderr := runIn(t, "lint", "--config", "nothing.toml", "--target", "openai", "--write-baseline", "base.json", "tools.json"); code != exitOK {
		t.Fatalf("--write-baseline: exit %d, %s", code, stderr)
	}
	for _, args := range [][]string{
		{"--config", "nothing.toml", "--ignore", "invalid-name"},
		{"--config", "nothing.toml", "--ignore", "openai/,invalid-name"},
		{"--config", "ignore.toml"},
		{"--config", "rules.toml"},
		{"--config", "prefix.toml"},
		{"--config", "nothing.toml", "--baseline", "base.json"},
	} {
		code, out, stderr := runIn(t, append(append([]string{"lint"}, args...), "--target", "openai", "tools.json")...)
		if code != exitOK || out != "valid\n" || stderr != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 0 and valid", args, code, out, stderr)
		}
	}
}

func TestFailOnWarningFailsOnAWarning(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"toolbench.toml": "fail-on = \"warning\"\n", "time.json": shortDescription, "lax.toml": ""})
	if code, out, _ := runIn(t, "lint", "time.json"); code != exitIssues || !strings.Contains(out, "[short-description]") {
		t.Errorf("fail-on warning: exit %d\n%s", code, out)
	}
	if code, _, _ := runIn(t, "lint", "--config", "lax.toml", "time.json"); code != exitOK {
		t.Errorf("without it: exit %d, want 0", code)
	}
}

func TestOverridesSetTheRulesOfSomeFiles(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{
		"toolbench.toml":    "[[overrides]]\npaths = [\"legacy/**\"]\nrules = { short-description = \"off\" }\n",
		"legacy/old/t.json": shortDescription, "new/t.json": shortDescription,
	})
	code, out, _ := runIn(t, "lint", "--json", "legacy/old/t.json", "new/t.json")
	is := lintIssues(t, out)
	if code != exitOK || len(is) != 1 || is[0].File != "new/t.json" {
		t.Errorf("exit %d, issues %+v; want the one of new/t.json", code, is)
	}
}

// reindented is badName's file re-indented, its key order kept, with a
// tool inserted at the top whose description is too short.
const reindented = `[
    {"name": "get_time", "description": "Time.", "parameters": {"type": "object", "properties": {"zone": {"type": "string", "description": "An IANA time zone."}}, "required": ["zone"]}},
    {
        "type": "function",
        "function": {
            "name": "get weather",
            "description": "Get the weather for a city, in degrees Celsius.",
            "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "The city."}}, "required": ["city"]}
        }
    }
]
`

func TestABaselineSurvivesANewToolAtTheTopOfAReindentedFile(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{"tools.json": badName, "ci/": ""})
	code, _, stderr := runIn(t, "lint", "--write-baseline", "ci/baseline.json", "tools.json")
	if code != exitOK || stderr != "toolbench lint: ci/baseline.json: recorded 1 issue of 1 source\n" {
		t.Fatalf("--write-baseline: exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(root, "ci", "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := baseline.Parse("ci/baseline.json", data)
	if err != nil {
		t.Fatal(err)
	}
	// The source is named from the baseline's folder.
	if want := (baseline.Key{Source: "../tools.json", Tool: "get weather", Path: ".function.name", Code: "invalid-name"}); len(b.Entries) != 1 || b.Entries[0].Key != want {
		t.Fatalf("entries %+v, want one of %+v", b.Entries, want)
	}
	if err := os.WriteFile(inWork(t, "tools.json"), []byte(reindented), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runIn(t, "lint", "--json", "--baseline", "ci/baseline.json", "tools.json")
	if got := strings.Join(codes(t, out), " "); code != exitOK || got != "short-description" {
		t.Errorf("exit %d, codes %q; want 0 and the new tool's short-description alone", code, got)
	}
	// The configuration's baseline, named from its own folder, is the same.
	if err := os.WriteFile(inWork(t, "toolbench.toml"), []byte("baseline = \"ci/baseline.json\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runIn(t, "lint", "--json", "tools.json")
	if got := strings.Join(codes(t, out), " "); code != exitOK || got != "short-description" {
		t.Errorf("the configuration's baseline: exit %d, codes %q", code, got)
	}
}

// A baseline entry under a code no rule has accepts nothing; the
// mistake is a usage error naming the entry, not a stale entry later.
func TestABaselineEntryOfAnUnknownCodeIsAMistake(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName, "base.json": `{"version": 1, "issues": [
  {"source": "tools.json", "tool": "get weather", "path": ".function.name", "code": "invalid-nam", "count": 1}]}`})
	code, out, stderr := runIn(t, "lint", "--baseline", "base.json", "tools.json")
	want := "toolbench lint: base.json: the entry of 'tools.json' 'get weather' .function.name names no rule: unknown rule code 'invalid-nam'; did you mean invalid-name"
	if code != exitFailure || out != "" || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing and %q", code, out, stderr, want)
	}
}

func TestAStaleBaselineEntryFailsUnderStrict(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName, "time.json": shortDescription})
	if code, _, stderr := runIn(t, "lint", "--write-baseline", "base.json", "tools.json", "time.json"); code != exitOK {
		t.Fatalf("--write-baseline: exit %d, %s", code, stderr)
	}
	fixed := strings.Replace(badName, "get weather", "get_weather", 1)
	if err := os.WriteFile(inWork(t, "tools.json"), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := runIn(t, "lint", "--baseline", "base.json", "tools.json", "time.json"); code != exitOK || out != "valid\n" || stderr != "" {
		t.Errorf("without --strict: exit %d, stdout %q, stderr %q; want 0, valid and nothing", code, out, stderr)
	}
	code, out, stderr := runIn(t, "lint", "--strict", "--baseline", "base.json", "tools.json", "time.json")
	want := "toolbench lint: base.json: stale entry: tools.json 'get weather' .function.name [invalid-name]: 1 issue fewer than it counts; write the baseline again\n"
	if code != exitIssues || out != "valid\n" || stderr != want {
		t.Errorf("--strict: exit %d, stdout %q, stderr %q; want 1, valid and %q", code, out, stderr, want)
	}
	// A lint of one file does not judge the entries of another.
	if code, _, stderr := runIn(t, "lint", "--strict", "--baseline", "base.json", "time.json"); code != exitOK || stderr != "" {
		t.Errorf("time.json alone: exit %d, stderr %q", code, stderr)
	}
	// The configuration's fail-on = "warning" is --strict, stale entries
	// included.
	if err := os.WriteFile(inWork(t, "toolbench.toml"), []byte("fail-on = \"warning\"\nbaseline = \"base.json\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = runIn(t, "lint", "tools.json", "time.json")
	if code != exitIssues || out != "valid\n" || stderr != want {
		t.Errorf("fail-on = \"warning\": exit %d, stdout %q, stderr %q; want 1, valid and %q", code, out, stderr, want)
	}
}

func TestWriteBaselineKeepsTheEntriesOfOtherSources(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName, "time.json": shortDescription})
	for _, file := range []string{"tools.json", "time.json"} {
		if code, _, stderr := runIn(t, "lint", "--write-baseline", "base.json", file); code != exitOK {
			t.Fatalf("%s: exit %d, %s", file, code, stderr)
		}
	}
	data, err := os.ReadFile(inWork(t, "base.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Issues []baseline.Entry }
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Issues) != 2 || f.Issues[0].Source != "time.json" || f.Issues[1].Source != "tools.json" {
		t.Errorf("entries %+v, want time.json's and tools.json's, in order", f.Issues)
	}
	if code, _, stderr := runIn(t, "lint", "--baseline", "base.json", "--write-baseline", "b.json", "tools.json"); code != exitFailure || !strings.Contains(stderr, "give one") {
		t.Errorf("--baseline with --write-baseline: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runIn(t, "lint", "--baseline", "none.json", "tools.json"); code != exitFailure || !strings.Contains(stderr, "--baseline none.json: no such file or directory") {
		t.Errorf("a baseline that is not there: exit %d, %s", code, stderr)
	}
}

func TestFixLeavesWhatTheConfigurationAccepts(t *testing.T) {
	t.Parallel()
	twoBad := `[{"name": "legacy_get", "description": "Get a record by its id, as the old clients do.", "parameters": {"type": "object", "properties": {"id": {"type": "str", "description": "The id."}}, "required": ["id"]}},
{"name": "get", "description": "Get a record by its id, as the new clients do.", "parameters": {"type": "object", "properties": {"id": {"type": "str", "description": "The id."}}, "required": ["id"]}}]
`
	project(t, map[string]string{"tools.json": twoBad,
		"toolbench.toml": "[[ignore]]\ntools = [\"legacy*\"]\ncodes = [\"unknown-type\"]\nreason = \"old clients send it\"\n"})
	code, _, stderr := runIn(t, "fix", "-w", "tools.json")
	data, _ := os.ReadFile(inWork(t, "tools.json"))
	if code != exitOK || strings.Count(string(data), `"str"`) != 1 || !strings.Contains(string(data), `"legacy_get", "description": "Get a record by its id, as the old clients do.", "parameters": {"type": "object", "properties": {"id": {"type": "str"`) {
		t.Errorf("exit %d, %s\n%s", code, stderr, data)
	}
}

func TestCompatTakesTheConfigurationsTargetsForColumns(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName, "toolbench.toml": "targets = [\"openai\", \"gemini\"]\n"})
	code, out, _ := runIn(t, "compat", "tools.json")
	header := lines(out)[0]
	if code != exitIssues || !strings.Contains(header, "openai") || !strings.Contains(header, "gemini") || strings.Contains(header, "anthropic") {
		t.Errorf("exit %d, columns %q; want openai and gemini only\n%s", code, header, out)
	}
}

func TestWatchReportsWithTheConfiguration(t *testing.T) {
	t.Parallel()
	project(t, map[string]string{"tools.json": badName,
		"toolbench.toml": "targets = [\"openai\"]\n[[ignore]]\ncodes = [\"invalid-name\"]\nreason = \"r\"\n"})
	cfg, err := watchOf(t, []string{"--json", "tools.json"})
	if err != nil {
		t.Fatal(err)
	}
	if opt := cfg.policy.Options(cfg.input()); len(opt.Targets) != 1 || opt.Targets[0] != "openai" {
		t.Errorf("targets %v, want the configuration's", opt.Targets)
	}
	got := watchOnce(t, cfg)
	if !strings.Contains(got, `"ok":true,"issues":[]`) {
		t.Errorf("the accepted issue was reported:\n%s", got)
	}
}

// watchOnce runs the watch cfg says until its first report, and returns
// it.
func watchOnce(t *testing.T, cfg *watched) string {
	t.Helper()
	var out proctest.Buffer
	e := &env{dir: workDir(t), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	stop := make(chan os.Signal, 1)
	done := make(chan int)
	go func() { done <- streamWatch(e, cfg, stop) }()
	waitOutput(t, &out, regexp.MustCompile(`\n$`))
	stop <- syscall.SIGINT
	<-done
	return out.String()
}

// teamProject is a small file three folders below a team's
// configuration, with its baseline; it returns the file's folder.
func teamProject(t testing.TB) string {
	team, err := os.ReadFile(filepath.FromSlash("internal/policy/testdata/team.toml")) // as a team writes one
	if err != nil {
		t.Fatal(err)
	}
	root := project(t, map[string]string{"toolbench.toml": string(team), "a/b/c/tools.json": badName,
		"toolbench.baseline.json": `{"version": 1, "issues": [{"source": "a/b/c/tools.json", "tool": "get weather", "path": ".function.name", "code": "invalid-name", "count": 1}]}`})
	return filepath.Join(root, "a", "b", "c")
}

// TestTheConfigurationAddsUnder50msToALint times a lint of a small file
// three folders below the configuration, with its baseline, and the same
// lint with --no-config: what finding, reading and applying the
// configuration costs on the command's own path. The bound leaves room
// for any load; the goal, a millisecond, is BenchmarkLintWithTheConfiguration's.
func TestTheConfigurationAddsUnder50msToALint(t *testing.T) {
	t.Parallel()
	workIn(t, teamProject(t))
	median := func(args ...string) time.Duration {
		times := make([]time.Duration, 41)
		for i := range times {
			start := time.Now()
			if code, out, stderr := runIn(t, args...); code != exitOK {
				t.Fatalf("%q: exit %d\n%s%s", args, code, out, stderr)
			}
			times[i] = time.Since(start)
		}
		slices.Sort(times)
		return times[len(times)/2]
	}
	without := median("--no-config", "lint", "--json", "--ignore", "invalid-name", "tools.json")
	with := median("lint", "--json", "tools.json")
	t.Logf("lint of a small file: %v with the configuration, %v without", with, without)
	if with-without >= 50*time.Millisecond {
		t.Errorf("the configuration adds %v to a lint of a small file, want under 50ms", with-without)
	}
}

// BenchmarkLintWithTheConfiguration lints a small file three folders
// below a team's configuration, and with --no-config: the difference of
// the two is what the configuration costs.
func BenchmarkLintWithTheConfiguration(b *testing.B) {
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"configured", []string{"lint", "--json", "tools.json"}},
		{"no-config", []string{"--no-config", "lint", "--json", "--ignore", "invalid-name", "tools.json"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e := &env{dir: teamProject(b), stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard,
				getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
			for b.Loop() {
				if code := run(e, bc.args); code != exitOK {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

func TestTheWorkbenchGetsTheConfigurationAndTheLock(t *testing.T) {
	t.Parallel()
	root := project(t, map[string]string{"tools.json": badName, "sub/": "",
		"toolbench.toml": "targets = [\"openai\"]\n[[ignore]]\ncodes = [\"invalid-name\"]\nreason = \"kept for old clients\"\n"})
	if code, _, stderr := runIn(t, "lock", "tools.json"); code != exitOK {
		t.Fatalf("lock: exit %d, %s", code, stderr)
	}
	workIn(t, filepath.Join(root, "sub"))
	_, cfg, err := workbenchOf(t, []string{"../tools.json"}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.ConfigFile != "../toolbench.toml" || cfg.Accept == nil || cfg.Verify == nil {
		t.Fatalf("config %q, accept %v, verify %v; want the configuration named from here, and both", cfg.ConfigFile, cfg.Accept != nil, cfg.Verify != nil)
	}
	doc, err := jsondoc.Parse("../tools.json", []byte(strings.Replace(badName, "Get the weather", "Get the weather, and more,", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if res := cfg.Accept(lint.Lint(doc, cfg.Lint)); len(res.Issues) != 0 {
		t.Errorf("the workbench would show %+v, which the configuration accepts", res.Issues)
	}
	d, err := cfg.Verify(doc)
	if err != nil || d.Errors != 1 || d.Changes[0].Code != "description-changed" {
		t.Errorf("verify: %+v, %v; want the description's change", d, err)
	}
}
