package lint

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/schema"
	"toolbench/core/termtext"
)

// The fixes rules offer. Each is made of jsonedit's edits, so it changes
// only the bytes it must, in the document's own layout, and each is
// offered only where what the author meant is certain.

// quote is s as a JSON string.
func quote(s string) string { return string(jsondoc.AppendQuote(nil, s)) }

// fixOf is a fix of one or more edits; no edits is no fix.
func fixOf(msg string, edits ...jsonedit.Edit) []Fix {
	if len(edits) == 0 {
		return nil
	}
	return []Fix{{Message: msg, Edits: edits}}
}

// typeFix replaces the type name n with the type it certainly means; in
// a type list that has that type already, or an earlier name meaning it,
// it removes n instead. list is the type list holding n, or nil.
func typeFix(doc *jsondoc.Document, list, n *jsondoc.Node) []Fix {
	to, ok := schema.CertainType(n.Str())
	if !ok || to == "" {
		return nil // "any" is no type: what to write instead is the author's choice
	}
	if list != nil && (listHasString(list, to) || meansEarlier(list, n, to)) {
		e, ok := jsonedit.Remove(doc, list, int(n.Start))
		if !ok {
			return nil
		}
		return fixOf("Remove "+termtext.Quote(n.Str())+": the list has "+termtext.Quote(to)+" already", e)
	}
	return fixOf("Replace "+termtext.Quote(n.Str())+" with "+termtext.Quote(to), jsonedit.Replace(n, quote(to)))
}

// meansEarlier reports whether a name before n in the type list means
// the type to.
func meansEarlier(list, n *jsondoc.Node, to string) bool {
	for _, m := range list.Kids() {
		if m.Value == n {
			return false
		}
		if t, ok := schema.CertainType(m.Value.Text()); ok && t == to {
			return true
		}
	}
	return false
}

// removeFix removes the member or element of container that starts at
// the offset at.
func removeFix(doc *jsondoc.Document, msg string, container *jsondoc.Node, at int) []Fix {
	e, ok := jsonedit.Remove(doc, container, at)
	if !ok {
		return nil
	}
	return fixOf(msg, e)
}

// removeRequiredFix removes name, an element of the "required" list of
// schema s; the list goes with its last name, since draft 4 wants none
// empty.
func removeRequiredFix(doc *jsondoc.Document, s, name *jsondoc.Node) []Fix {
	msg := "Remove " + termtext.Quote(name.Str()) + " from \"required\""
	if req := s.Get("required"); req.Len() == 1 {
		return removeFix(doc, msg, s, int(req.Start))
	}
	return removeFix(doc, msg, s.Get("required"), int(name.Start))
}

// duplicateKeyFix removes the member the duplicate d overrides: the
// first of its key in the object, which the last one's value replaces.
func duplicateKeyFix(doc *jsondoc.Document, within *jsondoc.Node, d jsondoc.DuplicateKey) []Fix {
	obj := jsonedit.Enclosing(within, int(d.First))
	if obj == nil {
		return nil
	}
	line, _ := doc.Position(int(d.First))
	return removeFix(doc, "Remove the member "+termtext.Quote(d.Key)+" on line "+strconv.Itoa(line)+", which the later one overrides", obj, int(d.First))
}

// hiddenFix deletes the zero-width, bidi and other format characters of
// string n when they are the only hidden characters in it and something
// is left: tags, controls and variation selectors may carry text the
// author should read first, and the message spells it out.
func hiddenFix(doc *jsondoc.Document, n *jsondoc.Node) []Fix {
	found := termtext.FindHidden(n.Str())
	offsets := make([]int, 0, len(found))
	size := 0
	for _, h := range found {
		if !zeroWidthOrBidi(h.Rune) {
			return nil
		}
		offsets = append(offsets, h.Offset)
		size += len(string(h.Rune))
	}
	if len(offsets) == 0 || size == len(n.Str()) {
		return nil
	}
	return fixOf("Delete "+termtext.Plural(len(offsets), "hidden character"), jsonedit.DeleteInString(doc, n, offsets)...)
}

