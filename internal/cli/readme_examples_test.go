//go:build unix

package cli

// Every `$ ...` line of README and of the docs is an example a reader
// can run from the repository's root, and this test runs it: the lines
// after it, to the next `$` line or the end of its block, are what it
// prints (standard output and standard error as a terminal shows them).
// So the docs cannot show output toolbench does not give.
//
// In what a doc shows, a line "..." stands for any lines, and timings
// and clock times may differ from a run's ("ok 3 ms", "== 2026-12-03
// 15:02:11 tools.json =="). A `$ cd DIR` line changes the folder for
// the rest of its block.
//
// Each block runs in a folder of its own that looks like the
// repository's root: a copy of examples/, and the rest by a link. Two
// comments before a block's opening fence change that:
//
//	<!-- continues -->          the block runs where the one before it ended
//	                            (its folder, and what that block wrote)
//	<!-- not run: REASON -->    the block's $ lines are not run, for REASON
//
// The examples' servers file names MCP's reference server as a reader
// runs it, npx -y @modelcontextprotocol/server-everything@VERSION, which
// downloads it on the first run. The copies here name instead the same
// version already installed by npm ci in internal/mcpclient/testdata/mcp
// (the version its package-lock.json pins, which a test below holds the
// servers file to), so that the examples run offline and fast; without
// that install, an example that reaches a server is skipped, saying so,
// and so is the rest of its chain of blocks.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/internal/golden"
	"toolbench/internal/proctest"
)

// docExample is one `$` line of a doc and the output shown after it.
type docExample struct {
	file  string // the doc, from the repository's root
	line  int    // of the `$` line in the doc
	block int    // which fenced block it is in
	chain int    // the block whose folder it runs in: its own, or the first of its chain
	dir   string // the folder it runs in, from the copy's root
	cmd   string
	want  []string
	skip  string // why it is not run, or ""
}

// markers are the comments a doc puts before a block's opening fence.
var (
	continuesMarker = regexp.MustCompile(`^<!-- continues -->$`)
	notRunMarker    = regexp.MustCompile(`^<!-- not run: (.+) -->$`)
)

// docExamples reads the examples of a doc's fenced blocks.
func docExamples(t *testing.T, file, text string) []docExample {
	t.Helper()
	var out []docExample
	inBlock, dir, block, chain, prevChain := false, ".", 0, 0, 0
	skip, lastProse := "", ""
	chainDir := map[int]string{} // where each chain's last block ended
	var cur *docExample
	flush := func() {
		if cur != nil {
			for len(cur.want) > 0 && strings.TrimSpace(cur.want[len(cur.want)-1]) == "" {
				cur.want = cur.want[:len(cur.want)-1]
			}
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "```") && !inBlock:
			flush()
			inBlock, block = true, block+1
			skip, dir, chain = "", ".", block
			if m := notRunMarker.FindStringSubmatch(lastProse); m != nil {
				skip = m[1]
			}
			if continuesMarker.MatchString(lastProse) {
				if prevChain == 0 {
					t.Errorf("%s:%d: <!-- continues --> before the first block", file, i+1)
				}
				chain, dir = prevChain, chainDir[prevChain]
			}
		case strings.HasPrefix(l, "```"):
			flush()
			inBlock, prevChain, lastProse = false, chain, ""
			chainDir[chain] = dir
		case !inBlock:
			if strings.TrimSpace(l) != "" {
				lastProse = strings.TrimSpace(l)
			}
		case strings.HasPrefix(l, "$ cd "):
			flush()
			dir = filepath.Join(dir, strings.TrimSpace(strings.TrimPrefix(l, "$ cd ")))
		case strings.HasPrefix(l, "$ "):
			flush()
			cur = &docExample{file: file, line: i + 1, block: block, chain: chain, dir: dir, cmd: strings.TrimPrefix(l, "$ "), skip: skip}
		case cur != nil:
			cur.want = append(cur.want, l)
		}
	}
	flush()
	return out
}

// volatile is what differs from run to run in an example's output, and
// what both the doc's and the run's are read as.
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

// everythingPackage is MCP's reference server as the examples' servers
// file names it, and where npm ci installs it for the tests.
const (
	everythingPackage = "@modelcontextprotocol/server-everything"
	everythingInstall = "internal/mcpclient/testdata/mcp/node_modules/@modelcontextprotocol/server-everything"
)

