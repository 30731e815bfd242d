package tui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEditorCommandGivesVSCodeUTF16Columns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "tools.json")
	// Line 2 holds "é" (2 bytes, 1 unit) and "😀" (4 bytes, 2 units)
	// before "name".
	src := "[\n{\"description\": \"Café 😀\", \"name\": \"a b\"}\n]\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		editor string
		line   int
		col    int
		want   []string
	}{
		{"after non-ASCII text", "code", 2, 39, []string{"code", "-g", file + ":2:36"}},
		{"before it", "code", 2, 2, []string{"code", "-g", file + ":2:2"}},
		{"a line of ASCII", "code", 1, 1, []string{"code", "-g", file + ":1:1"}},
		{"a line past the end keeps the byte column", "code", 9, 7, []string{"code", "-g", file + ":9:7"}},
		{"vi takes no column", "vi", 2, 39, []string{"vi", "+2", file}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := editorCommand(tc.editor, "", file, tc.line, tc.col).Args
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("args (-want +got):\n%s", diff)
			}
		})
	}
	if got := editorCommand("code", "", filepath.Join(dir, "gone.json"), 2, 39).Args[2]; got != filepath.Join(dir, "gone.json")+":2:39" {
		t.Errorf("a file that cannot be read: %s, want the byte column", got)
	}
}
