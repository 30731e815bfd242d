package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/policy"
	"toolbench/internal/proctest"
)

// Every command meets bad input with a clear error and exit status 2,
// never a panic, a hang or a raw control character on the terminal.

// hardResult is what one run of the binary did.
type hardResult struct {
	code           int
	stdout, stderr string
	took           time.Duration
}

// hardRun runs the toolbench binary with stdin and fails the test if it
// has not ended within a minute.
func hardRun(t *testing.T, stdin io.Reader, args ...string) hardResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, toolbenchBin, args...)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := hardResult{stdout: stdout.String(), stderr: stderr.String(), took: time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("toolbench %q did not end within a minute", args)
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("toolbench %q: %v", args, err)
	}
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("toolbench %q crashed:\n%s", args, r.stderr)
	}
	return r
}

// hardFile writes content to a file named name in a new directory.
func hardFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// hardTool is a tool with no issues under the default rules.
const hardTool = `{"type": "function", "function": {"name": "search", "description": "Search the index for documents that match a query.",
  "parameters": {"type": "object", "properties": {"query": {"type": "string", "description": "Words to look for."}}, "required": ["query"]}}}`

// hardNotJSON are files that are not JSON, with the position and the
// message every command must give for them.
var hardNotJSON = []struct{ name, content, want string }{
	{"empty file", "", "1:1: empty input: expected a JSON value"},
	{"only white space", "  \n\t\n ", "3:2: no JSON value, only white space"},
	{"binary garbage", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", `1:1: invalid character '\x89' at start of value`},
	{"NUL bytes", "\x00\x00\x00\x00", `1:1: invalid character '\x00' at start of value`},
	{"invalid UTF-8", "[{\"name\": \"a\xff\"}]", "1:13: invalid UTF-8"},
	{"NaN", `[{"name": "a", "x": NaN}]`, "1:21: invalid character 'N' at start of value"},
	{"Infinity", "[\n  {\"name\": \"a\", \"x\": -Infinity}]", "2:23: invalid character 'I' in number (expecting digit)"},
	{"trailing data", "[" + hardTool + "]\n[]", "3:1: after the JSON value: unexpected data, only white space may follow"},
	{"a broken line of JSON Lines", "[]\n{\"name\": \"a\",\n[]\n", "2:14: JSON Lines value $[1]: unexpected end of input: an object is not closed (expected '}')"},
	{"a trailing comma", "[" + hardTool + ",\n]", "2:142: a trailing comma: JSON allows no ',' before ']'"},
	{"an escape character", "[{\"name\": \"\x1b[2J\"}]", `1:12: invalid character '\x1b' in string (expecting non-control character)`},
	{"nesting 100,000 deep", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "1:10001: too deeply nested: more than 10000 levels of objects and arrays"},
}

func TestLintFailsOnWhatIsNotJSONWithFileLineAndColumn(t *testing.T) {
	t.Parallel()
	for _, tc := range hardNotJSON {
		t.Run(tc.name, func(t *testing.T) {
			path := hardFile(t, "tools.json", tc.content)
			r := hardRun(t, nil, "lint", path)
			if r.code != exitFailure || r.stderr != "toolbench lint: "+path+":"+tc.want+"\n" {
				t.Errorf("lint: exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, path+":"+tc.want)
			}
			if want := "1 file could not be read or parsed\n"; r.stdout != want {
				t.Errorf("lint: stdout %q, want %q", r.stdout, want)
			}
			r = hardRun(t, strings.NewReader(tc.content), "lint", "--json")
			if r.code != exitFailure || r.stderr != "toolbench lint: <stdin>:"+tc.want+"\n" || r.stdout != "[]\n" {
				t.Errorf("lint --json of stdin: exit %d, stdout %q, stderr %q; want exit 2, [] and <stdin>:%s", r.code, r.stdout, r.stderr, tc.want)
			}
		})
	}
}

func TestCallFailsOnSchemasThatAreNotJSONWithFileLineAndColumn(t *testing.T) {
	t.Parallel()
	for _, tc := range hardNotJSON {
		t.Run(tc.name, func(t *testing.T) {
			path := hardFile(t, "schemas.json", tc.content)
			r := hardRun(t, strings.NewReader(`{"name": "search", "args": {"query": "x"}}`), "call", path)
			if r.code != exitFailure || r.stderr != "toolbench call: "+path+":"+tc.want+"\n" || r.stdout != "" {
				t.Errorf("call: exit %d, stdout %q, stderr %q; want exit 2 and %q", r.code, r.stdout, r.stderr, path+":"+tc.want)
			}
		})
	}
}

func TestEveryCommandSkipsAByteOrderMark(t *testing.T) {
	t.Parallel()
	tools := hardFile(t, "tools.json", "\ufeff["+hardTool+"]")
	if r := hardRun(t, nil, "lint", tools); r.code != exitOK || r.stdout != "valid\n" || r.stderr != "" {
		t.Errorf("lint: exit %d, stdout %q, stderr %q; want valid", r.code, r.stdout, r.stderr)
	}
	flat := hardFile(t, "schemas.json", "\ufeff"+`{"search": {"required": {"query": "str"}}}`)
	calls := "\ufeff" + `{"name": "search", "args": {"query": "x"}}` + "\n"
	for _, schemas := range []string{tools, flat} {
		if r := hardRun(t, strings.NewReader(calls), "call", schemas); r.code != exitOK || r.stdout != "valid\n" {
			t.Errorf("call %s: exit %d, stdout %q, stderr %q; want valid", filepath.Base(schemas), r.code, r.stdout, r.stderr)
		}
	}
}

func TestExtremeButLegalJSONLoads(t *testing.T) {
	t.Parallel()
	huge := strings.Repeat("x", 10<<20)
	cases := []struct {
		name, tools, call, want string
		code                    int
	}{
		{"1e999999 in a schema and a float argument",
			`[{"name": "search", "description": "Search the index for documents that match a query.", "parameters": {"type": "object", "properties": {"score": {"type": "number", "maximum": 1e999999}}}}]`,
			`{"name": "search", "args": {"score": 1e999999}}`, "valid\n", exitOK},
		{"1e999999 for an integer",
			`[{"name": "search", "description": "Search the index for documents that match a query.", "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}}}]`,
			`{"name": "search", "args": {"n": 1e999999}}`, "type:n:int\n", exitIssues},
		{"an integer of 400 digits",
			`[{"name": "search", "description": "Search the index for documents that match a query.", "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}}}]`,
			`{"name": "search", "args": {"n": ` + strings.Repeat("7", 400) + `}}`, "valid\n", exitOK},
		{"a 10 MB string",
			`[{"name": "search", "description": "Search the index: ` + huge + `", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}]`,
			`{"name": "search", "args": {"q": "` + huge + `"}}`, "valid\n", exitOK},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := hardFile(t, "tools.json", tc.tools)
			if r := hardRun(t, nil, "lint", path); r.code != exitOK || r.stderr != "" {
				t.Errorf("lint: exit %d, stderr %q; want it to load", r.code, r.stderr)
			}
			if r := hardRun(t, strings.NewReader(tc.call), "call", path); r.code != tc.code || r.stdout != tc.want {
				t.Errorf("call: exit %d, stdout %.100q, stderr %q; want %d and %q", r.code, r.stdout, r.stderr, tc.code, tc.want)
			}
		})
	}
}

