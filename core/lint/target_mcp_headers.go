package lint

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// mcpHeaderRules check the x-mcp-header annotations of a tool's
// inputSchema (MCP 2026-07-28): a property's schema may name an HTTP
// header, Mcp-Param-{name}, that a Streamable HTTP client fills with the
// parameter's value. A client MUST drop a tool one of whose annotations
// breaks the constraints, so each constraint is an error; mirroring a
// secret is a warning.
var mcpHeaderRules = []*Rule{
	{
		Entry: catalog.Entry{
			Code: "mcp/x-mcp-header-name", Severity: catalog.Error,
			Summary: "An x-mcp-header value is not a non-empty RFC 9110 token, so clients drop the tool.",
			Doc: `The value of "x-mcp-header" is the {name} of the header
Mcp-Param-{name}. It MUST be a string, not empty, and an HTTP field-name
token (RFC 9110 1*tchar: letters, digits and ! # $ % & ' * + - . ^ _ ` +
				"`" + ` | ~),
so no spaces, no ':' and no control characters (CR and LF least of all,
which would split the header). A Streamable HTTP client
MUST drop a tool whose annotation breaks this from the result of
tools/list: the model never sees the tool. The Go SDK's client drops it
from ListTools, and its server panics in AddTool.

The issue points at the value. Annotations off the chain of
"properties" are mcp/x-mcp-header-unreachable's, and only that.

Fix: write a token such as "Region" or "Tenant-Id".

Source: Model Context Protocol specification 2026-07-28, Server
features, Tools, "x-mcp-header",
modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header;
Transports, Streamable HTTP, "Custom Headers from Tool Parameters",
modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters;
RFC 9110 section 5.1 (field names) and 5.6.2 (tokens).`,
		},
		Tool: checkHeaderNames,
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/x-mcp-header-duplicate", Severity: catalog.Error,
			Summary: "Two x-mcp-header values of one inputSchema are the same header, ignoring case, so clients drop the tool.",
			Doc: `HTTP header names are case-insensitive, so "X-Dup" and "x-dup" are one
header, Mcp-Param-X-Dup, and two parameters cannot both fill it. The
specification says each x-mcp-header value MUST be unique among those
of the inputSchema, compared case-insensitively, and a Streamable HTTP
client MUST drop a tool that breaks this.

The issue is at the later annotation, in the order of the document, and
names the property whose annotation took the name first.

Fix: give each mirrored parameter a header name of its own, or mirror
only one of them.

Source: Model Context Protocol specification 2026-07-28, Server
features, Tools, "x-mcp-header",
modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header;
Transports, Streamable HTTP, "Case Sensitivity",
modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#case-sensitivity.`,
		},
		Tool: checkHeaderDuplicates,
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/x-mcp-header-type", Severity: catalog.Error,
			Summary: "An x-mcp-header is on a property whose own \"type\" is not \"integer\", \"string\" or \"boolean\", so clients drop the tool.",
			Doc: `A header carries a primitive value: the specification lets
x-mcp-header annotate only integer, string and boolean parameters, and
not "number" ones. Clients judge this from the property's own "type":
the Go SDK's client drops a tool whose annotated property has no "type"
string of those three, and the TypeScript SDK's does alike. So a type
list (["string", "null"]) or a type that comes only through "$ref" is
reported too: those clients do not resolve them (and the Go SDK's, on a
type list, stops reading the tool's annotations at all).

The issue points at the property's "type", at its "$ref" when it has no
type, or at the property's schema when it has neither.

Fix: write "type": "string", "integer" or "boolean" on the annotated
property itself (beside its "$ref", if it has one). A null or absent
argument sends no header, so a single type loses nothing on the wire.
Mirror a number as a string parameter, or not at all.

Source: Model Context Protocol specification 2026-07-28, Server
features, Tools, "x-mcp-header",
modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header;
Transports, Streamable HTTP, "Schema Extension" and "Value Encoding",
modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters;
go-sdk v1.8.0, mcp/streamable_headers.go (validateParamHeaderAnnotations).`,
		},
		Tool: checkHeaderTypes,
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/x-mcp-header-unsafe-integer", Severity: catalog.Error,
			Summary: "An integer parameter mirrored by x-mcp-header allows values beyond +-(2^53-1).",
			Doc: `Integer values mirrored into a header MUST lie within the range a
double-precision number holds exactly, -(2^53-1) to 2^53-1
(9007199254740991): past it, a client in JavaScript rounds the value,
and the header no longer matches the body, which the server MUST then
reject. Where the schema states bounds ("minimum", "maximum", their
exclusive forms) or lists the values ("enum", "const"), they must stay
within that range. An integer without bounds is not reported: nothing
says how large its values get.

The issue points at the bound or value that goes beyond the range.

Fix: bound the parameter within +-9007199254740991, or make it a string
parameter that carries the digits.

Source: Model Context Protocol specification 2026-07-28, Server
features, Tools, "x-mcp-header",
modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header;
Transports, Streamable HTTP, "Schema Extension",
modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters.`,
		},
		Tool: checkHeaderIntegers,
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/x-mcp-header-unreachable", Severity: catalog.Error,
			Summary: "An x-mcp-header is not on a property reached from the root through \"properties\" alone, so clients drop the tool.",
			Doc: `A client finds a header's value at the property's path in the
arguments, so the annotated property must be statically reachable: on a
chain of "properties" keys from the root of the inputSchema, passing
through no "items" or other array keyword, no "anyOf", "oneOf",
"allOf" or "not", no "if", "then" or "else", no "$defs" and no "$ref".
An annotation anywhere else, or on the root schema itself, makes the
tool definition invalid, and a Streamable HTTP client MUST drop it. The
TypeScript SDK's client does; the Go SDK v1.8.0's only reads the chains
of "properties" and ignores the rest, so its users do not get the
header.

The issue points at the annotation's value and names the first keyword
on its way that is not "properties".

Fix: mirror a parameter that is a property (or a property of a property)
of the arguments, or drop the annotation.

Source: Model Context Protocol specification 2026-07-28, Transports,
Streamable HTTP, "Schema Extension",
modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#custom-headers-from-tool-parameters;
Server features, Tools, "x-mcp-header",
modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header.`,
		},
		Tool: checkHeaderReach,
	},
	{
		Entry: catalog.Entry{
			Code: "mcp/x-mcp-header-sensitive", Severity: catalog.Warning,
			Summary: "x-mcp-header mirrors a parameter that looks like a secret (a password, token or key) into a header.",
			Doc: `Headers are visible to every network intermediary between client and
server (load balancers, proxies, firewalls) and often logged by them.
The specification says servers SHOULD NOT mark sensitive parameters,
such as passwords, API keys, tokens and personal data, with
x-mcp-header. This rule warns when the property's name or the header's
name reads as one: password, passphrase, secret, credential, token
(not a page token), cookie, session, authorization, an API, access,
private or signing key, an email address or phone number, and the like,
in snake_case, kebab-case or camelCase. It is a guess from names, so it
warns.

Fix: drop x-mcp-header from the parameter; authenticate with the
transport's authorization rather than a tool argument.

Source: Model Context Protocol specification 2026-07-28, Server
features, Tools, "x-mcp-header" (the warning on sensitive parameters),
modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header.`,
		},
		Tool: checkHeaderSecrets,
	},
}

