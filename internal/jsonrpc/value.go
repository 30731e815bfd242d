package jsonrpc

import (
	"bytes"
	"iter"
	"unicode/utf16"
	"unicode/utf8"
)

// The functions here read values of a message that Parse has checked:
// a caller decodes only what it needs, and passes the rest on as bytes.
// Given text that is not JSON they return what they can and never
// panic.

// Unquote decodes v, a JSON string as written, and reports whether it is
// one. A lone surrogate escape ("\ud800") decodes to U+FFFD.
func Unquote(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	body := v[1 : len(v)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		if bytes.IndexByte(body, '"') >= 0 || !utf8.Valid(body) {
			return "", false
		}
		return string(body), true
	}
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); {
		if body[i] != '\\' {
			run := bytes.IndexByte(body[i:], '\\')
			if run < 0 {
				run = len(body) - i
			}
			if bytes.IndexByte(body[i:i+run], '"') >= 0 {
				return "", false
			}
			out = append(out, body[i:i+run]...)
			i += run
			continue
		}
		if i+1 >= len(body) {
			return "", false
		}
		switch e := body[i+1]; e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n := unicodeEscape(body, i)
			if n == 0 {
				return "", false
			}
			out = utf8.AppendRune(out, r)
			i += n
			continue
		default:
			return "", false
		}
		i += 2
	}
	if !utf8.Valid(out) {
		return "", false
	}
	return string(out), true
}

// unicodeEscape decodes the \uXXXX escape at b[i], and the low surrogate
// escape after it when it is a high one, returning the character and the
// bytes read; 0 bytes for an escape without four hexadecimal digits.
func unicodeEscape(b []byte, i int) (rune, int) {
	r := hex4(b, i+2)
	if r < 0 {
		return 0, 0
	}
	if utf16.IsSurrogate(r) {
		if i+12 <= len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
			if lo := hex4(b, i+8); lo >= 0 {
				if d := utf16.DecodeRune(r, lo); d != utf8.RuneError {
					return d, 12
				}
			}
		}
		return utf8.RuneError, 6
	}
	return r, 6
}

// hex4 is the value of the four hexadecimal digits at b[i], or -1.
func hex4(b []byte, i int) rune {
	if i+4 > len(b) {
		return -1
	}
	var r rune
	for _, c := range b[i : i+4] {
		h := unhex(c)
		if h < 0 {
			return -1
		}
		r = r<<4 | rune(h)
	}
	return r
}

// Member returns the value of the member called name of obj, a JSON
// object as written, or nil when it has none or obj is not an object.
// When a name is given twice the last value wins, as JavaScript's
// JSON.parse, Go's encoding/json and Python's json take it, so that what
// a check reads is what the peer acts on.
func Member(obj []byte, name string) []byte {
	var found []byte
	for key, v := range Members(obj) {
		if keyIs(key, name) {
			found = v
		}
	}
	return found
}

// keyIs reports whether key, a member name as written (quoted), is name.
func keyIs(key []byte, name string) bool {
	if len(key) == len(name)+2 && string(key[1:len(key)-1]) == name {
		return true
	}
	if bytes.IndexByte(key, '\\') < 0 {
		return false
	}
	s, ok := Unquote(key)
	return ok && s == name
}

// Members yields each member of obj, a JSON object as written: its name
// as written (quoted, escapes and all; see KeyIs) and its value. It stops
// at the first thing that is not JSON, so that of an object cut short it
// yields the members that are whole.
func Members(obj []byte) iter.Seq2[[]byte, []byte] {
	return func(yield func(key, value []byte) bool) {
		i := skipSpace(obj, 0)
		if i >= len(obj) || obj[i] != '{' {
			return
		}
		i = skipSpace(obj, i+1)
		for i < len(obj) && obj[i] == '"' {
			keyEnd, err := skipString(obj, i)
			if err != nil {
				return
			}
			key := obj[i:keyEnd]
			if i, err = skipKey(obj, i); err != nil {
				return
			}
			i = skipSpace(obj, i)
			start := i
			if i, err = skipValue(obj, i); err != nil {
				return
			}
			// A member is whole once what follows it is seen: a number
			// cut short is no member.
			end := i
			i = skipSpace(obj, i)
			if i >= len(obj) || obj[i] != ',' && obj[i] != '}' {
				return
			}
			if !yield(key, obj[start:end]) || obj[i] == '}' {
				return
			}
			i = skipSpace(obj, i+1)
		}
	}
}

// Keep returns obj, a JSON object as written, with only the members
// keep keeps, each as written, in their order.
func Keep(obj []byte, keep func(key []byte) bool) []byte {
	out := []byte{'{'}
	for key, value := range Members(obj) {
		if !keep(key) {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(append(append(out, key...), ':'), value...)
	}
	return append(out, '}')
}

// KeyIs reports whether key, a member name as Members yields it, is name
// once decoded ("na\u006de" is "name").
func KeyIs(key []byte, name string) bool { return keyIs(key, name) }

// Elements yields each element of arr, a JSON array as written. It stops
// at the first thing that is not JSON.
func Elements(arr []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		i := skipSpace(arr, 0)
		if i >= len(arr) || arr[i] != '[' {
			return
		}
		i = skipSpace(arr, i+1)
		if i < len(arr) && arr[i] == ']' {
			return
		}
		for i < len(arr) {
			start := i
			var err *syntaxError
			if i, err = skipValue(arr, i); err != nil {
				return
			}
			end := i
			i = skipSpace(arr, i)
			if i >= len(arr) || arr[i] != ',' && arr[i] != ']' {
				return
			}
			if !yield(arr[start:end]) || arr[i] == ']' {
				return
			}
			i = skipSpace(arr, i+1)
		}
	}
}

// Valid reports whether v is one JSON value, with white space around it
// at most, as Parse reads values: UTF-8, and nested no deeper than
// MaxDepth.
func Valid(v []byte) bool {
	i := skipSpace(v, 0)
	return i < len(v) && wholeValue(v, i) == nil
}

// methodName decodes a method name as written, a JSON string. The
// methods of MCP come back as constants, so that reading a message of
// one allocates nothing.
func methodName(v []byte) string {
	if m, ok := knownMethods[string(v[1:len(v)-1])]; ok {
		return m
	}
	s, _ := Unquote(v)
	return s
}

// knownMethods are MCP's methods, each mapped to itself.
var knownMethods = func() map[string]string {
	names := []string{
		"initialize", "notifications/initialized", "ping", "server/discover",
		"tools/list", "tools/call", "notifications/tools/list_changed",
		"resources/list", "resources/read", "resources/templates/list",
		"resources/subscribe", "resources/unsubscribe",
		"notifications/resources/list_changed", "notifications/resources/updated",
		"prompts/list", "prompts/get", "notifications/prompts/list_changed",
		"completion/complete", "logging/setLevel", "notifications/message",
		"notifications/progress", "notifications/cancelled",
		"sampling/createMessage", "elicitation/create", "notifications/elicitation/complete",
		"roots/list", "notifications/roots/list_changed",
		"subscriptions/listen", "tasks/get", "tasks/list", "tasks/result", "tasks/cancel",
		"notifications/tasks/status",
	}
	m := make(map[string]string, len(names))
	for _, n := range names {
		m[n] = n
	}
	return m
}()
