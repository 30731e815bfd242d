package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/report"
	"toolbench/internal/policy"
	"toolbench/internal/proctest"
)

// watchTestTool is a well-formed tool: no errors, perhaps warnings from
// rules added later.
const watchTestTool = `[{"name": "search", "description": "Search the index for documents that match a query.",
  "parameters": {"type": "object", "properties": {"query": {"type": "string", "description": "Words to look for."}}, "required": ["query"]}}]`

// watchWait is how long a test waits for output that must come.
const watchWait = 5 * time.Second

func TestWatchArgs(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		args    []string
		want    *watchOptions
		wantErr string
	}{
		{name: "one file", args: []string{"tools.json"}, want: &watchOptions{format: formatNamed("text"), file: "tools.json"}},
		{name: "flags after the file", args: []string{"tools.json", "--json", "--target", "openai"},
			want: &watchOptions{format: formatNamed("json"), file: "tools.json", rules: ruleOptions{targets: []string{"openai"}}}},
		{name: "a format", args: []string{"--format", "concise", "tools.json"}, want: &watchOptions{format: formatNamed("concise"), file: "tools.json"}},
		{name: "repeated and comma-separated flags", args: []string{"--ignore", "missing-name,invalid-name", "--ignore", "duplicate-name", "--target", "openai,mcp", "t.json"},
			want: &watchOptions{format: formatNamed("text"), file: "t.json", rules: ruleOptions{targets: []string{"openai", "mcp"}, ignore: []string{"missing-name", "invalid-name", "duplicate-name"}}}},
		{name: "a file after --", args: []string{"--", "--json"}, want: &watchOptions{format: formatNamed("text"), file: "--json"}},
		{name: "a format of a finished run", args: []string{"--format", "sarif", "t.json"}, wantErr: `unknown --format "sarif" (known: text, concise, json)`},
		{name: "no file", args: nil, wantErr: "no FILE to watch"},
		{name: "two files", args: []string{"a.json", "b.json"}, wantErr: "one FILE to watch, not 2"},
		{name: "standard input", args: []string{"-"}, wantErr: "standard input cannot be watched"},
		{name: "unknown target", args: []string{"--target", "nosuch", "t.json"}, wantErr: `--target: unknown target "nosuch"`},
		{name: "unknown rule code", args: []string{"--ignore", "no-such-rule", "t.json"}, wantErr: `--ignore: unknown rule code 'no-such-rule'`},
		{name: "unknown flag", args: []string{"--colour", "t.json"}, wantErr: "unknown flag: --colour"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := watchOf(t, tc.args)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("parseWatchArgs(%q) error = %v, want one containing %q", tc.args, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("parseWatchArgs(%q): %v", tc.args, err)
			}
			byName := cmp.Comparer(func(a, b report.Format) bool { return a.Name == b.Name })
			if diff := cmp.Diff(tc.want, got.watchOptions, cmp.AllowUnexported(watchOptions{}, ruleOptions{}), byName); diff != "" {
				t.Errorf("parseWatchArgs(%q) (-want +got):\n%s", tc.args, diff)
			}
		})
	}
}

// formatNamed is the report format of that name.
func formatNamed(name string) report.Format {
	f, ok := report.LookupFormat(name)
	if !ok {
		panic("no format " + name)
	}
	return f
}

