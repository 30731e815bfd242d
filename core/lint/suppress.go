package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"toolbench/core/catalog"
)

// What a lint reports is set by rule code or by a target's prefix: the
// code printed with an issue is the one that silences it, and "openai/"
// addresses every rule of the openai target. Options.Ignore turns codes
// off; Options.Levels, as a configuration's [rules] table, turns them
// off or reports them at another severity.

// Level is what a setting makes of a rule's issues: not reported, or
// reported at a severity other than the rule's own.
type Level uint8

// The levels; the zero Level leaves a rule as it is.
const (
	Default   Level = iota // the rule's own severity
	Off                    // not reported
	AsWarning              // reported as a warning
	AsError                // reported as an error
)

// String is the level as a configuration writes it: "off", "warning",
// "error", or "default".
func (l Level) String() string {
	switch l {
	case Off:
		return "off"
	case AsWarning:
		return "warning"
	case AsError:
		return "error"
	}
	return "default"
}

// LevelNames are the levels a configuration may write, in order.
func LevelNames() []string { return []string{"off", "warning", "error"} }

// ParseLevel reads "off", "warning" or "error".
func ParseLevel(s string) (Level, error) {
	switch s {
	case "off":
		return Off, nil
	case "warning":
		return AsWarning, nil
	case "error":
		return AsError, nil
	}
	return Default, fmt.Errorf("unknown level %q (known: off, warning, error)", s)
}

// MarshalText writes the level as String does.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads the level as ParseLevel does.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// TargetPrefix is the prefix of the codes of a target's rules, which
// addresses them all: "openai/" for the openai target.
func TargetPrefix(target string) string { return target + "/" }

// IsSelector reports whether s names rules of the table: a rule's code,
// a target's prefix ("openai/"), or the security rules' (SecurityPrefix).
func IsSelector(s string) bool {
	if s == SecurityPrefix {
		return true
	}
	if name, ok := strings.CutSuffix(s, "/"); ok {
		return LookupTarget(name) != nil
	}
	return LookupRule(s) != nil
}

// LevelOf returns the level opt sets for the issues of code: that of
// the code itself, else that of its prefix (the part up to and with its
// last '/'), Default when neither is set. At each of the two, Ignore
// wins over Levels. The code need not be a lint rule's: the checks of
// several servers together are set the same way.
func (opt *Options) LevelOf(code string) Level {
	if l := opt.levelAt(code); l != Default {
		return l
	}
	if i := strings.LastIndexByte(code, '/'); i >= 0 {
		return opt.levelAt(code[:i+1])
	}
	return Default
}

func (opt *Options) levelAt(key string) Level {
	for _, c := range opt.Ignore {
		if c == key {
			return Off
		}
	}
	return opt.Levels[key]
}

// Apply returns the severity an issue of code and severity sev is
// reported at under opt, and false when it is not reported.
func (opt *Options) Apply(code string, sev catalog.Severity) (catalog.Severity, bool) {
	return applyLevel(opt.LevelOf(code), sev)
}

func applyLevel(l Level, sev catalog.Severity) (catalog.Severity, bool) {
	switch l {
	case Off:
		return sev, false
	case AsWarning:
		return catalog.Warning, true
	case AsError:
		return catalog.Error, true
	}
	return sev, true
}

// Clone returns a copy of opt that shares no list or map with it, for
// a caller that keeps options another goroutine may change.
func (opt Options) Clone() Options {
	opt.Targets = slices.Clone(opt.Targets)
	opt.Ignore = slices.Clone(opt.Ignore)
	opt.Levels = maps.Clone(opt.Levels)
	return opt
}

// ruleLevels resolves the options for every rule of the table, keeping
// the rules they set; nil when they set none.
func (opt *Options) ruleLevels() map[*Rule]Level {
	if len(opt.Ignore) == 0 && len(opt.Levels) == 0 {
		return nil
	}
	levels := map[*Rule]Level{}
	for _, r := range ruleTable {
		if l := opt.LevelOf(r.Code); l != Default {
			levels[r] = l
		}
	}
	return levels
}

// severity is the severity the issues of r are reported at, 0 when r is
// off.
func (l *linter) severity(r *Rule) catalog.Severity {
	sev, on := applyLevel(l.levels[r], r.Severity)
	if !on {
		return 0
	}
	return sev
}

// codeOff reports whether the rule of that code is off. It looks the
// code up among the rules the options set, not in the rule table, which
// the rules' own hooks may not refer to.
func (l *linter) codeOff(code string) bool {
	for r, lv := range l.levels {
		if r.Code == code {
			return lv == Off
		}
	}
	return false
}

// Without returns a copy of r without the issues drop reports true for,
// its counts redone: what a configuration's ignore entries or a baseline
// accept leaves the result this way. r itself is not changed.
func (r *Result) Without(drop func(*Issue) bool) *Result {
	out := *r
	out.Issues, out.Errors, out.Warnings = nil, 0, 0
	for i := range r.Issues {
		is := &r.Issues[i]
		if drop(is) {
			continue
		}
		out.Issues = append(out.Issues, *is)
		if is.Severity == catalog.Error {
			out.Errors++
		} else {
			out.Warnings++
		}
	}
	return &out
}
