package mcpserve

import (
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// checkArguments runs the check of arguments on a call of explain_code
// with args, and returns the tool error it answers with, "" for none.
func checkArguments(t testing.TB, args string) string {
	t.Helper()
	inputs := map[string]*jsonschema.Schema{explainToolName: schemaOf[explainInput](explainInputDocs, false)}
	next := func(context.Context, string, mcp.Request) (mcp.Result, error) { return &mcp.CallToolResult{}, nil }
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: explainToolName, Arguments: json.RawMessage(args)}}
	res, err := checkedArguments(inputs)(next)(context.Background(), "tools/call", req)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.(*mcp.CallToolResult); r.IsError {
		return r.Content[0].(*mcp.TextContent).Text
	}
	return ""
}

func TestArgumentsOfTheWrongKindAreNamedAsMcpclientNamesKinds(t *testing.T) {
	tests := []struct{ args, want string }{
		{`[1]`, "arguments are a list; they must be an object of the tool's arguments"},
		{`"x"`, "arguments are a string; they must be an object of the tool's arguments"},
		{` -1`, "arguments are a number; they must be an object of the tool's arguments"},
		{`true`, "arguments are a boolean; they must be an object of the tool's arguments"},
		{`{"code": 5}`, "code is 5; it must be a string"},
		{`{"code": ["a"]}`, "code is a list; it must be a string"},
		{`{"code": null}`, "code is null; it must be a string"},
		{`{}`, "code is missing; give it"},
		{``, "code is missing; give it"}, // no arguments are an object of none
		{`{"code": "missing"}`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.args, func(t *testing.T) {
			if got := checkArguments(t, tc.args); got != tc.want {
				t.Errorf("arguments %s: %q, want %q", tc.args, got, tc.want)
			}
		})
	}
	// A decoder's error that quotes no value: nothing there is no JSON
	// value, as mcpclient, which names the kinds of both, says.
	if got := kindOfPrefix(`""`); got != "not a JSON value" {
		t.Errorf("the kind of an empty quote: %q, want %q", got, "not a JSON value")
	}
}

func TestTheArgumentsOfACallAreDecodedOnce(t *testing.T) {
	// A MiB of argument: checking them costs what decoding them costs,
	// once, measured here as the floor.
	args := `{"code": "` + strings.Repeat("x", 1<<20) + `"}`
	if got := checkArguments(t, args); got != "" { // the schema's first use, whatever it sets up
		t.Fatalf("the call answered %q", got)
	}
	decode := func() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(args), &m); err != nil {
			t.Fatal(err)
		}
	}
	floor, checked := allocated(decode), allocated(func() { checkArguments(t, args) })
	if checked > floor*5/4 { // twice is 1.5 times
		t.Errorf("checking a call's arguments allocated %d bytes, %.2f times what decoding them once does (%d)", checked, float64(checked)/float64(floor), floor)
	}
}

// allocated is the bytes f allocates: the least of a few runs, as
// another goroutine may allocate during one.
func allocated(f func()) uint64 {
	least := uint64(1 << 62)
	for range 5 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
