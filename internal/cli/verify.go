package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/lock"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/policy"
	"toolbench/internal/source"
)

// verifyOptions are a parsed verify command line.
type verifyOptions struct {
	format report.Format
	lock   string        // --lock; "" for the configuration's
	reach  source.Server // how the servers the lock pins are reached
	// all says --all-servers: the servers of the servers file whose
	// names the lock does not pin are reported.
	all bool
}

// verifyFlags are the flags of toolbench verify.
type verifyFlags struct {
	format formatFlags
	lock   string
	server serverFlags
}

// command returns toolbench verify, its flags read into f.
func (f *verifyFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "report every change to the pinned tools",
		Long: prose(`
Read every source the lock pins again (the files from the lock's
directory, the servers from the servers file, at once) and report every
change to their tools, with the codes and positions of 'toolbench diff':
a change to a pinned tool (its description and annotations included,
the tool gone, or a second tool of its name) is an error, DRIFT: a
changed tool placed in the source, a removed tool in the lock. A tool of
a name the lock does not pin is a warning, NEW, placed in the source. A source that
cannot be read is one line on standard error and costs only itself: the
others are reported. With --all-servers, a server of the servers file the
lock does not pin is a warning too, UNPINNED.

To accept a change, pin the source again: 'toolbench lock FILE' or
'toolbench lock --server NAME'. The lock file is found as lock finds it.

Exit status: 0 every pinned tool as pinned (new tools allowed), 1 a
pinned tool changed, 2 usage error, a configuration or lock with a
mistake, or a source that cannot be read (after the others are
reported).`),
		Example: `toolbench verify
toolbench verify --all-servers
toolbench verify --format github
toolbench verify --format markdown >> "$GITHUB_STEP_SUMMARY"`,
		RunE: runs(f.options, func(opts *verifyOptions) error { return runVerify(e, opts) }),
	}
	f.format.register(cmd, writesVerify)
	registerLockFile(cmd, &f.lock)
	f.server.registerReach(cmd, e)
	f.server.registerAll(cmd, "also report the servers the lock does not pin", "also report the servers of the servers file the lock does not pin")
	return cmd
}

// writesVerify says whether a format writes verify's report.
func writesVerify(f report.Format) bool { return f.Verify != nil }

// options reads `verify [flags]`.
func (f *verifyFlags) options(fs *pflag.FlagSet, args []string) (*verifyOptions, error) {
	if len(args) > 0 {
		return nil, fmt.Errorf("unexpected argument %q: verify reads the sources the lock pins (--lock names another lock)", args[0])
	}
	cfg := &verifyOptions{lock: f.lock, all: f.server.all}
	var err error
	if cfg.format, err = f.format.pick(fs, writesVerify); err != nil {
		return nil, err
	}
	if cfg.reach, err = f.server.reach(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// runVerify reads every source the lock pins again and reports every
// change to their tools.
func runVerify(e *env, opts *verifyOptions) error {
	reach := opts.reach
	var all []source.Server
	if opts.all {
		// Read once, for every server of it and every server the lock
		// pins besides.
		reach = reach.WithFileRead()
		var err error
		if all, err = source.AllServers(reach); err != nil {
			return err
		}
	}
	pol, path, err := lockPolicy(e, opts.lock)
	if err != nil {
		return err
	}
	return exit(verify(e, opts, pol, path, reach, all))
}

// verify holds the sources the lock at path pins to it, those of all too.
func verify(e *env, opts *verifyOptions, pol *policy.Policy, path string, reach source.Server, all []source.Server) int {
	l, err := pol.ReadLock(path, false)
	if err != nil {
		hint := "" // a lock with a mistake says itself how to mend it
		if errors.Is(err, fs.ErrNotExist) {
			hint = "; pin sources with toolbench lock"
		}
		fmt.Fprintf(e.stderr, "toolbench verify: %s%s\n", termtext.EscapeLine(err.Error()), hint)
		return exitFailure
	}
	names := l.Sources()
	if !opts.all && slices.ContainsFunc(names, func(name string) bool { return l.Kind(name) == lock.Server }) {
		// Read once, for every server the lock pins: to reach it, and for
		// the report to point at its entry.
		reach = reach.WithFileRead()
	}
	ins := make([]source.Input, len(names))
	for i, name := range names {
		if l.Kind(name) == lock.Server {
			srv := reach.Named(name)
			if j := slices.IndexFunc(all, func(s source.Server) bool { return s.Name == name }); j >= 0 {
				srv = all[j] // the servers file as it was read for all of them
			}
			ins[i].Server = &srv
		} else {
			// A file of the lock's folder, read through it: a symbolic
			// link out of it is refused, as lock refused to pin one.
			ins[i].Path = filepath.Join(filepath.Dir(path), filepath.FromSlash(name))
			ins[i].Within = filepath.Dir(path)
		}
	}
	ctx, stop := interruptContext()
	defer stop()
	r := &report.VerifyReport{Lock: path, Color: e.colored(e.stdout), Version: e.build.version(), InformationURI: e.build.informationURI(),
		Servers: map[string]report.Server{}}
	for _, in := range ins {
		if in.Server != nil {
			r.Servers[in.Server.Name] = reportServer(in.Server)
		}
	}
	for i := range all {
		if _, ok := r.Servers[all[i].Name]; !ok {
			r.Servers[all[i].Name] = reportServer(&all[i])
		}
	}
	code := exitOK
	opened := source.OpenAll(ctx, ins, e.sourceOptions())
	defer source.CloseAll(opened) // on every way out, ctrl+c's included
	for i, o := range opened {
		v := report.VerifiedSource{Name: names[i], Kind: l.Kind(names[i])}
		if o.Err == nil {
			o.Source.Close() // the tools are read; the session is not needed
			v.Drift, o.Err = l.Verify(names[i], o.Source.Doc)
		}
		if o.Err != nil {
			if ctx.Err() != nil {
				return sourceFailed(ctx, e, "toolbench verify", o.Err)
			}
			code = sourceFailed(ctx, e, "toolbench verify", o.Err)
			v.Failed = o.Err.Error()
		} else if v.Drift.Errors > 0 && code == exitOK {
			code = exitIssues
		}
		r.Sources = append(r.Sources, v)
	}
	for _, s := range all {
		if !slices.Contains(names, s.Name) {
			r.Sources = append(r.Sources, report.VerifiedSource{Name: s.Name, Kind: lock.Server, Unpinned: true})
		}
	}
	if err := opts.format.Verify(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench verify: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	return code
}
