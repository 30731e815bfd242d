package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/lock"
	"toolbench/core/termtext"
	"toolbench/internal/atomicfile"
	"toolbench/internal/policy"
	"toolbench/internal/source"
)

// lockOptions are a parsed lock command line.
type lockOptions struct {
	lock    string // --lock; "" for the configuration's
	files   []string
	servers serverOptions
}

// lockFlags are the flags of toolbench lock.
type lockFlags struct {
	lock   string
	server serverFlags
}

// command returns toolbench lock, its flags read into f.
func (f *lockFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lock [FILE...]",
		Short: "pin the tools of files and servers",
		Long: prose(`
Pin the tools each source lists now, in the lock file: each tool's
definition as listed, in canonical form (RFC 8785), and its SHA-256. Then
'toolbench verify' reports every change to them: a description rewritten
after it was approved is how a server poisons an agent ("rug pull").

The sources are FILEs, a server of the servers file (--server NAME), or
every server of it (--all-servers); the lock names a file by its path
from the lock's directory, with '/', and a server by its name in the
servers file, so that verify can read each again. A file must be in the
lock's directory or below it, and its name hold no ':' (which reads as
REV:PATH): verify reads no other. A server spawned with
--server-cmd or reached with --server-url has no name to find it by:
give it an entry in the servers file. The lock keeps the sources it is
not given; for one it is given again, it takes the tools as they are now,
which is how a change is accepted.

The lock file is --lock FILE, else the configuration's lock, else
toolbench.lock.json beside the configuration (toolbench.toml), or here
when there is none.

Exit status: 0 written; 2 usage error, a configuration or lock with a
mistake, or a source that cannot be read or pinned (the others are pinned
all the same).`),
		Example: `toolbench lock tools.json
toolbench lock --server everything
toolbench lock --all-servers --mcp-config .mcp.json
toolbench lock api/tools.json --lock api/toolbench.lock.json`,
		RunE: runs(f.options, func(opts *lockOptions) error { return runLock(e, opts) }),
	}
	registerLockFile(cmd, &f.lock)
	f.server.register(cmd, e)
	f.server.registerAll(cmd, "pin every server of the servers file", "pin every server of the servers file")
	return cmd
}

// registerLockFile adds --lock, the lock file of lock and verify.
func registerLockFile(cmd *cobra.Command, lock *string) {
	cmd.Flags().StringVar(lock, "lock", "", "the lock FILE (default: the configuration's)")
	document(cmd.Flags(), "lock", "the lock FILE (default: the configuration's lock, else "+lock0+" beside the configuration, or here); it names a file by its path from FILE's folder, a server by its name")
	cmd.MarkFlagFilename("lock", "json")
}

// lock0 is the lock file's name when nothing names another.
const lock0 = lock.FileName

// options reads `lock [flags] [FILE...]`, or servers in place of FILEs.
func (f *lockFlags) options(fs *pflag.FlagSet, files []string) (*lockOptions, error) {
	servers, err := f.server.options(fs)
	if err != nil {
		return nil, err
	}
	switch {
	case f.server.given == "--server-cmd" || f.server.given == "--server-url":
		return nil, fmt.Errorf("%s: verify could not find the server again; give it an entry in the servers file and lock it with --server NAME", f.server.given)
	case servers.server == nil && len(files) == 0:
		return nil, errors.New("name the sources to pin: FILE..., --server NAME or --all-servers")
	}
	for _, file := range files {
		if file == "-" {
			return nil, errors.New("standard input cannot be read again by verify; name a file")
		}
	}
	return &lockOptions{lock: f.lock, files: files, servers: servers}, nil
}

// lockPolicy reads the configuration for the lock file it names, unless
// named (--lock) names one.
func lockPolicy(e *env, named string) (*policy.Policy, string, error) {
	pol := &policy.Policy{Dir: e.dir}
	if named == "" {
		cfg, err := e.loadConfig()
		if err != nil {
			return nil, "", err
		}
		pol.Config = cfg
	}
	return pol, pol.LockPath(named), nil
}

