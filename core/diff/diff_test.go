package diff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/jsondoc"
)

// tools writes an OpenAI-shaped document of one tool per parameter
// schema, named t0, t1, ...
func tools(params ...string) string {
	var parts []string
	for i, p := range params {
		parts = append(parts, fmt.Sprintf(`{"type": "function", "function": {"name": "t%d", "description": "A tool of the tests.", "parameters": %s}}`, i, p))
	}
	return "[\n" + strings.Join(parts, ",\n") + "\n]"
}

func compare(t *testing.T, old, new string) *Result {
	t.Helper()
	od, err := jsondoc.ParseDocument("old.json", []byte(old))
	if err != nil {
		t.Fatal(err)
	}
	nd, err := jsondoc.ParseDocument("new.json", []byte(new))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Compare(od, nd)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// brief is a change as the tests state it: its code, file and path, and
// the text its line and column point at, up to the end of the line or 16
// bytes.
func brief(c Change, old, new string) string {
	src := new
	if c.File == "old.json" {
		src = old
	}
	lines := strings.Split(src, "\n")
	at := "(no position)"
	if c.Line >= 1 && c.Line <= len(lines) && c.Column >= 1 && c.Column <= len(lines[c.Line-1]) {
		at = lines[c.Line-1][c.Column-1:]
		at = at[:min(len(at), 16)]
	}
	return fmt.Sprintf("%s %s %s @ %s", c.Code, c.File, c.Path, at)
}

const city = `{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}`

// mcpTools writes an MCP tools list of one tool, t, with more members
// (JSON text) after its schema.
func mcpTools(more string) string {
	tool := `{"name": "t", "description": "A tool of the tests.", "inputSchema": {"type": "object"}`
	if more != "" {
		tool += ", " + more
	}
	return `{"tools": [` + tool + `}]}`
}

func TestCompareReportsEachKindOfChange(t *testing.T) {
	tests := []struct {
		code     string
		old, new string
		want     []string
	}{
		{"removed-tool", tools(city, `{"type": "object", "properties": {}}`), tools(city),
			[]string{`removed-tool old.json $[1] @ {"type": "functi`}},
		{"possibly-renamed-tool", `[{"name": "get_weather", "description": "d", "parameters": ` + city + `}]`, `[{"name": "fetch_weather", "description": "d", "parameters": ` + city + `}]`,
			[]string{`possibly-renamed-tool new.json $[0].name @ "fetch_weather",`}},
		{"possibly-renamed-tool, the rest of the schema rewritten", `[{"name": "add", "description": "d", "parameters": {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"], "additionalProperties": false}}]`,
			`[{"name": "get-sum", "description": "d", "parameters": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["b", "a"]}}]`,
			[]string{`possibly-renamed-tool new.json $[0].name @ "get-sum", "desc`}},
		{"removed-tool and added-tool, another parameter required", `[{"name": "a", "description": "d", "parameters": ` + city + `}]`, `[{"name": "b", "description": "d", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]`,
			[]string{`removed-tool old.json $[0] @ {"name": "a", "d`, `added-tool new.json $[0] @ {"name": "b", "d`}},
		{"removed-parameter", tools(`{"type": "object", "properties": {"city": {}, "units": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"city": {}}}`),
			[]string{`removed-parameter old.json $[0].function.parameters.properties.units @ {"type": "string`}},
		{"removed-parameter, nested", tools(`{"type": "object", "properties": {"f": {"type": "object", "properties": {"a": {}, "b": {}}}}}`), tools(`{"type": "object", "properties": {"f": {"type": "object", "properties": {"a": {}}}}}`),
			[]string{"removed-parameter old.json $[0].function.parameters.properties.f.properties.b @ {}}}}}}}"}},
		{"new-required-parameter", tools(city), tools(`{"type": "object", "properties": {"city": {"type": "string"}, "country": {"type": "string"}}, "required": ["city", "country"]}`),
			[]string{`new-required-parameter new.json $[0].function.parameters.properties.country @ {"type": "string`}},
		{"parameter-became-required", tools(`{"type": "object", "properties": {"city": {}, "units": {}}, "required": ["city"]}`), tools(`{"type": "object", "properties": {"city": {}, "units": {}}, "required": ["city", "units"]}`),
			[]string{`parameter-became-required new.json $[0].function.parameters.required[1] @ "units"]}}}`}},
		{"type-changed", tools(`{"type": "object", "properties": {"n": {"type": "number"}}}`), tools(`{"type": "object", "properties": {"n": {"type": "integer"}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.n.type @ "integer"}}}}}`}},
		{"type-changed, null dropped", tools(`{"type": "object", "properties": {"s": {"type": ["string", "null"]}}}`), tools(`{"type": "object", "properties": {"s": {"type": "string"}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.s.type @ "string"}}}}}`}},
		{"type-changed, a type where there was none", tools(`{"type": "object", "properties": {"s": {}}}`), tools(`{"type": "object", "properties": {"s": {"type": "string"}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.s.type @ "string"}}}}}`}},
		{"enum-value-removed", tools(`{"type": "object", "properties": {"u": {"enum": ["a", "b", "c"]}}}`), tools(`{"type": "object", "properties": {"u": {"enum": ["a", "c"]}}}`),
			[]string{`enum-value-removed old.json $[0].function.parameters.properties.u.enum[1] @ "b", "c"]}}}}}`}},
		{"constraint-tightened, a lower maximum", tools(`{"type": "object", "properties": {"n": {"type": "integer", "maximum": 100}}}`), tools(`{"type": "object", "properties": {"n": {"type": "integer", "maximum": 50}}}`),
			[]string{"constraint-tightened new.json $[0].function.parameters.properties.n.maximum @ 50}}}}}"}},
		{"constraint-tightened, a new maxLength", tools(`{"type": "object", "properties": {"s": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"s": {"type": "string", "maxLength": 8}}}`),
			[]string{"constraint-tightened new.json $[0].function.parameters.properties.s.maxLength @ 8}}}}}"}},
		{"constraint-tightened, a higher minimum", tools(`{"type": "object", "properties": {"n": {"minimum": 1}}}`), tools(`{"type": "object", "properties": {"n": {"minimum": 1.5}}}`),
			[]string{"constraint-tightened new.json $[0].function.parameters.properties.n.minimum @ 1.5}}}}}"}},
		{"constraint-tightened, a new pattern", tools(`{"type": "object", "properties": {"s": {}}}`), tools(`{"type": "object", "properties": {"s": {"pattern": "^[a-z]+$"}}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.s.pattern @ "^[a-z]+$"}}}}}`}},
		{"constraint-tightened, a new enum", tools(`{"type": "object", "properties": {"s": {}}}`), tools(`{"type": "object", "properties": {"s": {"enum": [1]}}}`),
			[]string{"constraint-tightened new.json $[0].function.parameters.properties.s.enum @ [1]}}}}}"}},
		{"additional-properties-closed", tools(`{"type": "object", "properties": {"s": {}}}`), tools(`{"type": "object", "properties": {"s": {}}, "additionalProperties": false}`),
			[]string{"additional-properties-closed new.json $[0].function.parameters.additionalProperties @ false}}}"}},
		{"added-tool", tools(city), tools(city, city),
			[]string{`added-tool new.json $[1] @ {"type": "functi`}},
		{"added-optional-parameter", tools(city), tools(`{"type": "object", "properties": {"city": {"type": "string"}, "lang": {"type": "string"}}, "required": ["city"]}`),
			[]string{`added-optional-parameter new.json $[0].function.parameters.properties.lang @ {"type": "string`}},
		{"type-widened", tools(`{"type": "object", "properties": {"n": {"type": "integer"}}}`), tools(`{"type": "object", "properties": {"n": {"type": ["integer", "string"]}}}`),
			[]string{`type-widened new.json $[0].function.parameters.properties.n.type @ ["integer", "str`}},
		{"type-widened, integer to number", tools(`{"type": "object", "properties": {"n": {"type": "integer"}}}`), tools(`{"type": "object", "properties": {"n": {"type": "number"}}}`),
			[]string{`type-widened new.json $[0].function.parameters.properties.n.type @ "number"}}}}}`}},
		{"enum-value-added", tools(`{"type": "object", "properties": {"u": {"enum": ["a"]}}}`), tools(`{"type": "object", "properties": {"u": {"enum": ["a", "b"]}}}`),
			[]string{`enum-value-added new.json $[0].function.parameters.properties.u.enum[1] @ "b"]}}}}}`}},
		{"constraint-relaxed, a maximum gone", tools(`{"type": "object", "properties": {"n": {"maximum": 5}}}`), tools(`{"type": "object", "properties": {"n": {}}}`),
			[]string{"constraint-relaxed new.json $[0].function.parameters.properties.n @ {}}}}}"}},
		{"constraint-relaxed, no longer required", tools(city), tools(`{"type": "object", "properties": {"city": {"type": "string"}}}`),
			[]string{`constraint-relaxed new.json $[0].function.parameters.properties.city @ {"type": "string`}},
		{"description-changed", tools(city), strings.Replace(tools(city), "A tool of the tests.", "A tool of the tests, changed.", 1),
			[]string{`description-changed new.json $[0].function.description @ "A tool of the t`}},
		{"type-changed, an anyOf schema removed", tools(`{"type": "object", "properties": {"x": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}`), tools(`{"type": "object", "properties": {"x": {"anyOf": [{"type": "string"}]}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.x.anyOf @ [{"type": "strin`}},
		{"type-changed, a oneOf become one type", tools(`{"type": "object", "properties": {"x": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}}`), tools(`{"type": "object", "properties": {"x": {"type": "string"}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.x.type @ "string"}}}}}`}},
		{"type-changed, an allOf narrowed", tools(`{"type": "object", "properties": {"x": {"allOf": [{"type": ["string", "null"]}]}}}`), tools(`{"type": "object", "properties": {"x": {"allOf": [{"type": "string"}]}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.x.allOf @ [{"type": "strin`}},
		{"type-changed, through a $ref", tools(`{"type": "object", "properties": {"x": {"$ref": "#/$defs/p"}, "y": {"$ref": "#/$defs/p"}}, "$defs": {"p": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"x": {"$ref": "#/$defs/p"}, "y": {"$ref": "#/$defs/p"}}, "$defs": {"p": {"type": "integer"}}}`),
			[]string{`type-changed new.json $[0].function.parameters['$defs'].p.type @ "integer"}}}}}`}},
		{"type-changed, a $ref in NEW only", tools(`{"type": "object", "properties": {"x": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"x": {"$ref": "#/definitions/n"}}, "definitions": {"n": {"type": "integer"}}}`),
			[]string{`type-changed new.json $[0].function.parameters.definitions.n.type @ "integer"}}}}}`}},
		{"nothing changed, a $ref to an equal schema", tools(`{"type": "object", "properties": {"x": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"x": {"$ref": "#/$defs/b"}}, "$defs": {"b": {"type": "string"}}}`),
			nil},
		{"removed-parameter, in a recursive $ref", tools(`{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}, "n": {}, "m": {}}}`), tools(`{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#"}}, "n": {}}}`),
			[]string{`removed-parameter old.json $[0].function.parameters.properties.m @ {}}}}}`}},
		{"enum-value-removed, in an anyOf schema", tools(`{"type": "object", "properties": {"u": {"anyOf": [{"type": "null"}, {"type": "string", "enum": ["a", "b"]}]}}}`), tools(`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string", "enum": ["a"]}, {"type": "null"}]}}}`),
			[]string{`enum-value-removed old.json $[0].function.parameters.properties.u.anyOf[1].enum[1] @ "b"]}]}}}}}`}},
		{"constraint-tightened, an anyOf schema gone", tools(`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}]}}}`), tools(`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string", "pattern": "^a"}]}}}`),
			[]string{`constraint-tightened old.json $[0].function.parameters.properties.u.anyOf[1] @ {"type": "string`}},
		{"constraint-tightened, a format changed", tools(`{"type": "object", "properties": {"x": {"type": "string", "format": "date"}}}`), tools(`{"type": "object", "properties": {"x": {"type": "string", "format": "email"}}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.x.format @ "email"}}}}}`}},
		{"constraint-tightened, a format new", tools(`{"type": "object", "properties": {"x": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"x": {"type": "string", "format": "uuid"}}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.x.format @ "uuid"}}}}}`}},
		{"nothing changed, a format that is not checked", tools(`{"type": "object", "properties": {"x": {"type": "string"}}}`), tools(`{"type": "object", "properties": {"x": {"type": "string", "format": "password"}}}`),
			nil},
		{"constraint-tightened, a new dependentRequired", tools(`{"type": "object", "properties": {"x": {}, "y": {}}}`), tools(`{"type": "object", "properties": {"x": {}, "y": {}}, "dependentRequired": {"x": ["y"]}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.dependentRequired.x[0] @ "y"]}}}}`}},
		{"constraint-tightened, a name added to dependencies", tools(`{"type": "object", "dependencies": {"x": ["y"]}}`), tools(`{"type": "object", "dependencies": {"x": ["y", "z"]}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.dependencies.x[1] @ "z"]}}}}`}},
		{"constraint-tightened, a new dependentSchemas", tools(`{"type": "object"}`), tools(`{"type": "object", "dependentSchemas": {"x": {"required": ["y"]}}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.dependentSchemas.x @ {"required": ["y`}},
		{"constraint-tightened, required inside then", tools(`{"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}}`), tools(`{"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b", "c"]}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.then @ {"required": ["b`}},
		{"constraint-tightened, a new if and then", tools(`{"type": "object"}`), tools(`{"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.if @ {"required": ["a`}},
		{"constraint-tightened, a new not", tools(`{"type": "object", "properties": {"x": {}}}`), tools(`{"type": "object", "properties": {"x": {"not": {"type": "null"}}}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.x.not @ {"type": "null"}`}},
		{"constraint-tightened, a new const", tools(`{"type": "object", "properties": {"x": {}}}`), tools(`{"type": "object", "properties": {"x": {"const": 1}}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.x.const @ 1}}}}}`}},
		{"constraint-tightened, a new minProperties", tools(`{"type": "object"}`), tools(`{"type": "object", "minProperties": 1}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.minProperties @ 1}}}`}},
		{"constraint-tightened, a new allOf schema", tools(`{"type": "object", "allOf": [{"required": ["a"]}]}`), tools(`{"type": "object", "allOf": [{"required": ["a"]}, {"required": ["b"]}]}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.allOf[1] @ {"required": ["b`}},
		{"constraint-relaxed, a format gone", tools(`{"type": "object", "properties": {"x": {"type": "string", "format": "date"}}}`), tools(`{"type": "object", "properties": {"x": {"type": "string"}}}`),
			[]string{`constraint-relaxed new.json $[0].function.parameters.properties.x @ {"type": "string`}},
		{"constraint-relaxed, a dependentRequired gone", tools(`{"type": "object", "dependentRequired": {"x": ["y"]}}`), tools(`{"type": "object", "dependentRequired": {}}`),
			[]string{`constraint-relaxed new.json $[0].function.parameters.dependentRequired @ {}}}}`}},
		{"constraint-relaxed, a new anyOf schema of a type taken", tools(`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string", "pattern": "^a"}]}}}`), tools(`{"type": "object", "properties": {"u": {"anyOf": [{"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}]}}}`),
			[]string{`constraint-relaxed new.json $[0].function.parameters.properties.u.anyOf[1] @ {"type": "string`}},
		{"constraint-relaxed, a multipleOf of decimals divided", tools(`{"type": "object", "properties": {"n": {"multipleOf": 0.9}, "m": {"multipleOf": 0.0005}}}`), tools(`{"type": "object", "properties": {"n": {"multipleOf": 0.3}, "m": {"multipleOf": 0.0001}}}`),
			[]string{"constraint-relaxed new.json $[0].function.parameters.properties.n.multipleOf @ 0.3}, \"m\": {\"mul", "constraint-relaxed new.json $[0].function.parameters.properties.m.multipleOf @ 0.0001}}}}}"}},
		{"constraint-tightened, a multipleOf multiplied", tools(`{"type": "object", "properties": {"n": {"multipleOf": 0.3}}}`), tools(`{"type": "object", "properties": {"n": {"multipleOf": 0.9}}}`),
			[]string{"constraint-tightened new.json $[0].function.parameters.properties.n.multipleOf @ 0.9}}}}}"}},
		{"constraint-relaxed, a multipleOf too large to read exactly, read as a binary fraction", tools(`{"type": "object", "properties": {"n": {"multipleOf": 1e900}}}`), tools(`{"type": "object", "properties": {"n": {"multipleOf": 1e-900}}}`),
			[]string{"constraint-relaxed new.json $[0].function.parameters.properties.n.multipleOf @ 1e-900}}}}}"}},
		{"type-changed, a schema true", tools(`{"type": "object", "properties": {"a": true}}`), tools(`{"type": "object", "properties": {"a": {"type": "string"}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.a.type @ "string"}}}}}`}},
		{"type-changed, a schema false", tools(`{"type": "object", "properties": {"a": {}}}`), tools(`{"type": "object", "properties": {"a": false}}`),
			[]string{"type-changed new.json $[0].function.parameters.properties.a @ false}}}}"}},
		{"type-widened, a schema false no longer", tools(`{"type": "object", "properties": {"a": false}}`), tools(`{"type": "object", "properties": {"a": {"type": "string"}}}`),
			[]string{`type-widened new.json $[0].function.parameters.properties.a.type @ "string"}}}}}`}},
		{"type-changed, items new", tools(`{"type": "object", "properties": {"l": {"type": "array"}}}`), tools(`{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "string"}}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.l.items.type @ "string"}}}}}}`}},
		{"constraint-relaxed, items gone", tools(`{"type": "object", "properties": {"l": {"type": "array", "items": {"type": "string"}}}}`), tools(`{"type": "object", "properties": {"l": {"type": "array"}}}`),
			[]string{`constraint-relaxed old.json $[0].function.parameters.properties.l.items @ {"type": "string`}},
		{"type-changed, items of a tuple", tools(`{"type": "object", "properties": {"l": {"type": "array", "items": [{"type": "string"}]}}}`), tools(`{"type": "object", "properties": {"l": {"type": "array", "items": [{"type": "integer"}, {"type": "string"}]}}}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.l.items[0].type @ "integer"}, {"ty`, `type-changed new.json $[0].function.parameters.properties.l.items[1].type @ "string"}]}}}}}`}},
		{"constraint-relaxed, a prefixItems schema gone", tools(`{"type": "object", "properties": {"l": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}}}`), tools(`{"type": "object", "properties": {"l": {"type": "array", "prefixItems": [{"type": "string"}]}}}`),
			[]string{`constraint-relaxed old.json $[0].function.parameters.properties.l.prefixItems[1] @ {"type": "intege`}},
		{"patternProperties, pattern by pattern", tools(`{"type": "object", "patternProperties": {"^x": {"type": "string"}, "^z": {"type": "string"}}}`), tools(`{"type": "object", "patternProperties": {"^x": {"type": "integer"}, "^y": {"type": "string"}}}`),
			[]string{
				`type-changed new.json $[0].function.parameters.patternProperties['^x'].type @ "integer"}, "^y"`,
				`type-changed new.json $[0].function.parameters.patternProperties['^y'].type @ "string"}}}}}`,
				`constraint-relaxed old.json $[0].function.parameters.patternProperties['^z'] @ {"type": "string`,
			}},
		{"parameters new to a tool that had none", `[{"type": "function", "function": {"name": "t0", "description": "A tool of the tests."}}]`, tools(city),
			[]string{
				`new-required-parameter new.json $[0].function.parameters.properties.city @ {"type": "string`,
				`constraint-relaxed new.json $[0].function.parameters @ {"type": "object`,
			}},
		{"parameters gone", tools(city), `[{"type": "function", "function": {"name": "t0", "description": "A tool of the tests."}}]`,
			[]string{
				`additional-properties-closed new.json $[0].function @ {"name": "t0", "`,
				`removed-parameter old.json $[0].function.parameters.properties.city @ {"type": "string`,
			}},
		{"removed-tool and added-tool, renamed to a tool without parameters", `[{"name": "a", "description": "d", "parameters": ` + city + `}]`, `[{"name": "b", "description": "d"}]`,
			[]string{`removed-tool old.json $[0] @ {"name": "a", "d`, `added-tool new.json $[0] @ {"name": "b", "d`}},
		{"type-changed, under branches that loop through $refs", tools(`{"anyOf": [` + strings.Repeat(`{"$ref": "#"}, `, 8) + `{"$ref": "#"}], "properties": {"a": {"allOf": [` + strings.Repeat(`{"$ref": "#"}, `, 8) + `{}]}}}`),
			tools(`{"anyOf": [` + strings.Repeat(`{"$ref": "#"}, `, 8) + `{"$ref": "#"}], "properties": {"a": {"type": "string", "allOf": [` + strings.Repeat(`{"$ref": "#"}, `, 8) + `{}]}}}`),
			// Read each time a branch is reached, these take 9^8 readings.
			[]string{`type-changed new.json $[0].function.parameters.properties.a.type @ "string", "allOf`}},
		{"type-changed, a property required but undeclared gets a schema", tools(`{"type": "object", "properties": {"a": {}}, "required": ["a", "b"]}`), tools(`{"type": "object", "properties": {"a": {}, "b": {"type": "integer"}}, "required": ["a", "b"]}`),
			[]string{`type-changed new.json $[0].function.parameters.properties.b.type @ "integer"}}, "re`}},
		{"constraint-tightened, a property required but undeclared gets a pattern, and is no longer required", tools(`{"type": "object", "properties": {}, "required": ["c"], "additionalProperties": {"type": "string"}}`), tools(`{"type": "object", "properties": {"c": {"type": "string", "pattern": "^[A-Z]{3}$"}}, "additionalProperties": {"type": "string"}}`),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.c.pattern @ "^[A-Z]{3}$"}}, `, `constraint-relaxed new.json $[0].function.parameters.properties.c @ {"type": "string`}},
		{"nothing breaks, a property required but undeclared where no other was allowed", tools(`{"type": "object", "properties": {}, "required": ["c"], "additionalProperties": false}`), tools(`{"type": "object", "properties": {"c": {"type": "string"}}, "required": ["c"], "additionalProperties": false}`),
			nil},
		{"type-widened, a tuple longer where no other item was allowed", tools(wrapProperty(`{"type": "array", "prefixItems": [{"type": "string"}], "items": false}`)), tools(wrapProperty(`{"type": "array", "prefixItems": [{"type": "string"}, {"type": "boolean"}], "items": false}`)),
			[]string{`type-widened new.json $[0].function.parameters.properties.x.prefixItems[1].type @ "boolean"}], "it`}},
		{"type-changed, a tuple shorter where no other item is allowed", tools(wrapProperty(`{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}`)), tools(wrapProperty(`{"type": "array", "prefixItems": [{"type": "string"}], "items": false}`)),
			[]string{`type-changed new.json $[0].function.parameters.properties.x.items @ false}}}}}`}},
		{"nothing changed, items written as a tuple and the rest", tools(wrapProperty(`{"type": "array", "items": {"type": "string"}}`)), tools(wrapProperty(`{"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "string"}}`)),
			nil},
		{"type-changed, items a list no longer", tools(wrapProperty(`{"type": "array", "items": [{"type": "string"}]}`)), tools(wrapProperty(`{"type": "array", "items": {"type": "string"}}`)),
			[]string{`type-changed new.json $[0].function.parameters.properties.x.items.type @ "string"}}}}}}`}},
		{"type-changed, additionalItems new beside a list", tools(wrapProperty(`{"type": "array", "items": [{"type": "string"}]}`)), tools(wrapProperty(`{"type": "array", "items": [{"type": "string"}], "additionalItems": false}`)),
			[]string{`type-changed new.json $[0].function.parameters.properties.x.additionalItems @ false}}}}}`}},
		{"type-widened, a pattern new where no other property was allowed", tools(`{"type": "object", "additionalProperties": false}`), tools(`{"type": "object", "additionalProperties": false, "patternProperties": {"^x_": {"type": "string"}}}`),
			[]string{`type-widened new.json $[0].function.parameters.patternProperties['^x_'].type @ "string"}}}}}`}},
		{"type-changed, a pattern gone where no other property is allowed", tools(`{"type": "object", "patternProperties": {"^x_": {"type": "string"}}, "additionalProperties": false}`), tools(`{"type": "object", "additionalProperties": false}`),
			[]string{`type-changed new.json $[0].function.parameters.additionalProperties @ false}}}`}},
		{"constraint-relaxed, a draft-4 maximum further and exclusive", tools(wrapProperty(`{"type": "number", "maximum": 10}`)), tools(wrapProperty(`{"type": "number", "maximum": 11, "exclusiveMaximum": true}`)),
			[]string{`constraint-relaxed new.json $[0].function.parameters.properties.x.exclusiveMaximum @ true}}}}}`}},
		{"nothing changed, a draft-4 exclusiveMaximum alone, or the same bound as a later draft writes it", tools(wrapProperty(`{"type": "number", "exclusiveMaximum": false, "minimum": 1, "exclusiveMinimum": true}`)), tools(wrapProperty(`{"type": "number", "exclusiveMaximum": true, "exclusiveMinimum": 1, "minItems": true}`)),
			nil},
		{"type-changed, a parameter schema turned false", tools(`{"type": "object", "properties": {"a": {}}}`), tools(`false`),
			[]string{`type-changed new.json $[0].function.parameters @ false}}`}},
		{"nothing changed, branches that loop read in another order", tools(`{"type": "object", "properties": {"v": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}}, "$defs": {"A": {"type": "string", "allOf": [{"$ref": "#/$defs/B"}]}, "B": {"type": ["string", "integer"], "allOf": [{"$ref": "#/$defs/A"}]}}}`),
			tools(`{"type": "object", "properties": {"v": {"anyOf": [{"$ref": "#/$defs/B"}, {"$ref": "#/$defs/A"}]}}, "$defs": {"A": {"type": "string", "allOf": [{"$ref": "#/$defs/B"}]}, "B": {"type": ["string", "integer"], "allOf": [{"$ref": "#/$defs/A"}]}}}`),
			nil},
		{"multipleOf, past exact reading, equal or relaxed as binary fractions", tools(wrapProperty(`{"multipleOf": 1E401, "maximum": 1e401}`)), tools(wrapProperty(`{"multipleOf": 1e401, "maximum": 1e400}`)),
			[]string{`constraint-tightened new.json $[0].function.parameters.properties.x.maximum @ 1e400}}}}}`}},
		{"parameter-became-required, named twice", tools(`{"type": "object", "properties": {"a": {}}}`), tools(`{"type": "object", "properties": {"a": {}}, "required": ["a", "a"]}`),
			[]string{`parameter-became-required new.json $[0].function.parameters.required[0] @ "a", "a"]}}}`}},
		{"constraint-tightened, a draft-4 exclusiveMaximum", tools(`{"type": "object", "properties": {"n": {"maximum": 5, "exclusiveMaximum": false}}}`), tools(`{"type": "object", "properties": {"n": {"maximum": 5, "exclusiveMaximum": true}}}`),
			[]string{"constraint-tightened new.json $[0].function.parameters.properties.n.exclusiveMaximum @ true}}}}}"}},
		{"constraint-relaxed, a draft-4 exclusiveMinimum gone", tools(`{"type": "object", "properties": {"n": {"minimum": 5, "exclusiveMinimum": true}}}`), tools(`{"type": "object", "properties": {"n": {"minimum": 5}}}`),
			[]string{"constraint-relaxed new.json $[0].function.parameters.properties.n.minimum @ 5}}}}}"}},
		{"annotations-changed", mcpTools(`"annotations": {"title": "Delete", "readOnlyHint": true, "openWorldHint": false}`),
			mcpTools(`"annotations": {"title": "Delete", "destructiveHint": true, "openWorldHint": true}`),
			[]string{
				`annotations-changed new.json $.tools[0].annotations.destructiveHint @ true, "openWorld`,
				`annotations-changed new.json $.tools[0].annotations.openWorldHint @ true}}]}`,
				`annotations-changed new.json $.tools[0].annotations @ {"title": "Delet`,
			}},
		{"annotations-changed, all of them gone", mcpTools(`"annotations": {"readOnlyHint": true}`), mcpTools(``),
			[]string{`annotations-changed new.json $.tools[0] @ {"name": "t", "d`}},
		{"definition-changed", mcpTools(`"title": "Old", "_meta": {"v": 1}`), mcpTools(`"title": "New", "outputSchema": {"type": "object"}`),
			[]string{
				`definition-changed new.json $.tools[0].title @ "New", "outputSc`,
				`definition-changed new.json $.tools[0].outputSchema @ {"type": "object`,
				`definition-changed new.json $.tools[0] @ {"name": "t", "d`,
			}},
		{"definition-changed, OpenAI's strict on the entry", `[{"type": "function", "function": {"name": "t", "description": "d", "parameters": ` + city + `}}]`,
			`[{"type": "function", "strict": true, "function": {"name": "t", "description": "d", "parameters": ` + city + `}}]`,
			[]string{`definition-changed new.json $[0].strict @ true, "function"`}},
		{"nothing changed but the title, where another check found a change", mcpTools(`"title": "Old", "annotations": {"readOnlyHint": true}`), mcpTools(`"title": "New", "annotations": {"readOnlyHint": false}`),
			[]string{`annotations-changed new.json $.tools[0].annotations.readOnlyHint @ false}}]}`}},
		{"nothing changed, keys in another order", tools(`{"type": "object", "properties": {"a": {"type": "string", "enum": [1, 2]}}}`), tools(`{"properties": {"a": {"enum": [2, 1.0], "type": "string"}}, "type": "object"}`),
			nil},
	}
	codes := map[string]bool{}
	for _, tc := range tests {
		t.Run(tc.code, func(t *testing.T) {
			res := compare(t, tc.old, tc.new)
			var got []string
			for _, c := range res.Changes {
				got = append(got, brief(c, tc.old, tc.new))
				if c.Tool == "" || c.Message == "" {
					t.Errorf("%s has no tool or message: %+v", c.Code, c)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
		})
		codes[strings.Split(tc.code, ",")[0]] = true
	}
	for _, c := range Checks() {
		if !codes[c.Code] {
			t.Errorf("no test of %s", c.Code)
		}
	}
}

func TestCompareNamesBothToolsOfARenameAndCountsBreakingChanges(t *testing.T) {
	old := `[{"name": "get_weather", "description": "d", "parameters": ` + city + `}, {"name": "ping", "description": "d"}]`
	new := `[{"name": "fetch_weather", "description": "d", "parameters": ` + city + `}, {"name": "status", "description": "d"}]`
	res := compare(t, old, new)
	var got []string
	for _, c := range res.Changes {
		got = append(got, c.Code+" "+c.Tool+" "+c.OldTool+": "+c.Message)
	}
	want := []string{
		"possibly-renamed-tool fetch_weather get_weather: tool 'get_weather' (old.json:1) is gone and 'fetch_weather' takes the same parameters: renamed? Calls to 'get_weather' fail",
		"removed-tool ping : tool 'ping' was removed",
		"added-tool status : tool 'status' was added",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("changes (-want +got):\n%s", diff)
	}
	if res.Breaking != 2 || res.Notes != 1 {
		t.Errorf("%d breaking, %d notes; want 2 and 1", res.Breaking, res.Notes)
	}
}

func TestCompareSaysWhatChanged(t *testing.T) {
	old := tools(`{"type": "object", "properties": {"n": {"type": ["number", "null"], "maximum": 10, "enum": [1, "x\u202e"]}}}`)
	new := tools(`{"type": "object", "properties": {"n": {"type": "integer", "maximum": 5, "enum": [1]}}}`)
	var got []string
	for _, c := range compare(t, old, new).Changes {
		got = append(got, c.Message)
	}
	want := []string{
		"type was number or null, is integer: null, numbers with a fraction are no longer accepted",
		`enum value "x\u{202E}" was removed`,
		"maximum was 10, is 5",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
}

func TestCompareSaysWhatChangedOfEachKeyword(t *testing.T) {
	noParams := `[{"type": "function", "function": {"name": "t0", "description": "A tool of the tests."}}]`
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"multipleOf", tools(wrapProperty(`{"multipleOf": 0.9}`)), tools(wrapProperty(`{"multipleOf": 0.3}`)), []string{"multipleOf was 0.9, is 0.3"}},
		{"draft-4 exclusiveMaximum", tools(wrapProperty(`{"maximum": 1}`)), tools(wrapProperty(`{"maximum": 1, "exclusiveMaximum": true}`)),
			[]string{"maximum 1 is now maximum 1 (exclusive): 1 itself is refused"}},
		{"draft-4 exclusiveMinimum", tools(wrapProperty(`{"minimum": 1, "exclusiveMinimum": true}`)), tools(wrapProperty(`{"minimum": 1, "exclusiveMinimum": false}`)),
			[]string{"minimum 1 (exclusive) is now minimum 1: 1 itself is accepted"}},
		{"items gone", tools(wrapProperty(`{"items": {"type": "string"}}`)), tools(wrapProperty(`{}`)), []string{"items is gone"}},
		{"patternProperties gone", tools(`{"patternProperties": {"^a": {"type": "string"}}}`), tools(`{}`), []string{"patternProperties '^a' is gone"}},
		{"parameters gone", tools(`{"type": "object"}`), noParams, []string{"the parameter schema is gone: the tool takes no arguments"}},
		{"parameters new", noParams, tools(`{"type": "object"}`), []string{"the parameter schema is new: the tool took no arguments"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range compare(t, tc.old, tc.new).Changes {
				got = append(got, c.Message)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompareNamesTheTypesTaken(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		want     string
	}{
		{"one kind, plural", `{"type": "string"}`, `{"type": "integer"}`, "type was string, is integer: strings are no longer accepted"},
		{"fractions", `{"type": "number"}`, `{"type": "integer"}`, "type was number, is integer: numbers with a fraction are no longer accepted"},
		{"null alone", `{"type": ["string", "null"]}`, `{"type": "string"}`, "type was string or null, is string: null is no longer accepted"},
		{"oneOf to a type", `{"oneOf": [{"type": "string"}, {"type": "integer"}]}`, `{"type": "string"}`, "type was string or integer, is string: integers are no longer accepted"},
		{"anyOf through $refs", `{"anyOf": [{"$ref": "#/$defs/s"}, {"type": "null"}], "$defs": {"s": {"type": "string"}}}`, `{"type": "null"}`, "type was string or null, is null: strings are no longer accepted"},
		{"type and anyOf together", `{"type": ["string", "integer", "null"], "anyOf": [{"type": "string"}, {"type": "integer"}]}`, `{"type": "string"}`, "type was string or integer, is string: integers are no longer accepted"},
		{"a $ref that loops", `{"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}}`, `{"type": "string"}`, "type was any type, is string: null, booleans, objects, arrays, integers, numbers with a fraction are no longer accepted"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range compare(t, tools(wrapProperty(tc.old)), tools(wrapProperty(tc.new))).Changes {
				got = append(got, c.Message)
			}
			if diff := cmp.Diff([]string{tc.want}, got); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

// wrapProperty is the parameter schema of one property x of schema s,
// its $defs moved to the root, where "#/$defs/..." finds them.
func wrapProperty(s string) string {
	prop, defs, ok := strings.Cut(s, `, "$defs": `)
	if !ok {
		return `{"type": "object", "properties": {"x": ` + s + `}}`
	}
	return `{"type": "object", "properties": {"x": ` + prop + `}}, "$defs": ` + strings.TrimSuffix(defs, "}") + `}`
}

func TestCompareMatchesToolsListByList(t *testing.T) {
	const (
		a = `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}`
		y = `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"y": {"type": "string"}}}}`
		z = `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"z": {"type": "string"}}, "required": ["z"]}}`
		b = `{"name": "b", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}`
	)
	record := func(id int, tools ...string) string {
		return fmt.Sprintf(`{"id": %d, "function": [%s]}`, id, strings.Join(tools, ", "))
	}
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"records of JSON Lines, a name in both",
			record(1, a) + "\n" + record(2, y) + "\n", record(1, a) + "\n" + record(2, z) + "\n",
			[]string{
				`removed-parameter old.json $[1].function[0].parameters.properties.y @ {"type": "string`,
				`new-required-parameter new.json $[1].function[0].parameters.properties.z @ {"type": "string`,
			}},
		{"records of JSON Lines, a tool gone from one",
			record(1, a, b) + "\n" + record(2, a, b) + "\n", record(1, a, b) + "\n" + record(2, a) + "\n",
			[]string{`removed-tool old.json $[1].function[1] @ {"name": "b", "d`}},
		{"records of JSON Lines, a tool moved to another record",
			record(1, a) + "\n" + record(2, b) + "\n", record(1, a, b) + "\n" + record(2) + "\n",
			[]string{`removed-tool old.json $[1].function[0] @ {"name": "b", "d`, `added-tool new.json $[0].function[1] @ {"name": "b", "d`}},
		{"a name repeated in one list, later ones in order",
			"[" + a + ", " + y + "]", "[" + a + ", " + z + "]",
			[]string{
				`removed-parameter old.json $[1].parameters.properties.y @ {"type": "string`,
				`new-required-parameter new.json $[1].parameters.properties.z @ {"type": "string`,
			}},
		{"a name repeated in OLD only",
			"[" + a + ", " + y + "]", "[" + a + "]",
			[]string{`removed-tool old.json $[1] @ {"name": "a", "d`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range compare(t, tc.old, tc.new).Changes {
				got = append(got, brief(c, tc.old, tc.new))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("changes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompareRefusesListsItCannotPair(t *testing.T) {
	const rec = `{"id": 1, "function": [{"name": "a", "description": "d"}]}`
	tests := []struct {
		name     string
		old, new string
		want     string
	}{
		{"more records in NEW", rec + "\n", rec + "\n" + rec + "\n",
			"old.json has 1 list of tools and new.json has 2: the records of a dataset are compared in order, the first with the first, so both files must have as many"},
		{"a records file and a tools file", rec + "\n" + rec + "\n", `[{"name": "a", "description": "d"}]`,
			"old.json has 2 lists of tools and new.json has 1: the records of a dataset are compared in order, the first with the first, so both files must have as many"},
		{"not a tools document", `[{"name": "a", "description": "d"}]`, "\n  {\"a\": 1}",
			`new.json:2:3: $: not a tools document: expected a list of tools, one tool, {"tools": [...]} or an MCP tools/list result`},
		{"neither a tools document", `{"a": 1}`, `{"b": 2}`,
			`old.json:1:1: $: not a tools document: expected a list of tools, one tool, {"tools": [...]} or an MCP tools/list result`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			od, err := jsondoc.ParseDocument("old.json", []byte(tc.old))
			if err != nil {
				t.Fatal(err)
			}
			nd, err := jsondoc.ParseDocument("new.json", []byte(tc.new))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Compare(od, nd)
			if err == nil || err.Error() != tc.want {
				t.Errorf("Compare = %v, %v; want the error %q", res, err, tc.want)
			}
		})
	}
}

func TestCompareKeepsToolOrderAcrossProcessors(t *testing.T) {
	var old, new []string
	for i := range 3000 {
		o := `{"type": "object", "properties": {"n": {"type": "integer"}}}`
		n := o
		if i%100 == 7 {
			n = `{"type": "object", "properties": {"n": {"type": "string"}}}`
		}
		old, new = append(old, o), append(new, n)
	}
	res := compare(t, tools(old...), tools(new...))
	if len(res.Changes) != 30 {
		t.Fatalf("%d changes, want 30", len(res.Changes))
	}
	for i, c := range res.Changes {
		if want := fmt.Sprintf("t%d", i*100+7); c.Tool != want {
			t.Fatalf("change %d is of %s, want %s", i, c.Tool, want)
		}
	}
}
