package cli

import (
	"fmt"

	"github.com/muesli/mango"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// manCommand writes toolbench's manual page, made from the command tree:
// every command's help and flags. fang has one too, which writes to the
// process's standard output; this one writes to the command's, as every
// command does, so that it runs in tests like the others.
func manCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "write the manual page (roff)",
		Long: prose(`
Write toolbench's manual page in roff, made from the same definitions as
the help: every command, its summary and its flags, each flag with the
whole of what the manual says of it.`),
		Example: `toolbench man | man -l -
toolbench man > /usr/local/share/man/man1/toolbench.1`,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(cmd, fmt.Errorf("unexpected argument %q", args[0]))
			}
			page, err := manPage(cmd.Root())
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), page)
			return err
		},
	}
}

// manPage returns the manual page of root's command tree in roff.
func manPage(root *cobra.Command) (string, error) {
	page := mango.NewManPage(1, root.Name(), root.Short).WithLongDescription(longHelp(root))
	if err := addManCommand(&page.Root, root); err != nil {
		return "", err
	}
	return page.Build(roff.NewDocument()), nil
}

// addManCommand adds the flags c defines and the commands under it to
// item, the page's entry for c.
func addManCommand(item *mango.Command, c *cobra.Command) error {
	for _, sub := range c.Commands() {
		if sub.Hidden {
			continue
		}
		child := mango.NewCommand(sub.Name(), sub.Short, sub.Use)
		if err := item.AddCommand(child); err != nil {
			return err
		}
		if err := addManCommand(child, sub); err != nil {
			return err
		}
	}
	var err error
	c.LocalFlags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" || err != nil {
			return
		}
		err = item.AddFlag(manFlag(f))
	})
	return err
}

// manFlag is f as the page lists it: "-e, --env" or "--server", and what
// the manual says of it. mango writes a flag as one prefix before both
// its short and long name, "--e --env" for a pflag; so the prefix is "-"
// and the rest of it is part of the names. mango sorts flags by Name,
// which the shared "-" leaves in order.
func manFlag(f *pflag.Flag) mango.Flag {
	m := mango.Flag{Name: "-" + f.Name, Usage: flagDoc(f)}
	if f.Shorthand != "" {
		m.Short = f.Shorthand + ","
	}
	return m
}
