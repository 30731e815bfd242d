package lint

import (
	"fmt"
	"strconv"
	"strings"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// Checks several targets share, each given the provider's numbers. What
// they find, they report as shared defects: a name that two targets
// reject for the same reason is one issue naming both (see
// sharedDefect).

// checkProviderName reports the tool's name when it breaks a provider's
// pattern. A missing or non-string name is missing-name's concern.
func checkProviderName(c *ToolContext, p namePattern) {
	if c.Tool.NameNode.Is(jsondoc.String) {
		reportName(c, c.rule, p, c.rule.Code)
	}
}

// reportName reports, as rule as's shared defect, how the tool's name
// breaks p, the pattern of the target rule of that code, if it does. A
// rule that offers fixes offers a rename: the base invalid-name, following
// the targets, to the name its own pattern suggests, one every provider
// accepts; a target's rule (MCP's, reporting alone), to the name its
// hint suggests.
func reportName(c *ToolContext, as *Rule, p namePattern, code string) {
	t := c.Tool
	problem := p.problem(t.Name)
	if problem == "" {
		return
	}
	var fixes []Fix
	switch {
	case as.Fix == catalog.FixNone:
	case as.Target == "":
		fixes = renameFix(c, toolNamePattern)
	default:
		fixes = renameFix(c, p)
	}
	c.l.reportShared(as, t.NameNode, jsondoc.AppendKey(t.DefPath, "name"), t.Name, "name "+problem, finder{code, p.provider}, func(providers []string) (string, string) {
		msg := "invalid tool name " + termtext.Quote(t.Name) + " for " + andList(providers) + ": it " + problem
		if len(providers) == 1 {
			return msg, withExample(p.hint(), p.suggest(t.Name))
		}
		// The base pattern is one every provider accepts.
		return msg, withExample("Use a name each of them accepts: "+toolNamePattern.allowed+", at most "+strconv.Itoa(toolNamePattern.max)+" characters.",
			toolNamePattern.suggest(t.Name))
	}, fixes...)
}

// withExample adds an example name to a hint, unless there is none.
func withExample(hint, name string) string {
	if name == "" {
		return hint
	}
	return hint + " For example " + termtext.Quote(name) + "."
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
		count := l.Count
		c.reportShared(at, l.Path, "count "+strconv.Itoa(limit), finder{c.rule.Code, provider}, func(providers []string) (string, string) {
			return fmt.Sprintf("%s has %d tools; %s %s at most %d in one request", what, count, andList(providers), verb(providers, "accepts", "accept"), limit),
				"Send only the tools a conversation needs, or merge similar tools."
		})
	}
}

// verb is the singular form of a verb for one provider, else the plural.
func verb(providers []string, one, many string) string {
	if len(providers) == 1 {
		return one
	}
	return many
}

// objectRootDocShared is the part of the object-root rules' docs that
// the OpenAI, Anthropic and MCP targets share: how the issues of several
// targets merge, and when a tool in another shape is reported.
const objectRootDocShared = `A schema that several targets' rules fault alike (OpenAI, Anthropic and
MCP all want an object root) is one issue naming each of them, under the
code of the first of their rules. A root whose "type" is no JSON Schema
type at all ("dict", "Object", 5) is unknown-type's issue alone, with its
fix: --ignore unknown-type silences it.

A tool written in another provider's shape ("parameters" where the
provider reads "input_schema", say) in a list otherwise in this
provider's shape is reported too: sent as the list is, the provider finds
no schema for it. A list in another shape throughout, or in several, is
taken for one its caller converts, and is not.
`

