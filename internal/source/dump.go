package source

import (
	"slices"

	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
	"toolbench/internal/mcpclient"
)

// Dump returns the tools as one document in the layout of a server's
// listing (mcpclient.ToolsDocument): a server's document as it is, and
// for a file the entries of its list of tools (or its one tool), each as
// written, one after each line break of {"tools": [ ... ]}. Nothing is
// converted: an OpenAI tool stays one. A file that holds no tools
// document is an error at the place that says so.
func (s *Source) Dump() ([]byte, error) {
	if s.Client != nil {
		return []byte(s.Doc.Src), nil
	}
	doc := s.Doc
	ts := tooldef.Tools(doc)
	if len(ts.Problems) > 0 {
		p := ts.Problems[0]
		return nil, doc.ErrorAt(int(p.Node.Start), p.Msg)
	}
	// The entries of every list, and the tools that are values of their
	// own (one tool, or JSON Lines of tools), in text order.
	var entries []*jsondoc.Node
	for _, l := range ts.Lists {
		for _, m := range l.Node.Kids() {
			entries = append(entries, m.Value)
		}
	}
	for _, t := range ts.Tools {
		if ts.Lists[t.List].Node == nil {
			entries = append(entries, t.Node)
		}
	}
	slices.SortFunc(entries, func(a, b *jsondoc.Node) int { return int(a.Start - b.Start) })
	texts := make([][]byte, len(entries))
	for i, n := range entries {
		texts[i] = []byte(doc.Src[n.Start:n.End])
	}
	return mcpclient.ToolsDocument(texts), nil
}
