package lint

import (
	"fmt"
	"strconv"
	"strings"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
)

// Checks several targets share, each given the provider's numbers.

// checkProviderName reports the tool's name when it breaks a provider's
// pattern. A missing or non-string name is missing-name's concern.
func checkProviderName(c *ToolContext, p namePattern) {
	t := c.Tool
	if !t.NameNode.Is(jsondoc.String) {
		return
	}
	if problem := p.problem(t.Name); problem != "" {
		c.Report(t.NameNode, jsondoc.AppendKey(t.DefPath, "name"), "tool name "+termtext.Quote(t.Name)+" "+problem, p.hint())
	}
}

// checkProviderToolCount reports a tool list longer than a provider
// accepts: the document's, or each of a JSON Lines document's lists.
func checkProviderToolCount(c *DocContext, limit int, provider string) {
	for _, l := range c.Set.Lists {
		if l.Count <= limit {
			continue
		}
		at, what := l.Node, "the list"
		if at == nil || !c.Doc.JSONLines {
			what = "the document"
		}
		if at == nil {
			at = c.Doc.Root
		}
		c.Report(at, l.Path, fmt.Sprintf("%s has %d tools; %s accepts at most %d in one request", what, l.Count, provider, limit),
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
		c.Report(typ, jsondoc.AppendKey(path, "type"), fmt.Sprintf("%s has type %s; %s requires \"object\" at the root", t.ParamsKey, typeText(p), provider), hint)
	}
}

// typeText shows the type a schema declares in a message: "string",
// ["string", "null"], or what "type" holds when it names no types.
func typeText(n *jsondoc.Node) string {
	types, ok := schema.Types(n, false)
	switch {
	case !ok:
		return n.Get("type").Kind.Phrase()
	case len(types) == 1:
		return strconv.Quote(types[0])
	}
	quoted := make([]string, len(types))
	for i, t := range types {
		quoted[i] = strconv.Quote(t)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}
