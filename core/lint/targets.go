package lint

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"toolbench/core/tooldef"
)

// Target is a provider's rules for tool definitions, declared as data:
// `--target NAME` turns them on. The target table drives the linter, the
// usage text of the commands, `toolbench rules`, `toolbench explain`, the
// workbench's target cycle and README's target table.
//
// A new target is one file that declares its Target and its rules, and
// one entry in targetTable:
//
//	var acmeTarget = &Target{
//		Name:    "acme",
//		Summary: "tool names of at most 32 characters",
//		Doc:     "Acme's API ... Source: docs.acme.example/tools.",
//		Rules: []*Rule{{
//			Entry: catalog.Entry{
//				Code: "acme/name-too-long", Severity: catalog.Error,
//				Summary: "...", Doc: "...",
//			},
//			Tool: func(c *ToolContext) { ... },
//		}},
//	}
//
// A provider that dates the revisions of its specification, as MCP does,
// has a target for each revision toolbench knows: the one named without a
// date (mcp) follows the newest, and each older one is named
// PROVIDER@REVISION (mcp@2025-11-25) and keeps that revision's rules. A
// rule the revisions share is in the Rules of each; the newest revision
// is also reached as PROVIDER@REVISION (mcp@2026-07-28).
type Target struct {
	Name string
	// Revision is the dated revision of the provider's specification the
	// target follows ("2026-07-28"), "" for a provider without them.
	Revision string
	Summary  string // what it adds, in a phrase: the README table's cell
	Doc      string // what the provider requires, and where it says so
	// Implies are the targets turned on with this one: a strict OpenAI
	// tool is an OpenAI tool.
	Implies []*Target
	// OptIn reports whether a tool asks for the target's rules itself,
	// whatever the options say, as OpenAI's "strict": true does; nil when
	// tools cannot. OptInDoc says how, for the documentation.
	OptIn    func(*tooldef.Tool) bool
	OptInDoc string
	Rules    []*Rule
	// EmptyRootDeclaresNone says that the target's specification writes
	// the schema of a tool without parameters as a root with empty
	// "properties", as MCP's 2026-07-28 example tool list_users does:
	// while the target is on, empty-properties leaves such a root alone.
	EmptyRootDeclaresNone bool
}

// targetTable is every target, in the order help and the workbench list
// them; a provider's revisions follow each other, newest first.
var targetTable = withRevisionDocs([]*Target{
	openaiTarget,
	openaiStrictTarget,
	anthropicTarget,
	anthropicStrictTarget,
	geminiTarget,
	mcpTarget,
	mcp20251125Target,
})

func validateTarget(t *Target) error {
	provider, rev, dated := strings.Cut(t.Name, "@")
	switch {
	case provider == "" || strings.ContainsAny(t.Name, "/, "):
		return fmt.Errorf("lint: target %q needs a name without '/', ',' or spaces", t.Name)
	case dated && (rev != t.Revision || !isRevision(rev)):
		return fmt.Errorf("lint: target %s must be named PROVIDER@REVISION after its revision %q", t.Name, t.Revision)
	case t.Revision != "" && !isRevision(t.Revision):
		return fmt.Errorf("lint: target %s has a revision %q that is no date YYYY-MM-DD", t.Name, t.Revision)
	case t.Summary == "" || t.Doc == "":
		return fmt.Errorf("lint: target %s is not documented", t.Name)
	case t.OptIn != nil && t.OptInDoc == "":
		return fmt.Errorf("lint: target %s does not say how a tool opts in", t.Name)
	}
	return nil
}

// provider is the name of the provider whose rules t holds: its name up
// to an '@'. A target's rules are named PROVIDER/...
func (t *Target) provider() string { return providerOf(t.Name) }

func providerOf(target string) string {
	p, _, _ := strings.Cut(target, "@")
	return p
}

// isRevision reports whether s is a date as specifications date their
// revisions, YYYY-MM-DD.
func isRevision(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil && len(s) == len(time.DateOnly)
}

// revisionsOf returns the targets of the provider's dated revisions,
// newest first, as the table lists them.
func revisionsOf(targets []*Target, provider string) []*Target {
	var out []*Target
	for _, t := range targets {
		if t.Revision != "" && t.provider() == provider {
			out = append(out, t)
		}
	}
	return out
}

