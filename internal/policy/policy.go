package policy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"toolbench/core/baseline"
	"toolbench/core/config"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/lock"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/core/termtext"
	"toolbench/internal/auxfile"
	"toolbench/internal/source"
)

// Policy is how a command checks tools: the configuration in force (nil
// for none), the command line's --target and --ignore over it, and the
// baseline whose issues are accepted (nil for none).
type Policy struct {
	Config   *config.Config
	Targets  []string // --target; nil when not given
	Ignore   []string // --ignore
	Baseline *Baseline
	// Dir is the working directory, absolute: relative paths are from
	// it, and messages name files from it.
	Dir string
	// FileLimit bounds the baseline and the lock, as the configuration
	// was bounded when it was read.
	FileLimit auxfile.Limit
}

// Baseline is a baseline read from its file.
type Baseline struct {
	Name string // as the command line or the configuration names it
	Dir  string // its directory, absolute: the sources' names are relative to it
	*baseline.Baseline
}

// Options returns the lint options for in: the configuration's targets
// and rules for it, --target in place of its targets, --ignore beside
// its rules.
func (p *Policy) Options(in source.Input) lint.Options {
	var opt lint.Options
	if p.Config != nil {
		opt = p.Config.Options(p.SourceName(in, p.Config.Dir))
	}
	if p.Targets != nil {
		opt.Targets = slices.Clone(p.Targets)
	}
	opt.Ignore = append(opt.Ignore, p.Ignore...)
	return opt
}

// Accept returns res without the issues the configuration's [[ignore]]
// entries accept for in, and without those m (the baseline's matcher,
// nil for none) accepts.
func (p *Policy) Accept(in source.Input, res *lint.Result, m *baseline.Matcher) *lint.Result {
	if p.Config != nil {
		res, _ = p.Config.Filter(p.SourceName(in, p.Config.Dir), res)
	}
	if m != nil {
		res, _ = m.Filter(p.SourceName(in, p.Baseline.Dir), res)
	}
	return res
}

// TokenBudget is the configuration's token-budget for the tools of all
// servers together; 0 for none.
func (p *Policy) TokenBudget() int {
	if p.Config == nil {
		return 0
	}
	return p.Config.TokenBudget
}

// Match starts matching lint results against the baseline; nil when
// there is none.
func (p *Policy) Match() *baseline.Matcher {
	if p.Baseline == nil {
		return nil
	}
	return p.Baseline.Match()
}

// Fails reports whether issues fail the run: any error, or any warning
// under --strict or the configuration's fail-on = "warning".
func (p *Policy) Fails(issues []lint.Issue, strict bool) bool {
	return slices.ContainsFunc(issues, func(is lint.Issue) bool { return p.Config.FailsOn(is.Severity, strict) })
}

