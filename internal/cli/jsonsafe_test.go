package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// JSON output escapes ASCII controls by the encoder's rules; bidi and
// invisible characters must not reach a terminal raw either.
func TestJSONOutputsKeepBidiAndInvisibleCharactersEscaped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	src := `[{"name": "evil` + "\u202e" + `tool", "description": "Looks harmless` + "\u200b" + ` but is not at all.", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}]`
	if err := os.WriteFile(tools, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, _ := runLintIn(t, "", lintTerm{}, "--json", tools)
	_, sarif, _ := runLintIn(t, "", lintTerm{}, "--format", "sarif", tools)
	for name, got := range map[string]string{"lint --json": out, "lint --format sarif": sarif} {
		if strings.ContainsAny(got, "\u202e\u200b") {
			t.Errorf("%s wrote a raw bidi or zero-width character", name)
		}
		if !strings.Contains(got, `\u202e`) {
			t.Errorf("%s does not show the override as \\u202e:\n%s", name, got)
		}
	}
}

// dump to a terminal escaped what JSON encoders leave raw outside ASCII,
// but passed DEL (0x7f), which JSON allows raw in a string, through.
func TestDumpToATerminalEscapesDEL(t *testing.T) {
	tools := writeTools(t, "[{\"name\": \"a\x7fb\", \"description\": \"Rub\x7f out.\"}]\n", 0o644)
	var out bytes.Buffer
	e := &env{dir: workDir(t), stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard,
		getenv: func(string) string { return "" }, isTerminal: func(io.Writer) bool { return true }}
	if code := run(e, []string{"dump", tools}); code != exitOK {
		t.Fatalf("dump: exit %d", code)
	}
	if strings.ContainsRune(out.String(), 0x7f) || !strings.Contains(out.String(), `a\u007fb`) {
		t.Errorf("dump to a terminal wrote %q; want DEL as \\u007f", out.String())
	}
}
