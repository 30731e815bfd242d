package lint

import (
	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
)

// metaRules validate each tool's parameter and output schemas against
// the JSON Schema meta-schema of their draft.
var metaRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "invalid-schema", Severity: catalog.Error,
			Summary: "A tool's parameter or output schema is not valid JSON Schema.",
			Doc: `The tool's parameter schema, and its output schema (MCP's
outputSchema, Gemini's responseJsonSchema), are validated against the JSON
Schema meta-schema: draft 2020-12, or the draft the schema's "$schema"
names (2019-09, draft-07, draft-06 or draft-04). Each problem is one
issue, at the value that breaks the meta-schema: a "minimum" written as a
string, a "required" that repeats a name, an "items" that is a list where
draft 2020-12 wants one schema (a tuple is "prefixItems" there), a "$ref"
that is not a URI reference, a "pattern" that no regular expression engine
accepts.

A schema that is not valid JSON Schema cannot be compiled: providers reject
the tool, or ignore what they do not understand and let the model produce
arguments your code then rejects.

A problem that unknown-type, invalid-required or invalid-enum reports
(a type that is no type name, a "required" that is not a list of
strings, an "enum" that is not a list) is left to that rule, and stays
unreported when that rule is ignored: --ignore unknown-type silences
those places, it does not bring them back as invalid-schema errors.

Formats the meta-schema asks for are checked as their RFCs say (a
"$schema" must be a URI, a "$ref" a URI reference), and a "pattern" as
the ECMA-262 regular expression with the u flag that JSON Schema means:
look-ahead and back-references are fine, "(?i)" or "[z-a]" are not. The
same compiler serves deep call validation, so a schema this rule reports
cannot be used there either. A schema a local "$ref" reaches outside the
walked keywords is validated as well, once. Gemini's "parameters" and
"response" are OpenAPI schemas rather than JSON Schema, and are left to
the gemini target.

Fix: make the value match what the meta-schema allows; the message says
what it got and what it wants.

Source: JSON Schema 2020-12 Core and Validation
(json-schema.org/draft/2020-12), and the meta-schemas of each draft
(json-schema.org/specification-links).`,
		},
		Tool:    checkSchemaOfTool,
		Schema:  checkSchemaOfRefTarget,
		Outputs: true,
	},
}

// checkSchemaOfTool validates the tool's parameter schema, and its
// output schema when it is an object (one that is not is the target's
// to report: mcp/output-schema-invalid, mcp/output-schema-not-object).
func checkSchemaOfTool(c *ToolContext) {
	t := c.Tool
	if t.Params != nil && !t.OpenAPIParams() {
		checkSchemaAt(c, t.Params, t.ParamsPath)
	}
	if t.Output.Is(jsondoc.Object) && !t.OpenAPIOutput() {
		checkSchemaAt(c, t.Output, t.OutputPath)
	}
}

// checkSchemaAt reports the problems of the schema root, whose path
// path gives: a path is built only for a problem.
func checkSchemaAt(c *ToolContext, root *jsondoc.Node, path func() string) {
	for _, p := range schema.Check(root, schema.DraftOf(root), coveredByBaseRules, true) {
		c.Report(p.Node, jsondoc.AppendSegs(path(), p.Segs), p.Msg, p.Hint)
	}
}

// checkSchemaOfRefTarget validates a schema the walker reached only
// through a reference: its own members were never part of the root's
// validation.
func checkSchemaOfRefTarget(c *SchemaContext) {
	if c.Via != "$ref" || c.OpenAPI() {
		return
	}
	base := c.Path()
	for _, p := range schema.Check(c.Node, schema.DraftOf(c.Root), coveredByBaseRules, true) {
		c.ReportAt(p.Node, jsondoc.AppendSegs(base, p.Segs), p.Msg, p.Hint)
	}
}

// coveredByBaseRules are the meta-schema problems the base rules report
// in words of their own (unknown-type, invalid-required, invalid-enum),
// which invalid-schema leaves to them whether they run or not: a rule
// that is ignored is silent about its defect, rather than heard again in
// the meta-schema's words.
var coveredByBaseRules = schema.Covered{Types: true, Required: true, Enum: true}
