package main

import (
	"fmt"
	"io"
	"strings"

	"toolbench/core/compat"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/report"
	"toolbench/core/termtext"
)

// compatConfig is a parsed compat command line.
type compatConfig struct {
	format report.Format
	opt    lint.Options
	file   string
}

func parseCompatArgs(args []string) (*compatConfig, error) {
	fs := newFlagSet("compat")
	format := fs.String("format", "", "")
	asJSON := fs.Bool("json", false, "")
	var rules ruleFlags
	rules.register(fs)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}
	cfg := &compatConfig{}
	if cfg.format, err = pickFormat(*format, *asJSON, func(f report.Format) bool { return f.Matrix != nil }, report.MatrixFormatNames()); err != nil {
		return nil, err
	}
	if cfg.opt, err = rules.options(); err != nil {
		return nil, err
	}
	switch len(files) {
	case 0:
		files = []string{"-"} // standard input, as lint reads it
	case 1:
	default:
		return nil, fmt.Errorf("want one FILE, got %d", len(files))
	}
	cfg.file = files[0]
	return cfg, nil
}

func runCompat(e *env, args []string) int {
	cfg, err := parseCompatArgs(args)
	if err != nil {
		return argsError(e, "toolbench compat", err, compatUsage)
	}
	defer oneShotGC([]string{cfg.file})()
	doc, err := loadCompatSource(e, cfg.file)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench compat: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	m := compat.Compute(doc, cfg.opt)
	r := &report.MatrixReport{Matrix: m, File: doc.Name, Color: e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == ""}
	if err := cfg.format.Matrix(jsondoc.SafeWriter(e.stdout), r); err != nil {
		fmt.Fprintf(e.stderr, "toolbench compat: writing the report: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	for _, row := range m.Rows {
		if !row.OK() {
			return exitIssues
		}
	}
	if m.Document != nil {
		return exitIssues
	}
	return exitOK
}

// loadCompatSource reads the document: a file, or "-" for standard input.
func loadCompatSource(e *env, name string) (*jsondoc.Document, error) {
	return loadLintFile(e, name)
}

func compatUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench compat [--json] [--format FORMAT] [--target NAME]... [FILE]

Show which providers accept each tool: a row per tool, a column per
target, each cell "ok" or the number of errors that target's rules give
the tool (openai-strict counts openai's too). The rules every lint runs are
not counted: toolbench lint reports them. With no FILE, or with -, read
standard input.

Flags:
  --format FORMAT  %s (default text)
  --json           the same as --format json
  --target NAME    the columns: %s
                   (default all; repeat the flag or separate names with commas)
  --ignore CODE    do not count the rule CODE
  -h, --help       show this help

Exit status: 0 every target accepts every tool, 1 some target does not, 2
usage error or a file that cannot be read or parsed.
`, report.MatrixFormatNames(), strings.Join(lint.TargetNames(), ", "))
}