func TestWatchHelpShowsUsageAndAnExample(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	e := &env{dir: workDir(t), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	if code := run(e, []string{"watch", "-h"}); code != exitOK {
		t.Errorf("exit status %d, want %d", code, exitOK)
	}
	for _, want := range []string{"toolbench watch FILE [--flags]", "toolbench watch tools.json", "--json", "does not exist yet"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
}

func TestWatchUsageErrorExitsWithFailure(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	e := &env{dir: workDir(t), stdout: io.Discard, stderr: &stderr, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	if code := run(e, []string{"watch"}); code != exitFailure {
		t.Errorf("exit status %d, want %d", code, exitFailure)
	}
	if !strings.Contains(stderr.String(), "no FILE to watch") {
		t.Errorf("stderr = %q, want the reason", stderr.String())
	}
}

// waitOutput polls b until it matches re.
func waitOutput(t *testing.T, b *proctest.Buffer, re *regexp.Regexp) {
	t.Helper()
	for deadline := time.Now().Add(watchWait); !re.MatchString(b.String()); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("output never matched %s:\n%s", re, b.String())
		}
	}
}

func TestWatchTextPrintsAHeaderAndTheLintReportOnEveryLoad(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(path, []byte(watchTestTool), 0o644); err != nil {
		t.Fatal(err)
	}
	var out proctest.Buffer
	e := &env{dir: workDir(t), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	stop := make(chan os.Signal, 1)
	done := make(chan int)
	go func() { done <- streamWatch(e, &watched{&watchOptions{file: path}, &policy.Policy{}}, stop) }()

	header := `== \d{4}-\d\d-\d\d \d\d:\d\d:\d\d ` + regexp.QuoteMeta(path) + " ==\n"
	// Each issue is its line, the source line it points at with the span
	// underlined, its hint and a blank line; the summary ends the load.
	issue := `(WARNING .*\n +\d+ \| .*\n +\| +\^+.*\n(        hint: .*\n)?\n)`
	waitOutput(t, &out, regexp.MustCompile(`^`+header+issue+`*(valid|\d+ warnings? in 1 file)\n$`))

	if err := os.WriteFile(path, []byte(`[{"x": 1}, 7]`), 0o644); err != nil {
		t.Fatal(err)
	}
	waitOutput(t, &out, regexp.MustCompile(header+`ERROR   `+regexp.QuoteMeta(path)+`:1:2 \S+: .*\[missing-name\]\n(.*\n){3}\n`+`ERROR   `+regexp.QuoteMeta(path)+`:1:12 \S+: .*\[invalid-tool\]\n`))

	if err := os.WriteFile(path, []byte("[\x1b[31m"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitOutput(t, &out, regexp.MustCompile(header+regexp.QuoteMeta(path)+`:1:2: .*\n$`))
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("text output holds a raw escape character from the file:\n%q", out.String())
	}

	stop <- syscall.SIGINT
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit status %d, want %d", code, exitOK)
		}
	case <-time.After(time.Second):
		t.Fatal("the watch did not stop within a second")
	}
}

func TestWatchConcisePrintsAHeaderAndALineAnIssue(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(path, []byte(`[{"x": 1}, 7]`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out proctest.Buffer
	e := &env{dir: workDir(t), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return false }}
	stop := make(chan os.Signal, 1)
	done := make(chan int)
	go func() {
		done <- streamWatch(e, &watched{&watchOptions{format: formatNamed("concise"), file: path}, &policy.Policy{}}, stop)
	}()
	header := `== \d{4}-\d\d-\d\d \d\d:\d\d:\d\d ` + regexp.QuoteMeta(path) + " ==\n"
	issue := `(ERROR   |WARNING )` + regexp.QuoteMeta(path) + `:1:\d+ \S+: .*\[[a-z-]+\]\n`
	waitOutput(t, &out, regexp.MustCompile(`^`+header+`(`+issue+`){4}2 errors, 2 warnings in 1 file\n$`))
	stop <- syscall.SIGINT
	if code := <-done; code != exitOK {
		t.Errorf("exit status %d, want %d", code, exitOK)
	}
}

// watchProcess is a running `toolbench watch --json` whose output lines
// arrive on lines.
type watchProcess struct {
	cmd   *exec.Cmd
	lines chan string
	exit  chan error
}

func startWatch(t *testing.T, args ...string) *watchProcess {
	t.Helper()
	cmd := exec.Command(toolbenchBin, append([]string{"watch"}, args...)...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &watchProcess{cmd: cmd, lines: make(chan string, 100), exit: make(chan error, 1)}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.exit <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-p.exit
		}
	})
	return p
}

// watchJSONLine is what a --json line must hold.
type watchJSONLine struct {
	Time   string           `json:"time"`
	File   string           `json:"file"`
	OK     bool             `json:"ok"`
	Issues []map[string]any `json:"issues"`
	Error  string           `json:"error"`
}

// next returns the next line, checked to be one JSON object of the
// documented shape.
func (p *watchProcess) next(t *testing.T) watchJSONLine {
	t.Helper()
	var text string
	select {
	case l, ok := <-p.lines:
		if !ok {
			t.Fatal("the watch ended its output early")
		}
		text = l
	case <-time.After(watchWait):
		t.Fatalf("no line within %v", watchWait)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &keys); err != nil {
		t.Fatalf("line %q is not one JSON object: %v", text, err)
	}
	var got []string
	for k := range keys {
		got = append(got, k)
	}
	slices.Sort(got)
	var line watchJSONLine
	if err := json.Unmarshal([]byte(text), &line); err != nil {
		t.Fatalf("line %q: %v", text, err)
	}
	want := []string{"error", "file", "ok", "time"}
	if line.OK {
		want = []string{"file", "issues", "ok", "time"}
	}
	if !slices.Equal(got, want) {
		t.Errorf("line %q has keys %v, want %v", text, got, want)
	}
	if _, err := time.Parse(time.RFC3339, line.Time); err != nil {
		t.Errorf("time %q is not RFC 3339: %v", line.Time, err)
	}
	return line
}

