// Package jsonedit makes edits to the text of a JSON document that look
// made by hand: it removes a member or an element with its comma, adds
// one after the last in the container's own indentation and newlines
// (or on the line, for a container written on one line), replaces a
// value, and deletes characters from a string however they are written,
// raw or escaped. An Edit is a byte range and its new text, as in
// go/analysis; Apply makes a set of them that do not conflict. Plain
// reads JSON with comments, as VS Code writes its files, as JSON of the
// same offsets, so that edits found in it apply to the text as written.
//
// It imports jsondoc, and nothing else of toolbench.
package jsonedit
