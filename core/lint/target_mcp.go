package lint

import (
	"fmt"
	"slices"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

// The Model Context Protocol's rules for the tools a server lists, one
// target a revision of the specification: mcp follows the newest,
// 2026-07-28, and mcp@2025-11-25 the one before. The rules both keep are
// in the Rules of each.

var mcpTarget = &Target{
	Name:     "mcp",
	Revision: "2026-07-28",
	Summary:  "the MCP specification 2026-07-28: tool names of 1 to 128 characters of `A-Z a-z 0-9 _ - .` (a SHOULD, so a warning); an `inputSchema` of `\"type\": \"object\"`; an `outputSchema` that is any valid JSON Schema; valid `x-mcp-header` annotations; no `$ref` to another document; compositions of bounded size",
	Doc: `The tools an MCP server lists in tools/list, as the Model Context
Protocol specification's revision 2026-07-28 defines them. Since
2025-11-25 the output schema may be any JSON Schema (an array, say),
properties may mirror a parameter into an HTTP header with x-mcp-header,
and a schema may use any keyword of JSON Schema 2020-12, with rules for
"$ref" and bounds on composition.

A tool list in MCP's shape (inputSchema) is linted with this target when
no --target is given.

Source: Model Context Protocol specification 2026-07-28, changelog,
modelcontextprotocol.io/specification/2026-07-28/changelog; Server
features, Tools,
modelcontextprotocol.io/specification/2026-07-28/server/tools; Base
protocol, JSON Schema usage,
modelcontextprotocol.io/specification/2026-07-28/basic; and
schema/2026-07-28/schema.ts.`,
	Rules: slices.Concat([]*Rule{mcpInvalidName, mcpInputSchemaNotObject, mcpOutputSchemaInvalid},
		mcpHeaderRules, []*Rule{mcpExternalRef, mcpCompositionTooLarge}, mcpLiveRules),
	EmptyRootDeclaresNone: true,
}

var mcp20251125Target = &Target{
	Name:     "mcp@2025-11-25",
	Revision: "2025-11-25",
	Summary:  "the MCP specification 2025-11-25: tool names as `mcp`; an `inputSchema`, and any `outputSchema`, of `\"type\": \"object\"`",
	Doc: `The tools an MCP server lists in tools/list, as the Model Context
Protocol specification's revision 2025-11-25 defined them, for servers
and clients that speak it: there an output schema must describe an
object, and x-mcp-header means nothing.

Source: Model Context Protocol specification 2025-11-25, Server features,
Tools, modelcontextprotocol.io/specification/2025-11-25/server/tools, and
schema/2025-11-25/schema.ts.`,
	Rules: []*Rule{mcpInvalidName, mcpInputSchemaNotObject, mcpOutputSchemaNotObject},
}

// mcpNames is the specification's rule for tool names.
var mcpNames = namePattern{provider: "MCP", max: 128, first: mcpNameByte, rest: mcpNameByte, allowed: "A-Z, a-z, 0-9, '_', '-' and '.'"}

func mcpNameByte(c byte) bool { return wordByte(c) || c == '.' }

var mcpInvalidName = &Rule{
	Entry: catalog.Entry{
		Code: "mcp/invalid-name", Severity: catalog.Warning,
		Summary: "A tool name breaks MCP's naming rule: 1 to 128 characters of A-Z, a-z, 0-9, '_', '-' and '.'.",
		Doc: `The MCP specification says a tool name SHOULD be 1 to 128 characters
long, case-sensitive, and made only of ASCII letters, digits, underscore,
dash and dot: no spaces, commas or other punctuation. Clients build
qualified names and pass them on to model APIs with stricter rules, and a
name outside this set is where such a chain breaks. It is a SHOULD, so the
rule warns. Revisions 2025-11-25 and 2026-07-28 say the same.

` + nameRuleWithTargets + `Fix: rename the tool within the allowed characters. When the issue is
this rule's, toolbench fix renames the tool to the name the hint
suggests, when no other tool has it, but only when asked to with
--code mcp/invalid-name: callers that use the old name break.

Source: Model Context Protocol specification 2026-07-28 (and 2025-11-25),
Server features, Tools, "Tool names",
modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names.`,
		Fix: catalog.FixOnRequest,
	},
	Tool: func(c *ToolContext) {
		checkProviderName(c, mcpNames)
	},
}

var mcpInputSchemaNotObject = &Rule{
	Entry: catalog.Entry{
		Code: "mcp/input-schema-not-object", Severity: catalog.Error,
		Summary: "A tool has no inputSchema, or it is not a JSON Schema of type \"object\".",
		Doc: `An MCP tool must carry an "inputSchema": a JSON Schema object whose
root has "type": "object" (the arguments of tools/call are an object). It
may not be null or missing; a tool without parameters declares
{"type": "object", "additionalProperties": false}, the form the
specification recommends. Clients reject or skip tools whose schema
breaks this. Revision 2026-07-28 lets any JSON Schema keyword appear
beside the type, and keeps "type": "object" at the root.

` + objectRootDocShared + `
Fix: write the parameters as {"type": "object", "properties": {...}}.

Source: Model Context Protocol specification 2026-07-28 (and 2025-11-25),
Server features, Tools, "Tool" data type (inputSchema), and
schema/2026-07-28/schema.ts (Tool.inputSchema: { type: "object", ... }),
modelcontextprotocol.io/specification/2026-07-28/server/tools#tool.`,
	},
	Tool: func(c *ToolContext) {
		if checkProviderHasSchema(c, "MCP", "the tool has no inputSchema; MCP requires one with \"type\": \"object\"",
			`Add "inputSchema": {"type": "object", "additionalProperties": false} for a tool without parameters.`) {
			checkProviderObjectRoot(c, "MCP")
		}
	},
}

var mcpOutputSchemaNotObject = &Rule{
	Entry: catalog.Entry{
		Code: "mcp/output-schema-not-object", Severity: catalog.Error,
		Summary: "A tool's outputSchema is not a JSON Schema of type \"object\" (revision 2025-11-25).",
		Doc: `Under revision 2025-11-25 an MCP tool may declare an "outputSchema" for
its structured results. When it does, the schema's root must have
"type": "object", because structuredContent is always a JSON object
there; clients validate results against it. Revision 2026-07-28 drops
this rule: structuredContent may be any JSON value, and the outputSchema
any JSON Schema (see mcp/output-schema-invalid).

Fix: describe the result as {"type": "object", "properties": {...}}, or
drop outputSchema, or hold the tool to the newer revision with
--target mcp if its clients speak it.

Source: Model Context Protocol specification 2025-11-25, Server features,
Tools, "Output Schema", and schema/2025-11-25/schema.ts
(Tool.outputSchema: { type: "object", ... }),
modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema.`,
	},
	Tool: func(c *ToolContext) {
		out, path := outputSchemaOf(c.Tool)
		if out == nil {
			return
		}
		hint := `Write {"type": "object", "properties": {...}} as the outputSchema.`
		if !out.Is(jsondoc.Object) {
			c.Report(out, path, fmt.Sprintf("outputSchema is %s; MCP requires a JSON Schema object with \"type\": \"object\"", out.Kind.Phrase()), hint)
			return
		}
		switch typ := out.Get("type"); {
		case typ == nil:
			c.Report(out, path, "outputSchema has no \"type\"; MCP requires \"type\": \"object\" at its root", hint)
		case !typ.Is(jsondoc.String) || typ.Str() != "object":
			c.Report(typ, jsondoc.AppendKey(path, "type"), fmt.Sprintf("outputSchema has type %s; MCP requires \"object\" at its root", typeText(out)), hint)
		}
	},
}

var mcpOutputSchemaInvalid = &Rule{
	Entry: catalog.Entry{
		Code: "mcp/output-schema-invalid", Severity: catalog.Error,
		Summary: "A tool's outputSchema is not a JSON Schema object.",
		Doc: `Since revision 2026-07-28 an MCP tool's "outputSchema" may be any
JSON Schema, of any type at its root: {"type": "array", "items": ...}
describes a list, as the specification's own list_users example does,
and structuredContent may be any JSON value. It must still be a JSON
Schema object ({ "$schema"?: string, ... } in schema.ts), not null, a
list or a string: clients validate results against it, and a value they
cannot compile leaves every result unchecked or rejected.

What is inside the object is checked as the parameters are, under every
target and revision, with the same codes: invalid-schema for what breaks
the meta-schema of its draft (2020-12 unless its "$schema" names
another), unknown-type, unresolved-ref, required-not-in-properties,
array-without-items and the other rules of a schema's structure, each
with a path under outputSchema.

Fix: make outputSchema a JSON Schema object. A tool without structured
results leaves outputSchema out.

Source: Model Context Protocol specification 2026-07-28, Server
features, Tools, "Tool" data type (outputSchema) and "Output Schema",
modelcontextprotocol.io/specification/2026-07-28/server/tools#output-schema;
Base protocol, "JSON Schema Usage",
modelcontextprotocol.io/specification/2026-07-28/basic#json-schema-usage;
schema/2026-07-28/schema.ts (Tool.outputSchema).`,
	},
	Tool: func(c *ToolContext) {
		out, path := outputSchemaOf(c.Tool)
		if out == nil {
			return
		}
		if !out.Is(jsondoc.Object) {
			c.Report(out, path, fmt.Sprintf("outputSchema is %s; MCP takes a JSON Schema object, of any type at its root", out.Kind.Phrase()),
				`Describe the result as a schema, e.g. {"type": "array", "items": {...}}, or leave outputSchema out.`)
		}
	},
}

// outputSchemaOf returns the tool's outputSchema and its path, or nil
// when it has none.
func outputSchemaOf(t *tooldef.Tool) (*jsondoc.Node, string) {
	return t.Def.Get("outputSchema"), jsondoc.AppendKey(t.DefPath, "outputSchema")
}
