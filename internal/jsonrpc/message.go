package jsonrpc

import (
	"bytes"
	"strconv"
)

// Kind is what a message is.
type Kind uint8

// The kinds of message.
const (
	// Invalid is not a JSON-RPC 2.0 message: Message.Err says why, with
	// the code of the error it is answered with.
	Invalid Kind = iota
	// Request has a method and an id, and is answered.
	Request
	// Notification has a method and no id, and is never answered.
	Notification
	// Response has an id and a result or an error.
	Response
	// Batch is a JSON array, a JSON-RPC batch of messages, each one of
	// Batch's elements ([Elements]). MCP's revisions since 2025-06-18 send
	// one message at a time; AppendRefusal answers a batch as JSON-RPC
	// answers one whose every member is refused.
	Batch
)

var kindNames = [...]string{"invalid", "request", "notification", "response", "batch"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// A Message is one JSON-RPC message as it was read: its bytes, and the
// bytes of its members, slices of Raw. Nothing is decoded but the method
// name, so a message is passed on, and its id echoed, byte for byte.
type Message struct {
	// Raw is the message as read.
	Raw  []byte
	Kind Kind
	// ID is the id as written ("1.5", "12345678901234567890", "\"a\""),
	// or "null" in a response to a message whose id could not be read;
	// nil when the message has none. An Invalid message keeps an id that
	// is a string or a number, which its error response echoes.
	ID []byte
	// Method is the method of a request or notification, decoded.
	Method string
	// Params, Result and Error are the members' values as written; nil
	// when absent.
	Params, Result, Error []byte
	// Err says why an Invalid message is not JSON-RPC 2.0; nil otherwise.
	Err *Error
}

// An Error is a JSON-RPC error: its code and message.
type Error struct {
	Code    int
	Message string
}

func (e *Error) Error() string { return e.Message }

// The error codes of JSON-RPC 2.0.
const (
	CodeParseError     = -32700 // not JSON
	CodeInvalidRequest = -32600 // JSON, but not a JSON-RPC 2.0 message
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)

// Parse reads raw as one JSON-RPC 2.0 message. It never fails: a message
// it cannot take is Invalid, with the error JSON-RPC answers it with:
// CodeParseError for text that is not one JSON value (a byte order mark,
// two values on a line, invalid UTF-8, nesting past MaxDepth), and
// CodeInvalidRequest for JSON that is not a message (not an object, no
// "jsonrpc": "2.0", an id that is not a string or a number, a member
// given twice, a method that is not a string, params that are neither
// structured nor null). A JSON array is a Batch. Members other than
// JSON-RPC's are allowed, and ignored, and so are params of null, which
// some peers send for none.
//
// It reads raw once, keeps no copy, and allocates nothing for a valid
// message of a method it knows (see Method).
func Parse(raw []byte) Message {
	m := Message{Raw: raw}
	i := skipSpace(raw, 0)
	if i == len(raw) {
		return m.invalid(CodeParseError, "an empty message")
	}
	if bytes.HasPrefix(raw[i:], []byte("\xef\xbb\xbf")) {
		return m.invalid(CodeParseError, "a byte order mark (U+FEFF) before the message: JSON text has none")
	}
	switch raw[i] {
	case '{':
		return m.object(i)
	case '[':
		if err := wholeValue(raw, i); err != nil {
			return m.invalid(CodeParseError, err.Error())
		}
		m.Kind = Batch
		return m
	}
	if err := wholeValue(raw, i); err != nil {
		return m.invalid(CodeParseError, err.Error())
	}
	return m.invalid(CodeInvalidRequest, "the message is not a JSON object")
}

// wholeValue checks that raw, from i, is one JSON value and white space.
func wholeValue(raw []byte, i int) *syntaxError {
	end, err := skipValue(raw, i)
	if err != nil {
		return err
	}
	return trailing(raw, end)
}

// trailing checks that nothing but white space follows a message that
// ends at end: a second message on the line is a parse error.
func trailing(raw []byte, end int) *syntaxError {
	if j := skipSpace(raw, end); j < len(raw) {
		return syntaxErr(j, describeByte(raw, j)+" after the message: one message a line")
	}
	return nil
}

func (m Message) invalid(code int, msg string) Message {
	m.Kind = Invalid
	m.Err = &Error{Code: code, Message: msg}
	if code == CodeParseError {
		m.ID, m.Params, m.Result, m.Error, m.Method = nil, nil, nil, nil, ""
	}
	return m
}

// The members of a message, as object reads them.
const (
	memberJSONRPC = 1 << iota
	memberID
	memberMethod
	memberParams
	memberResult
	memberError
)

// members holds the values of a message's JSON-RPC members, as written.
type members struct {
	version, id, method, params, result, err []byte
}

// object reads the message, an object whose '{' is at raw[i]. Any syntax
// error wins over what is wrong with the members.
func (m Message) object(i int) Message {
	raw := m.Raw
	var (
		mem     members
		seen    int
		problem string // the first reason the message is no JSON-RPC
	)
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		i++
	} else {
		for {
			if i >= len(raw) || raw[i] != '"' {
				return m.invalid(CodeParseError, unexpected(raw, i, "a member name").Error())
			}
			keyStart := i
			keyEnd, err := skipString(raw, i)
			if err != nil {
				return m.invalid(CodeParseError, err.Error())
			}
			if i, err = skipKey(raw, i); err != nil {
				return m.invalid(CodeParseError, err.Error())
			}
			i = skipSpace(raw, i)
			valStart := i
			if i, err = skipValue(raw, i); err != nil {
				return m.invalid(CodeParseError, err.Error())
			}
			if bit, dst := mem.member(raw[keyStart:keyEnd]); bit != 0 {
				if seen&bit != 0 && problem == "" {
					problem = "the member " + memberName(bit) + " is given twice"
				}
				seen |= bit
				*dst = raw[valStart:i]
			}
			i = skipSpace(raw, i)
			if i < len(raw) && raw[i] == ',' {
				i = skipSpace(raw, i+1)
				continue
			}
			if i < len(raw) && raw[i] == '}' {
				i++
				break
			}
			return m.invalid(CodeParseError, unexpected(raw, i, "',' or '}'").Error())
		}
	}
	if err := trailing(raw, i); err != nil {
		return m.invalid(CodeParseError, err.Error())
	}
	m.ID, m.Params, m.Result, m.Error = mem.id, mem.params, mem.result, mem.err
	if problem == "" {
		problem = m.classify(seen, &mem)
	}
	if problem != "" {
		if m.ID != nil && !isID(m.ID) {
			m.ID = nil // an id that is no id is answered with null
		}
		return m.invalid(CodeInvalidRequest, problem)
	}
	return m
}

