package diff

import (
	"toolbench/core/catalog"
	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

// Change is one difference between the two documents: a plain value that
// renderers turn into text, JSON, Markdown or workflow commands.
type Change struct {
	Severity catalog.Severity `json:"severity"`
	Code     string           `json:"code"`
	Tool     string           `json:"tool"`               // the tool's name: in NEW, or in OLD for a tool that is gone
	OldTool  string           `json:"old_tool,omitempty"` // possibly-renamed-tool: the name in OLD
	Path     string           `json:"path"`               // the JSON path in NEW, or in OLD for what is gone
	Message  string           `json:"message"`
	File     string           `json:"file"` // the document Path is in
	Line     int              `json:"line"`
	Column   int              `json:"column"`
	// EndLine and EndColumn are where the value the change is about
	// ends, the column just past its last byte.
	EndLine   int `json:"end_line"`
	EndColumn int `json:"end_column"`
	Offset    int `json:"-"` // byte offset in File
	EndOffset int `json:"-"` // byte offset in File just past the value
}

// Result is what Compare found.
type Result struct {
	Changes  []Change // breaking ones first, then notes, each in the order of the tools
	Breaking int
	Notes    int
}

// Compare compares the tools of old and new. Tools are sent in lists,
// one a document or one a record of a JSON Lines dataset: the N-th list
// of old is compared with the N-th of new, so the two must hold as many
// (else the error says so), and within a pair tools are matched by name,
// the second tool of a repeated name with the second of it. The
// parameter schemas of each match are walked side by side, local $refs
// followed.
func Compare(old, new *jsondoc.Document) (*Result, error) {
	oldSet, newSet := tooldef.Tools(old), tooldef.Tools(new)
	if err := pairable(oldSet, newSet); err != nil {
		return nil, err
	}
	m := match(oldSet, newSet)
	c := &comparer{old: old, new: new}
	// The matched tools are compared a share a processor, and the
	// shares' changes joined in tool order.
	k := par.Shares(len(newSet.Tools), parallelTools)
	parts := make([]comparer, k)
	addedIn := make([][]*tooldef.Tool, k)
	par.Split(k, len(newSet.Tools), func(part, lo, hi int) {
		pc := &parts[part]
		pc.old, pc.new = old, new
		for i := lo; i < hi; i++ {
			n := &newSet.Tools[i]
			switch j := m.partner[i]; {
			case j >= 0:
				pc.tools(&oldSet.Tools[j], n)
			case n.NameNode.Is(jsondoc.String):
				addedIn[part] = append(addedIn[part], n)
			}
		}
	})
	var added []*tooldef.Tool
	for i := range parts {
		c.changes = append(c.changes, parts[i].changes...)
		c.docs = append(c.docs, parts[i].docs...)
		added = append(added, addedIn[i]...)
	}
	var removed []*tooldef.Tool
	for i := range oldSet.Tools {
		if o := &oldSet.Tools[i]; o.NameNode.Is(jsondoc.String) && !m.paired[i] {
			removed = append(removed, o)
		}
	}
	c.renamesAndRemovals(removed, added)
	return c.result(), nil
}

// parallelTools is the fewest tools a goroutine of Compare takes.
const parallelTools = 512

// comparer collects the changes of one comparison.
type comparer struct {
	old, new *jsondoc.Document
	changes  []Change
	docs     []*jsondoc.Document // the document each change is in
	said     map[changeKey]bool
}

// changeKey is a change as add tells one from another.
type changeKey struct {
	chk   *Check
	doc   *jsondoc.Document
	start int32
	msg   string
}

// add records a change at node n of doc, at path.
func (c *comparer) add(chk *Check, doc *jsondoc.Document, n *jsondoc.Node, path, tool, msg string) {
	// Several places of OLD can be compared with one of NEW (the items
	// of a list with the schema that now takes them all): a change they
	// find alike is told once.
	key := changeKey{chk, doc, n.Start, msg}
	if c.said[key] {
		return
	}
	if c.said == nil {
		c.said = map[changeKey]bool{}
	}
	c.said[key] = true
	c.changes = append(c.changes, Change{Severity: chk.Severity, Code: chk.Code, Tool: tool, Path: path, Message: msg, File: doc.Name, Offset: int(n.Start), EndOffset: int(n.End)})
	c.docs = append(c.docs, doc)
}

// result positions the changes, breaking ones first.
func (c *comparer) result() *Result {
	for _, doc := range []*jsondoc.Document{c.old, c.new} {
		var ps []jsondoc.Pos
		var at []int
		for i := range c.changes {
			if c.docs[i] == doc {
				ps = append(ps, jsondoc.Pos{Offset: c.changes[i].Offset}, jsondoc.Pos{Offset: c.changes[i].EndOffset})
				at = append(at, i)
			}
		}
		doc.PositionAll(ps)
		for k, i := range at {
			start, end := ps[2*k], ps[2*k+1]
			c.changes[i].Line, c.changes[i].Column = start.Line, start.Column
			c.changes[i].EndLine, c.changes[i].EndColumn = end.Line, end.Column
		}
	}
	r := &Result{}
	for _, sev := range []catalog.Severity{catalog.Error, catalog.Note} {
		for _, ch := range c.changes {
			if ch.Severity == sev {
				r.Changes = append(r.Changes, ch)
			}
		}
	}
	for _, ch := range r.Changes {
		if ch.Severity == catalog.Error {
			r.Breaking++
		} else {
			r.Notes++
		}
	}
	return r
}
