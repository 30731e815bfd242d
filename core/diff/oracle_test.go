package diff

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestCompareMissesNoBreakAValidatorFinds compares random pairs of
// schemas, the second a mutation of the first, and asks a JSON Schema
// validator of its own (santhosh-tekuri/jsonschema, draft 2020-12) which
// of a set of values each accepts: a value the old schema accepts and the
// new one refuses is a call that breaks, so Compare must report a
// breaking change. (The converse need not hold: a change diff cannot
// prove harmless counts as breaking.)
func TestCompareMissesNoBreakAValidatorFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	values := oracleValues()
	pairs, breaks := 0, 0
	for range 4000 {
		old := genSchema(rng, 0)
		new := mutateSchema(rng, old, 0)
		if mentions(old, "oneOf") {
			// A oneOf's schema that accepts more can overlap another,
			// which oneOf then refuses: diff does not work out overlaps.
			continue
		}
		// A property NEW declares where OLD took any argument is a note
		// (added-optional-parameter), as calls name the parameters a
		// tool declares: the validator is told so by closing every
		// object schema on both sides that does not say otherwise.
		old, new = closed(old), closed(new)
		oldText, newText := paramsText(old), paramsText(new)
		ov, nv := compileOracle(oldText), compileOracle(newText)
		if ov == nil || nv == nil {
			continue // not a schema the validator takes
		}
		pairs++
		var broken any
		for _, v := range values {
			call := map[string]any{"x": v}
			if ov.Validate(call) == nil && nv.Validate(call) != nil {
				broken = v
				break
			}
		}
		if broken == nil {
			continue
		}
		breaks++
		res := compare(t, tools(oldText), tools(newText))
		if res.Breaking == 0 {
			b, _ := json.Marshal(broken)
			t.Errorf("no breaking change, but x = %s is accepted before and refused after:\nold %s\nnew %s\nchanges %v", b, oldText, newText, messages(res))
		}
	}
	if pairs < 2000 || breaks < 500 {
		t.Errorf("only %d pairs of valid schemas, %d of them breaking: the generator tests too little", pairs, breaks)
	}
	t.Logf("%d pairs, %d with a value that breaks", pairs, breaks)
}

// mentions reports whether schema s has key anywhere.
func mentions(s any, key string) bool {
	b, _ := json.Marshal(s)
	return strings.Contains(string(b), `"`+key+`"`)
}

// closed is s with "additionalProperties": false in every schema that has
// none, at any depth, true read as {}.
func closed(s any) any {
	switch v := s.(type) {
	case map[string]any:
		out := make(map[string]any, len(v)+1)
		for k, sub := range v {
			switch k {
			case "properties", "patternProperties":
				inner := map[string]any{}
				for name, ps := range sub.(map[string]any) {
					inner[name] = closed(ps)
				}
				out[k] = inner
			case "items", "additionalProperties", "not":
				out[k] = closed(sub)
			case "prefixItems", "anyOf", "oneOf", "allOf":
				var list []any
				for _, e := range sub.([]any) {
					list = append(list, closed(e))
				}
				out[k] = list
			default:
				out[k] = sub
			}
		}
		if _, ok := out["additionalProperties"]; !ok {
			out["additionalProperties"] = false
		}
		return out
	case bool:
		if v {
			return map[string]any{"additionalProperties": false}
		}
	}
	return s
}

func messages(r *Result) []string {
	var out []string
	for _, c := range r.Changes {
		out = append(out, c.Code+": "+c.Message)
	}
	return out
}

func paramsText(s any) string {
	b, err := json.Marshal(map[string]any{"type": "object", "properties": map[string]any{"x": s}})
	if err != nil {
		panic(err)
	}
	return string(b)
}

func compileOracle(text string) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return nil
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("oracle.json", doc); err != nil {
		return nil
	}
	s, err := c.Compile("oracle.json")
	if err != nil {
		return nil
	}
	return s
}

// oracleValues are the values tried as the argument x.
func oracleValues() []any {
	var out []any
	for _, text := range []string{
		`null`, `true`, `false`, `0`, `1`, `2`, `3`, `-1`, `1.5`, `10`, `0.5`,
		`""`, `"a"`, `"b"`, `"ab"`, `"ba"`, `"abc"`, `"A"`,
		`[]`, `[1]`, `["a"]`, `[1, "a"]`, `["a", 1]`, `[1, 1]`, `["a", "b", "c"]`, `[true]`, `[[]]`, `[{}]`, `[null]`,
		`{}`, `{"a": 1}`, `{"a": "a"}`, `{"b": 1}`, `{"a": 1, "b": "a"}`, `{"c": true}`, `{"a": []}`, `{"a": {"a": 1}}`, `{"ab": 1}`, `{"ba": "b"}`,
	} {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			panic(err)
		}
		out = append(out, v)
	}
	return out
}

var (
	oracleTypes    = []string{"null", "boolean", "integer", "number", "string", "array", "object"}
	oracleScalars  = []any{nil, true, false, 0, 1, 2, 1.5, "", "a", "b", "ab"}
	oraclePatterns = []string{"^a", "b$", "^[ab]+$", "a"}
)

