package config

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// The decoder says where a key it does not know or a value of the wrong
// type is; for what only this package judges (an unknown rule code, a
// glob that is not one) the index below says where each key and value
// of the file is, read from go-toml's syntax tree.

// span is where a key and its value start: byte offsets, -1 for none.
type span struct{ key, value int }

// index holds the span of every key and value of a file, by path: the
// keys from the root, an element of a list or of an array of tables by
// its number ("ignore", "0", "codes", "1").
type index struct {
	data []byte
	at   map[string]span
}

func pathKey(path []string) string { return strings.Join(path, "\x1f") }

// newIndex reads data, which the decoder has accepted, into an index.
func newIndex(data []byte) *index {
	ix := &index{data: data, at: map[string]span{}}
	var p unstable.Parser
	p.Reset(data)
	var current []string
	arrays := map[string]int{}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			keys, start, _ := keysOf(e)
			current = keys
			if e.Kind == unstable.ArrayTable {
				k := pathKey(keys)
				current = append(keys, strconv.Itoa(arrays[k]))
				arrays[k]++
			}
			ix.set(current, start, -1)
		case unstable.KeyValue:
			ix.keyValue(current, e)
		}
	}
	return ix
}

// keysOf returns the keys of a table header or key-value, where the
// first starts, and where the last ends.
func keysOf(n *unstable.Node) (keys []string, start, end int) {
	it := n.Key()
	start = -1
	for it.Next() {
		k := it.Node()
		if start < 0 {
			start = int(k.Raw.Offset)
		}
		end = int(k.Raw.Offset + k.Raw.Length)
		keys = append(keys, string(k.Data))
	}
	return keys, start, end
}

func (ix *index) keyValue(base []string, kv *unstable.Node) {
	keys, start, end := keysOf(kv)
	path := append(append([]string(nil), base...), keys...)
	v := kv.Value()
	at := ix.valueStart(end)
	ix.set(path, start, at)
	ix.value(path, v, at)
}

// valueStart is where the value after a key ending at end starts: past
// the white space and the '='.
func (ix *index) valueStart(end int) int {
	i := end
	for i < len(ix.data) && bytes.IndexByte([]byte(" \t="), ix.data[i]) >= 0 {
		i++
	}
	return i
}

// value records the elements of a list and the members of an inline
// table that v, at offset at, holds.
func (ix *index) value(path []string, v *unstable.Node, at int) {
	switch v.Kind {
	case unstable.Array:
		i := 0
		for it := v.Children(); it.Next(); i++ {
			e := it.Node()
			elem := append(append([]string(nil), path...), strconv.Itoa(i))
			eat := at
			if e.Raw.Length > 0 {
				eat = int(e.Raw.Offset)
			}
			ix.set(elem, -1, eat)
			ix.value(elem, e, eat)
		}
	case unstable.InlineTable:
		for it := v.Children(); it.Next(); {
			ix.keyValue(path, it.Node())
		}
	}
}

func (ix *index) set(path []string, key, value int) {
	k := pathKey(path)
	if _, ok := ix.at[k]; !ok {
		ix.at[k] = span{key, value}
	}
}

// keyAt is where the key of path is, else its value, else the file's
// start.
func (ix *index) keyAt(path []string) int {
	s, ok := ix.at[pathKey(path)]
	switch {
	case ok && s.key >= 0:
		return s.key
	case ok && s.value >= 0:
		return s.value
	}
	return 0
}

// valueAt is where the value of path is, else its key.
func (ix *index) valueAt(path []string) int {
	if s, ok := ix.at[pathKey(path)]; ok && s.value >= 0 {
		return s.value
	}
	return ix.keyAt(path)
}

// position is the line and byte column of offset, from 1.
func (ix *index) position(offset int) (line, col int) {
	offset = min(max(offset, 0), len(ix.data))
	before := ix.data[:offset]
	line = bytes.Count(before, []byte{'\n'}) + 1
	return line, offset - (bytes.LastIndexByte(before, '\n') + 1) + 1
}
