package cli

import (
	"path/filepath"
	"testing"

	"toolbench/internal/golden"
)

// TestSecurityExamplesAreWhatLintSays holds the output docs/security.md
// shows for its examples, a poisoned tool of each class, to what
// toolbench lint says of them.
func TestSecurityExamplesAreWhatLintSays(t *testing.T) {
	t.Parallel()
	workIn(t, filepath.Join("core", "lint", "testdata", "security"))
	code, out, errOut := runIn(t, "--no-config", "lint", "--ignore", "empty-properties", "examples.json")
	if code != exitOK {
		t.Fatalf("lint of the examples: exit %d, %s", code, errOut)
	}
	golden.CheckSection(t, filepath.Join(repoRoot, "docs", "security.md"),
		"<!-- security examples: made by go test ./internal/cli -run SecurityExamples -update -->",
		"<!-- end of the security examples -->",
		"```\n"+out+"```\n", "run go test ./internal/cli -run SecurityExamples -update")
}
