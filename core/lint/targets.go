package lint

import (
	"fmt"
	"slices"
	"strings"

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
//			Code: "acme/name-too-long", Severity: Error,
//			Summary: "...", Doc: "...",
//			Tool: func(c *ToolContext) { ... },
//		}},
//	}
type Target struct {
	Name    string
	Summary string // what it adds, in a phrase: the README table's cell
	Doc     string // what the provider requires, and where it says so
	// Implies are the targets turned on with this one: a strict OpenAI
	// tool is an OpenAI tool.
	Implies []*Target
	// OptIn reports whether a tool asks for the target's rules itself,
	// whatever the options say, as OpenAI's "strict": true does; nil when
	// tools cannot. OptInDoc says how, for the documentation.
	OptIn    func(*tooldef.Tool) bool
	OptInDoc string
	Rules    []*Rule
}

// targetTable is every target, in the order help and the workbench list
// them.
var targetTable = []*Target{
	openaiTarget,
	openaiStrictTarget,
	anthropicTarget,
	anthropicStrictTarget,
	geminiTarget,
	mcpTarget,
}

func validateTarget(t *Target) error {
	switch {
	case t.Name == "" || strings.ContainsAny(t.Name, "/, "):
		return fmt.Errorf("lint: target %q needs a name without '/', ',' or spaces", t.Name)
	case t.Summary == "" || t.Doc == "":
		return fmt.Errorf("lint: target %s is not documented", t.Name)
	case t.OptIn != nil && t.OptInDoc == "":
		return fmt.Errorf("lint: target %s does not say how a tool opts in", t.Name)
	}
	return nil
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

// LookupTarget returns the target named name, or nil.
func LookupTarget(name string) *Target {
	for _, t := range targetTable {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// ParseTargets splits repeated and comma-separated --target values,
// rejecting unknown names, and returns the names without repeats.
func ParseTargets(values []string) ([]string, error) {
	var out []string
	for _, v := range values {
		for _, name := range strings.Split(v, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if LookupTarget(name) == nil {
				return nil, fmt.Errorf("unknown target %q (known: %s)", name, strings.Join(TargetNames(), ", "))
			}
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
