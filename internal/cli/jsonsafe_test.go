package cli

import (
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
