package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/lint"
	"toolbench/internal/gen"
)

func init() {
	// -update rewrites the golden files; another test file may define it.
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files under testdata")
	}
}

func lintGoldenUpdate() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// checkLintGolden compares got with testdata/lint/golden/name, or writes
// it there under -update.
func checkLintGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "lint", "golden", name)
	if lintGoldenUpdate() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("output differs from %s (-want +got):\n%s", path, diff)
	}
}

// lintTerm says whether the test's stdout is a terminal, and NO_COLOR.
type lintTerm struct {
	terminal bool
	noColor  string
}

// runLintIn runs `toolbench lint args...` in process.
func runLintIn(t *testing.T, stdin string, term lintTerm, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{
		dir:    workDir(t),
		stdin:  strings.NewReader(stdin),
		stdout: &out,
		stderr: &errOut,
		getenv: func(k string) string {
			if k == "NO_COLOR" {
				return term.noColor
			}
			return ""
		},
		isTerminal: func(io.Writer) bool { return term.terminal },
	}
	code = run(e, append([]string{"lint"}, args...))
	return code, out.String(), errOut.String()
}

const (
	lintValid    = "testdata/lint/examples/valid.json"
	lintInvalid  = "testdata/lint/examples/invalid.json"
	lintWarnings = "testdata/lint/warnings-only.json"
	lintBadJSON  = "testdata/lint/syntax-error.json"
)

func readLintFixture(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestLintCommandOutputMatchesGoldenFiles(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, golden string
		args         []string
		code         int
	}{
		{"invalid example", "invalid.txt", []string{lintInvalid}, exitIssues},
		{"invalid example as JSON", "invalid.json", []string{"--json", lintInvalid}, exitIssues},
		{"several files", "several.txt", []string{lintValid, lintInvalid, lintWarnings}, exitIssues},
		{"several files as JSON", "several.json", []string{"--format", "json", lintValid, lintInvalid, lintWarnings}, exitIssues},
		{"warnings only", "warnings.txt", []string{lintWarnings}, exitOK},
		{"a file that does not parse among others", "with-bad-file.txt", []string{lintInvalid, lintBadJSON}, exitFailure},
		{"invalid example as Markdown", "invalid.md", []string{"--format", "markdown", lintInvalid}, exitIssues},
		{"a file that does not parse among others as Markdown", "with-bad-file.md", []string{"--format", "markdown", lintInvalid, lintBadJSON, "testdata/lint/no-such-file.json"}, exitFailure},
		{"JSON Lines of tools", "jsonl-func-doc.txt", []string{"testdata/lint/jsonl/func-doc.jsonl"}, exitIssues},
		{"JSON Lines of dataset records", "jsonl-dataset.txt", []string{"testdata/lint/jsonl/dataset.jsonl"}, exitIssues},
		{"JSON Lines of dataset records as JSON", "jsonl-dataset.json", []string{"--json", "testdata/lint/jsonl/dataset.jsonl"}, exitIssues},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, _ := runLintIn(t, "", lintTerm{}, tc.args...)
			if code != tc.code {
				t.Errorf("exit = %d, want %d", code, tc.code)
			}
			checkLintGolden(t, tc.golden, stdout)
		})
	}
}

func TestLintCommandExamples(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := runLintIn(t, "", lintTerm{}, lintValid)
	if code != exitOK || stdout != "valid\n" || stderr != "" {
		t.Errorf("valid example: exit %d, stdout %q, stderr %q; want 0, \"valid\\n\", nothing", code, stdout, stderr)
	}
	_, stdout, _ = runLintIn(t, "", lintTerm{}, lintInvalid)
	var got []string
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "ERROR") || strings.HasPrefix(line, "WARNING") {
			f := strings.Fields(line)
			got = append(got, f[0]+" "+f[2]+" "+f[len(f)-1])
		}
	}
	want := []string{
		"ERROR $[0].function.name: [invalid-name]",
		"ERROR $[0].function.parameters.properties.city: [unknown-type]",
		"ERROR $[0].function.parameters.properties.tags: [array-without-items]",
		"ERROR $[0].function.parameters: [required-not-in-properties]",
		"WARNING $[0].function.description: [short-description]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("invalid example issues (-want +got):\n%s", diff)
	}
}