// withRevisionDocs adds to the Doc of each target of a provider with
// several revisions the paragraph that lists them, so that explaining
// one names the others. It returns targets.
func withRevisionDocs(targets []*Target) []*Target {
	for _, t := range targets {
		revs := revisionsOf(targets, t.provider())
		if len(revs) < 2 {
			continue
		}
		var b strings.Builder
		b.WriteString("Revisions toolbench has the rules of:")
		for i, r := range revs {
			b.WriteString("\n  " + r.Revision + "  --target " + r.Name)
			if i == 0 {
				b.WriteString(" (or " + r.Name + "@" + r.Revision + "), the newest")
			}
			if r == t {
				b.WriteString(" (this target)")
			}
		}
		para := b.String() + "\n\n"
		if i := strings.Index(t.Doc, "\nSource: "); i >= 0 {
			t.Doc = t.Doc[:i+1] + para + t.Doc[i+1:]
		} else {
			t.Doc += "\n\n" + strings.TrimSuffix(para, "\n\n")
		}
	}
	return targets
}

// Targets returns every target, in table order.
func Targets() []*Target { return append([]*Target(nil), targetTable...) }

// TargetNames are the names of the targets, in table order.
func TargetNames() []string {
	names := make([]string, len(targetTable))
	for i, t := range targetTable {
		names[i] = t.Name
	}
	return names
}

// LookupTarget returns the target named name, or nil. The newest
// revision of a provider's rules answers to PROVIDER@REVISION as well as
// to its name: "mcp@2026-07-28" is "mcp".
func LookupTarget(name string) *Target {
	for _, t := range targetTable {
		if t.Name == name {
			return t
		}
	}
	provider, rev, dated := strings.Cut(name, "@")
	if !dated {
		return nil
	}
	for _, t := range targetTable {
		if t.Name == provider && t.Revision == rev {
			return t
		}
	}
	return nil
}

// MCPTargetFor returns the target of the MCP specification's revision
// for the protocol version a server negotiated ("2025-11-25"): the target
// of that revision when toolbench has its rules, else of the newest
// revision it has that is older than version, since a revision keeps
// most of the rules of the one before. A version older than every
// revision toolbench has gets the oldest; a version that is not a date
// (YYYY-MM-DD), the newest. Its Name is what Options.Targets takes.
func MCPTargetFor(version string) *Target {
	return targetForRevision(revisionsOf(targetTable, mcpTarget.provider()), version)
}

// targetForRevision picks, of revs (newest first), the target for
// version, as MCPTargetFor says.
func targetForRevision(revs []*Target, version string) *Target {
	if !isRevision(version) {
		return revs[0]
	}
	for _, t := range revs {
		if t.Revision <= version { // dates YYYY-MM-DD order as strings do
			return t
		}
	}
	return revs[len(revs)-1]
}

// ParseTargets splits repeated and comma-separated --target values,
// rejecting unknown names, and returns the targets' names without
// repeats ("mcp@2026-07-28" is given as "mcp").
func ParseTargets(values []string) ([]string, error) {
	var out []string
	for _, v := range values {
		for _, name := range strings.Split(v, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			t := LookupTarget(name)
			if t == nil {
				return nil, fmt.Errorf("unknown target %q (known: %s)", name, strings.Join(TargetNames(), ", "))
			}
			name = t.Name
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out, nil
}

// targetsNamed returns the targets of names; unknown names are skipped
// (ParseTargets rejects them first).
func targetsNamed(names []string) []*Target {
	var out []*Target
	for _, n := range names {
		if t := LookupTarget(n); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// withImplied is the set of targets with every target they imply.
func withImplied(targets []*Target) map[*Target]bool {
	set := map[*Target]bool{}
	var add func(t *Target)
	add = func(t *Target) {
		if set[t] {
			return
		}
		set[t] = true
		for _, i := range t.Implies {
			add(i)
		}
	}
	for _, t := range targets {
		add(t)
	}
	return set
}

// targetOn reports whether a target on for the schema's tool is one that
// is.
func (c *SchemaContext) targetOn(is func(*Target) bool) bool {
	for t := range c.w.tc.hooks.targets {
		if is(t) {
			return true
		}
	}
	return false
}
