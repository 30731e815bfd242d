package mcpserve

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/sync/semaphore"

	"toolbench/core/termtext"
)

// A call of a tool that reads a document (lint_tools, check_tool_calls,
// diff_tools) holds its arguments decoded, the document's tree, the
// check's state and its answer: many times the document's size. The SDK
// runs every call of a session at once, and over HTTP every request is
// a call of its own, so a client sending many large calls at once would
// hold them all together, and could have the server killed for its
// memory, every other client's session with it. Such calls run at most
// MaxCalls at a time, over stdio and HTTP alike; the rest wait their
// turn in the order they came, and a call cancelled, or whose client
// went away, while it waits leaves the queue without running. What a
// waiting call holds is bounded over HTTP, where a large body waits
// before it is read (see checkedHandler); over stdio the SDK has read
// and decoded a call before it waits, so a client that sends many large
// calls at once holds them all, in the one server it talks to.

// callLimit lets at most its weight of calls of the tools it names run at
// once.
type callLimit struct {
	slots   *semaphore.Weighted
	n       int
	tools   map[string]bool // the tools whose calls wait for a slot
	log     io.Writer
	waiting atomic.Int64 // calls waiting for a slot
}

// maxCalls is MaxCalls or its default, the processors Go may use: a
// lint already spreads a large document over all of them, so calls
// beyond that many would only share them, holding their memory longer.
func (opt Options) maxCalls() int {
	if opt.MaxCalls > 0 {
		return opt.MaxCalls
	}
	return runtime.GOMAXPROCS(0)
}

func newCallLimit(n int, log io.Writer, tools ...string) *callLimit {
	l := &callLimit{slots: semaphore.NewWeighted(int64(n)), n: n, tools: map[string]bool{}, log: log}
	for _, t := range tools {
		l.tools[t] = true
	}
	return l
}

// middleware has each call of l's tools wait for a slot before its
// arguments are decoded and checked, and hold it until it is answered,
// unless its request holds one already (see withSlot): then the call
// ends when that request does. A call whose request ends while it waits
// is answered as a cancelled call is: with the context's error, which
// the SDK does not send to a client that cancelled.
func (l *callLimit) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || call.Params == nil || !l.tools[call.Params.Name] {
			return next(ctx, method, req)
		}
		if held, ok := ctx.Value(slotKey{}).(context.Context); ok {
			ctx, cancel := context.WithCancel(ctx)
			defer cancel()
			defer context.AfterFunc(held, cancel)()
			return next(ctx, method, req)
		}
		release, err := l.acquire(ctx, call.Params.Name)
		if err != nil {
			return nil, err
		}
		defer release()
		return next(ctx, method, req)
	}
}

// acquire waits for a slot, for what (a tool's name, or "a request"),
// and returns the function that gives it back; it fails, saying so on the
// log, when ctx is done first.
func (l *callLimit) acquire(ctx context.Context, what string) (release func(), err error) {
	l.waiting.Add(1)
	err = l.slots.Acquire(ctx, 1)
	l.waiting.Add(-1)
	if err != nil {
		fmt.Fprintf(l.log, "toolbench mcp: %s stopped: the request was cancelled, or its client went away, while it waited for one of the %d calls that run at once\n",
			termtext.EscapeLine(what), l.n)
		return nil, err
	}
	return func() { l.slots.Release(1) }, nil
}

// slotKey marks the context of a request that holds a slot already,
// with the request's own context: over HTTP a call waits for its slot
// in the handler (see checkedHandler), where the request's end is known,
// and the SDK runs it in a context of its own, which that end does not
// cancel.
type slotKey struct{}

// withSlot is ctx of a request that holds a slot: its call takes no
// second one, and ends when ctx does.
func withSlot(ctx context.Context) context.Context {
	return context.WithValue(ctx, slotKey{}, ctx)
}
