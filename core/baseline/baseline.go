// Package baseline records the issues of a lint, so that a team adopting
// toolbench on an old tools file is told only of new ones. An entry says
// what its issues are about (the source, the tool's name, the path
// inside the tool, the code) and how many there are, not where they
// are: an edit above them, a re-indent or a reorder of the tools does
// not wake them, as the baselines of detekt and Psalm keep them. An
// entry that matches fewer issues than it counts is stale: the issues
// it accepted were fixed, and the baseline should be written again.
//
// It imports lint and jsondoc.
package baseline

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// Version is the version of the file format Marshal writes.
const Version = 1

// Key is what an issue is about.
type Key struct {
	// Source names what was linted: a file's path as the command names
	// it (relative to the baseline's directory), or a server.
	Source string `json:"source"`
	Tool   string `json:"tool"` // the tool's name; "" for an issue about no tool
	// Path is the JSON path inside the tool, from the tool's entry
	// (".function.parameters.properties.city"), without the tool's index
	// in its list; the document's path for an issue about no tool.
	Path string `json:"path"`
	Code string `json:"code"`
}

// Entry is the issues of one key the baseline accepts.
type Entry struct {
	Key
	Count int `json:"count"`
}

// Baseline is the issues accepted, one entry a key.
type Baseline struct {
	Entries []Entry // in the order of their keys
}

// KeyOf returns the key of an issue of res, a lint of source.
func KeyOf(source string, res *lint.Result, is *lint.Issue) Key {
	k := Key{Source: source, Tool: is.Tool, Path: is.Path, Code: is.Code}
	if is.Offset < 0 || res.Tools == nil {
		return k
	}
	t := res.Tools.ToolAt(is.Offset)
	if t == nil {
		return k
	}
	if rest, ok := strings.CutPrefix(is.Path, t.Path); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
		k.Tool, k.Path = t.Name, rest
	}
	return k
}

// Add records the issues of res, a lint of source.
func (b *Baseline) Add(source string, res *lint.Result) {
	counts := map[Key]int{}
	for i := range b.Entries {
		counts[b.Entries[i].Key] = b.Entries[i].Count
	}
	for i := range res.Issues {
		counts[KeyOf(source, res, &res.Issues[i])]++
	}
	b.Entries = b.Entries[:0]
	for k, n := range counts {
		b.Entries = append(b.Entries, Entry{Key: k, Count: n})
	}
	slices.SortFunc(b.Entries, func(x, y Entry) int { return compareKeys(x.Key, y.Key) })
}

func compareKeys(x, y Key) int {
	return cmp.Or(strings.Compare(x.Source, y.Source), strings.Compare(x.Tool, y.Tool),
		strings.Compare(x.Path, y.Path), strings.Compare(x.Code, y.Code))
}

// file is the baseline as written.
type file struct {
	Version int     `json:"version"`
	Issues  []Entry `json:"issues"`
}

