package mcpserve

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/call"
	"toolbench/core/report"
	"toolbench/core/termtext"
)

// callsInput is check_tool_calls' arguments.
type callsInput struct {
	Tools     *string `json:"tools"`
	ToolsPath *string `json:"tools_path"`
	Calls     string  `json:"calls"`
	Deep      bool    `json:"deep"`
}

var callsInputDocs = map[string]string{
	"tools": "The tools the calls are for, as JSON text: a tools document in any provider's shape, " +
		"or a flat schema file ({\"TOOL\": {\"required\": {\"FIELD\": \"str\"}, \"optional\": {...}}}, types str, int, float, bool, list, dict). " +
		"null when tools_path names a file.",
	"tools_path": pathDoc("the tools", "tools"),
	"calls": "The calls as JSON text: one call, or JSON Lines with one call a line. A call may be {\"name\", \"arguments\"}, " +
		"an OpenAI tool_calls item or Responses function_call, an Anthropic tool_use block, an MCP tools/call request or a Gemini functionCall.",
	"deep": "true to also validate each call's arguments against the tool's whole JSON Schema (enums, bounds, patterns, formats, nested values); " +
		"false for names and top-level types only.",
}

// callsOutput is check_tool_calls' answer.
type callsOutput struct {
	Results []callResult `json:"results"`
	Calls   int          `json:"calls"`
	Invalid int          `json:"invalid"`
	Omitted int          `json:"omitted"`
	Notes   []string     `json:"notes"`
}

// callResult is what is wrong with one call.
type callResult struct {
	Line   int                `json:"line"`
	Tool   string             `json:"tool"`
	Valid  bool               `json:"valid"`
	Errors []string           `json:"errors"`
	Notes  []string           `json:"notes"`
	Schema []call.SchemaError `json:"schema"`
}

var callsOutputDocs = map[string]string{
	"results":       "A result for each call, in order.",
	"results.line":  "The line of calls the call starts on.",
	"results.tool":  "The tool it calls, \"\" when it is not a call at all.",
	"results.valid": "Whether the call has no error.",
	"results.errors": "The check's errors, in a fixed order: malformed:REASON, or unknown_tool:NAME, " +
		"or missing:FIELD for each absent required argument, extra:FIELD for each argument the tool does not take, type:FIELD:TYPE for each of the wrong type.",
	"results.notes":          "What the check did not check, which is no error: unchecked:lark for a custom tool's input under a lark grammar, unchecked:regex:WHY for a regex it cannot match as OpenAI does.",
	"results.schema":         "With deep, where the arguments break the tool's JSON Schema; [] otherwise.",
	"results.schema.path":    "A JSON pointer into the arguments, \"\" for the arguments as a whole.",
	"results.schema.message": "What the schema requires there.",
	"calls":                  "How many calls there are.",
	"invalid":                "How many of them have errors.",
	"omitted":                "How many results are left out of the list, past the most one answer holds; 0 normally.",
	"notes":                  "What the check could not do: fields whose type it cannot check, tool names defined twice, deep validation without JSON Schemas.",
}

// checkCalls checks the calls against the tools, as `toolbench call` does.
func (s *server) checkCalls(ctx context.Context, _ *mcp.CallToolRequest, in callsInput) (*mcp.CallToolResult, callsOutput, error) {
	doc, err := s.document("tools", in.Tools, "tools_path", in.ToolsPath)
	if err != nil {
		return nil, callsOutput{}, err
	}
	schemas, err := call.LoadSchemas(doc, "")
	if err != nil {
		return nil, callsOutput{}, err
	}
	if len(in.Calls) > s.maxInput {
		return nil, callsOutput{}, s.tooLarge("calls", len(in.Calls))
	}
	out := callsOutput{Results: []callResult{}, Notes: schemaNotes(doc.Name, schemas, in.Deep)}
	var text strings.Builder
	err = call.ReadCalls(strings.NewReader(in.Calls), func(line int, c call.Call) error {
		if err := ctx.Err(); err != nil {
			return err // cancelled, or the client went away
		}
		found := call.Check(c, schemas)
		errs, notes := call.Errors(found), call.Notes(found)
		var deep []call.SchemaError
		if in.Deep {
			deep = call.DeepValidate(c, schemas)
		}
		valid := len(errs) == 0 && len(deep) == 0
		out.Calls++
		if !valid {
			out.Invalid++
		}
		if len(out.Results) == s.maxResults {
			out.Omitted++
			return nil
		}
		out.Results = append(out.Results, callResult{Line: line, Tool: c.Name, Valid: valid,
			Errors: orEmpty(call.Strings(errs)), Notes: orEmpty(call.Strings(notes)), Schema: orEmpty(deep)})
		fmt.Fprintf(&text, "line %d: %s\n", line, report.CallErrorsText(found, deep))
		return nil
	})
	switch {
	case ctx.Err() != nil:
		return nil, callsOutput{}, ctx.Err()
	case err != nil:
		return nil, callsOutput{}, fmt.Errorf("<calls>: %w", err)
	}
	switch {
	case out.Calls == 0:
		text.WriteString("no calls\n")
	default:
		fmt.Fprintf(&text, "%s: %d valid, %d invalid\n", termtext.Plural(out.Calls, "call"), out.Calls-out.Invalid, out.Invalid)
	}
	if out.Omitted > 0 {
		fmt.Fprintf(&text, "(the results of %d calls are not listed)\n", out.Omitted)
	}
	for _, n := range out.Notes {
		text.WriteString("note: " + termtext.EscapeLine(n) + "\n")
	}
	return textResult(text.String()), out, nil
}

// schemaNotes says what the check of calls against schemas, read from the
// document named file, cannot do.
func schemaNotes(file string, schemas *call.Schemas, deep bool) []string {
	notes := []string{}
	if deep && schemas.Tools == nil {
		notes = append(notes, "deep validation needs a tools document; a flat schema file has no JSON Schema to validate against")
	}
	for _, u := range schemas.Underived {
		notes = append(notes, fmt.Sprintf("%s:%d:%d: tool %q, field %q: no flat type can be derived from type %q, so any value passes",
			file, u.Line, u.Column, u.Tool, u.Field, u.Type))
	}
	for _, d := range schemas.Shadowed {
		notes = append(notes, fmt.Sprintf("%s:%d:%d: tool %q is defined again with other parameters; calls are checked against its first definition, at %d:%d",
			file, d.Line, d.Column, d.Tool, d.FirstLine, d.FirstColumn))
	}
	return notes
}
