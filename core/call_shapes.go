package core

import (
	"errors"
	"strconv"
)

// Call is a tool call reduced to what the check needs: the tool's name
// and its arguments. Args is nil when the call has no arguments member
// (the same as {}), otherwise an object. Malformed, when not empty, says
// why the input is not a call at all; Name and Args are then unset.
type Call struct {
	Name      string
	Args      *Node
	Malformed string
}

// The reasons a call is malformed. They are short, lowercase and stable:
// scripts match them after "malformed:".
const (
	reasonNotObject = "not an object"
	reasonNoName    = "no name"
	reasonName      = "name is not a string"
	reasonMethod    = "method is not tools/call"
	reasonBothArgs  = "both args and arguments"
)

// NormalizeCall reads a call in any of the shapes models produce:
//
//	{"name", "args"}                                    the flat form
//	{"name", "arguments"}                               arguments an object or a JSON string
//	{"id", "type": "function", "function": {"name", "arguments": "<json>"}}  OpenAI tool_calls item
//	{"type": "function_call", "name", "arguments": "<json>"}               OpenAI Responses item
//	{"type": "tool_use", "id", "name", "input"}         Anthropic tool_use block
//	{"jsonrpc", "method": "tools/call", "params": {"name", "arguments"}}   MCP request
//	{"functionCall": {"name", "args"}}                  Gemini part
//
// A value that fits none of them is a Call with Malformed set.
func NormalizeCall(n *Node) Call {
	if !n.Is(Object) {
		return Call{Malformed: reasonNotObject}
	}
	switch {
	case n.Has("functionCall"):
		return namedCall(n, "functionCall", "args")
	case n.Has("method"):
		if n.Get("method").Text() != "tools/call" {
			return Call{Malformed: reasonMethod}
		}
		return namedCall(n, "params", "arguments")
	case n.Has("function"):
		return namedCall(n, "function", "arguments")
	case n.Get("type").Text() == "tool_use":
		return callOf(n, "input")
	case n.Has("args") && n.Has("arguments"):
		return Call{Malformed: reasonBothArgs}
	case n.Has("arguments"):
		return callOf(n, "arguments")
	}
	return callOf(n, "args")
}

// namedCall reads a call nested in the member key of n.
func namedCall(n *Node, key, argsKey string) Call {
	inner := n.Get(key)
	if !inner.Is(Object) {
		return Call{Malformed: key + " is not an object"}
	}
	return callOf(inner, argsKey)
}

// callOf reads the name and the arguments member argsKey of obj. Only an
// "arguments" member may be a string, which must hold a JSON object: the
// way OpenAI sends arguments.
func callOf(obj *Node, argsKey string) Call {
	name, ok := obj.Member("name")
	if !ok {
		return Call{Malformed: reasonNoName}
	}
	if !name.Value.Is(String) {
		return Call{Malformed: reasonName}
	}
	args, ok := obj.Member(argsKey)
	if !ok {
		return Call{Name: name.Value.Str}
	}
	v := args.Value
	if v.Is(String) && argsKey == "arguments" {
		parsed, err := ParseValue(argsKey, v.Str)
		if err != nil {
			return Call{Malformed: argsKey + " is not valid JSON: " + syntaxReason(err)}
		}
		v = parsed
	}
	if !v.Is(Object) {
		return Call{Malformed: argsKey + " is not an object"}
	}
	return Call{Name: name.Value.Str, Args: v}
}

// syntaxReason is a parse error as "LINE:COL: what was wrong", without a
// file name.
func syntaxReason(err error) string {
	var se *SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	if se.Line == 0 {
		return se.Msg
	}
	return strconv.Itoa(se.Line) + ":" + strconv.Itoa(se.Column) + ": " + se.Msg
}

// CheckCallText parses text as one call, in any shape NormalizeCall
// reads, and checks it against s. Text that is not JSON gives the one
// error "malformed:LINE:COL: what was wrong", positioned in text.
func CheckCallText(text string, s *Schemas) []string {
	n, err := ParseValue("call", text)
	if err != nil {
		return []string{"malformed:" + syntaxReason(err)}
	}
	return ValidateCall(NormalizeCall(n), s)
}
