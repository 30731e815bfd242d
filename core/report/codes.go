package report

import (
	"toolbench/core/call"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/core/termtext"
)

// A Code is what a code toolbench reports, or a target's name, names:
// exactly one of its fields is set (Call with Run for an outcome of a
// sent call). toolbench explain and the MCP server's explain_code look
// codes up here, so that they know the same ones.
type Code struct {
	Rule   *lint.Rule // a lint rule, or a check of several servers
	Target *lint.Target
	Check  *diff.Check
	Call   *call.Code
	Run    bool // Call is one of RunCodes
}

// LookupCode finds code among the rules, the checks of several servers,
// the targets, diff's checks, and the codes of call and call --run.
func LookupCode(code string) (Code, bool) {
	if r := lint.LookupRule(code); r != nil {
		return Code{Rule: r}, true
	}
	if r := servers.LookupRule(code); r != nil {
		return Code{Rule: r}, true
	}
	if r := registry.LookupRule(code); r != nil {
		return Code{Rule: r}, true
	}
	if t := lint.LookupTarget(code); t != nil {
		return Code{Target: t}, true
	}
	if c := diff.LookupCheck(code); c != nil {
		return Code{Check: c}, true
	}
	if c, run, ok := LookupCallCode(code); ok {
		return Code{Call: &c, Run: run}, true
	}
	return Code{}, false
}

// SimilarCodes returns up to three codes code may be a mistyping of: the
// rules' (lint.SimilarRuleCodes), then the targets', diff's and call's
// codes within a few edits of it.
func SimilarCodes(code string) []string {
	near := lint.SimilarRuleCodes(code)
	var others []string
	for _, t := range lint.Targets() {
		others = append(others, t.Name)
	}
	for _, r := range registry.Rules() {
		others = append(others, r.Code)
	}
	for _, c := range diff.Checks() {
		others = append(others, c.Code)
	}
	for _, c := range append(call.Codes(), runCodes...) {
		others = append(others, c.Code)
	}
	for _, o := range others {
		if len(near) < 3 && termtext.EditDistance(code, o) <= max(2, len(code)/4) {
			near = append(near, o)
		}
	}
	return near
}
