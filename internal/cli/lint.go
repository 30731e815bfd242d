package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/baseline"
	"toolbench/core/cost"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/report"
	"toolbench/core/servers"
	"toolbench/core/termtext"
	"toolbench/internal/auxfile"
	"toolbench/internal/live"
	"toolbench/internal/policy"
	"toolbench/internal/source"
)

// textFormat is the report format for people, which watch prints too.
var textFormat, _ = report.LookupFormat("text")

// lintOptions are a parsed lint command line.
type lintOptions struct {
	format report.Format
	strict bool
	rules  ruleOptions
	// files are the files to lint ("-" is standard input), none when
	// servers are linted in their place.
	files   []string
	servers serverOptions
	// baseline is --baseline FILE; "" for the configuration's.
	baseline string
	// writeBaseline is --write-baseline FILE: record the issues there in
	// place of reporting them.
	writeBaseline string
}

// lintRun is a lint as it runs: its options, with the policy and the
// inputs they come to once the files they name are read.
type lintRun struct {
	e      *env
	opts   *lintOptions
	policy *policy.Policy
	// inputs are the files, or the servers to lint in their place.
	inputs []source.Input
	// allServers is the servers file under --all-servers, whose servers
	// are checked together too; "" otherwise.
	allServers string
	// manifests are the files beside --all-servers: server.json files,
	// linted, and the servers file's packages compared with theirs.
	manifests []string

	r *report.Report
	m *baseline.Matcher // the baseline's; nil for none
	// recorded are the lints --write-baseline records, by the name of
	// their source from dir, the baseline's directory; nil otherwise.
	recorded []recorded
	dir      string
}

// lintFlags are the flags of toolbench lint.
type lintFlags struct {
	format        formatFlags
	strict        bool
	rules         ruleFlags
	server        serverFlags
	baseline      string
	writeBaseline string
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
into its tools document as 'toolbench dump' writes it. With no --target
(here or in the configuration), a server is linted with the MCP target of
the revision its session negotiated, which the report names.

With --all-servers, connect to every server of the servers file
(--mcp-config, ./.mcp.json by default) at once, lint each, then check them
together: a tool name two servers list, more tools than a target's
provider takes in one request, and the tokens of all their definitions
against the configuration's token-budget (the servers/ codes of
'toolbench rules'). A server that cannot be reached is one line on
standard error and costs only itself: the others are reported, and the
exit status is 2. A server.json given beside --all-servers is linted
too, and a server whose command runs one of its packages at another
version is reported in the servers file (registry/package-version).

