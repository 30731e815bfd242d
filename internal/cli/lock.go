package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/jsondoc"
	"toolbench/core/lock"
	"toolbench/core/termtext"
	"toolbench/internal/policy"
	"toolbench/internal/source"
)

// lockOptions are a parsed lock command line.
type lockOptions struct {
	lock    string // --lock; "" for the configuration's
	files   []string
	servers serverOptions
	// record is --from-record: the server --server names is pinned as
	// the record's listings gave it (lock_record.go).
	record string
}

// lockFlags are the flags of toolbench lock.
type lockFlags struct {
	lock   string
	record string
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

With --from-record FILE, a record of 'toolbench proxy --record', the
server --server NAME is pinned as the record saw it, with no server
started: the tools of the last complete tools/list the record holds,
each as the server sent it, and each tool an earlier listing gave and
the last one lacks (a server may list tools by what its client
announces, and toolbench's own client announces less than an agent),
back to where the server changed a tool.

The lock file is --lock FILE, else the configuration's lock, else
toolbench.lock.json beside the configuration (toolbench.toml), or here
when there is none.

Exit status: 0 written; 2 usage error, a configuration or lock with a
mistake, or a source that cannot be read or pinned (the others are pinned
all the same).`),
		Example: `toolbench lock tools.json
toolbench lock --server everything
toolbench lock --all-servers --mcp-config .mcp.json
toolbench lock --from-record proxy.jsonl --server everything
toolbench lock api/tools.json --lock api/toolbench.lock.json`,
		RunE: runs(f.options, func(opts *lockOptions) error { return runLock(e, opts) }),
	}
	registerLockFile(cmd, &f.lock)
	f.server.register(cmd, e)
	f.server.registerAll(cmd, "pin every server of the servers file", "pin every server of the servers file")
	cmd.Flags().StringVar(&f.record, "from-record", "", "pin --server NAME as the record FILE saw it")
	document(cmd.Flags(), "from-record", "pin the server --server NAME as the record FILE of toolbench proxy saw it: the tools of its last complete tools/list, and those earlier listings since the server last changed gave beside them")
	cmd.MarkFlagFilename("from-record", "jsonl", "json")
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
	if f.record != "" {
		switch {
		case f.server.given != "--server":
			return nil, errors.New("--from-record pins the server --server NAME names, as the lock will name it")
		case len(files) > 0:
			return nil, fmt.Errorf("--from-record pins one server; pin %s with a run of its own", files[0])
		}
		return &lockOptions{lock: f.lock, servers: servers, record: f.record}, nil
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
	pol := &policy.Policy{Dir: e.dir, FileLimit: e.fileLimit()}
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
	if opts.record != "" {
		return runLockRecord(e, opts)
	}
	servers, err := opts.servers.servers()
	if err != nil {
		return err
	}
	pol, path, err := lockPolicy(e, opts.lock)
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
		in := source.Input{Path: file}
		if lock.CheckFileName(pol.SourceName(in, pol.AbsDir(path))) == nil {
			// Read through the lock's folder, as verify reads it: a
			// symbolic link out of it is refused. A name the lock
			// cannot hold is refused by pin, which says why.
			in.Within = filepath.Dir(path)
		}
		ins = append(ins, in)
	}
	return exit(pin(e, pol, path, ins))
}

// pin pins the tools of ins in the lock at path.
func pin(e *env, pol *policy.Policy, path string, ins []source.Input) int {
	ctx, stop := interruptContext()
	defer stop()
	code := exitOK
	opened := source.OpenAll(ctx, ins, e.sourceOptions())
	defer source.CloseAll(opened) // on every way out, ctrl+c's included
	var read []source.Input
	var docs []*jsondoc.Document
	for i, o := range opened {
		if o.Err != nil {
			if ctx.Err() != nil {
				return sourceFailed(ctx, e, "toolbench lock", o.Err)
			}
			code = sourceFailed(ctx, e, "toolbench lock", o.Err)
			continue
		}
		o.Source.Close() // the tools are read; the session is not needed
		read, docs = append(read, ins[i]), append(docs, o.Source.Doc)
	}
	return pinDocs(ctx, e, pol, path, read, docs, code)
}

// pinDocs pins the tools of docs, each the document of the source of
// ins, in the lock at path, and returns the exit status: code, the
// status of the sources that could not be read, or worse.
func pinDocs(ctx context.Context, e *env, pol *policy.Policy, path string, ins []source.Input, docs []*jsondoc.Document, code int) int {
	l, err := pol.ReadLock(path, true)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench lock: %s; nothing was written\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	dir := pol.AbsDir(path)
	pinned := 0
	for i, in := range ins {
		name, kind := pol.SourceName(in, dir), lock.File
		if in.Server != nil {
			kind = lock.Server
		}
		tools, err := lock.Pin(docs[i])
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
	if err := e.writeFile(path, l.Marshal()); err != nil {
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
