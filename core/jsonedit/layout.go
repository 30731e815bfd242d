package jsonedit

import (
	"strings"

	"toolbench/core/jsondoc"
)

// child is the text of one member of an object, from the opening quote
// of its key, or one element of an array.
type child struct {
	start    int // the key's opening quote, or the element's first byte
	keyEnd   int // just past the key's closing quote; start for an element
	valStart int // the value's first byte
	end      int // just past the value
}

// layout is how a container is written: its children, and whether they
// stand on lines of their own.
type layout struct {
	open, close int // offsets of the brackets
	kids        []child
	multiline   bool   // the first child is on a line after the opening bracket
	newline     string // "\n" or "\r\n", as the text after the bracket has it
}

// layoutOf reads the children of container n from the text. It reads the
// text rather than the tree so that it sees every member, including one a
// later member of the same key overrides.
func layoutOf(src string, n *jsondoc.Node) layout {
	l := layout{open: int(n.Start), close: int(n.End) - 1, newline: "\n"}
	object := n.Kind == jsondoc.Object
	i := skipSpace(src, l.open+1)
	for i < l.close {
		c := child{start: i, keyEnd: i}
		if object {
			c.keyEnd = skipString(src, i)
			i = skipSpace(src, c.keyEnd) + 1 // past the ':'
			i = skipSpace(src, i)
		}
		c.valStart = i
		c.end = skipValue(src, i)
		l.kids = append(l.kids, c)
		i = skipSpace(src, c.end)
		if i < l.close && src[i] == ',' {
			i = skipSpace(src, i+1)
		}
	}
	if len(l.kids) > 0 {
		gap := src[l.open+1 : l.kids[0].start]
		if nl := strings.IndexByte(gap, '\n'); nl >= 0 {
			l.multiline = true
			if nl > 0 && gap[nl-1] == '\r' {
				l.newline = "\r\n"
			}
		}
	}
	return l
}

// at returns the index of the child whose text holds offset off, or -1.
func (l *layout) at(off int) int {
	for i, c := range l.kids {
		if c.start <= off && off < c.end {
			return i
		}
	}
	return -1
}

// indent is the white space that starts the line of child i.
func (l *layout) indent(src string, i int) string {
	lineStart := strings.LastIndexByte(src[:l.kids[i].start], '\n') + 1
	end := lineStart
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return src[lineStart:end]
}

// Style is how the text near a value writes what separates the parts of
// a container on one line: the colon after a key and the comma between
// children, with the spaces around them.
type Style struct {
	Colon string // ": " or ":"
	Comma string // ", " or ","
}

// StyleNear returns the style of container n as written, and where n
// does not show it (an empty container, a single member), the style of
// the start of the document.
func StyleNear(doc *jsondoc.Document, n *jsondoc.Node) Style {
	st := sniffStyle(doc.Src)
	if n == nil || n.Kind != jsondoc.Object && n.Kind != jsondoc.Array {
		return st
	}
	l := layoutOf(doc.Src, n)
	if len(l.kids) > 0 && n.Kind == jsondoc.Object {
		c := l.kids[len(l.kids)-1]
		st.Colon = doc.Src[c.keyEnd:c.valStart]
	}
	if k := len(l.kids); k > 1 && !l.multiline {
		st.Comma = doc.Src[l.kids[k-2].end:l.kids[k-1].start]
	}
	return st
}

// sniffStyle reads the first colon and comma outside strings at the
// start of the text: ": " and ", " unless the text writes them bare.
func sniffStyle(src string) Style {
	st := Style{Colon: ": ", Comma: ", "}
	limit := min(len(src), 4096)
	colon, comma := false, false
	for i := 0; i < limit && !(colon && comma); i++ {
		switch src[i] {
		case '"':
			i = skipString(src, i) - 1
		case ':':
			if !colon && i+1 < len(src) && src[i+1] != ' ' {
				st.Colon = ":"
			}
			colon = true
		case ',':
			if !comma && i+1 < len(src) && src[i+1] != ' ' && src[i+1] != '\n' && src[i+1] != '\r' {
				st.Comma = ","
			}
			comma = true
		}
	}
	if !comma && st.Colon == ":" {
		st.Comma = "," // text with no comma yet: as bare as its colons
	}
	return st
}

// List is the JSON text of a list of values on one line: ["a", "b"].
func (s Style) List(values ...string) string {
	return "[" + strings.Join(values, s.Comma) + "]"
}

// Member is the JSON text of an object member: "key": value.
func (s Style) Member(key, value string) string {
	return string(jsondoc.AppendQuote(nil, key)) + s.Colon + value
}

// Object is the JSON text of an object of one member on one line.
func (s Style) Object(key, value string) string { return "{" + s.Member(key, value) + "}" }

// Replace is the edit that writes text in place of value n.
func Replace(n *jsondoc.Node, text string) Edit {
	return Edit{Start: int(n.Start), End: int(n.End), New: text}
}

// Remove is the edit that removes from container the member or element
// whose text holds offset at (its key, or its value), with the comma and
// white space that separate it from its neighbours, so that the lines
// around it stay as they are. It reports false when no child holds at.
func Remove(doc *jsondoc.Document, container *jsondoc.Node, at int) (Edit, bool) {
	l := layoutOf(doc.Src, container)
	i := l.at(at)
	switch {
	case i < 0:
		return Edit{}, false
	case len(l.kids) == 1:
		// The only child: the container closes up, "{}" or "[]".
		return Edit{Start: l.open + 1, End: l.close}, true
	case i < len(l.kids)-1:
		// Up to the next child, which takes this one's place and line.
		return Edit{Start: l.kids[i].start, End: l.kids[i+1].start}, true
	}
	// The last child: from the end of the one before, so the closing
	// bracket keeps its line.
	return Edit{Start: l.kids[i-1].end, End: l.kids[i].end}, true
}

// AppendMember is the edit that adds "key": value as the last member of
// object obj; value is JSON text.
func AppendMember(doc *jsondoc.Document, obj *jsondoc.Node, key, value string) Edit {
	return appendChild(doc, obj, StyleNear(doc, obj).Member(key, value))
}

// AppendElements is the edit that adds values, JSON texts, as the last
// elements of array arr.
func AppendElements(doc *jsondoc.Document, arr *jsondoc.Node, values ...string) Edit {
	return appendChild(doc, arr, values...)
}

// appendChild adds texts after the last child of container n: each on a
// line of its own with the last child's indentation when the children
// stand on lines of their own, else after it on the same line.
func appendChild(doc *jsondoc.Document, n *jsondoc.Node, texts ...string) Edit {
	src := doc.Src
	l := layoutOf(src, n)
	sep := StyleNear(doc, n).Comma
	if len(l.kids) == 0 {
		return Edit{Start: l.open + 1, End: l.close, New: strings.Join(texts, sep)}
	}
	last := len(l.kids) - 1
	if l.multiline {
		sep = "," + l.newline + l.indent(src, last)
	}
	end := l.kids[last].end
	return Edit{Start: end, End: end, New: sep + strings.Join(texts, sep)}
}

// Enclosing returns the innermost object or array within n, n included,
// whose text holds offset at strictly inside its brackets, or nil.
func Enclosing(n *jsondoc.Node, at int) *jsondoc.Node {
	if n == nil || n.Kind != jsondoc.Object && n.Kind != jsondoc.Array || at <= int(n.Start) || at >= int(n.End)-1 {
		return nil
	}
	for _, m := range n.Kids() {
		if c := Enclosing(m.Value, at); c != nil {
			return c
		}
	}
	return n
}
