package call

import (
	"bytes"
	"errors"

	"github.com/go-json-experiment/json/jsontext"

	"toolbench/core/jsondoc"
)

// Calls pasted or saved one after another are often pretty-printed: a
// value spans lines, and some of its lines (the last element of an
// array) are JSON values by themselves. Input whose first value spans
// lines and is followed by more is read as a sequence of values before
// it is tried as JSON Lines, which would cut it into malformed lines.

// valueSeq is input read as JSON values one after another.
type valueSeq struct {
	starts []int // the offsets of the values that decode, in order
	bad    int   // the offset of the first one that does not, or -1
}

// readValueSeq reads data as JSON values one after another, separated
// by white space or by nothing. ok is false unless the first value
// decodes, spans lines, and is followed by more. The values are read by
// the decoder jsondoc reads with, with the same options, so a value
// found here parses there too (unless nested past jsondoc.MaxDepth).
func readValueSeq(data []byte) (seq valueSeq, ok bool) {
	base := len(data) - len(bytes.TrimPrefix(data, []byte("\uFEFF")))
	body := data[base:]
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(true))
	seq.bad = -1
	for {
		off := int(dec.InputOffset())
		off += len(body[off:]) - len(bytes.TrimLeft(body[off:], " \t\r\n"))
		if off == len(body) {
			break
		}
		v, err := dec.ReadValue()
		if err != nil {
			seq.bad = base + off
			break
		}
		if len(seq.starts) == 0 && !bytes.Contains(v, []byte("\n")) {
			return seq, false
		}
		seq.starts = append(seq.starts, base+off)
	}
	return seq, len(seq.starts) > 1 || len(seq.starts) == 1 && seq.bad >= 0
}

// firstValueSpansLines reports whether head, the start of an input,
// begins with a whole JSON value that spans lines: pretty-printed.
func firstValueSpansLines(head []byte) bool {
	body := bytes.TrimPrefix(head, []byte("\uFEFF"))
	v, err := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(true)).ReadValue()
	return err == nil && bytes.Contains(v, []byte("\n"))
}

// each hands fn the calls of data, the values of seq, each with the line
// it starts on, and then the value that does not decode as a malformed
// call at its syntax error.
func (seq valueSeq) each(data []byte, fn func(int, Call) error) error {
	line, at := 1, 0
	lineAt := func(off int) int {
		line += bytes.Count(data[at:off], []byte("\n"))
		at = off
		return line
	}
	for i, start := range seq.starts {
		end := len(data)
		switch {
		case i+1 < len(seq.starts):
			end = seq.starts[i+1]
		case seq.bad >= 0:
			end = seq.bad
		}
		l := lineAt(start)
		var c Call
		if n, err := jsondoc.ParseValue("", string(data[start:end])); err != nil {
			c = lineSyntaxCall(l, err)
		} else {
			c = NormalizeCall(n)
		}
		if err := fn(l, c); err != nil {
			return err
		}
	}
	if seq.bad < 0 {
		return nil
	}
	l := lineAt(seq.bad)
	return fn(l, seq.badCall(data, l))
}

// badCall is the malformed call of the value at seq.bad, which starts
// on line: its syntax error, placed in data.
func (seq valueSeq) badCall(data []byte, line int) Call {
	_, err := jsondoc.ParseValue("", string(data[seq.bad:]))
	var se *jsondoc.SyntaxError
	if err == nil {
		return malformedAt(line, 1, "not a JSON value") // the decoder and jsondoc disagree
	}
	if !errors.As(err, &se) || se.Line == 0 {
		return malformedAt(line, 0, syntaxReason(err))
	}
	col := se.Column
	if se.Line == 1 {
		col += seq.bad - (bytes.LastIndexByte(data[:seq.bad], '\n') + 1)
	}
	return malformedAt(line+se.Line-1, col, se.Msg)
}
