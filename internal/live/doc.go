// Package live runs tool calls on a live MCP server and says what came
// back. [Run] checks a call as `toolbench call` does, sends it only when
// it is valid, times it, and checks the result's structuredContent
// against the tool's outputSchema; an [Outcome]'s methods describe it for
// a terminal, content item by content item. A history of calls is JSON
// Lines of [Entry] values ([AppendEntry], [ReadHistory]), each line also a
// tools/call request that `toolbench call --run` replays.
//
// [Facts] and [Survey] gather what a server's listing shows beyond its
// tools (what each page says of itself, and other listings to compare it
// with) for the linter's rules of live servers.
//
// The command line and the workbench share it, so that a call runs and
// reads the same in both; [Outcome.Report] hands an outcome to the report
// formats. It knows nothing of the screen: it imports core/call,
// core/jsondoc, core/lint, core/report, core/termtext and
// internal/mcpclient.
package live
