package lint

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/core/jsondoc"
)

// found is an issue as the rule tests compare it: the offsets are where
// in the source the issue's span starts and ends.
type found struct {
	Code        string
	Path        string
	Offset, End int
	Message     string
}

// at is one expected issue: at is a piece of the source that starts where
// the issue points (the first occurrence, or the last when last is set).
// The issue spans the whole value or token that starts there, or, with
// exact set, at itself: a run of characters inside a string.
type at struct {
	path, at, msg string
	last, exact   bool
}

func lintSource(t *testing.T, src string, opt Options) *Result {
	t.Helper()
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Lint(doc, opt)
}

// foundOf returns the issues of res with the given code, or all of them
// when code is "".
func foundOf(res *Result, code string) []found {
	var out []found
	for _, is := range res.Issues {
		if code == "" || is.Code == code {
			out = append(out, found{is.Code, is.Path, is.Offset, is.EndOffset, is.Message})
		}
	}
	return out
}

func expect(t *testing.T, src, code string, want []at) []found {
	t.Helper()
	doc, err := jsondoc.Parse("t.json", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	var out []found
	for _, w := range want {
		off := strings.Index(src, w.at)
		if w.last {
			off = strings.LastIndex(src, w.at)
		}
		if off < 0 {
			t.Fatalf("test is wrong: %q is not in the source", w.at)
		}
		end := off + len(w.at)
		if !w.exact {
			end = valueEnd(doc, off)
		}
		out = append(out, found{code, w.path, off, end, w.msg})
	}
	return out
}

// valueEnd is the end of the value that starts at off, or else of the
// token there (a key).
func valueEnd(doc *jsondoc.Document, off int) int {
	for n := doc.Root; n != nil; {
		if int(n.Start) == off {
			return int(n.End)
		}
		var next *jsondoc.Node
		for _, m := range n.Kids() {
			if int(m.Value.Start) <= off && off < int(m.Value.End) {
				next = m.Value
			}
		}
		n = next
	}
	return doc.TokenEnd(off)
}

// ruleCase is one document and the issues one rule reports on it.
type ruleCase struct {
	name string
	src  string
	want []at
}

func runRuleCases(t *testing.T, code string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := foundOf(lintSource(t, tc.src, Options{}), code)
			if diff := cmp.Diff(expect(t, tc.src, code, tc.want), got); diff != "" {
				t.Errorf("%s issues (-want +got):\n%s", code, diff)
			}
		})
	}
}

// tool wraps a parameter schema in an OpenAI tool with a good name and
// description, so only the schema rules speak.
func tool(params string) string {
	return `[{"type": "function", "function": {"name": "t", "description": "Look things up in the catalogue.", "parameters": ` + params + `}}]`
}

const base = "$[0].function.parameters"

func TestMissingNameReportsTheObjectOrTheNonStringName(t *testing.T) {
	runRuleCases(t, "missing-name", []ruleCase{
		{"bare tool without a name", `[{"description": "Look things up in the catalogue."}]`,
			[]at{{path: "$[0]", at: `{"description"`, msg: "tool has no name"}}},
		{"OpenAI tool without a name", `[{"type": "function", "function": {"description": "Look things up."}}]`,
			[]at{{path: "$[0].function", at: `{"description"`, msg: "tool has no name"}}},
		{"number name", `[{"name": 42}]`,
			[]at{{path: "$[0].name", at: `42`, msg: "tool name is a number, not a string"}}},
		{"null name", `[{"name": null}]`,
			[]at{{path: "$[0].name", at: `null`, msg: "tool name is null, not a string"}}},
		{"array name in an MCP result", `{"result": {"tools": [{"name": ["a"], "inputSchema": {}}]}}`,
			[]at{{path: "$.result.tools[0].name", at: `["a"]`, msg: "tool name is an array, not a string"}}},
		{"string name", `[{"name": "get_weather"}]`, nil},
		{"empty string is a name, if an invalid one", `[{"name": ""}]`, nil},
	})
}

