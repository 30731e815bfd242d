package schema

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"toolbench/core/jsondoc"
)

// Target is what a "$ref" resolves to inside a tool's schema.
type Target struct {
	Node    *jsondoc.Node // nil when unresolved or remote
	Segs    []jsondoc.Seg // where Node is, from the root
	Remote  bool          // the reference names another document
	Problem string        // why a local reference resolves to no schema
}

// Resolve resolves ref against root, a tool's parameter schema: "#" is
// root itself, "#/..." a JSON Pointer (RFC 6901) after the fragment is
// percent-decoded (RFC 3986), "#name" the schema that declares the anchor
// name. A reference to root's own "$id" is local. A caller that resolves
// many references of one root resolves them through a Resolver.
func Resolve(root *jsondoc.Node, ref string) Target {
	return NewResolver(root).Resolve(ref)
}

// A Resolver resolves the references of one root schema, each text once:
// it keeps what each resolved to, and finds every anchor of the root in
// one walk the first time a reference names one. Resolving all the
// references of a schema so costs time linear in its size, however they
// chain or how many name anchors. A Resolver is for one goroutine.
type Resolver struct {
	root    *jsondoc.Node
	done    map[string]Target
	anchors map[string]Target               // nil until a reference names an anchor
	keys    map[*jsondoc.Node]jsondoc.Index // of the objects pointers pass through
}

// NewResolver returns the Resolver of the references inside root.
func NewResolver(root *jsondoc.Node) *Resolver { return &Resolver{root: root} }

// Reset makes r the Resolver of root, forgetting what it resolved: a
// caller that resolves the references of one schema after another keeps
// one Resolver, and its memory.
func (r *Resolver) Reset(root *jsondoc.Node) {
	r.root = root
	clear(r.done)
	clear(r.keys)
	r.anchors = nil
}

// Root is the schema references resolve against.
func (r *Resolver) Root() *jsondoc.Node { return r.root }

// Resolve resolves ref as the function Resolve does, against r's root.
func (r *Resolver) Resolve(ref string) Target {
	if t, ok := r.done[ref]; ok {
		return t
	}
	t := r.resolve(ref)
	if r.done == nil {
		r.done = map[string]Target{}
	}
	r.done[ref] = t
	return t
}

func (r *Resolver) resolve(ref string) Target {
	base, frag, _ := strings.Cut(ref, "#")
	if base != "" && !isOwnID(r.root, base) {
		return Target{Remote: true}
	}
	decoded, err := url.PathUnescape(frag)
	if err != nil {
		return Target{Problem: "is not a valid URI fragment: " + err.Error()}
	}
	switch {
	case decoded == "":
		return Target{Node: r.root}
	case strings.HasPrefix(decoded, "/"):
		return r.pointer(decoded)
	default:
		return r.anchor(decoded)
	}
}

// maxRefs bounds a chain of $refs, which may loop.
const maxRefs = 16

// Deref returns the schema that n's local "$ref" leads to, through a
// chain of them, and whether it followed one; when it did, the path of
// that schema from root (a tool's parameter schema), else a nil path. A
// reference to another document or to nothing leaves the schema that has
// it; keywords beside a followed $ref are not read. A chain stops after
// 16 references, so a loop ends.
func Deref(root, n *jsondoc.Node) (*jsondoc.Node, []jsondoc.Seg, bool) {
	return NewResolver(root).Deref(n)
}

// Deref is the function Deref, against r's root.
func (r *Resolver) Deref(n *jsondoc.Node) (*jsondoc.Node, []jsondoc.Seg, bool) {
	var segs []jsondoc.Seg
	followed := false
	for range maxRefs {
		ref := n.Get("$ref")
		if !ref.Is(jsondoc.String) {
			break
		}
		t := r.Resolve(ref.Str())
		if t.Node == nil || t.Node == n {
			break
		}
		n, segs, followed = t.Node, t.Segs, true
	}
	// Clipped, so that a caller appending to the path copies it.
	return n, slices.Clip(segs), followed
}

// isOwnID reports whether base names the root schema by its "$id".
func isOwnID(root *jsondoc.Node, base string) bool {
	id, _, _ := strings.Cut(root.Get("$id").Text(), "#")
	return id != "" && id == base
}

func (r *Resolver) pointer(ptr string) Target {
	n, segs, err := r.root.PointerBy(ptr, r.member)
	if pe, ok := err.(*jsondoc.PointerError); ok {
		return Target{Problem: "resolves to nothing: " + pe.Problem("the schema")}
	}
	if !n.Is(jsondoc.Object) && !n.Is(jsondoc.Bool) {
		return Target{Problem: fmt.Sprintf("points to a %s, not a schema", n.Kind)}
	}
	return Target{Node: n, Segs: segs}
}

// member is obj.Get(key), for a pointer: from an index of obj's members,
// kept for the next pointer through it, so that "#/$defs/a", "#/$defs/b",
// ... into $defs of thousands cost linear time.
func (r *Resolver) member(obj *jsondoc.Node, key string) *jsondoc.Node {
	x, ok := r.keys[obj]
	if !ok {
		x = jsondoc.IndexOf(obj)
		if r.keys == nil {
			r.keys = map[*jsondoc.Node]jsondoc.Index{}
		}
		r.keys[obj] = x
	}
	return x.Get(key)
}

// anchor finds the schema that declares name with "$anchor" or
// "$dynamicAnchor", or with an "$id" of "#name" as drafts 6 and 7 wrote
// it: the first in the walk's order.
func (r *Resolver) anchor(name string) Target {
	if r.anchors == nil {
		r.anchors = map[string]Target{}
		Walk(r.root, nil, func(s *jsondoc.Node, segs []jsondoc.Seg) bool {
			declare := func(name string) {
				if _, ok := r.anchors[name]; !ok {
					r.anchors[name] = Target{Node: s, Segs: slices.Clone(segs)}
				}
			}
			if a := s.Get("$anchor"); a.Is(jsondoc.String) {
				declare(a.Str())
			}
			if a := s.Get("$dynamicAnchor"); a.Is(jsondoc.String) {
				declare(a.Str())
			}
			if id := s.Get("$id"); id.Is(jsondoc.String) && strings.HasPrefix(id.Str(), "#") {
				declare(id.Str()[1:])
			}
			return true
		})
	}
	if t, ok := r.anchors[name]; ok {
		return t
	}
	return Target{Problem: fmt.Sprintf("resolves to nothing: no schema declares \"$anchor\": %q", name)}
}
