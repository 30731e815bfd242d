package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/report"
	"toolbench/core/termtext"
	"toolbench/internal/source"
)

// lintInput is lint_tools' arguments.
type lintInput struct {
	Tools     *string      `json:"tools"`
	ToolsPath *string      `json:"tools_path"`
	Targets   []targetName `json:"targets"`
	Ignore    []string     `json:"ignore"`
}

// targetName is the name of a lint target; its schema lists them.
type targetName string

var lintInputDocs = map[string]string{
	"tools": "The tools document as JSON text: a list of tools, one tool, {\"tools\": [...]}, an MCP tools/list result, " +
		"or JSON Lines of these, in the OpenAI, Anthropic, MCP, Gemini or bare {name, parameters} shape. " +
		"Issues name it <tools>, with lines and columns in this text. null when tools_path names a file.",
	"tools_path": pathDoc("the tools document", "tools"),
	"targets":    "Providers whose rules to check as well, by name, in place of the targets of the toolbench.toml found from the directory the server was started in. null or [] for that file's, or none, though a document of MCP tools is always checked with mcp.",
	"ignore":     "Rule codes not to report, such as short-description, beside those toolbench.toml turns off. null or [] for none.",
}

// pathDoc describes the argument giving the path of what, whose text
// goes in textArg otherwise.
func pathDoc(what, textArg string) string {
	return "The path of a file holding " + what + ", relative to the server's root directory " +
		"(toolbench mcp --root DIR; by default the directory the server was started in); an absolute path must be under it. " +
		"null when " + textArg + " gives the text."
}

// lintOutput is lint_tools' answer: the issues, as `toolbench lint
// --format json` writes them, and their counts.
type lintOutput struct {
	Issues   []lint.Issue `json:"issues"`
	Errors   int          `json:"errors"`
	Warnings int          `json:"warnings"`
	Omitted  int          `json:"omitted"`
	Targets  []string     `json:"targets"`
}

var lintOutputDocs = map[string]string{
	"issues":                   "The issues, errors first, then warnings, each in document order.",
	"issues.severity":          "error: a provider rejects the tool or a model cannot call it right; warning: it works, worse.",
	"issues.code":              "The rule's code, for explain_code and for ignore.",
	"issues.path":              "Where in the document, as a JSON path such as $.tools[0].inputSchema.",
	"issues.message":           "What is wrong.",
	"issues.hint":              "How to fix it.",
	"issues.tool":              "The name of the tool it is in, \"\" for the document as a whole.",
	"issues.file":              "The document: the path given, or <tools> for JSON text.",
	"issues.line":              "The line it is on, from 1; 0 when it has no place.",
	"issues.column":            "The column, in bytes from 1; 0 when it has no place.",
	"issues.end_line":          "The line the offending text ends on; 0 when it has no place.",
	"issues.end_column":        "The column just past the offending text, in bytes from 1; 0 when it has no place.",
	"issues.fixes":             "Changes to the document's text that fix it, when the rule knows one.",
	"issues.fixes.message":     "What the fix does.",
	"issues.fixes.edits":       "The edits, to be made together.",
	"issues.fixes.edits.start": "The byte offset where the text to replace starts.",
	"issues.fixes.edits.end":   "The byte offset where it ends.",
	"issues.fixes.edits.new":   "The text to put there.",
	"errors":                   "How many errors there are in all.",
	"warnings":                 "How many warnings there are in all.",
	"omitted":                  "How many issues are left out of the list, past the most one answer holds; 0 normally.",
	"targets":                  "The targets the lint ran, mcp included when the document's MCP shape implied it.",
}

// lint lints the document given. A cancelled request, or one whose client
// went away, stops the lint at its next tool or schema.
func (s *server) lint(ctx context.Context, _ *mcp.CallToolRequest, in lintInput) (*mcp.CallToolResult, lintOutput, error) {
	targets := make([]string, len(in.Targets))
	for i, t := range in.Targets {
		targets[i] = string(t)
	}
	opt, err := lintOptions(targets, in.Ignore)
	if err != nil {
		return nil, lintOutput{}, err
	}
	doc, err := s.document("tools", in.Tools, "tools_path", in.ToolsPath)
	if err != nil {
		return nil, lintOutput{}, err
	}
	opt.Done = ctx.Done()
	res := s.lintDocument(doc, in.ToolsPath, opt)
	if err := ctx.Err(); err != nil {
		fmt.Fprintln(s.log, "toolbench mcp: lint_tools stopped: the request was cancelled, or its client went away")
		return nil, lintOutput{}, err // no one waits for the answer
	}
	shown := res.Issues[:min(len(res.Issues), s.maxResults)]
	out := lintOutput{Issues: orEmpty(shown), Errors: res.Errors, Warnings: res.Warnings, Omitted: len(res.Issues) - len(shown), Targets: orEmpty(res.Targets)}
	var b strings.Builder
	if err := textFormat.Write(&b, &report.Report{Issues: shown, Files: 1}); err != nil {
		return nil, lintOutput{}, err
	}
	if out.Omitted > 0 {
		fmt.Fprintf(&b, "(%s listed of %s, %s in all)\n", termtext.Plural(len(shown), "issue"),
			termtext.Plural(len(res.Issues), "issue"), counts(res.Errors, "error", res.Warnings, "warning"))
	}
	return textResult(b.String()), out, nil
}

// lintDocument lints doc, read from the file path names (nil for text),
// as the team's policy says with the call's targets and ignore over it,
// and without the issues the policy accepts: what toolbench lint reports
// of the file.
func (s *server) lintDocument(doc *jsondoc.Document, path *string, call lint.Options) *lint.Result {
	if s.policy == nil {
		return registry.Lint(doc, call)
	}
	in := source.Input{Path: doc.Name}
	if path != nil {
		in.Path = *path
	}
	opt := s.policy.Options(in)
	if len(call.Targets) > 0 {
		opt.Targets = call.Targets
	}
	opt.Ignore = append(opt.Ignore, call.Ignore...)
	return s.policy.Accept(in, registry.Lint(doc, opt), s.policy.Match())
}

// textFormat is the report format for people.
var textFormat, _ = report.LookupFormat("text")

// lintOptions checks the target names and rule codes and returns them as
// the linter's options.
func lintOptions(targets, ignore []string) (lint.Options, error) {
	t, err := lint.ParseTargets(targets)
	if err != nil {
		return lint.Options{}, fmt.Errorf("targets: %w", err)
	}
	for _, code := range ignore {
		if lint.LookupRule(code) == nil {
			msg := fmt.Sprintf("ignore: unknown rule code %q", code)
			if near := lint.SimilarRuleCodes(code); len(near) > 0 {
				msg += " (did you mean " + strings.Join(near, ", ") + "?)"
			}
			return lint.Options{}, errors.New(msg)
		}
	}
	return lint.Options{Targets: t, Ignore: ignore}, nil
}

// counts says "3 errors, 1 warning".
func counts(n int, what string, m int, other string) string {
	return termtext.Plural(n, what) + ", " + termtext.Plural(m, other)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
