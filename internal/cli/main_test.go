package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// toolbenchBin is the binary the end-to-end tests run, built once by
// TestMain.
var toolbenchBin string

// repoRoot is the repository's root, the working directory of the
// commands a test runs unless it gives them another (workIn).
var repoRoot string

// testDirs holds the working directory each test gives the commands it
// runs in process (env.dir), by the test's name: tests that run side by
// side each have their own, and the process's stays the repository's
// root.
var testDirs sync.Map

// workIn makes dir (from the test's working directory, when relative)
// the working directory of the commands t and its subtests run.
func workIn(t testing.TB, dir string) {
	t.Helper()
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(workDir(t), dir)
	}
	name := t.Name()
	testDirs.Store(name, dir)
	t.Cleanup(func() { testDirs.Delete(name) })
}

// workDir is the working directory of the commands t runs: the one workIn
// gave t or the nearest test it is a subtest of, else the repository's
// root.
func workDir(t testing.TB) string {
	for name := t.Name(); ; {
		if d, ok := testDirs.Load(name); ok {
			return d.(string)
		}
		i := strings.LastIndexByte(name, '/')
		if i < 0 {
			return repoRoot
		}
		name = name[:i]
	}
}

// inWork is path from t's working directory.
func inWork(t testing.TB, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(workDir(t), path)
}

// TestMain runs the tests from the repository's root, where the paths
// they name (examples/, testdata/, docs/, README.md) are, as a user's
// command lines name them from a checkout; builds the binary the
// end-to-end tests run; and, when testServerEnv names a behaviour, is
// one of the MCP servers the tests spawn instead.
func TestMain(m *testing.M) {
	if behaviour := os.Getenv(testServerEnv); behaviour != "" {
		os.Exit(runTestServer(behaviour)) // this binary is a test's MCP server
	}
	if err := os.Chdir(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var err error
	if repoRoot, err = os.Getwd(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "toolbench-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	toolbenchBin = filepath.Join(dir, "toolbench")
	build := exec.Command("go", "build", "-o", toolbenchBin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "building toolbench: %v\n", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