// hardSparseFile makes a file one byte past the size limit that costs no
// disk space.
func hardSparseFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(jsondoc.MaxDocumentSize + 1); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestAFilePastTheSizeLimitIsRefusedWithoutReadingIt(t *testing.T) {
	t.Parallel()
	path := hardSparseFile(t)
	for _, args := range [][]string{{"lint", path}, {"lint", "--json", path}, {"call", path}} {
		r := hardRun(t, strings.NewReader("{}"), args...)
		want := fmt.Sprintf("toolbench %s: %s: input is larger than the 256 MiB limit\n", args[0], path)
		if r.code != exitFailure || r.stderr != want {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", args, r.code, r.stderr, want)
		}
		if r.took > 2*time.Second {
			t.Errorf("%q took %v: the file was read", args, r.took)
		}
	}
}

// hardEndless is standard input that never ends: an open array and
// then white space, JSON that is never wrong, only unfinished.
type hardEndless struct{ started bool }

func (r *hardEndless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	if !r.started && len(p) > 0 {
		p[0], r.started = '[', true
	}
	return len(p), nil
}

func TestEndlessStandardInputEndsAtTheSizeLimit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("reads 256 MiB")
	}
	r := hardRun(t, &hardEndless{}, "lint")
	t.Logf("lint of endless stdin ended after %v", r.took)
	if want := "toolbench lint: <stdin>: input is larger than the 256 MiB limit\n"; r.code != exitFailure || r.stderr != want {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, want)
	}
}

