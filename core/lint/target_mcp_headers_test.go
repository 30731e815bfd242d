package lint

import (
	"slices"
	"strings"
	"testing"

	"toolbench/core/catalog"
)

// mcpParams is an MCP tools/list document of one tool whose inputSchema
// has the given properties (JSON text of the members of "properties"),
// and more members after them, if any.
func mcpParams(props, more string) string {
	s := `{"tools": [{"name": "t", "description": "Look things up in the catalogue.", "inputSchema": {"type": "object", "properties": {` + props + `}`
	if more != "" {
		s += ", " + more
	}
	return s + `}}]}`
}

const mbase = "$.tools[0].inputSchema"

// The issue's own cases: four x-mcp-header mistakes that a Streamable
// HTTP client drops the tool for, each an error at the offending value.
func TestTheHeaderMistakesClientsDropToolsForAreErrors(t *testing.T) {
	src := mcpParams(`"a": {"type": "string", "x-mcp-header": ""},
		"b": {"type": "string", "x-mcp-header": "Ten ant"},
		"c": {"type": "number", "x-mcp-header": "Count"},
		"d": {"type": "string", "x-mcp-header": "X-Dup"},
		"e": {"type": "string", "x-mcp-header": "x-dup"}`, "")
	var got []string
	for _, is := range lintSource(t, src, Options{}).Issues {
		got = append(got, is.Severity.String()+" "+is.Code+" "+is.Path)
	}
	want := []string{
		"error mcp/x-mcp-header-name " + mbase + ".properties.a['x-mcp-header']",
		"error mcp/x-mcp-header-name " + mbase + ".properties.b['x-mcp-header']",
		"error mcp/x-mcp-header-duplicate " + mbase + ".properties.e['x-mcp-header']",
		"error mcp/x-mcp-header-type " + mbase + ".properties.c.type",
	}
	if !slices.Equal(got, want) {
		t.Errorf("issues:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func TestHeaderNameMustBeANonEmptyToken(t *testing.T) {
	at := func(v string) string { return `"x-mcp-header": ` + v }
	path := mbase + ".properties.p['x-mcp-header']"
	prop := func(v string) string { return `"p": {"type": "string", ` + at(v) + `}` }
	runRuleCases(t, "mcp/x-mcp-header-name", []ruleCase{
		{"a token", mcpParams(prop(`"Region"`)+`, "q": {"type": "integer", "x-mcp-header": "!#$%&'*+-.^_`+"`"+`|~09azAZ"}`, ""), nil},
		{"empty", mcpParams(prop(`""`), ""),
			ruleAts{{path, `""}`, "x-mcp-header is empty: it names the header Mcp-Param-{name}, and clients drop the tool"}}.at()},
		{"a space", mcpParams(prop(`"Ten ant"`), ""),
			ruleAts{{path, `"Ten ant"`, "x-mcp-header 'Ten ant' is no HTTP header name (RFC 9110 token): it contains ' '"}}.at()},
		{"CR and LF", mcpParams(prop(`"a\r\nb"`), ""),
			ruleAts{{path, `"a\r\nb"`, `x-mcp-header 'a\r\nb' is no HTTP header name (RFC 9110 token): it contains control characters: '\r' and '\n'`}}.at()},
		{"a separator and a letter beyond ASCII", mcpParams(prop(`"caf\u00e9:x"`), ""),
			ruleAts{{path, `"caf`, "x-mcp-header 'café:x' is no HTTP header name (RFC 9110 token): it contains 'é' and ':'"}}.at()},
		{"a number", mcpParams(prop(`42`), ""),
			ruleAts{{path, `42`, "x-mcp-header is a number, not a header name"}}.at()},
		{"null", mcpParams(prop(`null`), ""),
			ruleAts{{path, `null`, "x-mcp-header is null, not a header name"}}.at()},
		{"nested property", mcpParams(`"f": {"type": "object", "properties": {"r": {"type": "string", "x-mcp-header": "a b"}}}`, ""),
			ruleAts{{mbase + ".properties.f.properties.r['x-mcp-header']", `"a b"`, "x-mcp-header 'a b' is no HTTP header name (RFC 9110 token): it contains ' '"}}.at()},
		{"off the chain of properties, left to unreachable", mcpParams(`"l": {"type": "array", "items": {"type": "string", "x-mcp-header": ""}}`, ""), nil},
	})
}

func TestHeaderNameHintSuggestsAToken(t *testing.T) {
	for _, tc := range []struct{ prop, value, want string }{
		{"p", `"Tenant Id"`, "For example 'TenantId'."},
		{"tenant", `true`, "For example 'Tenant'."},
		{"region_id", `""`, "For example 'Region_id'."},
	} {
		res := lintSource(t, mcpParams(`"`+tc.prop+`": {"type": "string", "x-mcp-header": `+tc.value+`}`, ""), Options{})
		if len(res.Issues) != 1 || !strings.HasSuffix(res.Issues[0].Hint, tc.want) {
			t.Errorf("%s: issues = %+v, want one whose hint ends %q", tc.value, res.Issues, tc.want)
		}
	}
}

func TestHeaderNamesAreUniqueIgnoringCase(t *testing.T) {
	runRuleCases(t, "mcp/x-mcp-header-duplicate", []ruleCase{
		{"distinct names", mcpParams(`"a": {"type": "string", "x-mcp-header": "A"}, "b": {"type": "string", "x-mcp-header": "B"}`, ""), nil},
		{"the second use is the error, naming the first",
			mcpParams(`"d": {"type": "string", "x-mcp-header": "X-Dup"}, "e": {"type": "string", "x-mcp-header": "x-dup"}`, ""),
			ruleAts{{mbase + ".properties.e['x-mcp-header']", `"x-dup"`,
				"x-mcp-header 'x-dup' of property 'e' is the header 'X-Dup' of property 'd': header names are case-insensitive"}}.at()},
		{"three uses, two errors each naming the first",
			mcpParams(`"a": {"type": "string", "x-mcp-header": "Tenant"}, "b": {"type": "integer", "x-mcp-header": "TENANT"}, "c": {"type": "boolean", "x-mcp-header": "tenant"}`, ""),
			ruleAts{
				{mbase + ".properties.b['x-mcp-header']", `"TENANT"`, "x-mcp-header 'TENANT' of property 'b' is the header 'Tenant' of property 'a': header names are case-insensitive"},
				{mbase + ".properties.c['x-mcp-header']", `"tenant"`, "x-mcp-header 'tenant' of property 'c' is the header 'Tenant' of property 'a': header names are case-insensitive"},
			}.at()},
		{"across nesting",
			mcpParams(`"f": {"type": "object", "properties": {"region": {"type": "string", "x-mcp-header": "Region"}}}, "region": {"type": "string", "x-mcp-header": "region"}`, ""),
			ruleAts{{mbase + ".properties.region['x-mcp-header']", `"region"}`,
				"x-mcp-header 'region' of property 'region' is the header 'Region' of property 'f.region': header names are case-insensitive"}}.at()},
		{"an annotation off the chain does not count", mcpParams(`"a": {"type": "string", "x-mcp-header": "A"}, "l": {"type": "array", "items": {"type": "string", "x-mcp-header": "a"}}`, ""), nil},
	})
}

func TestHeadersMirrorOnlyIntegerStringAndBooleanProperties(t *testing.T) {
	prop := func(schema string) string { return mcpParams(`"p": `+schema, `"$defs": {"s": {"type": "string"}}`) }
	typePath := mbase + ".properties.p.type"
	runRuleCases(t, "mcp/x-mcp-header-type", []ruleCase{
		{"the three types", mcpParams(`"s": {"type": "string", "x-mcp-header": "S"}, "i": {"type": "integer", "x-mcp-header": "I"}, "b": {"type": "boolean", "x-mcp-header": "B"}`, ""), nil},
		{"a type beside a $ref", prop(`{"$ref": "#/$defs/s", "type": "string", "x-mcp-header": "S"}`), nil},
		{"number", prop(`{"type": "number", "x-mcp-header": "N"}`),
			ruleAts{{typePath, `"number"`, `x-mcp-header on property 'p' of type "number": a header carries only integer, string and boolean parameters, and clients drop the tool`}}.at()},
		{"object", prop(`{"type": "object", "x-mcp-header": "O"}`),
			ruleAts{{typePath, `"object", "x`, `x-mcp-header on property 'p' of type "object": a header carries only integer, string and boolean parameters, and clients drop the tool`}}.at()},
		{"a type list with null", prop(`{"type": ["string", "null"], "x-mcp-header": "S"}`),
			ruleAts{{typePath, `["string", "null"]`, `x-mcp-header on property 'p' of type ["string", "null"]: clients read one type name, and drop the tool (or, the Go SDK's, ignore its headers)`}}.at()},
		{"a type only through $ref", prop(`{"$ref": "#/$defs/s", "x-mcp-header": "S"}`),
			ruleAts{{mbase + ".properties.p['$ref']", `"#/$defs/s"`, `x-mcp-header on property 'p', whose type comes through $ref '#/$defs/s': clients read only the property's own "type", and drop the tool`}}.at()},
		{"no type", prop(`{"description": "A region.", "x-mcp-header": "R"}`),
			ruleAts{{mbase + ".properties.p", `{"description"`, `x-mcp-header on property 'p', which has no "type": clients drop the tool`}}.at()},
		{"a type that is a number", prop(`{"type": 3, "x-mcp-header": "R"}`),
			ruleAts{{typePath, `3,`, `x-mcp-header on property 'p' whose "type" is a number: clients drop the tool`}}.at()},
	})
}

func TestMirroredIntegersStayWithinTheSafeRange(t *testing.T) {
	prop := func(members string) string {
		return mcpParams(`"n": {"type": "integer", `+members+`, "x-mcp-header": "N"}`, "")
	}
	msg := func(what string) string {
		return what + " lets property 'n', mirrored by x-mcp-header, go beyond +-(2^53-1), the integers a header carries exactly"
	}
	p := mbase + ".properties.n."
	runRuleCases(t, "mcp/x-mcp-header-unsafe-integer", []ruleCase{
		{"bounds at the edges", prop(`"minimum": -9007199254740991, "maximum": 9007199254740991`), nil},
		{"exclusive bounds one past the edges", prop(`"exclusiveMinimum": -9007199254740992, "exclusiveMaximum": 9007199254740992`), nil},
		{"a fraction below 2^53", prop(`"maximum": 9007199254740991.5`), nil},
		{"no bounds", prop(`"description": "Any integer."`), nil},
		{"maximum 2^53", prop(`"maximum": 9007199254740992`),
			ruleAts{{p + "maximum", `9007199254740992`, msg("maximum 9007199254740992")}}.at()},
		{"an exponent", prop(`"maximum": 1e20`),
			ruleAts{{p + "maximum", `1e20`, msg("maximum 1e20")}}.at()},
		{"exclusive maximum past 2^53", prop(`"exclusiveMaximum": 9007199254740993`),
			ruleAts{{p + "exclusiveMaximum", `9007199254740993`, msg("exclusiveMaximum 9007199254740993")}}.at()},
		{"minimum -2^53", prop(`"minimum": -9007199254740992`),
			ruleAts{{p + "minimum", `-9007199254740992`, msg("minimum -9007199254740992")}}.at()},
		{"exclusive minimum past -2^53", prop(`"exclusiveMinimum": -9007199254740993`),
			ruleAts{{p + "exclusiveMinimum", `-9007199254740993`, msg("exclusiveMinimum -9007199254740993")}}.at()},
		{"draft 4's boolean exclusiveMaximum", mcpParams(`"n": {"type": "integer", "maximum": 9007199254740992, "exclusiveMaximum": true, "x-mcp-header": "N"}`, `"$schema": "http://json-schema.org/draft-04/schema#"`), nil},
		{"an enum value", prop(`"enum": [1, 9007199254740993]`),
			ruleAts{{p + "enum[1]", `9007199254740993`, msg("the value 9007199254740993")}}.at()},
		{"a const", prop(`"const": -1e300`),
			ruleAts{{p + "const", `-1e300`, msg("the value -1e300")}}.at()},
		{"a string parameter's bounds are not an integer's", mcpParams(`"s": {"type": "string", "maximum": 1e20, "x-mcp-header": "S"}`, ""), nil},
	})
}

func TestHeadersAreOnlyOnPropertiesAChainOfPropertiesReaches(t *testing.T) {
	msg := func(via string) string {
		return "x-mcp-header under '" + via + `' is not on a chain of "properties" from the root, where clients look: they drop the tool`
	}
	a := `{"type": "string", "x-mcp-header": "A"}`
	runRuleCases(t, "mcp/x-mcp-header-unreachable", []ruleCase{
		{"nested properties", mcpParams(`"f": {"type": "object", "properties": {"g": {"type": "object", "properties": {"a": `+a+`}}}}`, ""), nil},
		{"items", mcpParams(`"l": {"type": "array", "items": `+a+`}`, ""),
			ruleAts{{mbase + ".properties.l.items['x-mcp-header']", `"A"`, msg("items")}}.at()},
		{"properties under items", mcpParams(`"l": {"type": "array", "items": {"type": "object", "properties": {"a": `+a+`}}}`, ""),
			ruleAts{{mbase + ".properties.l.items.properties.a['x-mcp-header']", `"A"`, msg("items")}}.at()},
		{"anyOf", mcpParams(`"u": {"anyOf": [`+a+`, {"type": "integer"}]}`, ""),
			ruleAts{{mbase + ".properties.u.anyOf[0]['x-mcp-header']", `"A"`, msg("anyOf")}}.at()},
		{"then", mcpParams(`"o": {"type": "object", "if": {"required": ["x"]}, "then": {"properties": {"x": `+a+`}}}`, ""),
			ruleAts{{mbase + ".properties.o.then.properties.x['x-mcp-header']", `"A"`, msg("then")}}.at()},
		{"additionalProperties", mcpParams(`"m": {"type": "object", "additionalProperties": `+a+`}`, ""),
			ruleAts{{mbase + ".properties.m.additionalProperties['x-mcp-header']", `"A"`, msg("additionalProperties")}}.at()},
		{"patternProperties", mcpParams(`"m": {"type": "object", "patternProperties": {"^x": `+a+`}}`, ""),
			ruleAts{{mbase + ".properties.m.patternProperties['^x']['x-mcp-header']", `"A"`, msg("patternProperties")}}.at()},
		{"a definition a property refers to", mcpParams(`"r": {"$ref": "#/$defs/r"}`, `"$defs": {"r": `+a+`}`),
			ruleAts{{mbase + "['$defs'].r['x-mcp-header']", `"A"`, msg("$defs")}}.at()},
		{"the root", `{"tools": [{"name": "t", "description": "Look things up in the catalogue.", "inputSchema": {"type": "object", "x-mcp-header": "A", "properties": {}}}]}`,
			ruleAts{{mbase + "['x-mcp-header']", `"A"`, "x-mcp-header on the root of the inputSchema: only a property's schema carries one, and clients drop the tool"}}.at()},
		{"a property named x-mcp-header is no annotation", mcpParams(`"x-mcp-header": {"type": "string"}`, ""), nil},
	})
}

func TestMirroringASecretIsAWarning(t *testing.T) {
	for _, tc := range []struct {
		prop, header string
		warn         bool
	}{
		{"region", "Region", false},
		{"api_key", "Key-Id", true},
		{"apiKey", "Client", true},
		{"user", "X-Api-Key", true},
		{"password", "P", true},
		{"refresh_token", "Refresh", true},
		{"session", "S", true},
		{"auth", "A", true},
		{"key", "K", true},
		{"page_token", "Page", false},
		{"max_tokens", "Max", false},
		{"sort_key", "Sort", false},
		{"monkey", "Monkey", false},
		{"tenant", "Authorization", true},
		{"customer_email", "Customer-Email", true},
		{"phone", "Phone", true},
	} {
		src := mcpParams(`"`+tc.prop+`": {"type": "string", "x-mcp-header": "`+tc.header+`"}`, "")
		got := foundOf(lintSource(t, src, Options{}), "mcp/x-mcp-header-sensitive")
		if (len(got) == 1) != tc.warn || len(got) > 1 {
			t.Errorf("%s mirrored as %s: %v, want a warning: %v", tc.prop, tc.header, got, tc.warn)
			continue
		}
		if tc.warn {
			want := expect(t, src, "mcp/x-mcp-header-sensitive", []at{{mbase + ".properties." + tc.prop + "['x-mcp-header']", `"` + tc.header + `"`,
				"x-mcp-header mirrors property '" + tc.prop + "', which looks like a secret, into a header that proxies and their logs see", false, false}})
			if got[0] != want[0] {
				t.Errorf("issue %+v, want %+v", got[0], want[0])
			}
		}
	}
	res := lintSource(t, mcpParams(`"password": {"type": "string", "x-mcp-header": "P"}`, ""), Options{})
	if res.Warnings != 1 || res.Errors != 0 || res.Issues[0].Severity != catalog.Warning {
		t.Errorf("a mirrored password: %+v, want one warning", res.Issues)
	}
}

// ruleAt is an expected issue of runRuleCases: its path, the piece of
// source where it points (the first occurrence) and its message.
type ruleAt struct{ path, at, msg string }

type ruleAts []ruleAt

func (rs ruleAts) at() []at {
	out := make([]at, len(rs))
	for i, r := range rs {
		out[i] = at{path: r.path, at: r.at, msg: r.msg}
	}
	return out
}
