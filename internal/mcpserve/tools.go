package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/termtext"
)

// The tools' definitions: what a model reads to choose one and fill in
// its arguments. Their input and output schemas are inferred from the Go
// types of the arguments and answers, declared beside each tool's
// handler (lint.go, calls.go, diff.go, explain.go) with a description
// for every property. They are held to toolbench's own lint under every
// target, OpenAI's strict mode included: every property is required, and
// an optional one is nullable.

// Tool names, as clients call them.
const (
	lintToolName    = "lint_tools"
	callsToolName   = "check_tool_calls"
	diffToolName    = "diff_tools"
	explainToolName = "explain_code"
)

// readOnly says what every tool here is: it reads its arguments and files
// under the root, changes nothing and reaches nothing beyond them.
var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, DestructiveHint: new(false), OpenWorldHint: new(false)}

// addTools adds the tools to srv.
func (s *server) addTools(srv *mcp.Server) {
	inputs := map[string]*jsonschema.Schema{}
	addTool(srv, inputs, s.log, &mcp.Tool{
		Name:  lintToolName,
		Title: "Lint tool definitions",
		Description: "Check LLM tool definitions for the defects that make a model skip a tool or call it wrongly " +
			"(bad names, missing or short descriptions, required properties that are not defined, invalid JSON Schema, hidden characters) " +
			"and, with targets, for what OpenAI, OpenAI strict mode, Anthropic, Gemini or MCP would reject. " +
			"Use it after writing or changing tool definitions or an MCP server's tools, and again after each fix until it reports no errors. " +
			"Give the document as JSON text in tools or as a file path in tools_path, the other null. " +
			"Returns each issue with its rule code, severity, JSON path, line, column, message, hint and any fixes; explain_code tells what a code means.",
	}, lintInputDocs, lintOutputDocs, s.lint)
	addTool(srv, inputs, s.log, &mcp.Tool{
		Name:  callsToolName,
		Title: "Check tool calls",
		Description: "Check tool calls a model made or might make against the tools they call: unknown tools, missing and extra arguments, " +
			"arguments of the wrong type, and with deep set, everything else the tool's JSON Schema says (enums, bounds, patterns, nested values). " +
			"Use it to test a tool definition with sample calls, or to find why calls from a model or a log fail. " +
			"Calls may be in any shape models emit (OpenAI, Responses, Anthropic, MCP, Gemini or {name, arguments}), one call or JSON Lines of calls. " +
			"Returns, for each call, its line and its errors as codes such as missing:FIELD and type:FIELD:TYPE.",
	}, callsInputDocs, callsOutputDocs, s.checkCalls)
	addTool(srv, inputs, s.log, &mcp.Tool{
		Name:  diffToolName,
		Title: "Compare tool definitions",
		Description: "Compare two versions of a tools document and report what changed for the calls a model sends, tool by tool: " +
			"breaking changes (a tool or parameter removed, a parameter newly required, a type, enum value or bound taken away, extra arguments refused) " +
			"and notes (additions, relaxed constraints, changed descriptions). " +
			"Use it before releasing a change to tools that callers or prompts rely on. " +
			"Give each version as JSON text (old, new) or as a file path (old_path, new_path). " +
			"Returns each change with its code, tool, JSON path, line and column, and whether any change breaks callers.",
	}, diffInputDocs, diffOutputDocs, s.diff)
	addTool(srv, inputs, s.log, &mcp.Tool{
		Name:  explainToolName,
		Title: "Explain a rule, target or change",
		Description: "Explain a code that lint_tools or diff_tools reported, or a lint target: what it checks, why it matters, how to fix what it reports, " +
			"and the provider documentation it follows. Use it when an issue's message and hint are not enough to fix it, " +
			"or to learn what a target (" + strings.Join(lint.TargetNames(), ", ") + ") adds before linting with it.",
	}, explainInputDocs, explainOutputDocs, s.explain)
	srv.AddReceivingMiddleware(checkedArguments(inputs))
	// Around the check of arguments, which decodes them: a call waits
	// for its slot before it costs more than its message.
	srv.AddReceivingMiddleware(s.limit.middleware)
}

