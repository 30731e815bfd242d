// Package servers checks the tools of several MCP servers together, as
// a client that connects them all sends them to a model: a tool name two
// servers list, more tools than a provider accepts in one request, what
// all their definitions cost in tokens against a budget, and a tool that
// names another server's tool or whose name only looks like one. Each
// server is linted on its own first (lint); what is found here is what
// no single server shows. The findings are lint issues under codes of
// their own (servers/..., and security/... for the security checks), set
// and silenced as lint's are.
//
// It imports catalog, lint, cost, tooldef, jsondoc and termtext.
package servers

import (
	"fmt"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/cost"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// Server is one server's tools, linted.
type Server struct {
	Name   string // as the servers file names it
	Result *lint.Result
}

// Options are what the checks hold the servers to.
type Options struct {
	// Lint names the targets whose caps apply (every provider's when it
	// names none) and sets the checks' codes off or to another severity,
	// by code or by Prefix, as it does lint's rules.
	Lint lint.Options
	// TokenBudget is the most tokens all definitions may cost together;
	// 0 checks none, and then tokens are counted only with a Codec:
	// loading o200k_base costs tens of milliseconds, as much as reaching
	// a server.
	TokenBudget int
	// Origin is the file the issues about all servers together are
	// placed in: the servers file.
	Origin string
	// Codec counts tokens; nil for o200k_base, when TokenBudget asks
	// for them.
	Codec cost.Codec
}

// Totals are what one server's tools cost, or all servers'.
type Totals struct {
	Server string // "" for all of them
	Tools  int
	Bytes  int
	Tokens int // 0 when they are not counted (see Options.TokenBudget)
}

// Result is what Check found, and the totals it judged.
type Result struct {
	Issues   []lint.Issue // errors first, then warnings, each in the order of the checks
	Errors   int
	Warnings int
	Servers  []Totals // each server's, in the order given
	Total    Totals   // all servers'
}

// Check checks servers together, in the order given (the servers file's).
// It fails only when the tokenizer cannot be loaded.
func Check(servers []Server, opt Options) (*Result, error) {
	enc := opt.Codec
	switch {
	case enc == nil && opt.TokenBudget <= 0:
		enc = noTokens{}
	case enc == nil:
		o, err := cost.O200k()
		if err != nil {
			return nil, fmt.Errorf("counting tokens: %w", err)
		}
		enc = o
	}
	res := &Result{}
	seed := maphash.MakeSeed()
	for _, s := range servers {
		set := s.Result.Tools
		defs := make([]*jsondoc.Node, len(set.Tools))
		for i := range set.Tools {
			defs[i] = set.Tools[i].Node
		}
		c := cost.Measure(defs, nil, seed, enc)
		t := Totals{Server: s.Name, Tools: len(defs), Bytes: c.TotalBytes, Tokens: c.TotalTokens}
		res.Servers = append(res.Servers, t)
		res.Total.Tools += t.Tools
		res.Total.Bytes += t.Bytes
		res.Total.Tokens += t.Tokens
	}
	c := checker{opt: &opt, res: res}
	c.duplicateNames(servers)
	c.counts(len(servers))
	c.budget(len(servers))
	c.crossReferences(servers)
	c.confusables(servers)
	slices.SortStableFunc(res.Issues, func(a, b lint.Issue) int { return int(a.Severity) - int(b.Severity) })
	for _, is := range res.Issues {
		if is.Severity == catalog.Error {
			res.Errors++
		} else {
			res.Warnings++
		}
	}
	return res, nil
}

// noTokens counts no token, for totals without a budget to hold them
// to: their Tokens are 0.
type noTokens struct{}

func (noTokens) Count(string) (int, error) { return 0, nil }

type checker struct {
	opt *Options
	res *Result
}

// report records an issue of rule r, unless the options turn it off.
func (c *checker) report(r *lint.Rule, is lint.Issue) {
	sev, on := c.opt.Lint.Apply(r.Code, r.Severity)
	if !on {
		return
	}
	is.Severity, is.Code = sev, r.Code
	c.res.Issues = append(c.res.Issues, is)
}

// about places an issue about all servers together: in the servers
// file, without a position.
func (c *checker) about(msg, hint string) lint.Issue {
	return lint.Issue{Path: "$", Message: msg, Hint: hint, File: c.opt.Origin, Offset: -1}
}

// duplicateNames reports each tool name more than one server lists, at
// the name in the second of them. A server that lists a name twice is
// its own lint's duplicate-name.
func (c *checker) duplicateNames(servers []Server) {
	type listing struct {
		servers []string
		at      *lint.Issue
	}
	byName := map[string]*listing{}
	var names []string
	for _, s := range servers {
		set := s.Result.Tools
		for i := range set.Tools {
			t := &set.Tools[i]
			if t.Name == "" {
				continue
			}
			l := byName[t.Name]
			if l == nil {
				l = &listing{}
				byName[t.Name] = l
				names = append(names, t.Name)
			}
			if slices.Contains(l.servers, s.Name) {
				continue
			}
			l.servers = append(l.servers, s.Name)
			if len(l.servers) == 2 {
				doc := s.Result.Doc
				line, col := doc.Position(int(t.NameNode.Start))
				l.at = &lint.Issue{Tool: t.Name, Path: jsondoc.AppendKey(t.DefPath, "name"), File: doc.Name,
					Offset: int(t.NameNode.Start), Line: line, Column: col}
			}
		}
	}
	for _, name := range names {
		l := byName[name]
		if len(l.servers) < 2 {
			continue
		}
		quoted := make([]string, len(l.servers))
		for i, s := range l.servers {
			quoted[i] = termtext.Quote(s)
		}
		is := *l.at
		is.Message = "tool name " + termtext.Quote(name) + " is listed by " + strconv.Itoa(len(l.servers)) + " servers, " + andList(quoted) +
			": a client that does not prefix names cannot tell them apart"
		is.Hint = "Rename the tool in a server you own (a prefix of the server's own), or turn it off in all but one server."
		c.report(duplicateToolName, is)
	}
}

// counts holds the sum of the servers' tools to the caps of the targets
// in force: one issue per rule, naming the providers whose cap it passes.
func (c *checker) counts(nServers int) {
	total := c.res.Total.Tools
	applies := targetsInForce(c.opt.Lint.Targets)
	for _, r := range []*lint.Rule{tooManyTools, manyTools} {
		var passed []limit
		for _, l := range limits {
			if l.rule == r && applies(l.target) && total > l.max {
				passed = append(passed, l)
			}
		}
		if len(passed) == 0 {
			continue
		}
		what := theServers(nServers) + " " + listVerb(nServers) + " " + strconv.Itoa(total) + " tools together"
		var msg string
		if r == tooManyTools {
			var parts []string
			for _, max := range distinctMaxes(passed) {
				var names []string
				for _, l := range passed {
					if l.max == max {
						names = append(names, l.provider)
					}
				}
				parts = append(parts, andList(names)+" "+verb(names, "accepts", "accept")+" at most "+strconv.Itoa(max))
			}
			msg = what + "; " + strings.Join(parts, ", ") + " in one request"
		} else {
			msg = what + "; Anthropic says tool selection degrades past 30 to 50 tools loaded at once"
		}
		c.report(r, c.about(msg, "Turn off the servers, or the tools, a task does not need."))
	}
}

// budget holds what all definitions cost to the configuration's budget.
func (c *checker) budget(nServers int) {
	b := c.opt.TokenBudget
	if b <= 0 || c.res.Total.Tokens <= b {
		return
	}
	msg := fmt.Sprintf("the tool definitions of %s cost %s tokens together (o200k_base), over the budget of %s",
		theServers(nServers), groupDigits(c.res.Total.Tokens), groupDigits(b))
	c.report(tokenBudget, c.about(msg, "Turn off the servers or tools a task does not need, or shorten long descriptions and schemas."))
}

// theServers names the servers checked: "the 3 servers", "the one
// server" (the others of the servers file could not be reached).
func theServers(n int) string {
	if n == 1 {
		return "the one server"
	}
	return "the " + strconv.Itoa(n) + " servers"
}

// listVerb is "list" in agreement with n servers.
func listVerb(n int) string {
	if n == 1 {
		return "lists"
	}
	return "list"
}

// targetsInForce reports, for a target, whether its limits apply: it is
// named, or implied by one named, or none is named.
func targetsInForce(named []string) func(string) bool {
	if len(named) == 0 {
		return func(string) bool { return true }
	}
	set := map[string]bool{}
	var add func(t *lint.Target)
	add = func(t *lint.Target) {
		if t == nil || set[t.Name] {
			return
		}
		set[t.Name] = true
		for _, i := range t.Implies {
			add(i)
		}
	}
	for _, n := range named {
		add(lint.LookupTarget(n))
	}
	return func(name string) bool { return set[name] }
}

func distinctMaxes(ls []limit) []int {
	var out []int
	for _, l := range ls {
		if !slices.Contains(out, l.max) {
			out = append(out, l.max)
		}
	}
	return out
}

// andList joins items as a sentence lists them: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func verb(items []string, one, many string) string {
	if len(items) == 1 {
		return one
	}
	return many
}

// groupDigits writes n with a comma between groups of three digits.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
