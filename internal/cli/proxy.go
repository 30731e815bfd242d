package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/config"
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/mcpclient"
	"toolbench/internal/policy"
	"toolbench/internal/proxy"
	"toolbench/internal/source"
	"toolbench/internal/wrap"
)

// proxyOptions are a parsed proxy command line.
type proxyOptions struct {
	server source.Server // the upstream
	// entry is the upstream as a servers file's entry, JSON with
	// comments, in place of server: wrap writes one reached by URL so.
	entry string
	// name is the server's name in the lock, and in the proxy's lines.
	name      string
	listen    string
	hosts     []string
	policy    policyOverride
	lock      string // --lock; "" for the lock in force
	rules     ruleOptions
	record    string
	recordAll bool
	tui       bool // the workbench beside the proxy
}

// proxyFlags are the flags of toolbench proxy.
type proxyFlags struct {
	server    serverFlags
	rules     ruleFlags
	name      string
	listen    string
	hosts     listFlag
	policy    listFlag
	lock      string
	record    string
	recordAll bool
	tui       bool
	addedArgs bool   // the mark proxy wrap leaves; see proxy_wrap.go
	entry     string // --entry, which proxy wrap writes
}

// command returns toolbench proxy, its flags read into f, with wrap and
// unwrap under it.
func (f *proxyFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "proxy",
		Short: "check a server's traffic as an agent uses it",
		Long: prose(`
  toolbench proxy [flags] -- CMD [ARG...]
  toolbench proxy [flags] --server NAME | --server-url URL

Stand between an MCP client and one server, and check the traffic as it
passes: every tools/call against the tool the client was given
(validate_call's codes and the deep validator), a locked server's tools
against the lock, each listing with the negotiated revision's rules,
results against their outputSchema, and each message into a record.
What the proxy does not answer itself is passed on as its bytes, in
order, both ways.

The server is spawned from -- CMD [ARG...] (or --server-cmd), named in
the servers file (--server NAME), or reached by URL (--server-url). The
client reaches the proxy on standard input and output, where a client
starts a server, or on Streamable HTTP at http://ADDR/mcp with --listen
ADDR (loopback unless ADDR names another host). A client uses it by
starting the proxy where it started the server: 'toolbench proxy wrap'
rewrites a servers file so. With --tui the workbench opens on this
terminal beside the proxy, on the server (a session of its own), the
proxy's traffic in its Traffic pane as it happens; the client reaches
the proxy on --listen.

Under the policy enforce, a call that fails its check never reaches the
server: the client gets a tool result with isError whose text names the
codes (missing:query), a hint each, for the model to correct its next
call; a tool of a server the lock pins that changed since it was locked,
or is new, is withheld from the client (once it is reviewed, 'toolbench
lock --from-record RECORD --server NAME' accepts it, pinning what the
client was given: a server may list tools by what its client announces,
and toolbench's own client, which verify uses, announces nothing); a
request whose Mcp-* headers disagree with its body is refused. Under audit each is passed on, and
reported. The policy of each check is the configuration's [proxy] table
(calls, drift, headers), enforce when it says none; --policy goes over
it, for every check (--policy audit) or one (--policy drift=audit). The
lock is --lock FILE, else the one verify reads; it pins the server by
--name, by default the --server NAME.

--record FILE appends a JSON line for each message: the time, who sent it
to whom, the method, id and tool, the latency of a response, the verdict
(relayed, filtered, refused, dropped, sent) and the findings; with a
call's params and a listing's result, which 'toolbench call' checks
again and 'toolbench lock --from-record' pins. Lines the record cannot
keep up with are counted, never silently lost. The proxy's own lines go
to standard error.

Exit status: 0 the client went (or ctrl+c), 2 usage error, a
configuration or lock with a mistake, a record that cannot be opened, or
a server that cannot be started or reached (on standard input and output,
one that answered none of the client's requests before it went), or that
went first.`),
		Example: `toolbench proxy -- npx -y @modelcontextprotocol/server-everything
toolbench proxy --server everything --record proxy.jsonl
toolbench proxy --policy audit --server-url https://example.com/mcp
toolbench proxy --listen 127.0.0.1:7777 --server everything
toolbench proxy --tui --listen :7777 --server everything
toolbench proxy wrap`,
		RunE: runs(f.options, func(opts *proxyOptions) error { return runProxy(e, opts) }),
	}
	fs := cmd.Flags()
	f.server.registerNames(cmd)
	f.server.registerServersFile(cmd, e)
	fs.StringVar(&f.name, "name", "", "the server's NAME in the lock")
	document(fs, "name", "the server's NAME, which the lock pins it by and the proxy's lines call it (default: the --server NAME, else a name made of the command or URL)")
	fs.StringVar(&f.listen, "listen", "", "serve Streamable HTTP at ADDR, not stdio")
	document(fs, "listen", "serve the client Streamable HTTP at http://ADDR/mcp instead of stdio; an ADDR without a host (:7777) is loopback's")
	fs.Var(&f.hosts, "allow-host", "with --listen, also accept requests for HOST")
	document(fs, "allow-host", "with --listen, also accept requests whose Host is HOST (repeat); loopback names and the address listened on are accepted, others refused as DNS rebinding sends them")
	fs.Var(&f.policy, "policy", "enforce or audit, or CHECK=POLICY for one check")
	document(fs, "policy", "enforce or audit: for every check (--policy audit), or for one, CHECK=POLICY with the checks calls, drift and headers (--policy drift=audit); over the configuration's [proxy]")
	cmd.RegisterFlagCompletionFunc("policy", completeWords(policyWords))
	registerLockFile(cmd, &f.lock)
	f.rules.register(cmd, "also lint listings with these providers' rules", "")
	fs.StringVar(&f.record, "record", "", "append a JSON line for each message to FILE")
	document(fs, "record", "append a JSON line for each message to FILE, created readable by its owner only: it holds calls' arguments (the schema is in docs/proxy.md)")
	fs.BoolVar(&f.tui, "tui", false, "open the workbench beside the proxy, on --listen")
	document(fs, "tui", "open the workbench on this terminal beside the proxy: on the server, on a session of its own, with the proxy's traffic in its Traffic pane; the client reaches the proxy on --listen")
	fs.BoolVar(&f.recordAll, "record-messages", false, "with --record, record every message whole")
	document(fs, "record-messages", "with --record, record every message whole in its line; by default only calls' params and listings' results are")
	// What proxy wrap writes, and no one types: documented in
	// docs/proxy.md and in proxy wrap's help.
	fs.BoolVar(&f.addedArgs, wrapMark, false, "the args of this entry were added by proxy wrap")
	fs.MarkHidden(wrapMark)
	fs.StringVar(&f.entry, entryFlag, "", "the server as an entry of a servers file")
	fs.MarkHidden(entryFlag)
	cmd.AddCommand(new(wrapFlags).command(e, false), new(wrapFlags).command(e, true))
	return cmd
}

