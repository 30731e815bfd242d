package core

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// refRules follow "$ref". A local reference is resolved inside the tool's
// parameter schema: "#" is the schema itself, "#/..." a JSON pointer
// (RFC 6901, percent-decoded first as a URI fragment), "#name" an anchor.
// A schema a reference reaches that the walker does not visit by itself
// (one under "components", say) is checked once, after the tool's own
// schemas, by every rule that checks schemas. The walker never follows a
// reference, so a cycle cannot loop.
var refRules = []*Rule{
	{
		Code: "unresolved-ref", Severity: Error,
		Summary: "A local $ref points to nothing in the tool's schema.",
		Doc: `A "$ref" that starts with "#" points inside the tool's own parameter
schema: "#" is the schema itself, "#/$defs/address" a JSON pointer, "#name"
the schema that declares "$anchor": "name". When nothing is there, or the
pointer ends at a value that is not a schema (a string, a number), no
validator can compile the schema: providers reject the tool, or drop the
constraint and leave the model guessing.

The issue points at the schema holding the "$ref". A pointer escapes "~" as
"~0" and "/" as "~1", and may percent-encode other characters ("%25" for
"%"). A reference that leads back to a schema already on the way (a
recursive type) is fine and is not an issue.

Fix: define the schema where the pointer says (usually under "$defs"), or
correct the pointer.

Source: JSON Schema 2020-12 Core, section 8.2.3 (schema references) and
RFC 6901 (JSON Pointer).`,
		Schema:      refCheckUnresolved,
		SchemaAfter: refFollow,
	},
	{
		Code: "remote-ref", Severity: Warning,
		Summary: "A $ref points outside the tool's schema, where nothing checks it.",
		Doc: `A "$ref" that does not start with "#" names another document
("https://example.com/address.json", "common.json#/Address"). toolbench does
not fetch it, so nothing about the referenced schema is checked, and model
providers do not fetch it either: OpenAI's structured outputs and
Anthropic's strict tool use accept only references inside the schema, and
other providers pass the bare URI to the model, which cannot see what it
names.

A reference to the schema's own "$id" is local and is resolved as such.

Fix: copy the referenced schema under "$defs" and point at it with
"#/$defs/NAME".

Source: JSON Schema 2020-12 Core, section 8.2.3; OpenAI structured outputs,
supported schemas,
platform.openai.com/docs/guides/structured-outputs#supported-schemas;
Anthropic strict tool use,
platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use.`,
		Schema:      refCheckRemote,
		SchemaAfter: refFollow,
	},
}

func refCheckUnresolved(c *SchemaContext) {
	ref := c.Node.Get("$ref")
	if !ref.Is(String) {
		return
	}
	res := refResolve(c.Root, ref.Str())
	if res.remote || res.problem == "" {
		return
	}
	c.Report(fmt.Sprintf("$ref %q %s", ref.Str(), res.problem),
		"Define the schema the reference names (usually under $defs), or correct the pointer; in a pointer ~0 is ~ and ~1 is /.")
}

func refCheckRemote(c *SchemaContext) {
	ref := c.Node.Get("$ref")
	if !ref.Is(String) {
		return
	}
	if res := refResolve(c.Root, ref.Str()); res.remote {
		c.Report(fmt.Sprintf("$ref %q points outside the tool's schema; toolbench does not fetch it and providers do not either", ref.Str()),
			"Copy the referenced schema under $defs and point at it with \"#/$defs/NAME\".")
	}
}

// refTarget is what a $ref resolves to.
type refTarget struct {
	node    *Node     // nil when unresolved or remote
	segs    []pathSeg // where node is, from the root
	remote  bool
	problem string // why a local reference resolves to no schema
}

// refResolve resolves ref against the tool's parameter schema root.
func refResolve(root *Node, ref string) refTarget {
	base, frag, _ := strings.Cut(ref, "#")
	if base != "" && !refIsOwnID(root, base) {
		return refTarget{remote: true}
	}
	decoded, err := url.PathUnescape(frag)
	if err != nil {
		return refTarget{problem: "is not a valid URI fragment: " + err.Error()}
	}
	switch {
	case decoded == "":
		return refTarget{node: root}
	case strings.HasPrefix(decoded, "/"):
		return refPointer(root, decoded)
	default:
		return refAnchor(root, decoded)
	}
}

// refIsOwnID reports whether base names the root schema by its "$id".
func refIsOwnID(root *Node, base string) bool {
	id, _, _ := strings.Cut(root.Get("$id").Text(), "#")
	return id != "" && id == base
}