func TestDevZeroEndsAtOnceWithAPositionedError(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	want := `/dev/zero:1:1: invalid character '\x00' at start of value` + "\n"
	for _, args := range [][]string{{"lint", "/dev/zero"}, {"call", "/dev/zero"}} {
		r := hardRun(t, strings.NewReader("{}"), args...)
		t.Logf("%q ended after %v", args, r.took)
		if r.code != exitFailure || r.stderr != "toolbench "+args[0]+": "+want {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", args, r.code, r.stderr, want)
		}
		if r.took > 2*time.Second {
			t.Errorf("%q took %v", args, r.took)
		}
	}
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	defer zero.Close()
	if r := hardRun(t, zero, "lint"); r.code != exitFailure || r.stderr != "toolbench lint: <stdin>:1:1: invalid character '\\x00' at start of value\n" {
		t.Errorf("lint < /dev/zero: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestCallsThatNeverEndStopAtTheirFirstBytesOrTheSizeLimit: CALLS that
// no JSON value starts fail at their first bytes, read no further;
// CALLS that start like JSON and never end stop at the size limit.
func TestCallsThatNeverEndStopAtTheirFirstBytesOrTheSizeLimit(t *testing.T) {
	t.Parallel()
	schemas := hardFile(t, "tools.json", "["+hardTool+"]")
	for _, tc := range []struct {
		name           string
		stdin          io.Reader
		args           []string
		code           int
		stdout, stderr string
	}{
		{"/dev/zero", nil, []string{"call", schemas, "/dev/zero"}, exitIssues, `malformed:1:1: invalid character '\x00' at start of value` + "\n", ""},
		{"a line of '{' without end", &hardRepeat{unit: "{"}, []string{"call", schemas}, exitIssues, "malformed:1:2: object member name must be a string\n", ""},
		{"lines of '{' without end", &hardRepeat{unit: "{\n"}, []string{"call", schemas}, exitIssues, "malformed:2:1: object member name must be a string\n", ""},
		{"an array that never ends", &hardEndless{}, []string{"call", schemas}, exitFailure, "", "toolbench call: <stdin>: input is larger than the 256 MiB limit\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := hardRun(t, tc.stdin, tc.args...)
			t.Logf("ended after %v", r.took)
			if r.code != tc.code || r.stdout != tc.stdout || r.stderr != tc.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", r.code, r.stdout, r.stderr, tc.code, tc.stdout, tc.stderr)
			}
			if rep, ok := tc.stdin.(*hardRepeat); ok && rep.read > 1<<20 {
				t.Errorf("read %d bytes, want a buffer's worth or two", rep.read)
			}
		})
	}
}

// hardRepeat is input that repeats unit without end, counting what is
// read of it.
type hardRepeat struct {
	unit string
	off  int
	read int64
}

func (r *hardRepeat) Read(p []byte) (int, error) {
	for n := 0; n < len(p); {
		c := copy(p[n:], r.unit[r.off:])
		n += c
		r.off = (r.off + c) % len(r.unit)
	}
	r.read += int64(len(p))
	return len(p), nil
}

func TestDuplicateKeyIsAWarningAtTheSecondKeyNamingTheFirstsLine(t *testing.T) {
	t.Parallel()
	src := "[{\"type\": \"function\", \"function\": {\"name\": \"search\",\n" +
		"  \"description\": \"Search the index for documents that match a query.\",\n" +
		"  \"name\": \"search\",\n" +
		"  \"parameters\": {\"type\": \"object\", \"properties\": {\"query\": {\"type\": \"string\", \"description\": \"Words to look for.\"}}, \"required\": [\"query\"]}}}]"
	path := hardFile(t, "tools.json", src)
	r := hardRun(t, nil, "lint", path)
	want := "WARNING " + path + ":3:3 $[0].function.name: key 'name' appears twice in this object; the first is on line 1, and the last value wins [duplicate-key]\n" +
		"      3 |   \"name\": \"search\",\n" +
		"        |   ^^^^^^\n" +
		"        hint: Remove one of the two members.\n" +
		"\n" +
		"1 warning in 1 file\n"
	if r.code != exitOK || r.stdout != want {
		t.Errorf("lint: exit %d, stdout\n%s\nwant exit 0 and\n%s", r.code, r.stdout, want)
	}
	r = hardRun(t, nil, "lint", "--json", path)
	var issues []lint.Issue
	if err := json.Unmarshal([]byte(r.stdout), &issues); err != nil {
		t.Fatalf("lint --json: %v\n%s", err, r.stdout)
	}
	if len(issues) != 1 || issues[0].Code != "duplicate-key" || issues[0].Severity != catalog.Warning || issues[0].Line != 3 || issues[0].Column != 3 {
		t.Errorf("lint --json issues = %+v, want one duplicate-key warning at 3:3", issues)
	}
}

// hardHostile is a tools document whose every string holds escape
// sequences, control characters, bidi overrides and invisible characters.
const hardHostile = `[{"type": "function", "function": {
  "name": "get\u001b[2Jweather\u202e",
  "description": "Gets\u0007 the \u001b]0;pwned\u0007weather\u009b31m for a city.\u200b",
  "parameters": {"type": "object",
    "properties": {"ci\u001bty\u2066": {"type": "strin\u001bg", "enum": ["a\u0000", "a\u0000"]}},
    "required": ["ci\u001bty\u2066", "st\u0008ate\udb40\udc41"]}}},
 {"name": "get\u001b[2Jweather\u202e", "description": "\u001b[31m", "parameters": {"type": "object", "properties": {"\u202ea": {}, "\u202ea": {}}}}]`

// hardCheckSafe fails if what a command wrote to stdout or stderr holds
// characters from the input that a terminal would interpret. JSON output
// may hold them JSON-escaped; it must then decode.
func hardCheckSafe(t *testing.T, what string, r hardResult, jsonOut bool) {
	t.Helper()
	if found := termtext.Hazards(r.stderr); len(found) > 0 {
		t.Errorf("%s: stderr holds %v:\n%s", what, found, r.stderr)
	}
	if !jsonOut {
		if found := termtext.Hazards(r.stdout); len(found) > 0 {
			t.Errorf("%s: stdout holds %v:\n%s", what, found, r.stdout)
		}
		return
	}
	if strings.ContainsFunc(r.stdout, func(c rune) bool { return c < 0x20 && c != '\n' || c == 0x7f }) {
		t.Errorf("%s: JSON output holds a raw control character:\n%q", what, r.stdout)
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			break
		} else if err != nil {
			t.Errorf("%s: JSON output does not decode: %v\n%s", what, err, r.stdout)
			break
		}
	}
}

