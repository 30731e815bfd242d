package proxy

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
	"toolbench/internal/proctest"
)

// waitNoneWith waits up to d for no process to hold the mark in its
// environment, and returns those that still do.
func waitNoneWith(mark string, d time.Duration) []int {
	deadline := time.Now().Add(d)
	for {
		left := proctest.WithEnv(mark)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The bound the issue sets on ending a server's process tree once its
// client is gone.
const endBound = 2 * time.Second

// stubbornBehindAShell is the stubborn server, which ignores its input
// closing and SIGTERM, through a shell that stays its parent and
// forwards no signal, as npx does; each process marked with mark, which
// proctest.WithEnv finds.
func stubbornBehindAShell(t *testing.T) (up mcpclient.Spec, mark string) {
	up, _ = testServer(t, "stubborn")
	mark = fmt.Sprintf("PROXY_TEST_MARK=%s-%d", t.Name(), time.Now().UnixNano())
	up.Command = []string{"sh", "-c", strings.Join(up.Command, " ") + "; true"}
	up.Env = append(up.Env, mark)
	return up, mark
}

func TestTheClientGoingEndsAStubbornServersProcessTreeWithin2s(t *testing.T) {
	proctest.SkipUnsupported(t)
	up, mark := stubbornBehindAShell(t)
	r := start(t, Options{Upstream: up})
	p := r.peer(t)
	p.initialize()
	if len(proctest.WithEnv(mark)) < 2 {
		t.Fatalf("the shell and the server are not both running: %v", proctest.WithEnv(mark))
	}
	r.in.Close()
	if left := waitNoneWith(mark, endBound); len(left) > 0 {
		t.Errorf("processes %v still run %s after the client went", left, endBound)
	}
	if err := r.stop(t); err != nil {
		t.Errorf("Run returned %v, want nil when the client goes", err)
	}
}

// proxyProcess starts this test binary as a proxy process in front of
// the server of behaviour, with env added to the server's environment,
// reached through env(1) as a user's command line would, every process
// marked.
func proxyProcess(t testing.TB, behaviour, mark string, env ...string) (*exec.Cmd, io.WriteCloser, *peer, *proctest.Buffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append(append([]string{"env", serverEnv + "=" + behaviour}, env...), exe)...)
	cmd.Env = append(os.Environ(), proxyEnv+"=1", mark)
	cmd.SysProcAttr = proctest.GroupAttr()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &proctest.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		proctest.KillGroup(cmd.Process.Pid)
		cmd.Wait()
	})
	p := newPeer(t, stdin, stdout)
	p.out = stdout
	return cmd, stdin, p, stderr
}

func TestKillingEitherSideOfAProxyProcessLeavesNoProcess(t *testing.T) {
	proctest.SkipUnsupported(t)
	tests := []struct {
		name string
		kill func(t *testing.T, cmd *exec.Cmd, stdin io.WriteCloser, p *peer, mark string)
		// exit is the proxy's exit status.
		exit int
	}{
		{name: "the client closes the pipe", exit: 0, kill: func(t *testing.T, _ *exec.Cmd, stdin io.WriteCloser, _ *peer, _ string) {
			stdin.Close()
		}},
		{name: "the client stops reading the proxy's output", exit: 0, kill: func(t *testing.T, _ *exec.Cmd, _ io.WriteCloser, p *peer, _ string) {
			p.out.Close()
			// The answer cannot be written: the client is gone, though
			// its input is open.
			p.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
		}},
		{name: "the client stops the proxy with SIGTERM", exit: 0, kill: func(t *testing.T, cmd *exec.Cmd, _ io.WriteCloser, _ *peer, _ string) {
			cmd.Process.Signal(syscall.SIGTERM)
		}},
		{name: "the server is killed", exit: 1, kill: func(t *testing.T, cmd *exec.Cmd, _ io.WriteCloser, p *peer, mark string) {
			p.send(`{"jsonrpc":"2.0","id":"h","method":"tools/call","params":{"name":"hang","arguments":{}}}`)
			// The server reads its input in order: once it answers a
			// request sent after the call, the call has reached it.
			p.call(`"after"`, "tools/list", `{}`)
			for _, pid := range proctest.WithEnv(mark) {
				if pid != cmd.Process.Pid {
					killPid(pid)
				}
			}
			if m := jsonrpc.Parse(p.answer(`"h"`)); m.Error == nil {
				t.Errorf("the pending call got %s, want an error", m.Raw)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mark := fmt.Sprintf("PROXY_TEST_MARK=%s-%d", t.Name(), time.Now().UnixNano())
			cmd, stdin, p, stderr := proxyProcess(t, "stubborn", mark)
			p.initialize()
			p.call("1", "tools/list", `{}`)
			if n := len(proctest.WithEnv(mark)); n != 2 {
				t.Fatalf("%d processes marked, want the proxy and the server", n)
			}
			tc.kill(t, cmd, stdin, p, mark)
			if left := waitNoneWith(mark, endBound); len(left) > 0 {
				t.Errorf("processes %v still run %s after it; stderr:\n%s", left, endBound, stderr)
			}
			cmd.Wait()
			if got := cmd.ProcessState.ExitCode(); got != tc.exit {
				t.Errorf("the proxy exited with %d, want %d; stderr:\n%s", got, tc.exit, stderr)
			}
		})
	}
}
