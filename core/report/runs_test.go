package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/golden"
)

// testRuns are outcomes of every kind, as the live package describes
// them.
var testRuns = []Run{
	{Line: 1, Tool: "echo", Kind: RunOK, Status: "ok 4 ms", Details: []string{"echo: hi"}, Sent: true, Elapsed: 4213 * time.Microsecond,
		Result: json.RawMessage(`{"content":[{"type":"text","text":"echo: hi"}]}`)},
	{Line: 2, Tool: "echo", Kind: RunInvalid, Status: "missing:text", Findings: []call.Finding{{Code: call.CodeMissing, Field: "text"}}},
	{Line: 3, Tool: "fails", Kind: RunToolError, Status: "tool error 2 ms", Details: []string{"the disk | is *full*"}, Sent: true, Elapsed: 2 * time.Millisecond,
		Result: json.RawMessage(`{"content":[{"type":"text","text":"the disk | is *full*"}],"isError":true}`)},
	{Line: 4, Tool: "refuses", Kind: RunRefused, Status: `protocol error 1 ms: tools/call "refuses": JSON-RPC error -32602: "refused"`, Sent: true, Elapsed: time.Millisecond,
		Error: &RunError{Code: -32602, Message: "refused"}},
	{Line: 6, Tool: "weather", Kind: RunNonconforming, Status: "ok 3 ms", Details: []string{`{"temperature":"unknown"}`, "output /temperature: got string, want number"},
		Sent: true, Elapsed: 3 * time.Millisecond, Result: json.RawMessage(`{"content":[{"type":"text","text":"{\"temperature\":\"unknown\"}"}],"structuredContent":{"temperature":"unknown"}}`),
		Output: []call.SchemaError{{Path: "/temperature", Message: "got string, want number"}}},
	{Line: 7, Tool: "login", Kind: RunAsksForInput, Status: "input required 3 ms: the server asks for 1 answer before it completes the call",
		Details: []string{"asks 'github_login' (elicitation/create, a form): Please provide your GitHub username", "  name* string: Your login."},
		Sent:    true, Elapsed: 3 * time.Millisecond, Result: json.RawMessage(`{"resultType":"input_required","inputRequests":{"github_login":{"method":"elicitation/create"}},"requestState":"s1"}`)},
}

// writeRuns writes testRuns in the format named, through jsondoc.SafeWriter
// as the command writes them, and ends the report with err.
func writeRuns(t *testing.T, format string, runs []Run, err error) string {
	t.Helper()
	f, ok := LookupFormat(format)
	if !ok || f.Runs == nil {
		t.Fatalf("no format %s for runs", format)
	}
	var out bytes.Buffer
	w := f.Runs(jsondoc.SafeWriter(&out), &RunReport{File: "calls.jsonl", Deep: true})
	var sum RunSummary
	for i := range runs {
		sum.Count(&runs[i])
		if err := w.Run(&runs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(sum, err); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

var runGoldens = map[string]string{"text": "runs.txt", "json": "runs.jsonl", "sarif": "runs.sarif", "github": "runs.github", "markdown": "runs.md"}

func TestRunFormatsGolden(t *testing.T) {
	for _, f := range Formats() {
		if f.Runs == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			if runGoldens[f.Name] == "" {
				t.Fatalf("no golden file for %s", f.Name)
			}
			golden.Check(t, filepath.Join("..", "..", "testdata", "call", "golden", runGoldens[f.Name]), []byte(writeRuns(t, f.Name, testRuns, nil)))
		})
	}
}

// TestARunThatAsksForInputIsClearInEveryFormat: a result that asks for
// input is no failure of the tool and no success either; every format
// says what it is and what it asks.
func TestARunThatAsksForInputIsClearInEveryFormat(t *testing.T) {
	asking := testRuns[len(testRuns)-1:]
	for _, f := range Formats() {
		if f.Runs == nil {
			continue
		}
		out := writeRuns(t, f.Name, asking, nil)
		want := map[string][]string{
			"text":     {"line 7: input required 3 ms: the server asks for 1 answer", "  asks 'github_login'", "1 call: 0 ok, 1 asking for input"},
			"json":     {`"resultType":"input_required"`, `"inputRequests"`},
			"sarif":    {`"ruleId": "input_required"`, `"level": "warning"`, "asks 'github_login'"},
			"github":   {"::warning file=calls.jsonl,line=7,title=input_required::login: input required 3 ms", "%0Aasks 'github_login'"},
			"markdown": {"1 asking for input", "**input required 3 ms: the server asks for 1 answer before it completes the call**", "asks 'github\\_login'"},
		}[f.Name]
		if len(want) == 0 {
			t.Errorf("%s: no expectation", f.Name)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q:\n%s", f.Name, w, out)
			}
		}
	}
}

