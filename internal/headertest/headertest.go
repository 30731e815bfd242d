// Package headertest holds the tests' side of MCP's x-mcp-header: a
// seeded generator of tools with annotations of every kind, valid and
// not, and the check that the tools toolbench's header rules reject are
// the tools the Go SDK v1.8.0's client drops from its listing
// (filterValidTools in mcp/streamable_headers.go). The linter's own test
// feeds it a document, the commands' tests a live server of MCP
// 2026-07-28 over stdio and HTTP; both ask the same question.
//
// The SDK checks three of the specification's constraints: the name,
// its uniqueness and the property's type. On those, the tools toolbench
// reports are exactly the tools the client drops. Two more constraints
// the SDK does not check (bounds of integers, annotations off the chain
// of "properties"), and it reads nothing of a schema whose "properties"
// tree it cannot decode into its struct (a "type" list anywhere on it):
// such tools it keeps, and toolbench reports them all the same, as the
// specification says clients must drop them.
package headertest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"toolbench/core/catalog"
	"toolbench/core/lint"
)

// SDKChecked are the rules of the constraints the SDK's client checks.
var SDKChecked = []string{"mcp/x-mcp-header-name", "mcp/x-mcp-header-duplicate", "mcp/x-mcp-header-type"}

// SpecOnly are the rules of the constraints it does not.
var SpecOnly = []string{"mcp/x-mcp-header-unsafe-integer", "mcp/x-mcp-header-unreachable"}

// Tools returns n tools, named t000, t001 and on, each a JSON object of
// MCP's shape whose inputSchema the generator seeded with seed wrote.
func Tools(seed uint64, n int) []string {
	gen := headerSchemas{r: rand.New(rand.NewPCG(seed, 20260728))}
	tools := make([]string, n)
	for i := range tools {
		tools[i] = fmt.Sprintf(`{"name": "%s", "description": "A generated tool to check x-mcp-header.", "inputSchema": %s}`, Name(i), gen.root())
	}
	return tools
}

// Name is the name of the tool of index i of Tools.
func Name(i int) string { return fmt.Sprintf("t%03d", i) }

// Agree fails t unless the tools the SDK's client kept (by name) and the
// errors toolbench's header rules gave them tell the same story: a tool
// is dropped exactly when a rule of a constraint the SDK checks rejects
// it and the SDK can read its annotations. It also fails when the tools
// cover too little for the answer to mean much.
func Agree(t testing.TB, tools []string, kept map[string]bool, issues []lint.Issue) {
	t.Helper()
	found := map[string]map[string]bool{} // tool -> codes of header errors
	for _, is := range issues {
		if is.Severity == catalog.Error && strings.HasPrefix(is.Code, "mcp/x-mcp-header-") {
			if found[is.Tool] == nil {
				found[is.Tool] = map[string]bool{}
			}
			found[is.Tool][is.Code] = true
		}
	}
	var seen struct{ dropped, clean, cleanMirrored, specOnly, unreadable int }
	codes := map[string]int{}
	for i, src := range tools {
		name := Name(i)
		byCodes := found[name]
		for c := range byCodes {
			codes[c]++
		}
		hitSDK := slices.ContainsFunc(SDKChecked, func(c string) bool { return byCodes[c] })
		hitSpec := slices.ContainsFunc(SpecOnly, func(c string) bool { return byCodes[c] })
		readable := sdkReads(src)
		dropped := !kept[name]
		switch {
		case dropped != (hitSDK && readable):
			t.Errorf("%s: the SDK client drops it: %v; toolbench reports %v (the SDK reads its properties: %v)\n%s", name, dropped, keys(byCodes), readable, src)
		case dropped:
			seen.dropped++
		case hitSDK || hitSpec:
			if readable {
				seen.specOnly++
			} else {
				seen.unreadable++
			}
		default:
			seen.clean++
			if strings.Contains(src, `"x-mcp-header":`) {
				seen.cleanMirrored++
			}
		}
	}
	// The corpus has every case, or the test proves little.
	if n := len(tools); seen.dropped < n/12 || seen.cleanMirrored < n/12 || seen.specOnly < n/30 || seen.unreadable < n/120 {
		t.Errorf("the generated tools cover too little: %+v", seen)
	}
	for _, c := range append(slices.Clone(SDKChecked), SpecOnly...) {
		if codes[c] < len(tools)/60 {
			t.Errorf("%s finds %d of the generated tools; want at least %d", c, codes[c], len(tools)/60)
		}
	}
	t.Logf("%d tools: %+v; by rule %v", len(tools), seen, codes)
}

// sdkReads reports whether the Go SDK reads the x-mcp-header
// annotations of a tool: whether the tree of its inputSchema's
// "properties" decodes into the struct the SDK decodes it into
// (headerSchemaProperty in mcp/streamable_headers.go). When it does not,
// the SDK checks nothing and keeps the tool.
func sdkReads(tool string) bool {
	var v struct {
		InputSchema sdkProperty `json:"inputSchema"`
	}
	return json.Unmarshal([]byte(tool), &v) == nil
}

