package cli

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/config"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/report"
	"toolbench/core/servers"
	"toolbench/internal/auxfile"
	"toolbench/internal/mcpclient"
	"toolbench/internal/source"
)

// The flags several commands share are defined here, each once: its
// name, its value and the line help and the man page give it. A command
// adds them with register, which also tells shell completion their
// values, and reads them back with the methods below.

// listFlag collects a flag that may be repeated and may hold
// comma-separated values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

func (l *listFlag) Type() string { return "list" }

// completeWords completes a flag's value from words, each with its
// description; a listFlag's value completes after its last comma.
func completeWords(words func() [][2]string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		done := toComplete[:strings.LastIndexByte(toComplete, ',')+1]
		var out []cobra.Completion
		for _, w := range words() {
			out = append(out, cobra.CompletionWithDesc(done+w[0], w[1]))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// targetWords are the target names, for completion.
func targetWords() [][2]string {
	var out [][2]string
	for _, t := range lint.Targets() {
		out = append(out, [2]string{t.Name, t.Summary})
	}
	return out
}

// ruleWords are the codes of the rules and of the checks of several
// servers, for completion.
func ruleWords() [][2]string {
	var out [][2]string
	for _, r := range slices.Concat(lint.Rules(), servers.Rules(), registry.Rules()) {
		out = append(out, [2]string{r.Code, r.Summary})
	}
	return out
}

// selectorWords are what --ignore accepts: ruleWords and the targets'
// prefixes.
func selectorWords() [][2]string {
	out := ruleWords()
	for _, t := range lint.Targets() {
		out = append(out, [2]string{lint.TargetPrefix(t.Name), "every rule of the " + t.Name + " target"})
	}
	return out
}

// ruleFlags are --target and --ignore, which lint, compat, fix, watch and
// the workbench share.
type ruleFlags struct {
	targets, ignore listFlag
}

// ruleOptions are --target and --ignore, checked: the targets (nil when
// not given) and the codes or target prefixes to skip.
type ruleOptions struct {
	targets []string
	ignore  []string
}

// register adds --target and --ignore to cmd. target and ignore are their
// help lines; empty, they say what most commands do with them.
func (r *ruleFlags) register(cmd *cobra.Command, target, ignore string) {
	if target == "" {
		target = "also check these providers' rules"
	}
	if ignore == "" {
		ignore = "skip these rule codes or target/ prefixes"
	}
	fs := cmd.Flags()
	fs.Var(&r.targets, "target", target)
	document(fs, "target", target+"; repeated or comma-separated, in place of the configuration's targets: "+strings.Join(lint.TargetNames(), ", "))
	fs.Var(&r.ignore, "ignore", ignore)
	document(fs, "ignore", ignore+"; repeated or comma-separated: the code an issue is printed with, or a target's prefix (openai/) for all its rules (toolbench rules lists them)")
	cmd.RegisterFlagCompletionFunc("target", completeWords(targetWords))
	cmd.RegisterFlagCompletionFunc("ignore", completeWords(selectorWords))
}

// targetsHelp is the paragraph of a command's help that names the
// targets --target takes, which its one line in the list of flags
// leaves out.
func targetsHelp() string {
	return "The targets --target takes: " + strings.Join(lint.TargetNames(), ", ") + "."
}

// options checks the target names and rule codes given; the
// configuration they go over is read when the command runs (env.policy).
func (r *ruleFlags) options() (ruleOptions, error) {
	o := ruleOptions{ignore: r.ignore}
	if len(r.targets) > 0 {
		t, err := lint.ParseTargets(r.targets)
		if err != nil {
			return o, fmt.Errorf("--target: %w", err)
		}
		o.targets = t
	}
	for _, code := range r.ignore {
		if err := config.CheckSelector(code); err != nil {
			return o, fmt.Errorf("--ignore: %w", err)
		}
	}
	return o, nil
}

// serverFlags name a live MCP server as the source of a command's tools,
// in place of a FILE: every command that reads tools takes them.
type serverFlags struct {
	command   string   // --server-cmd, split into words by resolve
	env       []string // -e KEY=VALUE
	url       string   // --server-url
	headers   []string // --header 'Name: value'
	server    string   // --server NAME
	mcpConfig string   // --mcp-config FILE
	timeout   time.Duration
	start     time.Duration // --start-timeout
	list      time.Duration // --list-timeout
	protocol  string

	all bool // --all-servers, for the commands that take it

	// dir is the working directory the servers file is read from, and a
	// server spawned in; "" for the process's.
	dir string
	// fileLimit bounds the servers file; nil for the default bound.
	fileLimit func() auxfile.Limit

	given string // the server flag given: "--server-cmd", "--server-url", "--server" or "--all-servers"
}

// serverFlagNames are the flags that name a server, one of which a
// command line gives in place of a FILE.
var serverFlagNames = []string{"server-cmd", "server-url", "server"}

// register adds the server flags to cmd, run in e.
func (s *serverFlags) register(cmd *cobra.Command, e *env) {
	s.registerNames(cmd)
	s.registerReach(cmd, e)
}

// registerNames adds the flags that name a server, and what a server so
// named is spawned or reached with: -e and --header.
func (s *serverFlags) registerNames(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&s.command, "server-cmd", "", "spawn the MCP server 'CMD ARGS...' on stdio")
	document(fs, "server-cmd", "spawn an MCP server on stdio from 'CMD ARGS...', split into words as a shell splits them (no shell runs it)")
	fs.StringArrayVarP(&s.env, "env", "e", nil, "add KEY=VALUE to the server's environment")
	document(fs, "env", "add KEY=VALUE to the spawned server's environment (repeat)")
	fs.StringVar(&s.url, "server-url", "", "reach a Streamable HTTP MCP server at URL")
	fs.StringArrayVar(&s.headers, "header", nil, "send 'Name: value' with each HTTP request")
	document(fs, "header", "send the header 'Name: value' to --server-url (repeat); $VAR and ${VAR} in the value read the environment")
	fs.StringVar(&s.server, "server", "", "the server NAME in the --mcp-config file")
	document(fs, "server", `the server NAME of the --mcp-config file's "mcpServers"`)
	cmd.RegisterFlagCompletionFunc("server-cmd", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("server-url", cobra.NoFileCompletions)
	cmd.RegisterFlagCompletionFunc("server", cobra.NoFileCompletions)
}

// registerReach adds the flags that say how servers are reached: the
// servers file, the timeouts and the protocol version. register adds
// them; a command that reaches the servers of a file, and takes no
// server flag, adds them alone.
func (s *serverFlags) registerReach(cmd *cobra.Command, e *env) {
	s.registerServersFile(cmd, e)
	fs := cmd.Flags()
	fs.DurationVar(&s.timeout, "timeout", mcpclient.DefaultTimeout, "bound each request to the server")
	document(fs, "timeout", "bound each request to the server, and connecting to --server-url")
	fs.DurationVar(&s.start, "start-timeout", mcpclient.DefaultStartTimeout, "bound a spawned server's start")
	document(fs, "start-timeout", "bound a spawned server's start, which a first npx run spends installing it")
	fs.DurationVar(&s.list, "list-timeout", mcpclient.DefaultListTimeout, "bound a listing, all its pages")
	document(fs, "list-timeout", "bound a listing of the server's tools, all its pages together (--timeout bounds each)")
	fs.StringVar(&s.protocol, "protocol-version", mcpclient.DefaultProtocolVersion, "the MCP version to ask for")
	document(fs, "protocol-version", "the MCP version to ask the server for; a server of an earlier revision answers in its own")
}

// registerServersFile adds --mcp-config, the servers file of --server,
// read from e's working directory within --max-file-size.
func (s *serverFlags) registerServersFile(cmd *cobra.Command, e *env) {
	if e != nil {
		s.dir, s.fileLimit = e.dir, e.fileLimit
	}
	fs := cmd.Flags()
	fs.StringVar(&s.mcpConfig, "mcp-config", mcpclient.DefaultConfigFile, "the servers file of --server")
	document(fs, "mcp-config", "the servers file of --server, as Claude Code names it (this flag was --config, which names toolbench.toml now)")
	cmd.MarkFlagFilename("mcp-config", "json")
}

// reach returns the settings every server is reached with: the servers
// file, the timeouts and the protocol version, checked.
func (s *serverFlags) reach() (source.Server, error) {
	switch {
	case s.timeout <= 0:
		return source.Server{}, fmt.Errorf("--timeout %v: want a time above zero, such as 10s", s.timeout)
	case s.start <= 0:
		return source.Server{}, fmt.Errorf("--start-timeout %v: want a time above zero, such as 60s", s.start)
	case s.list <= 0:
		return source.Server{}, fmt.Errorf("--list-timeout %v: want a time above zero, such as 2m", s.list)
	case s.protocol == "":
		return source.Server{}, errors.New("--protocol-version is empty")
	}
	srv := source.Server{ServersFile: s.mcpConfig, Timeout: s.timeout, StartTimeout: s.start, ListTimeout: s.list, ProtocolVersion: s.protocol, Dir: s.dir}
	if s.fileLimit != nil {
		srv.FileLimit = s.fileLimit()
	}
	return srv, nil
}

// registerAll adds --all-servers to cmd, whose server flags register
// added: help is the line that says what the command does with every
// server, doc what the manual says.
func (s *serverFlags) registerAll(cmd *cobra.Command, help, doc string) {
	cmd.Flags().BoolVar(&s.all, "all-servers", false, help)
	document(cmd.Flags(), "all-servers", doc+" (--mcp-config names the file; each server is reached at once)")
}

// resolve returns the server the parsed flags of fs name, nil when they
// name none. Its errors are usage errors: two servers, a flag that needs
// a server without one, or one meant for the other transport. Under
// --all-servers it is the settings every server is reached with, and has
// no name: resolveAll reads the servers.
func (s *serverFlags) resolve(fs *pflag.FlagSet) (*source.Server, error) {
	var named []string
	for _, f := range append(serverFlagNames, "all-servers") {
		if fs.Changed(f) {
			named = append(named, "--"+f)
		}
	}
	switch {
	case len(named) > 1:
		return nil, fmt.Errorf("%s each name a server; give one", strings.Join(named, " and "))
	case len(named) == 0:
		for _, f := range []string{"env", "header", "mcp-config", "timeout", "start-timeout", "list-timeout", "protocol-version"} {
			if fs.Changed(f) {
				return nil, fmt.Errorf("%s is for a server; name one with --server-cmd, --server-url or --server", flagName(fs.Lookup(f)))
			}
		}
		return nil, nil
	}
	s.given = named[0]
	switch {
	case s.given == "--server-url" && len(s.env) > 0:
		return nil, errors.New("-e sets the environment of a server toolbench spawns; --server-url reaches one that runs already")
	case s.given == "--server-cmd" && len(s.headers) > 0:
		return nil, errors.New("--header is sent to an HTTP server; --server-cmd spawns one on stdio (use -e for its environment)")
	case s.given == "--all-servers" && len(s.env) > 0:
		return nil, errors.New("-e is for one server; under --all-servers, give each its environment in the servers file's \"env\"")
	case s.given == "--all-servers" && len(s.headers) > 0:
		return nil, errors.New("--header is for one server; under --all-servers, give each its headers in the servers file's \"headers\"")
	case s.given == "--server" && s.server == "":
		return nil, errors.New(`--server "": give the NAME of a server of the servers file`)
	case s.given != "--server" && s.given != "--all-servers" && fs.Changed("mcp-config"):
		return nil, errors.New("--mcp-config names the servers file of --server NAME")
	}
	srv, err := s.reach()
	if err != nil {
		return nil, err
	}
	srv.URL, srv.Name, srv.Env, srv.Header = s.url, s.server, s.env, s.headers
	if s.given == "--server-cmd" {
		argv, err := mcpclient.SplitCommand(s.command)
		if err != nil {
			return nil, fmt.Errorf("--server-cmd: %w", err)
		}
		srv.Command = argv
	}
	return &srv, nil
}

// serverOptions are the server flags, checked: the server a command
// line names in place of a FILE, or under --all-servers the settings
// every server of the servers file is reached with.
type serverOptions struct {
	server *source.Server // nil when no server is named
	all    bool           // --all-servers
}

// options checks the server flags of fs (see resolve).
func (s *serverFlags) options(fs *pflag.FlagSet) (serverOptions, error) {
	srv, err := s.resolve(fs)
	return serverOptions{server: srv, all: s.given == "--all-servers"}, err
}

// servers returns the servers o names: none, the one a server flag
// names, or every server of the servers file under --all-servers, in the
// file's order. It reads the servers file once, for every server it
// returns to be reached by and to be pointed at in a report. A servers
// file that cannot be read is an error under --all-servers, and the
// error of the server --server names when it is reached.
func (o serverOptions) servers() ([]source.Server, error) {
	switch {
	case o.server == nil:
		return nil, nil
	case !o.all && o.server.Name == "":
		return []source.Server{*o.server}, nil
	case !o.all:
		return []source.Server{o.server.WithFileRead()}, nil
	}
	return source.AllServers(*o.server)
}

// flagName is a flag as the help writes it: -e, --server.
func flagName(f *pflag.Flag) string {
	if f.Shorthand != "" {
		return "-" + f.Shorthand
	}
	return "--" + f.Name
}

// twoSources is the error of a command line that names a FILE and a
// server.
func (s *serverFlags) twoSources(what string) error {
	return fmt.Errorf("%s and %s name two sources of tools; give one", what, s.given)
}

// formatFlags are --format and --json, the report format of a command.
type formatFlags struct {
	name   string
	asJSON bool
}

// register adds --format, naming the formats writes accepts, and --json.
func (f *formatFlags) register(cmd *cobra.Command, writes func(report.Format) bool) {
	var words [][2]string
	for _, r := range report.Formats() {
		if writes(r) {
			words = append(words, [2]string{r.Name, r.Summary})
		}
	}
	names := report.FormatNames(writes)
	cmd.Flags().StringVar(&f.name, "format", "text", "as "+strings.Join(names[:len(names)-1], ", ")+" or "+names[len(names)-1])
	document(cmd.Flags(), "format", "the report's format: "+strings.Join(names, ", "))
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "the same as --format json")
	cmd.RegisterFlagCompletionFunc("format", completeWords(func() [][2]string { return words }))
}

// pick returns the report format --format and --json of fs choose, among
// those writes accepts.
func (f *formatFlags) pick(fs *pflag.FlagSet, writes func(report.Format) bool) (report.Format, error) {
	name := f.name
	if f.asJSON {
		if fs.Changed("format") && name != "json" {
			return report.Format{}, fmt.Errorf("--json and --format %s disagree", name)
		}
		name = "json"
	}
	r, ok := report.LookupFormat(name)
	if !ok || !writes(r) {
		return report.Format{}, fmt.Errorf("unknown --format %q (known: %s)", name, strings.Join(report.FormatNames(writes), ", "))
	}
	return r, nil
}

// Which report formats write which results.
var (
	writesIssues  = report.WritesIssues
	writesChanges = report.WritesChanges
	writesMatrix  = report.WritesMatrix
	writesCalls   = report.WritesCalls
	writesRuns    = report.WritesRuns
	writesEvents  = report.WritesEvents
)

// colorMode is --color: when reports, errors and help are colored.
type colorMode string

const (
	colorAuto   colorMode = "" // on a terminal, unless NO_COLOR is set
	colorAlways colorMode = "always"
	colorNever  colorMode = "never"
)

func (c *colorMode) String() string {
	if *c == colorAuto {
		return "auto"
	}
	return string(*c)
}

func (c *colorMode) Set(v string) error {
	switch v {
	case "auto":
		*c = colorAuto
	case "always", "never":
		*c = colorMode(v)
	default:
		return errors.New("want auto, always or never")
	}
	return nil
}

func (c *colorMode) Type() string { return "when" }

// flagDocKey is the annotation of a flag that holds what the manual says
// of it. Help lays flags out in a column beside their usage, which is
// therefore one short line; the man page and docs/ have room for more.
const flagDocKey = "toolbench/doc"

// document gives the flag name of fs the description the man page and
// docs/ show in place of its usage line.
func document(fs *pflag.FlagSet, name, doc string) {
	if err := fs.SetAnnotation(name, flagDocKey, []string{doc}); err != nil {
		panic(err) // no such flag: the command's own definition is wrong
	}
}

// flagDoc is what the manual says of f: what document gave it, else its
// usage line.
func flagDoc(f *pflag.Flag) string {
	if doc := f.Annotations[flagDocKey]; len(doc) > 0 {
		return doc[0]
	}
	return f.Usage
}

// prose joins the lines of each paragraph of s, so that help and the man
// page fill them to the width they have. A line that starts with a space,
// as an example does, stays a line of its own.
func prose(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	var b strings.Builder
	for i, line := range lines {
		if i > 0 {
			joined := line != "" && lines[i-1] != "" && !strings.HasPrefix(line, " ") && !strings.HasPrefix(lines[i-1], " ")
			if joined {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

// registerBaseline adds --baseline, the baseline of lint and watch.
func registerBaseline(cmd *cobra.Command, baseline *string) {
	cmd.Flags().StringVar(baseline, "baseline", "", "report only issues the baseline FILE does not hold")
	document(cmd.Flags(), "baseline", "report only the issues the baseline FILE does not hold (default: the configuration's baseline)")
	cmd.MarkFlagFilename("baseline", "json")
}
