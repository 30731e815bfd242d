package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/charmbracelet/x/term"

	"toolbench/internal/auxfile"
)

// env is everything a command may touch of the process: its standard
// streams, its working directory, its environment variables and what is
// known of its terminal. Main builds it from the process; tests build
// their own, so that commands run in-process, side by side, each in a
// directory and an environment of its own. Nothing under this package
// reads the process any other way.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// dir is the working directory, absolute: a relative path a command
	// is given, or finds, is relative to it.
	dir    string
	getenv func(string) string
	// isTerminal reports whether w is a terminal (for color decisions).
	isTerminal func(w io.Writer) bool
	// stdinTerminal says standard input is a terminal, where a command
	// reading it waits for someone to type.
	stdinTerminal bool
	// width is the width of the terminal standard output is, 0 when it
	// is none.
	width int
	// tuneGC says the command is the process, whose garbage collector it
	// may set (see oneShotGC): not so for commands run side by side in
	// one process, as tests run them.
	tuneGC bool
	// process says the command is the process's own, which owns the
	// process's standard input (see withoutTerminalQuery).
	process bool

	// build is what this build of toolbench says of itself.
	build Build
	// executable is the path of the running toolbench, "" when it is
	// not known: what a servers file runs to start the proxy.
	executable string

	// The root's persistent flags, which every command reads.
	color  colorMode   // --color; the zero value is auto
	config configFlags // --config and --no-config
}

// Main runs the command line of the process, a toolbench built as b says:
// its arguments, streams, working directory and environment. It returns
// the exit status.
func Main(b Build) int {
	dir, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolbench:", err)
		return exitFailure
	}
	e := &env{
		stdin:      os.Stdin,
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		dir:        dir,
		build:      b,
		getenv:     os.Getenv,
		isTerminal: isTerminal,
		// A terminal, not any character device: /dev/zero is one too.
		stdinTerminal: term.IsTerminal(os.Stdin.Fd()),
		tuneGC:        true,
		process:       true,
	}
	if w, _, err := term.GetSize(os.Stdout.Fd()); err == nil {
		e.width = w
	}
	if exe, err := os.Executable(); err == nil {
		e.executable = exe
	}
	return run(e, os.Args[1:])
}

// path is the file path p names from the working directory: p itself when
// it is absolute, or when the working directory is the process's own
// (tests that give none).
func (e *env) path(p string) string {
	if p == "" || filepath.IsAbs(p) || e.dir == "" {
		return p
	}
	return filepath.Join(e.dir, p)
}

// open opens the file name, from the working directory; its error names
// the file as it was given.
func (e *env) open(name string) (*os.File, error) {
	f, err := os.Open(e.path(name))
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = name
	}
	return f, err
}

// readFile reads the file name, from the working directory, within
// --max-file-size (it is a servers file); its error names the file as it
// was given.
func (e *env) readFile(name string) ([]byte, error) {
	return auxfile.ReadAs(e.path(name), name, e.fileLimit())
}

// colored reports whether what is written to w is colored: as --color
// says, and by default when w is a terminal and NO_COLOR is not set.
func (e *env) colored(w io.Writer) bool {
	switch e.color {
	case colorAlways:
		return true
	case colorNever:
		return false
	}
	return e.isTerminal(w) && e.getenv("NO_COLOR") == ""
}

// helpWidth is the width fang lays help out in (its help.go): the
// terminal's on standard output, at most 120, else 120, or what
// __FANG_TEST_WIDTH says.
func (e *env) helpWidth() int {
	if w, err := strconv.Atoi(e.getenv("__FANG_TEST_WIDTH")); err == nil && w > 0 {
		return w
	}
	if e.width <= 0 {
		return 120
	}
	return min(e.width, 120)
}

// readingStdin tells someone at a terminal that a command is reading
// what they type, what, and how to end it: without a word the command
// only seems to hang. Piped input needs no telling.
func (e *env) readingStdin(command, what string) {
	if !e.stdinTerminal {
		return
	}
	end := "ctrl+d"
	if runtime.GOOS == "windows" {
		end = "ctrl+z and enter"
	}
	fmt.Fprintf(e.stderr, "toolbench %s: reading %s from standard input; end it with %s on a line of its own, or ctrl+c to stop\n", command, what, end)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