// policyWords are what --policy takes, for completion.
func policyWords() [][2]string {
	out := [][2]string{{"enforce", "keep what fails a check from its peer"}, {"audit", "pass everything on, and report"}}
	for _, c := range proxyChecks {
		out = append(out, [2]string{c.name + "=audit", c.doc}, [2]string{c.name + "=enforce", c.doc})
	}
	return out
}

// A proxyCheck is a check of the proxy that has a policy: its name, what
// it checks, and where its policy is in the Policies and in the
// configuration.
type proxyCheck struct {
	name string
	doc  string
	of   func(*proxy.Policies) *proxy.Policy
	in   func(config.Proxy) string
}

// proxyChecks are the checks of the proxy that have a policy, as
// --policy and the configuration's [proxy] name them.
var proxyChecks = []proxyCheck{
	{"calls", "calls that fail validate_call or the schema", func(p *proxy.Policies) *proxy.Policy { return &p.Calls }, func(c config.Proxy) string { return c.Calls }},
	{"drift", "a locked server's changed or new tools", func(p *proxy.Policies) *proxy.Policy { return &p.Drift }, func(c config.Proxy) string { return c.Drift }},
	{"headers", "Mcp-* headers that disagree with the body", func(p *proxy.Policies) *proxy.Policy { return &p.Headers }, func(c config.Proxy) string { return c.Headers }},
}

