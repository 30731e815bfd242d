//go:build unix

package proctest

import (
	"os/exec"
	"syscall"
	"testing"
	"time"
)

func TestAGroupIsRunningUntilItsProcessesEnd(t *testing.T) {
	SkipUnsupported(t)
	cmd := exec.Command("sleep", "30")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Skipf("no sleep command: %v", err)
	}
	pgid := cmd.Process.Pid
	if got := Running(pgid); len(got) != 1 || got[0] != pgid {
		t.Errorf("Running(%d) = %v while sleep runs, want [%d]", pgid, got, pgid)
	}
	syscall.Kill(-pgid, syscall.SIGKILL)
	// Unreaped, sleep is a zombie: not running, and so gone.
	if got := WaitGone(pgid, 2*time.Second); got != nil {
		t.Errorf("WaitGone after SIGKILL = %v, want nil", got)
	}
	cmd.Wait()
	if got := Running(pgid); got != nil {
		t.Errorf("Running after Wait = %v, want nil", got)
	}
}

func TestWithEnvFindsAProcessByItsEnvironment(t *testing.T) {
	SkipUnsupported(t)
	mark := "PROCTEST_MARK=" + t.Name()
	cmd := exec.Command("sleep", "30")
	cmd.Env = append(cmd.Environ(), mark)
	if err := cmd.Start(); err != nil {
		t.Skipf("no sleep command: %v", err)
	}
	defer cmd.Wait()
	if got := WithEnv(mark); len(got) != 1 || got[0] != cmd.Process.Pid {
		t.Errorf("WithEnv = %v, want [%d]", got, cmd.Process.Pid)
	}
	cmd.Process.Kill()
	for deadline := time.Now().Add(2 * time.Second); len(WithEnv(mark)) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("WithEnv = %v after the process was killed", WithEnv(mark))
		}
	}
}

func TestSupportedSaysWhetherARunningGroupIsSeen(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	cmd.SysProcAttr = GroupAttr()
	if err := cmd.Start(); err != nil {
		t.Skipf("no sleep command: %v", err)
	}
	defer cmd.Wait()
	defer KillGroup(cmd.Process.Pid)
	if seen := Running(cmd.Process.Pid) != nil; seen != Supported() {
		t.Errorf("Running sees a running group: %v; Supported: %v", seen, Supported())
	}
}