// genSchema is a random schema of the keywords diff compares.
func genSchema(rng *rand.Rand, depth int) any {
	if rng.IntN(12) == 0 {
		return rng.IntN(3) > 0 // true more often than false
	}
	s := map[string]any{}
	add := func(p int, key string, v func() any) {
		if rng.IntN(100) < p {
			s[key] = v()
		}
	}
	add(60, "type", func() any {
		if rng.IntN(4) == 0 {
			return []any{oracleTypes[rng.IntN(len(oracleTypes))], oracleTypes[rng.IntN(len(oracleTypes))]}
		}
		return oracleTypes[rng.IntN(len(oracleTypes))]
	})
	add(10, "enum", func() any { return pick(rng, oracleScalars, 1+rng.IntN(3)) })
	add(5, "const", func() any { return oracleScalars[rng.IntN(len(oracleScalars))] })
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		add(8, k, func() any { return rng.IntN(4) })
	}
	add(6, "multipleOf", func() any { return []any{0.5, 1, 2, 3}[rng.IntN(4)] })
	for _, k := range []string{"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"} {
		add(6, k, func() any { return rng.IntN(3) })
	}
	add(8, "pattern", func() any { return oraclePatterns[rng.IntN(len(oraclePatterns))] })
	add(5, "uniqueItems", func() any { return rng.IntN(2) == 0 })
	if depth < 2 {
		add(15, "items", func() any { return genSchema(rng, depth+1) })
		add(8, "prefixItems", func() any { return genList(rng, depth+1, 1+rng.IntN(2)) })
		add(20, "properties", func() any {
			props := map[string]any{}
			for _, name := range pick(rng, []any{"a", "b", "c"}, 1+rng.IntN(2)) {
				props[name.(string)] = genSchema(rng, depth+1)
			}
			return props
		})
		add(10, "required", func() any { return pick(rng, []any{"a", "b"}, 1+rng.IntN(2)) })
		add(12, "additionalProperties", func() any { return genSchema(rng, depth+1) })
		add(6, "patternProperties", func() any {
			return map[string]any{oraclePatterns[rng.IntN(len(oraclePatterns))]: genSchema(rng, depth+1)}
		})
		for _, k := range []string{"anyOf", "oneOf", "allOf"} {
			add(6, k, func() any { return genList(rng, depth+1, 1+rng.IntN(2)) })
		}
		add(4, "not", func() any { return genSchema(rng, depth+1) })
	}
	return s
}

func genList(rng *rand.Rand, depth, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = genSchema(rng, depth)
	}
	return out
}

// pick is n elements of list, each once at the most.
func pick(rng *rand.Rand, list []any, n int) []any {
	var out []any
	for _, i := range rng.Perm(len(list))[:min(n, len(list))] {
		out = append(out, list[i])
	}
	return out
}

// mutateSchema is s with one change or a few: a keyword added, dropped
// or given another value, or a schema under it mutated in turn.
func mutateSchema(rng *rand.Rand, s any, depth int) any {
	m, ok := s.(map[string]any)
	if !ok || rng.IntN(10) == 0 {
		return genSchema(rng, depth)
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	keys := sortedKeys(out)
	switch r := rng.IntN(4); {
	case r == 0 && len(keys) > 0:
		delete(out, keys[rng.IntN(len(keys))])
	case r == 1:
		// A keyword from a fresh schema, added or in place of this one's.
		fresh, _ := genSchema(rng, depth).(map[string]any)
		if fk := sortedKeys(fresh); len(fk) > 0 {
			k := fk[rng.IntN(len(fk))]
			out[k] = fresh[k]
		}
	default:
		if len(keys) == 0 {
			return genSchema(rng, depth)
		}
		k := keys[rng.IntN(len(keys))]
		switch v := out[k].(type) {
		case map[string]any:
			if k == "properties" || k == "patternProperties" {
				inner := make(map[string]any, len(v))
				for name, sub := range v {
					inner[name] = sub
				}
				if names := sortedKeys(inner); len(names) > 0 {
					name := names[rng.IntN(len(names))]
					inner[name] = mutateSchema(rng, inner[name], depth+1)
				}
				out[k] = inner
			} else {
				out[k] = mutateSchema(rng, v, depth+1)
			}
		case []any:
			if k == "anyOf" || k == "oneOf" || k == "allOf" || k == "prefixItems" {
				list := append([]any(nil), v...)
				i := rng.IntN(len(list))
				list[i] = mutateSchema(rng, list[i], depth+1)
				out[k] = list
			} else {
				delete(out, k)
			}
		case bool:
			if k == "items" || k == "additionalProperties" || k == "not" {
				out[k] = mutateSchema(rng, v, depth+1)
			} else {
				out[k] = !v
			}
		default:
			fresh, _ := genSchema(rng, depth).(map[string]any)
			if nv, ok := fresh[k]; ok {
				out[k] = nv
			} else {
				delete(out, k)
			}
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }
