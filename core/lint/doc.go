// Package lint checks tool definitions: it walks the tools of a document
// (tooldef) and every schema in their parameters, and runs the rules on
// them, reporting each finding as an Issue with a rule code, a JSON path
// and the span of text it is about, from its start to its end.
//
// Rules are data: a Rule declares its code, severity, documents and the
// hooks it runs, and sees the document only through its context. The
// rules every lint runs are in the files rules_*.go; each provider target
// (OpenAI, OpenAI strict mode, Anthropic, Gemini, and each revision of
// MCP's specification) is a Target in files of its own, target_*.go,
// with its rules, turned on by name.
//
// A rule embeds its catalog.Entry (code, severity, summary, doc, fix),
// the record every family of codes shares.
//
// It imports catalog, jsondoc, jsonedit, tooldef, schema, termtext and
// internal/par.
package lint
