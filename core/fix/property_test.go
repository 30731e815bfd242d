package fix

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/lint"
)

// TestEveryFixLeavesAParsableFileWithFewerIssuesOfItsCode makes each
// fix of each issue alone, on the fixtures of testdata and on generated
// documents of every layout, and checks that the text parses and has
// fewer issues of the fix's rule; then that Apply fixes everything it
// can, and that fixing its result changes nothing.
func TestEveryFixLeavesAParsableFileWithFewerIssuesOfItsCode(t *testing.T) {
	docs := fixtureDocs(t)
	r := rand.New(rand.NewPCG(14, 1))
	for i := range 150 {
		docs = append(docs, generated(r, fmt.Sprintf("generated-%d.json", i)))
	}
	opt := lint.Options{Targets: lint.TargetNames()}
	fixes := 0
	for _, doc := range docs {
		before := lint.Lint(doc, opt)
		counts := countCodes(before.Issues)
		for _, is := range before.Issues {
			if is.Fixes != nil && lint.LookupRule(is.Code).Fix == catalog.FixNone {
				t.Errorf("%s: %s offers a fix but its rule says it has none", doc.Name, is.Code)
			}
			for _, f := range is.SuggestedFixes() {
				fixes++
				next, err := Make(doc, f)
				if err != nil {
					t.Errorf("%s: the fix %q of %s at %d:%d: %v", doc.Name, f.Message, is.Code, is.Line, is.Column, err)
					continue
				}
				after := countCodes(lint.Lint(next, opt).Issues)
				if after[is.Code] >= counts[is.Code] {
					t.Errorf("%s: the fix %q of %s at %d:%d leaves %d issues of it, as many as before:\n%s",
						doc.Name, f.Message, is.Code, is.Line, is.Column, after[is.Code], next.Src)
				}
			}
		}
		res, err := Apply(doc, Options{Lint: opt, Codes: fixableCodes()})
		if err != nil {
			t.Errorf("%s: %v", doc.Name, err)
			continue
		}
		again, err := Apply(res.Doc, Options{Lint: opt, Codes: fixableCodes()})
		if err != nil {
			t.Fatal(err)
		}
		if len(again.Fixed) > 0 {
			t.Errorf("%s: fixing the fixed text fixes %d issues more, %s first:\n%s", doc.Name, len(again.Fixed), again.Fixed[0].Code, res.Doc.Src)
		}
	}
	t.Logf("%d fixes tried on %d documents", fixes, len(docs))
	if fixes < 500 {
		t.Errorf("only %d fixes were tried", fixes)
	}
}

func countCodes(issues []lint.Issue) map[string]int {
	m := map[string]int{}
	for _, is := range issues {
		m[is.Code]++
	}
	return m
}

// fixtureDocs are the tools documents under testdata that parse.
func fixtureDocs(t *testing.T) []*jsondoc.Document {
	var docs []*jsondoc.Document
	root := filepath.Join("..", "..", "testdata")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") || strings.Contains(path, "golden") {
			return err
		}
		if doc, err := jsondoc.LoadFile(path); err == nil {
			docs = append(docs, doc)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 10 {
		t.Fatalf("found only %d fixtures", len(docs))
	}
	return docs
}

// A generated document is written from values of these types, in the
// order of their members.
type (
	obj []member
	arr []any
	raw string // JSON text as it is
)

type member struct {
	key string
	val any
}

// layout is how a generated document is written.
type layout struct {
	indent, newline string // indent "" writes it on one line
	spaced          bool   // ": " and ", " on one line
}

var layouts = []layout{
	{indent: "  ", newline: "\n", spaced: true},
	{indent: "\t", newline: "\n", spaced: true},
	{indent: "    ", newline: "\r\n", spaced: true},
	{spaced: true},
	{},
}