func TestInvalidNameSaysWhatIsWrong(t *testing.T) {
	long := strings.Repeat("a", 65)
	runRuleCases(t, "invalid-name", []ruleCase{
		{"space and bang", `[{"name": "get weather!"}]`,
			[]at{{path: "$[0].name", at: `"get weather!"`, msg: "invalid tool name 'get weather!': it contains ' ' and '!'"}}},
		{"dot", `[{"name": "weather.get"}]`,
			[]at{{path: "$[0].name", at: `"weather.get"`, msg: "invalid tool name 'weather.get': it contains '.'"}}},
		{"leading digit", `[{"name": "1st"}]`,
			[]at{{path: "$[0].name", at: `"1st"`, msg: "invalid tool name '1st': it starts with '1', which is not allowed first"}}},
		{"leading dash", `[{"name": "-x"}]`,
			[]at{{path: "$[0].name", at: `"-x"`, msg: "invalid tool name '-x': it starts with '-', which is not allowed first"}}},
		{"empty", `[{"name": ""}]`,
			[]at{{path: "$[0].name", at: `""`, msg: "invalid tool name '': it is empty"}}},
		{"65 characters", `[{"name": "` + long + `"}]`,
			[]at{{path: "$[0].name", at: `"aaa`, msg: "invalid tool name '" + long + "': it is 65 characters long; the limit is 64"}}},
		{"non-ASCII letter", `[{"name": "café"}]`,
			[]at{{path: "$[0].name", at: `"café"`, msg: "invalid tool name 'café': it contains 'é'"}}},
		{"escape sequence shown escaped", `[{"name": "a\u001b[31m"}]`,
			[]at{{path: "$[0].name", at: `"a\u001b`, msg: `invalid tool name 'a\x1b[31m': it contains '['`}}},
		{"quote and backslash escaped", `[{"name": "it's\\"}]`,
			[]at{{path: "$[0].name", at: `"it's`, msg: `invalid tool name 'it\'s\\': it contains '\'' and '\\'`}}},
		{"OpenAI path", `[{"type": "function", "function": {"name": "a b"}}]`,
			[]at{{path: "$[0].function.name", at: `"a b"`, msg: "invalid tool name 'a b': it contains ' '"}}},
		{"valid names", `[{"name": "a"}, {"name": "_x"}, {"name": "get-weather_2"}, {"name": "` + long[:64] + `"}]`, nil},
		{"not a string is missing-name's", `[{"name": 1}]`, nil},
	})
}

func TestInvalidNameHintSuggestsAValidName(t *testing.T) {
	tests := []struct{ name, want string }{
		{"get weather!", "For example 'get_weather'."},
		{"weather.get.now", "For example 'weather_get_now'."},
		{"1st", "For example '_1st'."},
		{"日本", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := lintSource(t, fmt.Sprintf(`[{"name": %q}]`, tc.name), baseOnly("missing-description", "missing-parameters"))
			if len(res.Issues) != 1 {
				t.Fatalf("issues = %+v, want one invalid-name", res.Issues)
			}
			hint := res.Issues[0].Hint
			if !strings.HasPrefix(hint, "Use ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$") {
				t.Errorf("hint = %q, want it to give the pattern", hint)
			}
			if tc.want == "" && strings.Contains(hint, "For example") || tc.want != "" && !strings.HasSuffix(hint, tc.want) {
				t.Errorf("hint = %q, want it to end with %q", hint, tc.want)
			}
		})
	}
}

func TestDuplicateNameIsReportedOnEachLaterTool(t *testing.T) {
	runRuleCases(t, "duplicate-name", []ruleCase{
		{"two tools", "[{\"name\": \"a\"},\n {\"name\": \"a\"}]",
			[]at{{path: "$[1].name", at: `"a"`, last: true, msg: "duplicate tool name 'a': the tool at $[0] (line 1) has it too"}}},
		{"three tools name the first", "[\n{\"name\": \"a\"}, {\"name\": \"b\"},\n{\"name\": \"a\"}, {\"name\": \"a\"}]",
			[]at{
				{path: "$[2].name", at: `"a"}, {"name": "a"}]`, msg: "duplicate tool name 'a': the tool at $[0] (line 2) has it too"},
				{path: "$[3].name", at: `"a"`, last: true, msg: "duplicate tool name 'a': the tool at $[0] (line 2) has it too"},
			}},
		{"OpenAI tools in a tools object", `{"tools": [{"type": "function", "function": {"name": "x"}}, {"type": "function", "function": {"name": "x"}}]}`,
			[]at{{path: "$.tools[1].function.name", at: `"x"`, last: true, msg: "duplicate tool name 'x': the tool at $.tools[0] (line 1) has it too"}}},
		{"names differ in case", `[{"name": "a"}, {"name": "A"}]`, nil},
		{"empty names are invalid-name's", `[{"name": ""}, {"name": ""}]`, nil},
	})
}

