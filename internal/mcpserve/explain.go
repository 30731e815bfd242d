package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolbench/core/call"
	"toolbench/core/diff"
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
	Code     string        `json:"code"`
	Severity lint.Severity `json:"severity"`
	Summary  string        `json:"summary"`
}

var explainOutputDocs = map[string]string{
	"kind":           "What the code names: a lint rule, a lint target, a kind of change diff_tools reports, or a code of check_tool_calls or of a call sent to a server.",
	"code":           "The rule or change code, or the target's name.",
	"severity":       "A rule's severity (error or warning), a change's (error when it breaks callers, else note), a call code's (error or note); \"\" for a target and an outcome of a sent call.",
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

// explain looks code up in the rule, target and change tables.
func explain(_ context.Context, _ *mcp.CallToolRequest, in explainInput) (*mcp.CallToolResult, explainOutput, error) {
	code := strings.TrimSpace(in.Code)
	var out explainOutput
	var text string
	found, ok := report.LookupCode(code)
	switch {
	case !ok:
		return nil, explainOutput{}, unknownCode(code)
	case found.Rule != nil:
		out, text = explainRule(found.Rule)
	case found.Target != nil:
		out, text = explainTarget(found.Target)
	case found.Check != nil:
		out, text = explainChange(found.Check)
	default:
		out, text = explainCallCode(*found.Call, found.Run)
	}
	return textResult(text), out, nil
}

// explainRule is the entry of a rule, and its text: the heading, the
// summary and the doc, as `toolbench explain` has them.
func explainRule(r *lint.Rule) (explainOutput, string) {
	where := "always on"
	if r.Target != "" {
		where = "target " + r.Target
	}
	out := explainOutput{Kind: kindRule, Code: r.Code, Severity: r.Severity.String(), Target: r.Target, Summary: r.Summary, Doc: r.Doc, Implies: []string{}, Rules: []ruleLine{}}
	return out, fmt.Sprintf("%s (%s, %s)\n%s\n\n%s\n", r.Code, r.Severity, where, r.Summary, r.Doc)
}

// explainTarget is the entry of a target, and its text: what it adds,
// its doc, the targets it turns on, how a tool opts in, and its rules.
func explainTarget(t *lint.Target) (explainOutput, string) {
	out := explainOutput{Kind: kindTarget, Code: t.Name, Summary: t.Summary, Doc: t.Doc, Implies: []string{}, OptIn: t.OptInDoc, Rules: []ruleLine{}}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (target)\nWhat it adds: %s.\n\n%s\n", t.Name, t.Summary, t.Doc)
	for _, i := range t.Implies {
		out.Implies = append(out.Implies, i.Name)
	}
	if len(out.Implies) > 0 {
		fmt.Fprintf(&b, "\nIt turns on %s too.\n", strings.Join(out.Implies, ", "))
	}
	if t.OptIn != nil {
		fmt.Fprintf(&b, "\nA tool opts into it with %s, whatever the targets.\n", t.OptInDoc)
	}
	b.WriteString("\nRules:\n")
	for _, r := range t.Rules {
		out.Rules = append(out.Rules, ruleLine{Code: r.Code, Severity: r.Severity, Summary: r.Summary})
		fmt.Fprintf(&b, "  %s (%s): %s\n", r.Code, r.Severity, r.Summary)
	}
	return out, b.String()
}

// explainChange is the entry of a kind of change, and its text.
func explainChange(c *diff.Check) (explainOutput, string) {
	effect := "breaks callers"
	if c.Severity != diff.Error {
		effect = "a note"
	}
	out := explainOutput{Kind: kindChange, Code: c.Code, Severity: c.Severity.String(), Summary: c.Summary, Doc: c.Doc, Implies: []string{}, Rules: []ruleLine{}}
	return out, fmt.Sprintf("%s (%s, a change diff_tools reports)\n%s\n\n%s\n", c.Code, effect, c.Summary, c.Doc)
}

// explainCallCode is the entry of a code check_tool_calls reports, or
// of an outcome of a call sent to a server, and its text.
func explainCallCode(c call.Code, run bool) (explainOutput, string) {
	severity, what := "error", "a code check_tool_calls reports"
	switch {
	case run:
		severity, what = "", "an outcome of a call sent to a server (toolbench call --run)"
	case c.Note:
		severity = "note"
	}
	out := explainOutput{Kind: kindCall, Code: c.Code, Severity: severity, Summary: c.Summary, Doc: c.Doc, Implies: []string{}, Rules: []ruleLine{}}
	return out, fmt.Sprintf("%s (%s)\n%s\n\n%s\n", c.Code, what, c.Summary, c.Doc)
}

// unknownCode is the error of a code that no table has, with the codes
// it may be a mistyping of.
func unknownCode(code string) error {
	msg := fmt.Sprintf("no rule, target, change or call check has the code %q", code)
	if near := report.SimilarCodes(code); len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, ", ") + "?"
	}
	return errors.New(msg)
}
