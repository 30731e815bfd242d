// Package mcpserve serves toolbench's checks as an MCP server, so that an
// agent writing tool definitions or an MCP server can check them as it
// goes: `toolbench mcp` over stdio, or over Streamable HTTP.
//
// Its tools call the same core functions the commands do: lint_tools
// lints a tools document (core/lint), check_tool_calls checks calls
// against tools with validate_call's codes and, on request, the tools'
// whole JSON Schemas (core/call), diff_tools compares two versions of a
// tools document (core/diff), and explain_code documents a rule, a
// target or a change from their tables. Each returns its findings as
// structuredContent under an outputSchema, and as text a person can read.
//
// A document is given inline, as JSON text, or as the path of a file
// under the server's root directory: paths are opened through an os.Root,
// so nothing outside the root is read, whether by "..", an absolute path
// or a symbolic link. Bad input (JSON that does not parse, a path outside
// the root, an unknown target) is a tool error that says what and where,
// never a protocol error; inputs and results are bounded in size, and
// the calls that read a document run a few at a time (limit.go), so that
// many at once cannot exhaust the server's memory.
//
// [NewServer] builds the server, [Serve] runs it on stdio or HTTP for the
// command line, and [Handler] is its HTTP handler. It imports core/call,
// core/diff, core/jsondoc, core/lint, core/report and core/termtext, the
// Go MCP SDK and the SDK's JSON Schema package (for the tools' schemas)
// and golang.org/x/sync/semaphore (for the calls' turns);
// nothing in toolbench imports it but the command line.
package mcpserve
