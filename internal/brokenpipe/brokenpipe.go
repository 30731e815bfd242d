// Package brokenpipe keeps a process alive when the reader of its
// standard output or error goes: a write there to a pipe closed at the
// other end ends a Go program with SIGPIPE, and with [Catch] in force it
// is an error (EPIPE) that the writer handles, as a write to any other
// file already is. A server on stdio whose client went then ends as it
// chooses, and ends the processes it started, where SIGPIPE would have
// left them running. It imports only the standard library.
package brokenpipe

import (
	"os"
	"os/signal"
	"syscall"
)

// Catch makes a write to a closed pipe on standard output or error an
// error until stop is called. It catches SIGPIPE rather than ignoring
// it: a process started meanwhile does not inherit a caught signal, as
// it would an ignored one, and so dies of a closed pipe as it expects
// to. Windows has no SIGPIPE, and there Catch changes nothing.
func Catch() (stop func()) {
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	return func() { signal.Stop(pipe) }
}
