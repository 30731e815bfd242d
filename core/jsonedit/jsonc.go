package jsonedit

// Plain returns src, JSON with comments (// to the end of the line, and
// /* ... */) and trailing commas as VS Code's JSONC allows them (its
// settings and servers files are written so), with each
// of those bytes a space, but for the line ends inside a comment, which
// stay: the text is JSON of the same length, every value and line at the
// offset it has in src, so that a parser's offsets are src's. Text that
// has none of them is returned as it is.
func Plain(src string) string {
	var b []byte // a copy, made at the first byte blanked
	blank := func(from, to int) {
		if b == nil {
			b = []byte(src)
		}
		for i := from; i < to; i++ {
			if b[i] != '\n' && b[i] != '\r' {
				b[i] = ' '
			}
		}
	}
	lastComma := -1 // a comma with nothing but space and comments after it yet
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '"':
			i = skipString(src, i) - 1
			lastComma = -1
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := i + 2
			for end < len(src) && src[end] != '\n' && src[end] != '\r' {
				end++
			}
			blank(i, end)
			i = end - 1
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := i + 2
			for end < len(src) && !(src[end] == '*' && end+1 < len(src) && src[end+1] == '/') {
				end++
			}
			end = min(end+2, len(src))
			blank(i, end)
			i = end - 1
		case c == ',':
			lastComma = i
		case c == '}' || c == ']':
			if lastComma >= 0 {
				blank(lastComma, lastComma+1)
			}
			lastComma = -1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			lastComma = -1
		}
	}
	if b == nil {
		return src
	}
	return string(b)
}