type sdkProperty struct {
	Type       string                 `json:"type"`
	XMCPHeader json.RawMessage        `json:"x-mcp-header,omitempty"`
	Properties map[string]sdkProperty `json:"properties,omitempty"`
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// headerSchemas writes inputSchemas with x-mcp-header annotations of
// every kind: valid or not in name, type and bounds, unique or not,
// nested, behind "$ref", under keywords off the chain of "properties".
type headerSchemas struct {
	r    *rand.Rand
	defs []string // the "$defs" members the schema being written needs
}

// def adds schema to the "$defs" of the schema being written and
// returns the reference to it.
func (g *headerSchemas) def(schema string) string {
	name := fmt.Sprintf("d%d", len(g.defs))
	g.defs = append(g.defs, `"`+name+`": `+schema)
	return "#/$defs/" + name
}

func (g *headerSchemas) pick(options ...string) string { return options[g.r.IntN(len(options))] }

func (g *headerSchemas) root() string {
	g.defs = nil
	var props []string
	for i := range 1 + g.r.IntN(4) {
		props = append(props, fmt.Sprintf(`"p%d": %s`, i, g.property(0)))
	}
	s := `{"type": "object", "properties": {` + strings.Join(props, ", ") + `}`
	if g.r.IntN(40) == 0 {
		s += `, "x-mcp-header": "Root"`
	}
	if len(g.defs) > 0 {
		s += `, "$defs": {` + strings.Join(g.defs, ", ") + `}`
	}
	return s + `}`
}

// headerName is an x-mcp-header value: mostly a valid name from a small
// pool, in any case, so that names repeat; sometimes an invalid one.
func (g *headerSchemas) headerName() string {
	if g.r.IntN(6) == 0 {
		return g.pick(`""`, `"Ten ant"`, `"a:b"`, `"x\r\ny"`, `"caf\u00e9"`, `"tab\there"`, `"a/b"`, `42`, `null`, `true`, `["A"]`, `{}`)
	}
	name := g.pick("Region", "Tenant-Id", "Trace_1", "X-Dup", "Priority", "Feature-Flag", "Shard", "!#$%&'*+-.^_`|~")
	switch g.r.IntN(4) {
	case 0:
		name = strings.ToLower(name)
	case 1:
		name = strings.ToUpper(name)
	}
	b, _ := json.Marshal(name)
	return string(b)
}

// annotated is a property schema with an x-mcp-header.
func (g *headerSchemas) annotated() string {
	h := `"x-mcp-header": ` + g.headerName()
	switch g.r.IntN(12) {
	case 0:
		return `{"type": ` + g.pick(`"number"`, `"object"`, `"array"`, `"null"`, `"str"`) + `, ` + h + `}`
	case 1:
		return `{"description": "no type", ` + h + `}`
	case 2:
		return `{"$ref": "` + g.def(`{"type": "string"}`) + `", ` + h + `}`
	case 3:
		return `{"$ref": "` + g.def(`{"type": "string"}`) + `", "type": "string", ` + h + `}`
	case 4:
		return `{"type": ` + g.pick(`["string", "null"]`, `["integer"]`, `["string", "number"]`) + `, ` + h + `}`
	case 5, 6:
		var bounds []string
		if g.r.IntN(2) == 0 {
			bounds = append(bounds, `"maximum": `+g.pick("100", "9007199254740991", "9007199254740992", "1e20", "9007199254740991.5"))
		}
		if g.r.IntN(2) == 0 {
			bounds = append(bounds, `"exclusiveMinimum": `+g.pick("-1", "-9007199254740992", "-9007199254740993"))
		}
		if g.r.IntN(4) == 0 {
			bounds = append(bounds, `"enum": [1, `+g.pick("2", "9007199254740992")+`]`)
		}
		return `{"type": "integer", ` + strings.Join(append(bounds, h), ", ") + `}`
	default:
		return `{"type": ` + g.pick(`"string"`, `"integer"`, `"boolean"`) + `, ` + h + `}`
	}
}

func (g *headerSchemas) property(depth int) string {
	switch k := g.r.IntN(10); {
	case k < 2:
		return `{"type": "string", "description": "not mirrored"}`
	case k < 6:
		return g.annotated()
	case k < 8 && depth < 2:
		var props []string
		for i := range 1 + g.r.IntN(3) {
			props = append(props, fmt.Sprintf(`"n%d": %s`, i, g.property(depth+1)))
		}
		return `{"type": "object", "properties": {` + strings.Join(props, ", ") + `}}`
	default:
		return g.offTheChain()
	}
}

// offTheChain is a property with an annotation that no chain of
// "properties" reaches.
func (g *headerSchemas) offTheChain() string {
	a := g.annotated()
	switch g.r.IntN(7) {
	case 0:
		return `{"type": "array", "items": ` + a + `}`
	case 1:
		return `{"anyOf": [` + a + `, {"type": "integer"}]}`
	case 2:
		return `{"type": "object", "additionalProperties": ` + a + `}`
	case 3:
		return `{"type": "string", "not": ` + a + `}`
	case 4:
		return `{"type": "object", "if": {"required": ["x"]}, "then": {"properties": {"x": ` + a + `}}}`
	case 5:
		return `{"$ref": "` + g.def(a) + `"}`
	default:
		return `{"type": "array", "prefixItems": [{"type": "object", "properties": {"x": ` + a + `}}]}`
	}
}
