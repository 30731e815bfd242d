package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"toolbench/core/termtext"
	"toolbench/internal/mcpserve"
)

// mcpCommand serves toolbench's checks to agents as an MCP server; the
// server is internal/mcpserve.
func mcpCommand(e *env) *cobra.Command {
	var opt mcpserve.Options
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "serve these checks to agents over MCP",
		Long: prose(`
Serve toolbench's checks as an MCP server, for an agent that writes tool
definitions or an MCP server to check its work as it goes. Its tools are
lint_tools (toolbench lint), check_tool_calls (toolbench call), diff_tools
(toolbench diff) and explain_code (toolbench explain); each answers with
text and with structuredContent under its outputSchema.

It speaks on standard input and output, for an agent that starts it from
its servers file:

  {"mcpServers": {"toolbench": {"command": "toolbench", "args": ["mcp"]}}}

or with --http on Streamable HTTP at http://ADDR/mcp. The tools take a
document as JSON text or as the path of a file under --root (by default
the directory toolbench starts in); they read nothing outside it.

Exit status: 0 when the client closes the connection or on ctrl+c, 2 for a
--root that is not a directory or an address it cannot listen on.`),
		Example: `toolbench mcp
toolbench mcp --root ~/src/weather-server
toolbench mcp --http 127.0.0.1:7777`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(*cobra.Command, []string) error {
			return exit(runMCP(e, opt))
		},
	}
	cmd.Flags().StringVar(&opt.HTTP, "http", "", "serve Streamable HTTP at ADDR, not stdio")
	document(cmd.Flags(), "http", "serve Streamable HTTP at ADDR (such as 127.0.0.1:7777), path /mcp, instead of stdio")
	cmd.Flags().StringVar(&opt.Root, "root", "", "the DIR whose files the tools may read")
	document(cmd.Flags(), "root", "the DIR whose files the tools may read (default: the current directory)")
	cmd.MarkFlagDirname("root")
	return cmd
}

// runMCP serves until the client closes stdio or ctrl+c.
func runMCP(e *env, opt mcpserve.Options) int {
	ctx, stop := interruptContext()
	defer stop()
	if e.stdinTerminal && opt.HTTP == "" {
		fmt.Fprintln(e.stderr, "toolbench mcp: serving MCP on standard input and output, for an agent that starts this command; ctrl+c to stop")
	}
	opt.Version, opt.In, opt.Out, opt.Log = e.build.version(), e.stdin, e.stdout, e.stderr
	if err := mcpserve.Serve(ctx, opt); err != nil {
		fmt.Fprintf(e.stderr, "toolbench mcp: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return exitOK
}
