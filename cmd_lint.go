package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"toolbench/core"
)

func init() {
	register(command{order: 10, name: "lint", summary: "lint tool definitions", run: runLint})
}

// lintStdinName is how issues and errors name standard input.
const lintStdinName = "<stdin>"

// lintReport is what a renderer may say besides the issues.
type lintReport struct {
	issues []core.Issue
	files  []string            // the files linted, in order
	failed []*core.SyntaxError // the files that could not be read or parsed, and why
	color  bool
}

type lintRenderFunc func(w io.Writer, r *lintReport) error

// lintFormats are the values --format takes, in the order help lists
// them: a new format is one more entry.
var lintFormats = []struct {
	name   string
	render lintRenderFunc
}{
	{"text", func(w io.Writer, r *lintReport) error {
		return core.WriteText(w, r.issues, core.TextOptions{Color: r.color, Files: len(r.files), Failed: len(r.failed)})
	}},
	{"json", func(w io.Writer, r *lintReport) error { return core.WriteJSON(w, r.issues) }},
	{"sarif", func(w io.Writer, r *lintReport) error { return core.WriteSARIF(w, r.issues, r.failed) }},
	{"github", func(w io.Writer, r *lintReport) error { return core.WriteGitHub(w, r.issues, r.failed) }},
}

// lintRenderer returns the renderer of a --format value, or nil.
func lintRenderer(format string) lintRenderFunc {
	for _, f := range lintFormats {
		if f.name == format {
			return f.render
		}
	}
	return nil
}

func lintFormatNames() string {
	var names []string
	for _, f := range lintFormats {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

// lintConfig is a parsed lint command line.
type lintConfig struct {
	render lintRenderFunc
	strict bool
	opt    core.Options
	files  []string // "-" is standard input
}

// parseLintArgs reads the lint command line. Flags may come before or
// after the files, as in `toolbench lint tools.json --strict`; everything
// after "--" is a file. It returns flag.ErrHelp for -h.
func parseLintArgs(args []string) (*lintConfig, error) {
	fs := newFlagSet("lint")
	format := fs.String("format", "", "")
	asJSON := fs.Bool("json", false, "")
	strict := fs.Bool("strict", false, "")
	var rules ruleFlags
	rules.register(fs)

	files, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}

	cfg := &lintConfig{strict: *strict, files: files}
	switch {
	case *asJSON && *format != "" && *format != "json":
		return nil, fmt.Errorf("--json and --format %s disagree", *format)
	case *asJSON:
		*format = "json"
	case *format == "":
		*format = "text"
	}
	if cfg.render = lintRenderer(*format); cfg.render == nil {
		return nil, fmt.Errorf("unknown --format %q (known: %s)", *format, lintFormatNames())
	}
	if cfg.opt, err = rules.options(); err != nil {
		return nil, err
	}
	if len(cfg.files) == 0 {
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

func runLint(e *env, args []string) (code int) {
	cfg, err := parseLintArgs(args)
	if err != nil {
		return argsError(e, "toolbench lint", err, lintUsage)
	}

	defer oneShotGC(cfg.files)()
	// Large files are mapped rather than read (core.LoadFileMapped): one
	// that shrinks during the run faults where it was cut. While it is
	// linted, that file fails as an unreadable one does (lintFile); later,
	// while the report is written, the run ends with an error.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if !core.IsFault(r) {
				panic(r)
			}
			fmt.Fprintln(e.stderr, "toolbench lint: a file changed while the report was written; lint it again")
			code = exitFailure
		}
	}()
	r := &lintReport{color: e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == ""}
	for _, f := range cfg.files {
		res, err := lintFile(e, f, cfg.opt)
		if err != nil {
			// Report and go on: the other files are still worth checking.
			fmt.Fprintf(e.stderr, "toolbench lint: %s\n", core.EscapeLine(err.Error()))
			r.failed = append(r.failed, loadFailure(f, err))
			continue
		}
		r.issues = append(r.issues, res.Issues...)
		r.files = append(r.files, res.Doc.Name)
	}
	if err := cfg.render(core.JSONWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench lint: writing the report: %s\n", core.EscapeLine(err.Error()))
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

// lintFile loads and lints one file. A mapped file that shrinks while it
// is linted fails as a file that cannot be read does.
func lintFile(e *env, name string, opt core.Options) (res *core.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			if !core.IsFault(r) {
				panic(r)
			}
			res, err = nil, &core.SyntaxError{File: name, Msg: "the file changed while it was being read; lint it again"}
		}
	}()
	doc, err := loadLintFile(e, name)
	if err != nil {
		return nil, err
	}
	return core.Lint(doc, opt), nil
}

// loadLintFile reads and parses one file; "-" is standard input. Its
// errors name the file, and for bad JSON the line and column.
func loadLintFile(e *env, name string) (*core.Document, error) {
	if name == "-" {
		return core.LoadReader(lintStdinName, e.stdin)
	}
	return core.LoadFileMapped(name)
}

// loadFailure is err as a *core.SyntaxError naming the file, so that the
// CI formats can report it where the text report says it on stderr.
func loadFailure(name string, err error) *core.SyntaxError {
	var se *core.SyntaxError
	if errors.As(err, &se) {
		return se
	}
	if name == "-" {
		name = lintStdinName
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the name is already the file's
	}
	return &core.SyntaxError{File: name, Msg: err.Error()}
}

// lintExitCode is 2 when a file could not be linted, 1 when there are
// errors (or any issue under --strict), else 0.
func lintExitCode(r *lintReport, strict bool) int {
	switch {
	case len(r.failed) > 0:
		return exitFailure
	case strict && len(r.issues) > 0:
		return exitIssues
	case slices.ContainsFunc(r.issues, func(is core.Issue) bool { return is.Severity == core.Error }):
		return exitIssues
	}
	return exitOK
}

func lintUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench lint [flags] [FILE...]

Check LLM tool definitions for the defects that make a model skip a tool or
call it wrongly. A file may hold a list of tools, one tool, {"tools": [...]}
or an MCP tools/list result, in the OpenAI, Responses, Anthropic, MCP,
Gemini or bare {name, parameters} shape. With no FILE, or with -, read
standard input.

Flags:
  --format FORMAT  output format: %s (default text)
  --json           the same as --format json
  --strict         exit 1 on any issue, warnings included (for CI)
  --target NAME    also check a provider's rules: %s
                   (repeat the flag or separate names with commas)
  --ignore CODE    do not report the rule CODE (repeat or use commas)
  -h, --help       show this help

Examples:
  toolbench lint tools.json
  cat tools.json | toolbench lint
  toolbench lint --json tools.json more-tools.json
  toolbench lint --strict --ignore short-description,empty-properties tools.json

Exit status: 0 no errors (warnings allowed), 1 errors found (or any issue
with --strict), 2 usage error or a file that cannot be read or parsed.
`, lintFormatNames(), strings.Join(core.KnownTargets, ", "))
}