// headerMark is one x-mcp-header annotation of a tool's inputSchema.
type headerMark struct {
	value  *jsondoc.Node // the annotation's value
	schema *jsondoc.Node // the schema that carries it
	segs   []jsondoc.Seg // where that schema is, from the inputSchema
	// props are the names of the properties on the way from the root to
	// the schema, when that way is "properties" alone (statically
	// reachable); else via is the first keyword on the way that is not.
	// At the root, both are empty.
	props []string
	via   string
}

// reachable reports whether the annotation is on a property a chain of
// "properties" reaches: one a client reads.
func (m *headerMark) reachable() bool { return len(m.props) > 0 }

// property names the annotated property as messages do: 'region',
// 'filter.region'.
func (m *headerMark) property() string { return termtext.Quote(strings.Join(m.props, ".")) }

// path is the JSON path of member key of the annotated schema.
func (m *headerMark) path(t *tooldef.Tool, key string) string {
	return jsondoc.AppendKey(jsondoc.AppendSegs(t.ParamsPath(), m.segs), key)
}

// headerMarks are the x-mcp-header annotations of the tool's
// inputSchema, in the order of the document: on every schema the
// keywords of JSON Schema reach, reachable or not.
var headerMarks = NewFact(func(t *tooldef.Tool) []headerMark {
	if !t.Params.Is(jsondoc.Object) {
		return nil
	}
	var marks []headerMark
	// segs and props are stacks, copied for a mark only: a deep schema
	// costs no copy a level.
	var segs []jsondoc.Seg
	var props []string
	var visit func(n *jsondoc.Node, reachable bool, via string)
	visit = func(n *jsondoc.Node, reachable bool, via string) {
		if v := n.Get("x-mcp-header"); v != nil {
			m := headerMark{value: v, schema: n, segs: slices.Clone(segs), via: via}
			if reachable && len(props) > 0 {
				m.props = slices.Clone(props)
			}
			marks = append(marks, m)
		}
		eachSubschema(n, func(key string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node) {
			segs = append(segs, rel[:nrel]...)
			switch {
			case key == "properties" && reachable:
				props = append(props, rel[1].Key)
				visit(child, true, "")
				props = props[:len(props)-1]
			case reachable:
				visit(child, false, key)
			default:
				visit(child, false, via)
			}
			segs = segs[:len(segs)-nrel]
		})
	}
	visit(t.Params, true, "")
	return marks
})

