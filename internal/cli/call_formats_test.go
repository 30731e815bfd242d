package cli

// call and call --run in every report format, against the Go test
// server: the formats for CI point at the lines of the CALLS file.

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"toolbench/core/report"
	"toolbench/internal/golden"
)

// serverCalls holds testCalls as a file, whose lines the formats for CI
// point at.
const serverCalls = "testdata/call/server-calls.jsonl"

// callFormatFiles are the golden files' extensions, by format.
var callFormatFiles = map[string]string{"text": "txt", "json": "jsonl", "sarif": "sarif", "github": "github", "markdown": "md"}

// timesPattern finds the round-trip times a run's output holds, which
// vary.
var timesPattern = regexp.MustCompile(`\d+(\.\d)? ms|"ms":[0-9.]+|"version": "devel[^"]*"`)

// normalTimes is out with every time N, and the version of a build of
// toolbench "devel", whatever commit it is.
func normalTimes(out string) string {
	return timesPattern.ReplaceAllStringFunc(out, func(s string) string {
		switch {
		case strings.HasPrefix(s, `"ms"`):
			return `"ms":N`
		case strings.HasPrefix(s, `"version"`):
			return `"version": "devel"`
		}
		return "N ms"
	})
}

func TestCallFixtureOfTheServerIsTestCalls(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(serverCalls)
	if err != nil || string(data) != testCalls {
		t.Fatalf("%s should hold testCalls (%v)", serverCalls, err)
	}
}

// TestCallFormatsOnAServer checks and runs testCalls against the tools
// server in every format, against golden files.
func TestCallFormatsOnAServer(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	for _, run := range []bool{false, true} {
		for format, ext := range callFormatFiles {
			args := append([]string{"call", "--format", format}, ts.args...)
			name := "server-check." + ext
			if run {
				args = append(args, "--run")
				name = "server-run." + ext
			}
			code, out, stderr := commandRun{}.run(t, append(args, serverCalls)...)
			if code != exitIssues || stderr != "" {
				t.Errorf("%s: exit %d, stderr %q; want 1 and nothing", name, code, stderr)
			}
			if strings.Contains(out, "\x1b") {
				t.Errorf("%s holds a raw escape character:\n%q", name, out)
			}
			golden.Check(t, filepath.Join("testdata", "call", "golden", name), []byte(normalTimes(out)))
		}
	}
}

// TestCallJSONFormatIsTheJSONFlag: --format json writes what --json
// does, byte for byte, with --run too.
func TestCallJSONFormatIsTheJSONFlag(t *testing.T) {
	t.Parallel()
	_, asFlag, _ := callRun(t, "", "call", "--json", "--deep", callTools, callBatch)
	code, asFormat, stderr := callRun(t, "", "call", "--format", "json", "--deep", callTools, callBatch)
	if code != exitIssues || stderr != "" || asFormat != asFlag || asFlag != callBatchToolsDeepJSON(t) {
		t.Errorf("exit %d, stderr %q, --format json:\n%s\n--json:\n%s", code, stderr, asFormat, asFlag)
	}
}

// callBatchToolsDeepJSON is the deep JSON of calls.jsonl against tools.json,
// as core/report's golden file holds it.
func callBatchToolsDeepJSON(t *testing.T) string {
	data, err := os.ReadFile(inWork(t, "testdata/call/golden/calls.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// callSARIF is the part of a SARIF log of calls the tests read back.
type callSARIF struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Name  string `json:"name"`
				Rules []struct {
					ID               string                `json:"id"`
					ShortDescription struct{ Text string } `json:"shortDescription"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
		} `json:"invocations"`
		Results []struct {
			RuleID    string                `json:"ruleId"`
			RuleIndex *int                  `json:"ruleIndex"`
			Level     string                `json:"level"`
			Message   struct{ Text string } `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					Region           *struct {
						StartLine, StartColumn int
					} `json:"region"`
				} `json:"physicalLocation"`
			} `json:"locations"`
			Properties map[string]string `json:"properties"`
		} `json:"results"`
	} `json:"runs"`
}

