// Package config reads toolbench.toml, the file a team records its
// choices in: the targets, rules set off or to another severity by code
// or by a target's prefix, the issues it accepts and why, settings for
// some files, the severity that fails a run, the baseline and lock files,
// and the token budget of all servers together. The file is TOML, read
// by go-toml, and checked against a table of its keys (table.go): an
// unknown key, a value of the wrong type, an unknown target or rule code
// is an error naming the file, line and column, with the near name. The
// JSON Schema editors read is generated from the same table (Schema).
//
// Finding the file is the caller's (internal/policy walks up from
// the working directory); Load reads the one file it is given.
//
// It imports lint, servers and termtext.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/core/termtext"
)

// Names are the names the file may have, in the order a directory is
// searched for them.
var Names = []string{"toolbench.toml", ".toolbench.toml"}

// DefaultLock is the lock file's name when the file names none.
const DefaultLock = "toolbench.lock.json"

// Config is a configuration file, read and checked. A nil *Config is no
// configuration: its methods give what the command line alone gives.
type Config struct {
	File string // the path it was read from
	Dir  string // its directory: the paths in it are relative to this

	Targets     []string         // nil when the file names none
	FailOn      catalog.Severity // the least severity that fails a run: catalog.Error unless the file says "warning"
	Baseline    string           // as written, "" when not set; see BaselinePath
	Lock        string           // as written, "" when not set; see LockPath
	TokenBudget int              // 0 when not set
	Rules       map[string]lint.Level
	Ignore      []Ignore
	Overrides   []Override
	Proxy       Proxy
}

// Proxy is the [proxy] table: the policy toolbench proxy applies to each
// check that can keep a message from its peer, "enforce" or "audit", ""
// when the file sets none (enforce).
type Proxy struct {
	Calls, Drift, Headers string
}

// Ignore is an [[ignore]] entry: the issues it accepts are those of the
// tools, files and codes it names (all of them, for what it leaves out).
type Ignore struct {
	Tools  []string // globs of tool names
	Paths  []string // globs of file paths, relative to the file's directory
	Codes  []string // codes, or targets' prefixes
	Reason string
	Line   int // where the entry starts in the file
}

// Override is an [[overrides]] entry: targets and rules for the files
// its paths match.
type Override struct {
	Paths   []string
	Targets []string // nil to keep the file's
	Rules   map[string]lint.Level
	Line    int
}

// Load reads and checks the configuration file at path. Its errors
// name the file, line and column.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse checks data, the text of the configuration file at path.
func Parse(path string, data []byte) (*Config, error) {
	raw, ix, err := decode(path, data)
	if err != nil {
		return nil, err
	}
	c := &Config{File: path, Dir: filepath.Dir(path), FailOn: catalog.Error, Baseline: raw.Baseline, Lock: raw.Lock,
		TokenBudget: int(raw.TokenBudget), Rules: levels(raw.Rules),
		Proxy: Proxy{Calls: raw.Proxy.Calls, Drift: raw.Proxy.Drift, Headers: raw.Proxy.Headers}}
	if raw.FailOn == "warning" {
		c.FailOn = catalog.Warning
	}
	c.Targets, _ = lint.ParseTargets(raw.Targets) // checked against the table already
	for i, e := range raw.Ignore {
		line, _ := ix.position(ix.keyAt([]string{"ignore", fmt.Sprint(i)}))
		c.Ignore = append(c.Ignore, Ignore{Tools: e.Tools, Paths: e.Paths, Codes: e.Codes, Reason: e.Reason, Line: line})
	}
	for i, o := range raw.Overrides {
		line, _ := ix.position(ix.keyAt([]string{"overrides", fmt.Sprint(i)}))
		targets, _ := lint.ParseTargets(o.Targets)
		c.Overrides = append(c.Overrides, Override{Paths: o.Paths, Targets: targets, Rules: levels(o.Rules), Line: line})
	}
	return c, nil
}

func levels(m map[string]string) map[string]lint.Level {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]lint.Level, len(m))
	for k, v := range m {
		out[k], _ = lint.ParseLevel(v) // checked against the table already
	}
	return out
}

// CheckSelector returns nil when s addresses rules (a lint rule's code,
// a check of several servers, or the prefix of a target's or the
// servers' codes), else an error that suggests the near name: what
// --ignore and the file accept.
func CheckSelector(s string) error {
	if lint.IsSelector(s) || servers.LookupRule(s) != nil || s == servers.Prefix || registry.LookupRule(s) != nil || s == registry.Prefix {
		return nil
	}
	what := "unknown rule code " + termtext.Quote(s)
	if strings.HasSuffix(s, "/") {
		what = "unknown target prefix " + termtext.Quote(s)
	}
	return fmt.Errorf("%s%s", what, didYouMean(s, Selectors()))
}

// didYouMean is "; did you mean 'x'?" for the candidate nearest s, when
// one is near enough to be a slip, else "".
func didYouMean(s string, candidates []string) string {
	if near := nearest(s, candidates); near != "" {
		return "; did you mean " + termtext.Quote(near) + "?"
	}
	return ""
}

