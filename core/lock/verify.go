package lock

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gowebpki/jcs"

	"toolbench/core/catalog"
	"toolbench/core/diff"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// Drift is what Verify found in one source: every change between the
// tools the lock pins and those the source lists now, as diff words
// them. A change to a pinned tool (its description, annotations and
// parameters included, or the tool gone) is an error, whatever diff
// makes of it for callers, as is a second tool of a pinned name; a tool
// of a name the lock does not pin is a warning (diff's note). A pinned tool gone is placed in the lock (diff
// finds it only there); every other change, in the source's document.
type Drift struct {
	Source   string
	Changes  []diff.Change // errors first, then warnings, each in diff's order
	Errors   int           // changes to pinned tools
	Warnings int           // tools the lock does not pin
}

// Verify compares doc, what source lists now, with the tools the lock
// pins for it. Changes to what is pinned are placed in the lock's text
// as Parse read it (in the text Marshal writes, named FileName, for a
// lock changed since). A source the lock does not pin is an error, as is
// a document diff cannot compare with it.
func (l *Lock) Verify(source string, doc *jsondoc.Document) (*Drift, error) {
	p := l.text
	if p == nil {
		var err error
		if p, err = parse(FileName, l.Marshal()); err != nil {
			return nil, err
		}
	}
	return p.verify(source, doc)
}

// pinnedName is the name of the document of a source's pinned tools.
const pinnedName = "\x00pinned"

func (p *lockText) verify(source string, doc *jsondoc.Document) (*Drift, error) {
	tools, ok := p.lock.sources[source]
	if !ok {
		return nil, fmt.Errorf("%s pins no source %s", p.doc.Name, strconv.Quote(source))
	}
	// The pinned definitions, as one list of tools, each the very text
	// of the lock, so that a place in it is a place in the lock.
	defs := p.defs[source]
	var b strings.Builder
	starts := make([]int, len(defs))
	b.WriteByte('[')
	for i, d := range defs {
		if i > 0 {
			b.WriteByte(',')
		}
		starts[i] = b.Len()
		b.WriteString(p.doc.Src[d.Start:d.End])
	}
	b.WriteByte(']')
	d := &Drift{Source: source}
	pins, cur := byName(tools), listedIn(doc)
	if cur.asPinned(pins, len(tools)) {
		return d, nil
	}
	old, err := jsondoc.ParseText(pinnedName, b.String())
	if err != nil {
		return nil, fmt.Errorf("%s: the definitions of %s: %w", p.doc.Name, source, err)
	}
	// The pinned definitions are in canonical form, and so are the
	// current tools diff compares them with: a number the canonical form
	// rounds (an integer past a double's precision) is then no change.
	now, spans := cur.canonical(doc)
	res, err := diff.Compare(old, now)
	if err != nil {
		return nil, fmt.Errorf("%s against %s: %w", doc.Name, p.doc.Name, err)
	}
	changed := map[string]bool{}
	var warnings []diff.Change
	for _, c := range res.Changes {
		if c.File == pinnedName {
			c = p.inLock(c, source, defs, starts)
		} else if now != doc {
			c = inSource(c, doc, spans)
		}
		if c.Code == "added-tool" && pins.nth(c.Tool, 0) != nil {
			// Many clients key tools by name, the last one listed
			// winning: a second definition of a pinned name can stand in
			// for the pinned one, unchanged beside it.
			c.Severity = catalog.Error
			c.Message = "a second definition of the pinned name " + termtext.Quote(c.Tool) + " appeared: clients that key tools by name may take it in place of the pinned one"
			d.Changes = append(d.Changes, c)
			continue
		}
		if c.Code == "added-tool" {
			c.Severity = catalog.Note
			warnings = append(warnings, c)
			continue
		}
		c.Severity = catalog.Error
		changed[c.Tool], changed[c.OldTool] = true, true
		d.Changes = append(d.Changes, c)
	}
	d.Changes = append(d.Changes, cur.unexplained(pins, doc, changed)...)
	d.Errors = len(d.Changes)
	d.Warnings = len(warnings)
	d.Changes = append(d.Changes, warnings...)
	return d, nil
}

