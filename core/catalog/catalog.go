package catalog

import (
	"fmt"
	"slices"
	"strings"

	"toolbench/core/termtext"
)

// Kind is the family that declares a code, which says where the code
// applies and how an explanation words it.
type Kind uint8

// The families, in the order of a Catalog.
const (
	KindRule     Kind = iota + 1 // a lint rule
	KindServers                  // a check of several servers' tools together
	KindManifest                 // a check of a server's server.json, its manifest for the MCP registry
	KindTarget                   // a provider target: no code, but a name explain takes
	KindChange                   // a change diff and verify report
	KindCall                     // a code of the call check
	KindRun                      // what a call sent to a server came to
	KindTraffic                  // what toolbench proxy finds in the traffic
)

// Code is a name the catalog knows: a code, with the entry its family
// declares and where it applies, or a target's name.
type Code struct {
	Entry
	Kind Kind
	// Targets are the names of the targets a lint rule is one of the
	// rules of, in table order, the newest first; none for a rule every
	// lint runs.
	Targets []string
	// Implies, OptIn and Rules are a target's: the targets it turns on
	// too, how a tool opts into it whatever the targets ("" when it
	// cannot), and its rules. A target's Summary says what it adds.
	Implies []string
	OptIn   string
	Rules   []Code
}

// Catalog is every code and target name, in the order of their families
// and, within one, of its table.
type Catalog struct {
	codes []Code
	index map[string]int
}

// New makes a catalog of codes. It fails on a code without a kind, an
// entry Validate refuses, and a name two codes have.
func New(codes []Code) (*Catalog, error) {
	c := &Catalog{codes: slices.Clone(codes), index: make(map[string]int, len(codes))}
	for i := range c.codes {
		code := &c.codes[i]
		if code.Kind < KindRule || code.Kind > KindTraffic {
			return nil, fmt.Errorf("catalog: %s has no kind", code.Code)
		}
		if code.Kind != KindTarget {
			if err := code.Validate(); err != nil {
				return nil, fmt.Errorf("catalog: %w", err)
			}
		}
		if _, dup := c.index[code.Code]; dup {
			return nil, fmt.Errorf("catalog: two codes are named %s", code.Code)
		}
		c.index[code.Code] = i
	}
	return c, nil
}

// Lookup returns the code or target named name, or nil.
func (c *Catalog) Lookup(name string) *Code {
	i, ok := c.index[name]
	if !ok {
		return nil
	}
	return &c.codes[i]
}

// Codes returns the codes of the kinds given, every code and target
// when none is, in the catalog's order.
func (c *Catalog) Codes(kinds ...Kind) []Code {
	var out []Code
	for _, code := range c.codes {
		if len(kinds) == 0 || slices.Contains(kinds, code.Kind) {
			out = append(out, code)
		}
	}
	return out
}

// Similar returns up to three names of the catalog that name may be a
// mistyping of (see Similar).
func (c *Catalog) Similar(name string) []string {
	names := make([]string, len(c.codes))
	for i, code := range c.codes {
		names[i] = code.Code
	}
	return Similar(name, names)
}

// Similar returns up to three of names that look like a mistyping of
// name, nearest first and, as near, in the order of names: those within
// a few edits of it, and the same code under another target's prefix
// ("invalid-name" for "gemini/invalid-name").
func Similar(name string, names []string) []string {
	type candidate struct {
		name string
		dist int
	}
	var cands []candidate
	base := name[strings.LastIndexByte(name, '/')+1:]
	for _, n := range names {
		d := termtext.EditDistance(name, n)
		if n[strings.LastIndexByte(n, '/')+1:] == base {
			d = min(d, 1)
		}
		if d <= max(2, len(name)/4) {
			cands = append(cands, candidate{n, d})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return a.dist - b.dist })
	var out []string
	for i := 0; i < len(cands) && i < 3; i++ {
		out = append(out, cands[i].name)
	}
	return out
}
