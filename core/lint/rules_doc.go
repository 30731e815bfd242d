package lint

import (
	"fmt"
	"slices"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

// documentRules check the JSON text itself rather than a tool.
var documentRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "duplicate-key", Severity: catalog.Warning,
			Summary: "An object names the same key twice.",
			Doc: `An object that repeats a key is legal JSON, but readers disagree on which
value counts: Python's json module and toolbench keep the last, some
parsers keep the first, and strict ones reject the document. The tool a
model sees may not be the one you reviewed.

The issue points at the second occurrence and names the line of the first.
Fix: delete one of the two members, or merge them. toolbench fix deletes
the earlier member, whose value the document does not use.

Source: RFC 8259 section 4 ("The names within an object SHOULD be unique").`,
			Fix: catalog.FixAuto,
		},
		// A duplicate inside a tool is reported with that tool's issues,
		// where a depth-first walk finds it; one outside every tool, such
		// as a second "tools" key, with the document's.
		Document: func(c *DocContext) {
			for _, d := range c.Doc.Duplicates {
				if c.Set.ToolAt(int(d.Second)) == nil {
					c.ReportOffset(int(d.Second), jsondoc.AppendKey(d.Path, d.Key), duplicateKeyMessage(c.Doc, d), duplicateKeyHint,
						duplicateKeyFix(c.Doc, c.Doc.Root, d)...)
				}
			}
		},
		Tool: func(c *ToolContext) {
			n := c.Tool.Node
			dups := c.Doc.Duplicates
			i, _ := slices.BinarySearchFunc(dups, n.Start, func(d jsondoc.DuplicateKey, off int32) int { return int(d.Second - off) })
			for ; i < len(dups) && dups[i].Second < n.End; i++ {
				c.ReportOffset(int(dups[i].Second), jsondoc.AppendKey(dups[i].Path, dups[i].Key), duplicateKeyMessage(c.Doc, dups[i]), duplicateKeyHint,
					duplicateKeyFix(c.Doc, n, dups[i])...)
			}
		},
	},
}

const duplicateKeyHint = "Remove one of the two members."

// duplicateKeyMessage says where the first of the two keys is: its line,
// and its column too when the second is on the same line.
func duplicateKeyMessage(doc *jsondoc.Document, d jsondoc.DuplicateKey) string {
	line, col := doc.Position(int(d.First))
	where := fmt.Sprintf("on line %d", line)
	if second, _ := doc.Position(int(d.Second)); second == line {
		where = fmt.Sprintf("at line %d, column %d", line, col)
	}
	return fmt.Sprintf("key '%s' appears twice in this object; the first is %s, and the last value wins", d.Key, where)
}