// ReadBaseline reads the baseline named (--baseline FILE), or else the
// configuration's, into p; with neither, p has none.
func (p *Policy) ReadBaseline(named string) error {
	path := named
	if path == "" {
		path = p.FromHere(p.Config.BaselinePath())
	}
	if path == "" {
		return nil
	}
	data, err := p.read(path)
	var tooLarge *auxfile.TooLargeError
	if errors.As(err, &tooLarge) {
		return err
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		what := "--baseline " + path
		if named == "" {
			what = "the baseline " + path + " (" + p.FromHere(p.Config.File) + ")"
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
	p.Baseline = &Baseline{Name: path, Dir: p.AbsDir(path), Baseline: b}
	return nil
}

// read reads the file at path, from the working directory, up to the
// bound; its errors name it by path.
func (p *Policy) read(path string) ([]byte, error) {
	return auxfile.ReadAs(Join(p.Dir, path), path, p.FileLimit)
}

// LockPath is the lock file: the one named (--lock), else the
// configuration's, else toolbench.lock.json here; as a path from the
// working directory.
func (p *Policy) LockPath(named string) string {
	if named != "" {
		return named
	}
	return p.FromHere(p.Config.LockPath())
}

// ReadLock reads the lock file at path, from the working directory; a
// lock of no sources when there is none and missing is true.
func (p *Policy) ReadLock(path string, missing bool) (*lock.Lock, error) {
	data, err := p.read(path)
	var tooLarge *auxfile.TooLargeError
	switch {
	case errors.Is(err, os.ErrNotExist) && missing:
		return &lock.Lock{}, nil
	case errors.As(err, &tooLarge):
		return nil, err
	case err != nil:
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lock.Parse(path, data)
}

// Team is what the workbench, about to open on some sources, takes of a
// team's files: the configuration's name for its status bar, what it
// and its baseline accept, and how the lock holds each source it pins.
type Team struct {
	ConfigFile string // the configuration as a path from the working directory; "" for none
	// Accept returns a source's lint without the issues the
	// configuration and the baseline accept; nil when neither accepts
	// any.
	Accept func(*lint.Result) *lint.Result
	// Verify holds a document to the lock; nil when the lock pins none
	// of the sources.
	Verify func(*jsondoc.Document) (*lock.Drift, error)
}

// Team reads the baseline and the lock in force (the configuration's,
// else toolbench.lock.json) for the sources ins, whose documents are
// named as source.Input.DocName says.
func (p *Policy) Team(ins []source.Input) (*Team, error) {
	t := &Team{}
	if err := p.ReadBaseline(""); err != nil {
		return nil, err
	}
	byDoc := map[string]source.Input{}
	for _, in := range ins {
		byDoc[in.DocName()] = in
	}
	if p.Config != nil {
		t.ConfigFile = p.FromHere(p.Config.File)
	}
	if p.Config != nil || p.Baseline != nil {
		t.Accept = func(res *lint.Result) *lint.Result {
			return p.Accept(byDoc[res.Doc.Name], res, p.Match())
		}
	}
	path := p.LockPath("")
	l, err := p.ReadLock(path, true)
	if err != nil {
		return nil, err
	}
	dir := p.AbsDir(path)
	pinned := map[string]string{} // the lock's name of each source it pins, by its document's
	for doc, in := range byDoc {
		if name := p.SourceName(in, dir); l.Kind(name) != "" {
			pinned[doc] = name
		}
	}
	if len(pinned) == 0 {
		return t, nil
	}
	t.Verify = func(doc *jsondoc.Document) (*lock.Drift, error) {
		name, ok := pinned[doc.Name]
		if !ok {
			return nil, fmt.Errorf("%s does not pin %s", path, doc.Name)
		}
		return l.Verify(name, doc)
	}
	return t, nil
}

// SourceName is how the configuration, a baseline and the lock name the
// source in, each relative to dir, its own directory: a file by its path
// from dir, with '/'; a server by its name in the servers file (or the
// name toolbench gives one spawned or reached by URL); standard input
// as <stdin>; a file at a revision as REV:PATH was written.
func (p *Policy) SourceName(in source.Input, dir string) string {
	switch {
	case in.Server != nil:
		return in.Server.DisplayName()
	case in.Path == "-":
		return source.StdinName
	case source.IsRevision(p.Dir, in.Path):
		return filepath.ToSlash(in.Path)
	}
	return p.RelPath(in.Path, dir)
}

// RelPath is path, from the working directory, as a path from dir, with
// '/'; path with '/' when it has none.
func (p *Policy) RelPath(path, dir string) string {
	abs, err := filepath.Abs(Join(p.Dir, path))
	if err != nil {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// FromHere is path as a path from the working directory, as messages
// name a file; path itself when it is one already, or has none.
func (p *Policy) FromHere(path string) string {
	if p.Dir == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(p.Dir, path)
	if err != nil {
		return path
	}
	return rel
}

// AbsDir is the absolute directory of the file at path, from the working
// directory.
func (p *Policy) AbsDir(path string) string {
	abs, err := filepath.Abs(Join(p.Dir, path))
	if err != nil {
		return filepath.Dir(path)
	}
	return filepath.Dir(abs)
}

// Join is path from dir: path itself when it is absolute, or when dir is
// "" (the process's working directory).
func Join(dir, path string) string {
	if path == "" || dir == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}
