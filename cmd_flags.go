package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/mcpclient"
)

// newFlagSet returns a flag set that reports errors to its caller instead
// of printing them, so each command words its own usage errors.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseInterleaved parses args with fs, letting flags come before or after
// the operands (`toolbench lint tools.json --strict`); everything after
// "--" is an operand. It returns the operands in order, and flag.ErrHelp
// for -h.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(operands, rest...), nil
		}
		if len(rest) == 0 {
			return operands, nil
		}
		operands, args = append(operands, rest[0]), rest[1:]
	}
}

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

// ruleFlags are --target and --ignore, which lint, watch and the
// workbench share.
type ruleFlags struct {
	targets, ignore listFlag
}

func (r *ruleFlags) register(fs *flag.FlagSet) {
	fs.Var(&r.targets, "target", "")
	fs.Var(&r.ignore, "ignore", "")
}

// options checks the target names and rule codes and returns them as the
// linter's options.
func (r *ruleFlags) options() (lint.Options, error) {
	t, err := lint.ParseTargets(r.targets)
	if err != nil {
		return lint.Options{}, fmt.Errorf("--target: %w", err)
	}
	for _, code := range r.ignore {
		if lint.LookupRule(code) == nil {
			return lint.Options{}, fmt.Errorf("--ignore: unknown rule code %q", code)
		}
	}
	return lint.Options{Targets: t, Ignore: r.ignore}, nil
}

// argsError answers a command line the command's parser rejected: -h
// prints the help on stdout with status 0, anything else the error and
// where the help is on stderr with status 2. prog is the command as typed,
// "toolbench lint".
func argsError(e *env, prog string, err error, usage func(io.Writer)) int {
	if errors.Is(err, flag.ErrHelp) {
		usage(e.stdout)
		return exitOK
	}
	fmt.Fprintf(e.stderr, "%s: %s\nRun '%s -h' for usage.\n", prog, termtext.EscapeLine(err.Error()), prog)
	return exitFailure
}

// multiFlag collects a flag that may be repeated, each value whole: the
// values of -e and --header may hold commas.
type multiFlag []string

func (m *multiFlag) String() string { return strings.Join(*m, " ") }

func (m *multiFlag) Set(v string) error {
	*m = append(*m, v)
	return nil
}

// sourceFlags name a live MCP server as the source of a command's tools,
// in place of a FILE: lint, dump, call and watch share them, and
// serverFlagsHelp documents them.
type sourceFlags struct {
	command  string    // --server-cmd, split into words by check
	env      multiFlag // -e KEY=VALUE
	url      string    // --server-url
	headers  multiFlag // --header 'Name: value'
	server   string    // --server NAME
	config   string    // --config FILE
	timeout  time.Duration
	start    time.Duration // --start-timeout
	protocol string

	argv  []string // the words of command
	given string   // the server flag given: "--server-cmd", "--server-url" or "--server"
}

func (s *sourceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.command, "server-cmd", "", "")
	fs.Var(&s.env, "e", "")
	fs.StringVar(&s.url, "server-url", "", "")
	fs.Var(&s.headers, "header", "")
	fs.StringVar(&s.server, "server", "", "")
	fs.StringVar(&s.config, "config", "", "")
	fs.DurationVar(&s.timeout, "timeout", mcpclient.DefaultTimeout, "")
	fs.DurationVar(&s.start, "start-timeout", mcpclient.DefaultStartTimeout, "")
	fs.StringVar(&s.protocol, "protocol-version", mcpclient.DefaultProtocolVersion, "")
}