// headerMarksOf returns the tool's headerMarks, sparing the walk to the
// tools whose text could hold none: most tools.
func headerMarksOf(c *ToolContext) []headerMark {
	if p := c.Tool.Params; p == nil || !textMayHold(c.Doc, p, "x-mcp-header") {
		return nil
	}
	return headerMarks.Of(c)
}

// textMayHold reports whether the text of n could hold s: it holds it, or
// a \u escape, which could spell it.
func textMayHold(doc *jsondoc.Document, n *jsondoc.Node, s string) bool {
	text := doc.Src[n.Start:n.End]
	return strings.Contains(text, s) || strings.Contains(text, `\u`)
}

// eachSubschema calls fn on each object schema directly below n, under
// every keyword of JSON Schema (2020-12 and the drafts before it) whose
// value is a schema, a list of schemas or a map of names to schemas,
// with the keyword and the one or two path segments to it. It reaches
// more than the linter's walk: an annotation or a reference anywhere is
// found.
func eachSubschema(n *jsondoc.Node, fn func(key string, rel [2]jsondoc.Seg, nrel int, child *jsondoc.Node)) {
	var rel [2]jsondoc.Seg
	for _, m := range n.Kids() {
		v := m.Value
		rel[0] = jsondoc.KeySeg(m.Key)
		switch {
		case v.Is(jsondoc.Object) && subschemaMapKeywords[m.Key]:
			for _, p := range v.Kids() {
				rel[1] = jsondoc.KeySeg(p.Key)
				if p.Value.Is(jsondoc.Object) {
					fn(m.Key, rel, 2, p.Value)
				}
			}
		case v.Is(jsondoc.Object) && subschemaKeywords[m.Key]:
			fn(m.Key, rel, 1, v)
		case v.Is(jsondoc.Array) && subschemaListKeywords[m.Key]:
			for i, e := range v.Kids() {
				rel[1] = jsondoc.IndexSeg(i)
				if e.Value.Is(jsondoc.Object) {
					fn(m.Key, rel, 2, e.Value)
				}
			}
		}
	}
}

var (
	subschemaKeywords = map[string]bool{
		"additionalProperties": true, "unevaluatedProperties": true, "propertyNames": true,
		"items": true, "additionalItems": true, "unevaluatedItems": true, "contains": true,
		"not": true, "if": true, "then": true, "else": true, "contentSchema": true,
	}
	subschemaListKeywords = map[string]bool{"items": true, "prefixItems": true, "allOf": true, "anyOf": true, "oneOf": true}
	subschemaMapKeywords  = map[string]bool{
		"properties": true, "patternProperties": true, "dependentSchemas": true,
		"$defs": true, "definitions": true, "dependencies": true,
	}
)

func checkHeaderNames(c *ToolContext) {
	for _, m := range headerMarksOf(c) {
		if !m.reachable() {
			continue
		}
		msg, hint := headerNameProblem(m.value, m.props[len(m.props)-1])
		if msg != "" {
			c.Report(m.value, m.path(c.Tool, "x-mcp-header"), msg, hint)
		}
	}
}

// headerNameProblem says how an x-mcp-header value fails to be a header
// name, with a hint, or returns "" when it is one. The hint suggests a
// token made of the value, or of the name of the property, prop.
func headerNameProblem(v *jsondoc.Node, prop string) (msg, hint string) {
	hint0 := "Name the header with letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only (an RFC 9110 token); clients drop the tool otherwise."
	if s := tokenOf(prop); s != "" {
		hint0 = withExample(hint0, strings.ToUpper(s[:1])+s[1:])
	}
	if !v.Is(jsondoc.String) {
		return "x-mcp-header is " + v.Kind.Phrase() + ", not a header name", hint0
	}
	name := v.Str()
	if name == "" {
		return "x-mcp-header is empty: it names the header Mcp-Param-{name}, and clients drop the tool", hint0
	}
	var bad []string
	control := false
	for _, r := range name {
		if r < utf8.RuneSelf && isTChar(byte(r)) {
			continue
		}
		control = control || unicode.IsControl(r)
		if q := termtext.Quote(string(r)); !slices.Contains(bad, q) {
			bad = append(bad, q)
		}
	}
	if len(bad) == 0 {
		return "", ""
	}
	what := "contains " + andList(bad)
	if control {
		what = "contains control characters: " + andList(bad)
	}
	msg = "x-mcp-header " + termtext.Quote(name) + " is no HTTP header name (RFC 9110 token): it " + what
	if s := tokenOf(name); s != "" {
		return msg, withExample("Name the header with letters, digits and ! # $ % & ' * + - . ^ _ ` | ~ only.", s)
	}
	return msg, hint0
}

// isTChar reports whether c is an RFC 9110 tchar, a byte of a token.
func isTChar(c byte) bool {
	return isLetter(c) || isDigit(c) || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// tokenOf is name with every byte that is no tchar left out.
func tokenOf(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if isTChar(name[i]) {
			b.WriteByte(name[i])
		}
	}
	return b.String()
}

func checkHeaderDuplicates(c *ToolContext) {
	first := map[string]*headerMark{}
	marks := headerMarksOf(c)
	for i := range marks {
		m := &marks[i]
		if !m.reachable() || !m.value.Is(jsondoc.String) || m.value.Str() == "" {
			continue
		}
		key := strings.ToLower(m.value.Str())
		f := first[key]
		if f == nil {
			first[key] = m
			continue
		}
		c.Report(m.value, m.path(c.Tool, "x-mcp-header"),
			fmt.Sprintf("x-mcp-header %s of property %s is the header %s of property %s: header names are case-insensitive",
				termtext.Quote(m.value.Str()), m.property(), termtext.Quote(f.value.Str()), f.property()),
			"Give each mirrored parameter a header name of its own, or mirror only one of them.")
	}
}