// addTool adds the tool t, handled by h, with the schemas of In and Out
// and the descriptions inDocs and outDocs give their properties, and
// records t's input schema in inputs, for the check of arguments. A
// panic of h is written to log.
func addTool[In, Out any](srv *mcp.Server, inputs map[string]*jsonschema.Schema, log io.Writer, t *mcp.Tool, inDocs, outDocs map[string]string, h mcp.ToolHandlerFor[In, Out]) {
	in := schemaOf[In](inDocs, false)
	t.InputSchema, t.OutputSchema, t.Annotations = in, schemaOf[Out](outDocs, true), readOnly
	inputs[t.Name] = in
	mcp.AddTool(srv, t, guard(log, h))
}

// guard turns a panic in a tool into a tool error, so that a defect in
// toolbench answers one call badly rather than ending the server. The
// client is told that it failed, not how: a panic's value speaks of Go;
// the log gets it, with the tool's name.
func guard[In, Out any](log io.Writer, h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if p := recover(); p != nil {
				name := "a tool"
				if req != nil && req.Params != nil {
					name = req.Params.Name
				}
				fmt.Fprintf(log, "toolbench mcp: %s failed: %s\n", termtext.EscapeLine(name), termtext.EscapeLine(fmt.Sprint(p)))
				var zero Out
				res, out, err = nil, zero, errors.New("toolbench failed on this input; please report it with the input")
			}
		}()
		return h(ctx, req, in)
	}
}

// textResult is a result whose content is text, for a person to read;
// the SDK adds the answer as structuredContent.
func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// typeSchemas are the schemas of the types that take one of a few
// values, and of those whose JSON is not what their Go kind says (the
// severities, numbers written as their names).
var typeSchemas = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[catalog.Severity](): {Type: "string", Enum: anySlice([]string{catalog.Error.String(), catalog.Warning.String(), catalog.Note.String()})},
	reflect.TypeFor[targetName]():       {Type: "string", Enum: anySlice(lint.TargetNames())},
	reflect.TypeFor[codeKind]():         {Type: "string", Enum: []any{string(kindRule), string(kindTarget), string(kindChange), string(kindCall)}},
}

// severities are the severities a property of severity takes, by its
// path (see schemaOf), where they are fewer than catalog.Severity's: a
// lint issue and a rule are errors or warnings, a change an error or a
// note.
var severities = map[string][]catalog.Severity{
	"issues.severity":  {catalog.Error, catalog.Warning},
	"rules.severity":   {catalog.Error, catalog.Warning},
	"changes.severity": {catalog.Error, catalog.Note},
}

// anySlice is s as the values of an enum.
func anySlice[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// schemaOf infers the schema of T and describes its properties: docs
// maps a property's path, names joined by dots through properties and
// array items ("issues.code"), to its description. It panics on a
// property without a description, or a description of none, which tests
// catch.
//
// A slice may be null in arguments, where null means none; in an
// answer, which always sends a list, an output schema says so.
func schemaOf[T any](docs map[string]string, output bool) *jsonschema.Schema {
	s, err := jsonschema.For[T](&jsonschema.ForOptions{TypeSchemas: typeSchemas})
	if err != nil {
		panic(err)
	}
	used := map[string]bool{}
	describeProperties(s, "", docs, used, output)
	for path := range docs {
		if !used[path] {
			panic(fmt.Sprintf("mcpserve: %T has no property %s to describe", *new(T), path))
		}
	}
	return s
}

func describeProperties(s *jsonschema.Schema, prefix string, docs map[string]string, used map[string]bool, output bool) {
	if s.Items != nil {
		s = s.Items
	}
	for _, name := range s.PropertyOrder {
		p := s.Properties[name]
		path := prefix + name
		doc, ok := docs[path]
		if !ok {
			panic(fmt.Sprintf("mcpserve: property %s has no description", path))
		}
		used[path] = true
		p.Description = doc
		if sevs, ok := severities[path]; ok {
			p.Enum = nil
			for _, sev := range sevs {
				p.Enum = append(p.Enum, sev.String())
			}
		}
		if output && slices.Equal(p.Types, []string{"null", "array"}) {
			p.Types, p.Type = nil, "array"
		}
		describeProperties(p, path+".", docs, used, output)
	}
}
