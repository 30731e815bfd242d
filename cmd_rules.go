package main

import (
	"fmt"
	"io"
	"strings"

	"toolbench/core/lint"
	"toolbench/core/termtext"
)

func init() {
	register(command{order: 40, name: "rules", summary: "list every rule code with its severity and target", run: runRules})
	register(command{order: 50, name: "explain", summary: "print what a rule checks, why, how to fix it, and its source", run: runExplain})
}

func runRules(e *env, args []string) int {
	fs := newFlagSet("rules")
	if err := fs.Parse(args); err != nil {
		return argsError(e, "toolbench rules", err, rulesUsage)
	}
	if fs.NArg() > 0 {
		return argsError(e, "toolbench rules", fmt.Errorf("unexpected argument %q", fs.Arg(0)), rulesUsage)
	}
	writeRuleList(e.stdout, lint.Rules())
	return exitOK
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
	fmt.Fprintln(w, "\nRun \"toolbench explain CODE\" for what a rule checks and how to fix it.")
}

// ruleTarget is the target that enables a rule, or "always".
func ruleTarget(r *lint.Rule) string {
	if r.Target == "" {
		return "always"
	}
	return r.Target
}

func runExplain(e *env, args []string) int {
	fs := newFlagSet("explain")
	if err := fs.Parse(args); err != nil {
		return argsError(e, "toolbench explain", err, explainUsage)
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(e.stderr, "toolbench explain: name a rule code, e.g. toolbench explain invalid-name")
		explainUsage(e.stderr)
		return exitFailure
	}
	var rules []*lint.Rule
	for _, code := range fs.Args() {
		r := lint.LookupRule(code)
		if r == nil {
			msg := fmt.Sprintf("toolbench explain: unknown rule code %q", termtext.EscapeLine(code))
			if near := lint.SimilarRuleCodes(code); len(near) > 0 {
				msg += " (did you mean " + strings.Join(near, ", ") + "?)"
			}
			fmt.Fprintln(e.stderr, msg)
			fmt.Fprintln(e.stderr, `Run "toolbench rules" for the list.`)
			return exitFailure
		}
		rules = append(rules, r)
	}
	for i, r := range rules {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		writeExplanation(e.stdout, r)
	}
	return exitOK
}

// writeExplanation prints a rule's heading, summary and documentation,
// wrapped for an 80-column terminal.
func writeExplanation(w io.Writer, r *lint.Rule) {
	target := "always on"
	if r.Target != "" {
		target = "target " + r.Target
	}
	fmt.Fprintf(w, "%s (%s, %s)\n%s\n\n%s\n", r.Code, r.Severity, target, explainWrap(r.Summary, 78), explainWrap(r.Doc, 78))
}

// explainWrap breaks each line of s longer than width at spaces, keeping the
// line breaks s has.
func explainWrap(s string, width int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		for len(line) > width {
			cut := strings.LastIndexByte(line[:width+1], ' ')
			if cut <= 0 {
				break
			}
			out = append(out, line[:cut])
			line = strings.TrimLeft(line[cut:], " ")
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func rulesUsage(w io.Writer) {
	fmt.Fprintf(w, `Usage: toolbench rules

List every rule toolbench checks: its code (what --ignore and the reports
name), its severity, the target that enables it ("always" for the rules
every lint runs; --target %s for the others), and one line on what it
finds.

Flags:
  -h, --help   show this help
`, strings.Join(lint.TargetNames(), ", "))
}

func explainUsage(w io.Writer) {
	fmt.Fprint(w, `Usage: toolbench explain CODE...

Print a rule's documentation: what it checks, why it matters, how to fix
what it reports, and the provider documentation it follows.

Flags:
  -h, --help   show this help

Examples:
  toolbench explain invalid-name
  toolbench explain openai-strict/additional-properties

Exit status: 0, or 2 for a code no rule has.
`)
}