func checkHeaderTypes(c *ToolContext) {
	const hint = `Write "type": "string", "integer" or "boolean" on the annotated property itself; a null or absent argument sends no header anyway.`
	for _, m := range headerMarksOf(c) {
		if !m.reachable() {
			continue
		}
		on := "x-mcp-header on property " + m.property()
		typ := m.schema.Get("type")
		switch {
		case typ == nil:
			if ref := m.schema.Get("$ref"); ref.Is(jsondoc.String) {
				c.Report(ref, m.path(c.Tool, "$ref"), on+", whose type comes through $ref "+termtext.Quote(ref.Str())+
					": clients read only the property's own \"type\", and drop the tool", `Write the type beside the $ref, e.g. "type": "string".`)
			} else {
				c.Report(m.schema, jsondoc.AppendSegs(c.Tool.ParamsPath(), m.segs), on+", which has no \"type\": clients drop the tool", hint)
			}
		case typ.Is(jsondoc.String):
			switch t := typ.Str(); t {
			case "integer", "string", "boolean":
			case "number":
				c.Report(typ, m.path(c.Tool, "type"), on+" of type \"number\": a header carries only integer, string and boolean parameters, and clients drop the tool",
					`Make the parameter "type": "integer" if its values are whole numbers, or "string"; or drop x-mcp-header.`)
			default:
				c.Report(typ, m.path(c.Tool, "type"), on+" of type "+typeText(m.schema)+": a header carries only integer, string and boolean parameters, and clients drop the tool", hint)
			}
		case typ.Is(jsondoc.Array):
			c.Report(typ, m.path(c.Tool, "type"), on+" of type "+typeText(m.schema)+": clients read one type name, and drop the tool (or, the Go SDK's, ignore its headers)", hint)
		default:
			c.Report(typ, m.path(c.Tool, "type"), on+" whose \"type\" is "+typ.Kind.Phrase()+": clients drop the tool", hint)
		}
	}
}

// maxSafeInteger is 2^53-1, the largest integer a double holds exactly,
// and every integer down to its negative.
var maxSafeInteger = new(big.Float).SetInt64(1<<53 - 1)

func checkHeaderIntegers(c *ToolContext) {
	for _, m := range headerMarksOf(c) {
		if !m.reachable() || !m.schema.Get("type").Is(jsondoc.String) || m.schema.Get("type").Str() != "integer" {
			continue
		}
		report := func(n *jsondoc.Node, path, what string) {
			c.Report(n, path, fmt.Sprintf("%s lets property %s, mirrored by x-mcp-header, go beyond +-(2^53-1), the integers a header carries exactly", what, m.property()),
				"Bound the parameter within -9007199254740991 and 9007199254740991, or make it a string of digits.")
		}
		exclusiveMax, exclusiveMin := m.schema.Get("exclusiveMaximum").IsTrue(), m.schema.Get("exclusiveMinimum").IsTrue() // draft 4
		for _, b := range []struct {
			key       string
			upper     bool
			exclusive bool
		}{
			{"minimum", false, exclusiveMin}, {"exclusiveMinimum", false, true},
			{"maximum", true, exclusiveMax}, {"exclusiveMaximum", true, true},
		} {
			n := m.schema.Get(b.key)
			if n.Is(jsondoc.Number) && !boundIsSafe(n.Str(), b.upper, b.exclusive) {
				report(n, m.path(c.Tool, b.key), b.key+" "+n.Str())
			}
		}
		if v := m.schema.Get("const"); v.Is(jsondoc.Number) && !valueIsSafe(v.Str()) {
			report(v, m.path(c.Tool, "const"), "the value "+v.Str())
		}
		for i, e := range m.schema.Get("enum").Elems() {
			if v := e.Value; v.Is(jsondoc.Number) && !valueIsSafe(v.Str()) {
				report(v, jsondoc.AppendSegs(m.path(c.Tool, "enum"), []jsondoc.Seg{jsondoc.IndexSeg(i)}), "the value "+v.Str())
			}
		}
	}
}

// boundIsSafe reports whether a bound keeps the integers it allows
// within +-(2^53-1): an inclusive upper bound below 2^53, an exclusive
// one at most 2^53, and the lower bounds alike.
func boundIsSafe(text string, upper, exclusive bool) bool {
	f, ok := parseNumber(text)
	if !ok {
		return true // not a number invalid-schema would pass
	}
	if !upper {
		f.Neg(f)
	}
	limit := new(big.Float).Add(maxSafeInteger, big.NewFloat(1)) // 2^53
	if exclusive {
		return f.Cmp(limit) <= 0
	}
	return f.Cmp(limit) < 0
}

