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
// name. A reference to root's own "$id" is local.
func Resolve(root *jsondoc.Node, ref string) Target {
	base, frag, _ := strings.Cut(ref, "#")
	if base != "" && !isOwnID(root, base) {
		return Target{Remote: true}
	}
	decoded, err := url.PathUnescape(frag)
	if err != nil {
		return Target{Problem: "is not a valid URI fragment: " + err.Error()}
	}
	switch {
	case decoded == "":
		return Target{Node: root}
	case strings.HasPrefix(decoded, "/"):
		return pointer(root, decoded)
	default:
		return anchor(root, decoded)
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
	var segs []jsondoc.Seg
	followed := false
	for range maxRefs {
		ref := n.Get("$ref")
		if !ref.Is(jsondoc.String) {
			break
		}
		t := Resolve(root, ref.Str())
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

func pointer(root *jsondoc.Node, ptr string) Target {
	n, segs, err := root.Pointer(ptr)
	if pe, ok := err.(*jsondoc.PointerError); ok {
		return Target{Problem: "resolves to nothing: " + pe.Problem("the schema")}
	}
	if !n.Is(jsondoc.Object) && !n.Is(jsondoc.Bool) {
		return Target{Problem: fmt.Sprintf("points to a %s, not a schema", n.Kind)}
	}
	return Target{Node: n, Segs: segs}
}

// anchor finds the schema that declares name with "$anchor" or
// "$dynamicAnchor", or with an "$id" of "#name" as drafts 6 and 7 wrote it.
func anchor(root *jsondoc.Node, name string) Target {
	var found Target
	Walk(root, nil, func(s *jsondoc.Node, segs []jsondoc.Seg) bool {
		if s.Get("$anchor").Text() == name || s.Get("$dynamicAnchor").Text() == name || s.Get("$id").Text() == "#"+name {
			found = Target{Node: s, Segs: append([]jsondoc.Seg(nil), segs...)}
			return false
		}
		return true
	})
	if found.Node == nil {
		return Target{Problem: fmt.Sprintf("resolves to nothing: no schema declares \"$anchor\": %q", name)}
	}
	return found
}