// Marshal writes the baseline as indented JSON, its entries in the order
// of their keys, ending in a newline: the same issues write the same
// bytes.
func (b *Baseline) Marshal() []byte {
	entries := b.Entries
	if entries == nil {
		entries = []Entry{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(file{Version: Version, Issues: entries}); err != nil {
		panic(err) // strings and ints always encode
	}
	return buf.Bytes()
}

// Parse reads a baseline Marshal wrote. name is the file's name, for
// errors, which say where in it they are.
func Parse(name string, data []byte) (*Baseline, error) {
	doc, err := jsondoc.Parse(name, data)
	if err != nil {
		return nil, err
	}
	root := doc.Root
	if !root.Is(jsondoc.Object) {
		return nil, doc.ErrorAt(int(root.Start), "a baseline is an object with \"version\" and \"issues\"")
	}
	if err := onlyKeys(doc, root, "version", "issues"); err != nil {
		return nil, err
	}
	if v := root.Get("version"); !v.Is(jsondoc.Number) || v.Str() != "1" {
		at := root
		if v != nil {
			at = v
		}
		return nil, doc.ErrorAt(int(at.Start), "this toolbench reads baselines of version 1")
	}
	list := root.Get("issues")
	if !list.Is(jsondoc.Array) {
		return nil, doc.ErrorAt(int(root.Start), "\"issues\" must be a list")
	}
	b := &Baseline{}
	seen := map[Key]bool{}
	for _, m := range list.Elems() {
		e, err := parseEntry(doc, m.Value)
		if err != nil {
			return nil, err
		}
		if seen[e.Key] {
			return nil, doc.ErrorAt(int(m.Value.Start), "this entry's key is another entry's too")
		}
		seen[e.Key] = true
		b.Entries = append(b.Entries, e)
	}
	slices.SortFunc(b.Entries, func(x, y Entry) int { return compareKeys(x.Key, y.Key) })
	return b, nil
}

func parseEntry(doc *jsondoc.Document, n *jsondoc.Node) (Entry, error) {
	if !n.Is(jsondoc.Object) {
		return Entry{}, doc.ErrorAt(int(n.Start), "an entry is an object with source, tool, path, code and count")
	}
	if err := onlyKeys(doc, n, "source", "tool", "path", "code", "count"); err != nil {
		return Entry{}, err
	}
	var e Entry
	for key, dst := range map[string]*string{"source": &e.Source, "tool": &e.Tool, "path": &e.Path, "code": &e.Code} {
		v := n.Get(key)
		if !v.Is(jsondoc.String) {
			return Entry{}, doc.ErrorAt(int(n.Start), "the entry's "+key+" must be a string")
		}
		*dst = v.Str()
	}
	c := n.Get("count")
	if !c.IsInt() || c.Str() == "0" || strings.HasPrefix(c.Str(), "-") || len(c.Str()) > 9 {
		return Entry{}, doc.ErrorAt(int(n.Start), "the entry's count must be a whole number from 1")
	}
	for _, d := range c.Str() {
		e.Count = e.Count*10 + int(d-'0')
	}
	return e, nil
}

// onlyKeys fails on the first member of n not among keys.
func onlyKeys(doc *jsondoc.Document, n *jsondoc.Node, keys ...string) error {
	for _, m := range n.Members() {
		if !slices.Contains(keys, m.Key) {
			return doc.ErrorAt(doc.KeyOffset(m), "unknown key "+string(jsondoc.AppendQuote(nil, m.Key))+" (known: "+strings.Join(keys, ", ")+")")
		}
	}
	return nil
}

// Matcher takes the issues a baseline accepts out of lint results, and
// counts what it has taken, to tell the entries that no longer match.
type Matcher struct {
	left    map[Key]int // what each entry still accepts
	sources map[string]bool
	order   []Entry
}

// Match starts matching results against b.
func (b *Baseline) Match() *Matcher {
	m := &Matcher{left: map[Key]int{}, sources: map[string]bool{}, order: b.Entries}
	for _, e := range b.Entries {
		m.left[e.Key] = e.Count
	}
	return m
}

// Filter returns res without the issues the baseline accepts, its
// counts redone, and how many it took out. An entry accepts up to its
// count of issues of its key, in the result's order.
func (m *Matcher) Filter(source string, res *lint.Result) (*lint.Result, int) {
	m.sources[source] = true
	taken := 0
	out := res.Without(func(is *lint.Issue) bool {
		k := KeyOf(source, res, is)
		if m.left[k] == 0 {
			return false
		}
		m.left[k]--
		taken++
		return true
	})
	return out, taken
}

// Stale returns the entries of the sources filtered so far that matched
// fewer issues than they count, each with the count it did not match, in
// the order of their keys. Entries of sources not filtered are not
// stale: a lint of one file does not judge the entries of another.
func (m *Matcher) Stale() []Entry {
	var out []Entry
	for _, e := range m.order {
		if n := m.left[e.Key]; n > 0 && m.sources[e.Source] {
			out = append(out, Entry{Key: e.Key, Count: n})
		}
	}
	return out
}