func TestNoCommandWritesTheInputsControlCharactersToTheTerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := filepath.Join(dir, "evil\x1b]0;pwned\a\u202e.json")
	if err := os.WriteFile(evil, []byte(hardHostile), 0o644); err != nil {
		t.Fatal(err)
	}
	badJSON := filepath.Join(dir, "bad\x1b[2J.json")
	if err := os.WriteFile(badJSON, []byte("[{\"name\": \"\x1b[31m\u202e\"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	hostileCalls := strings.Join([]string{
		`{"name": "get\u001b[2Jweather\u202e", "args": {"ci\u001bty\u2066": "x", "\u009b": 1}}`,
		`{"name": "\u001b]0;pwned\u0007", "args": {}}`,
		"{\"name\": \"\x1b[2J\"}",
		"\x1b[2J\u202e",
		`{"name": "get\u001b[2Jweather\u202e", "arguments": "{\"\u001b\": 1"}`,
	}, "\n") + "\n"
	flat := filepath.Join(dir, "flat.json")
	if err := os.WriteFile(flat, []byte(`{"t\u001b[2J": {"required": {"\u202ex": "str"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
	}{
		{"lint text", "", []string{"lint", evil}, exitIssues},
		{"lint text of stdin", hardHostile, []string{"lint", "-", badJSON}, exitFailure},
		{"lint of a file that is not JSON", "", []string{"lint", badJSON}, exitFailure},
		{"lint of a missing file", "", []string{"lint", filepath.Join(dir, "gone\x1b[2J\u202e.json")}, exitFailure},
		{"lint with a bad flag", "", []string{"lint", "--target", "x\x1b[2J"}, exitFailure},
		{"call text", hostileCalls, []string{"call", evil}, exitIssues},
		{"call text against flat schemas", hostileCalls, []string{"call", flat}, exitIssues},
		{"call text of one call", `{"name": "t\u001b[2J", "args": {"\u202ex": 1, "\u0007": 2}}`, []string{"call", flat}, exitIssues},
		{"call deep", hostileCalls, []string{"call", "--deep", evil}, exitIssues},
		{"call with schemas that are not JSON", hostileCalls, []string{"call", badJSON}, exitFailure},
		{"call of a missing calls file", "", []string{"call", evil, filepath.Join(dir, "gone\x1b[2J\u202e.jsonl")}, exitFailure},
		{"watch with a bad flag", "", []string{"watch", "--ignore", "x\x1b[2J", evil}, exitFailure},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := hardRun(t, strings.NewReader(tc.stdin), tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d; stdout %q, stderr %q", r.code, tc.code, r.stdout, r.stderr)
			}
			if r.stdout == "" && r.stderr == "" {
				t.Errorf("no output at all")
			}
			hardCheckSafe(t, tc.name, r, false)
			if tc.args[0] == "watch" {
				return
			}
			jsonArgs := append([]string{tc.args[0], "--json"}, tc.args[1:]...)
			hardCheckSafe(t, tc.name+" --json", hardRun(t, strings.NewReader(tc.stdin), jsonArgs...), true)
		})
	}
}

func TestWatchTextNeverWritesTheFilesControlCharacters(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "evil\x1b]0;pwned\a.json")
	if err := os.WriteFile(path, []byte(hardHostile), 0o644); err != nil {
		t.Fatal(err)
	}
	var out proctest.Buffer
	e := &env{dir: workDir(t), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	stop := make(chan os.Signal, 1)
	done := make(chan int)
	go func() { done <- streamWatch(e, &watched{&watchOptions{file: path}, &policy.Policy{}}, stop) }()
	header := `== \d{4}-\d\d-\d\d \d\d:\d\d:\d\d ` + regexp.QuoteMeta(termtext.EscapeLine(path)) + " ==\n"
	waitOutput(t, &out, regexp.MustCompile(`^`+header+`(?s:.*)\[invalid-name\]`))
	if err := os.WriteFile(path, []byte("[\"\u202e\x1b[2J"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitOutput(t, &out, regexp.MustCompile(header+regexp.QuoteMeta(termtext.EscapeLine(path))+`:1:\d+: .*\n$`))
	stop <- syscall.SIGINT
	<-done
	if found := termtext.Hazards(out.String()); len(found) > 0 {
		t.Errorf("watch text output holds %v:\n%s", found, out.String())
	}
}

// hardBadLines are JSON Lines that cost only themselves, with the result
// each gets from `call --json`.
var hardBadLines = []struct{ line, want string }{
	{`{"name": "search", "args": {"query": "x"}}`, `[]`},
	{"not json", `["malformed:2:2: invalid character 'o' in literal null (expecting 'u')"]`},
	{"\x00\x00", `["malformed:3:1: invalid character '\\x00' at start of value"]`},
	{"{\"name\": \"\xff\"}", `["malformed:4:11: invalid UTF-8"]`},
	{`{"name": "search", "args": {"query": NaN}}`, `["malformed:5:38: invalid character 'N' at start of value"]`},
	{`{"name": "search"} {"name": "search"}`, `["malformed:6:20: after the JSON value: unexpected data, only white space may follow"]`},
	{`{"name": "search", "args": {"query": ` + strings.Repeat("[", 100000) + `}}`, `["malformed:7:10036: too deeply nested: more than 10000 levels of objects and arrays"]`},
	{`{"name": "search", "args": {"query": "x", "n": 1e999999}}`, `["extra:n"]`},
	{`{"name": "search", "arguments": "{\"query\": Infinity}"}`, `["malformed:arguments is not valid JSON: 1:11: invalid character 'I' at start of value"]`},
	{"[", `["malformed:10:2: unexpected end of input: an array is not closed (expected ']')"]`},
	{`{"name": "search", "args": {"query": "y"}}`, `[]`},
}

func TestCallBatchGoesOnPastBadLines(t *testing.T) {
	t.Parallel()
	schemas := hardFile(t, "tools.json", "["+hardTool+"]")
	var in, want strings.Builder
	for _, l := range hardBadLines {
		in.WriteString(l.line + "\n")
		want.WriteString(l.want + "\n")
	}
	calls := hardFile(t, "calls.jsonl", in.String())
	r := hardRun(t, nil, "call", "--json", schemas, calls)
	if r.code != exitIssues || r.stdout != want.String() {
		t.Errorf("exit %d, stdout\n%s\nwant exit 1 and\n%s", r.code, r.stdout, want.String())
	}
	r = hardRun(t, nil, "call", schemas, calls)
	if n := strings.Count(r.stdout, "\n"); r.code != exitIssues || n != len(hardBadLines)+1 {
		t.Errorf("text: exit %d, %d lines, want exit 1 and a line for each of %d calls and a summary:\n%s", r.code, n, len(hardBadLines), r.stdout)
	}
	if !strings.HasSuffix(r.stdout, fmt.Sprintf("%d calls: 2 valid, %d invalid\n", len(hardBadLines), len(hardBadLines)-2)) {
		t.Errorf("text summary wrong:\n%s", r.stdout)
	}
}

func TestWatchSurvivesBadInputOnASaveAndRecovers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tools.json")
	good := "[" + hardTool + "]"
	if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startWatch(t, "--json", path)
	if l := p.next(t); !l.OK {
		t.Fatalf("first load: %+v", l)
	}
	type saved struct {
		name    string
		save    func() error
		ok      bool
		inError string // part of the error when not ok, or a code when ok
	}
	write := func(s string) func() error { return func() error { return os.WriteFile(path, []byte(s), 0o644) } }
	var cases []saved
	for _, tc := range hardNotJSON {
		cases = append(cases, saved{tc.name, write(tc.content), false, path + ":" + tc.want})
	}
	cases = append(cases,
		saved{"a file past the size limit", func() error { return os.Truncate(path, jsondoc.MaxDocumentSize+1) }, false, path + ": input is larger than the 256 MiB limit"},
		saved{"1e999999", write(`[{"name": "search", "description": "Search the index for documents that match a query.", "parameters": {"type": "object", "properties": {"n": {"type": "number", "maximum": 1e999999}}}}]`), true, ""},
		saved{"a 10 MB string", write(`[{"name": "search", "description": "` + strings.Repeat("x", 10<<20) + `", "parameters": {"type": "object", "properties": {"n": {"type": "number"}}}}]`), true, ""},
		saved{"a duplicate key", write(`[{"name": "search", "name": "search", "description": "Search the index for documents that match a query.", "parameters": {"type": "object", "properties": {"n": {"type": "number"}}}}]`), true, "duplicate-key"},
		saved{"escape sequences", write(hardHostile), true, "invalid-name"},
	)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.save(); err != nil {
				t.Fatal(err)
			}
			// A write can reach the watch as more than one event, so a
			// reload of the good file before it may still be on its way:
			// a save that lints is waited for by the code it brings.
			l := p.until(t, "the save", func(l watchJSONLine) bool {
				return l.OK == tc.ok && (!tc.ok || tc.inError == "" || strings.Contains(strings.Join(issueCodes(l), " "), tc.inError))
			})
			if !tc.ok && l.Error != tc.inError {
				t.Errorf("error = %q, want %q", l.Error, tc.inError)
			}
			if err := os.WriteFile(path, []byte(good), 0o644); err != nil {
				t.Fatal(err)
			}
			p.until(t, "the fixed file", func(l watchJSONLine) bool { return l.OK && len(l.Issues) == 0 })
		})
	}
	p.stop(t, syscall.SIGTERM)
}

func TestEveryFileBesideTheDocumentsIsReadUpToABound(t *testing.T) {
	// The configuration, the servers file, the lock and the baseline were
	// read whole: /dev/zero as any of them ran until memory ran out.
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	tools := hardFile(t, "tools.json", "["+hardTool+"]")
	withKey := func(key string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "toolbench.toml"), []byte(key+` = "/dev/zero"`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	const bound = "/dev/zero: larger than the 64 MiB toolbench reads of a configuration, servers, lock or baseline file (--max-file-size raises it)"
	tests := []struct {
		name string
		dir  string // where it runs; "" for here
		args []string
		want string
	}{
		{"--config", "", []string{"lint", "--config", "/dev/zero", tools}, bound},
		{"--baseline", "", []string{"lint", "--baseline", "/dev/zero", tools}, bound},
		{"--mcp-config with --server", "", []string{"lint", "--server", "s", "--mcp-config", "/dev/zero"}, bound},
		{"--mcp-config with --all-servers", "", []string{"lint", "--all-servers", "--mcp-config", "/dev/zero"}, bound},
		{"--mcp-config of dump --all-servers", "", []string{"dump", "--all-servers", "--dir", t.TempDir(), "--mcp-config", "/dev/zero"}, bound},
		{"--lock of verify", "", []string{"verify", "--lock", "/dev/zero"}, bound},
		{"--lock of lock", "", []string{"lock", "--lock", "/dev/zero", tools}, bound},
		{"the configuration's lock", withKey("lock"), []string{"verify"}, bound},
		{"the configuration's baseline", withKey("baseline"), []string{"lint", tools}, bound},
		{"a bound of one's own", "", []string{"lint", "--max-file-size", "1KiB", "--config", "/dev/zero", tools}, "larger than the 1 KiB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, toolbenchBin, tc.args...)
			cmd.Dir = tc.dir
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			start := time.Now()
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitFailure || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("toolbench %q: %v, stderr %q; want exit 2 and %q", tc.args, err, stderr.String(), tc.want)
			}
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("toolbench %q took %v", tc.args, took)
			}
		})
	}
}

func TestAFilePastTheBoundIsNamedAsItWasGiven(t *testing.T) {
	// The file is read from the working directory, joined to it; the
	// error names it as the command line did, not as it was opened.
	project(t, map[string]string{
		"big.json":   `{"mcpServers":{"s":{"command":"x"}}}` + strings.Repeat(" ", 2<<10),
		"tools.json": "[" + hardTool + "]",
	})
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"--config", []string{"lint", "--config", "big.json", "tools.json"}, "toolbench lint: big.json: larger than the 1 KiB"},
		{"--baseline", []string{"lint", "--baseline", "big.json", "tools.json"}, "toolbench lint: big.json: larger than the 1 KiB"},
		{"--write-baseline", []string{"lint", "--write-baseline", "big.json", "tools.json"}, "toolbench lint: big.json: larger than the 1 KiB"},
		{"--mcp-config with --server", []string{"lint", "--server", "s", "--mcp-config", "big.json"}, "toolbench lint: big.json: larger than the 1 KiB"},
		{"--mcp-config with --all-servers", []string{"lint", "--all-servers", "--mcp-config", "big.json"}, "toolbench lint: big.json: larger than the 1 KiB"},
		{"--lock of verify", []string{"verify", "--lock", "big.json"}, "toolbench verify: big.json: larger than the 1 KiB"},
		{"--mcp-config of proxy wrap", []string{"proxy", "wrap", "--command", "toolbench", "--mcp-config", "big.json"}, "toolbench proxy wrap: big.json: larger than the 1 KiB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := runIn(t, append([]string{"--max-file-size", "1KiB"}, tc.args...)...)
			if code != exitFailure || !strings.HasPrefix(stderr, tc.want) {
				t.Errorf("toolbench %q: exit %d, stderr %q; want exit 2 and %q first", tc.args, code, stderr, tc.want)
			}
		})
	}
}