func TestREADMEAndDocsExamplesGiveTheOutputShown(t *testing.T) {
	t.Parallel()
	files := docFiles(t)
	var examples []docExample
	texts := map[string]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		texts[file] = string(data)
		examples = append(examples, docExamples(t, file, string(data))...)
	}
	if n := len(examples); n < 60 {
		t.Fatalf("found %d examples in README.md and docs/, want the sixty or more they have", n)
	}
	bin := t.TempDir()
	if err := os.Symlink(toolbenchBin, filepath.Join(bin, "toolbench")); err != nil {
		t.Fatal(err)
	}
	root, _ := os.Getwd()
	_, nodeErr := exec.LookPath("node")
	serverInstalled := nodeErr == nil && fileExists(filepath.Join(root, everythingInstall, "package.json"))
	shown := map[string][]docShown{} // with -update, the output to show instead, by file
	type chainKey struct {
		file  string
		chain int
	}
	copies := map[chainKey]string{}
	before := map[chainKey]map[string]string{} // what each copy held before its chain ran
	skipped := map[chainKey]string{}
	parent := t
	for _, ex := range examples {
		key := chainKey{ex.file, ex.chain}
		t.Run(ex.file+":"+strconv.Itoa(ex.line), func(t *testing.T) {
			switch {
			case ex.skip != "":
				skipped[key] = "not run: " + ex.skip
				t.Skipf("not run: %s", ex.skip)
			case skipped[key] != "":
				t.Skipf("an earlier step was skipped: %s", skipped[key])
			case needsServer(ex.cmd) && !serverInstalled:
				skipped[key] = "MCP's reference server is not installed"
				t.Skipf("%s needs MCP's reference server: run npm ci in internal/mcpclient/testdata/mcp", ex.cmd)
			}
			if copies[key] == "" {
				copies[key] = exampleRoot(parent, root)
				before[key] = treeOf(parent, copies[key])
			}
			got := runExample(t, filepath.Join(copies[key], ex.dir), bin, ex.cmd)
			if matchShown(ex.want, strings.Split(strings.TrimRight(steady(got), "\n"), "\n")) {
				return
			}
			if golden.Update() && !slices.Contains(ex.want, "...") {
				shown[ex.file] = append(shown[ex.file], docShown{ex, strings.Split(strings.TrimRight(got, "\n"), "\n")})
				return
			}
			t.Errorf("%s:%d: $ %s\nthe doc shows:\n%s\ntoolbench prints:\n%s", ex.file, ex.line, ex.cmd, strings.Join(ex.want, "\n"), got)
		})
	}
	for file, s := range shown {
		rewriteShown(t, file, texts[file], s)
	}
	// A reader runs the examples in the checkout: what a chain of them
	// makes, its last steps remove, or the next run finds it there, this
	// test's copies of examples/ among them; and it leaves every file of
	// the checkout as it was, or the reader's copy of examples/ is edited
	// by surprise (a chain that shows an edit makes it in a copy of its
	// own, and removes the copy).
	for key, dir := range copies {
		if skipped[key] != "" {
			continue
		}
		after := treeOf(t, dir)
		if left := treeMade(before[key], after); len(left) > 0 {
			t.Errorf("%s:%d: the examples of this block and those that continue it leave in the checkout what they made (%s): end them with steps that remove it",
				key.file, firstLine(examples, key.file, key.chain), strings.Join(left, ", "))
		}
		if edited := treeEdited(before[key], after); len(edited) > 0 {
			t.Errorf("%s:%d: the examples of this block and those that continue it edit files of the checkout in place (%s): edit a copy they make, and remove it at the end",
				key.file, firstLine(examples, key.file, key.chain), strings.Join(edited, ", "))
		}
	}
}