func TestUnknownTypeReportsEachUnknownName(t *testing.T) {
	runRuleCases(t, "unknown-type", []ruleCase{
		{"python str", tool(`{"type": "object", "properties": {"city": {"type": "str"}}}`),
			[]at{{path: base + ".properties.city", at: `"str"`, msg: "unknown type 'str'"}}},
		{"member of a type list", tool(`{"type": "object", "properties": {"x": {"type": ["string", "nul", "int"]}}}`),
			[]at{
				{path: base + ".properties.x", at: `"nul"`, msg: "unknown type 'nul'"},
				{path: base + ".properties.x", at: `"int"`, msg: "unknown type 'int'"},
			}},
		{"not a string", tool(`{"type": 5}`),
			[]at{{path: base, at: `5`, msg: "'type' is a number, not a type name or a list of them"}}},
		{"list member not a string", tool(`{"type": ["string", {}]}`),
			[]at{{path: base, at: `{}`, msg: "type list item 1 is an object, not a type name"}}},
		{"upper case", tool(`{"type": "Object", "properties": {"a": {"type": "string"}}}`),
			[]at{{path: base, at: `"Object"`, msg: "unknown type 'Object'"}}},
		{"in items, prefixItems, anyOf and $defs", tool(`{"type": "object", "properties": {"a": {"type": "array", "items": {"type": "float"}}, "b": {"anyOf": [{"type": "string"}, {"type": "dict"}]}, "c": {"type": "array", "prefixItems": [{"type": "bool"}]}}, "$defs": {"d": {"type": "list", "items": {}}}}`),
			[]at{
				{path: base + ".properties.a.items", at: `"float"`, msg: "unknown type 'float'"},
				{path: base + ".properties.b.anyOf[1]", at: `"dict"`, msg: "unknown type 'dict'"},
				{path: base + ".properties.c.prefixItems[0]", at: `"bool"`, msg: "unknown type 'bool'"},
				{path: base + "['$defs'].d", at: `"list"`, msg: "unknown type 'list'"},
			}},
		{"additionalProperties schema", tool(`{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "text"}}`),
			[]at{{path: base + ".additionalProperties", at: `"text"`, msg: "unknown type 'text'"}}},
		{"enum values are not schemas", tool(`{"type": "object", "properties": {"a": {"enum": [{"type": "bogus"}]}}}`), nil},
		{"the seven types", tool(`{"type": "object", "properties": {"a": {"type": ["array", "boolean", "integer", "null", "number", "object", "string"], "items": {}, "properties": {"b": {}}}}}`), nil},
		{"Gemini parameters may be upper case", `[{"functionDeclarations": [{"name": "t", "parameters": {"type": "OBJECT", "properties": {"a": {"type": "STRING"}}}}]}]`, nil},
		{"Gemini parametersJsonSchema may not", `[{"name": "t", "parametersJsonSchema": {"type": "OBJECT", "properties": {"a": {"type": "string"}}}}]`,
			[]at{{path: "$[0].parametersJsonSchema", at: `"OBJECT"`, msg: "unknown type 'OBJECT'"}}},
	})
}

func TestUnknownTypeHintSuggestsTheRightName(t *testing.T) {
	tests := []struct{ typ, want string }{
		{"str", "Use 'string'."},
		{"int", "Use 'integer'."},
		{"int64", "Use 'integer'."},
		{"float", "Use 'number'."},
		{"double", "Use 'number'."},
		{"bool", "Use 'boolean'."},
		{"list", "Use 'array'."},
		{"tuple", "Use 'array'."},
		{"dict", "Use 'object'."},
		{"None", "Use 'null'."},
		{"strng", "Use 'string'."},
		{"stirng", "Use 'string'."},
		{"intger", "Use 'integer'."},
		{"bolean", "Use 'boolean'."},
		{"nul", "Use 'null'."},
		{"obj", "Use 'object'."},
		{"num", "Use 'number'."},
		{"Integer", "Use 'integer': type names are lower case."},
		{"STRING", "Use 'string': type names are lower case."},
		{"any", "'any' is not a type: leave 'type' out to accept any value, or list the types allowed."},
		{"xyzzy", "Known types: array, boolean, integer, null, number, object, string."},
		{"date", "Known types: array, boolean, integer, null, number, object, string."},
	}
	for _, tc := range tests {
		t.Run(tc.typ, func(t *testing.T) {
			res := lintSource(t, tool(`{"type": "object", "properties": {"a": {"type": "`+tc.typ+`"}}}`), Options{})
			var hints []string
			for _, is := range res.Issues {
				if is.Code == "unknown-type" {
					hints = append(hints, is.Hint)
				}
			}
			if len(hints) != 1 {
				t.Fatalf("unknown-type issues = %d, want 1", len(hints))
			}
			if !strings.HasPrefix(hints[0], tc.want) {
				t.Errorf("hint = %q, want it to start with %q", hints[0], tc.want)
			}
		})
	}
}

