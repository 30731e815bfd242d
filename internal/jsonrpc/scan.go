package jsonrpc

import (
	"encoding/binary"
	"strconv"
	"unicode/utf8"
)

// MaxDepth bounds how deeply a message's arrays and objects nest; a
// deeper message is a parse error. It is the bound of encoding/json and
// jsontext, so a message passed on is one that Go peers read, and the
// scan keeps its own stack, a byte a level, whatever the depth.
const MaxDepth = 10000

// A syntaxError is where JSON text breaks, and how.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string {
	return "column " + strconv.Itoa(e.off+1) + ": " + e.msg
}

func syntaxErr(off int, msg string) *syntaxError { return &syntaxError{off: off, msg: msg} }

// unexpected is the error at b[i], which is not what the grammar allows
// there (expected says what it does), or the end of the text.
func unexpected(b []byte, i int, expected string) *syntaxError {
	if i >= len(b) {
		return syntaxErr(i, "the message ends where "+expected+" is due")
	}
	return syntaxErr(i, describeByte(b, i)+" where "+expected+" is due")
}

// describeByte names the character at b[i] for an error.
func describeByte(b []byte, i int) string {
	c := b[i]
	if c >= 0x20 && c < 0x7f {
		return strconv.QuoteRune(rune(c))
	}
	r, _ := utf8.DecodeRune(b[i:])
	if r == utf8.RuneError {
		return "byte " + strconv.Itoa(int(c))
	}
	return strconv.QuoteRuneToASCII(r)
}

// isSpace reports whether c is JSON's insignificant white space.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// skipValue returns the end of the JSON value that starts at b[i] (after
// any white space), checking it as it goes: its grammar, its strings'
// UTF-8 and escapes, and its depth. It never recurses.
func skipValue(b []byte, i int) (int, *syntaxError) {
	var stackBuf [32]byte
	stack := stackBuf[:0] // '{' or '[' for each open container
	for {
		// A value is due at i.
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, unexpected(b, i, "a value")
		}
		var err *syntaxError
		switch c := b[i]; c {
		case '{', '[':
			if len(stack) == MaxDepth {
				return i, syntaxErr(i, "arrays and objects nest deeper than "+strconv.Itoa(MaxDepth)+" levels")
			}
			j := skipSpace(b, i+1)
			if j < len(b) && b[j] == c+2 { // '}' is '{'+2, ']' is '['+2
				i = j + 1
				break
			}
			stack = append(stack, c)
			if c == '[' {
				i = j
				continue
			}
			if i, err = skipKey(b, j); err != nil {
				return i, err
			}
			continue
		case '"':
			i, err = skipString(b, i)
		case 't':
			i, err = skipLiteral(b, i, "true")
		case 'f':
			i, err = skipLiteral(b, i, "false")
		case 'n':
			i, err = skipLiteral(b, i, "null")
		default:
			i, err = skipNumber(b, i)
		}
		if err != nil {
			return i, err
		}
		// A value has ended at i: close what it ends, and find what
		// comes next.
		for {
			if len(stack) == 0 {
				return i, nil
			}
			i = skipSpace(b, i)
			top := stack[len(stack)-1]
			if i < len(b) && b[i] == top+2 {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if i >= len(b) || b[i] != ',' {
				if top == '{' {
					return i, unexpected(b, i, "',' or '}'")
				}
				return i, unexpected(b, i, "',' or ']'")
			}
			i++
			if top == '{' {
				if i, err = skipKey(b, skipSpace(b, i)); err != nil {
					return i, err
				}
			}
			break
		}
	}
}

// skipKey skips an object's member name and the ':' after it, from b[i].
func skipKey(b []byte, i int) (int, *syntaxError) {
	if i >= len(b) || b[i] != '"' {
		return i, unexpected(b, i, "a member name")
	}
	i, err := skipString(b, i)
	if err != nil {
		return i, err
	}
	i = skipSpace(b, i)
	if i >= len(b) || b[i] != ':' {
		return i, unexpected(b, i, "':'")
	}
	return i + 1, nil
}

// The words of specialByte's test, eight bytes at a time.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// special reports whether any of the eight bytes of w needs a look of
// its own in a string: a control character, '"', '\\' or the byte of a
// non-ASCII character.
func special(w uint64) bool {
	quote := w ^ ('"' * ones)
	backslash := w ^ ('\\' * ones)
	return ((w-0x20*ones)&^w|(quote-ones)&^quote|(backslash-ones)&^backslash|w)&highs != 0
}

// skipString returns the end of the string whose '"' is b[i].
func skipString(b []byte, i int) (int, *syntaxError) {
	start := i
	i++
	for {
		for i+8 <= len(b) && !special(binary.LittleEndian.Uint64(b[i:])) {
			i += 8
		}
		if i >= len(b) {
			return i, syntaxErr(start, "a string that does not end")
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, nil
		case c == '\\':
			n, err := escapeLen(b, i)
			if err != nil {
				return i, err
			}
			i += n
		case c < 0x20:
			return i, syntaxErr(i, "a control character ("+strconv.Itoa(int(c))+") in a string: it must be escaped")
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				return i, syntaxErr(i, "invalid UTF-8 in a string")
			}
			i += size
		}
	}
}

// escapeLen returns the length of the escape sequence at b[i], a '\\'.
func escapeLen(b []byte, i int) (int, *syntaxError) {
	if i+1 >= len(b) {
		return 0, syntaxErr(i, "a string that does not end")
	}
	switch b[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2, nil
	case 'u':
		if i+6 > len(b) {
			return 0, syntaxErr(i, "a \\u escape without four hexadecimal digits")
		}
		for _, h := range b[i+2 : i+6] {
			if unhex(h) < 0 {
				return 0, syntaxErr(i, "a \\u escape without four hexadecimal digits")
			}
		}
		return 6, nil
	}
	return 0, syntaxErr(i, "an invalid escape \\"+describeByte(b, i+1)+" in a string")
}

func unhex(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func skipLiteral(b []byte, i int, word string) (int, *syntaxError) {
	if len(b)-i < len(word) || string(b[i:i+len(word)]) != word {
		return i, unexpected(b, i, "a value")
	}
	return i + len(word), nil
}

// skipNumber returns the end of the number at b[i], as JSON's grammar
// has it: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func skipNumber(b []byte, i int) (int, *syntaxError) {
	start := i
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i+1)
	default:
		if i == start {
			return i, unexpected(b, i, "a value")
		}
		return i, unexpected(b, i, "a digit")
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return j, unexpected(b, j, "a digit")
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return j, unexpected(b, j, "a digit")
		}
		i = j
	}
	return i, nil
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}
