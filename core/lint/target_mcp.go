package lint

import (
	"fmt"
	"slices"

	"toolbench/core/jsondoc"
)

// mcpRules are the Model Context Protocol's rules for the tools a server
// lists (target "mcp"), from the 2025-11-25 specification.
var mcpRules = []*Rule{
	{
		Code: "mcp/invalid-name", Severity: Warning,
		Summary: "A tool name breaks MCP's naming rule: 1 to 128 characters of A-Z, a-z, 0-9, '_', '-' and '.'.",
		Doc: `The MCP specification says a tool name SHOULD be 1 to 128 characters
long, case-sensitive, and made only of ASCII letters, digits, underscore,
dash and dot: no spaces, commas or other punctuation. Clients build
qualified names and pass them on to model APIs with stricter rules, and a
name outside this set is where such a chain breaks. It is a SHOULD, so the
rule warns.

` + nameRuleWithTargets + `Fix: rename the tool within the allowed characters.

Source: Model Context Protocol specification 2025-11-25, Server features,
Tools, "Tool names",
modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names.`,
		Tool: func(c *ToolContext) {
			checkProviderName(c, mcpNames)
		},
	},
	{
		Code: "mcp/input-schema-not-object", Severity: Error,
		Summary: "A tool has no inputSchema, or it is not a JSON Schema of type \"object\".",
		Doc: `An MCP tool must carry an "inputSchema": a JSON Schema object whose
root has "type": "object" (the arguments of tools/call are an object). It
may not be null or missing; a tool without parameters declares
{"type": "object", "additionalProperties": false}. Clients reject or skip
tools whose schema breaks this.

` + objectRootDocShared + `
Fix: write the parameters as {"type": "object", "properties": {...}}.

Source: Model Context Protocol specification 2025-11-25, Server features,
Tools, "Tool" data type (inputSchema), and schema/2025-11-25/schema.ts
(Tool.inputSchema: { type: "object", ... }),
modelcontextprotocol.io/specification/2025-11-25/server/tools.`,
		Tool: func(c *ToolContext) {
			if checkProviderHasSchema(c, "MCP", "the tool has no inputSchema; MCP requires one with \"type\": \"object\"",
				`Add "inputSchema": {"type": "object", "additionalProperties": false} for a tool without parameters.`) {
				checkProviderObjectRoot(c, "MCP")
			}
		},
	},
	{
		Code: "mcp/output-schema-not-object", Severity: Error,
		Summary: "A tool's outputSchema is not a JSON Schema of type \"object\".",
		Doc: `An MCP tool may declare an "outputSchema" for its structured results.
When it does, the schema's root must have "type": "object", because
structuredContent is always a JSON object; clients validate results
against it.

Fix: describe the result as {"type": "object", "properties": {...}}, or
drop outputSchema.

Source: Model Context Protocol specification 2025-11-25, Server features,
Tools, "Output Schema", and schema/2025-11-25/schema.ts
(Tool.outputSchema: { type: "object", ... }),
modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema.`,
		Tool: func(c *ToolContext) {
			t := c.Tool
			out := t.Def.Get("outputSchema")
			if out == nil {
				return
			}
			path := jsondoc.AppendKey(t.DefPath, "outputSchema")
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
	},
}

// mcpNames is the specification's rule for tool names.
var mcpNames = namePattern{provider: "MCP", max: 128, first: mcpNameByte, rest: mcpNameByte, allowed: "A-Z, a-z, 0-9, '_', '-' and '.'"}

func mcpNameByte(c byte) bool { return wordByte(c) || c == '.' }

var mcpTarget = &Target{
	Name:    "mcp",
	Summary: "the specification's tool names, 1 to 128 characters of `A-Z a-z 0-9 _ - .` (a SHOULD, so a warning); an `inputSchema`, and any `outputSchema`, of `\"type\": \"object\"`",
	Doc: `The tools an MCP server lists in tools/list, as the Model Context
Protocol specification defines them.

Source: Model Context Protocol specification 2025-11-25, Server features,
Tools, modelcontextprotocol.io/specification/2025-11-25/server/tools, and
schema/2025-11-25/schema.ts.`,
	Rules: slices.Concat(mcpRules, mcpLiveRules),
}
