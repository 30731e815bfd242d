package lint

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/jsonedit"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// baseRules are the checks every lint runs, whatever the provider: the
// mechanical defects that make a model skip a tool or call it with
// arguments nobody can parse. The document-level rules invalid-document
// and invalid-tool are reported by the linter itself.
//
// The order of the table is the order of the hooks, so within one tool the
// name rules come before the description rules, and within one schema the
// type checks come before the enum checks.
var baseRules = []*Rule{
	invalidDocument,
	invalidTool,
	{
		Entry: catalog.Entry{
			Code: "missing-name", Severity: catalog.Error,
			Summary: "A tool has no name, or its name is not a string.",
			Doc: "The model calls a tool by its name, so a tool without one can never be called, and every provider rejects the request. " +
				"The issue points at the object that lacks \"name\", or at the name when it is not a string. " +
				"Fix: give the tool a \"name\" string such as \"get_weather\".",
		},
		Tool: checkMissingName,
	},
	{
		Entry: catalog.Entry{
			Code: "invalid-name", Severity: catalog.Error,
			Summary: "A tool name does not match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$, or with targets on, their name rules.",
			Doc: "Names with spaces, dots, other punctuation or more than 64 characters are rejected by OpenAI (letters, digits, '_' and '-', at most 64) and by other providers with similar patterns; this pattern is the one they all accept. " +
				"With --target, the rule follows the targets instead: a name is held to the pattern of each target whose name rule is on (openai/invalid-name, mcp/invalid-name, ...), so a name the targets allow passes (\"files.read\" for mcp, 100 characters for anthropic). What it finds, those rules find too; it is one issue, under this rule's code, naming every provider whose rule the name breaks; ignoring this rule silences it. When every rule it follows is a warning (mcp/invalid-name, the specification's SHOULD, with only MCP's targets on), the issue is that rule's instead, under its code and severity. A target rule that is off is not followed: its provider is left out, and a name no provider is left for is not reported. " +
				"Invisible and control characters in a name are hidden-characters' to report, with the fix that deletes them: the name is judged without them. " +
				"Fix: use letters, digits, '_' and '-' only, start with a letter or '_', and keep to 64 characters; the hint suggests such a name. " +
				"toolbench fix renames the tool to that name, when no other tool has it, but only when asked to with --code invalid-name: callers that use the old name break.",
			Fix: catalog.FixOnRequest,
		},
		Tool: checkInvalidName,
	},
	duplicateName,
	unknownType,
	invalidRequired,
	{
		Entry: catalog.Entry{
			Code: "required-not-in-properties", Severity: catalog.Error,
			Summary: "A required property is not defined under \"properties\".",
			Doc: "The API accepts such a schema, but the model is told to send a field it knows nothing about, so it either leaves it out (and the arguments fail validation) or invents it. " +
				"Properties defined in a direct allOf, anyOf or oneOf branch count as defined. " +
				"The issue points at the name in \"required\"; its path is the schema's. " +
				"Fix: add the property under \"properties\", correct its spelling, or drop it from \"required\". " +
				"toolbench fix drops it from \"required\", and \"required\" itself when no name is left.",
			Fix: catalog.FixAuto,
		},
		SchemaAfter: checkRequiredInProperties,
		Outputs:     true,
	},
	{
		Entry: catalog.Entry{
			Code: "array-without-items", Severity: catalog.Error,
			Summary: "An array schema does not say what its elements are.",
			Doc: "Without \"items\" (or \"prefixItems\") the model has no idea what to put in the array, and some APIs, OpenAI's among them, reject the schema outright. " +
				"Fix: add \"items\" with the schema of one element, e.g. \"items\": {\"type\": \"string\"}.",
		},
		Schema:  checkArrayItems,
		Outputs: true,
	},
	invalidEnum,
	{
		Entry: catalog.Entry{
			Code: "missing-description", Severity: catalog.Warning,
			Summary: "A tool has no description.",
			Doc: "Models choose among tools by their descriptions; a tool without one is picked by its name alone, often wrongly or not at all. A description that is empty or not a string counts as missing. Property descriptions are not required. " +
				"Fix: add a \"description\" saying what the tool does, when to use it and when not to.",
		},
		Tool: checkMissingDescription,
	},
	{
		Entry: catalog.Entry{
			Code: "short-description", Severity: catalog.Warning,
			Summary: "A tool's description is under 20 characters.",
			Doc: "A few words (\"Get weather\") rarely tell the model when this tool is the right one and when another is. Characters are counted after trimming white space. Only tool descriptions are checked, not property descriptions. " +
				"Fix: say in a sentence or two what the tool does, when to use it, and when not to.",
		},
		Tool: checkShortDescription,
	},
	{
		Entry: catalog.Entry{
			Code: "missing-parameters", Severity: catalog.Warning,
			Summary: "A tool has no parameter schema.",
			Doc: "Without \"parameters\" (\"input_schema\" for Anthropic, \"inputSchema\" for MCP) the model does not know which arguments the tool takes; Anthropic and MCP require the member, and a null or non-object value is no schema either. " +
				"Fix: add an object schema, e.g. {\"type\": \"object\", \"properties\": {...}, \"required\": [...]}.",
		},
		Tool: checkMissingParameters,
	},
	{
		Entry: catalog.Entry{
			Code: "empty-properties", Severity: catalog.Warning,
			Summary: "An object schema has no properties.",
			Doc: "An object schema without properties tells the model nothing about the fields to send, so it guesses or sends {}. An object with a schema under additionalProperties or patternProperties is a map whose values are described, and is not reported. " +
				"Nor is one that says it takes no fields, with \"additionalProperties\": false (or \"unevaluatedProperties\": false): {\"type\": \"object\", \"additionalProperties\": false} is how a tool without parameters says so, the form MCP's specification recommends (server/tools, \"Tool\"), under every target. " +
				"With a target whose specification writes a tool without parameters as a root schema with empty \"properties\" (mcp: the example tool list_users of MCP 2026-07-28), that root is not reported either. " +
				"Fix: list the fields under \"properties\". A tool that takes no arguments says so with \"additionalProperties\": false.",
		},
		Schema: checkEmptyProperties,
	},
	{
		Entry: catalog.Entry{
			Code: "enum-without-type", Severity: catalog.Warning,
			Summary: "A schema has \"enum\" but no \"type\".",
			Doc: "Some providers require a type on every schema, and the type tells the model the kind of value before it reads the list. " +
				"Fix: add the type of the values; the hint names it. toolbench fix adds that type.",
			Fix: catalog.FixAuto,
		},
		Schema:  checkEnumType,
		Outputs: true,
	},
	{
		Entry: catalog.Entry{
			Code: "empty-tool-list", Severity: catalog.Warning,
			Summary: "The tool list is empty.",
			Doc: "A document with no tools offers the model nothing to call, which is usually a mistake in the file or in the program that wrote it. " +
				"Fix: add the tools, or do not send the list.",
		},
		Document: checkEmptyToolList,
	},
	{
		Entry: catalog.Entry{
			Code: "duplicate-enum-value", Severity: catalog.Warning,
			Summary: "An enum lists the same value twice.",
			Doc: "Values are compared as JSON values: 1, 1.0 and 1e0 are equal, true and 1 are not, and objects are equal whatever the order of their keys. A repeated value is harmless to validation but usually a copy-and-paste slip, and some providers reject it. " +
				"Fix: remove the repeat. toolbench fix removes the later copies.",
			Fix: catalog.FixAuto,
		},
		Schema:  checkDuplicateEnum,
		Outputs: true,
	},
}

