package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"toolbench/core/termtext"
	"toolbench/internal/mcpserve"
	"toolbench/internal/policy"
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

lint_tools checks as the configuration found from --root says
(toolbench.toml, see --config) and leaves out what it and its baseline
accept, as toolbench lint does; its targets and ignore arguments go over
the configuration's as --target and --ignore do.

Over HTTP it answers only requests whose Host is one of its addresses,
localhost, the machine's name or a name --allow-host gives, so that a web
page whose name was pointed at it cannot reach the tools. Headers, bodies,
connections and messages have bounds (see docs/limits.md).

Exit status: 0 when the client closes the connection or on ctrl+c, 2 for a
--root that is not a directory, a configuration or baseline with a
mistake, or an address it cannot listen on.`),
		Example: `toolbench mcp
toolbench mcp --root ~/src/weather-server
toolbench mcp --http 127.0.0.1:7777`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opt.Root = e.path(opt.Root)
			if opt.Root == "" {
				opt.Root = e.dir
			}
			pol, err := e.rootPolicy(opt.Root)
			if err != nil {
				return usage(cmd, err)
			}
			opt.Policy = pol
			return exit(runMCP(e, opt))
		},
	}
	cmd.Flags().StringVar(&opt.HTTP, "http", "", "serve Streamable HTTP at ADDR, not stdio")
	document(cmd.Flags(), "http", "serve Streamable HTTP at ADDR (such as 127.0.0.1:7777), path /mcp, instead of stdio")
	cmd.Flags().StringVar(&opt.Root, "root", "", "the DIR whose files the tools may read")
	document(cmd.Flags(), "root", "the DIR whose files the tools may read (default: the current directory)")
	cmd.MarkFlagDirname("root")
	cmd.Flags().StringArrayVar(&opt.AllowedHosts, "allow-host", nil, "also answer HTTP requests to NAME")
	document(cmd.Flags(), "allow-host", "also answer HTTP requests whose Host is NAME (repeat), such as the name a proxy of this machine forwards")
	return cmd
}

// rootPolicy is the policy in force under root: the configuration found
// from it (or --config's), and its baseline; nil for none.
func (e *env) rootPolicy(root string) (*policy.Policy, error) {
	if e.config.file != "" && e.config.off {
		return nil, errors.New("--config and --no-config: give one")
	}
	// Named from here, where the person who reads an error is.
	cfg, err := policy.LoadFor(e.path(e.config.file), e.config.off, root, e.dir, e.fileLimit())
	if err != nil || cfg == nil {
		return nil, err
	}
	pol := &policy.Policy{Config: cfg, Dir: root, FileLimit: e.fileLimit()}
	if err := pol.ReadBaseline(""); err != nil {
		return nil, err
	}
	return pol, nil
}

// runMCP serves until the client closes stdio or ctrl+c.
func runMCP(e *env, opt mcpserve.Options) int {
	ctx, stop := interruptContext()
	defer stop()
	if e.stdinTerminal && opt.HTTP == "" {
		fmt.Fprintln(e.stderr, "toolbench mcp: serving MCP on standard input and output, for an agent that starts this command; ctrl+c to stop")
	}
	opt.Version, opt.InformationURI, opt.In, opt.Out, opt.Log = e.build.version(), e.build.informationURI(), e.stdin, e.stdout, e.stderr
	if err := mcpserve.Serve(ctx, opt); err != nil {
		fmt.Fprintf(e.stderr, "toolbench mcp: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return exitOK
}
