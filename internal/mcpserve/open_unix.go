//go:build unix

package mcpserve

import "syscall"

// nonBlocking opens a named pipe without waiting for a writer.
const nonBlocking = syscall.O_NONBLOCK
