package main

// Every `$ ...` line of README is an example a reader can run from the
// repository's root, and this test runs it: the lines after it, to the
// next `$` line or the end of its block, are what it prints (standard
// output and standard error as a terminal shows them). So README cannot
// show output toolbench does not give.
//
// In what README shows, a line "..." stands for any lines, and timings
// and clock times may differ from a run's ("ok 3 ms", "== 2026-12-03
// 15:02:11 tools.json =="). A `$ cd
// DIR` line changes the folder for the rest of its block. An example
// that needs MCP's reference server runs when `npm ci` has installed it
// (internal/mcpclient/testdata/mcp), and is skipped, saying so, when not.

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"toolbench/internal/golden"
)

// readmeExample is one `$` line of README and the output shown after it.
type readmeExample struct {
	line  int    // of the `$` line in README
	block int    // which fenced block it is in
	dir   string // the folder it runs in, from the repository's root
	cmd   string
	want  []string
}

// readmeExamples reads the examples of README's fenced blocks.
func readmeExamples(t *testing.T, readme string) []readmeExample {
	t.Helper()
	var out []readmeExample
	inBlock, dir, block := false, ".", 0
	var cur *readmeExample
	flush := func() {
		if cur != nil {
			for len(cur.want) > 0 && strings.TrimSpace(cur.want[len(cur.want)-1]) == "" {
				cur.want = cur.want[:len(cur.want)-1]
			}
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, l := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(l, "```"):
			flush()
			inBlock, dir = !inBlock, "."
			block++
		case !inBlock:
		case strings.HasPrefix(l, "$ cd "):
			flush()
			dir = filepath.Join(dir, strings.TrimSpace(strings.TrimPrefix(l, "$ cd ")))
		case strings.HasPrefix(l, "$ "):
			flush()
			cur = &readmeExample{line: i + 1, block: block, dir: dir, cmd: strings.TrimPrefix(l, "$ ")}
		case cur != nil:
			cur.want = append(cur.want, l)
		}
	}
	flush()
	return out
}

// volatile is what differs from run to run in an example's output, and
// what both README's and the run's are read as.
var volatile = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\b\d+(\.\d+)? ms\b`), "N ms"},
	{regexp.MustCompile(`"ms":\s*\d+(\.\d+)?`), `"ms":N`},
	{regexp.MustCompile(`\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?`), "TIME"},
}

func steady(s string) string {
	for _, v := range volatile {
		s = v.re.ReplaceAllString(s, v.with)
	}
	return s
}

func TestREADMEExamplesGiveTheOutputShown(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(t, string(data))
	if len(examples) < 20 {
		t.Fatalf("found %d examples in README.md, want the twenty or more it has", len(examples))
	}
	bin := t.TempDir()
	if err := os.Symlink(toolbenchBin, filepath.Join(bin, "toolbench")); err != nil {
		t.Fatal(err)
	}
	root, _ := os.Getwd()
	var shown []readmeShown // with -update, the output to show instead
	serverInstalled := fileExists(filepath.Join(root, "internal/mcpclient/testdata/mcp/node_modules/@modelcontextprotocol/server-everything/package.json"))
	// Each block runs in a copy of examples/ of its own, so that an
	// example that writes (toolbench fix -w) changes nothing of the
	// repository's, nor what the next block reads.
	copies := map[int]string{}
	parent := t
	for _, ex := range examples {
		t.Run("line "+strconv.Itoa(ex.line), func(t *testing.T) {
			if needsServer(ex.cmd) && !serverInstalled {
				t.Skipf("%s needs MCP's reference server: run npm ci in internal/mcpclient/testdata/mcp", ex.cmd)
			}
			if copies[ex.block] == "" {
				copies[ex.block] = exampleRoot(parent, root)
			}
			got := runExample(t, filepath.Join(copies[ex.block], ex.dir), bin, ex.cmd)
			if matchShown(ex.want, strings.Split(strings.TrimRight(steady(got), "\n"), "\n")) {
				return
			}
			if golden.Update() && !slices.Contains(ex.want, "...") {
				shown = append(shown, readmeShown{ex, strings.Split(strings.TrimRight(got, "\n"), "\n")})
				return
			}
			t.Errorf("README.md:%d: $ %s\nREADME shows:\n%s\ntoolbench prints:\n%s", ex.line, ex.cmd, strings.Join(ex.want, "\n"), got)
		})
	}
	if len(shown) > 0 {
		rewriteShown(t, string(data), shown)
	}
}

// readmeShown is an example and the output README should show for it.
type readmeShown struct {
	ex    readmeExample
	lines []string
}

// rewriteShown writes README with each example's output replaced, for
// -update; examples with "..." in them are left to be edited by hand.
func rewriteShown(t *testing.T, readme string, shown []readmeShown) {
	lines := strings.Split(readme, "\n")
	for i := len(shown) - 1; i >= 0; i-- { // from the end, so earlier line numbers hold
		s := shown[i]
		start := s.ex.line // the line after the $ line, 0-based
		end := start + len(s.ex.want)
		lines = append(lines[:start], append(slices.Clone(s.lines), lines[end:]...)...)
	}
	if err := os.WriteFile("README.md", []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// exampleRoot makes a folder that looks like the repository's root to an
// example: a copy of examples/, and the rest of the repository by a link.
func exampleRoot(t *testing.T, root string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "readme")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "examples" {
			if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.CopyFS(filepath.Join(dir, "examples"), os.DirFS(filepath.Join(root, "examples"))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// needsServer reports whether an example reaches MCP's reference server.
func needsServer(cmd string) bool {
	return strings.Contains(cmd, "--server ") || strings.Contains(cmd, "--server-cmd") || strings.Contains(cmd, "--server-url")
}

// runExample runs cmd with bash in dir, toolbench first on the PATH, and
// returns what it printed. A watch runs until it has been quiet for a
// moment, then gets ctrl+c, as a reader would stop it.
func runExample(t *testing.T, dir, bin, cmd string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "-c", cmd)
	c.Dir = dir
	c.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out lockedBuffer
	c.Stdout, c.Stderr = &out, &out
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { c.Wait(); close(done) }()
	if strings.Contains(cmd, "toolbench watch") {
		waitQuiet(&out, done, 2*time.Second)
		syscall.Kill(-c.Process.Pid, syscall.SIGINT)
	}
	select {
	case <-done:
	case <-ctx.Done():
		syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		t.Fatalf("$ %s did not end", cmd)
	}
	return out.String()
}

// waitQuiet returns once out has printed something and then nothing for
// quiet, or the command has ended.
func waitQuiet(out *lockedBuffer, done <-chan struct{}, quiet time.Duration) {
	last, since := -1, time.Now()
	for {
		select {
		case <-done:
			return
		case <-time.After(100 * time.Millisecond):
		}
		if n := out.Len(); n != last {
			last, since = n, time.Now()
		} else if n > 0 && time.Since(since) > quiet {
			return
		}
	}
}

// matchShown reports whether got is what README shows, a "..." line of
// want standing for any lines.
func matchShown(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0 || len(got) == 1 && got[0] == ""
	}
	if strings.TrimSpace(want[0]) == "..." {
		for i := 0; i <= len(got); i++ {
			if matchShown(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && steady(want[0]) == got[0] && matchShown(want[1:], got[1:])
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// lockedBuffer is a buffer one command writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Len()
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
