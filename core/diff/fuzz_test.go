package diff

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

// FuzzCompare checks that any two documents that load compare without
// panicking, each change positioned where its path is, in the file it
// names, with a code of the table and breaking changes first; and that a
// document compared with itself, laid out again, has no changes, so the
// walk finds only what the schemas say and not how they are written.
func FuzzCompare(f *testing.F) {
	for _, s := range [][2]string{
		{tools(city), tools(`{"type": "object", "properties": {"city": {"type": "integer"}}, "required": ["city", "city"]}`)},
		{tools(`{"type": "object", "properties": {"l": {"type": "array", "items": [true, false, {"$ref": "#"}]}}}`), tools(`{"type": "object", "properties": {"l": {"prefixItems": [{}], "items": false}}}`)},
		{tools(`{"patternProperties": {"^a": {"multipleOf": 0.9}}, "exclusiveMaximum": true}`), tools(`{"patternProperties": {"^a": {"multipleOf": 1e-9999}}, "exclusiveMaximum": 3}`)},
		{`[{"type": "function", "function": {"name": "t0", "description": "d"}}]`, tools(`{"anyOf": [{"type": "string"}, {"allOf": [{"$ref": "#/$defs/x"}]}], "$defs": {"x": {"type": "null"}}}`)},
		{`{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}`, `{"a": 1}`},
		{"{\"id\": 1, \"function\": []}\n{\"id\": 2, \"function\": []}\n", "{\"id\": 1, \"function\": []}\n"},
	} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, oldSrc, newSrc []byte) {
		old, err := jsondoc.ParseDocument("old.json", oldSrc)
		if err != nil {
			return
		}
		new, err := jsondoc.ParseDocument("new.json", newSrc)
		if err != nil {
			return
		}
		if res, err := Compare(old, new); err == nil {
			checkChanges(t, res, old, new)
		}
		var again bytes.Buffer
		if json.Indent(&again, oldSrc, "", "\t") != nil {
			return // not one value encoding/json reads; laid out again, it would differ
		}
		relaid, err := jsondoc.ParseDocument("new.json", again.Bytes())
		if err != nil {
			t.Fatalf("the document laid out again does not load: %v\n%s", err, again.Bytes())
		}
		res, err := Compare(old, relaid)
		if err != nil {
			return // not a tools document, on both sides alike
		}
		if len(res.Changes) > 0 {
			t.Fatalf("a document laid out again has changes: %+v\nold: %s\nnew: %s", res.Changes, oldSrc, again.Bytes())
		}
	})
}

func checkChanges(t *testing.T, res *Result, old, new *jsondoc.Document) {
	t.Helper()
	breaking := 0
	for i, c := range res.Changes {
		doc := map[string]*jsondoc.Document{"old.json": old, "new.json": new}[c.File]
		if doc == nil {
			t.Fatalf("change %+v names no file compared", c)
		}
		if line, col := doc.Position(c.Offset); c.Offset > len(doc.Src) || line != c.Line || col != c.Column {
			t.Fatalf("change %+v is at offset %d, which is %d:%d of %s", c, c.Offset, line, col, c.File)
		}
		if !strings.HasPrefix(c.Path, "$") {
			t.Fatalf("change %+v names no path", c)
		}
		chk := LookupCheck(c.Code)
		if chk == nil || chk.Severity != c.Severity {
			t.Fatalf("change %+v has no check of its code and severity", c)
		}
		if c.Severity == catalog.Error {
			if breaking != i {
				t.Fatalf("breaking change %+v comes after a note", c)
			}
			breaking++
		}
	}
	if breaking != res.Breaking || len(res.Changes)-breaking != res.Notes {
		t.Fatalf("counted %d breaking and %d notes of %d changes", res.Breaking, res.Notes, len(res.Changes))
	}
}
