// Package traffic declares the codes of what toolbench proxy finds in the
// MCP traffic it relays, beside the codes it reports under their own
// families' names (validate_call's, the deep validator's, the output
// check's, lint's rules, diff's changes): a tool withheld or drifted from
// the lock, hidden characters in a result, headers that disagree with a
// body, a message that is not JSON-RPC. They are core/catalog entries, so
// that explain, the rule pages and SARIF know them as every other code.
//
// It imports catalog only.
package traffic
