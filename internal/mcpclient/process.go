package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// How a server is stopped: its standard input is closed, as MCP's stdio
// transport asks; a server still running after stdinGrace gets SIGTERM,
// and after termGrace more SIGKILL, its whole process group each time.
// Many servers never exit when their input closes, so the waits are short.
const (
	stdinGrace = 200 * time.Millisecond
	termGrace  = 300 * time.Millisecond
	killWait   = 2 * time.Second
	// drainWait bounds the wait for the rest of a server's standard error
	// once it has exited, so that an error quotes all of it.
	drainWait = 200 * time.Millisecond
)

// commandTransport is an mcp.Transport over a spawned server's standard
// input and output. The server is started before, so that a command that
// cannot start is told apart from a failed handshake.
type commandTransport struct {
	proc *process
	conn **lineConn // where the connection is kept for the client
}

// Connect implements mcp.Transport.
func (t *commandTransport) Connect(context.Context) (mcp.Connection, error) {
	conn := newLineConn(t.proc.stdout, t.proc.stdin, t.proc.stop, t.proc.outputEnded)
	*t.conn = conn
	return conn, nil
}

// A process is a server spawned in a process group of its own, so that
// what it starts (npx starts node) can be ended with it. The pipes are
// the process's own rather than os/exec's copying goroutines, so that
// Wait returns as soon as the server exits, however long a grandchild
// holds them open: the group is then ended at once. A Cmd.WaitDelay would
// have nothing to bound.
type process struct {
	cmd    *exec.Cmd
	pgid   int
	stdin  *os.File
	stdout *os.File
	stderr *tail
	errOut *os.File // the read end of the server's standard error

	stderrDone chan struct{}
	exited     chan struct{}
	stopping   atomic.Bool
	// signalled is set before stop signals the server: an exit status
	// after it answers the signal, not a failure of the server's own.
	signalled atomic.Bool
	// Set before exited is closed.
	state       *os.ProcessState
	spontaneous bool // the server exited before it was asked to
}

func startProcess(argv, env []string, dir string) (*process, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Dir = dir
	cmd.SysProcAttr = groupAttr()
	files, err := pipes(3)
	if err != nil {
		return nil, err
	}
	in, out, errOut := files[0], files[1], files[2]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in[0], out[1], errOut[1]
	err = cmd.Start()
	// The server has its own copies of its ends now.
	in[0].Close()
	out[1].Close()
	errOut[1].Close()
	if err != nil {
		in[1].Close()
		out[0].Close()
		errOut[0].Close()
		return nil, fmt.Errorf("start the server: %w", err)
	}
	p := &process{
		cmd:        cmd,
		pgid:       cmd.Process.Pid,
		stdin:      in[1],
		stdout:     out[0],
		stderr:     newTail(StderrTailSize),
		errOut:     errOut[0],
		stderrDone: make(chan struct{}),
		exited:     make(chan struct{}),
	}
	go p.drainStderr()
	go p.wait()
	return p, nil
}

// pipes returns n pipes, each as its read and write end.
func pipes(n int) ([][2]*os.File, error) {
	var ps [][2]*os.File
	for range n {
		r, w, err := os.Pipe()
		if err != nil {
			for _, p := range ps {
				p[0].Close()
				p[1].Close()
			}
			return nil, err
		}
		ps = append(ps, [2]*os.File{r, w})
	}
	return ps, nil
}

func (p *process) drainStderr() {
	defer close(p.stderrDone)
	io.Copy(p.stderr, p.errOut)
}

func (p *process) wait() {
	p.cmd.Wait()
	p.state = p.cmd.ProcessState
	p.spontaneous = !p.stopping.Load()
	// Whatever the server started goes with it.
	p.signal(syscall.SIGKILL)
	close(p.exited)
}

func (p *process) signal(sig syscall.Signal) {
	signalGroup(p.cmd.Process, p.pgid, sig)
}

func (p *process) waitExit(d time.Duration) bool {
	select {
	case <-p.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// stop ends the server and its process group: it closes the server's
// input, then signals the group until the server has exited.
func (p *process) stop() error {
	p.stopping.Store(true)
	p.stdin.Close()
	defer p.closeOutput()
	if p.waitExit(stdinGrace) {
		return nil
	}
	p.signalled.Store(true)
	p.signal(syscall.SIGTERM)
	if p.waitExit(termGrace) {
		return nil
	}
	p.signal(syscall.SIGKILL)
	if p.waitExit(killWait) {
		return nil
	}
	return fmt.Errorf("the server (pid %d) did not exit after SIGKILL", p.pgid)
}

// closeOutput closes the reading ends of the server's output, which ends
// the reading even if a process that left the group holds the pipes.
func (p *process) closeOutput() {
	p.stdout.Close()
	select {
	case <-p.stderrDone:
	case <-time.After(drainWait):
	}
	p.errOut.Close()
}

// outputEnded says why the server's output ended: it exited, or it closed
// its standard output and is stopped for it.
func (p *process) outputEnded(err error) error {
	if p.stopping.Load() {
		return mcp.ErrConnectionClosed
	}
	if err != io.EOF {
		return fmt.Errorf("read the server's output: %w", err)
	}
	if !p.waitExit(stdinGrace) {
		return errors.New("the server closed its standard output")
	}
	if exit := p.exitError(); exit != nil {
		return exit
	}
	return mcp.ErrConnectionClosed
}

// exitError returns an *ExitError if the server has exited on its own, or
// with a failure status when it was asked to stop; else nil.
func (p *process) exitError() *ExitError {
	select {
	case <-p.exited:
	default:
		return nil
	}
	ws, _ := p.state.Sys().(syscall.WaitStatus)
	code := p.state.ExitCode()
	if !p.spontaneous && (code <= 0 || ws.Signaled()) {
		return nil
	}
	e := &ExitError{Code: code, Stderr: p.stderrTail()}
	if ws.Signaled() {
		e.Signal = ws.Signal().String()
	}
	return e
}

// stderrTail returns the tail of the server's standard error, all of it
// once the server has exited and the group has been ended.
func (p *process) stderrTail() string {
	select {
	case <-p.exited:
		select {
		case <-p.stderrDone:
		case <-time.After(drainWait):
		}
	default:
	}
	return p.stderr.String()
}
