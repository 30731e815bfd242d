//go:build unix

package proctest

import (
	"errors"
	"path/filepath"
	"strconv"
	"syscall"
)

// Running returns the pids of the processes of group pgid that are
// running: not zombies, which have exited and wait to be reaped by a
// parent that may not be the test.
func Running(pgid int) []int {
	if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
		return nil
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var alive []int
	for _, path := range stats {
		pid, group, state, ok := readStat(path)
		if ok && group == pgid && state != 'Z' && state != 'X' {
			alive = append(alive, pid)
		}
	}
	return alive
}

// Alive reports whether process pid is running, not a zombie.
func Alive(pid int) bool {
	_, _, state, ok := readStat("/proc/" + strconv.Itoa(pid) + "/stat")
	return ok && state != 'Z' && state != 'X'
}

// GroupAttr starts a process in a process group of its own, which
// KillGroup ends whole.
func GroupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// KillGroup kills every process of group pgid.
func KillGroup(pgid int) { syscall.Kill(-pgid, syscall.SIGKILL) }
