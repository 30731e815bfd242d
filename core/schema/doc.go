// Package schema compiles JSON Schema the way JSON Schema defines it, for
// the places toolbench compiles schemas.
//
// The library underneath, github.com/santhosh-tekuri/jsonschema/v6,
// compiles "pattern" with Go's regexp by default. JSON Schema's regular
// expressions are ECMA-262 ones, which CompileRegexp compiles instead,
// with the u flag as ajv reads them.
//
// The package imports only the standard library and third-party modules,
// never another toolbench package, so that core can import it.
package schema
