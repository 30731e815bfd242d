package jsondoc

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// A document may be JSON Lines: several JSON values, one a line, as
// datasets of tools are written. The loaders read such a text as a list
// of its values, the root a list the text itself does not hold: the
// value of line k (blank lines skipped, counting from 0) is at $[k],
// with its positions in the file.
//
// A text is JSON Lines when its first value lies on one line and is
// followed, on a later line, by anything but white space. Every line
// after it that is not blank must then hold one JSON value, whole. Any
// other text is one JSON value, so a file that is one value, broken or
// not, reads and fails exactly as before: a value of several lines
// followed by more is still "after the JSON value: ...".
//
// A later line that is not one value is the document's error, at its
// place in the file, in the words the line alone would get and naming
// the value: "JSON Lines value $[3]: unexpected end of input: ...".
// Nothing of the other lines is kept, as nothing of a broken value is.

// startsLines reports whether first, the text's first value, and next,
// the offset of the first byte after it that is not white space, make
// src JSON Lines: first lies on one line and next on a later one.
func startsLines(src string, first *Node, next int) bool {
	if next >= len(src) {
		return false
	}
	return strings.IndexByte(src[first.Start:first.End], '\n') < 0 &&
		strings.IndexByte(src[first.End:next], '\n') >= 0
}

// scanLines reads, after first, the other values of a JSON Lines text,
// the next of which starts at i, and returns the list of them all; false
// when a line is not one value the scanner takes, and the decoder must
// say why.
func (p *parser) scanLines(first *Node, i int) (*Node, bool) {
	s := p.src
	p.recordPaths()
	mark := len(p.stack)
	p.stack = append(p.stack, Member{Value: first})
	end := int(first.End)
	for k := 1; i < len(s); k++ {
		p.path = append(p.path[:0], IndexSeg(k))
		var v *Node
		v, end = p.scanValue(i, 0)
		if v == nil || strings.IndexByte(s[i:end], '\n') >= 0 {
			return nil, false
		}
		p.stack = append(p.stack, Member{Value: v})
		i = skipSpace(s, end)
		if i < len(s) && strings.IndexByte(s[end:i], '\n') < 0 {
			return nil, false // a second value on the line
		}
	}
	p.path = p.path[:0]
	p.doc.JSONLines = true
	return p.closeNode(p.newNode(Array, int(first.Start), end), end, mark), true
}

// recordPaths puts the repeated keys found so far, all in the first
// value, under that value's place in the list, $[0].
func (p *parser) recordPaths() {
	for i, d := range p.dups {
		p.dups[i].segs = append([]Seg{IndexSeg(0)}, d.segs...)
	}
}

// parseLines is scanLines for the decoder: it reads each line after
// first, the next of which starts at i, as a text of its own, with its
// positions in the file, and fails at the first line that is not one
// value.
func (p *parser) parseLines(data []byte, first *Node, i int) (*Node, error) {
	src := p.src
	p.recordPaths()
	mark := len(p.stack)
	p.stack = append(p.stack, Member{Value: first})
	end := int(first.End)
	for k := 1; i < len(src); k++ {
		lineEnd := len(src)
		if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
			lineEnd = i + j
		}
		p.path = append(p.path[:0], IndexSeg(k))
		v, err := p.parseLine(data, i, strings.TrimRight(src[:lineEnd], "\r"))
		if err != nil {
			// A line that ends the input may be cut short; one that a
			// newline ends is all there is of it.
			p.truncated = p.truncated && lineEnd == len(src)
			return nil, lineError(err, k)
		}
		p.stack = append(p.stack, Member{Value: v})
		end = int(v.End)
		i = skipSpace(src, lineEnd)
	}
	p.src, p.path = src, p.path[:0]
	p.doc.JSONLines = true
	return p.closeNode(p.newNode(Array, int(first.Start), end), end, mark), nil
}

// parseLine reads src[start:] as one JSON value followed by white space
// only, with the decoder: src ends where the line does, so an error of
// the line alone is positioned, and worded, as it would be in a file of
// that line.
func (p *parser) parseLine(data []byte, start int, src string) (*Node, error) {
	p.src, p.base = src, start
	p.dec = jsontext.NewDecoder(bytes.NewBuffer(data[start:len(src)]), jsontext.AllowDuplicateNames(true))
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	return v, nil
}

// lineError names the JSON Lines value k in err, a syntax error of its line.
func lineError(err error, k int) error {
	var se *SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	e := *se
	e.Msg = "JSON Lines value $[" + strconv.Itoa(k) + "]: " + e.Msg
	return &e
}
