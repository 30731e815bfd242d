package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal: the side a terminal program holds, and
// the side a command's streams are.
func openPTY(t *testing.T) (term, tty *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skip(err)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		ptmx.Close()
		t.Skip(errno)
	}
	var unlock int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		ptmx.Close()
		t.Skip(errno)
	}
	pts, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		ptmx.Close()
		t.Skip(err)
	}
	t.Cleanup(func() { ptmx.Close(); pts.Close() })
	return ptmx, pts
}

// On a terminal that answers no queries, toolbench lint of a file that
// does not parse waited 4.3 s and wrote the queries of the terminal's
// background and attributes (ESC ] 11 ; ?), NO_COLOR or not. An error
// asks the terminal nothing now, and help asks only when it is colored.
func TestNoTerminalQueryUnlessColorIsWanted(t *testing.T) {
	invalid := writeTools(t, "[{", 0o644)
	for _, tc := range []struct {
		name string
		env  []string
		args []string
	}{
		{"an error under NO_COLOR", []string{"NO_COLOR=1", "TERM=xterm-256color"}, []string{"lint", invalid}},
		{"an error under --color never", []string{"TERM=xterm-256color"}, []string{"--color", "never", "lint", invalid}},
		{"an error in color", []string{"TERM=xterm-256color"}, []string{"lint", invalid}},
		{"a usage error", []string{"TERM=xterm-256color"}, []string{"lint", "--tagret", "openai", invalid}},
		{"help under NO_COLOR", []string{"NO_COLOR=1", "TERM=xterm-256color"}, []string{"lint", "-h"}},
		{"help under --color never", []string{"TERM=xterm-256color"}, []string{"help", "--color=never", "lint"}},
		{"help on a dumb terminal", []string{"TERM=dumb"}, []string{"--help"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term, tty := openPTY(t)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, toolbenchBin, tc.args...)
			cmd.Env = append([]string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}, tc.env...)
			cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
			var shown bytes.Buffer
			read := make(chan struct{})
			go func() { io.Copy(&shown, term); close(read) }()
			start := time.Now()
			cmd.Run()
			took := time.Since(start)
			tty.Close()
			select {
			case <-read:
			case <-time.After(5 * time.Second):
			}
			if q := "\x1b]11;?"; strings.Contains(shown.String(), q) {
				t.Errorf("toolbench %q asked the terminal for its background (%q)", tc.args, shown.String())
			}
			if took > 30*time.Second {
				t.Errorf("toolbench %q took %v", tc.args, took)
			}
		})
	}
}