// member says which member of a message the key (quoted, as written)
// names, and where its value goes; 0 for a member JSON-RPC does not have.
func (mem *members) member(key []byte) (int, *[]byte) {
	name := key[1 : len(key)-1]
	if bytes.IndexByte(name, '\\') >= 0 {
		s, ok := Unquote(key)
		if !ok {
			return 0, nil
		}
		name = []byte(s)
	}
	switch string(name) {
	case "jsonrpc":
		return memberJSONRPC, &mem.version
	case "id":
		return memberID, &mem.id
	case "method":
		return memberMethod, &mem.method
	case "params":
		return memberParams, &mem.params
	case "result":
		return memberResult, &mem.result
	case "error":
		return memberError, &mem.err
	}
	return 0, nil
}

func memberName(bit int) string {
	switch bit {
	case memberJSONRPC:
		return `"jsonrpc"`
	case memberID:
		return `"id"`
	case memberMethod:
		return `"method"`
	case memberParams:
		return `"params"`
	case memberResult:
		return `"result"`
	}
	return `"error"`
}

// classify sets the kind and method of a message with the members seen,
// or says why it is no JSON-RPC 2.0 message.
func (m *Message) classify(seen int, mem *members) string {
	switch {
	case seen&memberJSONRPC == 0:
		return `no "jsonrpc": "2.0": not a JSON-RPC 2.0 message`
	case !isVersion(mem.version):
		return `"jsonrpc" is ` + shown(mem.version) + `, not "2.0"`
	case seen&memberID != 0 && !isID(mem.id) && !(string(mem.id) == "null" && seen&memberMethod == 0):
		return `the id is ` + shown(mem.id) + `: an id is a string or a number`
	}
	if seen&memberMethod != 0 {
		switch {
		case mem.method[0] != '"':
			return `the method is ` + shown(mem.method) + `, not a string`
		case seen&(memberResult|memberError) != 0:
			return `a request with a "result" or an "error"`
		case mem.params != nil && mem.params[0] != '{' && mem.params[0] != '[' && string(mem.params) != "null":
			return `"params" is ` + shown(mem.params) + `: params are an object or an array`
		}
		m.Method = methodName(mem.method)
		m.Kind = Notification
		if seen&memberID != 0 {
			m.Kind = Request
		}
		return ""
	}
	switch {
	case seen&(memberResult|memberError) == memberResult|memberError:
		return `a response with both a "result" and an "error"`
	case seen&(memberResult|memberError) == 0:
		return `no "method", "result" or "error": neither a request nor a response`
	case seen&memberID == 0:
		return `a response without an id`
	case mem.err != nil && mem.err[0] != '{':
		return `"error" is ` + shown(mem.err) + `, not an object`
	}
	m.Kind = Response
	return ""
}

// isVersion reports whether v, a JSON value as written, is the string
// "2.0".
func isVersion(v []byte) bool {
	if string(v) == `"2.0"` {
		return true
	}
	s, ok := Unquote(v)
	return ok && s == "2.0"
}

// isID reports whether v, a JSON value as written, may be an id: a string
// or a number.
func isID(v []byte) bool {
	return len(v) > 0 && (v[0] == '"' || v[0] == '-' || v[0] >= '0' && v[0] <= '9')
}

// shown is a JSON value as an error message shows it: a short value as
// written, else its kind.
func shown(v []byte) string {
	if len(v) <= 24 && bytes.IndexFunc(v, func(r rune) bool { return r < 0x20 || r > 0x7e }) < 0 {
		return string(v)
	}
	switch v[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a long string"
	}
	return "a long number"
}
