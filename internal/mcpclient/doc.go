// Package mcpclient connects toolbench to a live MCP server, over stdio or
// Streamable HTTP, to list its tools as the server sent them and to call
// them.
//
// A [Spec] says what to connect to: a command line to spawn, a URL, or an
// entry of an .mcp.json file ([ParseConfig]). [Connect] starts the session
// on the newest revision both sides speak: server/discover for a server of
// MCP 2026-07-28, initialize for an earlier one, within a start allowance
// of its own for a spawned server ([Spec.StartTimeout]);
// [Client.ProtocolVersion] says which. [Client.ListTools] gathers every
// page of tools/list into one JSON document, {"tools": [...]}, made of
// each tool's bytes exactly as the server wrote them, so that lint
// positions, unknown fields and key order are the server's own, and keeps
// what each page said of itself (resultType, ttlMs, cacheScope); it never
// answers from a cache. [Client.Call] returns a tools/call result as
// received, with its round-trip time, and what an input_required result
// asks for, which [Client.Answer] answers.
//
// A spawned server runs in a process group of its own, which is ended
// whole when the client closes, when the context of [Connect] is done, or
// when the server exits: nothing it started is left running. Its standard
// error is kept, the last 64 KiB of it, for errors and for display; it
// never reaches the terminal.
//
// Every failure is one error, within the timeout, that says what the
// server did: [ExitError], [OutputError], [ResponseError], [HTTPError],
// [RPCError] and [TimeoutError] can be told apart with errors.As, and a
// failed [Connect] returns a [ConnectError] around one of them.
//
// The package speaks MCP through the official Go SDK and reads JSON with
// jsontext. It knows nothing of toolbench's documents, rules or screen:
// it must not import core, tui or watch.
package mcpclient
