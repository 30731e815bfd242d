package main

import (
	"fmt"

	mango "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
)

// manCommand writes toolbench's manual page, made from the command tree:
// every command's help and flags. fang has one too, which writes to the
// process's standard output; this one writes to the command's, as every
// command does, so that it runs in tests like the others.
func manCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "write toolbench's manual page (roff), for man -l - or a man directory",
		Long: prose(`
Write toolbench's manual page in roff, made from the same definitions as
the help: every command, its summary and its flags.`),
		Example: `toolbench man | man -l -
toolbench man > /usr/local/share/man/man1/toolbench.1`,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage(cmd, fmt.Errorf("unexpected argument %q", args[0]))
			}
			page, err := mango.NewManPage(1, cmd.Root())
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), page.Build(roff.NewDocument()))
			return err
		},
	}
}