func TestLintCommandReadsStdin(t *testing.T) {
	t.Parallel()
	src := readLintFixture(t, lintInvalid)
	for _, args := range [][]string{nil, {"-"}, {"--strict", "-"}} {
		t.Run(strings.Join(append([]string{"lint"}, args...), " "), func(t *testing.T) {
			code, stdout, stderr := runLintIn(t, src, lintTerm{}, args...)
			if code != exitIssues || stderr != "" {
				t.Errorf("exit %d, stderr %q; want 1 and nothing", code, stderr)
			}
			if want := "ERROR   <stdin>:5:15 $[0].function.name: "; !strings.HasPrefix(stdout, want) {
				t.Errorf("stdout = %q, want it to start with %q", stdout, want)
			}
		})
	}
	t.Run("JSON names <stdin>", func(t *testing.T) {
		_, stdout, _ := runLintIn(t, src, lintTerm{}, "--json")
		var issues []lint.Issue
		if err := json.Unmarshal([]byte(stdout), &issues); err != nil {
			t.Fatalf("stdout is not a JSON array of issues: %v\n%s", err, stdout)
		}
		if len(issues) != 5 || issues[0].File != "<stdin>" {
			t.Errorf("got %d issues, first in %q; want 5 in <stdin>", len(issues), issues[0].File)
		}
	})
}

// TestLintCommandOnALargeFile lints a file large enough to be read by
// several goroutines, and checks the report against the same text read
// from standard input.
func TestLintCommandOnALargeFile(t *testing.T) {
	t.Parallel()
	data := gen.Tools(1000)
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, fromFile, stderr := runLintIn(t, "", lintTerm{}, "--json", path)
	_, fromStdin, _ := runLintIn(t, string(data), lintTerm{}, "--json", "-")
	if code != exitIssues || stderr != "" {
		t.Errorf("exit %d, stderr %q; want 1 and nothing", code, stderr)
	}
	if want := strings.ReplaceAll(fromStdin, `"<stdin>"`, strconv.Quote(path)); fromFile != want || !strings.Contains(want, `"code"`) {
		t.Errorf("the file's report differs from standard input's:\n%.500s\n---\n%.500s", fromFile, want)
	}
}

func TestLintCommandExitCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // the whole of stdout, when set
		stderr string // a piece of stderr; "" means none at all
	}{
		{"valid", "", []string{lintValid}, exitOK, "valid\n", ""},
		{"valid under --strict", "", []string{"--strict", lintValid}, exitOK, "valid\n", ""},
		{"warnings only", "", []string{lintWarnings}, exitOK, "", ""},
		{"warnings under --strict", "", []string{lintWarnings, "--strict"}, exitIssues, "", ""},
		{"errors", "", []string{lintInvalid}, exitIssues, "", ""},
		{"every warning ignored under --strict", "", []string{"--strict", "--ignore", "short-description", "--ignore=empty-properties", lintWarnings}, exitOK, "valid\n", ""},
		{"comma-separated ignores", "", []string{"--strict", "--ignore", "short-description,empty-properties", lintWarnings}, exitOK, "valid\n", ""},
		{"no valid JSON array with --json", "", []string{"--json", lintValid}, exitOK, "[]\n", ""},
		{"a target", "", []string{"--target", "openai", lintValid}, exitOK, "", ""},
		{"not a tools document", "", []string{"testdata/lint/not-tools.json"}, exitIssues, "", ""},
		{"syntax error", "", []string{lintBadJSON}, exitFailure, "1 file could not be read or parsed\n",
			"toolbench lint: testdata/lint/syntax-error.json:3:35: "},
		{"syntax error on stdin", "[1,", nil, exitFailure, "", "toolbench lint: <stdin>:1:4: unexpected end of input: an array is not closed (expected ']')"},
		{"empty stdin", "", nil, exitFailure, "", "toolbench lint: <stdin>:1:1: empty input: expected a JSON value"},
		{"JSON Lines with a line cut short", "", []string{"testdata/lint/jsonl/broken-line.jsonl"}, exitFailure, "1 file could not be read or parsed\n",
			"toolbench lint: testdata/lint/jsonl/broken-line.jsonl:3:100: JSON Lines value $[2]: unexpected end of input: an object is not closed (expected '}')\n"},
		{"JSON Lines on stdin", "{\"name\": \"a\", \"description\": \"Look up records in the catalogue.\", \"parameters\": {\"type\": \"object\", \"properties\": {\"q\": {}}}}\n[]\n", nil, exitOK, "", ""},
		{"missing file", "", []string{"testdata/lint/no-such-file.json", lintValid}, exitFailure, "no issues in 1 file; 1 file could not be read or parsed\n",
			"toolbench lint: open testdata/lint/no-such-file.json: no such file or directory"},
		{"a directory", "", []string{"testdata/lint"}, exitFailure, "", "testdata/lint"},
		{"unknown flag", "", []string{"--colour", lintValid}, exitFailure, "", "toolbench lint: unknown flag: --colour; did you mean --color?\nRun 'toolbench lint -h' for usage.\n"},
		{"unknown target", "", []string{"--target", "openai,cohere", lintValid}, exitFailure, "", `toolbench lint: --target: unknown target "cohere" (known: ` + strings.Join(lint.TargetNames(), ", ") + `)`},
		{"unknown rule code", "", []string{"--ignore", "short-descriptions", lintValid}, exitFailure, "", `toolbench lint: --ignore: unknown rule code 'short-descriptions'; did you mean 'short-description'?`},
		{"unknown format", "", []string{"--format", "xml", lintValid}, exitFailure, "", `toolbench lint: unknown --format "xml" (known: text, concise, json, sarif, github, markdown)`},
		{"--json against --format text", "", []string{"--json", "--format", "text", lintValid}, exitFailure, "", "toolbench lint: --json and --format text disagree"},
		{"stdin twice", "[]", []string{"-", "-"}, exitFailure, "", "standard input (-) is named 2 times"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runLintIn(t, tc.stdin, lintTerm{}, tc.args...)
			if code != tc.code {
				t.Errorf("exit = %d, want %d", code, tc.code)
			}
			if tc.stdout != "" && stdout != tc.stdout {
				t.Errorf("stdout = %q, want %q", stdout, tc.stdout)
			}
			switch {
			case tc.stderr == "" && stderr != "":
				t.Errorf("stderr = %q, want nothing", stderr)
			case !strings.Contains(stderr, tc.stderr):
				t.Errorf("stderr = %q, want it to contain %q", stderr, tc.stderr)
			}
		})
	}
}

