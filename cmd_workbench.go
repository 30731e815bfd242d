package main

import "fmt"

// runWorkbench opens the TUI. It is replaced by the tui package's entry.
func runWorkbench(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "toolbench: the workbench is not built yet; see toolbench --help")
	return exitFailure
}
