package jsonrpc

import (
	"cmp"
	"slices"
)

// An Edit puts With in the place of Part, a slice of a message as Parse,
// Member, Members and Elements return them.
type Edit struct {
	Part, With []byte
}

// Replace returns a new message: msg with each edit's Part replaced by
// its With, every other byte as it was, so that a relay can change an id
// or a token and pass the rest on as written. The parts must be slices
// of msg that do not overlap; Replace panics on one that is not, as on
// an index out of range.
func Replace(msg []byte, edits ...Edit) []byte {
	at := make([]int, len(edits))
	size := len(msg)
	for i, e := range edits {
		at[i] = Offset(msg, e.Part)
		size += len(e.With) - len(e.Part)
	}
	order := make([]int, len(edits))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(at[a], at[b]) })
	out := make([]byte, 0, size)
	done := 0
	for _, i := range order {
		if at[i] < done {
			panic("jsonrpc.Replace: parts that overlap")
		}
		out = append(out, msg[done:at[i]]...)
		out = append(out, edits[i].With...)
		done = at[i] + len(edits[i].Part)
	}
	return append(out, msg[done:]...)
}

// Offset is where part, a slice of msg (see Edit), starts in msg. It
// panics when part is not one.
func Offset(msg, part []byte) int {
	off := cap(msg) - cap(part)
	if off < 0 || off > len(msg)-len(part) || len(part) > 0 && &msg[off] != &part[0] {
		panic("jsonrpc: a part that is not a slice of its message")
	}
	return off
}
