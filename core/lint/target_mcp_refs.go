package lint

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/tooldef"
)

// The rules of MCP 2026-07-28 on what a tool's schemas cost a client to
// use: a "$ref" to another document, which it must not fetch, and a
// composition that expands past any reasonable bound.

var mcpExternalRef = &Rule{
	Entry: catalog.Entry{
		Code: "mcp/external-ref", Severity: catalog.Error,
		Summary: "A $ref in a tool's inputSchema or outputSchema names another document, which MCP clients must not fetch.",
		Doc: `Revision 2026-07-28 lets a tool's schemas use "$ref", and says how
clients resolve it: they MUST NOT dereference a reference to a network
URI on their own (an opt-in mode, off by default, may), and a schema
that fails to validate because of an unresolved external reference
SHOULD be rejected rather than read as permissive. So a "$ref" naming
another document ("https://example.com/address.json",
"common.json#/Address", "urn:...") is, for an MCP client, a reference to
nothing: the tool is rejected, or its arguments and results are never
checked against what the reference names.

A reference to a schema inside the same document, by JSON pointer
("#/$defs/address"), anchor, or the "$id" of the schema or of one of its
subschemas, is local and fine. Both the inputSchema and the outputSchema
are checked, including schemas only a local reference reaches. With
the mcp target on, remote-ref leaves references to this rule.

The issue points at the "$ref" value.

Fix: copy the referenced schema under "$defs" and point at it with
"#/$defs/NAME".

Source: Model Context Protocol specification 2026-07-28, Base protocol,
JSON Schema usage, "$ref Resolution",
modelcontextprotocol.io/specification/2026-07-28/basic#ref-resolution;
Server features, Tools, "Security Considerations",
modelcontextprotocol.io/specification/2026-07-28/server/tools#security-considerations.`,
	},
	Tool: func(c *ToolContext) {
		for _, s := range mcpSchemas(c.Tool) {
			if !mayHoldRef(c.Doc, s.root) {
				continue
			}
			for _, r := range externalRefs(s.root) {
				c.Report(r.ref, jsondoc.AppendKey(jsondoc.AppendSegs(s.path, r.segs), "$ref"),
					fmt.Sprintf("$ref %s names another document: MCP clients do not fetch it, and SHOULD reject the %s rather than treat it as permissive", quoteRef(r.ref.Str()), s.key),
					`Copy the referenced schema under "$defs" and point at it with "#/$defs/NAME".`)
			}
		}
	},
}

// mcpMaxSubschemas is the bound mcp/composition-too-large holds a
// schema's expansion to. The specification names none.
const mcpMaxSubschemas = 10000

