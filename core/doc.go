// Package core is the directory of toolbench's pure logic, in layers. Each
// layer is a package that imports only the layers below it:
//
//	report    the reports of a lint: text, JSON, SARIF, GitHub
//	lint      the rules, the provider targets and the linter
//	call      the call check: flat schemas, validate_call, call shapes,
//	          batches of JSON Lines, deep validation, sample calls
//	schema    JSON Schema: keywords, types, $ref, drafts and meta-schemas
//	tooldef   the tool definitions of a document, in every provider's shape
//	jsondoc   JSON documents with byte offsets: loading, positions, JSON
//	          pointers, equality, writing JSON
//	termtext  text for a terminal: escaping, quoting, hidden characters
//
// (lint and call are side by side: neither imports the other.) Beside
// them, internal/par splits work among the processors for any layer.
//
// Nothing in core touches a terminal, a clock or the file system beyond
// reading the file it is asked to load: the command line, the watcher and
// the workbench all call the same functions here, so a document is
// checked one way everywhere.
package core
