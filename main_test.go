package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// runIn runs toolbench with args in process, standard output not a
// terminal.
func runIn(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{
		stdin:      strings.NewReader(""),
		stdout:     &out,
		stderr:     &errOut,
		getenv:     func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false },
	}
	code = run(e, args)
	return code, out.String(), errOut.String()
}

func TestAMistypedCommandIsNamedNotOpenedAsAFile(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lnit", "tools.json"}, `unknown command "lnit"; did you mean "lint"?`},
		{[]string{"wacth"}, `unknown command "wacth"; did you mean "watch"?`},
		{[]string{"explian", "invalid-name"}, `unknown command "explian"; did you mean "explain"?`},
		{[]string{"rule"}, `unknown command "rule"; did you mean "rules"?`},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			code, stdout, stderr := runIn(t, tc.args...)
			if code != exitFailure || stdout != "" || !strings.HasPrefix(stderr, "toolbench: "+tc.want+"\n") {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, stdout, stderr, tc.want)
			}
		})
	}
}

func TestAFileNamedLikeACommandIsStillAFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("lnit", []byte(`[]`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := mistypedCommand("lnit"); got != "" {
		t.Errorf("mistypedCommand of an existing file = %q, want none", got)
	}
	if got := mistypedCommand("nothing-like-a-command.json"); got != "" {
		t.Errorf("mistypedCommand(nothing-like-a-command.json) = %q, want none", got)
	}
}

func TestHelpListsEveryCommandOfTheTable(t *testing.T) {
	code, stdout, _ := runIn(t, "-h")
	if code != exitOK {
		t.Fatalf("exit %d, want 0", code)
	}
	for _, c := range commands {
		if !strings.Contains(stdout, "  "+c.name+" ") || !strings.Contains(stdout, c.summary) {
			t.Errorf("help does not list %s: %s", c.name, c.summary)
		}
	}
}