// treeOf is the paths under dir, from dir, a folder's with a '/' after
// it, each with the SHA-256 of the file's bytes ("" for a folder); a
// symbolic link, by which a copy of the repository's root holds the rest
// of it, is not followed.
func treeOf(t testing.TB, dir string) map[string]string {
	t.Helper()
	tree := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.IsDir():
			tree[rel+"/"] = ""
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			tree[rel] = fmt.Sprintf("%x", sha256.Sum256(data))
		default:
			tree[rel] = ""
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// treeMade is what the tree after holds that before does not, each
// path of treeOf's, sorted.
func treeMade(before, after map[string]string) []string {
	var out []string
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// treeEdited is the files both trees hold with other bytes in after,
// sorted.
func treeEdited(before, after map[string]string) []string {
	var out []string
	for p, sum := range after {
		if was, ok := before[p]; ok && was != sum {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// firstLine is the line of the first example of a chain.
func firstLine(examples []docExample, file string, chain int) int {
	for _, ex := range examples {
		if ex.file == file && ex.chain == chain {
			return ex.line
		}
	}
	return 0
}

// docShown is an example and the output its doc should show for it.
type docShown struct {
	ex    docExample
	lines []string
}

// rewriteShown writes the doc at file with each example's output
// replaced, for -update; examples with "..." in them are left to be
// edited by hand.
func rewriteShown(t *testing.T, file, text string, shown []docShown) {
	lines := strings.Split(text, "\n")
	for i := len(shown) - 1; i >= 0; i-- { // from the end, so earlier line numbers hold
		s := shown[i]
		start := s.ex.line // the line after the $ line, 0-based
		end := start + len(s.ex.want)
		lines = append(lines[:start], append(slices.Clone(s.lines), lines[end:]...)...)
	}
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// exampleRoot makes a folder that looks like the repository's root to an
// example: a copy of examples/, its servers files naming the installed
// reference server, and the rest of the repository by a link.
func exampleRoot(t *testing.T, root string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "docs")
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
	err = filepath.WalkDir(filepath.Join(dir, "examples"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != ".mcp.json" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		data, err = installedEverything(data, filepath.Join(root, everythingInstall, "dist", "index.js"))
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		return os.WriteFile(p, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// installedEverything is a servers file with each entry that runs the
// reference server through npx running script, the installed one, with
// node instead.
func installedEverything(data []byte, script string) ([]byte, error) {
	var file map[string]map[string]map[string]any
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, err
	}
	for _, entry := range file["mcpServers"] {
		if entry["command"] == "npx" && strings.Contains(fmt.Sprint(entry["args"]), everythingPackage+"@") {
			entry["command"], entry["args"] = "node", []string{script}
		}
	}
	return json.MarshalIndent(file, "", "  ")
}

// TestExamplesRunThePinnedReferenceServer holds the examples' servers
// files, and what the docs say of them, to what the docs' examples are
// run with: every entry that runs MCP's reference server runs it with
// npx -y at the version npm ci installs for the tests, so that a
// reader's first run gets the server the docs' output was made with.
func TestExamplesRunThePinnedReferenceServer(t *testing.T) {
	t.Parallel()
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
		} `json:"packages"`
	}
	data, err := os.ReadFile(inWork(t, "internal/mcpclient/testdata/mcp/package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &lock); err != nil {
		t.Fatal(err)
	}
	pinned := lock.Packages["node_modules/"+everythingPackage].Version
	if pinned == "" {
		t.Fatal("package-lock.json pins no " + everythingPackage)
	}
	found := 0
	err = filepath.WalkDir("examples", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != ".mcp.json" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var file struct {
			MCPServers map[string]struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			} `json:"mcpServers"`
		}
		if err := json.Unmarshal(data, &file); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		for name, s := range file.MCPServers {
			if !strings.Contains(strings.Join(s.Args, " "), everythingPackage) {
				continue
			}
			found++
			if want := []string{"-y", everythingPackage + "@" + pinned}; s.Command != "npx" || !slices.Equal(s.Args, want) {
				t.Errorf("%s: %s runs %s %q; want npx %q, the version package-lock.json pins", p, name, s.Command, s.Args, want)
			}
		}
		installed, err := installedEverything(data, "/x/index.js")
		if err != nil {
			return err
		}
		if bytes.Contains(installed, []byte("npx")) {
			t.Errorf("%s: the tests' copy still runs npx:\n%s", p, installed)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Error("no servers file under examples/ runs the reference server")
	}
	// What the docs say of the reference server's version is the same.
	mention := regexp.MustCompile(regexp.QuoteMeta(everythingPackage) + `@([0-9][0-9.]*[0-9])`)
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mention.FindAllStringSubmatch(string(data), -1) {
			if m[1] != pinned {
				t.Errorf("%s names %s; package-lock.json pins %s", file, m[0], pinned)
			}
		}
	}
}

// needsServer reports whether an example reaches MCP's reference server:
// the examples' servers files call it everything, and --all-servers
// reaches every server of them.
func needsServer(cmd string) bool {
	return strings.Contains(cmd, "--server everything") || strings.Contains(cmd, "--all-servers")
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
	var out proctest.Buffer
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
func waitQuiet(out *proctest.Buffer, done <-chan struct{}, quiet time.Duration) {
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

// matchShown reports whether got is what the doc shows, a "..." line of
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

func TestDocExamplesReadBlocksMarkersAndChains(t *testing.T) {
	t.Parallel()
	doc := "```\n$ a\nout a\n```\n<!-- continues -->\n```\n$ cd x\n$ b\n```\n\n<!-- not run: it needs a terminal -->\n```\n$ c\n```\n" +
		"<!-- continues -->\n```\n$ d\nout d\n...\n```\n```\n$ e\n```\n"
	got := docExamples(t, "doc.md", doc)
	type brief struct {
		cmd, dir, skip string
		chain          int
		want           int
	}
	var b []brief
	for _, ex := range got {
		b = append(b, brief{ex.cmd, ex.dir, ex.skip, ex.chain, len(ex.want)})
	}
	want := []brief{{"a", ".", "", 1, 1}, {"b", "x", "", 1, 0}, {"c", ".", "it needs a terminal", 3, 0}, {"d", ".", "", 3, 2}, {"e", ".", "", 5, 0}}
	if !slices.Equal(b, want) {
		t.Errorf("docExamples =\n%v, want\n%v", b, want)
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
