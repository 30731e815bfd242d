package traffic

import "toolbench/core/catalog"

// The codes, as findings carry them.
const (
	CodeWithheld         = "withheld"
	CodeDrift            = "drift"
	CodeHiddenCharacters = "result-hidden-characters"
	CodeHeaderMismatch   = "header-mismatch"
	CodeInvalidMessage   = "invalid-message"
	CodeUnlisted         = "unlisted"
	CodeTruncated        = "truncated"
	CodeUnrouted         = "unrouted"
	CodeEvicted          = "evicted"
	CodeLintFailed       = "lint-failed"
)

// codeTable declares the codes, with their documents.
var codeTable = []catalog.Entry{
	{Code: CodeWithheld, Severity: catalog.Error,
		Summary: "A locked server's tool is not as the lock pins it, and is withheld from the client.",
		Doc:     "withheld: the lock pins this server's tools, and this one changed since (its definition's hash differs), is new, has no name, or is listed a second time beside the pinned one. Under the drift policy enforce the proxy takes it out of the tools/list result, the rest of the page passed on as the server wrote it, and a call of it is unknown_tool. A page the proxy cannot read as a tools/list result (a nextCursor that is no string, tools that are no list) cannot be held to the lock: under enforce it is withheld whole, and the client answered with a JSON-RPC error (-32603) in its place; under audit it is passed on and reported as invalid-message. To accept a tool withheld, review it, then pin the tools as the client was given them from the proxy's record: toolbench lock --from-record RECORD --server NAME. toolbench verify and toolbench lock --server see the tools toolbench's own client is given, which can differ: a server may list tools by what the client announces (roots, sampling, elicitation). Source: MCP specification 2025-11-25, security considerations on tool definitions changing (\"rug pulls\")."},
	{Code: CodeDrift, Severity: catalog.Warning,
		Summary: "A locked server's tool is not as the lock pins it; passed on under audit.",
		Doc:     "drift: as withheld, under the drift policy audit: the tool reaches the client, and the record says it is not the one the lock pins. To accept it, pin it as withheld says: toolbench lock --from-record RECORD --server NAME."},
	{Code: CodeHiddenCharacters, Severity: catalog.Warning,
		Summary: "A result's text holds characters a reader cannot see or a terminal acts on.",
		Doc:     "result-hidden-characters: a text item of a tools/call result holds control characters (terminal escapes among them), bidi overrides, zero-width or tag characters. The model reads them, and a screen that shows the result may act on them; they can carry instructions no one sees. The result is passed on; the record names each kind and where it first is. Source: CVE-2021-42574 (Trojan Source), Unicode tag characters in prompt injection."},
	{Code: CodeHeaderMismatch, Severity: catalog.Error,
		Summary: "An HTTP request's Mcp-Method, Mcp-Name or Mcp-Param-* header disagrees with its body.",
		Doc:     "header-mismatch: over Streamable HTTP, a request of MCP 2026-07-28 carries its method in Mcp-Method, the tool, prompt or resource in Mcp-Name, and each argument its tool's inputSchema marks with x-mcp-header in Mcp-Param-{name}; what routes a request by its headers must see what the body says. Under the headers policy enforce the proxy answers HTTP 400 with JSON-RPC error -32020 and the server never sees it. Send headers that say what the body says. Source: MCP specification 2026-07-28, basic/transports/streamable-http."},
	{Code: CodeInvalidMessage, Severity: catalog.Error,
		Summary: "A message that is not JSON-RPC 2.0, or a batch.",
		Doc:     "invalid-message: a line or body that is not one JSON value (a parse error, -32700), JSON that is not a JSON-RPC 2.0 message (an invalid request, -32600), a batch (MCP sends one message at a time), or a message past the bound on one message. From the client it is answered as JSON-RPC answers it and never reaches the server; from the server it is dropped and said on stderr, and a request it names is answered with an error: passed on, it would end the client's session. Source: JSON-RPC 2.0, \"Error object\"; MCP specification, basic/transports."},
	{Code: CodeUnlisted, Severity: catalog.Error,
		Summary: "The server's tools could not be listed to check a call.",
		Doc:     "unlisted: a call came before the client listed the tools, and the listing the proxy asked for itself failed, so every tool is unknown to the check and the call is unknown_tool. The text says why the listing failed."},
	{Code: CodeUnrouted, Severity: catalog.Warning,
		Summary: "In a session clients share, a message that cannot be tied to one client's request, kept from every client.",
		Doc:     "unrouted: clients of MCP 2026-07-28 over Streamable HTTP keep no session, and in front of a spawned server they share one, whose requests the proxy gives ids and progress tokens of its own. A message of the server's reaches a client only when it is tied to that client's request: an answer by its id, progress by its token, a subscription's notification by the subscriptions/listen request its _meta names. Anything else (a log message, a request to the client, an answer to no request) could reach a client it is not for, so it reaches none; a request is answered with a JSON-RPC error (-32603), so that the server does not wait. A client's notifications/cancelled that names no request waiting, or an id several clients' requests have, is kept from the server for the same reason, as is one that names a request of the proxy's own. In any session, progress whose token names a request of the client's that the client cancelled or the proxy gave up (evicted, or left when the server went), or a request of the proxy's own, is kept from the client too: a server that goes on after a cancel would fill the client's streams with it, over HTTP another request's. Progress of a request answered goes on, as a task's does after its CreateTaskResult. Stderr counts them. Source: MCP specification 2026-07-28, basic/transports/streamable-http and basic/utilities (progress, cancellation)."},
	{Code: CodeEvicted, Severity: catalog.Error,
		Summary: "A request was given up: more requests were waiting for the server's answer than the proxy holds.",
		Doc:     "evicted: the proxy holds at most 4096 requests waiting for the server's answer (and as many of the server's waiting for the client's). Past it the oldest is given up: the client is answered with a JSON-RPC error (-32000), the server gets notifications/cancelled, and a late answer is dropped. A server that leaves requests unanswered, or a client that never cancels what it no longer waits for, reaches it; a request the client cancels is forgotten at once."},
	{Code: CodeLintFailed, Severity: catalog.Error,
		Summary: "toolbench's lint of a listing failed, a defect of toolbench's; the listing is passed on.",
		Doc:     "lint-failed: the lint of the server's tools/list result stopped on a defect of toolbench's own (a panic), not of the server's. The proxy stays up for every client: the listing is held to the lock as any other and passed on, with no lint finding; the text says what failed, and stderr has the stack. Lint the same tools with toolbench lint --server to see it again, and report it with the listing (toolbench dump)."},
	{Code: CodeTruncated, Severity: catalog.Note,
		Summary: "More findings than one event holds.",
		Doc:     "truncated: a listing's lint found more issues than the 1000 one event holds; the text says how many more. toolbench lint on the server lists them all."},
}

// Codes returns the codes of what toolbench proxy finds, in the order
// of their table.
func Codes() []catalog.Entry { return append([]catalog.Entry(nil), codeTable...) }
