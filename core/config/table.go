package config

import (
	"slices"

	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/servers"
)

// The file, as a table: the structs the TOML decoder fills (the toml
// tags), with what each key means (doc) and what it may hold (values, a
// set named below; keys, the set a table's keys are from; glob, a glob's
// kind; min; required; anyOf, the keys of which one must be given). The
// parser checks a file against these tags, and the JSON Schema of the
// file is generated from them, so the two cannot drift.

type fileTable struct {
	Targets     []string          `toml:"targets" values:"targets" doc:"The provider targets every lint runs, as --target names them; the tools' own shape decides when none are named."`
	FailOn      string            `toml:"fail-on" values:"fail-on" doc:"The least severity of issue that fails a run: \"error\" (the default) or \"warning\", as --strict (a stale baseline entry fails too)."`
	Baseline    string            `toml:"baseline" doc:"The baseline file whose issues are accepted, relative to this file (or absolute), as --baseline names one."`
	Lock        string            `toml:"lock" doc:"The lock file that lock writes and verify reads, relative to this file (or absolute); toolbench.lock.json when not set."`
	TokenBudget int64             `toml:"token-budget" min:"0" doc:"The most tokens (o200k_base) the tool definitions of all servers may cost together, checked by --all-servers as servers/token-budget; 0 checks none."`
	Rules       map[string]string `toml:"rules" keys:"selectors" values:"levels" doc:"Rules by code, or every rule of a target by its prefix (\"openai/\"), set \"off\", \"warning\" or \"error\". A code's own setting wins over its prefix's."`
	Ignore      []ignoreTable     `toml:"ignore" doc:"Issues to accept, each entry with the reason why: those of the tools, files and codes it names."`
	Overrides   []overrideTable   `toml:"overrides" doc:"Settings for some files: targets and rules for the files the paths match, over those above."`
	Proxy       proxyTable        `toml:"proxy" doc:"What toolbench proxy does with what fails each check that can keep a message from its peer: \"enforce\" keeps it from the peer and reports it, \"audit\" passes it on and reports it. --policy goes over it."`
}

type ignoreTable struct {
	_      struct{} `anyOf:"tools,paths,codes"`
	Tools  []string `toml:"tools" glob:"name" doc:"Globs of the tool names the entry accepts issues of: * and ? match any characters, [...] one of a set."`
	Paths  []string `toml:"paths" glob:"path" doc:"Globs of the files (or server names) the entry applies to, relative to this file: * matches within a directory, ** across directories."`
	Codes  []string `toml:"codes" values:"selectors" doc:"The codes the entry accepts, or a target's prefix (\"openai/\") for all its rules: the codes issues are printed with."`
	Reason string   `toml:"reason" required:"true" doc:"Why the issues are accepted, for the next reader."`
}

type overrideTable struct {
	Paths   []string          `toml:"paths" glob:"path" required:"true" doc:"Globs of the files the override applies to, relative to this file: * matches within a directory, ** across directories."`
	Targets []string          `toml:"targets" values:"targets" doc:"The provider targets for these files, in place of those above."`
	Rules   map[string]string `toml:"rules" keys:"selectors" values:"levels" doc:"Rules set for these files, over those above, as [rules] sets them."`
}

type proxyTable struct {
	Calls   string `toml:"calls" values:"policies" doc:"A tools/call whose arguments fail validate_call or the tool's input schema, or that names a tool not listed: \"enforce\" (the default) answers it with the findings and never sends it to the server."`
	Drift   string `toml:"drift" values:"policies" doc:"A tool of a server the lock pins, changed since it was locked or new: \"enforce\" (the default) withholds it from the client."`
	Headers string `toml:"headers" values:"policies" doc:"A Streamable HTTP request whose Mcp-Method, Mcp-Name or Mcp-Param-* headers (MCP 2026-07-28) disagree with its body: \"enforce\" (the default) refuses it."`
}

// valueSet is a set the tags name, what a key may hold: whether it has
// a value, and all of them, for the schema and for messages.
type valueSet struct {
	has func(string) bool
	all func() []string
}

var valueSets = map[string]valueSet{
	"targets":   {func(s string) bool { return lint.LookupTarget(s) != nil }, lint.TargetNames},
	"levels":    {func(s string) bool { _, err := lint.ParseLevel(s); return err == nil }, lint.LevelNames},
	"fail-on":   {func(s string) bool { return s == "error" || s == "warning" }, func() []string { return []string{"error", "warning"} }},
	"policies":  {func(s string) bool { return s == "enforce" || s == "audit" }, func() []string { return []string{"enforce", "audit"} }},
	"selectors": {func(s string) bool { return CheckSelector(s) == nil }, Selectors},
}

// Selectors are the names that address rules: the code of every lint
// rule and every check of several servers, and the prefix of every
// target's codes, of the servers' checks and of the security rules,
// sorted.
func Selectors() []string {
	var out []string
	for _, r := range lint.Rules() {
		out = append(out, r.Code)
	}
	for _, t := range lint.TargetNames() {
		out = append(out, lint.TargetPrefix(t))
	}
	for _, r := range servers.Rules() {
		out = append(out, r.Code)
	}
	out = append(out, servers.Prefix, lint.SecurityPrefix)
	for _, r := range registry.Rules() {
		out = append(out, r.Code)
	}
	out = append(out, registry.Prefix)
	slices.Sort(out)
	return out
}
