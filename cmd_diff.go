package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/report"
	"toolbench/core/termtext"
)

// diffConfig is a parsed diff command line.
type diffConfig struct {
	format   report.Format
	old, new string
	server   *sourceFlags // NEW, when the flags name a server; nil for a file
}

func parseDiffArgs(args []string) (*diffConfig, error) {
	fs := newFlagSet("diff")
	format := fs.String("format", "", "")
	asJSON := fs.Bool("json", false, "")
	var flags sourceFlags
	flags.register(fs)
	sources, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}
	cfg := &diffConfig{}
	if cfg.format, err = pickFormat(*format, *asJSON, func(f report.Format) bool { return f.Changes != nil }, report.ChangeFormatNames()); err != nil {
		return nil, err
	}
	if cfg.server, err = flags.serverFlags(fs); err != nil {
		return nil, err
	}
	switch {
	case cfg.server != nil && len(sources) == 2:
		return nil, flags.twoSources("NEW " + sources[1])
	case cfg.server != nil && len(sources) != 1:
		return nil, fmt.Errorf("want OLD beside %s, which is NEW; got %s", cfg.server.given, termtext.Plural(len(sources), "source"))
	case cfg.server != nil:
		cfg.old = sources[0]
		return cfg, nil
	case len(sources) != 2:
		return nil, fmt.Errorf("want OLD and NEW, got %s", termtext.Plural(len(sources), "source"))
	case sources[0] == "-" && sources[1] == "-":
		return nil, errors.New("standard input (-) can be one source, not both")
	}
	cfg.old, cfg.new = sources[0], sources[1]
	return cfg, nil
}

func runDiff(e *env, args []string) int {
	cfg, err := parseDiffArgs(args)
	if err != nil {
		return argsError(e, "toolbench diff", err, diffUsage)
	}
	defer oneShotGC([]string{cfg.old, cfg.new})()
	var docs [2]*jsondoc.Document
	atRevision := map[string]string{}
	if docs[0], err = loadDiffSource(e, cfg.old, atRevision); err != nil {
		fmt.Fprintf(e.stderr, "toolbench diff: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if cfg.server != nil {
		ctx, stop := interruptContext()
		defer stop()
		src, err := openSource(ctx, e, cfg.server, "")
		if err != nil {
			return sourceFailed(ctx, e, "toolbench diff", err)
		}
		src.close() // the tools are read; the session is not needed
		docs[1] = src.doc
	} else if docs[1], err = loadDiffSource(e, cfg.new, atRevision); err != nil {
		fmt.Fprintf(e.stderr, "toolbench diff: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	res, err := diff.Compare(docs[0], docs[1])
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench diff: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	r := &report.ChangeReport{Result: res, Old: docs[0].Name, New: docs[1].Name, AtRevision: atRevision, Color: e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == ""}
	if err := cfg.format.Changes(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench diff: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	if res.Breaking > 0 {
		return exitIssues
	}
	return exitOK
}

// loadDiffSource reads one side of a diff: a file, "-" for standard
// input, or REV:PATH for PATH as git has it at revision REV (when no file
// has that name), which it records in atRevision: REV:PATH to PATH.
func loadDiffSource(e *env, src string, atRevision map[string]string) (*jsondoc.Document, error) {
	if src == "-" {
		return jsondoc.LoadReader(lintStdinName, e.stdin)
	}
	if rev, path, ok := strings.Cut(src, ":"); ok && rev != "" && path != "" {
		if _, err := os.Stat(src); errors.Is(err, os.ErrNotExist) {
			atRevision[src] = strings.TrimPrefix(path, "./")
			return gitShow(src)
		}
	}
	return jsondoc.LoadFile(src)
}

// gitShow reads REV:PATH with git show, as a document named by it. PATH
// is from the top of the repository, or from the current folder when it
// starts with ./ (git's rule).
func gitShow(spec string) (*jsondoc.Document, error) {
	cmd := exec.Command("git", "show", spec)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec, err)
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			return nil, fmt.Errorf("%s: no such file, and git, which would read it as REV:PATH, is not installed", spec)
		}
		return nil, fmt.Errorf("%s: git show: %w", spec, err)
	}
	doc, loadErr := jsondoc.LoadReader(spec, out)
	if loadErr != nil {
		io.Copy(io.Discard, out) // let git finish writing what it has
	}
	if err := cmd.Wait(); err != nil {
		return nil, gitError(spec, stderr.String(), err)
	}
	return doc, loadErr
}

// gitError words git's complaint about spec.
func gitError(spec, stderr string, err error) error {
	msg := strings.TrimSpace(stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimPrefix(msg, "fatal: ")
	switch {
	case strings.Contains(msg, "not a git repository"):
		return fmt.Errorf("%s: no such file, and not in a git repository to read it as REV:PATH from", spec)
	case msg == "":
		return fmt.Errorf("%s: git show: %w", spec, err)
	}
	return fmt.Errorf("%s: git show: %s", spec, msg)
}

func diffUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench diff [--json] [--format FORMAT] OLD NEW
       toolbench diff [flags] OLD --server-cmd CMD | --server-url URL | --server NAME

Compare two versions of a tools file and report what changed for the calls
a model sends, by tool name: breaking changes (a tool or parameter removed,
a parameter now required, a type, enum value, format or bound taken away,
extra arguments refused) as errors, the others as notes. Each change names
the tool and the JSON path, with line:col, in NEW (in OLD for what is gone).
The records of a JSON Lines dataset are compared in order, record by
record, so both files must have as many. "toolbench explain CODE" says what
a change's code means.

OLD and NEW are files, - for standard input, or REV:PATH for a file as git
has it at a revision (git show REV:PATH; PATH from the top of the
repository, or ./PATH from here). With a server's flags, NEW is the tools
the server lists now: compare a committed toolbench dump with the server.

Flags:
  --format FORMAT  %s (default text); markdown suits a pull
                   request or $GITHUB_STEP_SUMMARY
  --json           the same as --format json
  -h, --help       show this help

%s
Examples:
  toolbench diff old/tools.json tools.json
  toolbench diff main:tools.json tools.json
  toolbench diff tools.dump.json --server-cmd 'node server.js'
  toolbench diff --format markdown v1.2.0:tools.json HEAD:tools.json >> "$GITHUB_STEP_SUMMARY"

Exit status: 0 nothing breaking, 1 breaking changes, 2 usage error or a
source that cannot be read or parsed.
`, report.ChangeFormatNames(), strings.Replace(serverFlagsHelp, "in place of FILE", "as NEW", 1))
}
