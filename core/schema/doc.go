// Package schema knows JSON Schema as tool definitions use it: which
// keywords hold subschemas (and how to walk them), the types a schema
// declares, where a "$ref" leads, the drafts and their meta-schemas, and
// whether a schema is valid against its draft's meta-schema, with each
// problem at the value that breaks it.
//
// It imports jsondoc and nothing else of toolbench.
package schema