func TestInvalidRequiredReportsNonLists(t *testing.T) {
	runRuleCases(t, "invalid-required", []ruleCase{
		{"draft 3 boolean on a property", tool(`{"type": "object", "properties": {"a": {"type": "string", "required": true}}}`),
			[]at{{path: base + ".properties.a", at: `true`, msg: "'required' is a boolean, not a list of property names"}}},
		{"a single string", tool(`{"type": "object", "properties": {"a": {}}, "required": "a"}`),
			[]at{{path: base, at: `"a"}`, last: true, msg: "'required' is a string, not a list of property names"}}},
		{"non-strings in the list", tool(`{"type": "object", "properties": {"a": {}}, "required": ["a", 1, null]}`),
			[]at{
				{path: base, at: `1`, msg: "required[1] is a number, not a property name"},
				{path: base, at: `null`, msg: "required[2] is null, not a property name"},
			}},
		{"list of strings", tool(`{"type": "object", "properties": {"a": {}}, "required": ["a"]}`), nil},
		{"empty list", tool(`{"type": "object", "properties": {"a": {}}, "required": []}`), nil},
	})
}

func TestRequiredNotInPropertiesReportsEachMissingName(t *testing.T) {
	runRuleCases(t, "required-not-in-properties", []ruleCase{
		{"README example", tool(`{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city", "state"]}`),
			[]at{{path: base, at: `"state"`, msg: "required property 'state' is not in properties"}}},
		{"object without properties", tool(`{"type": "object", "required": ["a", "b"]}`),
			[]at{
				{path: base, at: `"a"`, msg: "required property 'a' is not in properties"},
				{path: base, at: `"b"`, msg: "required property 'b' is not in properties"},
			}},
		{"nested object", tool(`{"type": "object", "properties": {"f": {"type": "object", "properties": {"x": {}}, "required": ["y"]}}}`),
			[]at{{path: base + ".properties.f", at: `"y"`, msg: "required property 'y' is not in properties"}}},
		{"defined in an allOf branch", tool(`{"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}], "required": ["a"]}`), nil},
		{"anyOf branch without properties refers to the parent's", tool(`{"type": "object", "properties": {"a": {}, "b": {}}, "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}`), nil},
		{"non-string entries are invalid-required's", tool(`{"type": "object", "properties": {"a": {}}, "required": [1]}`), nil},
	})
}

func TestRequiredNotInPropertiesHintSuggestsANearName(t *testing.T) {
	res := lintSource(t, tool(`{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["City"]}`), baseOnly())
	if len(res.Issues) != 1 || res.Issues[0].Code != "required-not-in-properties" {
		t.Fatalf("issues = %+v, want one required-not-in-properties", res.Issues)
	}
	if want := "Did you mean 'city'? "; !strings.HasPrefix(res.Issues[0].Hint, want) {
		t.Errorf("hint = %q, want it to start with %q", res.Issues[0].Hint, want)
	}
}

func TestRequiredNotInPropertiesHintSuggestsANameABranchDefines(t *testing.T) {
	res := lintSource(t, tool(`{"type": "object", "allOf": [{"$ref": "#/$defs/base"}], "required": ["City"], "$defs": {"base": {"properties": {"city": {"type": "string"}}}}}`), baseOnly())
	if len(res.Issues) != 1 || res.Issues[0].Code != "required-not-in-properties" {
		t.Fatalf("issues = %+v, want one required-not-in-properties", res.Issues)
	}
	if want := "Did you mean 'city'? "; !strings.HasPrefix(res.Issues[0].Hint, want) {
		t.Errorf("hint = %q, want it to start with %q", res.Issues[0].Hint, want)
	}
}

func TestArrayWithoutItems(t *testing.T) {
	runRuleCases(t, "array-without-items", []ruleCase{
		{"array", tool(`{"type": "object", "properties": {"tags": {"type": "array"}}}`),
			[]at{{path: base + ".properties.tags", at: `{"type": "array"}`, msg: "array schema without 'items'"}}},
		{"nullable array", tool(`{"type": "object", "properties": {"tags": {"type": ["array", "null"]}}}`),
			[]at{{path: base + ".properties.tags", at: `{"type": ["array"`, msg: "array schema without 'items'"}}},
		{"with items", tool(`{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}`), nil},
		{"with prefixItems", tool(`{"type": "object", "properties": {"p": {"type": "array", "prefixItems": [{"type": "number"}]}}}`), nil},
	})
}