// serverFlags returns the source flags of the parsed fs when they name a
// server, nil when they do not. Its errors are usage errors: two servers,
// a flag that needs a server without one, or one meant for the other
// transport.
func (s *sourceFlags) serverFlags(fs *flag.FlagSet) (*sourceFlags, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var named []string
	for _, f := range []string{"server-cmd", "server-url", "server"} {
		if set[f] {
			named = append(named, flagName(f))
		}
	}
	switch {
	case len(named) > 1:
		return nil, fmt.Errorf("%s each name a server; give one", strings.Join(named, " and "))
	case len(named) == 0:
		for _, f := range []string{"e", "header", "config", "timeout", "start-timeout", "protocol-version"} {
			if set[f] {
				return nil, fmt.Errorf("%s is for a server; name one with --server-cmd, --server-url or --server", flagName(f))
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
	case s.given != "--server" && set["config"]:
		return nil, errors.New("--config names the servers file of --server NAME")
	case s.timeout <= 0:
		return nil, fmt.Errorf("--timeout %v: want a time above zero, such as 10s", s.timeout)
	case s.start <= 0:
		return nil, fmt.Errorf("--start-timeout %v: want a time above zero, such as 60s", s.start)
	case s.protocol == "":
		return nil, errors.New("--protocol-version is empty")
	}
	if s.given == "--server-cmd" {
		argv, err := mcpclient.SplitCommand(s.command)
		if err != nil {
			return nil, fmt.Errorf("--server-cmd: %w", err)
		}
		s.argv = argv
	}
	return s, nil
}

// flagName is a flag as the help writes it: -e, --server.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// twoSources is the error of a command line that names a FILE and a
// server.
func (s *sourceFlags) twoSources(what string) error {
	return fmt.Errorf("%s and %s name two sources of tools; give one", what, s.given)
}

// spec returns the Spec of the server: its command or URL, or the entry
// of the servers file, with the flags' environment, headers, timeout and
// protocol version. lookup finds the environment variables that headers
// and the servers file refer to. Its errors are about the input: a
// variable that is not set, a servers file that cannot be read.
func (s *sourceFlags) spec(lookup func(string) (string, bool)) (mcpclient.Spec, error) {
	spec := mcpclient.Spec{Command: s.argv, URL: s.url}
	if s.given == "--server" {
		var err error
		if spec, err = mcpclient.FromConfig(s.config, s.server, lookup); err != nil {
			return spec, err
		}
	}
	switch {
	case len(s.env) > 0 && spec.URL != "":
		return spec, fmt.Errorf("-e: the server %q is reached by URL, not spawned", s.server)
	case len(s.headers) > 0 && len(spec.Command) > 0:
		return spec, fmt.Errorf("--header: the server %q is spawned on stdio, not reached by URL", s.server)
	}
	for _, kv := range s.env {
		if _, _, err := mcpclient.ParseEnv(kv); err != nil {
			return spec, fmt.Errorf("-e: %w", err)
		}
		spec.Env = append(spec.Env, kv)
	}
	for _, h := range s.headers {
		name, value, err := mcpclient.ParseHeader(h, lookup)
		if err != nil {
			return spec, fmt.Errorf("--header: %w", err)
		}
		if spec.Header == nil {
			spec.Header = http.Header{}
		}
		spec.Header.Set(name, value) // the command line's header wins over the file's
	}
	spec.Timeout, spec.StartTimeout, spec.ProtocolVersion = s.timeout, s.start, s.protocol
	return spec, nil
}

// lookupEnv turns a getenv into a lookup: a variable that is empty counts
// as not set, which for a token in a header is the same mistake.
func lookupEnv(getenv func(string) string) func(string) (string, bool) {
	return func(key string) (string, bool) {
		v := getenv(key)
		return v, v != ""
	}
}

// serverFlagsHelp documents sourceFlags for the commands' help.
const serverFlagsHelp = `A server in place of FILE (one of --server-cmd, --server-url, --server):
  --server-cmd 'CMD ARGS...'  spawn a server on stdio; the line is split into
                              words as a shell splits it, and no shell runs it
  -e KEY=VALUE                add to the spawned server's environment (repeat)
  --server-url URL            reach a Streamable HTTP server
  --header 'Name: value'      send a header to it (repeat); $VAR and ${VAR}
                              in the value read the environment
  --server NAME               the server NAME of the "mcpServers" in --config
  --config FILE               the servers file (default ./.mcp.json)
  --timeout D                 bound each request, and connecting by URL
                              (default 10s)
  --start-timeout D           bound a spawned server's start, which a first
                              npx run spends installing it (default 60s)
  --protocol-version V        the MCP version asked for (default 2026-07-28,
                              which an earlier server answers in its own)
`

// pickFormat returns the report format --format and --json choose, text
// by default, among those writes accepts; names lists those, for the
// error.
func pickFormat(name string, asJSON bool, writes func(report.Format) bool, names string) (report.Format, error) {
	switch {
	case asJSON && name != "" && name != "json":
		return report.Format{}, fmt.Errorf("--json and --format %s disagree", name)
	case asJSON:
		name = "json"
	case name == "":
		name = "text"
	}
	f, ok := report.LookupFormat(name)
	if !ok || !writes(f) {
		return report.Format{}, fmt.Errorf("unknown --format %q (known: %s)", name, names)
	}
	return f, nil
}
