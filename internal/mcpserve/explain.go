package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/report"
)

// explainInput is explain_code's arguments.
type explainInput struct {
	Code string `json:"code"`
}

var explainInputDocs = map[string]string{
	"code": "A rule code from lint_tools (invalid-name, openai-strict/all-required), a change code from diff_tools (removed-tool), " +
		"a code from check_tool_calls (missing, type), " +
		"or a target name (" + strings.Join(lint.TargetNames(), ", ") + ").",
}

// explainOutput is explain_code's answer: the entry of the rule, target
// or change table.
type explainOutput struct {
	Kind     codeKind   `json:"kind"`
	Code     string     `json:"code"`
	Severity string     `json:"severity"`
	Target   string     `json:"target"`
	Summary  string     `json:"summary"`
	Doc      string     `json:"doc"`
	Implies  []string   `json:"implies"`
	OptIn    string     `json:"opt_in"`
	Rules    []ruleLine `json:"rules"`
}

// codeKind is what a code names.
type codeKind string

// The kinds of code.
const (
	kindRule   codeKind = "rule"
	kindTarget codeKind = "target"
	kindChange codeKind = "change"
	kindCall   codeKind = "call"
)

// ruleLine is one rule of a target.
type ruleLine struct {
	Code     string           `json:"code"`
	Severity catalog.Severity `json:"severity"`
	Summary  string           `json:"summary"`
}

var explainOutputDocs = map[string]string{
	"kind":           "What the code names: a lint rule, a lint target, a kind of change diff_tools reports, or a code of check_tool_calls or of a call sent to a server.",
	"code":           "The rule or change code, or the target's name.",
	"severity":       "A rule's severity (error or warning), a change's (error when it breaks callers, else note), a call code's or an outcome's of a sent call (error, warning or note); \"\" for a target.",
	"target":         "For a rule, the target that turns it on; \"\" for a rule every lint runs, and for a target or change.",
	"summary":        "What it finds, in a line; for a target, what it adds.",
	"doc":            "What it checks, why it matters, how to fix what it reports, and the documentation it follows.",
	"implies":        "For a target, the other targets it turns on; [] otherwise.",
	"opt_in":         "For a target, how a tool asks for its rules whatever the targets; \"\" when it cannot, and for a rule or change.",
	"rules":          "For a target, its rules; [] otherwise.",
	"rules.code":     "The rule's code.",
	"rules.severity": "The rule's severity.",
	"rules.summary":  "What the rule finds, in a line.",
}

// explain looks code up in the catalog of codes, and answers with its
// entry and the text toolbench explain prints of it.
func (s *server) explain(_ context.Context, _ *mcp.CallToolRequest, in explainInput) (*mcp.CallToolResult, explainOutput, error) {
	name := strings.TrimSpace(in.Code)
	c := report.Catalog().Lookup(name)
	if c == nil {
		return nil, explainOutput{}, unknownCode(name)
	}
	return textResult(c.Text(s.informationURI)), explainEntry(c), nil
}

// explainEntry is a code's entry, as explain_code's structured content
// has it.
func explainEntry(c *catalog.Code) explainOutput {
	out := explainOutput{Code: c.Code, Severity: c.Severity.String(), Summary: c.Summary, Doc: c.Doc, Implies: []string{}, Rules: []ruleLine{}}
	switch c.Kind {
	case catalog.KindRule, catalog.KindServers, catalog.KindManifest:
		out.Kind = kindRule
		if len(c.Targets) > 0 {
			out.Target = c.Targets[0]
		}
	case catalog.KindTarget:
		out.Kind, out.Severity, out.OptIn = kindTarget, "", c.OptIn
		out.Implies = append(out.Implies, c.Implies...)
		for _, r := range c.Rules {
			out.Rules = append(out.Rules, ruleLine{Code: r.Code, Severity: r.Severity, Summary: r.Summary})
		}
	case catalog.KindChange:
		out.Kind = kindChange
	default:
		out.Kind = kindCall
	}
	return out
}

// unknownCode is the error of a code the catalog does not have, with the
// codes it may be a mistyping of.
func unknownCode(code string) error {
	msg := fmt.Sprintf("no rule, target, change or call check has the code %q", code)
	if near := report.Catalog().Similar(code); len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, ", ") + "?"
	}
	return errors.New(msg)
}
