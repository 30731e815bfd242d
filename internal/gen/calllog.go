package gen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// callLogTypes are the flat types the tools of CallLog use, with a value
// of each that passes and one that fails.
var callLogTypes = []struct {
	flat, good, bad string
}{
	{"str", `"vector databases"`, `42`},
	{"int", `25`, `2.5`},
	{"float", `0.75`, `"0.75"`},
	{"bool", `true`, `1`},
	{"list", `["a", "b", 3]`, `{}`},
	{"dict", `{"k": [1, 2]}`, `[]`},
}

// CallLog returns a flat schema file of 24 tools and a JSON Lines log of
// n calls to them, the same for the same n: most valid, some with
// missing, extra or mistyped arguments, unknown tools and broken lines
// (one in about 200 has text after its JSON value), in every shape
// models write a call (flat, OpenAI, Anthropic, MCP, Gemini).
func CallLog(n int) (schemas string, log []byte) {
	r := rand.New(rand.NewPCG(1, 2))
	const tools = 24
	type field struct {
		name string
		typ  int
	}
	fields := make([][]field, tools)
	var sb strings.Builder
	sb.WriteString("{")
	for i := range tools {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, "\n  \"tool_%d\": {\"required\": {", i)
		k := 2 + r.IntN(6)
		for j := range k {
			f := field{name: "arg_" + strconv.Itoa(j), typ: r.IntN(len(callLogTypes))}
			fields[i] = append(fields[i], f)
			if j == k/2 {
				sb.WriteString("}, \"optional\": {")
			} else if j > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "%q: %q", f.name, callLogTypes[f.typ].flat)
		}
		sb.WriteString("}}")
	}
	sb.WriteString("\n}\n")

	var b bytes.Buffer
	for range n {
		i := r.IntN(tools)
		var args strings.Builder
		args.WriteString("{")
		for j, f := range fields[i] {
			v := callLogTypes[f.typ].good
			switch roll := r.IntN(100); {
			case roll < 3:
				continue // missing, or an absent optional
			case roll < 6:
				v = callLogTypes[f.typ].bad
			}
			if j > 0 && args.Len() > 1 {
				args.WriteString(", ")
			}
			fmt.Fprintf(&args, "%q: %s", f.name, v)
		}
		if r.IntN(20) == 0 {
			args.WriteString(`, "debug": true`)
		}
		args.WriteString("}")
		name := "tool_" + strconv.Itoa(i)
		if r.IntN(50) == 0 {
			name = "unknown_tool"
		}
		switch r.IntN(6) {
		case 0:
			fmt.Fprintf(&b, `{"name": %q, "args": %s}`, name, args.String())
		case 1:
			fmt.Fprintf(&b, `{"id": "call_%d", "type": "function", "function": {"name": %q, "arguments": %q}}`, r.IntN(1e6), name, args.String())
		case 2:
			fmt.Fprintf(&b, `{"type": "tool_use", "id": "toolu_%d", "name": %q, "input": %s}`, r.IntN(1e6), name, args.String())
		case 3:
			fmt.Fprintf(&b, `{"jsonrpc": "2.0", "id": %d, "method": "tools/call", "params": {"name": %q, "arguments": %s}}`, r.IntN(1e6), name, args.String())
		case 4:
			fmt.Fprintf(&b, `{"functionCall": {"name": %q, "args": %s}}`, name, args.String())
		default:
			fmt.Fprintf(&b, `{"name": %q, "arguments": %s}`, name, args.String())
		}
		if r.IntN(200) == 0 {
			b.WriteString(` trailing`)
		}
		b.WriteByte('\n')
	}
	return sb.String(), b.Bytes()
}

// WithoutBrokenLines is a CallLog's log without the lines that have text
// after their JSON value: what a reader of JSON values one after another
// reads through, for the floor a benchmark compares with.
func WithoutBrokenLines(log []byte) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(log, []byte("\n")) {
		if !bytes.Contains(l, []byte(" trailing")) {
			out = append(out, l...)
		}
	}
	return out
}