func TestInvalidEnum(t *testing.T) {
	runRuleCases(t, "invalid-enum", []ruleCase{
		{"string", tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": "c"}}}`),
			[]at{{path: base + ".properties.u", at: `"c"`, msg: "'enum' is a string, not a list"}}},
		{"object", tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": {}}}}`),
			[]at{{path: base + ".properties.u", at: `{}`, msg: "'enum' is an object, not a list"}}},
		{"empty", tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": []}}}`),
			[]at{{path: base + ".properties.u", at: `[]`, msg: "'enum' is an empty list: no value is allowed"}}},
		{"list", tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": ["c"]}}}`), nil},
	})
}

func TestMissingDescription(t *testing.T) {
	runRuleCases(t, "missing-description", []ruleCase{
		{"bare tool", `[{"name": "t"}]`,
			[]at{{path: "$[0]", at: `{"name"`, msg: "tool has no description"}}},
		{"OpenAI tool", `[{"type": "function", "function": {"name": "t"}}]`,
			[]at{{path: "$[0].function", at: `{"name"`, msg: "tool has no description"}}},
		{"not a string", `[{"name": "t", "description": 3}]`,
			[]at{{path: "$[0].description", at: `3`, msg: "description is a number, not a string"}}},
		{"white space", `[{"name": "t", "description": "  "}]`,
			[]at{{path: "$[0].description", at: `"  "`, msg: "description is empty"}}},
		{"properties need none", tool(`{"type": "object", "properties": {"a": {"type": "string"}}}`), nil},
	})
}

func TestShortDescriptionAtToolLevelOnly(t *testing.T) {
	runRuleCases(t, "short-description", []ruleCase{
		{"README example", `[{"name": "t", "description": "Get weather"}]`,
			[]at{{path: "$[0].description", at: `"Get weather"`, msg: "description is very short (11 characters)"}}},
		{"19 characters", `[{"name": "t", "description": "1234567890123456789"}]`,
			[]at{{path: "$[0].description", at: `"123`, msg: "description is very short (19 characters)"}}},
		{"counted after trimming", `[{"name": "t", "description": "   short text      "}]`,
			[]at{{path: "$[0].description", at: `"   short`, msg: "description is very short (10 characters)"}}},
		{"characters, not bytes", `[{"name": "t", "description": "` + strings.Repeat("é", 19) + `"}]`,
			[]at{{path: "$[0].description", at: `"é`, msg: "description is very short (19 characters)"}}},
		{"one character", `[{"name": "t", "description": "x"}]`,
			[]at{{path: "$[0].description", at: `"x"`, msg: "description is very short (1 character)"}}},
		{"20 characters", `[{"name": "t", "description": "12345678901234567890"}]`, nil},
		{"empty is missing-description's", `[{"name": "t", "description": ""}]`, nil},
		{"short property descriptions are fine", tool(`{"type": "object", "properties": {"a": {"type": "string", "description": "A"}}}`), nil},
	})
}

func TestMissingParameters(t *testing.T) {
	runRuleCases(t, "missing-parameters", []ruleCase{
		{"bare tool", `[{"name": "t"}]`,
			[]at{{path: "$[0]", at: `{"name"`, msg: "tool has no 'parameters' schema"}}},
		{"OpenAI tool", `[{"type": "function", "function": {"name": "t"}}]`,
			[]at{{path: "$[0].function", at: `{"name"`, msg: "tool has no 'parameters' schema"}}},
		{"MCP null inputSchema", `{"tools": [{"name": "t", "inputSchema": null}]}`,
			[]at{{path: "$.tools[0].inputSchema", at: `null`, msg: "'inputSchema' is null, not a schema object"}}},
		{"Anthropic string input_schema", `[{"name": "t", "input_schema": "none"}]`,
			[]at{{path: "$[0].input_schema", at: `"none"`, msg: "'input_schema' is a string, not a schema object"}}},
		{"present", tool(`{"type": "object", "properties": {"a": {}}}`), nil},
	})
}

func TestEmptyProperties(t *testing.T) {
	runRuleCases(t, "empty-properties", []ruleCase{
		{"no properties", tool(`{"type": "object"}`),
			[]at{{path: base, at: `{"type": "object"}`, msg: "object schema without 'properties'"}}},
		{"empty properties", tool(`{"type": "object", "properties": {}}`),
			[]at{{path: base, at: `{}`, msg: "object schema with empty 'properties'"}}},
		{"properties not an object", tool(`{"type": "object", "properties": ["a"]}`),
			[]at{{path: base, at: `["a"]`, msg: "'properties' is an array, not an object of property schemas"}}},
		{"untyped with empty properties", tool(`{"properties": {}}`),
			[]at{{path: base, at: `{}`, msg: "object schema with empty 'properties'"}}},
		{"nested object", tool(`{"type": "object", "properties": {"meta": {"type": "object"}}}`),
			[]at{{path: base + ".properties.meta", at: `{"type": "object"}`, msg: "object schema without 'properties'"}}},
		{"map with described values", tool(`{"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}}}`), nil},
		{"patternProperties", tool(`{"type": "object", "properties": {"m": {"type": "object", "patternProperties": {"^x": {}}}}}`), nil},
		{"not an object schema", tool(`{"type": "object", "properties": {"s": {"type": "string"}}}`), nil},
		// A schema that says it takes no fields is not empty.
		{"no fields, said so", tool(`{"type": "object", "additionalProperties": false}`), nil},
		{"empty properties and no others", tool(`{"type": "object", "properties": {}, "additionalProperties": false}`), nil},
		{"no unevaluated properties", tool(`{"type": "object", "unevaluatedProperties": false}`), nil},
		{"a nested object of no fields", tool(`{"type": "object", "properties": {"none": {"type": "object", "additionalProperties": false}}}`), nil},
		{"any others allowed", tool(`{"type": "object", "additionalProperties": true}`),
			[]at{{path: base, at: `{"type": "object", "add`, msg: "object schema without 'properties'"}}},
	})
}

// The form MCP recommends for a tool without parameters draws
// empty-properties under no target; with mcp (2026-07-28), neither does
// the root with empty "properties" its example tool list_users has.
func TestANoParameterToolIsNotEmpty(t *testing.T) {
	recommended := `{"type": "object", "additionalProperties": false}`
	for _, targets := range append([][]string{nil}, func() (all [][]string) {
		for _, n := range TargetNames() {
			all = append(all, []string{n})
		}
		return all
	}()...) {
		for _, src := range []string{tool(recommended), `{"tools": [{"name": "t", "description": "Look things up in the catalogue.", "inputSchema": ` + recommended + `}]}`} {
			if got := foundOf(lintSource(t, src, Options{Targets: targets}), "empty-properties"); len(got) != 0 {
				t.Errorf("targets %q: %v, want none", targets, got)
			}
		}
	}
	mcpTool := func(params string) string {
		return `{"tools": [{"name": "t", "description": "Look things up in the catalogue.", "inputSchema": ` + params + `}]}`
	}
	for _, tc := range []struct {
		name, src string
		targets   []string
		want      int
	}{
		{"empty properties at the root, mcp", mcpTool(`{"type": "object", "properties": {}}`), []string{"mcp"}, 0},
		{"empty properties at the root, no target (MCP's shape implies mcp)", mcpTool(`{"type": "object", "properties": {}}`), nil, 0},
		{"empty properties at the root, mcp@2025-11-25", mcpTool(`{"type": "object", "properties": {}}`), []string{"mcp@2025-11-25"}, 1},
		{"empty properties at the root, openai", tool(`{"type": "object", "properties": {}}`), []string{"openai"}, 1},
		{"empty properties below the root, mcp", mcpTool(`{"type": "object", "properties": {"o": {"type": "object", "properties": {}}}}`), []string{"mcp"}, 1},
		{"an object alone, mcp", mcpTool(`{"type": "object"}`), []string{"mcp"}, 1},
	} {
		if got := foundOf(lintSource(t, tc.src, Options{Targets: tc.targets}), "empty-properties"); len(got) != tc.want {
			t.Errorf("%s: %v, want %d", tc.name, got, tc.want)
		}
	}
}

func TestEnumWithoutTypeHintNamesTheType(t *testing.T) {
	tests := []struct{ name, enum, want string }{
		{"strings", `["a", "b"]`, `Add "type": "string" beside the enum`},
		{"integers", `[1, 2]`, `Add "type": "integer" beside the enum`},
		{"integers and decimals", `[1, 2.5]`, `Add "type": "number" beside the enum`},
		{"string or null", `["a", null]`, `Add "type": ["null", "string"] beside the enum`},
		{"booleans", `[true, false]`, `Add "type": "boolean" beside the enum`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tool(`{"type": "object", "properties": {"u": {"enum": ` + tc.enum + `}}}`)
			got := foundOf(lintSource(t, src, Options{}), "enum-without-type")
			want := expect(t, src, "enum-without-type", []at{{path: base + ".properties.u", at: `{"enum"`, msg: "enum without 'type'"}})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("issues (-want +got):\n%s", diff)
			}
			res := lintSource(t, src, Options{})
			for _, is := range res.Issues {
				if is.Code == "enum-without-type" && !strings.HasPrefix(is.Hint, tc.want) {
					t.Errorf("hint = %q, want it to start with %q", is.Hint, tc.want)
				}
			}
		})
	}
	runRuleCases(t, "enum-without-type", []ruleCase{
		{"typed enum", tool(`{"type": "object", "properties": {"u": {"type": "string", "enum": ["a"]}}}`), nil},
		{"empty enum is invalid-enum's", tool(`{"type": "object", "properties": {"u": {"enum": []}}}`), nil},
	})
}