// valueIsSafe reports whether a listed value is within +-(2^53-1).
func valueIsSafe(text string) bool {
	f, ok := parseNumber(text)
	return !ok || f.Abs(f).Cmp(maxSafeInteger) <= 0
}

// parseNumber reads a JSON number exactly enough to compare it with
// 2^53: 256 bits, whatever its exponent.
func parseNumber(text string) (*big.Float, bool) {
	f, _, err := big.ParseFloat(text, 10, 256, big.ToNearestEven)
	return f, err == nil
}

func checkHeaderReach(c *ToolContext) {
	for _, m := range headerMarksOf(c) {
		if m.reachable() {
			continue
		}
		msg := "x-mcp-header on the root of the inputSchema: only a property's schema carries one, and clients drop the tool"
		if m.via != "" {
			msg = "x-mcp-header under " + termtext.Quote(m.via) + " is not on a chain of \"properties\" from the root, where clients look: they drop the tool"
		}
		c.Report(m.value, m.path(c.Tool, "x-mcp-header"), msg,
			`Mirror a property of the arguments, reached through "properties" alone, or drop the annotation.`)
	}
}

func checkHeaderSecrets(c *ToolContext) {
	for _, m := range headerMarksOf(c) {
		if !m.reachable() {
			continue
		}
		header := ""
		if m.value.Is(jsondoc.String) {
			header = m.value.Str()
		}
		if !looksSecret(m.props[len(m.props)-1]) && !looksSecret(header) {
			continue
		}
		c.Report(m.value, m.path(c.Tool, "x-mcp-header"),
			"x-mcp-header mirrors property "+m.property()+", which looks like a secret, into a header that proxies and their logs see",
			"Drop x-mcp-header from the parameter; authenticate with the transport's authorization, not a header made of an argument.")
	}
}

// looksSecret reports whether a name reads as a secret's: one of its
// words (snake_case, kebab-case, camelCase) is one, or two of them are
// ("api" "key").
func looksSecret(name string) bool {
	words := nameWords(name)
	for i, w := range words {
		prev := ""
		if i > 0 {
			prev = words[i-1]
		}
		switch w {
		case "password", "passwd", "passphrase", "pwd", "secret", "secrets", "credential", "credentials",
			"apikey", "cookie", "session", "sessionid", "authorization", "auth", "bearer", "jwt", "otp", "ssn",
			"email", "phone": // personal data
			return true
		case "token":
			if prev != "page" && prev != "next" && prev != "continuation" && prev != "sync" {
				return true
			}
		case "key":
			if len(words) == 1 || prev == "api" || prev == "access" || prev == "secret" || prev == "private" ||
				prev == "signing" || prev == "encryption" || prev == "client" || prev == "license" {
				return true
			}
		}
	}
	return false
}

// nameWords splits a name into its lower-case words at every byte that
// is no letter or digit and where a lower-case letter meets an upper-case
// one: "X-Api-Key", "api_key" and "apiKey" are "api" "key".
func nameWords(name string) []string {
	var words []string
	eachNameWord(name, func(w string) { words = append(words, strings.ToLower(w)) })
	return words
}

// eachNameWord calls fn with each word of name as nameWords cuts it, as
// it is spelled.
func eachNameWord(name string, fn func(w string)) {
	start := -1 // of the word being read
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case !isLetter(c) && !isDigit(c):
			if start >= 0 {
				fn(name[start:i])
			}
			start = -1
		case 'A' <= c && c <= 'Z' && i > 0 && 'a' <= name[i-1] && name[i-1] <= 'z':
			fn(name[start:i])
			start = i
		case start < 0:
			start = i
		}
	}
	if start >= 0 {
		fn(name[start:])
	}
}
