package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"toolbench/core/fix"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/atomicfile"
)

// fixConfig is a parsed fix command line.
type fixConfig struct {
	write bool   // -w: write the file in place
	out   string // -o: write the fixed text there; "-" is standard output
	opt   fix.Options
	file  string // "-" is standard input
}

func parseFixArgs(args []string) (*fixConfig, error) {
	fs := newFlagSet("fix")
	write := fs.Bool("w", false, "")
	out := fs.String("o", "", "")
	var codes listFlag
	fs.Var(&codes, "code", "")
	var rules ruleFlags
	rules.register(fs)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return nil, err
	}
	cfg := &fixConfig{write: *write, out: *out}
	switch {
	case len(files) != 1:
		return nil, fmt.Errorf("want one FILE, got %d", len(files))
	case cfg.write && cfg.out != "":
		return nil, errors.New("-w and -o both say where to write: use one")
	case cfg.write && files[0] == "-":
		return nil, errors.New("-w cannot write standard input back: use -o FILE")
	}
	cfg.file = files[0]
	if cfg.opt.Lint, err = rules.options(); err != nil {
		return nil, err
	}
	for _, c := range codes {
		r := lint.LookupRule(c)
		switch {
		case r == nil:
			return nil, fmt.Errorf("--code: unknown rule code %q", c)
		case r.Fix == lint.FixNone:
			return nil, fmt.Errorf("--code: rule %s has no fix (rules with fixes: %s)", c, strings.Join(fixableCodes(), ", "))
		}
	}
	cfg.opt.Codes = codes
	return cfg, nil
}

// fixableCodes are the codes of the rules that offer fixes.
func fixableCodes() []string {
	var codes []string
	for _, r := range lint.Rules() {
		if r.Fix != lint.FixNone {
			codes = append(codes, r.Code)
		}
	}
	return codes
}

func runFix(e *env, args []string) int {
	cfg, err := parseFixArgs(args)
	if err != nil {
		return argsError(e, "toolbench fix", err, fixUsage)
	}
	defer oneShotGC([]string{cfg.file})()
	doc, err := loadFixSource(e, cfg.file)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench fix: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	res, err := fix.Apply(doc, cfg.opt)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench fix: %s: %s; nothing was written\n", termtext.EscapeLine(doc.Name), termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	name := displayName(cfg.file)
	switch {
	case cfg.write:
		if len(res.Fixed) > 0 {
			if err := atomicfile.Write(cfg.file, []byte(res.Doc.Src)); err != nil {
				fmt.Fprintf(e.stderr, "toolbench fix: %s\n", termtext.EscapeLine(err.Error()))
				return exitFailure
			}
		}
		fmt.Fprintln(e.stdout, fixSummary(name, res, "fixed"))
		return exitOK
	case cfg.out != "":
		if err := writeFixed(e, cfg.out, res.Doc.Src); err != nil {
			fmt.Fprintf(e.stderr, "toolbench fix: %s\n", termtext.EscapeLine(err.Error()))
			return exitFailure
		}
		fmt.Fprintln(e.stderr, fixSummary(name, res, "fixed"))
		return exitOK
	}
	color := e.isTerminal(e.stdout) && e.getenv("NO_COLOR") == ""
	if err := fix.WriteDiff(e.stdout, name, fix.Hunks(doc.Src, res.Edits), color); err != nil {
		fmt.Fprintf(e.stderr, "toolbench fix: writing the diff: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	fmt.Fprintln(e.stderr, fixSummary(name, res, "to fix"))
	if len(res.Fixed) > 0 {
		return exitIssues
	}
	return exitOK
}

// loadFixSource reads the document to fix: a file, or "-" for standard
// input.
func loadFixSource(e *env, name string) (*jsondoc.Document, error) {
	return loadLintFile(e, name)
}

// writeFixed writes the fixed text to path, "-" being standard output.
func writeFixed(e *env, path, text string) error {
	if path == "-" {
		_, err := io.WriteString(e.stdout, text)
		return err
	}
	return atomicfile.Write(path, []byte(text))
}

// fixSummary says what was fixed, or is to fix, in a line:
// "tools.json: 3 issues to fix (2 unknown-type, 1 duplicate-key)".
func fixSummary(name string, res *fix.Result, what string) string {
	file := termtext.EscapeLine(name)
	if len(res.Fixed) == 0 {
		return file + ": nothing to fix"
	}
	var codes []string
	count := map[string]int{}
	for _, is := range res.Fixed {
		if count[is.Code] == 0 {
			codes = append(codes, is.Code)
		}
		count[is.Code]++
	}
	slices.Sort(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d %s", count[c], c)
	}
	return fmt.Sprintf("%s: %s %s (%s)", file, termtext.Plural(len(res.Fixed), "issue"), what, strings.Join(parts, ", "))
}

func fixUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench fix [-w | -o FILE] [--code CODE]... [--target NAME]... FILE

Make the fixes the linter suggests, changing only the bytes each needs, in
the file's own indentation and newlines. Without -w or -o, print them as a
unified diff and change nothing: exit 1 when there is something to fix.
Fixes that overlap are made one after the other, so fixing a fixed file
changes nothing. A file is never written unless its fixed text parses.

Flags:
  -w             write the fixed file in place (atomically, keeping its mode)
  -o FILE        write the fixed text to FILE (- for standard output)
  --code CODE    make only the fixes of these rules (repeat or use commas);
                 invalid-name's renames are made only when named here.
                 Rules with fixes: %s
  --target NAME  also run a provider's rules and make their fixes: %s
  --ignore CODE  do not run the rule CODE
  -h, --help     show this help

Examples:
  toolbench fix tools.json                          # the diff
  toolbench fix -w tools.json                       # fix in place
  toolbench fix -w --target openai-strict tools.json
  toolbench fix -w --code invalid-name tools.json   # rename tools

Exit status: 0 nothing to fix, or written; 1 there are fixes (without -w or
-o); 2 usage error or a file that cannot be read, parsed or written.
`, strings.Join(fixableCodes(), ", "), strings.Join(lint.TargetNames(), ", "))
}
