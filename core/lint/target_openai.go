package lint

import "toolbench/core/catalog"

// openaiRules are the OpenAI API's own rules for function tools, in Chat
// Completions and the Responses API (target "openai").
var openaiRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "openai/invalid-name", Severity: catalog.Error,
			Summary: "A tool name breaks OpenAI's rule: a-z, A-Z, 0-9, '_' and '-', at most 64 characters.",
			Doc: `OpenAI accepts a function name made of ASCII letters, digits,
underscores and dashes, at most 64 characters long; a request with any
other name fails with a 400 error before the model sees it. Dots, spaces,
colons and slashes, common in MCP tool names, are all rejected.

` + nameRuleWithTargets + `Fix: rename the tool, replacing other characters with "_" and shortening it
to 64 characters; keep the original name in your own mapping if a server
needs it.

Source: OpenAI API reference, Chat Completions, tools[].function.name
("Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum
length of 64"), platform.openai.com/docs/api-reference/chat/create.`,
		},
		Tool: func(c *ToolContext) {
			checkProviderName(c, openaiNames)
		},
	},
	{
		Entry: catalog.Entry{
			Code: "openai/too-many-tools", Severity: catalog.Error,
			Summary: "The document has more than the 128 functions OpenAI accepts in one request.",
			Doc: `A Chat Completions request takes at most 128 functions in "tools"; a
longer list is rejected. Long before that limit the model chooses worse:
OpenAI's guide suggests keeping to fewer than 20 functions at a time.

A list too long for several targets at once is one issue naming each
of them, under the code of the first of their rules.

Fix: send only the tools a conversation needs (group them, or pick them per
request), or merge tools that differ only by a parameter.

Source: OpenAI API reference, Chat Completions, tools ("A max of 128
functions are supported"), platform.openai.com/docs/api-reference/chat/create;
function calling guide, platform.openai.com/docs/guides/function-calling.`,
		},
		Document: func(c *DocContext) { checkProviderToolCount(c, 128, "OpenAI") },
	},
	{
		Entry: catalog.Entry{
			Code: "openai/parameters-not-object", Severity: catalog.Error,
			Summary: "A tool's parameters are not a JSON Schema of type \"object\".",
			Doc: `OpenAI reads a function's "parameters" as a JSON Schema object whose
root has "type": "object": the arguments of a call are always a JSON
object. A root of another type, a root without a type, or parameters that
are not an object at all are rejected ("schema must be a JSON Schema of
'type: \"object\"'"). A function without "parameters" is fine: it takes no
arguments.

` + objectRootDocShared + `
Fix: wrap the parameters in {"type": "object", "properties": {...}}; a
single value becomes one named property.

Source: OpenAI API reference, FunctionObject.parameters ("The parameters
the functions accepts, described as a JSON Schema object"),
platform.openai.com/docs/api-reference/chat/create; function calling guide,
platform.openai.com/docs/guides/function-calling.`,
		},
		Tool: func(c *ToolContext) {
			if c.Tool.Params != nil && checkProviderKey(c, "OpenAI") {
				checkProviderObjectRoot(c, "OpenAI")
			}
		},
	},
}

// openaiNames is OpenAI's rule for function names.
var openaiNames = namePattern{provider: "OpenAI", max: 64, first: wordByte, rest: wordByte, allowed: "a-z, A-Z, 0-9, '_' and '-'"}

var openaiTarget = &Target{
	Name:    "openai",
	Summary: "tool names of `a-z A-Z 0-9 _ -`, at most 64 characters; at most 128 tools; parameters whose root is `\"type\": \"object\"`",
	Doc: `OpenAI's Chat Completions and Responses APIs reject a request whose
function names, number of functions or parameter schemas break their rules,
before the model sees it.

Source: OpenAI API reference, Chat Completions, tools,
platform.openai.com/docs/api-reference/chat/create; function calling guide,
platform.openai.com/docs/guides/function-calling.`,
	Rules: openaiRules,
}
