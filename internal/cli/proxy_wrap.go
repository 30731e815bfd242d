package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/fix"
	"toolbench/core/jsonedit"
	"toolbench/core/termtext"
	"toolbench/internal/atomicfile"
	"toolbench/internal/mcpclient"
	"toolbench/internal/wrap"
)

// wrapMark is the proxy's hidden flag that marks an "args" member wrap
// added (see internal/wrap).
var wrapMark = strings.TrimPrefix(wrap.AddedArgs, "--")

// entryFlag is the proxy's hidden flag that gives it the server as a
// servers file's entry, as wrap writes one reached by URL.
var entryFlag = strings.TrimPrefix(wrap.EntryFlag, "--")

// wrapOptions are a parsed proxy wrap or proxy unwrap command line.
type wrapOptions struct {
	unwrap    bool
	file      string   // the servers file
	names     []string // the servers; none for all
	command   string   // the program wrapped entries run
	recordDir string   // "" for no record
	policy    []string
	diff      bool
}

// wrapFlags are the flags of toolbench proxy wrap and unwrap.
type wrapFlags struct {
	file      string
	program   string // --command
	recordDir string
	policy    listFlag
	diff      bool
}

// command returns toolbench proxy wrap, or with unwrap toolbench proxy
// unwrap, its flags read into f.
func (f *wrapFlags) command(e *env, unwrap bool) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "wrap [NAME...]",
		Short: "route a servers file's servers through the proxy",
		Long: prose(`
Rewrite the servers file (--mcp-config: Claude Code's .mcp.json by
default; Claude Desktop's claude_desktop_config.json, Cursor's
.cursor/mcp.json and VS Code's .vscode/mcp.json, comments and all, are
read alike) so that each server NAMEd, or every server, runs behind
'toolbench proxy': the client starts the proxy, and the proxy the server.
Only the bytes that must change are changed, in the file's own layout,
and 'toolbench proxy unwrap' gives the file back byte for byte, however
it was edited elsewhere in between.

A spawned server's entry keeps its members: its "command" becomes this
toolbench (--command), and "args" starts with the proxy's arguments,
its name and the original command among them:

  "command": "/usr/local/bin/toolbench",
  "args": ["proxy", "--name", "everything", "--", "npx", "-y", "..."]

An entry without "args" gets one, marked --unwrap-removes-args. A server
reached by URL becomes one the client spawns: the proxy, with the
entry's text as it was after --entry, which the proxy reaches the server
from (its headers' variables as the client expands them) and unwrap
writes back. --name is the name the lock pins the server by, so a server
locked with 'toolbench lock --server NAME' has its drift enforced.

A server wrapped already is left as it is, and said so.

Exit status: 0 written, 1 a server named (or, with no NAME, every
server) is wrapped already, 2 usage error, a servers file that cannot
be read or has no such server, or an entry that cannot be wrapped (the
others are written all the same).`),
		Example: `toolbench proxy wrap
toolbench proxy wrap --record-dir ~/.toolbench/records everything
toolbench proxy wrap --mcp-config .vscode/mcp.json --diff
toolbench proxy wrap --command toolbench   # a file shared with others`,
		RunE: runs(func(fs *pflag.FlagSet, names []string) (*wrapOptions, error) { return f.options(e, unwrap, fs, names) },
			func(opts *wrapOptions) error { return runWrap(e, opts) }),
	}
	if unwrap {
		cmd.Use = "unwrap [NAME...]"
		cmd.Short = "undo proxy wrap, byte for byte"
		cmd.Long = prose(`
Undo what 'toolbench proxy wrap' did to each server NAMEd, or to every
server, of the servers file (--mcp-config): the proxy's arguments out
of "args" (or "args" itself, when wrap added it), the command back, and
an entry reached by URL back as it was. What was edited elsewhere in the
file since stays as it is; a wrapped entry reached by URL that has
members wrap did not write is left for you to unwrap, since undoing it
would lose them.

Exit status: 0 written, 1 a server named (or, with no NAME, every
server) is not wrapped, 2 usage error, a servers file that cannot be read
or has no such server, or an entry that cannot be unwrapped (the others
are written all the same).`)
		cmd.Example = `toolbench proxy unwrap
toolbench proxy unwrap --mcp-config .vscode/mcp.json everything`
	}
	fs := cmd.Flags()
	fs.SortFlags = false // as newRoot has every command's
	fs.StringVar(&f.file, "mcp-config", mcpclient.DefaultConfigFile, "the servers FILE to rewrite")
	document(fs, "mcp-config", "the servers FILE to rewrite: .mcp.json, claude_desktop_config.json, .cursor/mcp.json or .vscode/mcp.json")
	cmd.MarkFlagFilename("mcp-config", "json")
	fs.BoolVar(&f.diff, "diff", false, "print the change as a diff; write nothing")
	if !unwrap {
		fs.StringVar(&f.program, "command", "", "the toolbench the entries run (default: this one)")
		document(fs, "command", "the toolbench the entries run (default: this one, by its absolute path); 'toolbench' for a file shared with others who have it on their PATH")
		fs.StringVar(&f.recordDir, "record-dir", "", "record each server's traffic to DIR/NAME.jsonl")
		document(fs, "record-dir", "give each server's proxy --record DIR/NAME.jsonl, DIR made absolute (a client may start servers anywhere)")
		cmd.MarkFlagDirname("record-dir")
		fs.Var(&f.policy, "policy", "give each server's proxy --policy POLICY")
		document(fs, "policy", "give each server's proxy --policy POLICY: enforce or audit, or CHECK=POLICY (see toolbench proxy --help)")
		cmd.RegisterFlagCompletionFunc("policy", completeWords(policyWords))
	}
	return cmd
}

