// Package core is toolbench's pure logic: JSON documents with byte offsets,
// the tool-definition rules, the call check and the reports that render
// their results as text, JSON or SARIF.
//
// core never touches a terminal, a clock or the file system beyond reading
// the file it is asked to load: the command line, the watcher and the
// workbench all call the same functions here, so a document is checked one
// way everywhere.
package core
