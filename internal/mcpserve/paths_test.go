package mcpserve_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/internal/mcpserve"
)

// confinement lays out a root beside files it must not read:
//
//	outside.json        a tools document beside the root
//	outside/tools.json  and in a directory beside it
//	root/tools.json     the root's own
//	root/sub/           a directory
//	root/in             -> tools.json, a link within the root
//	root/out            -> ../outside.json
//	root/outdir         -> ../outside, a directory
//	root/abs            -> the absolute path of outside.json
//	link                -> root, the root through a link
func confinement(t *testing.T) (dir, root string) {
	t.Helper()
	dir = t.TempDir()
	root = filepath.Join(dir, "root")
	writeFiles(t, dir, map[string]string{
		"outside.json":       `[{"name": "outside"}]`,
		"outside/tools.json": `[{"name": "outside"}]`,
		"root/tools.json":    `[{"name": "inside"}]`,
		"root/sub/keep":      "",
	})
	for link, to := range map[string]string{
		"root/in":     "tools.json",
		"root/out":    "../outside.json",
		"root/outdir": "../outside",
		"root/abs":    filepath.Join(dir, "outside.json"),
		"link":        "root",
	} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	return dir, root
}

func TestPathsReadFilesUnderTheRootOnly(t *testing.T) {
	t.Parallel()
	dir, root := confinement(t)
	for _, given := range []string{root, filepath.Join(dir, "link")} {
		cs := connect(t, mcpserve.Options{Root: given})
		for _, tc := range []struct {
			path string
			want string // the error, "" to read the root's tools.json
		}{
			{"tools.json", ""},
			{"./sub/../tools.json", ""},
			{"in", ""},
			{filepath.Join(root, "tools.json"), ""},
			{filepath.Join(dir, "link", "tools.json"), ""},
			{"../outside.json", "leads out of the root: this server reads files under its root directory only"},
			{"sub/../../outside.json", "leads out of the root"},
			{"..", "leads out of the root"},
			{filepath.Join(dir, "outside.json"), "is not under the root"},
			{"/etc/passwd", "is not under the root"},
			{"out", "leads out of the root through a symbolic link"},
			{"abs", "leads out of the root through a symbolic link"},
			{"outdir/tools.json", "leads out of the root through a symbolic link"},
			{"sub", `"sub" is a directory`},
			{"missing.json", "no such file or directory"},
		} {
			t.Run(given+" "+tc.path, func(t *testing.T) {
				if tc.want == "" {
					var got lintAnswer
					answer(t, cs, "lint_tools", lintPathArgs(tc.path), &got)
					if len(got.Issues) == 0 || got.Issues[0]["tool"] != "inside" {
						t.Errorf("want the issues of the root's tools.json, got %v", got.Issues)
					}
					return
				}
				got := toolError(t, cs, "lint_tools", lintPathArgs(tc.path))
				if !strings.Contains(got, tc.want) {
					t.Errorf("error %q\nwant it to contain %q", got, tc.want)
				}
			})
		}
	}
}

func TestPathsStayUnderTheRootInEveryTool(t *testing.T) {
	t.Parallel()
	dir, root := confinement(t)
	cs := connect(t, mcpserve.Options{Root: root})
	escape := filepath.Join(dir, "outside.json")
	for tool, args := range map[string]map[string]any{
		"check_tool_calls": {"tools": nil, "tools_path": escape, "calls": `{"name": "outside"}`, "deep": false},
		"diff_tools (old)": {"old": nil, "old_path": "out", "new": "[]", "new_path": nil},
		"diff_tools (new)": {"old": "[]", "old_path": nil, "new": nil, "new_path": "../outside.json"},
	} {
		name, _, _ := strings.Cut(tool, " ")
		got := toolError(t, cs, name, args)
		if !strings.Contains(got, "this server reads files under its root directory only") {
			t.Errorf("%s: error %q, want the path refused", tool, got)
		}
		if strings.Contains(got, root) {
			t.Errorf("%s: error %q names the server's root", tool, got)
		}
	}
}