// generated is a tools document of a few tools with defects a fix is
// offered for, chosen by r, in one of the layouts.
func generated(r *rand.Rand, name string) *jsondoc.Document {
	var tools arr
	for i := range 1 + r.IntN(3) {
		tools = append(tools, genTool(r, i))
	}
	l := layouts[r.IntN(len(layouts))]
	var b strings.Builder
	l.write(&b, tools, 0, r)
	doc, err := jsondoc.Parse(name, []byte(b.String()))
	if err != nil {
		panic(fmt.Sprintf("%s does not parse: %v\n%s", name, err, b.String()))
	}
	return doc
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func genTool(r *rand.Rand, i int) any {
	name := pick(r, "get_weather", "get weather!", "search.docs", "find\u200bitem", "send-mail", "lookup\u202e")
	name += fmt.Sprint(i)
	desc := pick(r, "Look up the forecast for a city and a day.", "Short", "Find\u200b the pages\u2066 that match a query.", "Send an email\u200d to a list of people.")
	props := obj{}
	var required arr
	for j := range 1 + r.IntN(4) {
		p := genProperty(r, 0)
		key := fmt.Sprintf("p%d", j)
		props = append(props, member{key, p})
		if r.IntN(2) == 0 {
			required = append(required, key)
		}
	}
	if r.IntN(3) == 0 {
		required = append(required, "missing")
	}
	if r.IntN(4) == 0 && len(props) > 1 {
		props = append(props, member{props[0].key, genProperty(r, 0)}) // a duplicate key
	}
	params := obj{{"type", pick[any](r, "object", "object", "dict", "Object")}, {"properties", props}}
	if len(required) > 0 || r.IntN(2) == 0 {
		params = append(params, member{"required", required})
	}
	if r.IntN(3) == 0 {
		params = append(params, member{"additionalProperties", false})
	}
	fn := obj{{"name", name}, {"description", desc}, {"parameters", params}}
	if r.IntN(3) == 0 {
		fn = append(fn, member{"strict", true})
	}
	return obj{{"type", "function"}, {"function", fn}}
}

func genProperty(r *rand.Rand, depth int) any {
	p := obj{}
	typ := pick[any](r, "string", "str", "int", "float", "bool", "list", "Number", arr{"str", "null"}, arr{"integer", "int"}, nil)
	if typ != nil {
		p = append(p, member{"type", typ})
	}
	if r.IntN(3) == 0 {
		p = append(p, member{"description", pick(r, "A value.", "A hidden\u200b value.", "Another\u2067 value.")})
	}
	if r.IntN(3) == 0 || typ == nil {
		p = append(p, member{"enum", pick(r, arr{"a", "b", "a"}, arr{"x", "y"}, arr{1, 2, 1, 2}, arr{"a", "a", "a"})})
	}
	if depth == 0 && r.IntN(5) == 0 {
		p = obj{{"type", "object"}, {"properties", obj{{"inner", genProperty(r, 1)}}}}
	}
	if depth == 0 && r.IntN(8) == 0 {
		p = obj{{"anyOf", arr{obj{{"type", "string"}}, obj{{"type", "int"}}}}}
	}
	return p
}

// write writes v at the given depth.
func (l layout) write(b *strings.Builder, v any, depth int, r *rand.Rand) {
	switch v := v.(type) {
	case obj:
		l.container(b, "{", "}", len(v), depth, func(i int) {
			b.WriteString(string(jsondoc.AppendQuote(nil, v[i].key)))
			b.WriteString(l.colon())
			l.write(b, v[i].val, depth+1, r)
		}, r)
	case arr:
		l.container(b, "[", "]", len(v), depth, func(i int) { l.write(b, v[i], depth+1, r) }, r)
	case string:
		b.WriteString(string(jsondoc.AppendQuote(nil, v)))
	case raw:
		b.WriteString(string(v))
	default:
		fmt.Fprint(b, v)
	}
}

// container writes n children, one a line below depth 3 when the layout
// is indented, else on one line.
func (l layout) container(b *strings.Builder, open, close string, n, depth int, child func(int), r *rand.Rand) {
	b.WriteString(open)
	multiline := l.indent != "" && depth < 3 && n > 0
	for i := range n {
		switch {
		case i > 0 && multiline:
			b.WriteString(",")
		case i > 0:
			b.WriteString(l.comma())
		}
		if multiline {
			b.WriteString(l.newline + strings.Repeat(l.indent, depth+1))
		}
		child(i)
	}
	if multiline {
		b.WriteString(l.newline + strings.Repeat(l.indent, depth))
	}
	b.WriteString(close)
}

func (l layout) colon() string {
	if l.spaced {
		return ": "
	}
	return ":"
}

func (l layout) comma() string {
	if l.spaced {
		return ", "
	}
	return ","
}

// TestFixingACRLFFileChangesOnlyWhatFixingItsLFTwinDoes fixes each
// fixture and generated document written with LF newlines and the same
// document with CRLF: the fixed CRLF text is the fixed LF text with CRLF
// newlines, so a fix neither adds a bare LF nor drops a carriage return.
func TestFixingACRLFFileChangesOnlyWhatFixingItsLFTwinDoes(t *testing.T) {
	docs := fixtureDocs(t)
	r := rand.New(rand.NewPCG(15, 2))
	for i := range 100 {
		docs = append(docs, generated(r, fmt.Sprintf("generated-%d.json", i)))
	}
	opt := Options{Lint: lint.Options{Targets: lint.TargetNames()}, Codes: fixableCodes()}
	tried := 0
	for _, lf := range docs {
		if strings.Contains(lf.Src, "\r") || !strings.Contains(lf.Src, "\n") {
			continue
		}
		crlf, err := jsondoc.Parse(lf.Name, []byte(strings.ReplaceAll(lf.Src, "\n", "\r\n")))
		if err != nil {
			t.Fatal(err)
		}
		fixedLF, err := Apply(lf, opt)
		if err != nil {
			t.Fatalf("%s: %v", lf.Name, err)
		}
		fixedCRLF, err := Apply(crlf, opt)
		if err != nil {
			t.Fatalf("%s with CRLF: %v", lf.Name, err)
		}
		if len(fixedLF.Fixed) == 0 {
			continue
		}
		tried++
		if want := strings.ReplaceAll(fixedLF.Doc.Src, "\n", "\r\n"); fixedCRLF.Doc.Src != want {
			t.Errorf("%s: fixed with CRLF:\n%q\nwant the LF fix with CRLF:\n%q", lf.Name, fixedCRLF.Doc.Src, want)
		}
	}
	if tried < 50 {
		t.Errorf("only %d documents had fixes", tried)
	}
}
