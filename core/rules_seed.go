package core

// seedRules are the checks of the seed linter, with the document-level
// rules the linter reports itself.
var seedRules = []*Rule{
	{
		Code: "invalid-document", Severity: Error,
		Summary: "The file is JSON but not a tools document.",
		Doc:     "The top-level value must be a list of tools, one tool object, an object with a \"tools\" list, or an MCP tools/list result {\"result\": {\"tools\": [...]}}. Nothing else in the file is checked until it is.",
	},
	{
		Code: "invalid-tool", Severity: Error,
		Summary: "An entry of the tool list is not an object.",
		Doc:     "Every element of the tool list must be a JSON object describing one tool. A string, number or list there is not a tool, and providers reject the request.",
	},
}
