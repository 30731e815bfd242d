// Package proctest tells tests whether the processes a server started are
// gone: a test of a command that spawns a server checks, when it ends,
// that nothing of the server's process group is left running, or nothing
// with the mark it put in the server's environment. It reads /proc, so it
// sees them on Linux only: on another Unix it finds none running, and on
// Windows, which has neither /proc nor process groups of Unix's kind, it
// sees the process that leads a group, and no mark. [Supported] says
// which, and a test whose point is that nothing is left skips where it
// is false ([SkipUnsupported]), since there it would pass unchecked. It also finds and
// starts MCP's reference server-everything for the end-to-end tests of
// several packages, and gives them a Buffer a process's goroutines write
// while the test reads it.
package proctest

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Supported reports whether [Running], [WaitGone] and [WithEnv] see every
// process they look for: on Linux, with /proc mounted. Where it is false
// they find fewer processes or none, and a check that none is left
// passes without having looked.
func Supported() bool {
	if runtime.GOOS != "linux" && runtime.GOOS != "android" {
		return false
	}
	_, err := os.Stat("/proc/self/stat")
	return err == nil
}

// SkipUnsupported skips a test whose point is that processes ended, or
// that they run, where [Supported] is false.
func SkipUnsupported(t testing.TB) {
	t.Helper()
	if !Supported() {
		t.Skipf("proctest cannot see a process group's processes on %s (it reads /proc): the check that none is left would pass without looking", runtime.GOOS)
	}
}

// WaitGone waits up to d for the group to have no running process, and
// returns those still running then: nil when the group is gone.
func WaitGone(pgid int, d time.Duration) []int {
	deadline := time.Now().Add(d)
	for {
		alive := Running(pgid)
		if len(alive) == 0 || time.Now().After(deadline) {
			return alive
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// readStat reads a process's pid, process group and state from
// /proc/PID/stat, where the command name, in parentheses, may hold spaces
// and parentheses.
func readStat(path string) (pid, pgid int, state byte, ok bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, 0, false
	}
	end := bytes.LastIndexByte(data, ')')
	if end < 0 {
		return 0, 0, 0, false
	}
	fields := bytes.Fields(data[end+1:]) // state ppid pgrp ...
	if len(fields) < 3 {
		return 0, 0, 0, false
	}
	pid, _ = strconv.Atoi(string(bytes.Fields(data)[0]))
	pgid, err = strconv.Atoi(string(fields[2]))
	return pid, pgid, fields[0][0], err == nil
}

// WithEnv returns the pids of the running processes whose environment
// holds the entry kv, KEY=VALUE: a test that cannot know a server's
// process group (npx's, say) marks the server's environment and looks
// for it.
func WithEnv(kv string) []int {
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	var found []int
	for _, path := range envs {
		data, err := os.ReadFile(path)
		if err != nil || !slices.Contains(strings.Split(string(data), "\x00"), kv) {
			continue
		}
		pid, _, state, ok := readStat(filepath.Join(filepath.Dir(path), "stat"))
		if ok && state != 'Z' && state != 'X' {
			found = append(found, pid)
		}
	}
	return found
}
