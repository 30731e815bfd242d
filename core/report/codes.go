package report

import (
	"toolbench/core/call"
	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/servers"
	"toolbench/core/traffic"
)

// Catalog is every code toolbench reports, with the targets' names:
// lint's rules, the checks of several servers and of a server.json, the
// targets, diff's
// changes, the call check's codes and what a call sent to a server came
// to, in that order. toolbench explain and rules, the MCP server's
// explain_code, the pages of docs/rules and every SARIF log's rules read
// it.
func Catalog() *catalog.Catalog { return codeCatalog }

var codeCatalog = newCatalog()

// newCatalog puts the codes of every family together.
func newCatalog() *catalog.Catalog {
	var codes []catalog.Code
	for _, r := range lint.Rules() {
		codes = append(codes, ruleCode(r))
	}
	for _, r := range servers.Rules() {
		codes = append(codes, catalog.Code{Entry: r.Entry, Kind: catalog.KindServers})
	}
	for _, r := range registry.Rules() {
		codes = append(codes, catalog.Code{Entry: r.Entry, Kind: catalog.KindManifest})
	}
	for _, t := range lint.Targets() {
		codes = append(codes, targetCode(t))
	}
	for _, c := range diff.Checks() {
		codes = append(codes, catalog.Code{Entry: c.Entry, Kind: catalog.KindChange})
	}
	for _, c := range call.Codes() {
		codes = append(codes, catalog.Code{Entry: c.Entry, Kind: catalog.KindCall})
	}
	for _, c := range runCodes {
		codes = append(codes, catalog.Code{Entry: c.Entry, Kind: catalog.KindRun})
	}
	for _, e := range traffic.Codes() {
		codes = append(codes, catalog.Code{Entry: e, Kind: catalog.KindTraffic})
	}
	cat, err := catalog.New(codes)
	if err != nil {
		panic(err)
	}
	return cat
}

// ruleCode is a lint rule's code, with the targets it is a rule of.
func ruleCode(r *lint.Rule) catalog.Code {
	return catalog.Code{Entry: r.Entry, Kind: catalog.KindRule, Targets: r.Targets()}
}

// targetCode is a target's name, with what it adds, the targets it
// turns on, how a tool opts in and its rules.
func targetCode(t *lint.Target) catalog.Code {
	c := catalog.Code{Entry: catalog.Entry{Code: t.Name, Summary: t.Summary, Doc: t.Doc}, Kind: catalog.KindTarget}
	for _, i := range t.Implies {
		c.Implies = append(c.Implies, i.Name)
	}
	if t.OptIn != nil {
		c.OptIn = t.OptInDoc
	}
	for _, r := range t.Rules {
		c.Rules = append(c.Rules, ruleCode(r))
	}
	return c
}

// levelOf is the SARIF level of a code of the catalog: its severity.
func levelOf(code string) string { return codeCatalog.Lookup(code).Severity.String() }