// TestCallSARIFOnAServerPointsAtTheCallsLines reads back the SARIF of a
// check and of a run: a log of one run of toolbench, each result's rule
// one of its driver's, at the line of CALLS of the call about the tool it
// names.
func TestCallSARIFOnAServerPointsAtTheCallsLines(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	calls := strings.Split(testCalls, "\n")
	for _, args := range [][]string{{"call", "--format", "sarif"}, {"call", "--run", "--format", "sarif"}} {
		code, out, stderr := commandRun{}.run(t, append(append(args, ts.args...), serverCalls)...)
		if code != exitIssues || stderr != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, stderr)
		}
		var log callSARIF
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatalf("%q: not JSON: %v\n%s", args, err, out)
		}
		if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "toolbench" || !log.Runs[0].Invocations[0].ExecutionSuccessful {
			t.Fatalf("%q: version %q, %d runs; want one successful run of toolbench", args, log.Version, len(log.Runs))
		}
		run := log.Runs[0]
		var rules []string
		for _, res := range run.Results {
			loc := res.Locations[0].PhysicalLocation
			switch {
			case res.RuleIndex == nil || run.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID:
				t.Errorf("%q: result %s is not its ruleIndex's rule", args, res.RuleID)
			case loc.ArtifactLocation.URI != serverCalls || loc.Region == nil:
				t.Errorf("%q: result %s at %+v, want a line of %s", args, res.RuleID, loc, serverCalls)
			case !strings.Contains(calls[loc.Region.StartLine-1], strconv.Quote(res.Properties["tool"])):
				t.Errorf("%q: result %s about %q at line %d, %s", args, res.RuleID, res.Properties["tool"], loc.Region.StartLine, calls[loc.Region.StartLine-1])
			}
			rules = append(rules, res.RuleID+":"+strconv.Itoa(loc.Region.StartLine))
		}
		want := "missing:2"
		if args[1] == "--run" {
			want = "missing:2 tool_error:3 protocol_error:4 output:6"
		}
		if got := strings.Join(rules, " "); got != want {
			t.Errorf("%q: results %s, want %s", args, got, want)
		}
	}
}

// TestCallGitHubOnAServerAnnotatesTheCallsLines: each annotation is at
// the line of the call it is about.
func TestCallGitHubOnAServerAnnotatesTheCallsLines(t *testing.T) {
	t.Parallel()
	ts := stdioServer(t, "tools")
	calls := strings.Split(testCalls, "\n")
	annotation := regexp.MustCompile(`^::(error|warning|notice) file=` + regexp.QuoteMeta(serverCalls) + `,line=(\d+),title=([a-z_]+)::([a-z]+): `)
	code, out, _ := commandRun{}.run(t, append(append([]string{"call", "--run", "--format", "github"}, ts.args...), serverCalls)...)
	if code != exitIssues || len(lines(out)) != 4 {
		t.Fatalf("exit %d, want 1 and 4 annotations:\n%s", code, out)
	}
	for _, l := range lines(out) {
		m := annotation.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("annotation %q is not at a line of %s", l, serverCalls)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if !strings.Contains(calls[n-1], `"`+m[4]+`"`) {
			t.Errorf("annotation %q about %s is at line %d: %s", l, m[4], n, calls[n-1])
		}
	}
}

// TestFormatHelpListsTheFormatsEachCommandWrites reads --format's help
// on every command that has it: the formats the report table has for
// what the command writes, no more.
func TestFormatHelpListsTheFormatsEachCommandWrites(t *testing.T) {
	t.Parallel()
	root := newRoot(&env{dir: workDir(t), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }})
	want := map[string]string{
		"lint":   "text, concise, json, sarif, github, markdown",
		"diff":   "text, json, sarif, github, markdown",
		"compat": "text, json, markdown",
		"call":   "text, json, sarif, github, markdown",
		"watch":  "text, concise, json",
		"verify": "text, json, sarif, github, markdown",
	}
	writes := map[string]func(report.Format) bool{"lint": writesIssues, "diff": writesChanges, "compat": writesMatrix, "call": writesCalls, "watch": writesEvents, "verify": writesVerify}
	for _, cmd := range root.Commands() {
		f := cmd.Flags().Lookup("format")
		if f == nil {
			continue
		}
		if want[cmd.Name()] == "" {
			t.Errorf("%s has --format, which this test does not know", cmd.Name())
			continue
		}
		if flagDoc(f) != "the report's format: "+want[cmd.Name()] || strings.Join(report.FormatNames(writes[cmd.Name()]), ", ") != want[cmd.Name()] {
			t.Errorf("%s --format: %q, want the formats %s", cmd.Name(), flagDoc(f), want[cmd.Name()])
		}
		delete(want, cmd.Name())
	}
	if len(want) > 0 {
		t.Errorf("no --format on %v", want)
	}
	// Every format call writes, call --run writes too.
	if strings.Join(report.FormatNames(writesRuns), ", ") != strings.Join(report.FormatNames(writesCalls), ", ") {
		t.Errorf("call --run writes %v, call %v", report.FormatNames(writesRuns), report.FormatNames(writesCalls))
	}
}