// checkProviderObjectRoot reports a tool whose parameter schema is not an object
// schema of type "object", as a provider requires. A root whose type is
// no JSON Schema type at all is unknown-type's to report.
func checkProviderObjectRoot(c *ToolContext, provider string) {
	t := c.Tool
	p := t.Params
	path := t.ParamsPath()
	hint := fmt.Sprintf(`Write {"type": "object", "properties": {...}} as the tool's %s.`, t.ParamsKey)
	report := func(n *jsondoc.Node, path, key, format string, args ...any) {
		c.reportShared(n, path, key, finder{c.rule.Code, provider}, func(providers []string) (string, string) {
			return fmt.Sprintf(format, append(args, andList(providers), verb(providers, "requires", "require"))...), hint
		})
	}
	if !p.Is(jsondoc.Object) {
		report(p, path, "root not an object", "%s is %s; %s %s a JSON Schema object with \"type\": \"object\"", t.ParamsKey, p.Kind.Phrase())
		return
	}
	switch typ := p.Get("type"); {
	case typ == nil:
		report(p, path, "root without a type", "%s has no \"type\"; %s %s \"type\": \"object\" at the root", t.ParamsKey)
	case unknownTypeValue(typ, t.OpenAPIParams()):
		// No type at all ("dict", 5): unknown-type reports it, whatever
		// the targets, and its fix makes it one. Reporting it here too
		// would make one wrong value two issues, and count it twice in
		// compat; ignoring unknown-type silences it.
	case !typ.Is(jsondoc.String) || typ.Str() != "object":
		report(typ, jsondoc.AppendKey(path, "type"), "root not of type object", "%s has type %s; %s %s \"object\" at the root", t.ParamsKey, typeText(p))
	}
}

// checkProviderHasSchema reports a tool without a parameter schema, which
// a provider requires, in the provider's words msg and hint; it returns
// whether there is one.
func checkProviderHasSchema(c *ToolContext, provider, msg, hint string) bool {
	if !checkProviderKind(c, provider) || !checkProviderKey(c, provider) {
		return false
	}
	t := c.Tool
	if t.Params != nil {
		return true
	}
	c.reportShared(t.Def, t.DefPath, "no schema", finder{c.rule.Code, provider}, func(providers []string) (string, string) {
		if len(providers) == 1 {
			return msg, hint
		}
		return fmt.Sprintf("the tool has no parameter schema; %s require one with \"type\": \"object\"", andList(providers)),
			`Add the schema the tool's shape calls for, e.g. {"type": "object", "properties": {}}.`
	})
	return false
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

// schemaKeys is the member each provider reads a tool's parameter schema
// from.
var schemaKeys = map[string]string{"OpenAI": "parameters", "Anthropic": "input_schema", "MCP": "inputSchema"}

// listKeys are, for each list of the document, the keys its tools keep
// their schemas under.
var listKeys = NewDocFact(func(ts *tooldef.ToolSet) []map[string]int {
	keys := make([]map[string]int, len(ts.Lists))
	for i := range ts.Tools {
		t := &ts.Tools[i]
		if t.Params == nil {
			continue
		}
		if keys[t.List] == nil {
			keys[t.List] = map[string]int{}
		}
		keys[t.List][t.ParamsKey]++
	}
	return keys
})

// checkProviderKey reports a tool whose schema is under another
// provider's key in a list written in the provider's shape otherwise
// ("parameters" among Anthropic tools, which keep it under
// "input_schema"): sent as the list is, the provider finds no schema for
// it. A list in another shape, or in several, is one its caller converts
// for each provider, and is not reported. It reports whether the tool
// passes.
func checkProviderKey(c *ToolContext, provider string) bool {
	t := c.Tool
	key := schemaKeys[provider]
	if t.Params == nil || key == "" || t.ParamsKey == key {
		return true
	}
	keys := listKeys.Of(c)[t.List]
	if len(keys) != 2 || keys[key] <= keys[t.ParamsKey] {
		return true // not the odd one out of a list in the provider's shape
	}
	m, _ := t.Def.Member(t.ParamsKey)
	c.ReportKey(m, t.ParamsPath(),
		fmt.Sprintf("the tool's schema is under %q; %s reads %q, and finds no schema", t.ParamsKey, provider, key),
		fmt.Sprintf("Write the tool in %s's shape: its schema under %q.", provider, key))
	return false
}

// checkProviderKind reports an OpenAI custom tool, which takes free text
// rather than arguments of a schema, to a provider that has no such
// tools; it reports whether the tool passes.
func checkProviderKind(c *ToolContext, provider string) bool {
	t := c.Tool
	if t.Kind != tooldef.KindCustom {
		return true
	}
	c.reportShared(t.Node, t.Path, "custom tool", finder{c.rule.Code, provider}, func(providers []string) (string, string) {
		return fmt.Sprintf("the tool is an OpenAI custom tool, which takes free text; %s %s only tools whose input is described by a schema", andList(providers), verb(providers, "takes", "take")),
			"Keep custom tools for OpenAI, or describe the input as a function's parameters for the others."
	})
	return false
}
