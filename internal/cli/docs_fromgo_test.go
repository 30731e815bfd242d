package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/internal/golden"
)

// README's "From Go" is a program of its own that uses toolbench's core
// packages as a library, followed by what it prints. This test builds
// that program, as a module outside toolbench's that requires it (by a
// replace to this checkout), runs it from the repository's root and
// compares what it prints with what README shows; so the program holds
// to today's API. -update writes what it prints into README.
func TestDocsREADMEFromGoBuildsAndPrintsWhatItShows(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a program; skipped with -short")
	}
	data, err := os.ReadFile(inWork(t, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	program, output := fromGo(t, string(data))
	root, _ := os.Getwd()
	dir := t.TempDir()
	goMod := "module fromgo\n\ngo 1.26\n\nrequire toolbench v0.0.0\n\nreplace toolbench => " + root + "\n"
	sum, err := os.ReadFile(inWork(t, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"go.mod": goMod, "go.sum": string(sum), "main.go": program} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "fromgo")
	build := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOPROXY=off", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("README's From Go does not build: %v\n%s", err, out)
	}
	run := exec.Command(bin)
	run.Env = append(os.Environ(), "NO_COLOR=1")
	got, _ := run.CombinedOutput() // it exits 1: the file has errors
	if run.ProcessState.ExitCode() != 1 {
		t.Errorf("the program exited %d, want 1 (the file has errors)", run.ProcessState.ExitCode())
	}
	printed := strings.TrimRight(string(got), "\n")
	switch {
	case printed == output:
	case golden.Update():
		// The output block opens at the first fence after the program's.
		end := strings.Index(string(data), program) + len(program) + len("```\n")
		start := end + strings.Index(string(data[end:]), "```\n") + len("```\n")
		shown := len(output)
		if output != "" {
			shown++ // its newline
		}
		readme := string(data[:start]) + printed + "\n" + string(data[start+shown:])
		if err := os.WriteFile(inWork(t, "README.md"), []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
	default:
		t.Errorf("README's From Go shows:\n%s\nthe program prints:\n%s", output, got)
	}
}

// fromGo returns the program of README's "From Go" section, its first
// go block, and the output shown in the block after it.
func fromGo(t *testing.T, readme string) (program, output string) {
	t.Helper()
	_, section, ok := strings.Cut(readme, "\n## From Go\n")
	if !ok {
		t.Fatal(`README.md has no "## From Go" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	_, rest, ok := strings.Cut(section, "```go\n")
	if !ok {
		t.Fatal("README's From Go has no go block")
	}
	program, rest, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("README's From Go: the go block does not end")
	}
	_, rest, ok = strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("README's From Go shows no output after its program")
	}
	output, _, _ = strings.Cut(rest, "```")
	return program, strings.TrimRight(output, "\n")
}
