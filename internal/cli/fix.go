package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"toolbench/core/catalog"
	"toolbench/core/fix"
	"toolbench/core/lint"
	"toolbench/core/termtext"
	"toolbench/internal/atomicfile"
	"toolbench/internal/source"
)

// fixOptions are a parsed fix command line.
type fixOptions struct {
	write bool   // -w: write the file in place
	out   string // -o: write the fixed text there; "-" is standard output
	rules ruleOptions
	codes []string // --code: make only the fixes of these rules
	file  string   // "-" is standard input
}

// fixFlags are the flags of toolbench fix.
type fixFlags struct {
	write  bool
	out    string
	codes  listFlag
	rules  ruleFlags
	server serverFlags
}

// command returns toolbench fix, its flags read into f.
func (f *fixFlags) command(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "fix FILE",
		Short: "make lint's fixes, as a diff or in place",
		Long: prose(`
Make the fixes the linter suggests, changing only the bytes each needs, in
the file's own indentation and newlines. Without -w or -o, print them as a
unified diff and change nothing: exit 1 when there is something to fix.
The diff is escaped on a terminal and byte for byte in a file or a pipe,
so that patch -p0 and git apply -p0 take it.
Fixes that overlap are made one after the other, so fixing a fixed file
changes nothing. A file is never written unless its fixed text parses.
FILE may be - (standard input) or REV:PATH, with -o or as a diff.

The configuration (toolbench.toml, see --config) sets the targets and
rules of the lint whose fixes are made; the issues its [[ignore]] entries
accept are left as they are.

` + targetsHelp() + `

Exit status: 0 nothing to fix, or written; 1 there are fixes (without -w or
-o); 2 usage error, a configuration with a mistake, or a file that cannot
be read, parsed or written.`),
		Example: `toolbench fix tools.json
toolbench fix -w tools.json
toolbench fix -w --target openai-strict tools.json
toolbench fix -w --code invalid-name tools.json`,
		RunE: runs(f.options, func(opts *fixOptions) error { return runFix(e, opts) }),
	}
	fs := cmd.Flags()
	fs.BoolVarP(&f.write, "write", "w", false, "write the fixed file in place")
	document(fs, "write", "write the fixed file in place (atomically, keeping its mode)")
	fs.StringVarP(&f.out, "output", "o", "", "write the fixed text to FILE (- for standard output)")
	fs.Var(&f.codes, "code", "make only the fixes of these rules")
	document(fs, "code", "make only the fixes of these rules, repeated or comma-separated (renames, invalid-name's and mcp/invalid-name's, are made only when named here): "+strings.Join(fixableCodes(), ", "))
	cmd.RegisterFlagCompletionFunc("code", completeWords(func() [][2]string {
		var out [][2]string
		for _, r := range lint.Rules() {
			if r.Fix != catalog.FixNone {
				out = append(out, [2]string{r.Code, r.Summary})
			}
		}
		return out
	}))
	f.rules.register(cmd, "also run these providers' rules and fixes", "do not run these codes or target/ prefixes")
	f.server.register(cmd, e)
	return cmd
}

// options reads `fix [flags] FILE`.
func (f *fixFlags) options(fs *pflag.FlagSet, files []string) (*fixOptions, error) {
	cfg := &fixOptions{write: f.write, out: f.out}
	server, err := f.server.resolve(fs)
	switch {
	case err != nil:
		return nil, err
	case server != nil:
		return nil, fmt.Errorf("%s: a server has no file to fix; write its tools to one with toolbench dump, then fix that", f.server.given)
	case len(files) != 1:
		return nil, fmt.Errorf("want one FILE, got %d", len(files))
	case cfg.write && cfg.out != "":
		return nil, errors.New("-w and -o both say where to write: use one")
	case cfg.write && files[0] == "-":
		return nil, errors.New("-w cannot write standard input back: use -o FILE")
	}
	cfg.file = files[0]
	if cfg.rules, err = f.rules.options(); err != nil {
		return nil, err
	}
	for _, c := range f.codes {
		r := lint.LookupRule(c)
		switch {
		case r == nil:
			return nil, fmt.Errorf("--code: unknown rule code %q", c)
		case r.Fix == catalog.FixNone:
			return nil, fmt.Errorf("--code: rule %s has no fix (rules with fixes: %s)", c, strings.Join(fixableCodes(), ", "))
		}
	}
	cfg.codes = f.codes
	return cfg, nil
}

