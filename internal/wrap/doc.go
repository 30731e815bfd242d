// Package wrap rewrites a servers file so that each server runs behind
// toolbench proxy, and back, byte for byte: Claude Code's .mcp.json,
// Claude Desktop's claude_desktop_config.json and Cursor's
// .cursor/mcp.json (their "mcpServers"), and VS Code's .vscode/mcp.json
// (its "servers"), comments and trailing commas included where a client
// allows them. [Wrap] and [Unwrap] return edits of the file's text, in
// its own layout (indentation, line ends, spacing), which change only the
// bytes they must; the rest of the file is never touched, so that an
// edit made elsewhere in it between the two survives.
//
// A spawned server's entry keeps its members; its "command" becomes the
// proxy's and the proxy's arguments go in front of its "args", the
// original command among them, as written:
//
//	"command": "npx", "args": ["-y", "server-everything"]
//	"command": "/usr/local/bin/toolbench",
//	"args": ["proxy", "--name", "everything", "--", "npx", "-y", "server-everything"]
//
// Unwrap takes out of "args" what lies from "proxy" to the original
// command, and puts that command back. An entry without "args" gets one,
// with the mark [AddedArgs] among the proxy's flags, which Unwrap reads
// as "remove the member", so that it is told apart from an empty "args"
// that was there. An entry reached by URL becomes one that spawns the
// proxy, whose --entry argument holds the entry's text as it was, as a
// JSON string: the proxy reaches the server from it, and Unwrap writes
// it back.
//
// It imports core/jsondoc, core/jsonedit and core/termtext. It knows
// nothing of flags, files or the proxy itself: the command line reads and
// writes the file.
package wrap
