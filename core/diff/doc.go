// Package diff compares two versions of a tools document and reports
// what changed for the calls a model sends: a change is breaking when a
// call that was valid against the old tools can fail against the new
// ones (a tool or parameter gone, a parameter now required, a type,
// enum value, format or bound taken away, extra arguments now refused),
// and a note otherwise. Tools are matched by name within each list they
// are sent in (a JSON Lines dataset's records, compared in order), and
// their schemas walked side by side, local $refs followed. Changes are
// declared as data, each kind a Check that embeds its catalog.Entry
// (a stable code, a severity and documents), as lint's rules do; buf
// breaking and oasdiff are the models.
//
// It imports catalog, tooldef, schema, jsondoc, termtext and
// internal/par.
package diff
