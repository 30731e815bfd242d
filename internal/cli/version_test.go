package cli

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestVersionIsTheBuildsOwn(t *testing.T) {
	t.Parallel()
	code, stdout, _ := callRun(t, "", "--version")
	if code != exitOK || !regexp.MustCompile(`^toolbench \S.*\n$`).MatchString(stdout) {
		t.Errorf("--version: exit %d, %q; want 0 and toolbench VERSION", code, stdout)
	}
	if got := "toolbench " + (Build{}).version() + "\n"; stdout != got {
		t.Errorf("--version printed %q, want %q", stdout, got)
	}
}

// TestVersionSetWhenBuildingReachesSARIF builds toolbench as a release
// would, with the version, address and documents' revision set by the
// linker, and reads them back from --version, from a SARIF log (the
// address at that revision, each rule's page there) and from explain.
func TestVersionSetWhenBuildingReachesSARIF(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "toolbench")
	build := exec.Command("go", "build", "-o", bin,
		"-ldflags", "-X main.version=v9.8.7 -X main.informationURI=https://example.org/toolbench -X main.docsRef=v9.8.7", ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || string(out) != "toolbench v9.8.7\n" {
		t.Errorf("--version: %v, %q; want toolbench v9.8.7", err, out)
	}
	out, _ = exec.Command(bin, "lint", "--format", "sarif", lintValid).Output()
	for _, want := range []string{`"version": "9.8.7"`, `"informationUri": "https://example.org/toolbench/tree/v9.8.7"`, `"columnKind": "utf16CodeUnits"`,
		`"helpUri": "https://example.org/toolbench/blob/v9.8.7/docs/rules/openai-strict-all-required.md"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the SARIF log lacks %s:\n%.600s", want, out)
		}
	}
	out, _ = exec.Command(bin, "explain", "invalid-name").Output()
	if want := "\nPage: docs/rules/invalid-name.md, at https://example.org/toolbench/blob/v9.8.7/docs/rules/invalid-name.md\n"; !strings.HasSuffix(string(out), want) {
		t.Errorf("explain invalid-name ends %q, want %q", out[max(0, len(out)-120):], want)
	}
}