func TestRunSARIFHasARuleForEveryFinding(t *testing.T) {
	var doc sarifDoc
	if err := json.Unmarshal([]byte(writeRuns(t, "sarif", testRuns, nil)), &doc); err != nil {
		t.Fatal(err)
	}
	run := doc.Runs[0]
	var got []string
	for _, res := range run.Results {
		if res.RuleIndex == nil || run.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s: its ruleIndex is not its rule's", res.RuleID)
		}
		got = append(got, res.RuleID+"@"+res.Level)
	}
	want := "missing@error tool_error@error protocol_error@error output@error input_required@warning"
	if strings.Join(got, " ") != want {
		t.Errorf("results %q, want %q: an ok result has none", strings.Join(got, " "), want)
	}
}

// TestRunFormatsSayWhenTheRunStopped: a server that fails ends the run;
// the formats that write at the end say so, and text leaves out the
// count it cannot give.
func TestRunFormatsSayWhenTheRunStopped(t *testing.T) {
	stop := errors.New("line 2: the server exited")
	if out := writeRuns(t, "text", testRuns[:1], stop); strings.Contains(out, "1 call") {
		t.Errorf("text counts a run that stopped:\n%s", out)
	}
	if out := writeRuns(t, "markdown", testRuns[:1], stop); !strings.Contains(out, "**The run stopped:** line 2: the server exited") {
		t.Errorf("markdown does not say the run stopped:\n%s", out)
	}
	if out := writeRuns(t, "sarif", testRuns[:1], stop); !strings.Contains(out, `"executionSuccessful": false`) || !strings.Contains(out, "the server exited") {
		t.Errorf("sarif does not say the run stopped:\n%s", out)
	}
}

func TestRunFormatsKeepTheResultsTextHarmless(t *testing.T) {
	hostile := []Run{{Line: 1, Tool: "a|b\u202e", Kind: RunToolError, Status: "tool error 1 ms", Details: []string{termtext.EscapeLine("\x1b[31mred\x1b[0m | <b>")},
		Sent: true, Result: json.RawMessage(`{"content":[{"type":"text","text":"\u001b[31mred\u202e"}],"isError":true}`)}}
	for _, f := range Formats() {
		if f.Runs == nil {
			continue
		}
		out := writeRuns(t, f.Name, hostile, nil)
		if found := termtext.Hazards(out); len(found) > 0 {
			t.Errorf("%s: the output holds %v:\n%s", f.Name, found, out)
		}
	}
	if out := writeRuns(t, "markdown", hostile, nil); !strings.Contains(out, "| `a\\|b\\u{202E}` | **tool error 1 ms** | \\\\x1b\\[31mred\\\\x1b\\[0m \\| \\<b\\> |") {
		t.Errorf("markdown row not escaped as text:\n%s", out)
	}
}

func TestRunSummaryCountsEachKind(t *testing.T) {
	var sum RunSummary
	for i := range testRuns {
		sum.Count(&testRuns[i])
	}
	want := "6 calls: 1 ok, 1 tool error, 1 protocol error, 1 not conforming to the outputSchema, 1 invalid, not sent, 1 asking for input"
	if sum.String() != want || !sum.Failed() {
		t.Errorf("summary %q (failed %v), want %q", sum.String(), sum.Failed(), want)
	}
	if s := (RunSummary{}); s.String() != "no calls" || s.Failed() {
		t.Errorf("no calls: %q", s.String())
	}
}
