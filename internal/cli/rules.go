package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"toolbench/core/catalog"
	"toolbench/core/lint"
	"toolbench/core/report"
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
			codes := report.Catalog()
			io.WriteString(e.stdout, catalog.List(codes.Codes(catalog.KindRule)))
			fmt.Fprintln(e.stdout, "\nThe checks of several servers together (lint --all-servers):")
			io.WriteString(e.stdout, catalog.List(codes.Codes(catalog.KindServers)))
			fmt.Fprintln(e.stdout, "\nThe checks of an MCP server's server.json, its manifest for the MCP registry (lint server.json):")
			io.WriteString(e.stdout, catalog.List(codes.Codes(catalog.KindManifest)))
			fmt.Fprintln(e.stdout, "\nThe changes toolbench diff and verify report:")
			io.WriteString(e.stdout, catalog.List(codes.Codes(catalog.KindChange)))
			fmt.Fprintln(e.stdout, "\nThe codes toolbench call and call --run report:")
			io.WriteString(e.stdout, catalog.List(codes.Codes(catalog.KindCall, catalog.KindRun)))
			fmt.Fprintln(e.stdout, "\nRun \"toolbench explain CODE\" for what a rule, change or call code means and what to do.")
			return nil
		},
	}
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
			for _, c := range report.Catalog().Codes() {
				out = append(out, cobra.CompletionWithDesc(c.Code, c.Summary))
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

// runExplain prints the explanation of each name, as the catalog of
// codes words it, or says which one names nothing.
func runExplain(e *env, names []string) int {
	var texts []string
	for _, name := range names {
		c := report.Catalog().Lookup(name)
		if c == nil {
			msg := fmt.Sprintf("toolbench explain: unknown code %q: no rule, target, change or call check has it", termtext.EscapeLine(name))
			if near := report.Catalog().Similar(name); len(near) > 0 {
				msg += " (did you mean " + strings.Join(near, ", ") + "?)"
			}
			fmt.Fprintln(e.stderr, msg)
			fmt.Fprintln(e.stderr, `Run "toolbench rules" for the list.`)
			return exitFailure
		}
		texts = append(texts, c.Text(e.build.informationURI()))
	}
	io.WriteString(e.stdout, strings.Join(texts, "\n"))
	return exitOK
}
