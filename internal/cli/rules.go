package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"toolbench/core/call"
	"toolbench/core/diff"
	"toolbench/core/lint"
	"toolbench/core/registry"
	"toolbench/core/report"
	"toolbench/core/servers"
	"toolbench/core/termtext"
)

func rulesCommand(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "rules",
		Short: "list every rule with its severity and target",
		Long: prose(`
List every rule toolbench checks: its code (what --ignore and the reports
name), its severity, the target that enables it ("always" for the rules
every lint runs; --target ` + strings.Join(lint.TargetNames(), ", ") + ` for the others), and one
line on what it finds. Then the checks of several servers together, which
lint --all-servers runs, the checks of a server's server.json, and every
change toolbench diff and verify report:
its code, whether it breaks callers, and one line on what it finds.`),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(cmd, fmt.Errorf("unexpected argument %q", args[0]))
			}
			writeRuleList(e.stdout, lint.Rules())
			fmt.Fprintln(e.stdout, "\nThe checks of several servers together (lint --all-servers):")
			writeRuleList(e.stdout, servers.Rules())
			fmt.Fprintln(e.stdout, "\nThe checks of an MCP server's server.json, its manifest for the MCP registry (lint server.json):")
			writeRuleList(e.stdout, registry.Rules())
			fmt.Fprintln(e.stdout, "\nThe changes toolbench diff and verify report:")
			writeCheckList(e.stdout, diff.Checks())
			fmt.Fprintln(e.stdout, "\nThe codes toolbench call and call --run report:")
			writeCallCodeList(e.stdout)
			fmt.Fprintln(e.stdout, "\nRun \"toolbench explain CODE\" for what a rule, change or call code means and what to do.")
			return nil
		},
	}
}

// writeRuleList prints one rule a line: code, severity, target, summary.
func writeRuleList(w io.Writer, rules []*lint.Rule) {
	codeW, targetW := len("CODE"), len("TARGET")
	for _, r := range rules {
		codeW = max(codeW, len(r.Code))
		targetW = max(targetW, len(ruleTarget(r)))
	}
	fmt.Fprintf(w, "%-*s  %-8s  %-*s  %s\n", codeW, "CODE", "SEVERITY", targetW, "TARGET", "SUMMARY")
	for _, r := range rules {
		fmt.Fprintf(w, "%-*s  %-8s  %-*s  %s\n", codeW, r.Code, r.Severity, targetW, ruleTarget(r), r.Summary)
	}
}

// writeCheckList prints one of diff's checks a line: code, whether it
// breaks callers, summary.
func writeCheckList(w io.Writer, checks []*diff.Check) {
	codeW := len("CODE")
	for _, c := range checks {
		codeW = max(codeW, len(c.Code))
	}
	fmt.Fprintf(w, "%-*s  %-8s  %s\n", codeW, "CODE", "SEVERITY", "SUMMARY")
	for _, c := range checks {
		fmt.Fprintf(w, "%-*s  %-8s  %s\n", codeW, c.Code, checkSeverity(c), c.Summary)
	}
}

// writeCallCodeList prints one code of call.Codes and report.RunCodes a
// line: code, kind, summary.
func writeCallCodeList(w io.Writer) {
	codes := append(call.Codes(), report.RunCodes()...)
	codeW := len("CODE")
	for _, c := range codes {
		codeW = max(codeW, len(c.Code))
	}
	fmt.Fprintf(w, "%-*s  %-8s  %s\n", codeW, "CODE", "KIND", "SUMMARY")
	for i, c := range codes {
		kind := "error"
		switch {
		case i >= len(call.Codes()):
			kind = "run"
		case c.Note:
			kind = "note"
		}
		fmt.Fprintf(w, "%-*s  %-8s  %s\n", codeW, c.Code, kind, c.Summary)
	}
}

// checkSeverity words a check's severity as diff's reports do.
func checkSeverity(c *diff.Check) string {
	if c.Severity == diff.Error {
		return "breaking"
	}
	return "note"
}

// ruleTarget is the target that enables a rule, or "always".
func ruleTarget(r *lint.Rule) string {
	switch {
	case strings.HasPrefix(r.Code, servers.Prefix):
		return "all-servers"
	case strings.HasPrefix(r.Code, registry.Prefix):
		return "server.json"
	case r.Target == "":
		return "always"
	}
	return r.Target
}

func explainCommand(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "explain CODE|TARGET...",
		Short: "explain a rule or target, with its source",
		Long: prose(`
Print a rule's documentation: what it checks, why it matters, how to fix
what it reports, and the provider documentation it follows. For a target
(openai, openai-strict, ...), print what it adds, where the provider says
so, and its rules. For a change toolbench diff reports (removed-tool,
type-changed, ...), print what it finds, why it matters to callers, and
what to do.

Exit status: 0, or 2 for a name no rule, target or change has.`),
		Example: `toolbench explain invalid-name
toolbench explain openai-strict/additional-properties
toolbench explain removed-tool`,
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var out []cobra.Completion
			for _, words := range [][][2]string{ruleWords(), targetWords(), changeCodes(), callCodes()} {
				for _, w := range words {
					out = append(out, cobra.CompletionWithDesc(w[0], w[1]))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usage(cmd, errors.New("name a rule code, a target or a change's code, e.g. toolbench explain invalid-name"))
			}
			return exit(runExplain(e, args))
		},
	}
}

