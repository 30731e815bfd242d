package mcpclient

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/internal/proctest"
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
	if err := c.connect(ctx, pipeTransport{clientEnd}, DefaultProtocolVersion, 3*time.Second, timeoutFlag); err != nil {
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
// test cannot reap when they are not its children. Where proctest cannot
// see the group's processes it checks nothing: the tests that call it
// check more than this, and one whose point it is skips there.
func assertGroupGone(t *testing.T, pgid int) {
	t.Helper()
	if !proctest.Supported() {
		return
	}
	if alive := proctest.WaitGone(pgid, 2*time.Second); alive != nil {
		t.Errorf("process group %d still has running processes %v", pgid, alive)
	}
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
