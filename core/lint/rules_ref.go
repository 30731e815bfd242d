package lint

import (
	"fmt"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

// refRules check "$ref". A local reference is resolved inside the tool's
// parameter schema (see schema.Resolve). While either rule runs, the
// linter also walks the schemas references reach that its walk does not
// visit (see walker.followRefs).
var refRules = []*Rule{
	unresolvedRef,
	remoteRef,
}

func refCheckUnresolved(c *SchemaContext) {
	ref := c.Node.Get("$ref")
	if !ref.Is(jsondoc.String) {
		return
	}
	res := c.Refs().Resolve(ref.Str())
	if res.Remote || res.Problem == "" {
		return
	}
	c.ReportAt(ref, c.Path(), fmt.Sprintf("$ref %q %s", ref.Str(), res.Problem),
		"Define the schema the reference names (usually under $defs), or correct the pointer; in a pointer ~0 is ~ and ~1 is /.")
}

func refCheckRemote(c *SchemaContext) {
	ref := c.Node.Get("$ref")
	if !ref.Is(jsondoc.String) || mcpExternalRef.runsWith(c.w.tc.hooks.targets) {
		return // MCP's rule holds such a reference an error, or is ignored
	}
	if res := c.Refs().Resolve(ref.Str()); res.Remote {
		c.ReportAt(ref, c.Path(), fmt.Sprintf("$ref %q points outside the tool's schema; toolbench does not fetch it and providers do not either", ref.Str()),
			"Copy the referenced schema under $defs and point at it with \"#/$defs/NAME\".")
	}
}

var unresolvedRef = &Rule{
	Entry: catalog.Entry{
		Code: "unresolved-ref", Severity: catalog.Error,
		Summary: "A local $ref points to nothing in the tool's schema.",
		Doc: `A "$ref" that starts with "#" points inside the tool's own parameter
schema: "#" is the schema itself, "#/$defs/address" a JSON pointer, "#name"
the schema that declares "$anchor": "name". When nothing is there, or the
pointer ends at a value that is not a schema (a string, a number), no
validator can compile the schema: providers reject the tool, or drop the
constraint and leave the model guessing.

The issue points at the "$ref" value, and its path is the schema holding
it. A pointer escapes "~" as "~0" and "/" as "~1", and may percent-encode
other characters ("%25" for "%"). A reference that leads back to a schema
already on the way (a recursive type) is fine and is not an issue.

Fix: define the schema where the pointer says (usually under "$defs"), or
correct the pointer.

Source: JSON Schema 2020-12 Core, section 8.2.3 (schema references) and
RFC 6901 (JSON Pointer).`,
	},
	Schema:  refCheckUnresolved,
	Outputs: true,
}

var remoteRef = &Rule{
	Entry: catalog.Entry{
		Code: "remote-ref", Severity: catalog.Warning,
		Summary: "A $ref points outside the tool's schema, where nothing checks it.",
		Doc: `A "$ref" that does not start with "#" names another document
("https://example.com/address.json", "common.json#/Address"). toolbench does
not fetch it, so nothing about the referenced schema is checked, and model
providers do not fetch it either: OpenAI's structured outputs and
Anthropic's strict tool use accept only references inside the schema, and
other providers pass the bare URI to the model, which cannot see what it
names.

A reference to the schema's own "$id" is local and is resolved as such.
With the mcp target on, mcp/external-ref reports these references
instead, as errors, since MCP clients reject such a schema; ignoring that
rule silences them.

Fix: copy the referenced schema under "$defs" and point at it with
"#/$defs/NAME".

Source: JSON Schema 2020-12 Core, section 8.2.3; OpenAI structured outputs,
supported schemas,
platform.openai.com/docs/guides/structured-outputs#supported-schemas;
Anthropic strict tool use,
platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use.`,
	},
	Schema:  refCheckRemote,
	Outputs: true,
}
