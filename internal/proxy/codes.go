package proxy

import "toolbench/core/traffic"

// The codes of what the proxy itself finds in the traffic, declared with
// their documents in core/traffic.
const (
	CodeWithheld         = traffic.CodeWithheld
	CodeDrift            = traffic.CodeDrift
	CodeHiddenCharacters = traffic.CodeHiddenCharacters
	CodeHeaderMismatch   = traffic.CodeHeaderMismatch
	CodeInvalidMessage   = traffic.CodeInvalidMessage
	CodeUnlisted         = traffic.CodeUnlisted
	CodeTruncated        = traffic.CodeTruncated
	CodeUnrouted         = traffic.CodeUnrouted
	CodeEvicted          = traffic.CodeEvicted
	CodeLintFailed       = traffic.CodeLintFailed
)
