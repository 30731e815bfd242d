package core

import "fmt"

// documentRules check the JSON text itself rather than a tool.
var documentRules = []*Rule{
	{
		Code: "duplicate-key", Severity: Warning,
		Summary: "An object names the same key twice.",
		Doc: `An object that repeats a key is legal JSON, but readers disagree on which
value counts: Python's json module and toolbench keep the last, some
parsers keep the first, and strict ones reject the document. The tool a
model sees may not be the one you reviewed.

The issue points at the second occurrence and names the line of the first.
Fix: delete one of the two members, or merge them.

Source: RFC 8259 section 4 ("The names within an object SHOULD be unique").`,
		Document: func(c *DocContext) {
			for _, d := range c.Doc.Duplicates {
				line, _ := c.Doc.Position(int(d.First))
				c.ReportOffset(int(d.Second), AppendKey(d.Path, d.Key),
					fmt.Sprintf("key '%s' appears twice in this object; the first is on line %d, and the last value wins", d.Key, line),
					"Remove one of the two members.")
			}
		},
	},
}