var mcpCompositionTooLarge = &Rule{
	Entry: catalog.Entry{
		Code: "mcp/composition-too-large", Severity: catalog.Warning,
		Summary: "A tool's schema expands to more than 10,000 subschemas once its $refs are followed: a composition that explodes.",
		Doc: `Revision 2026-07-28 lets a tool's schemas use the composition
keywords ("anyOf", "oneOf", "allOf", "if"/"then"/"else") and "$defs", and
asks implementations to bound what validating against them may cost (a
maximum depth, a cap on the number of subschemas, a time budget), so
that a schema cannot be made a denial of service against the validator.
A few hundred bytes can expand into millions of subschemas: sixteen
definitions each an "anyOf" of two references to the next make 65,536
branches for every argument. A client that bounds its validator, as the
specification asks, rejects such a tool or times out on it.

This rule counts the subschemas of the inputSchema and of the
outputSchema as a validator meets them: every subschema of every
keyword, and, for each local "$ref", the schema it names again, as often
as it is referred to ("$defs" themselves count only through references;
a reference back to a schema on its own way counts once, since
recursion consumes the instance). More than 10,000 is reported, a bound
of toolbench's own choosing, as the specification gives no number; real
tool schemas stay far below it. The issue points at the schema where
the branches multiply: from the root down, the first whose expansion
passes the bound through more than one of its subschemas.

Fix: flatten the composition: list the alternatives once rather than
nesting choices of choices, and refer to a large definition from one
place rather than from every branch.

Source: Model Context Protocol specification 2026-07-28, Base protocol,
JSON Schema usage, "Composition-Keyword Resource Use",
modelcontextprotocol.io/specification/2026-07-28/basic#composition-keyword-resource-use.`,
	},
	Tool: func(c *ToolContext) {
		for _, s := range mcpSchemas(c.Tool) {
			if !mayHoldRef(c.Doc, s.root) && s.root.End-s.root.Start <= 2*mcpMaxSubschemas {
				continue // each subschema takes two bytes at least: "{}"
			}
			e := &expansion{root: s.root, refs: schema.NewResolver(s.root), size: map[*jsondoc.Node]int{}, onPath: map[*jsondoc.Node]bool{}}
			total := e.of(s.root)
			if total <= mcpMaxSubschemas {
				continue
			}
			at, segs := e.explosion()
			c.Report(at, jsondoc.AppendSegs(s.path, segs),
				fmt.Sprintf("this schema expands to %s subschemas once its $refs are followed (the %s to %s): past %s, a client that bounds its validator, as MCP asks, rejects the tool",
					countText(e.size[at]), s.key, countText(total), countText(mcpMaxSubschemas)),
				"Flatten the composition: list alternatives once instead of nesting choices of choices, and refer to large definitions from fewer branches.")
		}
	},
}

// mcpSchema is one of a tool's schemas: the inputSchema, or the
// outputSchema.
type mcpSchema struct {
	key  string // "inputSchema", "outputSchema"
	root *jsondoc.Node
	path string
}

// mcpSchemas returns the tool's schemas that are objects.
func mcpSchemas(t *tooldef.Tool) []mcpSchema {
	var out []mcpSchema
	if t.Params.Is(jsondoc.Object) {
		out = append(out, mcpSchema{key: t.ParamsKey, root: t.Params, path: t.ParamsPath()})
	}
	if o, path := outputSchemaOf(t); o.Is(jsondoc.Object) {
		out = append(out, mcpSchema{key: "outputSchema", root: o, path: path})
	}
	return out
}

// refSite is a "$ref" of a schema.
type refSite struct {
	ref  *jsondoc.Node // its string
	segs []jsondoc.Seg // where the schema holding it is, from the root
	uri  string        // what it names, resolved against the base URI there, without a fragment
}

// externalRefs returns the references of root, in the order of the
// document, that name no schema in it: neither by a fragment alone, nor
// by the "$id" of root or of one of its subschemas (resolved against the
// "$id"s around it, as JSON Schema 2020-12 section 8.2.1 says). Schemas
// that only a local reference reaches are searched too.
func externalRefs(root *jsondoc.Node) []refSite {
	resolver := schema.NewResolver(root)
	ids := map[string]bool{}
	var refs []refSite
	var pending []schema.Target // schemas local references name
	visited := map[*jsondoc.Node]bool{}
	var segs []jsondoc.Seg // a stack, copied for a reference only
	var visit func(n *jsondoc.Node, base *url.URL) *url.URL
	visit = func(n *jsondoc.Node, base *url.URL) *url.URL {
		visited[n] = true
		if id := n.Get("$id"); id.Is(jsondoc.String) && !strings.HasPrefix(id.Str(), "#") {
			if u, err := url.Parse(id.Str()); err == nil {
				base = resolveURI(base, u)
				ids[withoutFragment(base)] = true
			}
		}
		if ref := n.Get("$ref"); ref.Is(jsondoc.String) {
			switch text := ref.Str(); {
			case text == "" || strings.HasPrefix(text, "#"):
				if t := resolver.Resolve(text); t.Node.Is(jsondoc.Object) {
					pending = append(pending, t)
				}
			default:
				uri := text
				if u, err := url.Parse(text); err == nil {
					uri = withoutFragment(resolveURI(base, u))
				}
				refs = append(refs, refSite{ref: ref, segs: slices.Clone(segs), uri: uri})
			}
		}
		eachSubschema(n, func(_ string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node) {
			segs = append(segs, rel[:nrel]...)
			visit(child, base)
			segs = segs[:len(segs)-nrel]
		})
		return base
	}
	rootBase := visit(root, nil)
	for i := 0; i < len(pending); i++ {
		if t := pending[i]; !visited[t.Node] {
			segs = slices.Clone(t.Segs)
			visit(t.Node, rootBase)
		}
	}
	var out []refSite
	for _, r := range refs {
		if !ids[r.uri] {
			out = append(out, r)
		}
	}
	return out
}

// resolveURI resolves u against base, which may be nil.
func resolveURI(base, u *url.URL) *url.URL {
	if base == nil {
		return u
	}
	return base.ResolveReference(u)
}

func withoutFragment(u *url.URL) string {
	v := *u
	v.Fragment, v.RawFragment = "", ""
	return v.String()
}

// quoteRef quotes a reference for a message.
func quoteRef(ref string) string { return strconv.Quote(ref) }

// expansion counts the subschemas a schema expands to, local references
// followed (see mcp/composition-too-large).
type expansion struct {
	root   *jsondoc.Node
	refs   *schema.Resolver       // of root
	size   map[*jsondoc.Node]int  // each schema's count, once known
	onPath map[*jsondoc.Node]bool // the schemas being counted
}

// maxCount is where counts stop growing, far past any bound.
const maxCount = 1 << 40

// of returns the number of subschemas n expands to, n itself included.
func (e *expansion) of(n *jsondoc.Node) int {
	if s, ok := e.size[n]; ok {
		return s
	}
	if e.onPath[n] {
		return 1 // recursion: each turn consumes a level of the instance
	}
	e.onPath[n] = true
	total := 1
	e.children(n, func(child *jsondoc.Node, _ []jsondoc.Seg, _ bool) {
		total = min(total+e.of(child), maxCount)
	})
	delete(e.onPath, n)
	e.size[n] = total
	return total
}

// children calls fn on the schemas n applies: its subschemas (not those
// of "$defs", which apply only through references), with their steps
// from n, and the schema its local "$ref" names, with its steps from the
// root (abs).
func (e *expansion) children(n *jsondoc.Node, fn func(child *jsondoc.Node, segs []jsondoc.Seg, abs bool)) {
	eachSubschema(n, func(key string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node) {
		if key != "$defs" && key != "definitions" {
			fn(child, rel[:nrel], false)
		}
	})
	if ref := n.Get("$ref"); ref.Is(jsondoc.String) {
		if t := e.refs.Resolve(ref.Str()); t.Node.Is(jsondoc.Object) {
			fn(t.Node, t.Segs, true)
		}
	}
}

// explosion returns the schema where the expansion of the root passes
// the bound, and its steps from the root: from the root down, while
// exactly one of a schema's children passes it alone, that child.
func (e *expansion) explosion() (*jsondoc.Node, []jsondoc.Seg) {
	n, segs := e.root, []jsondoc.Seg(nil)
	seen := map[*jsondoc.Node]bool{n: true}
	for {
		var next *jsondoc.Node
		var nextSegs []jsondoc.Seg
		over := 0
		e.children(n, func(child *jsondoc.Node, rel []jsondoc.Seg, abs bool) {
			if e.of(child) <= mcpMaxSubschemas {
				return
			}
			over++
			next = child
			if abs {
				nextSegs = rel
			} else {
				nextSegs = append(segs[:len(segs):len(segs)], rel...)
			}
		})
		if over != 1 || seen[next] {
			return n, segs
		}
		seen[next] = true
		n, segs = next, nextSegs
	}
}

// countText writes a count with thousands separated: 65,537; a count
// that reached maxCount is "more than" it.
func countText(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	if n >= maxCount {
		b.WriteString("more than ")
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
