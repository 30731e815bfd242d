// Package jsondoc reads JSON documents into trees that keep where every
// value is: byte offsets, and lines and columns from them, so anything a
// caller finds can point at its place in the text. It reads fast (a
// scanner of the text's bytes, on every processor for a large document)
// and fails with positioned errors on anything that is not JSON; it keeps
// number literals as written and notes keys an object repeats.
//
// Besides the tree it resolves JSON Pointers (RFC 6901), compares values
// as JSON does, and writes JSON: quoted strings, compact values, and a
// writer that keeps hidden characters out of a terminal.
//
// It imports termtext and internal/par, and nothing else of toolbench.
package jsondoc
