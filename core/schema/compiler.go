package schema

import (
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"toolbench/core/jsondoc"
	"toolbench/core/termtext"
)

// NewCompiler returns a compiler for tool schemas and for the meta-schemas
// they are checked against. It reads patterns as ECMA-262 with the u flag
// (CompileRegexp), asserts the formats Formats marks asserted with this
// package's checkers, and loads nothing from outside the documents added
// to it: the meta-schemas of drafts 4 to 2020-12 are built into the
// library, and any other reference is refused, so a tools file cannot
// make toolbench read a file or the network.
//
// Compile a tool's schema by adding it with AddResource and compiling its
// location; compile a draft's meta-schema by its URL.
//
// Validating a schema against a meta-schema compiled here and compiling
// the schema here agree on patterns and on every format but one case:
// before it compiles a schema, the library validates it against
// meta-schemas it compiled when it was loaded, with its own uri and
// uri-reference checks. So a "$ref" or "$id" that RFC 3986 rejects and
// net/url parses ("#/$defs/a b") fails the first and compiles, and a
// schema to be compiled should be validated against the meta-schema
// first where the two must agree.
func NewCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.UseLoader(refusingLoader{})
	c.UseRegexpEngine(CompileRegexp)
	c.AssertFormat()
	for _, f := range formatTable {
		c.RegisterFormat(&jsonschema.Format{Name: f.Name, Validate: f.validate})
	}
	return c
}

// refusingLoader is asked for every document the compiler does not hold
// and is not a built-in meta-schema.
type refusingLoader struct{}

func (refusingLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%s is outside the tools document; only local references are followed", url)
}

// Compile compiles n, a schema of the tool named name, with NewCompiler.
// A schema that breaks its draft's meta-schema does not compile: the
// error is an *InvalidError holding every problem, as lint's
// invalid-schema rule finds them, so a schema lint rejects is one that
// cannot be used, and the other way round. Any other error is a schema
// that is valid but cannot be used (a reference refused, or to nothing),
// said on one line. With openAPI, n is Gemini's OpenAPI subset
// (upper-case type names, "nullable"), rewritten into the JSON Schema it
// means; lint's gemini target checks that subset, not a meta-schema.
//
// A schema past the bounds of what the library compiles in good time
// (MaxCompiledSubschemas, MaxCompiledDepth) is not compiled: the error
// says which bound, and nothing validates against it.
func Compile(name string, n *jsondoc.Node, openAPI bool) (*Validator, error) {
	r, err := NewResource(name, n, openAPI)
	if err != nil {
		return nil, err
	}
	return r.At(nil)
}

// Resource is a tool's schema ready to compile in parts: the schema
// itself, or any subschema of it, each against the whole, so that a
// "$ref" inside a subschema resolves as it does in the schema. Values a
// schema holds (a "default", an "enum" member) are validated against
// the subschema they sit in this way. It is not safe for concurrent use.
type Resource struct {
	c   *jsonschema.Compiler
	loc string
}

// NewResource checks n, a schema of the tool named name, as Compile does,
// and returns it ready to compile in parts with At. An error is
// Compile's: the schema breaks its meta-schema (an *InvalidError), or
// cannot be used at all.
func NewResource(name string, n *jsondoc.Node, openAPI bool) (*Resource, error) {
	switch count, depth := extent(n, 1); {
	case count > MaxCompiledSubschemas:
		return nil, fmt.Errorf("it has %d subschemas, more than the %d toolbench compiles to validate against", count, MaxCompiledSubschemas)
	case depth > MaxCompiledDepth:
		return nil, fmt.Errorf("it nests %d levels deep, more than the %d toolbench compiles to validate against", depth, MaxCompiledDepth)
	}
	value := n.Value()
	if openAPI {
		value = fromOpenAPI(value)
	} else if d := DraftOf(n); d != nil {
		if problems := Check(n, d, Covered{}, true); len(problems) > 0 {
			return nil, &InvalidError{Draft: d, Problems: problems}
		}
	}
	c := NewCompiler()
	loc := "toolbench:///tools/" + url.PathEscape(name) + ".json"
	if err := c.AddResource(loc, value); err != nil {
		return nil, unusable(loc, err)
	}
	return &Resource{c: c, loc: loc}, nil
}

