package proctest

import (
	"os"
	"syscall"
)

// Running returns pgid when the process that leads the group is running:
// Windows keeps no group of the processes it started.
func Running(pgid int) []int {
	if Alive(pgid) {
		return []int{pgid}
	}
	return nil
}

// stillActive is the exit code GetExitCodeProcess gives a process that
// has not exited.
const stillActive = 259

// Alive reports whether process pid is running: it has not exited.
func Alive(pid int) bool {
	h, err := syscall.OpenProcess(syscall.PROCESS_QUERY_INFORMATION, false, uint32(pid))
	if err != nil {
		return false
	}
	defer syscall.CloseHandle(h)
	var code uint32
	return syscall.GetExitCodeProcess(h, &code) == nil && code == stillActive
}

// GroupAttr starts a process in a console process group of its own.
func GroupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// KillGroup kills the process that leads group pgid; what it started is
// not killed with it.
func KillGroup(pgid int) {
	if p, err := os.FindProcess(pgid); err == nil {
		p.Kill()
	}
}
