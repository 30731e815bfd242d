// Package source reads the tools a command works on, from wherever the
// command line names them: a file, standard input ("-"), a file as git
// has it at a revision (REV:PATH), or a live MCP server. [Open] is the one
// entry: every command, and the workbench, reads its tools there, so that
// each kind of source is read one way and is a source wherever another
// is.
//
// A [Source] holds the tools document, with the byte offsets every report
// points into; for a server it is the document toolbench dump writes, and
// the session stays open for calls and list_changed until [Source.Close].
// [Source.Dump] lays out a file's tools as a server's are listed.
//
// It imports core/jsondoc and core/tooldef for documents,
// internal/mcpclient for servers, and internal/auxfile and core/jsonedit
// for the servers file, which it reads up to a bound, VS Code's comments
// and trailing commas blanked in place ([ReadServersFile]). It knows nothing of flags, reports or
// terminals: the command line turns its flags into an [Input], and its
// errors into exit statuses.
package source