// Tool names.

// nameRulePattern is the tool-name pattern the invalid-name rule enforces.
const nameRulePattern = "^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$"

func checkMissingName(c *ToolContext) {
	t := c.Tool
	switch {
	case t.NameNode == nil:
		c.Report(t.Def, t.DefPath, "tool has no name",
			"Add a \"name\" the model can call it by, e.g. \"name\": \"get_weather\".")
	case !t.NameNode.Is(jsondoc.String):
		c.Report(t.NameNode, jsondoc.AppendKey(t.DefPath, "name"), "tool name is "+t.NameNode.Kind.Phrase()+", not a string",
			"Write the name as a string, e.g. \"name\": \"get_weather\".")
	}
}

// toolNamePattern is the base rule's: ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$.
var toolNamePattern = namePattern{
	max:     64,
	first:   letterOrUnderscore,
	rest:    wordByte,
	allowed: "letters, digits, '_' and '-', starting with a letter or '_'",
}

// checkInvalidName holds the name to the base pattern, the one every
// provider accepts, when no target says which provider's rule counts.
// With targets on it follows them instead, holding the name to the
// pattern of each target whose name rule runs, so that it finds no fault
// with a name they all allow ("files.read" for MCP). What it finds then
// is what those rules find too: it reports it first, and they only add
// their provider to it.
//
// It reports such a name as its own error only when one of the rules it
// follows is an error, a provider whose API rejects the name. When each
// is a warning (MCP's, the specification's SHOULD), it reports the name
// under the code and severity of the first of them: a SHOULD does not
// become an error by the base rule's code.
func checkInvalidName(c *ToolContext) {
	t := c.Tool
	if !t.NameNode.Is(jsondoc.String) {
		return
	}
	if c.hooks.targeted {
		as := targetNameReporter(c)
		for _, n := range targetNames {
			if c.enabledCode(n.code) {
				reportName(c, as, *n.pattern, n.code)
			}
		}
		return
	}
	problem := toolNamePattern.problem(t.Name)
	if problem == "" {
		return
	}
	hint := "Use " + nameRulePattern + ": " + toolNamePattern.allowed + " (many APIs reject spaces and dots)."
	if s := toolNamePattern.suggest(t.Name); s != "" {
		hint += " For example " + termtext.Quote(s) + "."
	}
	c.Report(t.NameNode, jsondoc.AppendKey(t.DefPath, "name"), "invalid tool name "+termtext.Quote(t.Name)+": it "+problem, hint, renameFix(c, toolNamePattern)...)
}