// policyOverride is --policy, read: the policy of every check, and of
// each check it names, over the configuration's.
type policyOverride struct {
	all   *proxy.Policy
	check map[string]proxy.Policy
}

// parsePolicy reads --policy's values: enforce or audit, or
// CHECK=POLICY; a later value goes over an earlier one.
func parsePolicy(values []string) (policyOverride, error) {
	var o policyOverride
	for _, v := range values {
		name, value, named := strings.Cut(v, "=")
		if !named {
			p, err := proxy.ParsePolicy(v)
			if err != nil {
				return o, fmt.Errorf("--policy: %w, or CHECK=POLICY", err)
			}
			o.all, o.check = &p, nil
			continue
		}
		if !slices.ContainsFunc(proxyChecks, func(c proxyCheck) bool { return c.name == name }) {
			return o, fmt.Errorf("--policy %s: unknown check %s: the checks are calls, drift and headers", v, termtext.Quote(name))
		}
		p, err := proxy.ParsePolicy(value)
		if err != nil {
			return o, fmt.Errorf("--policy %s: %w", v, err)
		}
		if o.check == nil {
			o.check = map[string]proxy.Policy{}
		}
		o.check[name] = p
	}
	return o, nil
}

// policies are the policies of the checks: the configuration's [proxy],
// with o over it. The configuration's values are checked already.
func (o policyOverride) policies(cfg *config.Config) proxy.Policies {
	var p proxy.Policies
	for _, c := range proxyChecks {
		if cfg != nil {
			if v, err := proxy.ParsePolicy(c.in(cfg.Proxy)); err == nil {
				*c.of(&p) = v
			}
		}
		if o.all != nil {
			*c.of(&p) = *o.all
		}
		if v, ok := o.check[c.name]; ok {
			*c.of(&p) = v
		}
	}
	return p
}

// options reads `proxy [flags] -- CMD [ARG...]`, or a server flag in
// place of CMD.
func (f *proxyFlags) options(fs *pflag.FlagSet, args []string) (*proxyOptions, error) {
	opts := &proxyOptions{name: f.name, listen: f.listen, hosts: f.hosts, lock: f.lock, record: f.record, recordAll: f.recordAll, tui: f.tui}
	var err error
	if opts.policy, err = parsePolicy(f.policy); err != nil {
		return nil, err
	}
	if opts.rules, err = f.rules.options(); err != nil {
		return nil, err
	}
	switch {
	case len(f.hosts) > 0 && f.listen == "":
		return nil, errors.New("--allow-host is for --listen: a client on standard input and output sends no Host")
	case f.recordAll && f.record == "":
		return nil, errors.New("--record-messages says what --record FILE holds; add --record FILE")
	case f.tui && f.listen == "":
		return nil, errTUINeedsListen
	case f.tui && f.entry != "":
		return nil, fmt.Errorf("--tui opens the workbench on a server it can reach again: --server NAME, --server-url or -- CMD, not --%s", entryFlag)
	}
	// The proxy relays the client's own handshake: the server flags'
	// timeouts and protocol version, which proxy does not take, are not
	// used.
	f.server.timeout, f.server.start, f.server.list, f.server.protocol = mcpclient.DefaultTimeout, mcpclient.DefaultStartTimeout, mcpclient.DefaultListTimeout, mcpclient.DefaultProtocolVersion
	if f.entry != "" {
		return opts, f.entryUpstream(fs, args, opts)
	}
	srv, err := f.upstream(fs, args)
	if err != nil {
		return nil, err
	}
	opts.server = *srv
	if opts.name == "" {
		opts.name = srv.DisplayName()
	}
	return opts, nil
}