// nearest is the candidate s is most likely a slip for: within a few
// edits of it (more for a longer name), or one it begins (warn for
// warning), or the same rule under a target (invalid-name for
// gemini/invalid-name); "" when none is.
func nearest(s string, candidates []string) string {
	best, bestD := "", -1
	for _, c := range candidates {
		d := termtext.EditDistance(s, c)
		near := d <= max(2, len(s)/4) || len(s) >= 3 && strings.HasPrefix(c, s) || strings.HasSuffix(c, "/"+s)
		if near && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// Options returns the lint options for file (a path relative to the
// file's directory, with '/', or a server's name): the file's targets
// and rules, with those of each override whose paths match it over them,
// in the file's order. The command line's --target replaces Targets and
// its --ignore adds to Ignore.
func (c *Config) Options(file string) lint.Options {
	if c == nil {
		return lint.Options{}
	}
	opt := lint.Options{Targets: slices.Clone(c.Targets)}
	merged := map[string]lint.Level{}
	for k, v := range c.Rules {
		merged[k] = v
	}
	for _, o := range c.Overrides {
		if !anyPathMatches(o.Paths, file) {
			continue
		}
		if o.Targets != nil {
			opt.Targets = slices.Clone(o.Targets)
		}
		for k, v := range o.Rules {
			merged[k] = v
		}
	}
	if len(merged) > 0 {
		opt.Levels = merged
	}
	return opt
}

// Accepts returns the [[ignore]] entry that accepts issue is of file (as
// Options takes it), nil when none does. An entry accepts an issue of a
// tool its tools match, in a file its paths match, under a code its codes
// name (by code or prefix); or a shared issue whose every provider's
// rule its codes name.
func (c *Config) Accepts(file string, is *lint.Issue) *Ignore {
	if c == nil {
		return nil
	}
	for i := range c.Ignore {
		e := &c.Ignore[i]
		if len(e.Tools) > 0 && !anyNameMatches(e.Tools, is.Tool) || len(e.Paths) > 0 && !anyPathMatches(e.Paths, file) {
			continue
		}
		if len(e.Codes) == 0 || codesName(e.Codes, is) {
			return e
		}
	}
	return nil
}

// codesName reports whether codes name the issue's code, or every code
// of the rules that found it.
func codesName(codes []string, is *lint.Issue) bool {
	if selects(codes, is.Code) {
		return true
	}
	if is.FoundBy == nil || len(*is.FoundBy) == 0 {
		return false
	}
	for _, code := range *is.FoundBy {
		if !selects(codes, code) {
			return false
		}
	}
	return true
}

func selects(selectors []string, code string) bool {
	for _, s := range selectors {
		if s == code || strings.HasSuffix(s, "/") && strings.HasPrefix(code, s) {
			return true
		}
	}
	return false
}

// Filter returns res without the issues the [[ignore]] entries accept
// for file, and how many they accepted.
func (c *Config) Filter(file string, res *lint.Result) (*lint.Result, int) {
	if c == nil || len(c.Ignore) == 0 {
		return res, 0
	}
	n := 0
	out := res.Without(func(is *lint.Issue) bool {
		if c.Accepts(file, is) != nil {
			n++
			return true
		}
		return false
	})
	return out, n
}

// Rel is path (absolute, or relative to where the file's Dir is) as
// Options and Accepts take it: relative to the file's directory, with
// '/'. A path it cannot make relative comes back with '/' alone.
func (c *Config) Rel(path string) string {
	if c == nil {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(c.Dir, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// BaselinePath is the baseline file the configuration names, joined to
// its directory; "" when it names none.
func (c *Config) BaselinePath() string {
	if c == nil || c.Baseline == "" {
		return ""
	}
	return c.fromDir(c.Baseline)
}

// fromDir is path as the file names it: relative to its directory, or
// absolute as it stands.
func (c *Config) fromDir(path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(c.Dir, path)
}

// LockPath is the lock file: the one the configuration names, joined to
// its directory, else DefaultLock in its directory, or in the working
// directory when there is no configuration.
func (c *Config) LockPath() string {
	switch {
	case c == nil:
		return DefaultLock
	case c.Lock == "":
		return filepath.Join(c.Dir, DefaultLock)
	}
	return c.fromDir(c.Lock)
}

// FailsOn reports whether an issue of severity sev fails a run, by the
// file's fail-on; strict (--strict) makes warnings fail too.
func (c *Config) FailsOn(sev catalog.Severity, strict bool) bool {
	return sev == catalog.Error || c.Strict(strict)
}

// Strict reports whether a run is strict: strict (--strict) is set, or
// the file's fail-on is "warning", which means the same. A strict run
// fails on a warning and on a stale baseline entry.
func (c *Config) Strict(strict bool) bool {
	return strict || c != nil && c.FailOn == catalog.Warning
}