func TestLintCommandFlagsMayFollowTheFiles(t *testing.T) {
	t.Parallel()
	code, stdout, _ := runLintIn(t, "", lintTerm{}, lintInvalid, "--json", "--ignore", "short-description")
	var issues []lint.Issue
	if err := json.Unmarshal([]byte(stdout), &issues); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if code != exitIssues || len(issues) != 4 {
		t.Errorf("exit %d with %d issues, want 1 with 4", code, len(issues))
	}
	t.Run("after --, everything is a file", func(t *testing.T) {
		code, _, stderr := runLintIn(t, "", lintTerm{}, "--", "--json")
		if code != exitFailure || !strings.Contains(stderr, "open --json: no such file or directory") {
			t.Errorf("exit %d, stderr %q; want 2 and --json read as a file", code, stderr)
		}
	})
}

func TestLintCommandColorsOnlyATerminalWithoutNoColor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		term  lintTerm
		color bool
	}{
		{"terminal", lintTerm{terminal: true}, true},
		{"terminal with NO_COLOR", lintTerm{terminal: true, noColor: "1"}, false},
		{"pipe", lintTerm{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stdout, _ := runLintIn(t, "", tc.term, lintInvalid)
			if got := strings.HasPrefix(stdout, "\x1b[1;31mERROR\x1b[0m   testdata/"); got != tc.color {
				t.Errorf("colored = %v, want %v:\n%q", got, tc.color, stdout)
			}
			if !tc.color && strings.Contains(stdout, "\x1b") {
				t.Errorf("stdout holds an escape sequence:\n%q", stdout)
			}
		})
	}
}

func TestLintCommandEscapesFileNamesAndText(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "evil\x1b[2J.json")
	if err := os.WriteFile(bad, []byte("[{\"name\": \"x\u202ey\"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runLintIn(t, `[{"name": "a\u001b]52;c;eA==\u0007"}]`, lintTerm{terminal: true}, "-", bad)
	if code != exitFailure {
		t.Errorf("exit = %d, want 2", code)
	}
	plain := strings.NewReplacer("\x1b[1;31m", "", "\x1b[1;33m", "", "\x1b[0m", "").Replace(stdout)
	for _, out := range []string{plain, stderr} {
		if strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("raw control characters reach the terminal:\n%q", out)
		}
	}
	if !strings.Contains(stderr, `evil\x1b[2J.json:1:19: unexpected end of input`) {
		t.Errorf("stderr = %q, want the file name escaped with the position", stderr)
	}
	if !strings.Contains(stdout, `invalid tool name 'a\x1b]52;c;eA==\x07'`) {
		t.Errorf("stdout = %q, want the name escaped", stdout)
	}
}

