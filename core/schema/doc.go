// Package schema compiles JSON Schema documents the way JSON Schema
// defines them, for the two places toolbench compiles schemas: the lint
// rule that checks a tool's parameter schema against its draft's
// meta-schema, and the deep check of a call's arguments. Both compile with
// NewCompiler, so they read patterns and formats alike.
//
// The library underneath, github.com/santhosh-tekuri/jsonschema/v6,
// compiles "pattern" with Go's regexp and checks several formats more
// loosely or more strictly than their RFCs. This package supplies what
// JSON Schema asks for instead: regular expressions in the ECMA-262
// dialect with the u flag (CompileRegexp), and format checkers that follow
// each format's RFC (Formats lists them, asserted or not).
//
// The package imports only the standard library and third-party modules,
// never another toolbench package, so that core can import it.
package schema