func refPointer(root *Node, ptr string) refTarget {
	n := root
	var segs []pathSeg
	where := "the schema"
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n.Kind {
		case Object:
			next := n.Get(tok)
			if next == nil {
				return refTarget{problem: fmt.Sprintf("resolves to nothing: %s has no member %q", where, tok)}
			}
			n, segs = next, append(segs, pathSeg{key: tok, index: -1})
		case Array:
			i, ok := refIndex(tok, n.Len())
			if !ok {
				return refTarget{problem: fmt.Sprintf("resolves to nothing: %s has %d elements and no index %q", where, n.Len(), tok)}
			}
			n, segs = n.Elem(i), append(segs, pathSeg{index: i})
		default:
			return refTarget{problem: fmt.Sprintf("resolves to nothing: %s is %s, with no member %q", where, n.Kind.Phrase(), tok)}
		}
		where = fmt.Sprintf("%q", tok)
	}
	if !n.Is(Object) && !n.Is(Bool) {
		return refTarget{problem: fmt.Sprintf("points to a %s, not a schema", n.Kind)}
	}
	return refTarget{node: n, segs: segs}
}

// refIndex parses a JSON pointer array index: decimal, no leading zero.
func refIndex(tok string, n int) (int, bool) {
	if tok == "" || len(tok) > 1 && tok[0] == '0' {
		return 0, false
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i >= n {
		return 0, false
	}
	return i, true
}

// refAnchor finds the schema that declares name with "$anchor" or
// "$dynamicAnchor", or with an "$id" of "#name" as drafts 6 and 7 wrote it.
func refAnchor(root *Node, name string) refTarget {
	var found refTarget
	eachSubschema(root, nil, func(s *Node, segs []pathSeg) bool {
		if s.Get("$anchor").Text() == name || s.Get("$dynamicAnchor").Text() == name || s.Get("$id").Text() == "#"+name {
			found = refTarget{node: s, segs: append([]pathSeg(nil), segs...)}
			return false
		}
		return true
	})
	if found.node == nil {
		return refTarget{problem: fmt.Sprintf("resolves to nothing: no schema declares \"$anchor\": %q", name)}
	}
	return found
}

// eachSubschema calls fn on n and on every object schema below it that the
// linter's walker visits, depth first, with its path from n, until fn
// returns false. It reports whether the walk ran to the end.
func eachSubschema(n *Node, segs []pathSeg, fn func(s *Node, segs []pathSeg) bool) bool {
	if !fn(n, segs) {
		return false
	}
	return childSchemas(n, func(_ string, rel [2]pathSeg, nrel int, child *Node) bool {
		return eachSubschema(child, append(segs[:len(segs):len(segs)], rel[:nrel]...), fn)
	})
}

// refFollow runs after the walk of a tool's root schema: it checks, once
// each, the schemas local references reach that the walk did not visit,
// and those their own references reach in turn. Both ref rules carry it so
// that ignoring one does not stop references being followed; only the
// first of them that is enabled runs it.
func refFollow(c *SchemaContext) {
	if !c.AtRoot() || c.rule != refWalkOwner(c.w.rules.after) || !refMayHold(c.w.l.doc, c.Root) {
		return
	}
	visited := map[*Node]bool{}
	var pending []refTarget
	visit := func(n *Node) {
		eachSubschema(n, nil, func(s *Node, _ []pathSeg) bool {
			visited[s] = true
			if ref := s.Get("$ref"); ref.Is(String) {
				if t := refResolve(c.Root, ref.Str()); t.node.Is(Object) {
					pending = append(pending, t)
				}
			}
			return true
		})
	}
	visit(c.Root)
	base := c.Tool.ParamsPath()
	for i := 0; i < len(pending); i++ {
		t := pending[i]
		if visited[t.node] {
			continue
		}
		visit(t.node)
		w := &walker{l: c.w.l, tool: c.w.tool, rules: c.w.rules, root: c.Root, base: appendSegs(base, t.segs)}
		w.schema(t.node, 1, "$ref")
	}
}

// refWalkOwner is the first of rules, the enabled SchemaAfter hooks, that
// follows references: the one of the two that walks the referenced schemas.
func refWalkOwner(rules []*Rule) *Rule {
	for _, r := range rules {
		if r.Code == "unresolved-ref" || r.Code == "remote-ref" {
			return r
		}
	}
	return nil
}

// refMayHold reports whether the text of n could hold a "$ref" key: it
// does unless neither "$ref" nor a \u escape (which could spell it) is
// there. Most tools have no reference, and this spares them a second walk.
func refMayHold(doc *Document, n *Node) bool {
	text := doc.Src[n.Start:n.End]
	return strings.Contains(text, `$ref"`) || strings.Contains(text, `\u`)
}
