package mcpclient

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pipeTransport connects the client to an in-process server over a
// net.Pipe, through the same line connection stdio uses.
type pipeTransport struct{ conn net.Conn }

func (t pipeTransport) Connect(context.Context) (mcp.Connection, error) {
	return newLineConn(t.conn, t.conn, t.conn.Close, nil), nil
}

// connectInMemory connects a client to s in this process.
func connectInMemory(t *testing.T, s *mcp.Server) *Client {
	t.Helper()
	ctx := context.Background()
	serverEnd, clientEnd := net.Pipe()
	ss, err := s.Connect(ctx, &mcp.IOTransport{Reader: serverEnd, Writer: serverEnd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := &Client{name: "memory", timeout: 3 * time.Second, listChanged: make(chan struct{}, 1), done: make(chan struct{})}
	if err := c.connect(ctx, pipeTransport{clientEnd}, DefaultProtocolVersion); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// connectStdio connects to this test binary run as the server of the given
// behaviour, and checks when the test ends that nothing of it is left.
func connectStdio(t *testing.T, behaviour string) *Client {
	t.Helper()
	c, err := Connect(context.Background(), serverSpec(t, behaviour))
	if err != nil {
		t.Fatal(err)
	}
	pgid := c.proc.pgid
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		assertGroupGone(t, pgid)
	})
	return c
}

// assertGroupGone fails the test unless, within a moment, no process of
// the group is left but zombies, which are not running and which this
// test cannot reap when they are not its children.
func assertGroupGone(t *testing.T, pgid int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		alive := groupMembers(pgid)
		if len(alive) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("process group %d still has running processes %v", pgid, alive)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// groupMembers returns the pids of the group's processes that are not
// zombies.
func groupMembers(pgid int) []int {
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

// readStat reads a process's pid, process group and state from
// /proc/PID/stat, where the command name, in parentheses, may hold spaces.
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

// processAlive reports whether pid is a running process, not a zombie.
func processAlive(pid int) bool {
	_, _, state, ok := readStat("/proc/" + strconv.Itoa(pid) + "/stat")
	return ok && state != 'Z' && state != 'X'
}

// waitFor polls cond for up to d.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}
