// Package proxy is an MCP proxy that checks the traffic between a client
// and one server while it runs: every tool call is held to the tool the
// client was given before the server sees it, a locked server's tools
// to what the lock pins, results to their outputSchema, and everything
// is recorded.
//
// # API
//
// [Run] relays until the client goes (or its context is done): Options
// name the upstream (a command spawned on stdio in a process group of
// its own, or a Streamable HTTP URL, with headers sent to its origin
// only), the downstream (stdio, or Streamable HTTP on a listener at
// [HTTPPath], loopback unless told otherwise, Host and Origin checked),
// the [Policies] (Enforce or Audit for calls, a locked server's drift and
// HTTP headers), the lock and the source it pins the server under, the
// lint options a listing is held to, the record, and the event function.
// Either side may be stdio or HTTP; the proxy bridges them.
//
// # What it does to the traffic
//
// Each message is read within a bound (Options.MaxMessage, 64 MiB by
// default) and classified by internal/jsonrpc; only what a check needs
// is decoded, and every message the proxy does not answer itself is
// passed on as its bytes, in order: notifications, progress,
// cancellation, list_changed, sampling, elicitation, input_required
// rounds, server/discover, subscriptions/listen and methods it does not
// know, in MCP 2025-11-25 and 2026-07-28 alike.
//
//   - tools/list: each page's tools are held to the lock when it pins
//     the server: a tool changed since it was locked, or new, is withheld
//     from the client (Policies.Drift Enforce, the page's other bytes
//     passed on as written) or passed on and reported (Audit). A page
//     the proxy cannot read as a tools/list result cannot be held to
//     the lock: under Enforce the client gets a JSON-RPC error in its
//     place, said on stderr and in the record, never the page. The whole
//     listing is linted with the negotiated revision's rules (core/lint,
//     with the facts internal/live gathers of a live listing), and held
//     to the lock with diff's changes. Calls are checked against the
//     tools the client was given.
//   - tools/call: the arguments are checked with validate_call and the
//     deep validator (core/call). A call to a tool not listed, or
//     withheld, is unknown_tool. Under Policies.Calls Enforce a call that
//     fails never reaches the server: the client gets a tool result with
//     isError whose text lists the findings in the seed's codes, a hint
//     each, so that the model corrects its next call. A call made before
//     any listing is checked against a listing the proxy takes itself,
//     apart from the reading of the client: what the server asks the
//     client meanwhile is answered, and later calls wait behind it, in
//     their order.
//   - results: structuredContent is checked against the tool's
//     outputSchema (and its absence when one is declared), and text items
//     for hidden characters and terminal escapes. Reported, never held.
//   - over HTTP, a request of MCP 2026-07-28 is held to its Mcp-Method,
//     Mcp-Name and Mcp-Param-* headers (Policies.Headers); a client on
//     stdio has the proxy write them for a server on HTTP.
//   - what is not JSON-RPC: from the client, answered as JSON-RPC
//     answers it (-32700, -32600; a batch refused, MCP sends one message
//     at a time); from the server, dropped and said on stderr, a pending
//     request it names answered with an error, since passed on it would
//     end the client's session. Neither ends the session.
//
// An answer finds its request by the id's value, not its bytes: a
// server may write the id again its own way (2.0 for 2, "a" for
// "\u0061"), as clients read it, and the answer is checked all the same;
// it is passed on as the server wrote it.
//
// Clients over HTTP that keep no session (MCP 2026-07-28) share one
// spawned server; a message without a session of any other revision,
// but initialize, is answered 400 Bad Request, as MCP 2025-11-25 has a
// server that keeps sessions answer it. The server gets ids and progress tokens of the
// proxy's own, and a client's notifications/cancelled names the request
// as the server knows it; each client gets its own back: answers by id,
// progress by token, a subscription's notifications by the
// subscriptions/listen request they name. A message of the server's
// tied to no client's request reaches no client (a request of the
// server's is answered with an error): it is recorded, unrouted (the
// first of each kind in full, the rest counted: see the record), and
// counted on stderr. A request of the server's that no stream open to
// its client can carry (over HTTP, between the client's requests, with
// no GET stream open) is answered with an error too, not left waiting.
//
// The server going (a spawned one exiting) answers every pending request
// with a JSON-RPC error at once and says why on stderr, with the end of
// the server's stderr; with a client on stdio Run then returns the
// server's *mcpclient.ExitError. The client going (on stdio, the
// proxy's output closed to it, which is an error on a write, not
// SIGPIPE) ends a spawned server and its whole process group at once:
// its input is closed, SIGTERM follows after 0.2 s and SIGKILL after
// 0.5 s, for a server that ignores the rest (server-everything never
// exits when its input closes). The client's input ending ends them the
// same way once the server has answered what the client sent (a client
// that pipes its requests in still reads the answers), within 1.3 s:
// what is unanswered then is answered with a JSON-RPC error, and the
// process tree is ended within 2 s of the input's end. With nothing
// waiting, it is ended at once.
//
// # The record and the event stream
//
// Each message becomes an [Event]. Events go through one bounded queue
// (Options.QueueSize events, and 64 MiB of recorded messages) to one
// goroutine that appends a line to Options.Record and calls
// Options.Events, in order: neither ever slows the relay. An event that
// finds the queue full is dropped and counted; the next line says how
// many were (dropped), a last line does at the end, and Run says so on
// stderr. Never silently. A record that cannot be written is said on
// stderr at its first failed line, and the events it misses are counted
// there at the end.
//
// A line of the record is one JSON object (shown here on several lines):
//
//		{"time": "2026-12-04T20:54:53.149137Z", "from": "client", "to": "server",
//		 "kind": "request", "method": "tools/call", "id": 7, "tool": "search",
//		 "bytes": 117, "verdict": "refused",
//		 "findings": [{"code": "missing", "severity": "error", "text": "missing:query",
//		               "hint": "a required argument is absent: send it", "tool": "search"}],
//		 "params": {"name": "search", "arguments": {}}}
//
//	  - time: when the message reached the proxy (one of the proxy's own:
//	    when it was sent), RFC 3339 in microseconds.
//	  - from, to: "client", "server" or "proxy" (the proxy's own answers
//	    and requests).
//	  - kind: "request", "notification", "response", "batch", "invalid",
//	    or "note" for the line that counts events dropped at the end.
//	  - method: a request's or notification's; for a response, the method
//	    of the request it answers, absent when that is not known.
//	  - id: the id as written, byte for byte (1.5 stays 1.5); absent for a
//	    notification.
//	  - tool: the tool of a tools/call, on its request and its response.
//	  - bytes: the message's size. ms: for a response, the time since its
//	    request reached the proxy, in milliseconds.
//	  - verdict: "relayed" (passed on as received), "filtered" (a listing
//	    passed on with tools withheld), "refused" (kept from its peer and
//	    answered by the proxy), "dropped" (kept from its peer, not
//	    answered), "sent" (the proxy's own). A verdict is what the proxy
//	    did as the message came; a line with "of" tells, later, what
//	    became of it after.
//	  - findings: what the checks found, each a code (validate_call's
//	    unknown_tool, missing, extra, type, malformed; schema; output; a
//	    lint rule's; a diff change's; withheld, drift, result-hidden-characters,
//	    header-mismatch, invalid-message, unlisted, truncated, unrouted,
//	    evicted), a severity ("error" or
//	    "warning"), the text (for a call, the seed's string), a hint, and
//	    the tool.
//	  - params: a tools/call request's params as written, so that a
//	    record's calls can be checked again; result: a tools/list
//	    response's result as written, so that a lock can pin what a record
//	    saw; message: every message whole, with Options.RecordMessages
//	    (what is not JSON as a JSON string of its text, invalid UTF-8
//	    as U+FFFD).
//	  - dropped: the events dropped just before this one.
//	  - of: on a line about a message recorded earlier, that line's time;
//	    its from, to, kind, method, id and tool are the message's, and
//	    why says what became of it. Either the message, passed on to a
//	    client over HTTP ("relayed", "filtered" or "sent" on its line)
//	    and queued for the client's connection, was never written to it
//	    (verdict "dropped", why: the client's connection ended first, it
//	    did not read a message within 10 s, or let too much wait unread,
//	    or the proxy stopped first: 2 s after it begins to stop, it gives
//	    up the connections still open, before the record closes);
//	    or, with repeats, a run of messages that came alike as it was
//	    ended: progress whose token names no request waiting (one run
//	    a token) and messages tied to no client's request in a session
//	    clients share (one run a kind), kept from their peer; or the
//	    server's log lines on the stream of a request of the client's
//	    given up, passed on to the client all the same (one run a
//	    request and verdict: "relayed", or "dropped" where no stream
//	    open to the client could carry them). The first of a run is a
//	    line in full; the rest are counted, and this one line sums them
//	    up (repeats their count, bytes their size together, the first's
//	    method when they share it, and its verdict: "relayed",
//	    "dropped", or "refused" for requests of the server's, answered)
//	    once the run ends: its token or request's id is taken by a new
//	    request, the late answer to its request comes, or the session
//	    ends. A flood of millions costs the record two lines; stderr
//	    counts those kept back still, in powers of ten. A proxy killed
//	    before the run ends writes no sum. Those of a run passed on to
//	    a client over HTTP that its connection never writes get no
//	    line of their own: only the first's is said, as above.
//
// Lines come in the order of their times, the order the messages
// reached the proxy, both ways and from every client over HTTP: each
// message's event takes its place as the message comes (one of the
// proxy's own, as it is sent), and its line is written once the proxy is
// done with it (checked and passed on; a call held for the proxy's own
// listing, once checked; a listing, once linted), the lines after it
// waiting for it. A line still held when Run ends (it waits at most 2 s
// for a listing's lint) is counted as dropped.
//
// Options.Events gets the same Event, with Go types (Latency a
// time.Duration, ID the raw id): the workbench's traffic pane reads it.
// It runs on the recorder's goroutine, so a slow function delays the
// record and, once the queue is full, drops events, but never the relay.
//
// # Bounds
//
// A message: Options.MaxMessage, 64 MiB (a line over stdio, a body or
// an event over HTTP); past it the message is refused as an invalid
// request, or dropped from the server, and the session goes on. An HTTP
// request's body is read within 30 s. Over HTTP, what goes to a client
// waits in a queue of its connection's own, which the connection's
// handler writes, each message within 10 s: the relay never waits for a
// client to read, so that a client that does not read holds up no other
// client, not even one sharing its server. Past 10 s on a message, or
// with more than 1024 messages or 16 MiB waiting (a message that finds
// none waiting is taken whatever its size), the connection is closed;
// the message that found no room is dropped, and what still waited is
// counted on stderr and, in the record, a line each says it was dropped
// (with "of": its own line, written as it was passed on, waits for no
// client); the request whose answer it was to carry is cancelled on the
// server, as for a client that closed its connection. At
// most 512 connections are served at once, and one kept
// alive idle for 60 s is closed; at most 32 sessions over HTTP hold a
// spawned server each at once, and one idle for 30 minutes ends (one
// that had nothing but its handshake, after a minute); the
// proxy's own listing waits Options.CallTimeout; a listing, the
// client's or the proxy's own, is read to 10000 pages and 256 MiB, as
// toolbench reads any (past them a page is not read, and the proxy's
// own listing ends with an error); one listing's lint findings in an
// event, 1000. At most 4096 requests wait for an answer each way, and
// 16 MiB of their ids, methods, tokens and MCP headers: past that the
// oldest are given up (answered with an error, cancelled on the server,
// recorded as evicted); a request that alone would keep 1 MiB is
// refused. A request the client cancels is forgotten at once, and
// its late answer dropped quietly, as MCP lets a client ignore it. The
// record's queue counts an event's id, method and tool in its 64 MiB.
//
// It imports core (call, diff, jsondoc, lint, lock, report, termtext,
// tooldef), internal/jsonrpc, internal/mcpclient and internal/live. It
// knows nothing of flags, terminals or the screen: the command line and
// the workbench build on Options, Run and Event.
package proxy