// until reads lines until one satisfies ok.
func (p *watchProcess) until(t *testing.T, what string, ok func(watchJSONLine) bool) watchJSONLine {
	t.Helper()
	for deadline := time.Now().Add(watchWait); time.Now().Before(deadline); {
		if l := p.next(t); ok(l) {
			return l
		}
	}
	t.Fatalf("no line with %s within %v", what, watchWait)
	panic("unreachable")
}

// stop sends sig and checks that the watch ends with status 0 within a
// second.
func (p *watchProcess) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(time.Second)
	for {
		select {
		case _, ok := <-p.lines:
			if ok {
				continue
			}
			select {
			case err := <-p.exit:
				if err != nil {
					t.Fatalf("after %v: %v, want exit status 0", sig, err)
				}
				return
			case <-deadline:
				t.Fatalf("still running a second after %v", sig)
			}
		case <-deadline:
			t.Fatalf("still running a second after %v", sig)
		}
	}
}

func issueCodes(l watchJSONLine) []string {
	var cs []string
	for _, is := range l.Issues {
		cs = append(cs, fmt.Sprint(is["code"]))
	}
	return cs
}

func TestWatchJSONEndToEndFollowsEditsAndStopsOnSignals(t *testing.T) {
	t.Parallel()
	for _, sig := range []os.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "tools.json")
			save := func(src string) {
				t.Helper()
				// An atomic save, as most editors do it.
				tmp := filepath.Join(dir, ".tools.json.tmp")
				if err := os.WriteFile(tmp, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(tmp, path); err != nil {
					t.Fatal(err)
				}
			}
			save(watchTestTool)
			p := startWatch(t, "--json", path)

			first := p.next(t)
			if !first.OK || first.File != path || first.Issues == nil {
				t.Fatalf("initial line = %+v, want ok with an issues list for %s", first, path)
			}
			for _, is := range first.Issues {
				if is["severity"] != "warning" {
					t.Errorf("well-formed tool has the issue %v", is)
				}
			}

			save(`{"x": 1}`)
			l := p.until(t, "invalid-document", func(l watchJSONLine) bool { return l.OK && len(l.Issues) > 0 })
			if codes := issueCodes(l); !slices.Contains(codes, "invalid-document") {
				t.Errorf("issues %v, want invalid-document", codes)
			}
			is := l.Issues[0]
			for _, field := range []string{"severity", "code", "path", "message", "hint", "tool", "file", "line", "column"} {
				if _, ok := is[field]; !ok {
					t.Errorf("issue %v lacks %q", is, field)
				}
			}

			save(`[{"name": "search",` + "\n" + `  "description": }]`)
			l = p.until(t, "a syntax error", func(l watchJSONLine) bool { return !l.OK })
			if want := regexp.MustCompile("^" + regexp.QuoteMeta(path) + `:2:\d+: `); !want.MatchString(l.Error) {
				t.Errorf("error %q, want it to match %s", l.Error, want)
			}

			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			l = p.until(t, "the removal", func(l watchJSONLine) bool { return !l.OK })
			if want := path + ": removed"; l.Error != want {
				t.Errorf("error %q, want %q", l.Error, want)
			}

			save(watchTestTool)
			p.until(t, "the re-created file", func(l watchJSONLine) bool { return l.OK })

			p.stop(t, sig)
		})
	}
}

func TestWatchJSONEndToEndLoadsAFileCreatedLater(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tools.json")
	p := startWatch(t, "--json", "--ignore", "missing-name", path)
	l := p.next(t)
	if want := path + ": does not exist"; l.OK || l.Error != want {
		t.Fatalf("initial line = %+v, want the error %q", l, want)
	}
	if err := os.WriteFile(path, []byte(`[{"description": "A tool without a name."}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	l = p.until(t, "the created file", func(l watchJSONLine) bool { return l.OK })
	if codes := issueCodes(l); slices.Contains(codes, "missing-name") {
		t.Errorf("issues %v include missing-name, which --ignore left out", codes)
	}
	p.stop(t, syscall.SIGINT)
}

func TestWatchEndToEndFailsWhenTheDirectoryIsMissing(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "missing", "tools.json")
	cmd := exec.Command(toolbenchBin, "watch", path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitFailure {
		t.Fatalf("run: %v, want exit status %d", err, exitFailure)
	}
	if !strings.Contains(stderr.String(), path) {
		t.Errorf("stderr %q does not name %s", stderr.String(), path)
	}
}
