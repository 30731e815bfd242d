// Package schema knows JSON Schema as tool definitions use it, and
// compiles it the way JSON Schema defines it.
//
// It knows which keywords hold subschemas (and walks them), the types a
// schema declares, where a "$ref" leads, the drafts and their
// meta-schemas, and whether a schema is valid against its draft's
// meta-schema, with each problem at the value that breaks it.
//
// Object is the one reading of a tool's parameters (Params): the
// properties and required names of an object schema through its "$ref"s
// and branches, for the call check, sample calls, the workbench and lint.
// Failure is the one flattening of a validator's findings, for lint's
// meta-schema check and the deep check of a call (Validator).
//
// Every schema toolbench compiles goes through NewCompiler: the lint rule
// that checks a tool's parameter schema against its draft's meta-schema,
// and the deep check of a call's arguments, so they read patterns and
// formats alike. The library underneath,
// github.com/santhosh-tekuri/jsonschema/v6, compiles "pattern" with Go's
// regexp and checks several formats more loosely or more strictly than
// their RFCs; this package supplies what JSON Schema asks for instead:
// regular expressions in the ECMA-262 dialect with the u flag
// (CompileRegexp), and format checkers that follow each format's RFC
// (Formats lists them, asserted or not).
//
// It imports jsondoc and termtext and nothing else of toolbench.
package schema
