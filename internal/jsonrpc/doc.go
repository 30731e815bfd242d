// Package jsonrpc reads and answers JSON-RPC 2.0 messages as MCP
// carries them, for code that relays or serves them without decoding
// what it does not act on.
//
// [Parse] classifies one message (request, notification, response,
// batch, or invalid with the error JSON-RPC answers it with) in one pass
// over its bytes, checking that it is JSON (UTF-8, nested no deeper than
// [MaxDepth], one value) and keeping the bytes of its id and members, so
// that a message is passed on as it came and an id is echoed byte for
// byte. [Member], [Members] and [Elements] read further into a value
// only where a caller needs to, and [Replace] changes the parts they
// return (an id, a token) leaving every other byte as it was.
// [AppendError] and [AppendRefusal] build the answers to what cannot be
// handled: -32700 for what is not JSON, -32600 for JSON that is not a
// message, without re-encoding the id.
// [Reader] reads MCP's stdio framing, a message a line, each line
// bounded ([DefaultMaxMessage]): a line past the bound is an error of
// its own, and reading goes on with the next line.
//
// It imports only the standard library, and knows nothing of MCP's
// methods beyond their names.
package jsonrpc