// runExplain prints the documentation of each name, or says which one
// names nothing.
func runExplain(e *env, names []string) int {
	var docs []func(io.Writer)
	for _, name := range names {
		code, ok := report.LookupCode(name)
		switch {
		case !ok:
		case code.Rule != nil:
			docs = append(docs, func(w io.Writer) {
				writeExplanation(w, code.Rule)
				writePage(w, e.build.informationURI(), report.RulePage(code.Rule.Code))
			})
			continue
		case code.Target != nil:
			docs = append(docs, func(w io.Writer) {
				writeTargetExplanation(w, code.Target)
				writePage(w, e.build.informationURI(), targetsPage)
			})
			continue
		case code.Check != nil:
			docs = append(docs, func(w io.Writer) {
				writeCheckExplanation(w, code.Check)
				writePage(w, e.build.informationURI(), report.RulePage(code.Check.Code))
			})
			continue
		case code.Call != nil:
			docs = append(docs, func(w io.Writer) {
				writeCallCodeExplanation(w, *code.Call, code.Run)
				writePage(w, e.build.informationURI(), report.RulePage(code.Call.Code))
			})
			continue
		}
		msg := fmt.Sprintf("toolbench explain: unknown code %q: no rule, target, change or call check has it", termtext.EscapeLine(name))
		if near := report.SimilarCodes(name); len(near) > 0 {
			msg += " (did you mean " + strings.Join(near, ", ") + "?)"
		}
		fmt.Fprintln(e.stderr, msg)
		fmt.Fprintln(e.stderr, `Run "toolbench rules" for the list.`)
		return exitFailure
	}
	for i, write := range docs {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		write(e.stdout)
	}
	return exitOK
}

// writeExplanation prints a rule's heading, summary and documentation,
// wrapped for an 80-column terminal.
func writeExplanation(w io.Writer, r *lint.Rule) {
	target := "always on"
	switch {
	case strings.HasPrefix(r.Code, servers.Prefix):
		target = "lint --all-servers"
	case strings.HasPrefix(r.Code, registry.Prefix):
		target = "lint of a server.json"
	case r.Target != "":
		target = "target " + r.Target
	}
	fmt.Fprintf(w, "%s (%s, %s)\n%s\n\n%s\n", r.Code, r.Severity, target, explainWrap(r.Summary, 78), explainWrap(r.Doc, 78))
}

// writeCallCodeExplanation prints a call check's code, or a run's, as
// writeExplanation does a rule.
func writeCallCodeExplanation(w io.Writer, c call.Code, run bool) {
	what := "error, a code toolbench call reports"
	switch {
	case run:
		what = "an outcome toolbench call --run reports"
	case c.Note:
		what = "note, a code toolbench call reports"
	}
	fmt.Fprintf(w, "%s (%s)\n%s\n\n%s\n", c.Code, what, explainWrap(c.Summary, 78), explainWrap(c.Doc, 78))
}

// writeCheckExplanation prints a diff check's heading, summary and
// documentation, as writeExplanation does a rule's.
func writeCheckExplanation(w io.Writer, c *diff.Check) {
	fmt.Fprintf(w, "%s (%s, a change toolbench diff reports)\n%s\n\n%s\n", c.Code, checkSeverity(c), explainWrap(c.Summary, 78), explainWrap(c.Doc, 78))
}

// targetsPage is the page that documents the targets.
const targetsPage = "docs/targets.md"

// writePage ends an explanation with the page that documents the same in
// toolbench's repository: its path, and its address when the build knows
// where the repository is.
func writePage(w io.Writer, uri, page string) {
	if url := report.DocURL(uri, page); url != "" {
		fmt.Fprintf(w, "\nPage: %s, at %s\n", page, url)
		return
	}
	fmt.Fprintf(w, "\nPage: %s in toolbench's repository\n", page)
}

// writeTargetExplanation prints a target's name, what it adds, its
// documentation, how a tool opts into it, and its rules.
func writeTargetExplanation(w io.Writer, t *lint.Target) {
	fmt.Fprintf(w, "%s (target)\n%s\n\n%s\n", t.Name, explainWrap("What it adds: "+t.Summary+".", 78), explainWrap(t.Doc, 78))
	if len(t.Implies) > 0 {
		var names []string
		for _, i := range t.Implies {
			names = append(names, i.Name)
		}
		fmt.Fprintf(w, "\nIt turns on %s too.\n", strings.Join(names, ", "))
	}
	if t.OptIn != nil {
		fmt.Fprintf(w, "\nA tool opts into it with %s, whatever the targets.\n", t.OptInDoc)
	}
	fmt.Fprintln(w, "\nRules:")
	writeRuleList(w, t.Rules)
	fmt.Fprintln(w, "\nRun \"toolbench explain CODE\" for what a rule checks and how to fix it.")
}

// explainWrap breaks s at spaces into lines of at most width cells,
// keeping the line breaks s has and each long word (a URL) whole.
func explainWrap(s string, width int) string {
	return strings.Join(termtext.Wrap(s, width, termtext.KeepLongWords), "\n")
}