func TestEmptyToolListAtTheList(t *testing.T) {
	runRuleCases(t, "empty-tool-list", []ruleCase{
		{"empty array", ` []`, []at{{path: "$", at: `[]`, msg: "the tool list is empty"}}},
		{"tools object", `{"tools": []}`, []at{{path: "$.tools", at: `[]`, msg: "the tool list is empty"}}},
		{"MCP result", `{"result": {"tools": []}}`, []at{{path: "$.result.tools", at: `[]`, msg: "the tool list is empty"}}},
		{"one tool", `[{"name": "t"}]`, nil},
	})
}

func TestDuplicateEnumValueUsesJSONEquality(t *testing.T) {
	schema := func(enum string) string {
		return tool(`{"type": "object", "properties": {"u": {"enum": ` + enum + `}}}`)
	}
	// The issue points at the repeat, the last of the value's copies.
	dup := func(value, msg string) []at {
		return []at{{path: base + ".properties.u", at: value, last: true, msg: msg}}
	}
	runRuleCases(t, "duplicate-enum-value", []ruleCase{
		{"strings", schema(`["a", "b", "a"]`), dup(`"a"`, `enum value "a" at index 2 repeats index 0`)},
		{"escaped string equals plain", schema(`["a", "\u0061"]`), dup(`"\u0061"`, `enum value "a" at index 1 repeats index 0`)},
		{"1 and 1.0", schema(`[1, 1.0]`), dup(`1.0`, "enum value 1.0 at index 1 repeats index 0")},
		{"1 and 1e0", schema(`[1, 1e0]`), dup(`1e0`, "enum value 1e0 at index 1 repeats index 0")},
		{"100 and 1E+2", schema(`[100, 1E+2]`), dup(`1E+2`, "enum value 1E+2 at index 1 repeats index 0")},
		{"0 and -0.0", schema(`[0, -0.0]`), dup(`-0.0`, "enum value -0.0 at index 1 repeats index 0")},
		{"objects in any key order", schema(`[{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}]`), dup(`{"b": [2.0], "a": 1}`, `enum value {"b": [2.0], "a": 1} at index 1 repeats index 0`)},
		{"nulls", schema(`[null, null]`), dup(`null`, "enum value null at index 1 repeats index 0")},
		{"each later copy", schema(`["a", "a", "a"]`), []at{
			{path: base + ".properties.u", at: `"a", "a"]`, msg: `enum value "a" at index 1 repeats index 0`},
			{path: base + ".properties.u", at: `"a"`, last: true, msg: `enum value "a" at index 2 repeats index 0`},
		}},
		{"true is not 1", schema(`[true, 1]`), nil},
		{"false is not 0 or null", schema(`[false, 0, null]`), nil},
		{"big integers stay exact", schema(`[12345678901234567890123, 12345678901234567890124]`), nil},
		{"huge exponents stay exact", schema(`[1e400, 1e401, 1e99999999999999999999, 1e99999999999999999998]`), nil},
		{"arrays in order", schema(`[[1, 2], [2, 1]]`), nil},
		{"objects with different keys", schema(`[{"a": 1}, {"b": 1}]`), nil},
		{"string is not number", schema(`["1", 1]`), nil},
	})
}

func TestDuplicateEnumValueInLongEnums(t *testing.T) {
	var vals []string
	for i := 0; i < 40; i++ {
		vals = append(vals, fmt.Sprintf(`"v%d"`, i))
	}
	tests := []struct {
		name, extra, at, want string
	}{
		{"string", `"v3"`, `"v3"`, `enum value "v3" at index 40 repeats index 3`},
		{"number", `7, 7.000`, `7.000`, `enum value 7.000 at index 41 repeats index 40`},
		{"object", `{"k": [1, {"a": true, "b": null}]}, {"k": [1e0, {"b": null, "a": true}]}`, `{"k": [1e0`, `enum value {"k": [1e0, {"b": null, "a": true}]} at index 41 repeats index 40`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tool(`{"type": "object", "properties": {"u": {"enum": [` + strings.Join(vals, ", ") + ", " + tc.extra + `]}}}`)
			got := foundOf(lintSource(t, src, Options{}), "duplicate-enum-value")
			want := expect(t, src, "duplicate-enum-value", []at{{path: base + ".properties.u", at: tc.at, last: true, msg: tc.want}})
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("issues (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("none", func(t *testing.T) {
		src := tool(`{"type": "object", "properties": {"u": {"enum": [` + strings.Join(vals, ", ") + `, true, 1, "1", null, [1], {"a": 1}]}}}`)
		if got := foundOf(lintSource(t, src, Options{}), "duplicate-enum-value"); len(got) != 0 {
			t.Errorf("issues = %+v, want none", got)
		}
	})
}

func TestBaseRulesAreDocumented(t *testing.T) {
	codes := []string{
		"invalid-document", "invalid-tool",
		"missing-name", "invalid-name", "duplicate-name", "unknown-type", "invalid-required",
		"required-not-in-properties", "array-without-items", "invalid-enum",
		"missing-description", "short-description", "missing-parameters", "empty-properties",
		"enum-without-type", "empty-tool-list", "duplicate-enum-value",
	}
	var got []string
	for _, r := range baseRules {
		got = append(got, r.Code)
		if strings.Contains(r.Summary, "\n") || !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: summary %q is not one sentence on one line", r.Code, r.Summary)
		}
		if r.Tool == nil && r.Schema == nil && r.SchemaAfter == nil && r.Document == nil && r.Code != "invalid-document" && r.Code != "invalid-tool" {
			t.Errorf("%s has no hook", r.Code)
		}
		if r.Code != "invalid-document" && r.Code != "invalid-tool" && !strings.Contains(r.Doc, "Fix:") {
			t.Errorf("%s: doc does not say how to fix it", r.Code)
		}
	}
	if diff := cmp.Diff(codes, got); diff != "" {
		t.Errorf("base rule codes (-want +got):\n%s", diff)
	}
	for _, c := range codes {
		r := LookupRule(c)
		if r == nil {
			t.Errorf("LookupRule(%q) = nil", c)
			continue
		}
		wantSev := catalog.Error
		if slices.Index(codes, c) >= slices.Index(codes, "missing-description") {
			wantSev = catalog.Warning
		}
		if r.Severity != wantSev {
			t.Errorf("%s severity = %s, want %s", c, r.Severity, wantSev)
		}
	}
}

