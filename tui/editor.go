package tui

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"toolbench/core/jsondoc"
)

// editorCommand is the command that opens file at line and column in
// editor, the value of $EDITOR (which may carry arguments, as in
// "emacs -nw"). VS Code and its builds take -g FILE:LINE:COL, the column
// in UTF-16 code units as VS Code counts it (col counts bytes); every
// other editor gets +LINE FILE, the convention of vi, nano and emacs.
// Line 0 opens the file at its top.
func editorCommand(editor, dir, file string, line, col int) *exec.Cmd {
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
		args = append(args, "-g", fmt.Sprintf("%s:%d:%d", file, line, utf16ColumnIn(inDir(dir, file), line, max(col, 1))))
	default:
		args = append(args, "+"+strconv.Itoa(line), file)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	return cmd
}

// inDir is file from the working directory dir: file itself when it is
// absolute or dir is "" (the process's).
func inDir(dir, file string) string {
	if dir == "" || filepath.IsAbs(file) {
		return file
	}
	return filepath.Join(dir, file)
}

// utf16ColumnIn converts col, a byte column of the line of file, to the
// column in UTF-16 code units, reading the file as far as that line. A
// file that cannot be read keeps the byte column, which is the same on a
// line of ASCII.
func utf16ColumnIn(file string, line, col int) int {
	f, err := os.Open(file)
	if err != nil {
		return col
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, jsondoc.MaxDocumentSize))
	for n := 1; ; n++ {
		text, err := r.ReadString('\n')
		if n == line {
			return jsondoc.UTF16Column(text, col)
		}
		if err != nil {
			return col
		}
	}
}