The configuration (toolbench.toml, see --config) sets the targets, rules
by code or target prefix, issues to accept ([[ignore]]), settings for
some files ([[overrides]]), the severity that fails the run (fail-on) and
a baseline. A baseline (--baseline, or the configuration's) holds the
issues a team accepted when it adopted toolbench: only new ones are
reported. Write one with --write-baseline FILE. Its entries name a source
as the configuration and the lock do: a file by its path from the
baseline's directory, with '/', a server by its name in the servers file.
An entry keys its issues by tool name, path inside the tool and code, not
by line, so edits above them, a re-indent or a reorder do not wake them;
under --strict (or fail-on = "warning") an entry that matches fewer
issues than it counts (they were fixed) is stale, named on standard
error, and fails the run.

` + targetsHelp() + `

Exit status: 0 no errors (warnings allowed), 1 errors found (or any issue
with --strict or fail-on = "warning", or a stale baseline entry with
either), 2 usage error, a configuration or baseline with a mistake, a
file that cannot be read or parsed, or a server that cannot be reached or
listed (under --all-servers, after the others are reported).`),
		Example: `toolbench lint tools.json
cat tools.json | toolbench lint
toolbench lint --json tools.json more-tools.json
toolbench lint --strict --ignore short-description,empty-properties tools.json
toolbench lint --server-cmd 'npx -y @modelcontextprotocol/server-everything'
toolbench lint --server everything --format sarif
toolbench lint --all-servers --mcp-config .mcp.json
toolbench lint --all-servers server.json
toolbench lint --write-baseline toolbench.baseline.json tools.json
toolbench lint --baseline toolbench.baseline.json --strict tools.json
toolbench lint --format markdown tools.json >> "$GITHUB_STEP_SUMMARY"`,
		RunE: runs(f.options, func(opts *lintOptions) error { return runLint(e, opts) }),
	}
	f.format.register(cmd, writesIssues)
	cmd.Flags().BoolVar(&f.strict, "strict", false, "exit 1 on any issue, warnings included (for CI)")
	document(cmd.Flags(), "strict", "exit 1 on any issue, warnings included, and on a stale baseline entry (for CI; as fail-on = \"warning\")")
	f.rules.register(cmd, "", "")
	registerBaseline(cmd, &f.baseline)
	cmd.Flags().StringVar(&f.writeBaseline, "write-baseline", "", "write the issues to the baseline FILE, report none")
	document(cmd.Flags(), "write-baseline", "record the issues in the baseline FILE, keeping its entries for other sources, and report nothing; it names a file by its path from FILE's folder, a server by its name")
	cmd.MarkFlagFilename("write-baseline", "json")
	f.server.register(cmd, e)
	f.server.registerAll(cmd, "lint every server of the servers file", "lint every server of the servers file, and check them together")
	return cmd
}

// options reads the lint command line: the files, or a server in their
// place.
func (f *lintFlags) options(fs *pflag.FlagSet, files []string) (*lintOptions, error) {
	opts := &lintOptions{strict: f.strict, files: files, baseline: f.baseline, writeBaseline: f.writeBaseline}
	var err error
	if opts.servers, err = f.server.options(fs); err != nil {
		return nil, err
	}
	if opts.servers.server != nil && len(files) > 0 && !opts.servers.all {
		return nil, f.server.twoSources("FILE")
	}
	if opts.format, err = f.format.pick(fs, writesIssues); err != nil {
		return nil, err
	}
	if opts.rules, err = f.rules.options(); err != nil {
		return nil, err
	}
	if len(files) == 0 && opts.servers.server == nil {
		opts.files = []string{"-"}
	}
	if n := lintStdinCount(opts.files); n > 1 {
		return nil, fmt.Errorf("standard input (-) is named %d times; it can be read once", n)
	}
	if f.writeBaseline != "" && fs.Changed("baseline") {
		return nil, errors.New("--write-baseline records every issue; --baseline would hide some: give one")
	}
	return opts, nil
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

// runLint reads the configuration, the baseline and the servers file the
// options name, lints every source and reports.
func runLint(e *env, opts *lintOptions) error {
	lr, err := newLintRun(e, opts)
	if err != nil {
		return err
	}
	if lr.inputs[0].Server != nil {
		return exit(lr.servers())
	}
	return exit(lr.files())
}

// files lints the files, each on its own: one that cannot be read is
// reported, and the others are still worth checking.
func (lr *lintRun) files() int {
	defer lr.e.oneShotGC(inputPaths(lr.inputs))()
	for _, in := range lr.inputs {
		src, err := openSource(context.Background(), lr.e, "lint", in)
		if err != nil {
			lr.failed(displayName(in.Path), err)
			continue
		}
		lr.add(in, registry.Lint(src.Doc, lr.policy.Options(in)))
	}
	return lr.finish()
}

// inputPaths are the paths of the inputs that are files.
func inputPaths(ins []source.Input) []string {
	var out []string
	for _, in := range ins {
		if in.Server == nil {
			out = append(out, in.Path)
		}
	}
	return out
}

// servers lints the tools each server lists, as it sent them: issues
// name the server and point into its tools document, the one toolbench
// dump writes. The servers are reached at once. Under --all-servers they
// are then checked together. A server that cannot be listed is one line
// on standard error; when it is the only one, there is no report.
func (lr *lintRun) servers() int {
	e := lr.e
	defer e.oneShotGC(nil)()
	ctx, stop := interruptContext()
	defer stop()
	ready := make(chan struct{})
	if lr.allServers != "" && lr.policy.TokenBudget() > 0 {
		// The budget is counted in tokens: the tokenizer loads while the
		// servers start.
		go func() { cost.O200k(); close(ready) }()
	} else {
		close(ready)
	}
	lr.r.Servers = map[string]report.Server{}
	for _, in := range lr.inputs {
		lr.r.Servers[in.Server.DisplayName()] = reportServer(in.Server)
	}
	opened := source.OpenAll(ctx, lr.inputs, e.sourceOptions())
	// Each server is surveyed (a second listing; see live.Survey) and
	// linted on a goroutine of its own, as it was reached.
	results := make([]*lint.Result, len(opened))
	revisions := map[string]bool{}
	var wg sync.WaitGroup
	for i, o := range opened {
		if o.Err != nil {
			continue
		}
		revisions[o.Source.Client.ProtocolVersion()] = true
		wg.Go(func() {
			defer o.Source.Close()
			opt := lr.policy.Options(lr.inputs[i])
			opt.Server = live.Survey(ctx, o.Source.Client, o.Source.List)
			results[i] = lint.Lint(o.Source.Doc, opt)
		})
	}
	wg.Wait()
	if len(revisions) == 1 {
		for rev := range revisions {
			lr.r.Revision = rev // the revision whose rules apply with no --target
		}
	}
	var linted []servers.Server
	for i, o := range opened {
		in := lr.inputs[i]
		if o.Err != nil {
			if ctx.Err() != nil || (len(lr.inputs) == 1 && len(lr.manifests) == 0) {
				return sourceFailed(ctx, e, "toolbench lint", o.Err)
			}
			lr.failed(in.Server.DisplayName(), o.Err)
			continue
		}
		lr.add(in, results[i])
		linted = append(linted, servers.Server{Name: in.Server.DisplayName(), Result: results[i]})
	}
	if lr.allServers != "" {
		<-ready
		if code := lr.acrossServers(linted); code != exitOK {
			return code
		}
		lr.againstManifests()
	}
	return lr.finish()
}

// againstManifests lints each server.json given beside --all-servers,
// and compares the packages the servers file runs with those it lists.
// A file that cannot be read, or is no manifest, is reported as lint
// reports a file it cannot read.
func (lr *lintRun) againstManifests() {
	if len(lr.manifests) == 0 {
		return
	}
	origin := source.Input{Path: lr.allServers}
	serversFile, err := lr.inputs[0].Server.File() // every input is a server of it, which holds it as read
	if err != nil {
		lr.failed(origin.DocName(), err)
		return
	}
	for _, file := range lr.manifests {
		in := source.Input{Path: file}
		src, err := openSource(context.Background(), lr.e, "lint", in)
		if err == nil && !registry.Is(src.Doc) {
			err = fmt.Errorf("%s: not a server.json; beside --all-servers, a FILE is a manifest to compare the servers file's packages with", file)
		}
		if err != nil {
			lr.failed(displayName(file), err)
			continue
		}
		lr.add(in, registry.Check(src.Doc, lr.policy.Options(in)))
		lr.addIssues(origin, registry.CheckServersFile(src.Doc, serversFile, lr.policy.Options(origin)))
	}
}

// reportServer is where a report points for s: the key of its entry in
// the servers file that names it, that file when its text cannot be
// read, or no file for a server named by its command or URL.
func reportServer(s *source.Server) report.Server {
	entry, err := s.Entry()
	if err != nil || entry.Doc == nil {
		return report.Server{File: entry.File}
	}
	return report.ServerEntry(entry.Doc, entry.Start, entry.End)
}

// recorded is a lint to record in a baseline, and the name of its source.
type recorded struct {
	source string
	res    *lint.Result
}

// newLintRun reads what the options name: the configuration, the
// baseline (but under --write-baseline) and, under --all-servers, the
// servers file. Its errors are those of a command line that cannot run.
func newLintRun(e *env, opts *lintOptions) (*lintRun, error) {
	pol, err := e.policy(opts.rules)
	if err != nil {
		return nil, err
	}
	if opts.writeBaseline == "" {
		if err := pol.ReadBaseline(opts.baseline); err != nil {
			return nil, err
		}
	}
	servers, err := opts.servers.servers()
	if err != nil {
		return nil, err
	}
	lr := &lintRun{e: e, opts: opts, policy: pol, m: pol.Match(),
		r: &report.Report{Color: e.colored(e.stdout), Version: e.build.version(), InformationURI: e.build.informationURI()}}
	if opts.servers.all {
		lr.allServers = servers[0].ServersFile
	}
	for i := range servers {
		lr.inputs = append(lr.inputs, source.Input{Server: &servers[i]})
	}
	if opts.servers.all {
		lr.manifests = opts.files
	} else {
		for _, file := range opts.files {
			lr.inputs = append(lr.inputs, source.Input{Path: file})
		}
	}
	if opts.writeBaseline != "" {
		lr.recorded, lr.dir = []recorded{}, pol.AbsDir(opts.writeBaseline)
	}
	return lr, nil
}

// add adds the lint of in, without the issues the configuration or the
// baseline accept.
func (lr *lintRun) add(in source.Input, res *lint.Result) {
	lr.r.Add(lr.accept(in, res))
}

// addIssues adds the issues of res, about in, as add does, without
// counting a source linted.
func (lr *lintRun) addIssues(in source.Input, res *lint.Result) {
	lr.r.Issues = append(lr.r.Issues, lr.accept(in, res).Issues...)
}

// accept returns res without the issues the configuration and the
// baseline accept, and records it for --write-baseline.
func (lr *lintRun) accept(in source.Input, res *lint.Result) *lint.Result {
	res = lr.policy.Accept(in, res, lr.m)
	if lr.recorded != nil {
		lr.recorded = append(lr.recorded, recorded{lr.policy.SourceName(in, lr.dir), res})
	}
	return res
}

// failed reports a source that could not be linted, on one line, and
// goes on.
func (lr *lintRun) failed(name string, err error) {
	fmt.Fprintf(lr.e.stderr, "toolbench lint: %s\n", termtext.EscapeLine(err.Error()))
	lr.r.Failed = append(lr.r.Failed, report.FailureOf(name, err))
}

// acrossServers checks the servers linted together, and adds what it finds.
func (lr *lintRun) acrossServers(linted []servers.Server) int {
	origin := lr.allServers
	opt := lr.policy.Options(source.Input{Path: origin})
	res, err := servers.Check(linted, servers.Options{Lint: opt, TokenBudget: lr.policy.TokenBudget(), Origin: origin})
	if err != nil {
		fmt.Fprintf(lr.e.stderr, "toolbench lint: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	// Each issue is about the source it is placed in: a server, for a
	// name two list; the servers file, for all of them together.
	for _, is := range res.Issues {
		in, about := source.Input{Path: origin}, &lint.Result{}
		for _, s := range linted {
			if s.Result.Doc.Name == is.File {
				srv := source.Server{Name: s.Name}
				in, about = source.Input{Server: &srv}, &lint.Result{Doc: s.Result.Doc, Tools: s.Result.Tools}
			}
		}
		about.Issues = []lint.Issue{is}
		lr.addIssues(in, about)
	}
	return exitOK
}

// finish writes the report, or the baseline, and returns the exit
// status of the lint.
func (lr *lintRun) finish() int {
	if lr.recorded != nil {
		return lr.writeBaseline()
	}
	e, r := lr.e, lr.r
	if err := lr.opts.format.Write(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench lint: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	stale := lr.stale()
	switch {
	case len(r.Failed) > 0:
		return exitFailure
	case lr.policy.Fails(r.Issues, lr.opts.strict) || stale:
		return exitIssues
	}
	return exitOK
}

// stale reports, under --strict or fail-on = "warning", each entry of
// the baseline that matched fewer issues than it counts, and whether
// there was one.
func (lr *lintRun) stale() bool {
	if lr.m == nil || !lr.policy.Config.Strict(lr.opts.strict) {
		return false
	}
	entries := lr.m.Stale()
	for _, s := range entries {
		what := termtext.EscapeLine(s.Source)
		if s.Tool != "" {
			what += " " + termtext.Quote(s.Tool)
		}
		fmt.Fprintf(lr.e.stderr, "toolbench lint: %s: stale entry: %s %s [%s]: %s fewer than it counts; write the baseline again\n",
			termtext.EscapeLine(lr.policy.Baseline.Name), what, termtext.EscapeLine(s.Path), termtext.EscapeLine(s.Code), termtext.Plural(s.Count, "issue"))
	}
	return len(entries) > 0
}

// writeBaseline writes the issues recorded to the --write-baseline file,
// in place of the entries it had for the sources linted (those of the
// others, and of a source that could not be read, stay), and says so.
func (lr *lintRun) writeBaseline() int {
	e, path := lr.e, lr.opts.writeBaseline
	sources := map[string]bool{}
	for _, r := range lr.recorded {
		sources[r.source] = true
	}
	b := &baseline.Baseline{}
	data, err := e.readFile(path)
	var tooLarge *auxfile.TooLargeError
	if errors.As(err, &tooLarge) {
		fmt.Fprintf(e.stderr, "toolbench lint: %s; nothing was written\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if err == nil {
		old, err := baseline.Parse(path, data)
		if err != nil {
			fmt.Fprintf(e.stderr, "toolbench lint: %s; nothing was written\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
		for _, entry := range old.Entries {
			if !sources[entry.Source] {
				b.Entries = append(b.Entries, entry)
			}
		}
	}
	for _, r := range lr.recorded {
		b.Add(r.source, r.res)
	}
	if err := e.writeFile(path, b.Marshal()); err != nil {
		fmt.Fprintf(e.stderr, "toolbench lint: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	fmt.Fprintf(e.stderr, "toolbench lint: %s: recorded %s of %s\n", termtext.EscapeLine(path),
		termtext.Plural(len(lr.r.Issues), "issue"), termtext.Plural(lr.r.Files, "source"))
	if len(lr.r.Failed) > 0 {
		return exitFailure
	}
	return exitOK
}

// oneShotGC turns the garbage collector off while a lint runs, leaving
// a memory limit to start it should the heap grow past several times the
// files' size, and returns the function that restores both settings.
//
// Nearly all that a lint allocates is the document's tree, live until the
// report is written, so collecting while it grows frees nothing and costs
// a fifth of the time; the limit bounds a run over many files, whose
// trees become garbage one after the other.
//
// The settings are the process's: only a command that is the process
// (env.tuneGC) makes them; commands run side by side in one process, as
// tests run them, leave them be.
func (e *env) oneShotGC(files []string) (restore func()) {
	if !e.tuneGC {
		return func() {}
	}
	var size int64
	for _, f := range files {
		if fi, err := os.Stat(e.path(f)); err == nil && fi.Mode().IsRegular() {
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
