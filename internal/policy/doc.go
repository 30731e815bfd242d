// Package policy is a team's policy as toolbench applies it: the
// configuration in force (toolbench.toml, found from the working
// directory), the command line's --target and --ignore over it, the
// baseline whose issues are accepted and the lock that pins sources.
// From them it answers what lint checks in a source, which of its issues
// are reported and what fails a run. The commands, the workbench and
// toolbench mcp ask it alike, so that a team's choices hold everywhere.
//
// Sources are named here as the configuration, a baseline and the lock
// name them, each from its own directory (SourceName). Nothing here
// reads the process: the working directory is given.
//
// It imports core and internal/source; nothing under internal imports
// it but the command line and toolbench mcp.
package policy