// inLock places a change found in the pinned tools in the lock: its
// file, offset, line and column, and a path from the lock's root.
func (p *lockText) inLock(c diff.Change, source string, defs []*jsondoc.Node, starts []int) diff.Change {
	// The last definition that starts at or before the offset.
	i := max(sort.SearchInts(starts, c.Offset+1)-1, 0)
	c.File = p.doc.Name
	shift := int(defs[i].Start) - starts[i]
	c.Offset += shift
	c.Line, c.Column = p.doc.Position(c.Offset)
	if c.EndLine > 0 {
		c.EndOffset += shift
		c.EndLine, c.EndColumn = p.doc.Position(c.EndOffset)
	}
	prefix := "$[" + strconv.Itoa(i) + "]"
	if rest, ok := strings.CutPrefix(c.Path, prefix); ok {
		c.Path = jsondoc.AppendKey(jsondoc.AppendKey("$", "sources"), source) + ".tools[" + strconv.Itoa(i) + "].definition" + rest
	}
	return c
}

// unexplained reports each pinned tool whose canonical form is not the
// one pinned though diff found no change in it: values of a list in
// another order, a default or an example in its schema. Tools of one
// name are paired in order, as diff pairs them.
func (cur *listed) unexplained(pins pinsByName, doc *jsondoc.Document, changed map[string]bool) []diff.Change {
	set := cur.set
	seen := map[string]int{}
	var out []diff.Change
	for i := range set.Tools {
		t := &set.Tools[i]
		k := seen[t.Name]
		seen[t.Name]++
		if t.Name == "" || changed[t.Name] {
			continue
		}
		pin := pins.nth(t.Name, k)
		if pin == nil {
			continue
		}
		if cur.canon[i] != nil && hashOf(cur.canon[i]) == pin.SHA256 {
			continue
		}
		msg := "the tool's canonical form is not the one pinned: values in another order, or a default, an example or a comment changed"
		if cur.canon[i] == nil {
			msg = "the tool has no canonical form (RFC 8785) any more"
		}
		line, col := doc.Position(int(t.Node.Start))
		endLine, endCol := doc.Position(int(t.Node.End))
		out = append(out, diff.Change{Severity: catalog.Error, Code: "definition-changed", Tool: t.Name, Path: t.Path, Message: msg,
			File: doc.Name, Line: line, Column: col, Offset: int(t.Node.Start), EndLine: endLine, EndColumn: endCol, EndOffset: int(t.Node.End)})
	}
	return out
}

// pinsByName is a source's pinned tools by name, in the lock's order: a
// look-up costs the same however many tools the lock pins.
type pinsByName map[string][]*Tool

func byName(tools []Tool) pinsByName {
	pins := make(pinsByName, len(tools))
	for i := range tools {
		pins[tools[i].Name] = append(pins[tools[i].Name], &tools[i])
	}
	return pins
}

// nth is the k'th pinned tool of that name, nil when there are fewer.
func (pins pinsByName) nth(name string, k int) *Tool {
	if k < len(pins[name]) {
		return pins[name][k]
	}
	return nil
}

// listed is the tools a document lists now, each with its canonical form
// (RFC 8785), nil where it has none: worked out once, for the three
// readings verify makes of them.
type listed struct {
	set   *tooldef.ToolSet
	canon [][]byte
}

func listedIn(doc *jsondoc.Document) *listed {
	set := tooldef.Tools(doc)
	cur := &listed{set: set, canon: make([][]byte, len(set.Tools))}
	for i := range set.Tools {
		n := set.Tools[i].Node
		if canon, err := jcs.Transform([]byte(doc.Src[n.Start:n.End])); err == nil {
			cur.canon[i] = canon
		}
	}
	return cur
}

// asPinned reports whether the document lists the n tools pinned and no
// other, each with the canonical form pinned: nothing for diff to find.
func (cur *listed) asPinned(pins pinsByName, n int) bool {
	set := cur.set
	if len(set.Tools) != n || len(set.Problems) > 0 || len(set.Bad) > 0 || len(set.Lists) > 1 {
		return false
	}
	seen := map[string]int{}
	for i := range set.Tools {
		t := &set.Tools[i]
		pin := pins.nth(t.Name, seen[t.Name])
		seen[t.Name]++
		if pin == nil {
			return false
		}
		if cur.canon[i] == nil || hashOf(cur.canon[i]) != pin.SHA256 {
			return false
		}
	}
	return true
}

