package lint

import "toolbench/core/catalog"

// anthropicRules are the Anthropic Messages API's rules for client tools
// (target "anthropic").
var anthropicRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "anthropic/invalid-name", Severity: catalog.Error,
			Summary: "A tool name breaks Anthropic's rule: a-z, A-Z, 0-9, '_' and '-', 1 to 128 characters.",
			Doc: `The Messages API accepts a tool name of 1 to 128 characters, each an
ASCII letter, digit, underscore or dash (the pattern ^[a-zA-Z0-9_-]{1,128}$);
any other name fails the whole request with a 400 error ("tools.N.custom.name:
String should match pattern"). MCP tool names with dots or slashes are the
common casualty. Earlier versions of the API reference gave 64 as the
limit.

` + nameRuleWithTargets + `Fix: rename the tool, replacing other characters with "_".

Source: Anthropic API reference, Messages, tools[].name (minLength 1,
maxLength 128), platform.claude.com/docs/en/api/messages/create; tool use
overview, platform.claude.com/docs/en/agents-and-tools/tool-use/overview.`,
		},
		Tool: func(c *ToolContext) {
			checkProviderName(c, anthropicNames)
		},
	},
	{
		Entry: catalog.Entry{
			Code: "anthropic/input-schema-not-object", Severity: catalog.Error,
			Summary: "A tool has no input_schema, or it is not a JSON Schema of type \"object\".",
			Doc: `Every client tool sent to the Messages API needs an "input_schema":
a JSON Schema whose root has "type": "object", since a tool_use block's
input is always an object. A missing schema, a root of another type or
without a type, or a schema that is not a JSON object fails the request.
A tool that takes no input still needs {"type": "object", "properties": {}}.

` + objectRootDocShared + `
Fix: write the parameters as {"type": "object", "properties": {...}} under
"input_schema".

Source: Anthropic API reference, Messages, tools[].input_schema (required;
type: "object"), platform.claude.com/docs/en/api/messages/create.`,
		},
		Tool: func(c *ToolContext) {
			if checkProviderHasSchema(c, "Anthropic", "the tool has no input_schema; the Messages API requires one with \"type\": \"object\"",
				`Add "input_schema": {"type": "object", "properties": {}}.`) {
				checkProviderObjectRoot(c, "Anthropic")
			}
		},
	},
}

// anthropicNames is Anthropic's rule for tool names.
var anthropicNames = namePattern{provider: "Anthropic", max: 128, first: wordByte, rest: wordByte, allowed: "a-z, A-Z, 0-9, '_' and '-'"}

var anthropicTarget = &Target{
	Name:    "anthropic",
	Summary: "tool names of `a-z A-Z 0-9 _ -`, 1 to 128 characters; an `input_schema` that is a JSON Schema of `\"type\": \"object\"`",
	Doc: `Anthropic's Messages API rejects a request with a tool whose name or
input_schema breaks its rules.

Source: Anthropic API reference, Messages, tools,
platform.claude.com/docs/en/api/messages/create; tool use overview,
platform.claude.com/docs/en/agents-and-tools/tool-use/overview.`,
	Rules: anthropicRules,
}
