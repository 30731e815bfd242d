package call

import (
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
)

// The output check: an MCP tool may declare an outputSchema, and then
// the structuredContent of each of its results must conform to it
// (MCP 2025-11-25, "Output Schema"). It is compiled by schema.Compile and
// cached as a tool's parameters are for deep validation.

// OutputSchema returns the outputSchema of the tool name, or nil when the
// tool declares none, is not among s's tools, or s comes from a flat
// schema file.
func (s *Schemas) OutputSchema(name string) *jsondoc.Node {
	if s == nil || s.Tools == nil {
		return nil
	}
	t := s.Tools[name]
	if t == nil {
		return nil
	}
	return t.Def.Get("outputSchema")
}

// ValidateOutput checks the structuredContent of a result of the tool
// name (nil when the result has none) against the tool's outputSchema.
// It returns nil when the tool declares no outputSchema, and when the
// content conforms. A result without structuredContent breaks a declared
// outputSchema; so does an outputSchema that cannot be compiled, with one
// error at the root saying why. Errors are sorted by path, and a Path is
// a JSON pointer into structuredContent.
//
// A result that sets isError need not carry structured content: callers
// check only results that do not.
func ValidateOutput(name string, structured *jsondoc.Node, s *Schemas) []SchemaError {
	out := s.OutputSchema(name)
	if out == nil {
		return nil
	}
	if structured == nil {
		return []SchemaError{{Path: "", Message: "the result has no structuredContent, but the tool declares an outputSchema"}}
	}
	cs := compiledFor(s, out, func() compiledSchema {
		sch, err := schema.Compile(name, out, false)
		return compiledSchema{schema: sch, err: err}
	})
	if cs.err != nil {
		return []SchemaError{{Path: "", Message: compileProblem(s.doc, name, "outputSchema", jsondoc.AppendKey(s.Tools[name].DefPath, "outputSchema"), cs.err)}}
	}
	return validateValue(cs, structured.Value())
}