func TestLintCommandHelp(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"-h", "--help"} {
		t.Run(arg, func(t *testing.T) {
			code, stdout, stderr := runLintIn(t, "", lintTerm{}, arg)
			if code != exitOK || stderr != "" {
				t.Errorf("exit %d, stderr %q; want 0 and nothing", code, stderr)
			}
			for _, want := range []string{"USAGE", "toolbench lint [FILE...] [--flags]", "--json", "--strict", "--format", "text, concise, json", "--target", strings.Join(lint.TargetNames(), ", "), "--ignore", "EXAMPLES", "cat tools.json | toolbench lint", "Exit status: 0"} {
				if !strings.Contains(stdout, want) {
					t.Errorf("help lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
	if _, stdout, _ := runIn(t, "--help"); !regexp.MustCompile(`\n +lint \[FILE\.\.\.\] \[--flags\] +Lint tool definitions\n`).MatchString(stdout) {
		t.Errorf("toolbench help does not list lint:\n%s", stdout)
	}
}

// TestLintBinaryEndToEnd runs the built binary as a user would: files,
// a pipe on stdin, exit codes and messages.
func TestLintBinaryEndToEnd(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // a piece of stdout
		stderr string // a piece of stderr
	}{
		{"valid file", "", []string{lintValid}, 0, "valid\n", ""},
		{"invalid file", "", []string{lintInvalid}, 1, "4 errors, 1 warning in 1 file\n", ""},
		{"stdin pipe", readLintFixture(t, lintInvalid), nil, 1, "ERROR   <stdin>:5:15 $[0].function.name", ""},
		{"strict warnings", "", []string{"--strict", lintWarnings}, 1, "2 warnings in 1 file\n", ""},
		{"JSON for several files", "", []string{"--json", lintValid, lintInvalid}, 1, `"file": "testdata/lint/examples/invalid.json"`, ""},
		{"syntax error", "", []string{lintBadJSON}, 2, "", "testdata/lint/syntax-error.json:3:35: "},
		{"usage error", "", []string{"--nope"}, 2, "", "toolbench lint: unknown flag: --nope"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(toolbenchBin, append([]string{"lint"}, tc.args...)...)
			cmd.Stdin = strings.NewReader(tc.stdin)
			cmd.Env = append(os.Environ(), "NO_COLOR=")
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code {
				t.Errorf("exit = %d, want %d (stderr %q)", code, tc.code, errOut.String())
			}
			if !strings.Contains(out.String(), tc.stdout) {
				t.Errorf("stdout = %q, want it to contain %q", out.String(), tc.stdout)
			}
			if !strings.Contains(errOut.String(), tc.stderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut.String(), tc.stderr)
			}
		})
	}
}

// TestLintSaysItReadsATerminal runs `toolbench lint` with no FILE at a
// real terminal (tmux), where it would seem to hang without a word, and
// with standard input a pipe, where it must say nothing.
func TestLintSaysItReadsATerminal(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	tt := &tuiTerm{t: t, socket: "toolbench-stdin-" + strconv.Itoa(os.Getpid())}
	shell := toolbenchBin + " lint 2>&1; echo exit $?; sleep 30"
	tt.tmux("new-session", "-d", "-s", "tb", "-x", "160", "-y", "10", "sh", "-c", shell)
	t.Cleanup(func() { exec.Command("tmux", "-L", tt.socket, "kill-server").Run() })
	tt.waitFor("the prompt", "toolbench lint: reading tool definitions from standard input; end it with ctrl+d on a line of its own, or ctrl+c to stop")
	tt.typeText("[]")
	tt.keys("Enter", "C-d")
	tt.waitFor("the lint of what was typed", "the tool list is empty", "exit 0")

	cmd := exec.Command(toolbenchBin, "lint")
	cmd.Stdin = strings.NewReader("[]")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("lint from a pipe: %v, stderr %q; want status 0 and nothing on stderr", err, stderr.String())
	}
}

func TestEveryCommandSaysWhenItReadsATerminal(t *testing.T) {
	t.Parallel()
	run1 := func(terminal bool, args ...string) string {
		var stdout, stderr bytes.Buffer
		e := &env{dir: workDir(t), stdin: strings.NewReader("[]"), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" },
			isTerminal: func(io.Writer) bool { return false }, stdinTerminal: terminal}
		run(e, args)
		return stderr.String()
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint"}, "toolbench lint: reading tool definitions from standard input"},
		{[]string{"lint", "-"}, "toolbench lint: reading tool definitions from standard input"},
		{[]string{"call", "testdata/call/schemas.json"}, "toolbench call: reading calls from standard input"},
		{[]string{"call", "-", "testdata/call/calls.jsonl"}, "toolbench call: reading the schemas from standard input"},
		{[]string{"compat"}, "toolbench compat: reading tool definitions from standard input"},
		{[]string{"dump"}, "toolbench dump: reading tool definitions from standard input"},
		{[]string{"fix", "-"}, "toolbench fix: reading tool definitions from standard input"},
		{[]string{"diff", "-", lintValid}, "toolbench diff: reading tool definitions from standard input"},
	} {
		if got := run1(true, tc.args...); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%q at a terminal: stderr %q, want it to start %q", tc.args, got, tc.want)
		}
		if got := run1(false, tc.args...); strings.Contains(got, "reading") {
			t.Errorf("%q from a pipe: stderr %q, want no word of reading", tc.args, got)
		}
	}
	if got := run1(true, "lint", lintValid); got != "" {
		t.Errorf("lint of a file at a terminal: stderr %q, want nothing", got)
	}
}