// entryUpstream reads --entry TEXT, the server as an entry of a servers
// file, into opts: alone, and named.
func (f *proxyFlags) entryUpstream(fs *pflag.FlagSet, args []string, opts *proxyOptions) error {
	for _, name := range append(slices.Clone(serverFlagNames), "header", "mcp-config", "env") {
		if fs.Changed(name) {
			return fmt.Errorf("--%s and --%s each name a server; give one", name, entryFlag)
		}
	}
	switch {
	case len(args) > 0:
		return fmt.Errorf("--%s names the server; -- CMD names another", entryFlag)
	case f.name == "":
		return fmt.Errorf("--%s needs --name, the server's name", entryFlag)
	}
	if _, err := jsondoc.ParseValue("--"+entryFlag, jsonedit.Plain(f.entry)); err != nil {
		return err
	}
	opts.entry = f.entry
	opts.server = source.Server{Name: f.name, Dir: f.server.dir}
	return nil
}

// upstream is the server the command line names: the command after --,
// or a server flag.
func (f *proxyFlags) upstream(fs *pflag.FlagSet, args []string) (*source.Server, error) {
	at := fs.ArgsLenAtDash()
	if at < 0 {
		at = len(args)
	}
	if at > 0 {
		msg := fmt.Sprintf("unexpected argument %s: put -- before the server's command: toolbench proxy [flags] -- CMD [ARG...]", termtext.Quote(args[0]))
		if near := termtext.Closest(args[0], []string{"wrap", "unwrap"}); near != "" {
			msg = fmt.Sprintf("unknown command %s; did you mean %s?", termtext.Quote(args[0]), termtext.Quote(near))
		}
		return nil, errors.New(msg)
	}
	command := args[at:]
	if len(command) == 0 {
		if fs.ArgsLenAtDash() >= 0 {
			return nil, errors.New("no command after --: give the server's, toolbench proxy [flags] -- CMD [ARG...]")
		}
		srv, err := f.server.resolve(fs)
		if err == nil && srv == nil {
			err = errors.New("name the server: toolbench proxy [flags] -- CMD [ARG...], --server NAME or --server-url URL")
		}
		return srv, err
	}
	for _, name := range append(slices.Clone(serverFlagNames), "header", "mcp-config") {
		if fs.Changed(name) {
			return nil, fmt.Errorf("--%s and -- CMD: the command after -- is the server, spawned on stdio; give one", name)
		}
	}
	srv, err := f.server.reach()
	if err != nil {
		return nil, err
	}
	srv.Command, srv.Env = command, f.server.env
	return &srv, nil
}