// fixableCodes are the codes of the rules that offer fixes.
func fixableCodes() []string {
	var codes []string
	for _, r := range lint.Rules() {
		if r.Fix != catalog.FixNone {
			codes = append(codes, r.Code)
		}
	}
	return codes
}

// runFix makes the fixes of the lint the configuration and the flags
// say, as a diff or in place.
func runFix(e *env, cfg *fixOptions) error {
	if cfg.write && source.IsRevision(e.dir, cfg.file) {
		return fmt.Errorf("-w cannot write a revision back (%s): use -o FILE", cfg.file)
	}
	pol, err := e.policy(cfg.rules)
	if err != nil {
		return err
	}
	// The configuration's targets and rules are the lint's; the issues
	// its [[ignore]] entries accept are left as they are.
	in := source.Input{Path: cfg.file}
	opt := fix.Options{Lint: pol.Options(in), Codes: cfg.codes}
	if c := pol.Config; c != nil {
		name := pol.SourceName(in, c.Dir)
		opt.Keep = func(is *lint.Issue) bool { return c.Accepts(name, is) != nil }
	}
	return exit(fixOf(e, cfg, opt))
}

func fixOf(e *env, cfg *fixOptions, opt fix.Options) int {
	defer e.oneShotGC([]string{cfg.file})()
	src, err := openSource(context.Background(), e, "fix", source.Input{Path: cfg.file})
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench fix: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	doc := src.Doc
	res, err := fix.Apply(doc, opt)
	if err != nil {
		fmt.Fprintf(e.stderr, "toolbench fix: %s: %s; nothing was written\n", termtext.EscapeLine(doc.Name), termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	name := displayName(cfg.file)
	switch {
	case cfg.write:
		if len(res.Fixed) > 0 {
			// Written only over the text that was fixed: a save made
			// meanwhile is kept, and said.
			if err := atomicfile.Replace(e.path(cfg.file), doc.Src, []byte(res.Doc.Src)); err != nil {
				fmt.Fprintf(e.stderr, "toolbench fix: %s\n", termtext.EscapeLine(asGiven(cfg.file, err).Error()))
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
	if err := writeFixDiff(e, name, fix.Hunks(doc.Src, res.Edits)); err != nil {
		fmt.Fprintf(e.stderr, "toolbench fix: writing the diff: %s\n", termtext.EscapeLine(err.Error()))
		return exitFailure
	}
	fmt.Fprintln(e.stderr, fixSummary(name, res, "to fix"))
	if len(res.Fixed) > 0 {
		return exitIssues
	}
	return exitOK
}

// writeFixDiff writes the diff of the fixes: escaped for a person at a
// terminal (or in color, for a pager), else with the file's own bytes,
// carriage returns included, so that patch and git apply take it.
func writeFixDiff(e *env, name string, hunks []fix.Hunk) error {
	if color := e.colored(e.stdout); color || e.isTerminal(e.stdout) {
		return fix.WriteDiff(e.stdout, name, hunks, color)
	}
	return fix.WritePatch(e.stdout, name, hunks)
}

// asGiven is err, of writing the file name, naming it as it was given.
func asGiven(name string, err error) error {
	var (
		changed *atomicfile.ChangedError
		refused *atomicfile.RefusedError
		pe      *fs.PathError
	)
	switch {
	case errors.As(err, &changed):
		changed.Path = name
	case errors.As(err, &refused):
		refused.Path = name
	case errors.As(err, &pe):
		pe.Path = name
	}
	return err
}

// writeFixed writes the fixed text to path, "-" being standard output.
func writeFixed(e *env, path, text string) error {
	if path == "-" {
		_, err := io.WriteString(e.stdout, text)
		return err
	}
	return e.writeFile(path, []byte(text))
}

// writeFile writes data to path atomically (see atomicfile), an error
// naming the path as the user gave it.
func (e *env) writeFile(path string, data []byte) error {
	return asGiven(path, atomicfile.Write(e.path(path), data))
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
