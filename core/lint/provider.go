package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"toolbench/core/jsondoc"
)

// Checks several targets share, each given the provider's numbers.

// checkProviderName reports the tool's name when it breaks a provider's
// pattern: at most maxLen characters, the first passing first, the rest
// passing rest. A missing or non-string name is missing-name's concern.
func checkProviderName(c *ToolContext, maxLen int, first, rest func(byte) bool, allowed string) {
	t := c.Tool
	if !t.NameNode.Is(jsondoc.String) {
		return
	}
	if problem := providerNameProblem(t.Name, maxLen, first, rest); problem != "" {
		c.Report(t.NameNode, jsondoc.AppendKey(t.DefPath, "name"), fmt.Sprintf("tool name %q %s", t.Name, problem),
			fmt.Sprintf("Use only %s, at most %d characters.", allowed, maxLen))
	}
}

// providerNameProblem says how name breaks the pattern, or returns "".
func providerNameProblem(name string, maxLen int, first, rest func(byte) bool) string {
	if name == "" {
		return "is empty"
	}
	var bad []string
	for i, r := range name {
		ok := r < utf8.RuneSelf && (i == 0 && first(byte(r)) || i > 0 && rest(byte(r)))
		if !ok {
			if i == 0 && r < utf8.RuneSelf && rest(byte(r)) {
				return fmt.Sprintf("starts with %q, which is not allowed first", r)
			}
			if q := fmt.Sprintf("%q", r); !slices.Contains(bad, q) {
				bad = append(bad, q)
			}
		}
	}
	if len(bad) > 0 {
		return "contains " + strings.Join(bad, ", ")
	}
	if n := utf8.RuneCountInString(name); n > maxLen {
		return fmt.Sprintf("is %d characters long; the limit is %d", n, maxLen)
	}
	return ""
}

// checkProviderToolCount reports a tool list longer than a provider accepts.
func checkProviderToolCount(c *DocContext, limit int, provider string) {
	if n := len(c.Set.Tools); n > limit {
		at, path := c.Set.List, c.Set.ListPath
		if at == nil {
			at, path = c.Doc.Root, "$"
		}
		c.Report(at, path, fmt.Sprintf("the document has %d tools; %s accepts at most %d in one request", n, provider, limit),
			"Send only the tools a conversation needs, or merge similar tools.")
	}
}

// checkProviderObjectRoot reports a tool whose parameter schema is not an object
// schema of type "object", as a provider requires.
func checkProviderObjectRoot(c *ToolContext, provider string) {
	t := c.Tool
	p := t.Params
	path := t.ParamsPath()
	hint := fmt.Sprintf(`Write {"type": "object", "properties": {...}} as the tool's %s.`, t.ParamsKey)
	if !p.Is(jsondoc.Object) {
		c.Report(p, path, fmt.Sprintf("%s is %s; %s requires a JSON Schema object with \"type\": \"object\"", t.ParamsKey, p.Kind.Phrase(), provider), hint)
		return
	}
	switch typ := p.Get("type"); {
	case typ == nil:
		c.Report(p, path, fmt.Sprintf("%s has no \"type\"; %s requires \"type\": \"object\" at the root", t.ParamsKey, provider), hint)
	case !typ.Is(jsondoc.String) || typ.Str() != "object":
		c.Report(typ, jsondoc.AppendKey(path, "type"), fmt.Sprintf("%s has type %s; %s requires \"object\" at the root", t.ParamsKey, typeValueText(typ), provider), hint)
	}
}

// typeValueText shows a "type" value in a message.
func typeValueText(n *jsondoc.Node) string {
	if n.Is(jsondoc.String) {
		return fmt.Sprintf("%q", n.Str())
	}
	if n.Is(jsondoc.Array) {
		var parts []string
		for _, e := range n.Kids() {
			if e.Value.Is(jsondoc.String) {
				parts = append(parts, fmt.Sprintf("%q", e.Value.Str()))
			} else {
				parts = append(parts, e.Value.Kind.String())
			}
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return n.Kind.Phrase()
}
