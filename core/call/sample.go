package call

import (
	"math"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"toolbench/core/jsondoc"
	"toolbench/core/schema"
	"toolbench/core/termtext"
	"toolbench/core/tooldef"
)

// SampleCall returns a call of t that the call check accepts, as indented
// JSON: {"name": ..., "arguments": {...}} with every required argument
// and no optional one. Values follow the schema where it is practical:
// const and enum (the first value), formats, string lengths, numeric
// bounds and multiples, array lengths, nested objects, local $ref, and
// the first branch of anyOf and oneOf, and a string built from a
// pattern.
func SampleCall(t *tooldef.Tool) string {
	g := sampler{refs: schema.NewResolver(t.Params), openAPI: t.OpenAPIParams()}
	b := []byte(`{"name":`)
	b = jsondoc.AppendQuote(b, t.Name)
	b = append(b, `,"arguments":`...)
	b = g.object(b, t.Params, 0)
	b = append(b, '}')
	v := jsontext.Value(b)
	if err := v.Indent(jsontext.WithIndent("  ")); err != nil {
		return string(b)
	}
	return string(v)
}

// maxSampleDepth bounds nesting, so recursive schemas end.
const maxSampleDepth = 16

type sampler struct {
	refs    *schema.Resolver // of the parameter schema, for "#/..." references
	openAPI bool             // the schema is Gemini's OpenAPI subset
}

// resolve is the schema n's local references lead to.
func (g *sampler) resolve(n *jsondoc.Node) *jsondoc.Node {
	n, _, _ = g.refs.Deref(n)
	return n
}

// value appends a value satisfying schema n.
func (g *sampler) value(b []byte, n *jsondoc.Node, depth int) []byte {
	n = g.resolve(n)
	if depth > maxSampleDepth || !n.Is(jsondoc.Object) {
		return append(b, `"example"`...)
	}
	if c, ok := n.Member("const"); ok {
		return jsondoc.AppendCompact(b, c.Value, false, 0)
	}
	if e := n.Get("enum"); e.Is(jsondoc.Array) && e.Len() > 0 {
		return jsondoc.AppendCompact(b, e.Elem(0), false, 0)
	}
	for _, key := range [...]string{"anyOf", "oneOf"} {
		if alts := n.Get(key); alts.Is(jsondoc.Array) && alts.Len() > 0 {
			return g.value(b, g.firstNonNull(alts), depth+1)
		}
	}
	if all := n.Get("allOf"); all.Is(jsondoc.Array) && all.Len() > 0 && !n.Has("type") {
		return g.value(b, all.Elem(0), depth+1)
	}
	switch g.typeOf(n) {
	case "object":
		return g.object(b, n, depth)
	case "array":
		return g.array(b, n, depth)
	case "integer":
		return append(b, numberSample(n, true)...)
	case "number":
		return append(b, numberSample(n, false)...)
	case "boolean":
		return append(b, "true"...)
	case "null":
		return append(b, "null"...)
	}
	b = jsondoc.AppendQuote(b, stringSample(n))
	return b
}

// firstNonNull picks the first alternative that is not just a null.
func (g *sampler) firstNonNull(alts *jsondoc.Node) *jsondoc.Node {
	for _, m := range alts.Kids() {
		if g.typeOf(g.resolve(m.Value)) != "null" {
			return m.Value
		}
	}
	return alts.Elem(0)
}

// typeOf is the schema's type, the first that is not null when it lists
// several, or the one its keywords imply.
func (g *sampler) typeOf(n *jsondoc.Node) string {
	types, _ := schema.Types(n, g.openAPI)
	for _, t := range types {
		if t != "null" {
			return t
		}
	}
	switch {
	case len(types) > 0:
		return types[0]
	case n.Has("properties") || n.Has("required"):
		return "object"
	case n.Has("items") || n.Has("prefixItems"):
		return "array"
	case n.Has("minimum") || n.Has("maximum") || n.Has("exclusiveMinimum") || n.Has("exclusiveMaximum") || n.Has("multipleOf"):
		return "number"
	}
	return "string"
}

// object appends an object with the members schema n requires, its
// own and its allOf branches' (schema.Object), each of its property's
// schema or, for a name without one, of "additionalProperties".
func (g *sampler) object(b []byte, n *jsondoc.Node, depth int) []byte {
	o := g.refs.Object(g.resolve(n), g.openAPI)
	b = append(b, '{')
	for i, name := range o.Required {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsondoc.AppendQuote(b, name)
		b = append(b, ':')
		prop := o.Schema.Get("additionalProperties")
		if p, _ := o.Property(name); p.Schema != nil {
			prop = p.Schema
		}
		b = g.value(b, prop, depth+1)
	}
	return append(b, '}')
}

// array appends an array of as few elements as the schema allows, but one
// when it may, to show what an element looks like.
func (g *sampler) array(b []byte, n *jsondoc.Node, depth int) []byte {
	count := 1
	if v, ok := intKeyword(n, "minItems"); ok && v > 1 {
		count = min(v, 64)
	}
	if v, ok := intKeyword(n, "maxItems"); ok && v < count {
		count = v
	}
	prefix := n.Get("prefixItems")
	b = append(b, '[')
	for i := range count {
		if i > 0 {
			b = append(b, ',')
		}
		item := n.Get("items")
		if i < prefix.Len() {
			item = prefix.Elem(i)
		}
		b = g.value(b, item, depth+1)
	}
	return append(b, ']')
}

func intKeyword(n *jsondoc.Node, key string) (int, bool) {
	v := n.Get(key)
	if !v.Is(jsondoc.Number) {
		return 0, false
	}
	f, err := strconv.ParseFloat(v.Str(), 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return int(min(f, 1<<20)), true
}

func numberKeyword(n *jsondoc.Node, key string) (float64, bool) {
	v := n.Get(key)
	if !v.Is(jsondoc.Number) {
		return 0, false
	}
	f, err := strconv.ParseFloat(v.Str(), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// numberSample picks a number inside the schema's bounds: 1 when it may,
// else one near it, a multiple of multipleOf when there is one.
func numberSample(n *jsondoc.Node, integer bool) string {
	nb := boundsOf(n)
	step := 0.0
	if v, ok := numberKeyword(n, "multipleOf"); ok && v > 0 {
		step = v
	}
	if integer && step == 0 {
		step = 1
	}
	var x float64
	switch {
	case step > 0:
		x = math.Ceil(math.Max(nb.lo, math.Min(1, nb.hi))/step) * step
		if !nb.inside(x) {
			x += step
		}
		if !nb.inside(x) {
			x = math.Floor(nb.hi/step) * step
			if !nb.inside(x) {
				x -= step
			}
		}
	case nb.inside(1):
		x = 1
	case !math.IsInf(nb.lo, 0) && !math.IsInf(nb.hi, 0):
		x = nb.lo + (nb.hi-nb.lo)/2
	case !math.IsInf(nb.lo, 0):
		x = nb.lo + 1
	default:
		x = nb.hi - 1
	}
	if x == math.Trunc(x) && math.Abs(x) < 1e21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// numberRange is the range a number schema allows.
type numberRange struct {
	lo, hi         float64
	loOpen, hiOpen bool
}

func (nb numberRange) inside(x float64) bool {
	return (x > nb.lo || x == nb.lo && !nb.loOpen) && (x < nb.hi || x == nb.hi && !nb.hiOpen)
}

// boundsOf reads minimum, maximum and the exclusive bounds, as numbers
// (draft 6 on) or as booleans beside minimum and maximum (draft 4).
func boundsOf(n *jsondoc.Node) numberRange {
	nb := numberRange{lo: math.Inf(-1), hi: math.Inf(1)}
	if v, ok := numberKeyword(n, "minimum"); ok {
		nb.lo, nb.loOpen = v, n.Get("exclusiveMinimum").IsTrue()
	}
	if v, ok := numberKeyword(n, "maximum"); ok {
		nb.hi, nb.hiOpen = v, n.Get("exclusiveMaximum").IsTrue()
	}
	if v, ok := numberKeyword(n, "exclusiveMinimum"); ok && v >= nb.lo {
		nb.lo, nb.loOpen = v, true
	}
	if v, ok := numberKeyword(n, "exclusiveMaximum"); ok && v <= nb.hi {
		nb.hi, nb.hiOpen = v, true
	}
	return nb
}

// Samples for the formats JSON Schema defines.
var formatSamples = map[string]string{
	"date-time":             "2024-01-01T00:00:00Z",
	"date":                  "2024-01-01",
	"time":                  "00:00:00Z",
	"duration":              "P1D",
	"email":                 "user@example.com",
	"idn-email":             "user@example.com",
	"hostname":              "example.com",
	"idn-hostname":          "example.com",
	"ipv4":                  "192.0.2.1",
	"ipv6":                  "2001:db8::1",
	"uri":                   "https://example.com/",
	"uri-reference":         "https://example.com/",
	"iri":                   "https://example.com/",
	"iri-reference":         "https://example.com/",
	"uri-template":          "https://example.com/{id}",
	"uuid":                  "123e4567-e89b-12d3-a456-426614174000",
	"json-pointer":          "/example",
	"relative-json-pointer": "0",
	"regex":                 "^example$",
}

// stringSample picks a string for schema n: the format's sample, or one
// built to match the pattern, padded or cut to the length bounds when
// that keeps it matching.
func stringSample(n *jsondoc.Node) string {
	s := "example"
	if f, ok := formatSamples[n.Get("format").Text()]; ok {
		s = f
	}
	minLen, hasMin := intKeyword(n, "minLength")
	maxLen, hasMax := intKeyword(n, "maxLength")
	// sized pads c to minLength with x (or, with repeat, with its own last
	// character) and cuts it to maxLength.
	sized := func(c string, repeat bool) string {
		if hasMin && utf8.RuneCountInString(c) < minLen {
			pad := "x"
			if r, _ := utf8.DecodeLastRuneInString(c); repeat && c != "" {
				pad = string(r)
			}
			c += strings.Repeat(pad, min(minLen, 1<<16)-utf8.RuneCountInString(c))
		}
		if hasMax && utf8.RuneCountInString(c) > maxLen {
			c = string([]rune(c)[:maxLen])
		}
		return c
	}
	p := n.Get("pattern").Text()
	if p == "" {
		return sized(s, false)
	}
	// The pattern is ECMA-262's, as deep validation reads it: the sample
	// is the first candidate that it matches, at the lengths allowed.
	re, err := schema.CompileRegexp(p)
	if err != nil {
		return sized(s, false)
	}
	candidates := []string{s}
	if m, ok := matchingSample(p); ok {
		candidates = append(candidates, m)
	}
	candidates = append(candidates, samplePatternGuesses...)
	for _, c := range candidates {
		for _, repeat := range []bool{false, true} {
			if c := sized(c, repeat); re.MatchString(c) {
				return c
			}
		}
	}
	return sized(s, false)
}

// samplePatternGuesses are strings tried for a pattern the sampler cannot
// build a match for (look-ahead, Unicode properties): words of the kinds
// patterns ask for most.
var samplePatternGuesses = []string{"Example1234", "EXAMPLE", "example1", "Example", "ABC", "abc", "a", "A", "1", "123", "x_1", "a-b"}

// matchingSample builds a short string that pattern matches: literals as
// written, one character of each class, the fewest repetitions, the
// first alternative. It reports false when the string it builds does
// not match after all (an anchor in the middle, a class with nothing
// printable).
func matchingSample(pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !writeRegexpSample(&b, re.Simplify(), 0) {
		return "", false
	}
	ok, err := regexp.MatchString(pattern, b.String())
	return b.String(), ok && err == nil
}

// classPicks are the characters a character class is sampled by, in
// order of preference: a reader expects letters and digits.
const classPicks = "aAx0b1cBzZ9_-. @"

func writeRegexpSample(b *strings.Builder, re *syntax.Regexp, depth int) bool {
	if depth > 64 || b.Len() > 4096 {
		return false
	}
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpStar, syntax.OpQuest:
		return true
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
		return true
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
		return true
	case syntax.OpCharClass:
		r, ok := classSample(re.Rune)
		if ok {
			b.WriteRune(r)
		}
		return ok
	case syntax.OpCapture, syntax.OpPlus:
		return writeRegexpSample(b, re.Sub[0], depth+1)
	case syntax.OpRepeat:
		for range min(re.Min, 256) {
			if !writeRegexpSample(b, re.Sub[0], depth+1) {
				return false
			}
		}
		return true
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !writeRegexpSample(b, sub, depth+1) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		return writeRegexpSample(b, re.Sub[0], depth+1)
	}
	return false
}

// classSample picks a character of a class given as lo-hi pairs.
func classSample(ranges []rune) (rune, bool) {
	in := func(r rune) bool {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= r && r <= ranges[i+1] {
				return true
			}
		}
		return false
	}
	for _, r := range classPicks {
		if in(r) {
			return r, true
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := max(ranges[i], 0x21); r <= ranges[i+1] && r < 0x2000; r++ {
			if !termtext.IsHidden(r) {
				return r, true
			}
		}
	}
	return 0, false
}

// kidsOf is n's members or elements, none for nil.
