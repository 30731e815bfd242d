package schema

import (
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// NewCompiler returns a compiler for tool schemas and for the meta-schemas
// they are checked against. It reads patterns as ECMA-262 with the u flag
// (CompileRegexp), asserts the formats Formats marks asserted with this
// package's checkers, and loads nothing from outside the documents added
// to it: the meta-schemas of drafts 4 to 2020-12 are built into the
// library, and any other reference is refused, so a tools file cannot
// make toolbench read a file or the network.
//
// Compile a tool's schema by adding it with AddResource and compiling its
// location; compile a draft's meta-schema by its URL.
//
// Validating a schema against a meta-schema compiled here and compiling
// the schema here agree on patterns and on every format but one case:
// before it compiles a schema, the library validates it against
// meta-schemas it compiled when it was loaded, with its own uri and
// uri-reference checks. So a "$ref" or "$id" that RFC 3986 rejects and
// net/url parses ("#/$defs/a b") fails the first and compiles, and a
// schema to be compiled should be validated against the meta-schema
// first where the two must agree.
func NewCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.UseLoader(refusingLoader{})
	c.UseRegexpEngine(CompileRegexp)
	c.AssertFormat()
	for _, f := range formatTable {
		c.RegisterFormat(&jsonschema.Format{Name: f.Name, Validate: f.validate})
	}
	return c
}

// refusingLoader is asked for every document the compiler does not hold
// and is not a built-in meta-schema.
type refusingLoader struct{}

func (refusingLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%s is outside the tools document; only local references are followed", url)
}