// span is a tool of a document written in canonical form in its place:
// [cs, ce) in the canonical text was [os, oe) in the source, and at maps
// the offsets of its values, keys and ends back to the source's.
type span struct {
	cs, ce, os, oe int
	tool           int // the tool's index in tooldef.Tools
	at             map[int]int
}

// canonical is doc with each tool written in canonical form (RFC 8785),
// as the lock pins it, with where each tool went; doc itself when no
// tool has a canonical form, or the text so made does not parse.
func (cur *listed) canonical(doc *jsondoc.Document) (*jsondoc.Document, []span) {
	set := cur.set
	var b strings.Builder
	var spans []span
	last := 0
	for i := range set.Tools {
		n := set.Tools[i].Node
		if int(n.Start) < last {
			continue
		}
		canon := cur.canon[i]
		if canon == nil {
			continue
		}
		b.WriteString(doc.Src[last:n.Start])
		spans = append(spans, span{cs: b.Len(), os: int(n.Start), oe: int(n.End), tool: i})
		b.Write(canon)
		spans[len(spans)-1].ce = b.Len()
		last = int(n.End)
	}
	if len(spans) == 0 {
		return doc, nil
	}
	b.WriteString(doc.Src[last:])
	now, err := jsondoc.ParseText(doc.Name, b.String())
	if err != nil {
		return doc, nil
	}
	nowSet := tooldef.Tools(now)
	for i := range spans {
		sp := &spans[i]
		if sp.tool >= len(nowSet.Tools) || int(nowSet.Tools[sp.tool].Node.Start) != sp.cs {
			return doc, nil // not the same tools: diff the source as it is
		}
		sp.at = map[int]int{}
		mapOffsets(sp.at, now, doc, nowSet.Tools[sp.tool].Node, set.Tools[sp.tool].Node)
	}
	return now, spans
}

// mapOffsets maps the offsets of c, a value of the canonical text cdoc, to
// those of o, the same value in the source odoc: its start and end, and
// those of its keys, members and elements.
func mapOffsets(at map[int]int, cdoc, odoc *jsondoc.Document, c, o *jsondoc.Node) {
	at[int(c.Start)], at[int(c.End)] = int(o.Start), int(o.End)
	switch {
	case c.Is(jsondoc.Object):
		members := map[string]jsondoc.Member{}
		for _, m := range o.Members() {
			members[m.Key] = m
		}
		for _, m := range c.Members() {
			if om, ok := members[m.Key]; ok {
				at[cdoc.KeyOffset(m)] = odoc.KeyOffset(om)
				mapOffsets(at, cdoc, odoc, m.Value, om.Value)
			}
		}
	case c.Is(jsondoc.Array):
		oe := o.Elems()
		for i, e := range c.Elems() {
			if i < len(oe) {
				mapOffsets(at, cdoc, odoc, e.Value, oe[i].Value)
			}
		}
	}
}

// inSource places a change found in the canonical text of doc's tools
// where the source has it: its offsets, lines and columns.
func inSource(c diff.Change, doc *jsondoc.Document, spans []span) diff.Change {
	c.Offset = sourceOffset(c.Offset, spans)
	c.Line, c.Column = doc.Position(c.Offset)
	if c.EndLine > 0 {
		c.EndOffset = sourceOffset(c.EndOffset, spans)
		c.EndLine, c.EndColumn = doc.Position(c.EndOffset)
	}
	return c
}

// sourceOffset is the offset in the source of off in the canonical text:
// inside a tool, the place of the same value (the tool's start for one
// between values); outside, the same text, shifted by the tools before.
func sourceOffset(off int, spans []span) int {
	shift := 0
	for _, sp := range spans {
		switch {
		case off < sp.cs:
			return off + shift
		case off <= sp.ce:
			if o, ok := sp.at[off]; ok {
				return o
			}
			return sp.os
		}
		shift = sp.oe - sp.ce
	}
	return off + shift
}
