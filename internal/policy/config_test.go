package policy

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"toolbench/internal/auxfile"
)

// tree makes the files and directories named (a directory ends in '/')
// under a new directory, and returns it.
func tree(t testing.TB, paths ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("targets = [\"openai\"]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestFindLooksUpFromTheDirectoryToTheRepositorysRoot(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		paths []string
		from  string
		want  string // relative to the tree, "" for none
	}{
		{"in the directory", []string{"repo/.git/", "repo/toolbench.toml"}, "repo", "repo/toolbench.toml"},
		{"from a subdirectory", []string{"repo/.git/", "repo/toolbench.toml", "repo/a/b/"}, "repo/a/b", "repo/toolbench.toml"},
		{"the hidden name", []string{"repo/.git/", "repo/.toolbench.toml", "repo/a/"}, "repo/a", "repo/.toolbench.toml"},
		{"the nearest", []string{"repo/.git/", "repo/toolbench.toml", "repo/a/.toolbench.toml", "repo/a/b/"}, "repo/a/b", "repo/a/.toolbench.toml"},
		{"not above the repository's root", []string{"toolbench.toml", "repo/.git/", "repo/a/"}, "repo/a", ""},
		{"a worktree's .git file is a root too", []string{"toolbench.toml", "repo/.git", "repo/a/"}, "repo/a", ""},
		{"outside a repository, up to the top", []string{"toolbench.toml", "a/b/"}, "a/b", "toolbench.toml"},
		{"a directory of that name is no file", []string{"repo/.git/", "repo/toolbench.toml/"}, "repo", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := tree(t, tc.paths...)
			got, err := Find(filepath.Join(root, tc.from))
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			if tc.want != "" {
				want = filepath.Join(root, filepath.FromSlash(tc.want))
			}
			// Above the tree, the machine's own directories are not the
			// test's: a file found there is not one of the cases.
			if tc.want == "" && got != "" && strings.HasPrefix(got, root) || tc.want != "" && got != want {
				t.Errorf("Find = %q, want %q", got, want)
			}
		})
	}
}

func TestFindRefusesBothNamesInOneDirectory(t *testing.T) {
	t.Parallel()
	root := tree(t, ".git/", "toolbench.toml", ".toolbench.toml")
	if _, err := Find(root); err == nil || !strings.Contains(err.Error(), "keep one") {
		t.Errorf("error %v", err)
	}
}

func TestLoadTakesTheFileNamedOrNone(t *testing.T) {
	t.Parallel()
	root := tree(t, "repo/.git/", "repo/toolbench.toml", "repo/sub/", "other.toml")
	sub := filepath.Join(root, "repo", "sub")
	c, err := Load("", false, sub, auxfile.Limit{})
	if err != nil || c == nil || c.File != filepath.Join(root, "repo", "toolbench.toml") || !slices.Equal(c.Targets, []string{"openai"}) {
		t.Fatalf("found %+v, %v", c, err)
	}
	if c, err := Load("", true, sub, auxfile.Limit{}); c != nil || err != nil {
		t.Errorf("--no-config read %+v, %v", c, err)
	}
	if c, err := Load(filepath.Join(root, "other.toml"), false, sub, auxfile.Limit{}); err != nil || c.File != filepath.Join(root, "other.toml") {
		t.Errorf("--config other.toml read %+v, %v", c, err)
	}
	if _, err := Load(filepath.Join(root, "missing.toml"), false, sub, auxfile.Limit{}); err == nil {
		t.Error("--config of a missing file read nothing and said nothing")
	}
	if c, err := Load("", false, filepath.Join(tree(t, ".git/", "a/"), "a"), auxfile.Limit{}); c != nil || err != nil {
		t.Errorf("a repository without a file: %+v, %v", c, err)
	}
}

// teamFile is a file as a team writes one, to time: the command line's
// test of the same times it too.
const teamFile = "testdata/team.toml"

func teamTree(t testing.TB) string {
	team, err := os.ReadFile(teamFile)
	if err != nil {
		t.Fatal(err)
	}
	root := tree(t, ".git/", "a/b/c/")
	if err := os.WriteFile(filepath.Join(root, "toolbench.toml"), team, 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "a", "b", "c")
}

// TestFindingAndReadingTheFileTakesUnder50ms guards what a
// configuration adds to a lint of a small file (finding it three
// directories up, reading and checking it) with room for any load: the
// goal, a millisecond, is BenchmarkFindAndLoad's.
func TestFindingAndReadingTheFileTakesUnder50ms(t *testing.T) {
	t.Parallel()
	dir := teamTree(t)
	times := make([]time.Duration, 41)
	for i := range times {
		start := time.Now()
		if c, err := Load("", false, dir, auxfile.Limit{}); err != nil || c == nil {
			t.Fatal(err)
		}
		times[i] = time.Since(start)
	}
	slices.Sort(times)
	median := times[len(times)/2]
	t.Logf("finding and reading the file: %v", median)
	if median >= 50*time.Millisecond {
		t.Errorf("finding and reading the file takes %v, want under 50ms", median)
	}
}

func BenchmarkFindAndLoad(b *testing.B) {
	dir := teamTree(b)
	for b.Loop() {
		if _, err := Load("", false, dir, auxfile.Limit{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestErrorsNameTheFileFromTheDirectory(t *testing.T) {
	t.Parallel()
	root := tree(t, ".git/", "a/b/")
	if err := os.WriteFile(filepath.Join(root, "toolbench.toml"), []byte("targets = [\"openai\"]\ntragets = [\"gemini\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load("", false, filepath.Join(root, "a", "b"), auxfile.Limit{})
	if want := filepath.Join("..", "..", "toolbench.toml") + ":2:1: "; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %v, want one starting %q", err, want)
	}
	if _, err := Load("missing.toml", false, root, auxfile.Limit{}); err == nil || err.Error() != "missing.toml: no such file or directory" {
		t.Errorf("--config missing.toml: %v", err)
	}
}
