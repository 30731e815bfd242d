package tui

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// editorCommand is the command that opens file at line and column in
// editor, the value of $EDITOR (which may carry arguments, as in
// "emacs -nw"). VS Code and its builds take -g FILE:LINE:COL; every other
// editor gets +LINE FILE, the convention of vi, nano and emacs. Line 0
// opens the file at its top.
func editorCommand(editor, file string, line, col int) *exec.Cmd {
	args := strings.Fields(editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	// A file named like an option would be read as one.
	if strings.HasPrefix(file, "-") || strings.HasPrefix(file, "+") {
		file = "." + string(filepath.Separator) + file
	}
	base := filepath.Base(args[0])
	base = strings.TrimSuffix(base, filepath.Ext(base))
	switch {
	case line <= 0:
		args = append(args, file)
	case base == "code" || base == "code-insiders" || base == "codium":
		args = append(args, "-g", fmt.Sprintf("%s:%d:%d", file, line, max(col, 1)))
	default:
		args = append(args, "+"+strconv.Itoa(line), file)
	}
	return exec.Command(args[0], args[1:]...)
}
