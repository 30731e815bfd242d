// Package registry checks an MCP server's server.json: the manifest a
// server publishes itself with to the MCP registry (its name, version,
// packages, remote transports), a different document from a list of
// tools. Check validates it against the registry's published JSON Schema
// for the version its "$schema" names (embedded, 2025-12-11 and later)
// and against the rules the registry enforces beyond the schema, and
// reports Issues of its own codes (registry/...) with the positions lint's
// have, so that every report and the configuration treat them alike.
// Is tells a manifest from a tools document.
//
// It imports lint (for Issue and Rule), schema, tooldef, jsondoc and
// termtext.
package registry
