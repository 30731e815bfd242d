package mcpclient

import (
	"errors"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The pieces of a session that a relay uses without a Client: a server
// spawned as Connect spawns one, which the relay speaks to byte for
// byte, and a tools/list page read as ListTools reads one.

// A Process is a server spawned on stdio, in a process group of its own,
// for a caller that reads and writes its messages itself. Stop ends it
// and everything it started; so does its own exit.
type Process struct{ p *process }

// Spawn starts argv in dir ("" for the caller's own), with env
// (KEY=VALUE entries) added to the environment, as Connect starts a
// server.
func Spawn(argv, env []string, dir string) (*Process, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command to start")
	}
	p, err := startProcess(argv, env, dir)
	if err != nil {
		return nil, err
	}
	return &Process{p: p}, nil
}

// Input is the server's standard input.
func (p *Process) Input() io.Writer { return p.p.stdin }

// Output is the server's standard output.
func (p *Process) Output() io.Reader { return p.p.stdout }

// Pid is the server's process id, which is its process group's too.
func (p *Process) Pid() int { return p.p.pgid }

// Exited is closed once the server has exited and its group is ended.
func (p *Process) Exited() <-chan struct{} { return p.p.exited }

// Stop ends the server and its process group: its input is closed, then
// SIGTERM and SIGKILL follow within half a second if it is still there.
// The output is closed too, which ends a read of it.
func (p *Process) Stop() error { return p.p.stop() }

// StopGrace is how long Stop gives a server to exit before SIGKILL: what
// a bound on ending a server's process tree must leave room for.
const StopGrace = stdinGrace + termGrace

// Ended says why the server's output ended, given the error that ended
// the reading of it (io.EOF when the server closed it): an *ExitError
// when the server exited on its own (with its standard error), or with
// a failure status as Stop closed its input, before any signal; an
// error when it closed its output and lives on; nil when Stop ended it
// otherwise. A server that failed as it was being stopped, its end not
// yet read when Stop came (one that exits at once, before its client
// has sent anything), is one that failed: which was first is a race,
// its status is not. The status a signal of Stop's brings (143 of a
// server that exits on SIGTERM) is no failure.
func (p *Process) Ended(readErr error) error {
	err := p.p.outputEnded(readErr)
	if errors.Is(err, mcp.ErrConnectionClosed) {
		if p.p.waitExit(StopGrace+killWait) && !p.p.signalled.Load() {
			if exit := p.p.exitError(); exit != nil {
				exit.AtStop = !p.p.spontaneous
				return exit
			}
		}
		return nil
	}
	return err
}

// Stderr is the tail of the server's standard error.
func (p *Process) Stderr() string { return p.p.stderrTail() }

// ReadToolsPage reads msg, the JSON-RPC response to the request for the
// tools/list page at cursor (page n, from 1), as ListTools reads each
// page: the page, with Message set to msg and Elapsed left for the
// caller, and each tool's bytes, slices of msg. A response that is not
// JSON-RPC or holds no "tools" list is a *ResponseError, positioned in
// msg; an error response is an *RPCError.
func ReadToolsPage(msg []byte, n int, cursor string) (Page, [][]byte, error) {
	page := Page{Cursor: cursor}
	resp, err := readResponse(msg, "tools/list", n)
	if err != nil {
		return page, nil, err
	}
	if resp.rpcErr != nil {
		resp.rpcErr.Method = "tools/list"
		return page, nil, resp.rpcErr
	}
	tp, err := readToolsResult(msg, resp, n)
	if err != nil {
		return page, nil, err
	}
	page.NextCursor, page.Tools, page.Message = tp.next, len(tp.tools), msg
	page.ResultType, page.TTLMs, page.CacheScope = tp.resultType, tp.ttl, tp.cacheScope
	return page, tp.tools, nil
}
