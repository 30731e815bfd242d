package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/internal/golden"
)

// callSchemas reads schemas from text, a flat schema file or a tools
// document.
func callSchemas(t testing.TB, text string) *call.Schemas {
	t.Helper()
	doc, err := jsondoc.Parse("schemas.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := call.LoadSchemas(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testdataCalls are the schemas and calls of testdata/call: calls of
// every shape against a tools document, valid and not, flat errors and
// deep ones.
func testdataCalls(t testing.TB) (*call.Schemas, []byte) {
	t.Helper()
	tools, err := os.ReadFile(filepath.Join("..", "..", "testdata", "call", "tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	calls, err := os.ReadFile(filepath.Join("..", "..", "testdata", "call", "calls.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return callSchemas(t, string(tools)), calls
}

// writeCalls is WriteCalls of input in the format named, through
// jsondoc.SafeWriter as the command writes it.
func writeCalls(t testing.TB, format string, r *CallReport, input string, s *call.Schemas) (string, call.CallSummary) {
	t.Helper()
	f, ok := LookupFormat(format)
	if !ok {
		t.Fatalf("no format %s", format)
	}
	var out bytes.Buffer
	sum, err := WriteCalls(f, jsondoc.SafeWriter(&out), r, strings.NewReader(input), s, call.CallOptions{Deep: r.Deep})
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), sum
}

// callGoldens are the golden files of each format that writes calls.
var callGoldens = map[string]string{"text": "calls.txt", "json": "calls.jsonl", "sarif": "calls.sarif", "github": "calls.github", "markdown": "calls.md"}

// TestCallFormatsGolden checks testdata/call's calls, deep, in every
// format that writes calls.
func TestCallFormatsGolden(t *testing.T) {
	s, calls := testdataCalls(t)
	for _, f := range Formats() {
		if f.Calls == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			if callGoldens[f.Name] == "" {
				t.Fatalf("no golden file for %s", f.Name)
			}
			out, _ := writeCalls(t, f.Name, &CallReport{File: "call/calls.jsonl", Deep: true}, string(calls), s)
			golden.Check(t, filepath.Join("..", "..", "testdata", "call", "golden", callGoldens[f.Name]), []byte(out))
		})
	}
}

// oneByOne writes the calls of input as CheckCalls would with no
// batches: each result handed to WriteResult.
func oneByOne(t *testing.T, f Format, r *CallReport, input []byte, s *call.Schemas) string {
	t.Helper()
	var out bytes.Buffer
	w := f.Calls(&out, r)
	var sum call.CallSummary
	err := call.ReadCalls(bytes.NewReader(input), func(line int, c call.Call) error {
		res := call.Result{Line: line, Tool: c.Name, Findings: call.Check(c, s)}
		if r.Deep {
			res.Schema = call.DeepValidate(c, s)
		}
		sum.Calls++
		if !res.Valid() {
			sum.Invalid++
		}
		return w.WriteResult(&res)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(sum, nil); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestCallWritersWriteBatchesAsOneByOne checks a log of many batches in
// every format on 1, 2 and 4 processors: the results rendered on the
// processors that checked them read as those written one by one.
func TestCallWritersWriteBatchesAsOneByOne(t *testing.T) {
	s, calls := testdataCalls(t)
	var log bytes.Buffer
	for i := 0; log.Len() < 300<<10; i++ {
		log.Write(calls)
		if i%3 == 0 {
			log.WriteString("{broken\n\n")
		}
	}
	for _, f := range Formats() {
		if f.Calls == nil {
			continue
		}
		for _, deep := range []bool{false, true} {
			r := &CallReport{File: "calls.jsonl", Deep: deep}
			want := oneByOne(t, f, r, log.Bytes(), s)
			for _, procs := range []int{1, 2, 4} {
				prev := runtime.GOMAXPROCS(procs)
				got, _ := writeCalls(t, f.Name, r, log.String(), s)
				runtime.GOMAXPROCS(prev)
				if got != want {
					t.Errorf("%s, deep %v, %d processors: the batches differ from one by one at %s", f.Name, deep, procs, golden.FirstDifference(got, want))
				}
			}
		}
	}
}

func TestCallTextAndJSONWriteOneResultPerCall(t *testing.T) {
	flat := callSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	tools := callSchemas(t, `[{"name": "search", "parameters": {"type": "object", "properties": {"query": {"type": "string", "maxLength": 3}}, "required": ["query"]}}]`)
	// A call of a custom tool whose lark grammar toolbench does not
	// evaluate: valid, with the note unchecked:lark.
	lark := callSchemas(t, `[{"type": "custom", "name": "math_exp", "format": {"type": "grammar", "syntax": "lark", "definition": "start: /[0-9]+/"}}]`)
	const larkCall = `{"type": "custom_tool_call", "call_id": "c", "name": "math_exp", "input": "4"}`
	const larkCalls = larkCall + "\n" + `{"name": "x"}`
	const batch = "{\"name\": \"search\", \"args\": {\"query\": \"x\"}}\n{\"name\": \"search\", \"args\": {\"query\": \"long\"}}\n\n{\"name\": \"nope\"}\n"
	tests := []struct {
		name        string
		s           *call.Schemas
		format      string
		deep        bool
		input       string
		want        string
		wantInvalid int
	}{
		{"one valid call", flat, "text", false, `{"name": "search", "args": {"query": "x"}}`, "valid\n", 0},
		{"one invalid call, an error a line", flat, "text", false, `{"name": "search", "args": {"q": 1}}`, "missing:query\nextra:q\n", 1},
		{"batch numbered by line with a summary", flat, "text", false, batch,
			"line 1: valid\nline 2: valid\nline 4: unknown_tool:nope\n3 calls: 2 valid, 1 invalid\n", 1},
		{"batch as JSON", flat, "json", false, batch, "[]\n[]\n[\"unknown_tool:nope\"]\n", 1},
		{"deep batch as text", tools, "text", true, batch,
			"line 1: valid\nline 2: schema:/query: maxLength: got 4, want 3\nline 4: unknown_tool:nope\n3 calls: 1 valid, 2 invalid\n", 2},
		{"deep batch as JSON", tools, "json", true, batch,
			"{\"errors\": [], \"schema\": []}\n{\"errors\": [], \"schema\": [{\"path\": \"/query\", \"message\": \"maxLength: got 4, want 3\"}]}\n{\"errors\": [\"unknown_tool:nope\"], \"schema\": []}\n", 2},
		{"deep root error as text", tools, "text", true, `{"name": "search", "args": {}}`, "missing:query\nschema: missing property 'query'\n", 1},
		{"deep on flat schemas adds nothing", flat, "json", true, `{"name": "search", "args": {"query": "long"}}`, "{\"errors\": [], \"schema\": []}\n", 0},
		{"no calls", flat, "text", false, "", "no calls\n", 0},
		{"no calls as JSON", flat, "json", false, "\n", "", 0},
		{"text is escaped", flat, "text", false, "{\"name\": \"a\\u001b]0;x\\u0007\"}\n{\"name\": \"\\u202e\"}", "line 1: unknown_tool:a\\x1b]0;x\\x07\nline 2: unknown_tool:\\u{202E}\n2 calls: 0 valid, 2 invalid\n", 2},
		{"JSON is JSON-escaped", flat, "json", false, `{"name": "a\"\\\n"}`, "[\"unknown_tool:a\\\"\\\\\\n\"]\n", 1},
		{"notes only are valid", lark, "text", false, larkCalls, "line 1: valid, unchecked:lark\nline 2: unknown_tool:x\n2 calls: 1 valid, 1 invalid\n", 1},
		{"one call with notes only is valid", lark, "text", false, larkCall, "valid\nunchecked:lark\n", 0},
		{"notes are apart from errors in JSON", lark, "json", false, larkCalls, "{\"errors\": [], \"notes\": [\"unchecked:lark\"]}\n[\"unknown_tool:x\"]\n", 1},
		{"notes are apart from errors in deep JSON", lark, "json", true, larkCalls, "{\"errors\": [], \"schema\": [], \"notes\": [\"unchecked:lark\"]}\n{\"errors\": [\"unknown_tool:x\"], \"schema\": []}\n", 1},
		{"notes follow valid in Markdown", lark, "markdown", false, larkCall, "### toolbench call: 1 call: 1 valid, 0 invalid\n\n| Where | Tool | Errors |\n| --- | --- | --- |\n| `:1` | `math_exp` | valid<br>`unchecked:lark` |\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, sum := writeCalls(t, tc.format, &CallReport{Deep: tc.deep}, tc.input, tc.s)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
			if sum.Invalid != tc.wantInvalid {
				t.Errorf("Invalid = %d, want %d", sum.Invalid, tc.wantInvalid)
			}
		})
	}
}

func TestCallErrorsTextIsTheLineOfSeveralCalls(t *testing.T) {
	for _, tc := range []struct {
		name  string
		found []call.Finding
		deep  []call.SchemaError
		want  string
	}{
		{"valid", nil, nil, "valid"},
		{"flat and deep", []call.Finding{{Code: call.CodeMissing, Field: "q"}, {Code: call.CodeExtra, Field: "x\x1b"}}, []call.SchemaError{{Path: "/n", Message: "too big"}, {Path: "", Message: "bad"}}, `missing:q, extra:x\x1b, schema:/n: too big, schema: bad`},
		{"notes only", []call.Finding{{Code: call.CodeUnchecked, Grammar: "lark"}}, nil, "valid, unchecked:lark"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CallErrorsText(tc.found, tc.deep); got != tc.want {
				t.Errorf("CallErrorsText = %q, want %q", got, tc.want)
			}
		})
	}
}

// hostileCalls are calls whose names and arguments hold what a terminal
// would obey and what Markdown would read as markup.
const hostileCalls = `{"name": "\u001b]0;pwned\u0007", "args": {}}
{"name": "search", "args": {"query": "x", "\u202eevil\u009b": 1, "\u0000": 2}}
{"name": "` + "\x1b[2J" + `"}
{"name": "search", "arguments": "{\"\u001b\": 1"}
{"name": "a|b*c_d` + "`" + `#1 @you $x$ <b>&amp;"}`

// TestCallFormatsKeepTheCallsTextHarmless writes hostile calls in every
// format: nothing a terminal obeys reaches the text, the annotations or
// the Markdown, Markdown reads it as text, and JSON keeps it JSON-escaped.
func TestCallFormatsKeepTheCallsTextHarmless(t *testing.T) {
	s := callSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	for _, f := range Formats() {
		if f.Calls == nil {
			continue
		}
		for _, deep := range []bool{false, true} {
			out, _ := writeCalls(t, f.Name, &CallReport{File: "calls.jsonl", Deep: deep}, hostileCalls, s)
			if found := termtext.Hazards(out); len(found) > 0 {
				t.Errorf("%s, deep %v: the output holds %v:\n%s", f.Name, deep, found, out)
			}
			if strings.ContainsFunc(out, func(r rune) bool { return r < 0x20 && r != '\n' }) {
				t.Errorf("%s, deep %v: a raw control character:\n%q", f.Name, deep, out)
			}
		}
	}
	out, _ := writeCalls(t, "markdown", &CallReport{File: "calls.jsonl"}, hostileCalls, s)
	row := lines(out)[len(lines(out))-1]
	want := "| `calls.jsonl:5` | ``a\\|b*c_d`#1 @you $x$ <b>&amp;`` | ``unknown_tool:a\\|b*c_d`#1 @you $x$ <b>&amp;`` |"
	if row != want {
		t.Errorf("the last row\n%s\nwant the name in code spans, the pipe escaped\n%s", row, want)
	}
	out, _ = writeCalls(t, "json", &CallReport{}, hostileCalls, s)
	var first []string
	if err := json.Unmarshal([]byte(lines(out)[0]), &first); err != nil || !cmp.Equal(first, []string{"unknown_tool:\x1b]0;pwned\a"}) {
		t.Errorf("the first JSON line %q gives %q (%v), want the name as it is", lines(out)[0], first, err)
	}
}

func lines(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

// TestCallSARIFPointsAtTheLinesOfCalls reads back the SARIF of
// testdata/call's calls: one run whose rules are the call check's codes,
// each result at its call's line of CALLS, its code the rule.
func TestCallSARIFPointsAtTheLinesOfCalls(t *testing.T) {
	s, calls := testdataCalls(t)
	out, _ := writeCalls(t, "sarif", &CallReport{File: "call/calls.jsonl", Deep: true, Version: "v1.2.3"}, string(calls), s)
	var doc sarifDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("the SARIF is not JSON: %v\n%s", err, out)
	}
	if doc.Version != "2.1.0" || len(doc.Runs) != 1 || doc.Runs[0].Tool.Driver.Name != "toolbench" {
		t.Fatalf("log = version %q, %d runs, want 2.1.0 with one run of toolbench", doc.Version, len(doc.Runs))
	}
	run := doc.Runs[0]
	codes := call.Codes()
	if len(run.Tool.Driver.Rules) != len(codes) {
		t.Fatalf("%d rules, want the %d codes of the call check", len(run.Tool.Driver.Rules), len(codes))
	}
	for i, r := range run.Tool.Driver.Rules {
		if r.ID != codes[i].Code || r.ShortDescription.Text != codes[i].Summary || r.Help.Text != codes[i].Doc {
			t.Errorf("rule %d = %s %q, want %s %q", i, r.ID, r.ShortDescription.Text, codes[i].Code, codes[i].Summary)
		}
	}
	src := strings.Split(string(calls), "\n")
	type place struct {
		Rule string
		Line int
	}
	var got []place
	for _, res := range run.Results {
		loc := res.Locations[0].PhysicalLocation
		if res.RuleIndex == nil || run.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s: its ruleIndex is not its rule's", res.RuleID)
		}
		if loc.ArtifactLocation.URI != "call/calls.jsonl" || loc.Region == nil || loc.Region.StartColumn != 0 || loc.Region.EndLine != 0 {
			t.Errorf("result %s at %+v, want a whole line of call/calls.jsonl", res.RuleID, loc)
			continue
		}
		if !strings.Contains(res.Message.Text, res.RuleID) || strings.TrimSpace(src[loc.Region.StartLine-1]) == "" {
			t.Errorf("result %s %q at line %d, %q", res.RuleID, res.Message.Text, loc.Region.StartLine, src[loc.Region.StartLine-1])
		}
		got = append(got, place{res.RuleID, loc.Region.StartLine})
	}
	want := []place{
		{"missing", 2}, {"extra", 2}, {"type", 2}, {"schema", 2}, {"schema", 2},
		{"missing", 4}, {"schema", 4}, {"unknown_tool", 6}, {"schema", 7}, {"malformed", 8}, {"malformed", 9}, {"type", 10}, {"schema", 11},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

func TestCallGitHubAnnotatesTheLinesOfCalls(t *testing.T) {
	s := callSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	calls := `{"name": "search", "args": {"query": "x"}}` + "\n\n" + `{"name": "search", "args": {"q": 1}}` + "\n" + `{"name": "nope"}` + "\n"
	out, _ := writeCalls(t, "github", &CallReport{File: "logs/calls,1.jsonl"}, calls, s)
	want := "::error file=logs/calls%2C1.jsonl,line=3,title=missing::search: missing:query\n" +
		"::error file=logs/calls%2C1.jsonl,line=3,title=extra::search: extra:q\n" +
		"::error file=logs/calls%2C1.jsonl,line=4,title=unknown_tool::unknown_tool:nope\n"
	if out != want {
		t.Errorf("annotations\n%s\nwant\n%s", out, want)
	}
}

// TestCallFormatsSayWhenTheCallsCouldNotBeReadToTheEnd stops the reading
// after some calls: SARIF marks its run unsuccessful, Markdown says so,
// and the results before the error are written in every format.
func TestCallFormatsSayWhenTheCallsCouldNotBeReadToTheEnd(t *testing.T) {
	s := callSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	input := strings.Repeat(`{"name": "search"}`+"\n", 1500)
	stop := errors.New("the disk went away")
	for _, f := range Formats() {
		if f.Calls == nil {
			continue
		}
		var out bytes.Buffer
		sum, err := WriteCalls(f, &out, &CallReport{File: "c.jsonl"}, io.MultiReader(strings.NewReader(input), &failingReader{stop}), s, call.CallOptions{})
		if !errors.Is(err, stop) || sum.Calls != 1500 {
			t.Errorf("%s: %d calls, error %v; want 1500 and the read error", f.Name, sum.Calls, err)
		}
		switch f.Name {
		case "sarif":
			var log struct {
				Runs []struct {
					Invocations []struct {
						ExecutionSuccessful        bool `json:"executionSuccessful"`
						ToolExecutionNotifications []struct {
							Message struct{ Text string } `json:"message"`
						} `json:"toolExecutionNotifications"`
					} `json:"invocations"`
					Results []json.RawMessage `json:"results"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(out.Bytes(), &log); err != nil {
				t.Fatal(err)
			}
			inv := log.Runs[0].Invocations[0]
			if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 || inv.ToolExecutionNotifications[0].Message.Text != stop.Error() || len(log.Runs[0].Results) != 1500 {
				t.Errorf("sarif: invocation %+v with %d results, want an unsuccessful one saying why, and the 1500", inv, len(log.Runs[0].Results))
			}
		case "markdown":
			if !strings.Contains(out.String(), "**The calls could not be read to the end:** the disk went away") {
				t.Errorf("markdown does not say the reading stopped:\n%.300s", out.String())
			}
		default:
			if n := strings.Count(out.String(), "missing:query"); n != 1500 {
				t.Errorf("%s: %d results written before the error, want 1500", f.Name, n)
			}
		}
	}
}

type failingReader struct{ err error }

func (r *failingReader) Read([]byte) (int, error) { return 0, r.err }

// lineSignal reports each write on a channel.
type lineSignal chan string

func (s lineSignal) Write(p []byte) (int, error) {
	s <- string(p)
	return len(p), nil
}

// TestCallJSONAnswersALogAsItComes feeds calls through a pipe one at a
// time and expects each JSON line, the first one's included, before the
// next call is sent: the writer's buffer is flushed whenever nothing
// more is waiting.
func TestCallJSONAnswersALogAsItComes(t *testing.T) {
	s := callSchemas(t, `{"search": {"required": {"query": "str"}}}`)
	jsonFormat, _ := LookupFormat("json")
	r, w := io.Pipe()
	out := make(lineSignal, 16)
	go func() {
		WriteCalls(jsonFormat, out, &CallReport{}, r, s, call.CallOptions{})
		close(out)
	}()
	want := []string{"[]\n", `["missing:query"]` + "\n", "[]\n"}
	var got strings.Builder
	for i, c := range []string{`{"name": "search", "args": {"query": "a"}}`, `{"name": "search"}`, `{"name": "search", "args": {"query": "b"}}`} {
		if _, err := io.WriteString(w, c+"\n"); err != nil {
			t.Fatal(err)
		}
		deadline := time.After(10 * time.Second)
		for !strings.HasSuffix(got.String(), want[i]) {
			select {
			case s := <-out:
				got.WriteString(s)
			case <-deadline:
				t.Fatalf("no result for call %d while the log stays open; so far %q", i+1, got.String())
			}
		}
	}
	w.Close()
	for s := range out {
		got.WriteString(s)
	}
	if got.String() != strings.Join(want, "") {
		t.Errorf("results = %q, want %q", got.String(), strings.Join(want, ""))
	}
}
