package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/compat"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/policy"
	"toolbench/internal/source"
)

// compatOptions are a parsed compat command line.
type compatOptions struct {
	format    report.Format
	rules     ruleOptions
	strictAll bool
	in        source.Input
	servers   serverOptions // under --all-servers, every server of the servers file in place of in
}

// compatFlags are the flags of toolbench compat.
type compatFlags struct {
	format    formatFlags
	rules     ruleFlags
	server    serverFlags
	strictAll bool
}

// command returns toolbench compat, its flags read into f.
func (f *compatFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "compat [FILE]",
		Short: "show which providers accept each tool",
		Long: prose(`
Show which providers accept each tool: a row per tool, a column per
target, each cell "ok" or the number of errors the provider's API would
give the tool: the errors of the rules every lint runs, which every
provider rejects alike, and those of that target's rules (openai-strict
counts openai's too). A strict column (openai-strict, anthropic-strict)
holds to its rules only the tools that opt in with "strict": true, as the
API does (and the Responses API's functions that leave "strict" out,
which it makes strict); --strict-all holds every tool to them. With no
FILE, or with -, read standard input; FILE may be REV:PATH, and a server
flag names a live MCP server in its place. With --all-servers, show the
matrix of every server of the servers file, each under its name, the
servers reached at once; one that cannot be reached is one line on
standard error and costs only itself.

The configuration's targets (toolbench.toml, see --config) are the
columns when --target names none, and its rules count as it sets them;
its [[ignore]] entries and the baseline do not change a count, since a
provider refuses a tool whether or not a team accepts the issue.

` + targetsHelp() + `

Exit status: 0 every target accepts every tool, 1 some target does not, 2
usage error, a configuration with a mistake, a file that cannot be read or
parsed, or a server that cannot be reached or listed.`),
		Example: `toolbench compat tools.json
toolbench compat --target openai-strict,gemini --format markdown tools.json
toolbench compat --server-cmd 'npx -y @modelcontextprotocol/server-everything'
toolbench compat --all-servers --mcp-config .mcp.json`,
		RunE: runs(f.options, func(opts *compatOptions) error { return runCompat(e, opts) }),
	}
	f.format.register(cmd, writesMatrix)
	f.rules.register(cmd, "the columns (default: every target)", "do not count these codes or target/ prefixes")
	f.server.register(cmd, e)
	f.server.registerAll(cmd, "show every server of the servers file", "show the matrix of every server of the servers file, each under its name")
	cmd.Flags().BoolVar(&f.strictAll, "strict-all", false, "hold every tool to the strict targets' rules")
	document(cmd.Flags(), "strict-all", "hold every tool to the strict targets' rules, as if each set \"strict\": true (default: only the tools that opt in)")
	return cmd
}

// options reads `compat [flags] [FILE]`, or a server in place of FILE.
func (f *compatFlags) options(fs *pflag.FlagSet, files []string) (*compatOptions, error) {
	cfg := &compatOptions{strictAll: f.strictAll}
	var err error
	if cfg.format, err = f.format.pick(fs, writesMatrix); err != nil {
		return nil, err
	}
	if cfg.rules, err = f.rules.options(); err != nil {
		return nil, err
	}
	servers, err := f.server.options(fs)
	server := servers.server
	switch {
	case err != nil:
		return nil, err
	case server != nil && len(files) > 0:
		return nil, f.server.twoSources("FILE")
	case servers.all:
		cfg.servers = servers
	case server != nil:
		cfg.in.Server = server
	case len(files) == 0:
		cfg.in.Path = "-" // standard input, as lint reads it
	case len(files) == 1:
		cfg.in.Path = files[0]
	default:
		return nil, fmt.Errorf("want one FILE, got %d", len(files))
	}
	return cfg, nil
}

// runCompat counts the errors each target's rules give each tool.
func runCompat(e *env, cfg *compatOptions) error {
	pol, err := e.policy(cfg.rules)
	if err != nil {
		return err
	}
	// The configuration's targets are the columns, and its rules count
	// or not as it sets them. Its [[ignore]] entries do not change the
	// count: a provider refuses a tool whether or not a team accepts it.
	if cfg.servers.all {
		servers, err := cfg.servers.servers()
		if err != nil {
			return err
		}
		return exit(compatOfServers(e, cfg, pol, servers))
	}
	opt := compat.Options{StrictForAll: cfg.strictAll, Lint: pol.Options(cfg.in)}
	return exit(compatOf(e, cfg, opt))
}

// compatOfServers shows the matrix of each server, reached at once, in
// the servers file's order; a server that cannot be reached is said on
// standard error and the others are shown, with exit status 2 after
// them.
func compatOfServers(e *env, cfg *compatOptions, pol *policy.Policy, servers []source.Server) int {
	ctx, stop := interruptContext()
	defer stop()
	ins := make([]source.Input, len(servers))
	for i := range servers {
		ins[i] = source.Input{Server: &servers[i]}
	}
	opened := source.OpenAll(ctx, ins, e.sourceOptions())
	defer source.CloseAll(opened)
	code := exitOK
	var reports []*report.MatrixReport
	for i, o := range opened {
		if o.Err != nil {
			code = max(code, sourceFailed(ctx, e, "toolbench compat", o.Err))
			continue
		}
		o.Source.Close() // the tools are read; the session is not needed
		m := compat.ComputeWith(o.Source.Doc, compat.Options{StrictForAll: cfg.strictAll, Lint: pol.Options(ins[i])})
		reports = append(reports, &report.MatrixReport{Matrix: m, File: o.Source.Doc.Name, Color: e.colored(e.stdout)})
		if code == exitOK && !matrixOK(m) {
			code = exitIssues
		}
	}
	if err := report.WriteMatrices(jsondoc.SafeWriter(e.stdout), cfg.format, reports); err != nil {
		fmt.Fprintf(e.stderr, "toolbench compat: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return code
}

// matrixOK reports whether every target accepts every tool of m, and
// the document.
func matrixOK(m *compat.Matrix) bool {
	for _, row := range m.Rows {
		if !row.OK() {
			return false
		}
	}
	return m.Document == nil
}

func compatOf(e *env, cfg *compatOptions, opt compat.Options) int {
	defer e.oneShotGC([]string{cfg.in.Path})()
	ctx, stop := sourceContext(cfg.in)
	defer stop()
	src, err := openSource(ctx, e, "compat", cfg.in)
	if err != nil {
		return sourceFailed(ctx, e, "toolbench compat", err)
	}
	src.Close() // the tools are read; a server's session is not needed
	m := compat.ComputeWith(src.Doc, opt)
	r := &report.MatrixReport{Matrix: m, File: src.Doc.Name, Color: e.colored(e.stdout)}
	if err := cfg.format.Matrix(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench compat: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if !matrixOK(m) {
		return exitIssues
	}
	return exitOK
}