func TestRunesUpTo(t *testing.T) {
	for _, s := range []string{"", "a", "héllo wörld", "日本語のテキスト", "\xff\xfe broken \xc3", strings.Repeat("é", 50)} {
		for _, limit := range []int{0, 1, 5, 20, 100} {
			if got, want := runesUpTo(s, limit), min(utf8.RuneCountInString(s), limit); got != want {
				t.Errorf("runesUpTo(%q, %d) = %d, want %d", s, limit, got, want)
			}
		}
	}
}

func TestPropertiesOfPatternsAndBranchesCountAsDefined(t *testing.T) {
	for _, tc := range []struct {
		name, params string
		want         []string
	}{
		{"a name a pattern property matches", `{"type": "object", "patternProperties": {"^x_": {"type": "string"}}, "required": ["x_a"]}`, nil},
		{"a name no pattern matches", `{"type": "object", "patternProperties": {"^x_": {"type": "string"}}, "required": ["y"]}`, []string{"required-not-in-properties"}},
		{"properties from allOf", `{"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}], "required": ["a"]}`, nil},
		// A branch that is a reference defines the properties it leads to,
		// as the call check reads it: reported, the name would be removed
		// from "required" by its fix.
		{"properties from an allOf reference", `{"type": "object", "allOf": [{"$ref": "#/$defs/base"}], "required": ["a"], "$defs": {"base": {"properties": {"a": {"type": "string"}}}}}`, nil},
		{"properties from an anyOf reference", `{"type": "object", "anyOf": [{"$ref": "#/$defs/base"}, {"required": ["b"]}], "required": ["a"], "$defs": {"base": {"properties": {"a": {"type": "string"}, "b": {}}}}}`, nil},
		{"a reference to nothing defines nothing", `{"type": "object", "allOf": [{"$ref": "#/$defs/none"}], "required": ["a"]}`, []string{"unresolved-ref", "required-not-in-properties", "empty-properties"}},
		{"no properties anywhere", `{"type": "object", "allOf": [{"required": ["a"]}]}`, []string{"empty-properties"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `[{"name": "t", "description": "A test tool for checking schemas here.", "parameters": ` + tc.params + `}]`
			var codes []string
			for _, is := range lintWith(t, src, nil, nil).Issues {
				codes = append(codes, is.Code)
			}
			if !slices.Equal(codes, tc.want) {
				t.Errorf("issues %q, want %q", codes, tc.want)
			}
		})
	}
}

// A root without properties is a tool that may take no arguments; a
// nested object without them is more often a map whose keys nobody can
// list, and the hint says how to describe that instead.
func TestEmptyPropertiesHintFitsWhereTheObjectIs(t *testing.T) {
	src := `[{"name": "run", "description": "Run a workflow with its inputs.", "parameters": {"type": "object", "properties": {"inputs": {"type": "object", "properties": {}}}}},
	{"name": "ping", "description": "Ask the service whether it is up.", "parameters": {"type": "object", "properties": {}}}]`
	res := lintSource(t, src, Options{})
	hints := map[string]string{}
	for _, is := range issuesMatching(res, []string{"empty-properties"}) {
		hints[is.Tool] = is.Hint
	}
	if h := hints["run"]; !strings.Contains(h, `its values' schema under "additionalProperties"`) {
		t.Errorf("nested hint %q, want the values' schema under additionalProperties", h)
	}
	if h := hints["ping"]; !strings.Contains(h, `a tool that takes no arguments says so with "additionalProperties": false`) {
		t.Errorf("root hint %q, want how to say a tool takes no arguments", h)
	}
}
