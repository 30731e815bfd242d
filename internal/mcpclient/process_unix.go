//go:build unix

package mcpclient

import (
	"os"
	"syscall"
)

// groupAttr starts a server in a process group of its own.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// signalGroup sends sig to the server's process group, pgid: the server
// and whatever it started.
func signalGroup(_ *os.Process, pgid int, sig syscall.Signal) {
	syscall.Kill(-pgid, sig)
}
