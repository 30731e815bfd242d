package mcpclient

import (
	"os"
	"syscall"
)

// groupAttr starts a server in a console process group of its own.
func groupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// signalGroup ends the server: Windows has no signals for it to handle,
// so SIGTERM ends it as SIGKILL does, by its handle, which cannot name
// another process once it has exited. What the server started is not
// ended with it.
func signalGroup(proc *os.Process, _ int, _ syscall.Signal) {
	proc.Kill()
}