// zeroWidthOrBidi reports whether r is a zero-width character, a bidi
// control or another format character (a soft hyphen): the hidden
// characters that carry no text of their own. Tag characters, which
// spell text, are not.
func zeroWidthOrBidi(r rune) bool {
	switch {
	case r >= 0xe0000 && r <= 0xe007f:
		return false
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// cleanName is name without the zero-width and bidi characters.
func cleanName(name string) string {
	return strings.Map(func(r rune) rune {
		if zeroWidthOrBidi(r) {
			return -1
		}
		return r
	}, name)
}

// allRequiredFix lists the properties missing from the "required" of
// schema s and makes each of them nullable, so that what was optional
// may still be left out, as null. It offers nothing when a property
// cannot certainly be made nullable (a $ref, a const, no type).
func allRequiredFix(doc *jsondoc.Document, s *jsondoc.Node, missing []string) []Fix {
	st := jsonedit.StyleNear(doc, s)
	props := s.Get("properties")
	var edits []jsonedit.Edit
	quoted := make([]string, len(missing))
	for i, name := range missing {
		quoted[i] = quote(name)
		e, ok := nullableEdits(doc, props.Get(name), st)
		if !ok {
			return nil
		}
		edits = append(edits, e...)
	}
	switch req := s.Get("required"); {
	case req == nil:
		edits = append(edits, jsonedit.AppendMember(doc, s, "required", st.List(quoted...)))
	case req.Is(jsondoc.Array):
		edits = append(edits, jsonedit.AppendElements(doc, req, quoted...))
	default:
		return nil
	}
	return fixOf("List "+strings.Join(quoted, ", ")+" in \"required\" and make "+pronoun(len(missing))+" nullable", edits...)
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// nullableEdits make property schema p accept null as well: "null" in
// its type, in its enum when it has one (and a type of the enum's values
// and null when it has none), or a {"type": "null"} branch in its anyOf.
// ok is false when p cannot certainly be made nullable.
func nullableEdits(doc *jsondoc.Document, p *jsondoc.Node, st jsonedit.Style) (edits []jsonedit.Edit, ok bool) {
	if !p.Is(jsondoc.Object) || p.Has("const") || p.Has("$ref") {
		return nil, false
	}
	switch t := p.Get("type"); {
	case t.Is(jsondoc.String):
		if t.Str() != "null" {
			edits = append(edits, jsonedit.Replace(t, st.List(quote(t.Str()), `"null"`)))
		}
	case t.Is(jsondoc.Array):
		if !listHasString(t, "null") {
			edits = append(edits, jsonedit.AppendElements(doc, t, `"null"`))
		}
	case t != nil:
		return nil, false
	case p.Get("anyOf").Is(jsondoc.Array):
		if !hasNullBranch(p.Get("anyOf")) {
			edits = append(edits, jsonedit.AppendElements(doc, p.Get("anyOf"), st.Object("type", `"null"`)))
		}
	case p.Get("enum").Len() > 0:
		types := enumTypes(p.Get("enum"))
		if !slices.Contains(types, `"null"`) {
			types = append(types, `"null"`)
		}
		edits = append(edits, jsonedit.AppendMember(doc, p, "type", st.List(types...)))
	default:
		return nil, false
	}
	if e := p.Get("enum"); e.Is(jsondoc.Array) && !hasNull(e) {
		edits = append(edits, jsonedit.AppendElements(doc, e, "null"))
	}
	return edits, true
}

func hasNull(list *jsondoc.Node) bool {
	for _, m := range list.Kids() {
		if m.Value.Is(jsondoc.Null) {
			return true
		}
	}
	return false
}

func hasNullBranch(anyOf *jsondoc.Node) bool {
	for _, m := range anyOf.Kids() {
		if m.Value.Get("type").Text() == "null" {
			return true
		}
	}
	return false
}
