package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// callRun runs toolbench in-process with stdin and returns its exit code,
// stdout and stderr.
func callRun(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	e := &env{
		dir:        workDir(t),
		stdin:      strings.NewReader(stdin),
		stdout:     &stdout,
		stderr:     &stderr,
		getenv:     func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false },
	}
	code := run(e, args)
	return code, stdout.String(), stderr.String()
}

// callLines is the text of lines, each ended by a newline.
func callLines(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

const (
	callFlat  = "testdata/call/schemas.json"
	callTools = "testdata/call/tools.json"
	callBatch = "testdata/call/calls.jsonl"
)

// callBatchToolsJSON is the --json result of calls.jsonl against tools.json.
var callBatchToolsJSON = callLines(
	`[]`,
	`["missing:query", "extra:debug", "type:limit:int"]`,
	`[]`,
	`["missing:timeout"]`,
	`["unknown_tool:delete_all"]`,
	`[]`,
	`["malformed:args is not an object"]`,
	`["malformed:9:2: invalid character 'o' in literal null (expecting 'u')"]`,
	`["type:limit:int"]`,
	`[]`,
)

func TestCallChecksTheBatchAgainstEachKindOfSchemas(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     string
	}{
		{
			name:     "flat schemas as text",
			args:     []string{"call", callFlat, callBatch},
			wantCode: exitIssues,
			want: callLines(
				"line 1: valid",
				"line 2: missing:query, extra:debug, type:limit:int",
				"line 3: valid",
				"line 4: missing:timeout",
				"line 6: unknown_tool:delete_all",
				"line 7: unknown_tool:ship",
				"line 8: malformed:args is not an object",
				"line 9: malformed:9:2: invalid character 'o' in literal null (expecting 'u')",
				"line 10: type:limit:int",
				"line 11: unknown_tool:ship",
				"10 calls: 2 valid, 8 invalid",
			),
		},
		{
			name:     "tools document as JSON",
			args:     []string{"call", "--json", callTools, callBatch},
			wantCode: exitIssues,
			want:     callBatchToolsJSON,
		},
		{
			name:     "deep as JSON",
			args:     []string{"call", "--deep", "--json", callTools, callBatch},
			wantCode: exitIssues,
			want: callLines(
				`{"errors": [], "schema": []}`,
				`{"errors": ["missing:query", "extra:debug", "type:limit:int"], "schema": [{"path": "", "message": "missing property 'query'"}, {"path": "/limit", "message": "got boolean, want integer"}]}`,
				`{"errors": [], "schema": []}`,
				`{"errors": ["missing:timeout"], "schema": [{"path": "", "message": "missing property 'timeout'"}]}`,
				`{"errors": ["unknown_tool:delete_all"], "schema": []}`,
				`{"errors": [], "schema": [{"path": "/address/zip", "message": "'1234' does not match pattern '^[0-9]{5}$'"}]}`,
				`{"errors": ["malformed:args is not an object"], "schema": []}`,
				`{"errors": ["malformed:9:2: invalid character 'o' in literal null (expecting 'u')"], "schema": []}`,
				`{"errors": ["type:limit:int"], "schema": []}`,
				`{"errors": [], "schema": [{"path": "/items", "message": "minItems: got 0, want 1"}]}`,
			),
		},
		{
			name:     "deep as text",
			args:     []string{"call", "--deep", callTools, callBatch},
			wantCode: exitIssues,
			want: callLines(
				"line 1: valid",
				"line 2: missing:query, extra:debug, type:limit:int, schema: missing property 'query', schema:/limit: got boolean, want integer",
				"line 3: valid",
				"line 4: missing:timeout, schema: missing property 'timeout'",
				"line 6: unknown_tool:delete_all",
				"line 7: schema:/address/zip: '1234' does not match pattern '^[0-9]{5}$'",
				"line 8: malformed:args is not an object",
				"line 9: malformed:9:2: invalid character 'o' in literal null (expecting 'u')",
				"line 10: type:limit:int",
				"line 11: schema:/items: minItems: got 0, want 1",
				"10 calls: 2 valid, 8 invalid",
			),
		},
		{
			name:     "flags after the files",
			args:     []string{"call", callTools, callBatch, "--json"},
			wantCode: exitIssues,
			want:     callBatchToolsJSON,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := callRun(t, "", tc.args...)
			if code != tc.wantCode {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tc.wantCode, stderr)
			}
			if diff := cmp.Diff(tc.want, stdout); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCallOneCallFromStdin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		want     string
	}{
		{"valid call prints valid", []string{"call", callFlat}, `{"name": "search", "args": {"query": "x", "limit": 1}}`, exitOK, "valid\n"},
		{"errors a line each", []string{"call", callFlat}, `{"name": "search", "args": {"limit": true, "debug": 1}}`, exitIssues,
			callLines("missing:query", "extra:debug", "type:limit:int")},
		{"pretty-printed call is one call", []string{"call", callFlat}, "{\n  \"name\": \"fetch\",\n  \"args\": {\n    \"url\": 3\n  }\n}\n", exitIssues,
			callLines("missing:timeout", "type:url:str")},
		{"dash reads stdin", []string{"call", callFlat, "-"}, `{"name": "fetch", "args": {"url": "u", "timeout": 1}}`, exitOK, "valid\n"},
		{"JSON of a valid call", []string{"call", "--json", callFlat}, `{"name": "fetch", "args": {"url": "u", "timeout": 1}}`, exitOK, "[]\n"},
		{"broken pretty-printed call names line and column", []string{"call", callFlat}, "{\n  \"name\": \"fetch\",\n  \"args\": {\"url\": 3\n}\n", exitIssues,
			"malformed:5:1: unexpected end of input: an object is not closed (expected '}')\n"},
		{"one JSON line is one call", []string{"call", callFlat}, "\n{\"name\": \"nope\"}\n\n", exitIssues, "unknown_tool:nope\n"},
		{"empty input holds no calls", []string{"call", callFlat}, "\n  \n", exitOK, "no calls\n"},
		{"empty input as JSON prints nothing", []string{"call", "--json", callFlat}, "", exitOK, ""},
		{"a pretty-printed call before a JSON line is a call of its own", []string{"call", "--json", callFlat},
			"{\n\"name\": \"tag\"}\n{\"name\": \"tag\", \"args\": {\"ids\": []}}\n", exitIssues,
			callLines(`["missing:ids"]`, `[]`)},
		{"a line that is no JSON among JSON lines costs only itself", []string{"call", "--json", callFlat},
			"{\"name\": \"tag\"\n{\"name\": \"tag\", \"args\": {\"ids\": []}}\n", exitIssues,
			callLines(`["malformed:1:15: unexpected end of input: an object is not closed (expected '}')"]`, `[]`)},
		{"schemas from stdin", []string{"call", "-", callBatch}, `{"search": {"required": {"query": "str", "limit": "int"}}}`, exitIssues,
			callLines(
				"line 1: valid",
				"line 2: missing:query, extra:debug, type:limit:int",
				"line 3: unknown_tool:fetch",
				"line 4: unknown_tool:fetch",
				"line 6: unknown_tool:delete_all",
				"line 7: unknown_tool:ship",
				"line 8: malformed:args is not an object",
				"line 9: malformed:9:2: invalid character 'o' in literal null (expecting 'u')",
				"line 10: type:limit:int",
				"line 11: unknown_tool:ship",
				"10 calls: 1 valid, 9 invalid",
			)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := callRun(t, tc.stdin, tc.args...)
			if code != tc.wantCode {
				t.Errorf("exit code = %d, want %d (stderr %q)", code, tc.wantCode, stderr)
			}
			if diff := cmp.Diff(tc.want, stdout); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCallFailsWithExit2OnUsageAndUnreadableInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"search\": {\"required\": {\"q\": \"str\",}}\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrongType := filepath.Join(dir, "types.json")
	if err := os.WriteFile(wrongType, []byte("{\"search\": {\"required\": {\"q\": \"string\"}}}"), 0o644); err != nil {
		t.Fatal(err)
	}
	notTools := filepath.Join(dir, "list.json")
	if err := os.WriteFile(notTools, []byte(`"tools"`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{"no SCHEMAS", []string{"call"}, "missing SCHEMAS"},
		{"too many files", []string{"call", callFlat, callBatch, callBatch}, "too many arguments"},
		{"unknown flag", []string{"call", "--strict", callFlat}, "toolbench call: unknown flag: --strict\nRun 'toolbench call -h' for usage.\n"},
		{"unknown format", []string{"call", "--format", "xml", callFlat}, `toolbench call: unknown --format "xml" (known: text, json, sarif, github, markdown); --schemas flat|tools says how to read SCHEMAS`},
		{"unknown schema kind", []string{"call", "--schemas", "yaml", callFlat}, `toolbench call: unknown --schemas "yaml" (known: flat, tools)`},
		{"old and new spellings of the kind", []string{"call", "--format", "flat", "--schemas", "tools", callFlat}, "--format flat and --schemas tools both say how to read SCHEMAS: give --schemas"},
		{"--json and --format text", []string{"call", "--json", "--format", "text", callFlat}, "--json and --format text disagree"},
		{"--deep with flat schemas", []string{"call", "--deep", "--schemas", "flat", callFlat}, "toolbench call: --deep validates against a tools document's JSON Schemas; a flat schema file has field types only, which the check without --deep covers\nRun 'toolbench call -h' for usage.\n"},
		{"--deep with schemas found flat", []string{"call", "--deep", callFlat}, "toolbench call: " + callFlat + ": --deep validates against a tools document's JSON Schemas; a flat schema file has field types only, which the check without --deep covers\n"},
		{"a kind for a server", []string{"call", "--schemas", "flat", "--server-cmd", "srv"}, "--schemas says how to read SCHEMAS; --server-cmd lists a tools document"},
		{"stdin twice", []string{"call", "-", "-"}, "cannot both be standard input"},
		{"SCHEMAS missing", []string{"call", filepath.Join(dir, "none.json")}, "none.json: no such file"},
		{"SCHEMAS not JSON names file line and column", []string{"call", bad}, bad + ":2:37: "},
		{"flat type unknown names file line and column", []string{"call", wrongType}, wrongType + ":1:31: tool \"search\": field \"q\": the type must be one of str, int, float, bool, list, dict"},
		{"tools document forced flat", []string{"call", "--schemas", "flat", callTools}, callTools + ":2:12: tool \"tools\": expected an object with \"required\" and \"optional\" maps, got an array"},
		{"flat file forced tools", []string{"call", "--schemas", "tools", callFlat}, callFlat + ":1:1: not a tools document"},
		{"not a tools document", []string{"call", notTools}, notTools + ":1:1: not a tools document"},
		{"CALLS missing", []string{"call", callFlat, filepath.Join(dir, "none.jsonl")}, "none.jsonl: no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := callRun(t, "", tc.args...)
			if code != exitFailure {
				t.Errorf("exit code = %d, want %d", code, exitFailure)
			}
			if stdout != "" {
				t.Errorf("stdout = %q, want nothing", stdout)
			}
			if !strings.Contains(stderr, tc.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", stderr, tc.wantStderr)
			}
		})
	}
}

func TestCallHelpShowsUsageFlagsAndAnExample(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"-h", "--help"} {
		t.Run(arg, func(t *testing.T) {
			code, stdout, _ := callRun(t, "", "call", arg)
			if code != exitOK {
				t.Errorf("exit code = %d, want %d", code, exitOK)
			}
			for _, want := range []string{"toolbench call SCHEMAS [CALLS] [--flags]", "--json", "--deep", "--format", "--run", "EXAMPLES", "Exit status"} {
				if !strings.Contains(stdout, want) {
					t.Errorf("help lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}

func TestCallIsListedInTheHelp(t *testing.T) {
	t.Parallel()
	_, stdout, _ := callRun(t, "", "--help")
	if !strings.Contains(stdout, "  Check tool calls, or run them on a server\n") {
		t.Errorf("toolbench --help does not list call:\n%s", stdout)
	}
}

func TestCallEscapesControlCharactersInText(t *testing.T) {
	t.Parallel()
	stdin := "{\"name\": \"evil\\u001b[2J\\u202e\"}"
	code, stdout, _ := callRun(t, stdin, "call", callFlat)
	if code != exitIssues {
		t.Errorf("exit code = %d, want %d", code, exitIssues)
	}
	if want := "unknown_tool:evil\\x1b[2J\\u{202E}\n"; stdout != want {
		t.Errorf("stdout = %q, want %q", stdout, want)
	}
	_, stdout, _ = callRun(t, stdin, "call", "--json", callFlat)
	if want := "[\"unknown_tool:evil\\u001b[2J\\u202e\"]\n"; stdout != want {
		t.Errorf("JSON stdout = %q, want %q", stdout, want)
	}
}

func TestCallReadsADatasetOfJSONLinesWithPythonAndJavaTypeNames(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := callRun(t, "", "call", "testdata/call/dataset.jsonl", "testdata/call/dataset-calls.jsonl")
	want := callLines(
		"line 1: valid",
		"line 2: type:litres:float",
		"line 3: valid",
		"line 4: type:count:int, type:options:dict",
		"4 calls: 2 valid, 2 invalid",
	)
	if code != exitIssues || stdout != want {
		t.Errorf("exit %d, stdout\n%s\nwant exit 1 and\n%s", code, stdout, want)
	}
	// The one field of a type nothing can be derived from is said once,
	// however many calls pass it.
	wantErr := "toolbench call: testdata/call/dataset.jsonl:2:403: tool \"SeedLog.record\", field \"trays\": no flat type can be derived from type \"HashMap\", so any value passes\n"
	if stderr != wantErr {
		t.Errorf("stderr\n%q\nwant\n%q", stderr, wantErr)
	}
}

func TestCallSaysWhenANameIsDefinedAgainWithOtherParameters(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tools := filepath.Join(dir, "records.jsonl")
	lines := `{"name": "a", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}` + "\n" +
		`{"name": "a", "parameters": {"type": "object", "properties": {"y": {"type": "string"}}}}` + "\n" +
		`{"name": "a", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}` + "\n"
	if err := os.WriteFile(tools, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := callRun(t, `{"name": "a", "args": {"x": "1"}}`, "call", tools)
	want := "toolbench call: " + tools + ": 1 tool name is defined again with other parameters (\"a\" at 1:10 and 2:10); calls are checked against the first definition of each name\n"
	if code != exitOK || stdout != "valid\n" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr\n%q\nwant 0, valid and\n%q", code, stdout, stderr, want)
	}
}

// TestCallFormatNamesTheReport: --format json is --json, and the old
// --format flat|tools still reads SCHEMAS so, with a note.
func TestCallFormatNamesTheReport(t *testing.T) {
	t.Parallel()
	calls := "{\"name\": \"search\", \"args\": {\"limit\": true, \"debug\": 1}}\n"
	_, asJSON, _ := callRun(t, calls, "call", "--json", callFlat)
	for _, args := range [][]string{{"--format", "json"}, {"--format=json", "--json"}, {"--format", "flat", "--json"}} {
		code, out, stderr := callRun(t, calls, append(append([]string{"call"}, args...), callFlat)...)
		if code != exitIssues || out != asJSON || stderr != "" && args[1] != "flat" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1 and %q", args, code, out, stderr, asJSON)
		}
	}
	_, asText, _ := callRun(t, calls, "call", callFlat)
	for _, tc := range []struct {
		args []string
		note string
	}{
		{[]string{"--format", "text"}, ""},
		{[]string{"--schemas", "flat"}, ""},
		{[]string{"--format", "flat"}, "toolbench call: --format flat is --schemas flat now; --format names the report's format (text, json, sarif, github, markdown)\n"},
	} {
		code, out, stderr := callRun(t, calls, append(append([]string{"call"}, tc.args...), callFlat)...)
		if code != exitIssues || out != asText || stderr != tc.note {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1, %q and %q", tc.args, code, out, stderr, asText, tc.note)
		}
	}
}

// TestACallTheProxyRefusedForItsSchemaIsInvalidToCallOfTheRecord checks
// a record's calls as the proxy checked them: deep, against a tools
// document, unless --deep=false says not; calls of another kind are
// checked deep only with --deep.
func TestACallTheProxyRefusedForItsSchemaIsInvalidToCallOfTheRecord(t *testing.T) {
	t.Parallel()
	const (
		tools = `[{"name": "get_sum", "inputSchema": {"type": "object", "properties": {"a": {"type": "number", "minimum": 0}}, "required": ["a"]}}]`
		// The proxy refused it: a is below the minimum, which no flat
		// type says.
		refused = `{"time":"2026-12-04T20:54:53Z","from":"client","to":"server","kind":"request","method":"tools/call","id":2,"tool":"get_sum","bytes":1,"verdict":"refused","params":{"name":"get_sum","arguments":{"a":-1}}}`
	)
	project(t, map[string]string{
		"tools.json":   tools,
		"schemas.json": `{"get_sum": {"required": {"a": "float"}}}`,
		"rec.jsonl":    refused + "\n",
		"calls.jsonl":  `{"name":"get_sum","arguments":{"a":-1}}` + "\n",
	})
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"a record against a tools document", []string{"call", "tools.json", "rec.jsonl"}, exitIssues, "schema:/a: minimum: got -1, want at least 0\n"},
		{"a record, --deep=false", []string{"call", "--deep=false", "tools.json", "rec.jsonl"}, exitOK, "valid\n"},
		{"a record against flat schemas", []string{"call", "schemas.json", "rec.jsonl"}, exitOK, "valid\n"},
		{"calls of no record", []string{"call", "tools.json", "calls.jsonl"}, exitOK, "valid\n"},
		{"calls of no record, --deep", []string{"call", "--deep", "tools.json", "calls.jsonl"}, exitIssues, "schema:/a: minimum: got -1, want at least 0\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := callRun(t, "", tc.args...)
			if code != tc.code || out != tc.want {
				t.Errorf("exit %d, stdout %q; want %d, %q (stderr %q)", code, out, tc.code, tc.want, errOut)
			}
		})
	}
}
