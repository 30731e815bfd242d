package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"toolbench/core/baseline"
	"toolbench/core/config"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/lock"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/core/termtext"
	"toolbench/internal/configfile"
	"toolbench/internal/source"
	"toolbench/tui"
)

// The configuration file, toolbench.toml, as the commands that check
// tools read it: lint, fix, compat, watch, lock, verify and the
// workbench. loadConfig is the one place it is found and read; checks
// puts it together with the command line's --target and --ignore and a
// baseline, and team gives the workbench them and the lock. diff, call and dump take nothing from it and do not read it,
// so a file with a mistake in it does not stop them.

// configFlags are --config and --no-config, persistent flags of the root.
type configFlags struct {
	file string // --config FILE
	off  bool   // --no-config
}

// register adds --config and --no-config to the root, for every command.
func (c *configFlags) register(root *cobra.Command) {
	fs := root.PersistentFlags()
	fs.StringVar(&c.file, "config", "", "read the configuration from FILE")
	document(fs, "config", "read the configuration from FILE, in place of the toolbench.toml (or .toolbench.toml) found in this directory or the nearest parent, up to the repository's root; read by lint, fix, compat, watch, lock, verify and the workbench")
	fs.BoolVar(&c.off, "no-config", false, "read no configuration file")
	root.MarkPersistentFlagFilename("config", "toml")
}

// loadConfig returns the configuration in force, nil when there is none.
// Its error is a usage error and says where: a file that cannot be read,
// an unknown key, a value of the wrong type, an unknown target or code.
// A nil env, as tests that only parse flags have, reads none.
func (e *env) loadConfig() (*config.Config, error) {
	if e == nil {
		return nil, nil
	}
	if e.config.file != "" && e.config.off {
		return nil, errors.New("--config and --no-config: give one")
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	return configfile.Load(e.config.file, e.config.off, dir)
}

// checks is how a command checks tools: the configuration in force (nil
// for none), the command line's --target and --ignore over it, and the
// baseline whose issues are accepted (nil for none).
type checks struct {
	cfg     *config.Config
	targets []string // --target; nil when not given
	ignore  []string // --ignore
	base    *baselineFile
}

// baselineFile is a baseline read from its file.
type baselineFile struct {
	name string // as the command line or the configuration names it
	dir  string // its directory, absolute: the sources' names are relative to it
	b    *baseline.Baseline
}

// options returns the lint options for in: the configuration's targets
// and rules for it, --target in place of its targets, --ignore beside
// its rules.
func (c *checks) options(in source.Input) lint.Options {
	var opt lint.Options
	if c.cfg != nil {
		opt = c.cfg.Options(sourceName(in, c.cfg.Dir))
	}
	if c.targets != nil {
		opt.Targets = slices.Clone(c.targets)
	}
	opt.Ignore = append(opt.Ignore, c.ignore...)
	return opt
}

// accept returns res without the issues the configuration's [[ignore]]
// entries accept for in, and without those m (the baseline's matcher,
// nil for none) accepts.
func (c *checks) accept(in source.Input, res *lint.Result, m *baseline.Matcher) *lint.Result {
	if c.cfg != nil {
		res, _ = c.cfg.Filter(sourceName(in, c.cfg.Dir), res)
	}
	if m != nil {
		res, _ = m.Filter(sourceName(in, c.base.dir), res)
	}
	return res
}

// tokenBudget is the configuration's token-budget for the tools of all
// servers together; 0 for none.
func (c *checks) tokenBudget() int {
	if c.cfg == nil {
		return 0
	}
	return c.cfg.TokenBudget
}

// match starts matching lint results against the baseline; nil when
// there is none.
func (c *checks) match() *baseline.Matcher {
	if c.base == nil {
		return nil
	}
	return c.base.b.Match()
}

// fails reports whether issues fail the run: any error, or any warning
// under --strict or the configuration's fail-on = "warning".
func (c *checks) fails(issues []lint.Issue, strict bool) bool {
	return slices.ContainsFunc(issues, func(is lint.Issue) bool { return c.cfg.FailsOn(is.Severity, strict) })
}

// readBaseline reads the baseline named (--baseline FILE), or else the
// configuration's, into c; with neither, c has none.
func (c *checks) readBaseline(named string) error {
	path := named
	if path == "" {
		path = fromHere(c.cfg.BaselinePath())
	}
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		what := "--baseline " + path
		if named == "" {
			what = "the baseline " + path + " (" + fromHere(c.cfg.File) + ")"
		}
		return fmt.Errorf("%s: %w; write it with toolbench lint --write-baseline FILE", what, err)
	}
	b, err := baseline.Parse(path, data)
	if err != nil {
		return err
	}
	// An entry under a code no rule has accepts nothing: a mistyped
	// code in a hand-edited baseline says so now, not as a stale entry.
	for _, e := range b.Entries {
		if lint.LookupRule(e.Code) == nil && servers.LookupRule(e.Code) == nil && registry.LookupRule(e.Code) == nil {
			msg := fmt.Sprintf("%s: the entry of %s %s %s names no rule: unknown rule code %s", path,
				termtext.Quote(e.Source), termtext.Quote(e.Tool), termtext.EscapeLine(e.Path), termtext.Quote(e.Code))
			if near := lint.SimilarRuleCodes(e.Code); len(near) > 0 {
				msg += "; did you mean " + strings.Join(near, ", ") + "?"
			}
			return errors.New(msg)
		}
	}
	c.base = &baselineFile{name: path, dir: absDir(path), b: b}
	return nil
}

