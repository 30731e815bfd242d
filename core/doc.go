// Package core is the directory of toolbench's pure logic, in layers. Each
// layer is a package that imports only the layers below it:
//
//	report    the reports of a lint, a diff, a compat matrix, a call
//	          check, calls sent to a server and a watch's loads: text,
//	          JSON, SARIF, GitHub, Markdown
//	config    toolbench.toml: a team's targets, rules, accepted issues and
//	          CI settings, checked, and its JSON Schema
//	fix       making the fixes of a lint, round after round
//	compat    the errors each provider target's rules give each tool
//	baseline  the issues a team accepts, keyed by what they are about
//	lock      the tools of each source pinned by a hash, and their drift
//	servers   the checks of several servers' tools together
//	registry  an MCP server's server.json, the manifest it publishes to
//	          the MCP registry, checked against the registry's schema
//	          and rules
//	lint      the rules, the provider targets and the linter
//	call      the call check: flat schemas, validate_call, call shapes,
//	          batches of JSON Lines, deep validation, sample calls
//	diff      the changes between two versions of a tools document
//	traffic   the codes of what toolbench proxy finds in MCP traffic
//	schema    JSON Schema: keywords, types, $ref, drafts and meta-schemas
//	tooldef   the tool definitions of a document, in every provider's shape
//	jsonedit  edits of a document's text in the document's own layout
//	cost      what tool definitions cost a request: bytes and tokens
//	jsondoc   JSON documents with byte offsets: loading, positions, JSON
//	          pointers, equality, writing JSON
//	catalog   the record of a code (severity, summary, doc, fix) every
//	          family of codes embeds, and what explain, the MCP server,
//	          docs/rules and SARIF say of a code
//	termtext  text for a terminal: escaping, quoting, hidden characters,
//	          wrapping in cells
//
// (lint, call, diff and traffic are side by side, as are fix, compat,
// baseline, lock, servers and registry, report and config, tooldef,
// jsonedit and cost, and jsondoc and catalog: none imports another of
// its rank.) Beside them, internal/par splits work among the processors
// for any layer.
//
// layers_test.go holds these layers, and those of the whole module above
// them: core imports nothing outside core (its tests may use the test
// support under internal), nothing under internal imports the command
// line, the workbench or the watcher, and a package added where the table
// does not rank it fails the test.
//
// Nothing in core touches a terminal, a clock or the file system beyond
// reading the file it is asked to load: the command line, the watcher and
// the workbench all call the same functions here, so a document is
// checked one way everywhere.
package core
