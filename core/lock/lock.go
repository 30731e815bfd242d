// Package lock pins the tools a source lists, as a lockfile pins
// packages (go.sum, package-lock.json) and MCPTrust and mcpsnoop pin MCP
// servers: for each source, each tool's definition as listed and a
// SHA-256 of its canonical form (RFC 8785, the JSON Canonicalization
// Scheme), so that a description rewritten after it was approved (a
// "rug pull") is caught. Verify compares a source's current document
// with what the lock pins, with diff's changes and codes: any change to
// a pinned tool is an error, a tool the lock does not pin a warning.
//
// Reading the sources is the caller's: Pin and Verify take a document,
// and a source that cannot be read is the caller's to report.
//
// It imports diff, tooldef, jsondoc and termtext.
package lock

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gowebpki/jcs"

	"toolbench/core/jsondoc"
	"toolbench/core/tooldef"
)

// Version is the version of the file format Marshal writes.
const Version = 1

// FileName is the lock's name when the configuration names none.
const FileName = "toolbench.lock.json"

// Tool is one pinned tool.
type Tool struct {
	Name string `json:"name"`
	// SHA256 is "sha256:" and the hex digest of Definition.
	SHA256 string `json:"sha256"`
	// Definition is the tool's entry as its source lists it, in
	// canonical form (RFC 8785): keys sorted, numbers and strings written
	// one way.
	Definition json.RawMessage `json:"definition"`
}

// Kind is what a source is, which says how to read it again.
type Kind string

// The kinds of source.
const (
	File   Kind = "file"   // a file, named by its path relative to the lock's directory
	Server Kind = "server" // a live server, named as the servers file names it
)

// Lock is the tools pinned for each source. A source is named as the
// caller names it: a file's path relative to the lock's directory, a
// server of the servers file.
type Lock struct {
	sources map[string][]Tool
	kinds   map[string]Kind
	// text is the lock as Parse read it, where Verify places the changes
	// to what it pins; nil once Set changed it.
	text *lockText
}

