// Package fix makes the fixes that the linter's issues carry: it applies
// those that do not conflict, parses and lints the result, and repeats
// until no fix is left, so that overlapping fixes are made one after the
// other and fixing a fixed document changes nothing. The result is the
// fixed document and the edits from the original text to it, which Hunks
// turns into the hunks of a unified diff.
//
// A round after the first lints only the tools the fixes before it
// changed (and the document's own rules), since a fix changes the issues
// of its own tool alone; a fix outside every tool has the next round
// lint them all.
//
// It imports lint, tooldef, jsonedit, jsondoc and termtext. Writing the fixed file
// is left to its callers.
package fix