// options reads `proxy wrap [flags] [NAME...]` or `proxy unwrap`.
func (f *wrapFlags) options(e *env, unwrap bool, fs *pflag.FlagSet, names []string) (*wrapOptions, error) {
	opts := &wrapOptions{unwrap: unwrap, file: f.file, names: names, command: f.program, recordDir: f.recordDir, policy: f.policy, diff: f.diff}
	if unwrap {
		return opts, nil
	}
	if _, err := parsePolicy(f.policy); err != nil {
		return nil, err
	}
	if opts.command == "" {
		if opts.command = e.executable; opts.command == "" {
			return nil, errors.New("where this toolbench is cannot be told: give --command PATH")
		}
	}
	if opts.recordDir != "" {
		abs, err := filepath.Abs(e.path(opts.recordDir))
		if err != nil {
			return nil, fmt.Errorf("--record-dir: %w", err)
		}
		opts.recordDir = abs
	}
	return opts, nil
}

// runWrap rewrites the servers file as opts say.
func runWrap(e *env, opts *wrapOptions) error {
	prog := "toolbench proxy wrap"
	if opts.unwrap {
		prog = "toolbench proxy unwrap"
	}
	data, err := e.readFile(opts.file)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %s\n", prog, termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	src := string(data)
	var edits []jsonedit.Edit
	var entries []wrap.Entry
	if opts.unwrap {
		edits, entries, err = wrap.Unwrap(opts.file, src, opts.names)
	} else {
		edits, entries, err = wrap.Wrap(opts.file, src, opts.names, wrap.Options{Command: opts.command, Flags: opts.proxyFlags})
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %s\n", prog, termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	// Under --diff, standard output is the diff alone, for patch.
	say := e.stdout
	if opts.diff {
		say = e.stderr
	}
	code, done := exitOK, 0
	left := wrap.ErrWrapped
	if opts.unwrap {
		left = wrap.ErrNotWrapped
	}
	for _, en := range entries {
		name := termtext.EscapeLine(en.Name)
		switch {
		case en.Err == nil:
			done++
			fmt.Fprintf(say, "%s: %s\n", name, wrapDone(opts.unwrap, en.Transport))
		case errors.Is(en.Err, left):
			fmt.Fprintf(say, "%s: %s, left as it is\n", name, en.Err)
			if len(opts.names) > 0 && code == exitOK {
				code = exitIssues
			}
		default:
			fmt.Fprintf(e.stderr, "%s: %s:%d:%d: %s: %s; left as it is\n", prog, termtext.EscapeLine(opts.file), en.Line, en.Column, name, termtext.EscapeLine(en.Err.Error()))
			code = exitFailure
		}
	}
	if done == 0 {
		fmt.Fprintf(e.stderr, "%s: nothing to change; %s was not written\n", prog, termtext.EscapeLine(opts.file))
		return exit(max(code, exitIssues))
	}
	out, err := jsonedit.Apply(src, edits)
	if err != nil {
		return err // the edits are made apart: a conflict is a mistake of wrap's
	}
	if opts.diff {
		return exitOr(code, writeFixDiff(e, opts.file, fix.Hunks(src, edits)))
	}
	if opts.recordDir != "" {
		if err := os.MkdirAll(opts.recordDir, 0o755); err != nil {
			fmt.Fprintf(e.stderr, "%s: --record-dir: %s\n", prog, termtext.EscapeLine(err.Error()))
			return exit(exitFailure)
		}
	}
	// Written only over the text that was read: a save made meanwhile is
	// kept, and said.
	if err := atomicfile.Replace(e.path(opts.file), src, []byte(out)); err != nil {
		err = asGiven(opts.file, err)
		fmt.Fprintf(e.stderr, "%s: %s\n", prog, termtext.EscapeLine(err.Error()))
		return exit(exitFailure)
	}
	how := "wrapped; toolbench proxy unwrap undoes it"
	if opts.unwrap {
		how = "unwrapped"
	}
	fmt.Fprintf(e.stdout, "wrote %s: %s %s\n", termtext.EscapeLine(opts.file), termtext.Plural(done, "server"), how)
	return exit(code)
}

// exitOr is the exit status code, or err when there is one.
func exitOr(code int, err error) error {
	if err != nil {
		return err
	}
	return exit(code)
}

// wrapDone says what was done to an entry of the transport.
func wrapDone(unwrap bool, transport string) string {
	switch {
	case unwrap:
		return "unwrapped"
	case transport == "http":
		return "wrapped: the client spawns the proxy, which reaches the server by its URL"
	}
	return "wrapped"
}

// proxyFlags are the proxy's flags for the server named, besides its
// name: its record and its policy.
func (o *wrapOptions) proxyFlags(server string) []string {
	var out []string
	if o.recordDir != "" {
		out = append(out, "--record", filepath.Join(o.recordDir, fileName(server)+".jsonl"))
	}
	for _, p := range o.policy {
		out = append(out, "--policy", p)
	}
	return out
}

// fileName is name with every byte a file name should not hold a '_'.
func fileName(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' && i > 0) {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}