// runLock pins the tools of every source the options name.
func runLock(e *env, opts *lockOptions) error {
	servers, err := opts.servers.servers()
	if err != nil {
		return err
	}
	var ins []source.Input
	for i := range servers {
		ins = append(ins, source.Input{Server: &servers[i]})
	}
	for _, file := range opts.files {
		if source.IsRevision(e.dir, file) {
			return fmt.Errorf("%s: a revision is not what verify reads; name the file", file)
		}
		ins = append(ins, source.Input{Path: file})
	}
	pol, path, err := lockPolicy(e, opts.lock)
	if err != nil {
		return err
	}
	return exit(pin(e, pol, path, ins))
}

// pin pins the tools of ins in the lock at path.
func pin(e *env, pol *policy.Policy, path string, ins []source.Input) int {
	l, err := pol.ReadLock(path, true)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench lock: %s; nothing was written\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	ctx, stop := interruptContext()
	defer stop()
	dir := pol.AbsDir(path)
	code, pinned := exitOK, 0
	opened := source.OpenAll(ctx, ins, e.sourceOptions())
	defer source.CloseAll(opened) // on every way out, ctrl+c's included
	for i, o := range opened {
		in := ins[i]
		if o.Err != nil {
			if ctx.Err() != nil {
				return sourceFailed(ctx, e, "toolbench lock", o.Err)
			}
			code = sourceFailed(ctx, e, "toolbench lock", o.Err)
			continue
		}
		o.Source.Close() // the tools are read; the session is not needed
		name, kind := pol.SourceName(in, dir), lock.File
		if in.Server != nil {
			kind = lock.Server
		}
		tools, err := lock.Pin(o.Source.Doc)
		if kind == lock.File {
			if bad := lock.CheckFileName(name); bad != nil {
				err = fmt.Errorf("%s: the lock would name it %s, %w", in.Path, strconv.Quote(name), bad)
			}
		}
		if err == nil && l.Kind(name) != "" && l.Kind(name) != kind {
			err = fmt.Errorf("%s: the lock pins a %s of this name; it cannot pin a %s too", name, l.Kind(name), kind)
		}
		if err != nil {
			code = sourceFailed(ctx, e, "toolbench lock", err)
			continue
		}
		fmt.Fprintf(e.stdout, "%s: %s\n", termtext.EscapeLine(name), pinSummary(l.Tools(name), tools, l.Kind(name) != ""))
		l.Set(name, kind, tools)
		pinned++
	}
	if pinned == 0 {
		fmt.Fprintf(e.stderr, "toolbench lock: nothing to pin; %s was not written\n", termtext.EscapeLine(path))
		return exitFailure
	}
	if err := atomicfile.Write(e.path(path), l.Marshal()); err != nil {
		fmt.Fprintf(e.stderr, "toolbench lock: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	fmt.Fprintf(e.stdout, "wrote %s: %s\n", termtext.EscapeLine(path), termtext.Plural(len(l.Sources()), "source"))
	return code
}

// pinSummary says what pinning tools changed in the lock, which held old
// for the source (had says it held the source at all): "13 tools pinned",
// "13 tools, as pinned", "13 tools pinned; accepted 1 changed, 1 new,
// 1 removed".
func pinSummary(old, tools []lock.Tool, had bool) string {
	n := termtext.Plural(len(tools), "tool")
	if !had {
		return n + " pinned"
	}
	was := map[string]string{}
	for _, t := range old {
		was[t.Name] = t.SHA256
	}
	changed, added := 0, 0
	for _, t := range tools {
		sum, ok := was[t.Name]
		switch {
		case !ok:
			added++
		case sum != t.SHA256:
			changed++
		}
		delete(was, t.Name)
	}
	var accepted []string
	if changed > 0 {
		accepted = append(accepted, fmt.Sprintf("%d changed", changed))
	}
	if added > 0 {
		accepted = append(accepted, fmt.Sprintf("%d new", added))
	}
	if len(was) > 0 {
		accepted = append(accepted, fmt.Sprintf("%d removed", len(was)))
	}
	if len(accepted) == 0 {
		return n + ", as pinned"
	}
	return n + " pinned; accepted " + strings.Join(accepted, ", ")
}