// targetNameReporter is the rule a name the targets' name rules fault
// is reported as: the running rule (the base invalid-name) when one of
// the rules it follows on this tool (those that run and are not off) is
// an error in the rule table, else the first of them; nil when none runs.
func targetNameReporter(c *ToolContext) *Rule {
	var first *Rule
	for _, n := range targetNames {
		r := c.runningRule(n.code)
		switch {
		case r == nil:
		case r.Severity == catalog.Error:
			return c.rule
		case first == nil:
			first = r
		}
	}
	return first
}

// renameFix renames the tool to the name pattern p suggests (the base
// pattern's is one every provider accepts), unless no such name is left
// or another tool of its list has it.
func renameFix(c *ToolContext, p namePattern) []Fix {
	t := c.Tool
	s := p.suggest(cleanName(t.Name))
	if s == "" || c.FirstIndexOf(s) >= 0 {
		return nil
	}
	return fixOf("Rename the tool to "+termtext.Quote(s), jsonedit.Replace(t.NameNode, quote(s)))
}

func checkDuplicateName(c *ToolContext) {
	t := c.Tool
	if !t.NameNode.Is(jsondoc.String) || t.Name == "" {
		return
	}
	i := c.FirstIndexOf(t.Key())
	if i < 0 || i == t.Index {
		return
	}
	first := &c.Set.Tools[i]
	line, _ := c.Doc.Position(int(first.NameNode.Start))
	c.Report(t.NameNode, jsondoc.AppendKey(t.DefPath, "name"),
		"duplicate tool name "+termtext.Quote(t.Key())+": the tool at "+first.Path+" (line "+strconv.Itoa(line)+") has it too",
		"Tool names must be unique: rename one of the tools or remove the copy.")
}

// Descriptions.

// minDescriptionLength is the shortest tool description, in characters,
// that short-description accepts.
const minDescriptionLength = 20

