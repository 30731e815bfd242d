package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// toolbenchBin is the binary the end-to-end tests run, built once by
// TestMain.
var toolbenchBin string

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
