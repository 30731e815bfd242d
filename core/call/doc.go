// Package call checks the tool calls a model proposes before anything
// runs them, with the semantics of validate_call: unknown tools, missing,
// extra and mistyped arguments, in a fixed order. Tools come as flat
// schemas (required and optional fields of six type names) read from a
// flat schema file or derived from a tools document. Check's findings
// are values (a Finding carries its code, field, type, line and column);
// their String is validate_call's text, which ValidateCall returns.
//
// It reads every call shape models emit (OpenAI, Responses, Anthropic,
// MCP, Gemini), one call or JSON Lines checked in parallel batches,
// validates arguments against a tool's whole JSON Schema on request
// (deep), and makes sample calls a tool accepts. It writes no report:
// CheckCalls hands each Result to a ResultWriter, and core/report has
// one for each format.
//
// It imports catalog, jsondoc, tooldef, schema, termtext and
// internal/par.
package call