// At compiles the subschema at segs from the root (none: the root), and
// returns it to validate values against. Subschemas compiled before are
// not compiled again.
func (r *Resource) At(segs []jsondoc.Seg) (*Validator, error) {
	loc := r.loc
	if len(segs) > 0 {
		var b strings.Builder
		b.WriteString(loc + "#")
		for _, sg := range segs {
			tok := sg.Key
			if sg.Index >= 0 {
				tok = strconv.Itoa(sg.Index)
			}
			b.WriteByte('/')
			b.WriteString(url.PathEscape(strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")))
		}
		loc = b.String()
	}
	s, err := r.c.Compile(loc)
	if err != nil {
		return nil, unusable(r.loc, err)
	}
	return &Validator{s: s}, nil
}

// The bounds on the schemas Compile compiles. The library's compiler
// takes time that grows with the square of a schema's subschemas and
// faster than that with their nesting: 40,000 properties took 10 s, and
// 2,000 levels of "items" 13 s. Tool schemas are far within both.
const (
	MaxCompiledSubschemas = 10000
	MaxCompiledDepth      = 200
)

// extent counts the schemas of n that the walk visits, and the deepest
// they nest, n being at depth.
func extent(n *jsondoc.Node, depth int) (count, deepest int) {
	count, deepest = 1, depth
	Children(n, func(_ string, _ [2]jsondoc.Seg, _ int, child *jsondoc.Node) bool {
		c, d := extent(child, depth+1)
		count, deepest = count+c, max(deepest, d)
		return true
	})
	return count, deepest
}

// unusable says on one line why a schema added at loc did not compile:
// the first place where it breaks the meta-schemas the library checks it
// against first (see NewCompiler), or the library's first line, loc
// taken out of it.
func unusable(loc string, err error) error {
	var sve *jsonschema.SchemaValidationError
	var ve *jsonschema.ValidationError
	if errors.As(err, &sve) && errors.As(sve.Err, &ve) {
		f := flatten(ve)[0]
		return errors.New("at " + jsondoc.FormatPointer(f.At) + ": " + f.Message(true))
	}
	first, _, _ := strings.Cut(err.Error(), "\n")
	// The location given to the schema means nothing to a reader:
	// "json-pointer in \"toolbench:///tools/t.json#/$defs/x\"" is
	// "#/$defs/x" of the tool's schema.
	return errors.New(strings.ReplaceAll(first, loc, ""))
}

// InvalidError is a schema that breaks its draft's meta-schema.
type InvalidError struct {
	Draft    *Draft
	Problems []Problem // in document order; at least one
}

// Error says the first problem, where it is, and how many more there are.
func (e *InvalidError) Error() string {
	p := e.Problems[0]
	msg := "the schema is not valid JSON Schema: " + jsondoc.AppendSegs("$", p.Segs) + ": " + p.Msg
	if n := len(e.Problems) - 1; n > 0 {
		msg += " (and " + termtext.Plural(n, "more problem") + ")"
	}
	return msg
}

// fromOpenAPI rewrites a schema of Gemini's OpenAPI subset, as
// Node.Value gives it, into the JSON Schema it means: type names in lower
// case, and "nullable": true as a type that also admits null. The subset
// nests schemas only under properties, items and anyOf.
func fromOpenAPI(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	if t, ok := m["type"].(string); ok {
		m["type"] = strings.ToLower(t)
		if m["nullable"] == true {
			m["type"] = []any{strings.ToLower(t), "null"}
		}
	}
	delete(m, "nullable")
	if props, ok := m["properties"].(map[string]any); ok {
		for k, p := range props {
			props[k] = fromOpenAPI(p)
		}
	}
	m["items"] = fromOpenAPI(m["items"])
	if m["items"] == nil {
		delete(m, "items")
	}
	if list, ok := m["anyOf"].([]any); ok {
		for i, s := range list {
			list[i] = fromOpenAPI(s)
		}
	}
	return m
}

// say words a validator's finding for a person: as the library does, but
// a bound as what it allows ("maximum: got 90, want at most 50", where the
// library says "want 50"). Without the keyword, it leaves the name of the
// bound out, for a message that names the place itself.
func say(k jsonschema.ErrorKind, keyword bool) string {
	var got, want *big.Rat
	var allows, name string
	switch k := k.(type) {
	case *kind.Minimum:
		got, want, allows, name = k.Got, k.Want, "at least", "minimum"
	case *kind.Maximum:
		got, want, allows, name = k.Got, k.Want, "at most", "maximum"
	case *kind.ExclusiveMinimum:
		got, want, allows, name = k.Got, k.Want, "more than", "exclusiveMinimum"
	case *kind.ExclusiveMaximum:
		got, want, allows, name = k.Got, k.Want, "less than", "exclusiveMaximum"
	default:
		return k.LocalizedString(printer)
	}
	msg := "got " + ratText(got) + ", want " + allows + " " + ratText(want)
	if keyword {
		msg = name + ": " + msg
	}
	return msg
}

// ratText writes a number as JSON would: 3, 0.5, 1e-07.
func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}
