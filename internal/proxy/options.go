package proxy

import (
	"fmt"
	"io"
	"net"
	"time"

	"toolbench/core/lint"
	"toolbench/core/lock"
	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

// Policy says what a check does with what fails it.
type Policy uint8

// The policies. The zero value is Enforce.
const (
	// Enforce keeps what fails the check from its peer: a call is
	// answered by the proxy and never reaches the server, a tool is
	// withheld from the client, a request whose headers disagree with its
	// body is refused. Every such thing is reported too.
	Enforce Policy = iota
	// Audit passes everything on, and reports what fails.
	Audit
)

func (p Policy) String() string {
	if p == Audit {
		return "audit"
	}
	return "enforce"
}

// ParsePolicy reads "enforce" or "audit".
func ParsePolicy(s string) (Policy, error) {
	switch s {
	case "enforce":
		return Enforce, nil
	case "audit":
		return Audit, nil
	}
	return Enforce, fmt.Errorf("unknown policy %q: use enforce or audit", s)
}

// Policies are the policy of each check that can keep a message from
// its peer. The zero value enforces all of them. What the other checks
// find (the lint of a listing, a result against its outputSchema, hidden
// characters in a result) is always passed on, and reported.
type Policies struct {
	// Calls is for a tools/call whose arguments fail validate_call or the
	// tool's input schema, or that names a tool not listed.
	Calls Policy
	// Drift is for a tool of a server the lock pins that the lock does
	// not pin as listed: changed since it was locked, or new.
	Drift Policy
	// Headers is for a Streamable HTTP request whose Mcp-Method, Mcp-Name
	// or Mcp-Param-* headers (MCP 2026-07-28) disagree with its body.
	Headers Policy
}

// Downstream is where the client is: on standard input and output, or
// on Streamable HTTP when Listen or Listener is set.
type Downstream struct {
	// In and Out are the client's stream over stdio; nil for the
	// process's standard input and output.
	In  io.Reader
	Out io.Writer
	// Listen is the address to serve Streamable HTTP on, at HTTPPath.
	// An address without a host (":7777") is loopback's, this machine
	// only; another (0.0.0.0:7777) is served, and the proxy says on
	// Stderr who can reach it.
	Listen string
	// Listener, when set, is served instead of listening on Listen.
	Listener net.Listener
	// Hosts are the host names, besides loopback names and the address
	// listened on, that a request's Host may give. A request naming any
	// other host is refused, as one DNS rebinding sends would be.
	Hosts []string
}

// HTTPPath is the path the proxy serves Streamable HTTP on.
const HTTPPath = "/mcp"

// Options configure Run. Upstream is required; the zero value of the rest
// relays stdio, enforcing every policy, recording nothing.
type Options struct {
	// Upstream is the server: a command spawned on stdio (Command, Env,
	// Dir), in a process group of its own ended whole when the proxy
	// stops, or a Streamable HTTP endpoint (URL), whose Header goes to
	// its origin and to no other (a redirect to another origin is not
	// followed). Its Name names it in messages; the proxy relays the
	// client's own handshake, so the Spec's timeouts and protocol version
	// are not used.
	Upstream   mcpclient.Spec
	Downstream Downstream
	Policy     Policies
	// Lock, when it pins LockSource, holds the server's tools to what it
	// pins (see Policies.Drift).
	Lock *lock.Lock
	// LockSource is the source the lock pins this server's tools under;
	// "" is the Upstream's DisplayName.
	LockSource string
	// LockFile is the file Lock was read from, as the user named it, for
	// the command that pins a withheld tool; "" for the default lock.
	LockFile string
	// Lint says how a listing is linted: its targets, ignored codes and
	// levels. Its Server is set by the proxy to the session's facts, so
	// a listing is held to the negotiated revision's rules.
	Lint lint.Options
	// Accept, when set, takes out of a listing's lint the issues a team
	// accepts (a configuration's [[ignore]] entries, a baseline), as
	// toolbench lint does.
	Accept func(*lint.Result) *lint.Result
	// Record, when set, gets one JSON line for each message (see the
	// package doc for its schema).
	Record io.Writer
	// Events, when set, is called with each message's Event, in order,
	// on a goroutine of its own: a workbench's traffic pane reads it.
	// Events and Record share one bounded queue.
	Events func(Event)
	// RecordMessages records every message whole in its Event and line;
	// by default only tools/call requests and tools/list responses are,
	// which is what re-checking calls and pinning tools need.
	RecordMessages bool
	// QueueSize bounds the events waiting for Record and Events; 0 is
	// DefaultQueueSize. An event that finds the queue full is dropped,
	// and counted: see Event.Dropped.
	QueueSize int
	// Stderr gets the proxy's own lines: the server's exit, tools
	// withheld, events dropped. nil is os.Stderr.
	Stderr io.Writer
	// MaxMessage bounds each message, in bytes; 0 is
	// jsonrpc.DefaultMaxMessage (64 MiB).
	MaxMessage int
	// CallTimeout bounds the proxy's own requests to the server (the
	// listing it takes to check a call made before any was listed); 0 is
	// DefaultCallTimeout.
	CallTimeout time.Duration
}

// The defaults of Options.
const (
	DefaultQueueSize   = 4096
	DefaultCallTimeout = 30 * time.Second
	// maxQueuedBytes bounds the messages the queue holds, besides the
	// count, so that recorded messages never hold more than this much
	// memory however slow the record is.
	maxQueuedBytes = 64 << 20
)

func (o *Options) maxMessage() int {
	if o.MaxMessage > 0 {
		return o.MaxMessage
	}
	return jsonrpc.DefaultMaxMessage
}

func (o *Options) lockSource() string {
	if o.LockSource != "" {
		return o.LockSource
	}
	return o.Upstream.DisplayName()
}

func (o *Options) callTimeout() time.Duration {
	if o.CallTimeout > 0 {
		return o.CallTimeout
	}
	return DefaultCallTimeout
}

func (o *Options) validate() error {
	if err := o.Upstream.Validate(); err != nil {
		return fmt.Errorf("upstream: %w", err)
	}
	switch {
	case (len(o.Upstream.Env) > 0 || o.Upstream.Dir != "") && o.Upstream.URL != "":
		return fmt.Errorf("an environment and a directory are for a spawned server, not one reached by URL")
	case len(o.Upstream.Header) > 0 && o.Upstream.URL == "":
		return fmt.Errorf("headers are for a server reached by URL, not a spawned one")
	}
	return nil
}