// sourceName is how the configuration, a baseline and the lock name the
// source in, each relative to dir, its own directory: a file by its path
// from dir, with '/'; a server by its name in the servers file (or the
// name toolbench gives one spawned or reached by URL); standard input
// as <stdin>; a file at a revision as REV:PATH was written.
func sourceName(in source.Input, dir string) string {
	switch {
	case in.Server != nil:
		return in.Server.DisplayName()
	case in.Path == "-":
		return source.StdinName
	case source.IsRevision(in.Path):
		return filepath.ToSlash(in.Path)
	}
	return relPath(in.Path, dir)
}

// relPath is path from dir, with '/'; path with '/' when it has none.
func relPath(path, dir string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// fromHere is path as a path from the working directory, as messages
// name a file; path itself when it is one already, or has none.
func fromHere(path string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil {
		return path
	}
	return rel
}

// absDir is the absolute directory of the file at path.
func absDir(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Dir(path)
	}
	return filepath.Dir(abs)
}

// team gives the workbench, about to open on ins, the team's files in
// force: the configuration's name for its status bar, what it and its
// baseline accept, and the lock (the configuration's, else
// toolbench.lock.json) to hold each source it pins to.
func (c *checks) team(cfg *tui.Config, ins []source.Input) error {
	if err := c.readBaseline(""); err != nil {
		return err
	}
	// A load names its source as its document does.
	byDoc := map[string]source.Input{}
	for _, in := range ins {
		byDoc[docName(in)] = in
	}
	if c.cfg != nil {
		cfg.ConfigFile = fromHere(c.cfg.File)
	}
	if c.cfg != nil || c.base != nil {
		cfg.Accept = func(res *lint.Result) *lint.Result {
			return c.accept(byDoc[res.Doc.Name], res, c.match())
		}
	}
	path := fromHere(c.cfg.LockPath()) // as lockFile finds it, from the configuration read once
	l, err := readLock(path, true)
	if err != nil {
		return err
	}
	dir := absDir(path)
	pinned := map[string]string{} // the lock's name of each source it pins, by its document's
	for doc, in := range byDoc {
		if name := sourceName(in, dir); l.Kind(name) != "" {
			pinned[doc] = name
		}
	}
	if len(pinned) == 0 {
		return nil
	}
	cfg.Verify = func(doc *jsondoc.Document) (*lock.Drift, error) {
		name, ok := pinned[doc.Name]
		if !ok {
			return nil, fmt.Errorf("%s does not pin %s", path, doc.Name)
		}
		return l.Verify(name, doc)
	}
	return nil
}

// docName is the name of the document a source's tools are read into:
// a file's path as given, a server's name.
func docName(in source.Input) string {
	if in.Server != nil {
		return in.Server.DisplayName()
	}
	return displayName(in.Path)
}