func checkMissingDescription(c *ToolContext) {
	t := c.Tool
	const hint = "Add a \"description\" saying what the tool does, when to use it and when not to: models choose tools by it."
	switch {
	case t.Desc == nil:
		c.Report(t.Def, t.DefPath, "tool has no description", hint)
	case !t.Desc.Is(jsondoc.String):
		c.Report(t.Desc, jsondoc.AppendKey(t.DefPath, "description"), "description is "+t.Desc.Kind.Phrase()+", not a string", hint)
	case strings.TrimSpace(t.Desc.Str()) == "":
		c.Report(t.Desc, jsondoc.AppendKey(t.DefPath, "description"), "description is empty", hint)
	}
}

func checkShortDescription(c *ToolContext) {
	d := c.Tool.Desc
	if !d.Is(jsondoc.String) {
		return
	}
	n := runesUpTo(strings.TrimSpace(d.Str()), minDescriptionLength)
	if n == 0 || n >= minDescriptionLength {
		return
	}
	c.Report(d, jsondoc.AppendKey(c.Tool.DefPath, "description"),
		"description is very short ("+termtext.Plural(n, "character")+")",
		"Say what the tool does, when to use it and when not to, in at least "+strconv.Itoa(minDescriptionLength)+" characters.")
}

// runesUpTo counts the characters of s as utf8.RuneCountInString does,
// but stops at limit: a long description need not be counted to the end.
func runesUpTo(s string, limit int) int {
	n := 0
	for i := 0; i < len(s) && n < limit; n++ {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return n
}

// Parameters.

func checkMissingParameters(c *ToolContext) {
	t := c.Tool
	if t.Params.Is(jsondoc.Object) || t.Kind == tooldef.KindCustom {
		return // a custom tool takes text, not arguments
	}
	name := t.ParamsKey
	if t.Params == nil {
		name = usualKey(listKeys.Of(c)[t.List], name)
	}
	key := termtext.Quote(name)
	hint := "Describe the arguments with an object schema: " + strconv.Quote(name) + ": {\"type\": \"object\", \"properties\": {...}}."
	if t.Params == nil {
		c.Report(t.Def, t.DefPath, "tool has no "+key+" schema", hint)
		return
	}
	c.Report(t.Params, t.ParamsPath(), key+" is "+t.Params.Kind.Phrase()+", not a schema object", hint)
}

// usualKey is the key most tools of a list keep their schemas under, so
// that a tool without one is told the key its neighbours use
// ("input_schema" among Anthropic tools); else fallback.
func usualKey(keys map[string]int, fallback string) string {
	best, n := fallback, 0
	for k, c := range keys {
		if c > n || c == n && k < best {
			best, n = k, c
		}
	}
	return best
}

// Schemas.

// schema.TypeNames are the JSON Schema type names, in the order hints list them.
const knownTypesHint = "Known types: array, boolean, integer, null, number, object, string."

// typeAliases maps names from programming languages and elsewhere, in
// lower case and without trailing digits, to the JSON Schema type meant.
var typeAliases = map[string]string{
	"str": "string", "text": "string", "char": "string", "varchar": "string",
	"int": "integer", "uint": "integer", "long": "integer", "short": "integer", "bigint": "integer",
	"float": "number", "double": "number", "decimal": "number", "real": "number", "num": "number",
	"bool": "boolean",
	"list": "array", "tuple": "array", "set": "array", "arr": "array", "slice": "array", "sequence": "array",
	"dict": "object", "map": "object", "hash": "object", "record": "object", "struct": "object", "obj": "object",
	"none": "null", "nil": "null", "nonetype": "null",
}

func checkUnknownType(c *SchemaContext) {
	t := c.Node.Get("type")
	if t == nil {
		return
	}
	upperOK := c.OpenAPI()
	switch t.Kind {
	case jsondoc.String:
		if msg, hint := typeProblem(t.Str(), upperOK); msg != "" {
			c.ReportAt(t, c.Path(), msg, hint, typeFix(c.Doc(), nil, t)...)
		}
	case jsondoc.Array:
		for i, m := range t.Kids() {
			if !m.Value.Is(jsondoc.String) {
				c.ReportAt(m.Value, c.Path(), "type list item "+strconv.Itoa(i)+" is "+m.Value.Kind.Phrase()+", not a type name", knownTypesHint)
				continue
			}
			if msg, hint := typeProblem(m.Value.Str(), upperOK); msg != "" {
				c.ReportAt(m.Value, c.Path(), msg, hint, typeFix(c.Doc(), t, m.Value)...)
			}
		}
	default:
		c.ReportAt(t, c.Path(), "'type' is "+t.Kind.Phrase()+", not a type name or a list of them",
			"Write one type name, e.g. \"type\": \"string\", or a list, e.g. \"type\": [\"string\", \"null\"]. "+knownTypesHint)
	}
}

// unknownTypeValue reports whether unknown-type reports the value of a
// schema's "type" itself, not names inside a list of them: a name that
// is no JSON Schema type, or a value that is neither a name nor a list.
// The providers' object-root rules leave such a value at the root to
// unknown-type, so that one wrong value is one issue, the one whose fix
// makes it a type (see checkProviderObjectRoot).
func unknownTypeValue(t *jsondoc.Node, upperOK bool) bool {
	switch t.Kind {
	case jsondoc.String:
		msg, _ := typeProblem(t.Str(), upperOK)
		return msg != ""
	case jsondoc.Array:
		return false
	}
	return true
}

// typeProblem returns the message and hint for a type name that is not a
// JSON Schema type, or "" when it is one.
func typeProblem(name string, upperOK bool) (msg, hint string) {
	if slices.Contains(schema.TypeNames, name) || upperOK && slices.Contains(schema.TypeNames, strings.ToLower(name)) {
		return "", ""
	}
	msg = "unknown type " + termtext.Quote(name)
	lower := strings.ToLower(strings.TrimSpace(name))
	switch {
	case lower == "any":
		return msg, "'any' is not a type: leave 'type' out to accept any value, or list the types allowed. " + knownTypesHint
	case slices.Contains(schema.TypeNames, lower):
		return msg, "Use " + termtext.Quote(lower) + ": type names are lower case."
	}
	if s := suggestType(lower); s != "" {
		return msg, "Use " + termtext.Quote(s) + ". " + knownTypesHint
	}
	return msg, knownTypesHint
}

// suggestType guesses the JSON Schema type meant by a lower-case name: an
// alias (str, int64, dict), a prefix of at least three letters (obj, num)
// or a near-miss spelling (strng, intger).
func suggestType(lower string) string {
	base := strings.TrimRight(lower, "0123456789")
	if t, ok := typeAliases[base]; ok {
		return t
	}
	if len(lower) >= 3 {
		for _, t := range schema.TypeNames {
			if strings.HasPrefix(t, lower) {
				return t
			}
		}
	}
	return termtext.Closest(lower, schema.TypeNames)
}

func checkArrayItems(c *SchemaContext) {
	n := c.Node
	if !schema.HasType(n, "array") || n.Has("items") || n.Has("prefixItems") {
		return
	}
	c.Report("array schema without 'items'",
		"Add \"items\" with the schema of one element, e.g. \"items\": {\"type\": \"string\"}; some APIs reject an array without it.")
}

func checkInvalidEnum(c *SchemaContext) {
	e := c.Node.Get("enum")
	const hint = "List the allowed values, e.g. \"enum\": [\"celsius\", \"fahrenheit\"], or remove 'enum' to allow any value."
	switch {
	case e == nil:
	case !e.Is(jsondoc.Array):
		c.ReportAt(e, c.Path(), "'enum' is "+e.Kind.Phrase()+", not a list", hint)
	case e.Len() == 0:
		c.ReportAt(e, c.Path(), "'enum' is an empty list: no value is allowed", hint)
	}
}

func checkEnumType(c *SchemaContext) {
	e := c.Node.Get("enum")
	if !e.Is(jsondoc.Array) || e.Len() == 0 || c.Node.Has("type") {
		return
	}
	names := enumTypes(e)
	member := "\"type\": " + names[0]
	if len(names) > 1 {
		member = "\"type\": [" + strings.Join(names, ", ") + "]"
	}
	var fixes []Fix
	if len(names) == 1 || !c.OpenAPI() { // OpenAPI has one type, and "nullable"
		st := jsonedit.StyleNear(c.Doc(), c.Node)
		value := names[0]
		if len(names) > 1 {
			value = st.List(names...)
		}
		fixes = fixOf("Add "+member, jsonedit.AppendMember(c.Doc(), c.Node, "type", value))
	}
	c.Report("enum without 'type'", "Add "+member+" beside the enum; some providers require a type on every schema.", fixes...)
}

// enumTypes returns the types that cover every value of an enum, as
// JSON strings in the order of schema.TypeNames: ["\"string\""] or
// ["\"string\"", "\"null\""].
func enumTypes(e *jsondoc.Node) []string {
	seen := map[string]bool{}
	for _, m := range e.Kids() {
		v := m.Value
		switch {
		case v.IsInt():
			seen["integer"] = true
		default:
			seen[v.Kind.String()] = true
		}
	}
	if seen["number"] {
		delete(seen, "integer")
	}
	var names []string
	for _, t := range schema.TypeNames {
		if seen[t] {
			names = append(names, strconv.Quote(t))
		}
	}
	return names
}

func checkEmptyProperties(c *SchemaContext) {
	n := c.Node
	if !schema.IsObject(n) || n.Get("additionalProperties").Is(jsondoc.Bool) && !n.Get("additionalProperties").IsTrue() ||
		n.Get("unevaluatedProperties").Is(jsondoc.Bool) && !n.Get("unevaluatedProperties").IsTrue() {
		return // an object of no fields, said so
	}
	hint := "List the fields the model should send under \"properties\"; a tool that takes no arguments says so with \"additionalProperties\": false."
	if !c.AtRoot() {
		hint = "List the fields the model should send under \"properties\"; for a map of keys nobody can list, give its values' schema under \"additionalProperties\"."
	}
	p := n.Get("properties")
	switch {
	case p == nil:
		if n.Get("additionalProperties").Is(jsondoc.Object) || n.Get("patternProperties").Len() > 0 || len(definedNames(c.Refs().Object(n, false))) > 0 {
			return
		}
		c.Report("object schema without 'properties'", hint)
	case !p.Is(jsondoc.Object):
		c.ReportAt(p, c.Path(), "'properties' is "+p.Kind.Phrase()+", not an object of property schemas", hint)
	case p.Len() == 0:
		if c.AtRoot() && c.targetOn(func(t *Target) bool { return t.EmptyRootDeclaresNone }) {
			return
		}
		c.ReportAt(p, c.Path(), "object schema with empty 'properties'", hint)
	}
}

func checkInvalidRequired(c *SchemaContext) {
	r := c.Node.Get("required")
	if r == nil {
		return
	}
	const hint = "On the object that holds the properties, list their names: \"required\": [\"city\", \"unit\"]."
	if !r.Is(jsondoc.Array) {
		c.ReportAt(r, c.Path(), "'required' is "+r.Kind.Phrase()+", not a list of property names", hint)
		return
	}
	for i, m := range r.Kids() {
		if !m.Value.Is(jsondoc.String) {
			c.ReportAt(m.Value, c.Path(), "required["+strconv.Itoa(i)+"] is "+m.Value.Kind.Phrase()+", not a property name", hint)
		}
	}
}

// checkRequiredInProperties reports a required name that the schema does
// not define: not a property of the schema or of a branch it applies in
// place (schema.Resolver.Object, through "$ref"s), nor matched by a pattern of
// its "patternProperties".
func checkRequiredInProperties(c *SchemaContext) {
	n := c.Node
	r := n.Get("required")
	if !r.Is(jsondoc.Array) || !schema.IsObject(n) {
		return
	}
	// The view of the schema is made for many names, where looking each
	// up anew would be quadratic, and for a hint; a few names are looked
	// up without it.
	var o *schema.Object
	view := func() schema.Object {
		if o == nil {
			v := c.Refs().Object(n, false)
			o = &v
		}
		return *o
	}
	if r.Len() > 8 {
		view()
	}
	defined := func(name string) bool {
		if o == nil {
			return c.Refs().Defines(n, name)
		}
		p, _ := o.Property(name)
		return p.Node != nil
	}
	for _, m := range r.Kids() {
		name := m.Value
		if !name.Is(jsondoc.String) {
			continue
		}
		if defined(name.Str()) || matchesPatternProperty(n, name.Str()) {
			continue
		}
		hint := "Define it under \"properties\" or remove it from \"required\": the API accepts the schema, but the model can never satisfy it."
		if c.Output() {
			hint = "Define it under \"properties\" or remove it from \"required\": no result of the tool can match the schema otherwise."
		}
		if s := termtext.Closest(name.Str(), definedNames(view())); s != "" {
			hint = "Did you mean " + termtext.Quote(s) + "? " + hint
		}
		c.ReportAt(name, c.Path(), "required property "+termtext.Quote(name.Str())+" is not in properties", hint, removeRequiredFix(c.Doc(), n, name)...)
	}
}

// matchesPatternProperty reports whether name matches a pattern of the
// schema's "patternProperties": such a property is defined, by its
// pattern. A pattern that does not compile is invalid-schema's to report.
func matchesPatternProperty(n *jsondoc.Node, name string) bool {
	for _, m := range n.Get("patternProperties").Members() {
		if re, err := schema.CompileRegexp(m.Key); err == nil && re.MatchString(name) {
			return true
		}
	}
	return false
}

// definedNames are the names of the properties o's schemas define, in
// order: not the required names none defines.
func definedNames(o schema.Object) []string {
	var names []string
	for _, p := range o.Props {
		if p.Node != nil {
			names = append(names, p.Name)
		}
	}
	return names
}

// Enums.

// pairwiseEnumLimit is the enum length up to which values are compared pair
// by pair; longer enums are compared through canonical keys.
const pairwiseEnumLimit = 16

func checkDuplicateEnum(c *SchemaContext) {
	e := c.Node.Get("enum")
	if !e.Is(jsondoc.Array) || e.Len() < 2 {
		return
	}
	for _, d := range enumDuplicates(e) {
		c.ReportAt(e.Elem(d[1]), c.Path(), "enum value "+snippet(e.Elem(d[1]))+" at index "+strconv.Itoa(d[1])+" repeats index "+strconv.Itoa(d[0]),
			"Remove the repeated value.", removeFix(c.Doc(), "Remove the repeat at index "+strconv.Itoa(d[1]), e, int(e.Elem(d[1]).Start))...)
	}
}

// enumDuplicates returns, for every value of the enum equal to an earlier
// one, the index of the first such value and its own index, in order.
func enumDuplicates(e *jsondoc.Node) [][2]int {
	var dups [][2]int
	if e.Len() <= pairwiseEnumLimit {
		for j := 1; j < e.Len(); j++ {
			for i := 0; i < j; i++ {
				if jsondoc.Equal(e.Elem(i), e.Elem(j)) {
					dups = append(dups, [2]int{i, j})
					break
				}
			}
		}
		return dups
	}
	first := make(map[string]int, e.Len())
	var buf []byte
	for j := range e.Kids() {
		buf = jsondoc.AppendCanonical(buf[:0], e.Elem(j))
		if i, ok := first[string(buf)]; ok {
			dups = append(dups, [2]int{i, j})
			continue
		}
		first[string(buf)] = j
	}
	return dups
}

// Document.

func checkEmptyToolList(c *DocContext) {
	for _, l := range c.Set.Lists {
		if l.Node != nil && l.Node.Len() == 0 {
			c.Report(l.Node, l.Path, "the tool list is empty", "Add the tool definitions, or leave the list out of the request.")
		}
	}
}

// Message text.

// maxSnippet is how many bytes of a JSON value a message shows.
const maxSnippet = 60

// snippet returns the JSON text of n on one line, cut to maxSnippet bytes
// and made safe for a terminal.
func snippet(n *jsondoc.Node) string {
	b := jsondoc.AppendCompact(nil, n, true, maxSnippet)
	if len(b) > maxSnippet {
		cut := maxSnippet
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		b = append(b[:cut], "..."...)
	}
	return termtext.EscapeLine(string(b))
}

var invalidDocument = &Rule{
	Entry: catalog.Entry{
		Code: "invalid-document", Severity: catalog.Error,
		Summary: "The file is JSON but not a tools document.",
		Doc:     "The top-level value must be a list of tools, one tool object, an object with a \"tools\" list, or an MCP tools/list result {\"result\": {\"tools\": [...]}}. Nothing else in the file is checked until it is.",
	},
}

var invalidTool = &Rule{
	Entry: catalog.Entry{
		Code: "invalid-tool", Severity: catalog.Error,
		Summary: "An entry of the tool list is not an object.",
		Doc:     "Every element of the tool list must be a JSON object describing one tool. A string, number or list there is not a tool, and providers reject the request.",
	},
}

var unknownType = &Rule{
	Entry: catalog.Entry{
		Code: "unknown-type", Severity: catalog.Error,
		Summary: "A schema's type is not one of the seven JSON Schema types.",
		Doc: "JSON Schema knows array, boolean, integer, null, number, object and string. Names from programming languages (str, int, float, bool, list, dict) and misspellings are not types: providers either reject the schema or drop the constraint, and the model guesses. " +
			"A type list is checked member by member, and the issue points at the name that is wrong. Tools declared in Gemini's OpenAPI-style \"parameters\" may write the names in upper case (STRING, OBJECT). " +
			"Fix: use the type the hint suggests. " +
			"toolbench fix replaces a name whose meaning is certain with the type it means: str with string, int with integer, float and double with number, bool with boolean, dict and map with object, list and tuple with array, in any case, and a type name written in another case with its lower case. In a type list that has that type already, it removes the name.",
		Fix: catalog.FixAuto,
	},
	Schema:  checkUnknownType,
	Outputs: true,
}

var invalidRequired = &Rule{
	Entry: catalog.Entry{
		Code: "invalid-required", Severity: catalog.Error,
		Summary: "\"required\" is not a list of property names.",
		Doc: "Since JSON Schema draft 4, \"required\" is a list of the names of required properties, written on the object that holds them. A boolean \"required\": true on a property (draft 3 style), a single string, or a list with non-strings in it is not understood by providers. " +
			"Fix: on the parent object, write \"required\": [\"name\", ...].",
	},
	SchemaAfter: checkInvalidRequired,
	Outputs:     true,
}

var invalidEnum = &Rule{
	Entry: catalog.Entry{
		Code: "invalid-enum", Severity: catalog.Error,
		Summary: "\"enum\" is not a non-empty list.",
		Doc: "\"enum\" lists the values allowed. Anything but a list is invalid JSON Schema, and an empty list allows no value at all, so the tool can never be called with valid arguments. " +
			"Fix: list the allowed values, e.g. \"enum\": [\"celsius\", \"fahrenheit\"], or remove \"enum\".",
	},
	Schema:  checkInvalidEnum,
	Outputs: true,
}

var duplicateName = &Rule{
	Entry: catalog.Entry{
		Code: "duplicate-name", Severity: catalog.Error,
		Summary: "Two tools have the same name.",
		Doc: "A model's call names one tool; when two share a name the call is ambiguous, and many APIs reject the request outright. " +
			"The issue is reported on each later tool, at its name, and says where the first one is. " +
			"Fix: rename one of them, or remove the copy.",
	},
	Tool: checkDuplicateName,
}
