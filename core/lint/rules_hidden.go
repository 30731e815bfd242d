package lint

import (
	"unicode/utf8"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// hiddenRules find text a reader of a tools file cannot see but a model
// reads: the way instructions are smuggled into tool descriptions.
var hiddenRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "hidden-characters", Severity: catalog.Error,
			Summary: "A name, description, property name or enum value holds invisible or control characters.",
			Doc: `Tool names, titles and descriptions, and the descriptions, titles,
property names, enum values and const values of their schemas, reach the
model as text. Characters nobody sees in a review can carry instructions
there: Unicode tag characters (U+E0000 to U+E007F) spell ASCII text that
renders as nothing ("ASCII smuggling"), zero-width characters and variation
selectors hide bytes between visible letters, bidi controls (U+202A-U+202E,
U+2066-U+2069, U+200E, U+200F, U+061C) reorder what a reviewer reads
("Trojan Source", CVE-2021-42574), and control characters such as ESC can
rewrite a terminal that prints them. Any other Unicode format character
(category Cf) is reported too. Newline and tab are not.

The message names each character as \u{...} with what it is and the
character position of its first occurrence in the string (counting from
1), and spells out the text tag characters encode; the issue points at
the first run of them, as the file writes them (raw or escaped). Joiners
inside words of scripts that need them (Persian, the Indic scripts) and
in emoji sequences, the tags of emoji subdivision flags and an
ideographic variation selector after a Han character are legitimate and
not reported.

Fix: delete the characters (retyping the text is the surest way); if a
character is meant, write a visible one instead. toolbench fix deletes
zero-width characters, bidi controls and other format characters (a soft
hyphen) from tool names and from the descriptions of tools and schemas,
when they are all the string hides (no tags, controls or variation
selectors, which may carry text to read first) and something is left of
it (and a tool's new name is no other tool's); it
changes no other text, since property names, enum and const values are
data a program reads.

Source: Unicode Technical Standard #39 and Unicode Standard Annex #9
(unicode.org); N. Boucher and R. Anderson, "Trojan Source: Invisible
Vulnerabilities" (CVE-2021-42574, 2021); Invariant Labs, "MCP Security
Notification: Tool Poisoning Attacks" (2025).`,
			Fix: catalog.FixAuto,
		},
		Tool:    checkHiddenInTool,
		Schema:  checkHiddenInSchema,
		Outputs: true,
	},
}

func checkHiddenInTool(c *ToolContext) {
	t := c.Tool
	if t.NameNode.Is(jsondoc.String) {
		reportHidden(t.NameNode.Str(), "tool name", func(msg string, from, to int) {
			var fixes []Fix
			if c.FirstIndexOf(cleanName(t.Name)) < 0 {
				fixes = hiddenFix(c.Doc, t.NameNode)
			}
			start, end := c.Doc.StringSpan(int(t.NameNode.Start), from, to)
			c.ReportSpan(start, end, jsondoc.AppendKey(t.DefPath, "name"), msg, hiddenHint, fixes...)
		})
	}
	// The words are written out: a lint checks every tool's, and builds
	// nothing for the many that hide nothing.
	for _, f := range [...]struct{ key, what string }{{"description", "tool description"}, {"title", "tool title"}} {
		key := f.key
		if v := t.Def.Get(key); v.Is(jsondoc.String) {
			reportHidden(v.Str(), f.what, func(msg string, from, to int) {
				var fixes []Fix
				if key == "description" {
					fixes = hiddenFix(c.Doc, v)
				}
				start, end := c.Doc.StringSpan(int(v.Start), from, to)
				c.ReportSpan(start, end, jsondoc.AppendKey(t.DefPath, key), msg, hiddenHint, fixes...)
			})
		}
	}
}

func checkHiddenInSchema(c *SchemaContext) {
	for _, m := range c.Node.Kids() {
		v := m.Value
		switch m.Key {
		case "description", "title", "const":
			if v.Is(jsondoc.String) {
				what := m.Key
				if what == "const" {
					what = "const value"
				}
				reportHidden(v.Str(), what, func(msg string, from, to int) {
					var fixes []Fix
					if m.Key == "description" {
						fixes = hiddenFix(c.Doc(), v)
					}
					start, end := c.Doc().StringSpan(int(v.Start), from, to)
					c.ReportSpan(start, end, jsondoc.AppendKey(c.Path(), m.Key), msg, hiddenHint, fixes...)
				})
			}
		case "enum":
			if !v.Is(jsondoc.Array) {
				continue
			}
			for i, e := range v.Kids() {
				if e.Value.Is(jsondoc.String) {
					reportHidden(e.Value.Str(), "enum value", func(msg string, from, to int) {
						start, end := c.Doc().StringSpan(int(e.Value.Start), from, to)
						c.ReportSpan(start, end, jsondoc.AppendIndex(jsondoc.AppendKey(c.Path(), "enum"), i), msg, hiddenHint)
					})
				}
			}
		case "properties":
			if !v.Is(jsondoc.Object) {
				continue
			}
			for _, p := range v.Kids() {
				reportHidden(p.Key, "property name", func(msg string, from, to int) {
					start, end := c.Doc().StringSpan(c.Doc().KeyOffset(p), from, to)
					c.ReportSpan(start, end, jsondoc.AppendKey(jsondoc.AppendKey(c.Path(), "properties"), p.Key), msg, hiddenHint)
				})
			}
		}
	}
}

const hiddenHint = "Delete the hidden characters (retype the text to be sure); if a character is meant, write a visible one."

// reportHidden calls report with a message when s holds hidden
// characters, and the byte offsets in s of the first run of them, which
// the issue points at.
func reportHidden(s, what string, report func(msg string, from, to int)) {
	msg := termtext.DescribeHidden(s, what)
	if msg == "" {
		return
	}
	found := termtext.FindHidden(s)
	from := found[0].Offset
	to := from + utf8.RuneLen(found[0].Rune)
	for _, h := range found[1:] {
		if h.Offset != to {
			break
		}
		to += utf8.RuneLen(h.Rune)
	}
	report(msg, from, to)
}
