package lint

import (
	"fmt"
	"strings"
	"testing"
)

func TestMCPRejectsReferencesToOtherDocuments(t *testing.T) {
	mcp := []string{"mcp"}
	ref := func(r string) string { return `"a": {"$ref": "` + r + `"}` }
	const msg = "names another document: MCP clients do not fetch it, and SHOULD reject the inputSchema"
	checkTargetCases(t, []string{"mcp/external-ref", "remote-ref", "unresolved-ref"}, []targetCase{
		{name: "a local pointer", targets: mcp, src: mcpParams(ref("#/$defs/s"), `"$defs": {"s": {"type": "string"}}`)},
		{name: "a URL", targets: mcp, src: mcpParams(ref("https://example.com/address.json"), ""),
			want: []issueWant{{"mcp/external-ref", mbase + ".properties.a['$ref']", `$ref "https://example.com/address.json" ` + msg}}},
		{name: "a relative reference, no base", targets: mcp, src: mcpParams(ref("common.json#/Address"), ""),
			want: []issueWant{{"mcp/external-ref", mbase + ".properties.a['$ref']", `$ref "common.json#/Address" ` + msg}}},
		{name: "a URN", targets: mcp, src: mcpParams(ref("urn:example:address"), ""),
			want: []issueWant{{"mcp/external-ref", mbase + ".properties.a['$ref']", `$ref "urn:example:address" ` + msg}}},
		{name: "the root's own $id", targets: mcp, src: mcpParams(ref("https://example.com/t.json#/$defs/s"), `"$id": "https://example.com/t.json", "$defs": {"s": {"type": "string"}}`)},
		{name: "a subschema's $id", targets: mcp, src: mcpParams(ref("https://example.com/s.json"), `"$defs": {"s": {"$id": "https://example.com/s.json", "type": "string"}}`)},
		{name: "a subschema's relative $id, resolved against the root's", targets: mcp,
			src: mcpParams(ref("s.json"), `"$id": "https://example.com/schemas/t.json", "$defs": {"s": {"$id": "s.json", "type": "string"}}`)},
		{name: "a relative reference to no $id", targets: mcp,
			src:  mcpParams(ref("other.json"), `"$id": "https://example.com/schemas/t.json", "$defs": {"s": {"$id": "s.json", "type": "string"}}`),
			want: []issueWant{{"mcp/external-ref", mbase + ".properties.a['$ref']", `$ref "other.json" ` + msg}}},
		{name: "in a schema only a local reference reaches", targets: mcp,
			src:  mcpParams(ref("#/components/x"), `"components": {"x": {"$ref": "https://example.com/x.json"}}`),
			want: []issueWant{{"mcp/external-ref", mbase + ".components.x['$ref']", `$ref "https://example.com/x.json" ` + msg}}},
		{name: "in the outputSchema", targets: mcp,
			src:  mcpList(mcpTool("f", `"inputSchema": {"type": "object", "additionalProperties": false}, "outputSchema": {"type": "array", "items": {"$ref": "https://example.com/row.json"}}`)),
			want: []issueWant{{"mcp/external-ref", "$.result.tools[0].outputSchema.items['$ref']", "SHOULD reject the outputSchema rather than treat it as permissive"}}},
		{name: "MCP's rule ignored: no other speaks of it", targets: mcp, ignore: []string{"mcp/external-ref"}, src: mcpParams(ref("https://example.com/address.json"), "")},
		{name: "under mcp@2025-11-25, the warning every target gets", targets: []string{"mcp@2025-11-25"}, src: mcpParams(ref("https://example.com/address.json"), ""),
			want: []issueWant{{"remote-ref", mbase + ".properties.a", "points outside the tool's schema"}}},
	})
}

// refChain is an inputSchema whose property refers to the first of
// levels definitions, each an anyOf of two references to the next: it
// expands to 2^(levels+2)-1 subschemas.
func refChain(levels int) string {
	var defs []string
	for i := range levels {
		defs = append(defs, fmt.Sprintf(`"a%d": {"anyOf": [{"$ref": "#/$defs/a%d"}, {"$ref": "#/$defs/a%d"}]}`, i, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"a%d": {"type": "string"}`, levels))
	return `{"type": "object", "properties": {"p": {"$ref": "#/$defs/a0"}}, "$defs": {` + strings.Join(defs, ", ") + `}}`
}

func TestMCPWarnsOfACompositionThatExplodes(t *testing.T) {
	mcp := []string{"mcp"}
	inTool := func(input, more string) string {
		return mcpList(mcpTool("f", `"inputSchema": `+input+more))
	}
	recursive := `{"type": "object", "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#"}}}}`
	checkTargetCases(t, []string{"mcp/composition-too-large"}, []targetCase{
		{name: "eleven levels: 8,191 subschemas", targets: mcp, src: inTool(refChain(11), "")},
		{name: "a recursive schema", targets: mcp, src: inTool(recursive, "")},
		{name: "twelve levels: 16,383", targets: mcp, src: inTool(refChain(12), ""),
			want: []issueWant{{"mcp/composition-too-large", "$.result.tools[0].inputSchema['$defs'].a0",
				"this schema expands to 16,381 subschemas once its $refs are followed (the inputSchema to 16,383): past 10,000, a client that bounds its validator, as MCP asks, rejects the tool"}}},
		{name: "sixteen levels", targets: mcp, src: inTool(refChain(16), ""),
			want: []issueWant{{"mcp/composition-too-large", "$.result.tools[0].inputSchema['$defs'].a0", "expands to 262,141 subschemas"}}},
		{name: "in the outputSchema", targets: mcp, src: inTool(`{"type": "object", "additionalProperties": false}`, `, "outputSchema": `+refChain(14)),
			want: []issueWant{{"mcp/composition-too-large", "$.result.tools[0].outputSchema['$defs'].a0", "(the outputSchema to 65,535)"}}},
		{name: "not under mcp@2025-11-25", targets: []string{"mcp@2025-11-25"}, src: inTool(refChain(16), "")},
	})
}
