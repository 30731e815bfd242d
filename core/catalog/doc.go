// Package catalog is the record every code toolbench reports is declared
// with, and what is said of a code wherever it is shown.
//
// A lint rule, a check of several servers, a change diff reports, a code
// of the call check and an outcome of a call sent to a server each embed
// one Entry (code, severity, summary, doc, fix), as every pass of
// go/analysis is one Analyzer. Severity is the one scale of them all. A
// Catalog holds the codes of every family with where each applies, finds
// one by its name or the names a mistyping may mean, and renders what
// toolbench explain, the MCP server's explain_code, the pages of
// docs/rules and SARIF's rule descriptors say of it, so that they cannot
// drift apart.
//
// It imports termtext only; the families import it, and core/report puts
// their codes together in one Catalog.
package catalog
