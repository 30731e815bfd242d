package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"slices"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/live"
	"toolbench/internal/source"
)

// textFormat is the report format for people, which watch prints too.
var textFormat, _ = report.LookupFormat("text")

// lintConfig is a parsed lint command line.
type lintConfig struct {
	format report.Format
	strict bool
	opt    lint.Options
	files  []string       // "-" is standard input
	server *source.Server // the server to lint in place of files; nil for files
}

// lintFlags are the flags of toolbench lint.
type lintFlags struct {
	format formatFlags
	strict bool
	rules  ruleFlags
	server serverFlags
}

// command returns toolbench lint, its flags read into f.
func (f *lintFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lint [FILE...]",
		Short: "lint tool definitions",
		Long: prose(`
Check LLM tool definitions for the defects that make a model skip a tool or
call it wrongly. A file may hold a list of tools, one tool, {"tools": [...]},
an MCP tools/list result or a dataset's record with its tools under
"function", in the OpenAI, Responses, Anthropic, MCP, Gemini or bare
{name, parameters} shape; or JSON Lines, one of these a line. With no
FILE, or with -, read standard input. A FILE may be REV:PATH, PATH as git
has it at revision REV.

With a server flag, lint the tools a live MCP server lists, every page of
tools/list, as the server sent them: issues name the server and point
into its tools document as 'toolbench dump' writes it. With no --target,
a server is linted with the MCP target of the revision its session
negotiated, which the report names.

Exit status: 0 no errors (warnings allowed), 1 errors found (or any issue
with --strict), 2 usage error, a file that cannot be read or parsed, or a
server that cannot be reached or listed.`),
		Example: `toolbench lint tools.json
cat tools.json | toolbench lint
toolbench lint --json tools.json more-tools.json
toolbench lint --strict --ignore short-description,empty-properties tools.json
toolbench lint --server-cmd 'npx -y @modelcontextprotocol/server-everything'
toolbench lint --server everything --format sarif
toolbench lint --format markdown tools.json >> "$GITHUB_STEP_SUMMARY"`,
		RunE: runs(f.config, func(cfg *lintConfig) int { return runLint(e, cfg) }),
	}
	f.format.register(cmd, writesIssues)
	cmd.Flags().BoolVar(&f.strict, "strict", false, "exit 1 on any issue, warnings included (for CI)")
	f.rules.register(cmd, "", "")
	f.server.register(cmd)
	return cmd
}

// config reads the lint command line: the files, or a server in their
// place.
func (f *lintFlags) config(fs *pflag.FlagSet, files []string) (*lintConfig, error) {
	cfg := &lintConfig{strict: f.strict, files: files}
	var err error
	if cfg.server, err = f.server.resolve(fs); err != nil {
		return nil, err
	}
	if cfg.server != nil {
		if len(files) > 0 {
			return nil, f.server.twoSources("FILE")
		}
		// With no --target, the linter holds the server's tools to the MCP
		// target of the session's revision.
	}
	if cfg.format, err = f.format.pick(fs, writesIssues); err != nil {
		return nil, err
	}
	if cfg.opt, err = f.rules.options(); err != nil {
		return nil, err
	}
	if len(cfg.files) == 0 && cfg.server == nil {
		cfg.files = []string{"-"}
	}
	if n := lintStdinCount(cfg.files); n > 1 {
		return nil, fmt.Errorf("standard input (-) is named %d times; it can be read once", n)
	}
	return cfg, nil
}

func lintStdinCount(files []string) int {
	n := 0
	for _, f := range files {
		if f == "-" {
			n++
		}
	}
	return n
}

func runLint(e *env, cfg *lintConfig) int {
	if cfg.server != nil {
		return lintServer(e, cfg)
	}

	defer oneShotGC(cfg.files)()
	r := &report.Report{Color: e.colour(e.stdout), Version: toolVersion(), InformationURI: toolInformationURI()}
	for _, f := range cfg.files {
		src, err := openSource(context.Background(), e, "lint", source.Input{Path: f})
		if err != nil {
			// Report and go on: the other files are still worth checking.
			fmt.Fprintf(e.stderr, "toolbench lint: %s\n", termtext.EscapeLine(err.Error()))
			r.Failed = append(r.Failed, report.FailureOf(displayName(f), err))
			continue
		}
		r.Add(lint.Lint(src.Doc, cfg.opt))
	}
	return writeLintReport(e, cfg, r)
}

// lintServer lints the tools the server lists, as it sent them: issues
// name the server and point into its tools document, the one toolbench
// dump writes. A server that cannot be listed is one line on standard
// error, and no report.
func lintServer(e *env, cfg *lintConfig) int {
	ctx, stop := interruptContext()
	defer stop()
	src, err := openSource(ctx, e, "lint", source.Input{Server: cfg.server})
	if err != nil {
		return sourceFailed(ctx, e, "toolbench lint", err)
	}
	defer src.Close()
	opt := cfg.opt
	opt.Server = live.Survey(ctx, src.Client, src.List)
	r := &report.Report{Color: e.colour(e.stdout), Revision: src.Client.ProtocolVersion()}
	r.Add(lint.Lint(src.Doc, opt))
	return writeLintReport(e, cfg, r)
}

// writeLintReport writes r in the chosen format and returns the exit
// status of the lint.
func writeLintReport(e *env, cfg *lintConfig, r *report.Report) int {
	if err := cfg.format.Write(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench lint: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return lintExitCode(r, cfg.strict)
}

// oneShotGC turns the garbage collector off while a lint runs, leaving
// a memory limit to start it should the heap grow past several times the
// files' size, and returns the function that restores both settings.
//
// Nearly all that a lint allocates is the document's tree, live until the
// report is written, so collecting while it grows frees nothing and costs
// a fifth of the time; the limit bounds a run over many files, whose
// trees become garbage one after the other.
func oneShotGC(files []string) (restore func()) {
	var size int64
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
			size += fi.Size()
		}
	}
	limit := oneShotHeapBase + oneShotHeapPerByte*size
	oldPercent := debug.SetGCPercent(-1)
	oldLimit := debug.SetMemoryLimit(limit)
	return func() {
		debug.SetMemoryLimit(oldLimit)
		debug.SetGCPercent(oldPercent)
	}
}

// The memory limit of oneShotGC: a base, enough for any input of unknown
// size (standard input) up to tens of megabytes, plus a share for each
// byte of the files, more than the tree of any document needs.
const (
	oneShotHeapBase    = 256 << 20
	oneShotHeapPerByte = 8
)

// displayName is how reports name an input: "-" is standard input.
func displayName(name string) string {
	if name == "-" {
		return source.StdinName
	}
	return name
}

// lintExitCode is 2 when a file could not be linted, 1 when there are
// errors (or any issue under --strict), else 0.
func lintExitCode(r *report.Report, strict bool) int {
	switch {
	case len(r.Failed) > 0:
		return exitFailure
	case strict && len(r.Issues) > 0:
		return exitIssues
	case slices.ContainsFunc(r.Issues, func(is lint.Issue) bool { return is.Severity == lint.Error }):
		return exitIssues
	}
	return exitOK
}
