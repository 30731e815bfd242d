package call

import "toolbench/core/catalog"

// Code is a code of the call check, declared as data: its entry in the
// catalog of codes. Check's findings are of the codes from malformed to
// unchecked (ValidateCall's "missing:query" is a Finding of the code
// "missing"), DeepValidate's errors are "schema" and ValidateOutput's
// "output". A note (Severity catalog.Note) says what was not checked:
// it makes no call invalid. The table drives `toolbench rules`,
// `explain`, the pages of docs/rules and the rules a SARIF report of
// calls lists.
type Code struct {
	catalog.Entry
}

// codeTable is every code, in the order a call's strings come in.
var codeTable = []Code{
	{Entry: catalog.Entry{
		Code: "malformed", Severity: catalog.Error,
		Summary: "The call is not JSON, or not a call of any shape toolbench reads.",
		Doc:     "malformed:REASON. The line or document is not a JSON value, or is one with no tool name in any shape models write a call in (OpenAI tool_calls and Responses, Anthropic tool_use, an MCP tools/call request, Gemini functionCall, or {name, args}). Nothing else of it is checked. Fix the JSON the reason points at.",
	}},
	{Entry: catalog.Entry{
		Code: "unknown_tool", Severity: catalog.Error,
		Summary: "The call names a tool the schemas do not have.",
		Doc:     "unknown_tool:NAME, the only error of its call: validate_call's first check. Names are case-sensitive. Call a tool the schemas define, or add the tool. Source: the validate_call exercise's error codes (\"Tool Call Schema Validator\").",
	}},
	{Entry: catalog.Entry{
		Code: "kind", Severity: catalog.Error,
		Summary: "A function's call is a custom tool's, or the other way round.",
		Doc:     "kind:NAME:function is a custom tool call of a function, kind:NAME:custom a function call of a custom tool: OpenAI's Responses API sends a custom tool's input as free text, a function's as JSON arguments. Call the tool in the kind it is defined as. Source: OpenAI's function calling guide, on custom tools.",
	}},
	{Entry: catalog.Entry{
		Code: "missing", Severity: catalog.Error,
		Summary: "A required argument is absent.",
		Doc:     "missing:FIELD, one for each required field the arguments lack, in the schema's order. A field given as null is present (its error is type, not missing). Send the argument. Source: the validate_call exercise's error codes.",
	}},
	{Entry: catalog.Entry{
		Code: "extra", Severity: catalog.Error,
		Summary: "An argument the tool does not define.",
		Doc:     "extra:FIELD, one for each argument neither required nor optional, sorted. Drop the argument, or define it in the tool. Source: the validate_call exercise's error codes.",
	}},
	{Entry: catalog.Entry{
		Code: "type", Severity: catalog.Error,
		Summary: "An argument of the wrong type.",
		Doc:     "type:FIELD:TYPE, one for each present argument whose value the field's type (str, int, float, bool, list, dict) does not accept, required fields first, each in schema order. An int is a float; a bool is never an int or a float; nothing is coerced (\"3\" is no int). Send a value of the type. Source: the validate_call exercise's error codes.",
	}},
	{Entry: catalog.Entry{
		Code: "grammar", Severity: catalog.Error,
		Summary: "A custom tool's input is not a sentence of its grammar.",
		Doc:     "grammar:regex. The free-text input of a custom tool whose format is a regex grammar does not match it, as Rust's regex crate (which OpenAI names) would match it whole. Send input the grammar accepts. Source: OpenAI's function calling guide, on custom tools' grammars.",
	}},
	{Entry: catalog.Entry{
		Code: "unchecked", Severity: catalog.Note,
		Summary: "A custom tool's input that toolbench did not check.",
		Doc:     "unchecked:lark, or unchecked:regex:WHY: the grammar is lark's, which toolbench does not evaluate, or a regex toolbench cannot match as Rust's regex crate does. A note, not an error: the call counts as valid, unchecked; call --json writes it under \"notes\", apart from the errors, and SARIF and GitHub at the level of a note.",
	}},
	{Entry: catalog.Entry{
		Code: "schema", Severity: catalog.Error,
		Summary: "The arguments break the tool's JSON Schema (--deep).",
		Doc:     "schema:POINTER: message, or schema: message about the arguments as a whole: what the flat check does not look at, enums, bounds, patterns, formats and nested values, checked against the tool's whole parameters schema. Fix the value the pointer names. Source: JSON Schema 2020-12 validation.",
	}},
	{Entry: catalog.Entry{
		Code: "output", Severity: catalog.Error,
		Summary: "A result's structuredContent breaks the tool's outputSchema (--run).",
		Doc:     "output POINTER: message. When a tool declares an outputSchema, servers MUST provide structured results that conform to it, and clients SHOULD validate them. Fix the server's result, or the schema. Source: MCP specification 2025-11-25, server/tools, \"Output Schema\".",
	}},
}

// Codes returns every code of the call check, in the order a call's
// strings come in.
func Codes() []Code { return append([]Code(nil), codeTable...) }
