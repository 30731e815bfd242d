//go:build unix

package brokenpipe

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// childEnv names what this test binary does when run as a child: write a
// line to a closed pipe, on standard output or error, with or without
// Catch, or start a shell that does so while it catches SIGPIPE. The
// shell, not this binary again: Go's runtime dies of SIGPIPE on standard
// output whether it started with the signal ignored or not.
const childEnv = "BROKENPIPE_CHILD"

// Exit statuses of a child that did not die of SIGPIPE.
const (
	exitWriteFailedEPIPE = 3
	exitWriteSucceeded   = 4
	exitWriteFailedOther = 5
	exitGrandchildPiped  = 6 // the child's own child died of SIGPIPE
	exitGrandchildOther  = 7
)

func TestMain(m *testing.M) {
	switch mode := os.Getenv(childEnv); mode {
	case "":
		os.Exit(m.Run())
	case "spawn":
		os.Exit(spawnShell())
	default:
		os.Exit(writeToClosedPipe(mode))
	}
}

// writeToClosedPipe waits for its input to end, which the test closes
// once it has closed its end of the output's pipe, and writes a line to
// standard output or error.
func writeToClosedPipe(mode string) int {
	if mode == "caught-stdout" || mode == "caught-stderr" {
		defer Catch()()
	}
	io.Copy(io.Discard, os.Stdin)
	out := os.Stdout
	if mode == "caught-stderr" {
		out = os.Stderr
	}
	_, err := out.Write([]byte("line\n"))
	switch {
	case err == nil:
		return exitWriteSucceeded
	case errors.Is(err, syscall.EPIPE):
		return exitWriteFailedEPIPE
	default:
		return exitWriteFailedOther
	}
}

// spawnShell catches SIGPIPE and starts a shell that writes to the
// closed pipe once its input ends, on the same input and output.
func spawnShell() int {
	defer Catch()()
	cmd := exec.Command("sh", "-c", "cat >/dev/null; echo line")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) && diedOfSIGPIPE(exit.ProcessState) {
		return exitGrandchildPiped
	}
	return exitGrandchildOther
}

func diedOfSIGPIPE(ps *os.ProcessState) bool {
	ws, ok := ps.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGPIPE
}

func TestAWriteToAClosedPipeIsAnErrorOnlyWhileCaught(t *testing.T) {
	tests := []struct {
		name     string
		mode     string
		stderr   bool // the closed pipe is standard error, not output
		wantExit int  // 0: dies of SIGPIPE
	}{
		{name: "caught on standard output", mode: "caught-stdout", wantExit: exitWriteFailedEPIPE},
		{name: "caught on standard error", mode: "caught-stderr", stderr: true, wantExit: exitWriteFailedEPIPE},
		{name: "not caught, the process dies of SIGPIPE", mode: "uncaught-stdout"},
		{name: "a process started while caught still dies of SIGPIPE", mode: "spawn", wantExit: exitGrandchildPiped},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := exec.LookPath("sh"); err != nil && tc.mode == "spawn" {
				t.Skip("no sh to start")
			}
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), childEnv+"="+tc.mode)
			if tc.stderr {
				cmd.Stderr = w
			} else {
				cmd.Stdout = w
			}
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w.Close()
			r.Close()
			in.Close()
			err = cmd.Wait()
			switch {
			case tc.wantExit == 0 && !diedOfSIGPIPE(cmd.ProcessState):
				t.Errorf("the child ended with %v, want death by SIGPIPE", err)
			case tc.wantExit != 0 && cmd.ProcessState.ExitCode() != tc.wantExit:
				t.Errorf("the child ended with %v, want exit status %d", err, tc.wantExit)
			}
		})
	}
}