// Sources returns the names of the sources the lock pins, sorted.
func (l *Lock) Sources() []string {
	names := make([]string, 0, len(l.sources))
	for name := range l.sources {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Tools returns the tools pinned for source, sorted by name; nil when
// the lock does not pin it.
func (l *Lock) Tools(source string) []Tool { return l.sources[source] }

// Kind returns what source is; "" when the lock does not pin it.
func (l *Lock) Kind(source string) Kind { return l.kinds[source] }

// Set pins tools as the source's, a source of that kind, replacing what
// the lock held for it; the other sources keep theirs.
func (l *Lock) Set(source string, kind Kind, tools []Tool) {
	if l.sources == nil {
		l.sources, l.kinds = map[string][]Tool{}, map[string]Kind{}
	}
	l.sources[source] = tools
	l.kinds[source] = kind
	l.text = nil
}

// Pin returns the tools of doc, pinned, sorted by name. A document that
// holds no list of tools, or more than one (a JSON Lines dataset), a
// tool without a name, a name listed twice (which of the two a client
// takes is the client's choice, not the lock's), and a definition that
// has no canonical form (a key twice, a number past what a double holds)
// are errors, which say where.
func Pin(doc *jsondoc.Document) ([]Tool, error) {
	set := tooldef.Tools(doc)
	if len(set.Problems) > 0 {
		p := set.Problems[0]
		return nil, errAt(doc, p.Node, p.Msg)
	}
	if len(set.Lists) > 1 {
		return nil, doc.ErrorAt(0, fmt.Sprintf("%d lists of tools: a lock pins one list a source", len(set.Lists)))
	}
	if len(set.Bad) > 0 {
		b := set.Bad[0]
		return nil, errAt(doc, b.Node, "a tool entry is a "+b.Node.Kind.String()+", not an object")
	}
	tools := make([]Tool, 0, len(set.Tools))
	first := map[string]*jsondoc.Node{}
	for i := range set.Tools {
		t := &set.Tools[i]
		if t.Name == "" {
			return nil, errAt(doc, t.Node, "a tool without a name cannot be pinned: the lock keys tools by name")
		}
		if at, ok := first[t.Name]; ok {
			line, col := doc.Position(int(at.Start))
			return nil, errAt(doc, t.Node, fmt.Sprintf("tool %s is listed twice (first at %d:%d): clients that key tools by name keep one, and the lock pins one definition a name", jsondoc.AppendQuote(nil, t.Name), line, col))
		}
		first[t.Name] = t.Node
		p, err := pinned(doc, t)
		if err != nil {
			return nil, err
		}
		tools = append(tools, p)
	}
	slices.SortStableFunc(tools, func(a, b Tool) int { return strings.Compare(a.Name, b.Name) })
	return tools, nil
}

// Hash is the hash Pin gives the tool whose entry, as its source lists
// it, is def: "sha256:" and the hex digest of its canonical form (RFC
// 8785). A relay that holds a listing's tools to a lock hashes each as
// it comes, without a document. A definition with no canonical form (a
// key twice, a number past what a double holds) is an error.
func Hash(def []byte) (string, error) {
	canon, err := jcs.Transform(def)
	if err != nil {
		return "", err
	}
	return hashOf(canon), nil
}

// pinned is tool t of doc, pinned.
func pinned(doc *jsondoc.Document, t *tooldef.Tool) (Tool, error) {
	canon, err := jcs.Transform([]byte(doc.Src[t.Node.Start:t.Node.End]))
	if err != nil {
		return Tool{}, errAt(doc, t.Node, "tool "+string(jsondoc.AppendQuote(nil, t.Name))+" has no canonical form (RFC 8785): "+err.Error())
	}
	return Tool{Name: t.Name, SHA256: hashOf(canon), Definition: canon}, nil
}

func hashOf(canon []byte) string {
	sum := sha256.Sum256(canon)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func errAt(doc *jsondoc.Document, n *jsondoc.Node, msg string) error {
	off := 0
	if n != nil {
		off = int(n.Start)
	}
	return doc.ErrorAt(off, msg)
}

// CheckFileName says why name cannot name a file source, nil when it
// can: the lock names a file by its path from the lock's folder, with
// '/', so that verify reads the file there and nowhere else. An absolute
// path, a path out of the folder and a name with ':' (which the command
// line reads as git's REV:PATH) are refused, by lock before it writes one
// and by Parse in a lock someone else wrote.
func CheckFileName(name string) error {
	clean := path.Clean(name)
	switch {
	case path.IsAbs(name) || filepath.IsAbs(filepath.FromSlash(name)) || filepath.VolumeName(filepath.FromSlash(name)) != "":
		return errors.New("an absolute path: the lock names a file from its own folder")
	case clean == ".." || strings.HasPrefix(clean, "../"):
		return errors.New("a path out of the lock's folder: the lock pins files in its folder and below")
	case strings.Contains(name, ":"):
		return errors.New("a ':', which reads as REV:PATH, a file as git has it at a revision")
	}
	return nil
}

// file is the lock as written.
type file struct {
	Version int                `json:"version"`
	Sources map[string]*source `json:"sources"`
}

type source struct {
	Kind  Kind   `json:"kind"`
	Tools []Tool `json:"tools"`
}

// Marshal writes the lock as indented JSON: sources sorted by name,
// tools by name, definitions in canonical form, ending in a newline.
// The same tools write the same bytes.
func (l *Lock) Marshal() []byte {
	f := file{Version: Version, Sources: map[string]*source{}}
	for name, tools := range l.sources {
		if tools == nil {
			tools = []Tool{}
		}
		f.Sources[name] = &source{Kind: l.kinds[name], Tools: tools}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		panic(err) // canonical definitions are valid JSON
	}
	return buf.Bytes()
}

// Parse reads a lock Marshal wrote. name is the file's name, for
// errors, which say where in it they are; a definition whose hash is
// not the one written beside it is one (the lock was edited by hand).
func Parse(name string, data []byte) (*Lock, error) {
	p, err := parse(name, data)
	if err != nil {
		return nil, err
	}
	p.lock.text = p
	return p.lock, nil
}

// lockText is a lock read from its text, with where each definition is.
type lockText struct {
	lock *Lock
	doc  *jsondoc.Document
	defs map[string][]*jsondoc.Node // each source's definitions, as its tools
}

func parse(name string, data []byte) (*lockText, error) {
	doc, err := jsondoc.Parse(name, data)
	if err != nil {
		return nil, err
	}
	root := doc.Root
	if err := object(doc, root, "the lock", "version", "sources"); err != nil {
		return nil, err
	}
	if v := root.Get("version"); !v.Is(jsondoc.Number) || v.Str() != "1" {
		return nil, errAt(doc, orNode(v, root), "this toolbench reads locks of version 1")
	}
	srcs := root.Get("sources")
	if err := object(doc, srcs, "\"sources\""); err != nil {
		return nil, err
	}
	p := &lockText{lock: &Lock{sources: map[string][]Tool{}, kinds: map[string]Kind{}}, doc: doc, defs: map[string][]*jsondoc.Node{}}
	for _, m := range srcs.Members() {
		if err := object(doc, m.Value, "a source", "kind", "tools"); err != nil {
			return nil, err
		}
		kind := m.Value.Get("kind")
		if !kind.Is(jsondoc.String) || Kind(kind.Str()) != File && Kind(kind.Str()) != Server {
			return nil, errAt(doc, orNode(kind, m.Value), "a source's \"kind\" must be \"file\" or \"server\"")
		}
		if Kind(kind.Str()) == File {
			if err := CheckFileName(m.Key); err != nil {
				return nil, doc.ErrorAt(doc.KeyOffset(m), "the file source "+string(jsondoc.AppendQuote(nil, m.Key))+" has "+err.Error()+"; verify reads no such name")
			}
		}
		p.lock.kinds[m.Key] = Kind(kind.Str())
		list := m.Value.Get("tools")
		if !list.Is(jsondoc.Array) {
			return nil, errAt(doc, m.Value, "a source's \"tools\" must be a list")
		}
		tools := []Tool{}
		for _, e := range list.Elems() {
			t, err := parseTool(doc, e.Value)
			if err != nil {
				return nil, err
			}
			tools = append(tools, t)
			p.defs[m.Key] = append(p.defs[m.Key], e.Value.Get("definition"))
		}
		p.lock.sources[m.Key] = tools
	}
	return p, nil
}

func parseTool(doc *jsondoc.Document, n *jsondoc.Node) (Tool, error) {
	if err := object(doc, n, "a pinned tool", "name", "sha256", "definition"); err != nil {
		return Tool{}, err
	}
	name, sum, def := n.Get("name"), n.Get("sha256"), n.Get("definition")
	switch {
	case !name.Is(jsondoc.String):
		return Tool{}, errAt(doc, orNode(name, n), "a pinned tool's \"name\" must be a string")
	case !sum.Is(jsondoc.String):
		return Tool{}, errAt(doc, orNode(sum, n), "a pinned tool's \"sha256\" must be a string")
	case !def.Is(jsondoc.Object):
		return Tool{}, errAt(doc, orNode(def, n), "a pinned tool's \"definition\" must be an object")
	}
	canon, err := jcs.Transform([]byte(doc.Src[def.Start:def.End]))
	if err != nil {
		return Tool{}, errAt(doc, def, "this definition has no canonical form (RFC 8785): "+err.Error())
	}
	if hashOf(canon) != sum.Str() {
		return Tool{}, errAt(doc, sum, "the definition of "+string(jsondoc.AppendQuote(nil, name.Str()))+" does not have this hash: the lock was edited; run toolbench lock again")
	}
	return Tool{Name: name.Str(), SHA256: sum.Str(), Definition: canon}, nil
}

// object fails unless n is an object whose keys are among keys (any,
// when none are given).
func object(doc *jsondoc.Document, n *jsondoc.Node, what string, keys ...string) error {
	if !n.Is(jsondoc.Object) {
		return errAt(doc, n, what+" must be an object")
	}
	if len(keys) == 0 {
		return nil
	}
	for _, m := range n.Members() {
		if !slices.Contains(keys, m.Key) {
			return doc.ErrorAt(doc.KeyOffset(m), "unknown key "+string(jsondoc.AppendQuote(nil, m.Key))+" in "+what+" (known: "+strings.Join(keys, ", ")+")")
		}
	}
	return nil
}

func orNode(n, other *jsondoc.Node) *jsondoc.Node {
	if n != nil {
		return n
	}
	return other
}
