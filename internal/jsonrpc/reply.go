package jsonrpc

import (
	"strconv"
	"unicode/utf8"
)

// AppendError appends to dst a JSON-RPC error response with the id as
// written (a request's Message.ID), or null when id is nil, and returns
// the result. The id is copied, never re-encoded: 1.5 stays 1.5 and a
// big integer stays itself. message is encoded as a JSON string.
func AppendError(dst, id []byte, code int, message string) []byte {
	dst = append(dst, `{"jsonrpc":"2.0","id":`...)
	if id == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, id...)
	}
	dst = append(dst, `,"error":{"code":`...)
	dst = strconv.AppendInt(dst, int64(code), 10)
	dst = append(dst, `,"message":`...)
	dst = AppendQuote(dst, message)
	return append(dst, "}}"...)
}

// AppendRefusal appends to dst what JSON-RPC 2.0 answers m with when m
// is not handled, and returns the result:
//
//   - an Invalid message: its error (a parse error or an invalid
//     request), with its id when it had a string or number one, else
//     null;
//   - a Batch: an empty one, one invalid request error; else an array
//     with an error for each member (batchMessage for a request, its
//     own error for an invalid member, nothing for a notification or a
//     response), or nothing at all when no member is owed an answer;
//   - any other message: nothing.
//
// MCP since 2025-06-18 sends no batches, so a server of those revisions
// refuses one with a batchMessage that says so.
func AppendRefusal(dst []byte, m *Message, batchMessage string) []byte {
	switch m.Kind {
	case Invalid:
		id := m.ID
		if !isID(id) {
			id = nil
		}
		return AppendError(dst, id, m.Err.Code, m.Err.Message)
	case Batch:
		start := len(dst)
		n := 0
		for elem := range Elements(m.Raw) {
			em := Parse(elem)
			switch em.Kind {
			case Request, Invalid:
				if n == 0 {
					dst = append(dst, '[')
				} else {
					dst = append(dst, ',')
				}
				n++
				if em.Kind == Request {
					dst = AppendError(dst, em.ID, CodeInvalidRequest, batchMessage)
				} else {
					dst = AppendRefusal(dst, &em, batchMessage)
				}
			}
		}
		switch {
		case n > 0:
			return append(dst, ']')
		case isEmptyArray(m.Raw):
			return AppendError(dst[:start], nil, CodeInvalidRequest, "an empty batch")
		}
		return dst[:start]
	}
	return dst
}

func isEmptyArray(raw []byte) bool {
	for range Elements(raw) {
		return false
	}
	return true
}

// AppendQuote appends s to dst as a JSON string: '"', '\\' and control
// characters escaped, and invalid UTF-8 replaced by U+FFFD.
func AppendQuote(dst []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