// runProxy relays between the client and the server until the client
// goes, ctrl+c, or the server goes.
func runProxy(e *env, opts *proxyOptions) error {
	cfg, err := e.loadConfig()
	if err != nil {
		return err
	}
	// What cannot be read is said in a line, as a server that cannot be
	// started is: it is no mistake of the command line's.
	failed := func(err error) error {
		fmt.Fprintf(e.stderr, "toolbench proxy: %s\n", termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	pol := &policy.Policy{Config: cfg, Targets: opts.rules.targets, Ignore: opts.rules.ignore, Dir: e.dir, FileLimit: e.fileLimit()}
	lockPath := pol.LockPath(opts.lock)
	l, err := pol.ReadLock(lockPath, opts.lock == "")
	if err != nil {
		return failed(err)
	}
	srv := opts.server
	lookup := e.sourceOptions().LookupEnv
	var spec mcpclient.Spec
	if opts.entry != "" {
		spec, err = mcpclient.EntrySpec(opts.name, []byte(jsonedit.Plain(opts.entry)), lookup)
		if spec.Command != nil {
			spec.Dir = e.dir
		}
	} else {
		spec, err = srv.Spec(lookup)
	}
	if err != nil {
		return failed(err)
	}
	spec.Name = opts.name // the proxy's lines call the server as the lock does
	named := srv
	named.Name, named.Command, named.URL = opts.name, nil, ""
	po := proxy.Options{
		Upstream:       spec,
		Downstream:     proxy.Downstream{In: e.stdin, Out: e.stdout, Listen: opts.listen, Hosts: opts.hosts},
		Policy:         opts.policy.policies(cfg),
		Lint:           pol.Options(source.Input{Server: &named}),
		LockSource:     opts.name,
		RecordMessages: opts.recordAll,
		Stderr:         e.stderr,
	}
	if l.Kind(opts.name) != "" {
		po.Lock, po.LockFile = l, opts.lock
	}
	// What the configuration and its baseline accept of the server is
	// not reported, as toolbench lint does not report it.
	if err := pol.ReadBaseline(""); err != nil {
		return failed(err)
	}
	if pol.Config != nil || pol.Baseline != nil {
		in := source.Input{Server: &named}
		po.Accept = func(res *lint.Result) *lint.Result { return pol.Accept(in, res, pol.Match()) }
	}
	if opts.record != "" {
		// Without waiting: a pipe that no one reads would hold the
		// proxy, before it serves, until someone does.
		f, err := os.OpenFile(e.path(opts.record), os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK, 0o600)
		if errors.Is(err, syscall.ENXIO) {
			if fi, serr := os.Stat(e.path(opts.record)); serr == nil && fi.Mode()&os.ModeNamedPipe != 0 {
				err = fmt.Errorf("%s is a pipe that no one reads", termtext.Quote(opts.record))
			}
		}
		if err != nil {
			return failed(fmt.Errorf("--record: %w", err))
		}
		defer f.Close()
		po.Record = f
	}
	lockName := pol.FromHere(lockPath)
	if _, err := os.Stat(policy.Join(e.dir, lockPath)); err != nil {
		lockName = ""
	}
	fmt.Fprintf(e.stderr, "toolbench proxy: %s\n", termtext.EscapeLine(proxySummary(&po, opts, lockName, len(l.Tools(opts.name)))))
	if runsProxy(spec.Command) {
		fmt.Fprintf(e.stderr, "toolbench proxy: %s runs toolbench proxy itself (its entry is wrapped): this proxy stands in front of another; toolbench proxy unwrap undoes the wrap\n", termtext.Quote(opts.name))
	}
	if opts.tui {
		return runProxyTUI(e, opts, po, failed)
	}
	if e.stdinTerminal && opts.listen == "" {
		fmt.Fprintln(e.stderr, "toolbench proxy: serving MCP on standard input and output, for a client that starts this command; ctrl+c to stop")
	}
	ctx, stop := interruptContext()
	defer stop()
	err = proxy.Run(ctx, po)
	var exitErr *mcpclient.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exitErr):
		return exit(exitFailure) // the proxy has said why, with the end of the server's stderr
	}
	return failed(err)
}

// runsProxy reports whether argv runs toolbench proxy, as the entry of a
// wrapped servers file does.
func runsProxy(argv []string) bool {
	return len(argv) > 1 && argv[1] == wrap.Proxy && strings.HasPrefix(filepath.Base(argv[0]), "toolbench")
}

// proxySummary is the proxy's first line: what it stands in front of,
// each check's policy, and what the lock holds the server to: lockPath
// is "" when there is no lock.
func proxySummary(po *proxy.Options, opts *proxyOptions, lockPath string, pinned int) string {
	var b strings.Builder
	// The server by the name the lock and the docs call it, which --name
	// gives; the command or URL is no name of it.
	fmt.Fprintf(&b, "in front of %s; calls %s, drift %s, headers %s", opts.name, po.Policy.Calls, po.Policy.Drift, po.Policy.Headers)
	switch {
	case po.Lock != nil:
		fmt.Fprintf(&b, "; %s pins %s as %s", lockPath, termtext.Plural(pinned, "tool"), termtext.Quote(opts.name))
	case lockPath == "":
		b.WriteString("; no lock holds its tools")
	default:
		fmt.Fprintf(&b, "; %s does not pin %s, whose tools are held to no lock", lockPath, termtext.Quote(opts.name))
	}
	if opts.record != "" {
		fmt.Fprintf(&b, "; recording to %s", opts.record)
	}
	return b.String()
}
