package fix

import (
	"strings"

	"toolbench/core/jsonedit"
)

// pieces are a text as rounds of edits have made it from an original:
// runs of the original's bytes, and the new text between them. They give
// the edits from the original to the latest text without comparing the
// two, which on a large document would cost more than the fixing.
type pieces []piece

type piece struct {
	orig       bool
	start, end int    // of the original's bytes, when orig
	text       string // new text, when not
}

func (p piece) len() int {
	if p.orig {
		return p.end - p.start
	}
	return len(p.text)
}

// edit returns the pieces of the text that edits, sorted and apart, make
// of src, the text ps are.
func (ps pieces) edit(src string, edits []jsonedit.Edit) pieces {
	var out pieces
	i, at := 0, 0 // the piece ps[i] starts at offset at of src
	// take adds the part of ps from the offset at to the offset to.
	take := func(to int) {
		for i < len(ps) && at < to {
			p := ps[i]
			n := p.len()
			if at+n > to {
				n = to - at
			}
			out = append(out, p.slice(0, n))
			if n == p.len() {
				i++
			} else {
				ps[i] = p.slice(n, p.len())
			}
			at += n
		}
	}
	// skip drops the part of ps from the offset at to the offset to.
	skip := func(to int) {
		for i < len(ps) && at < to {
			p := ps[i]
			n := min(p.len(), to-at)
			if n == p.len() {
				i++
			} else {
				ps[i] = p.slice(n, p.len())
			}
			at += n
		}
	}
	ps = append(pieces(nil), ps...)
	for _, e := range edits {
		take(e.Start)
		skip(e.End)
		if e.New != "" {
			out = append(out, piece{text: e.New})
		}
	}
	take(len(src))
	return out
}

// slice is the part of p from byte i to byte j.
func (p piece) slice(i, j int) piece {
	if p.orig {
		return piece{orig: true, start: p.start + i, end: p.start + j}
	}
	return piece{text: p.text[i:j]}
}

// edits returns the edits that make the text of ps from orig, the
// original: one for each stretch between runs of it.
func (ps pieces) edits(orig string) []jsonedit.Edit {
	var edits []jsonedit.Edit
	at := 0 // the original's offset the text has reached
	var pending strings.Builder
	flush := func(to int) {
		if to > at || pending.Len() > 0 {
			edits = append(edits, jsonedit.Edit{Start: at, End: to, New: pending.String()})
			pending.Reset()
		}
	}
	for _, p := range ps {
		if !p.orig {
			pending.WriteString(p.text)
			continue
		}
		flush(p.start)
		at = p.end
	}
	flush(len(orig))
	return edits
}
