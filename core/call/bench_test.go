package call

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// benchCallTypes are the flat types the generated tools use, with a value
// of each that passes and one that fails.
var benchCallTypes = []struct {
	flat, good, bad string
}{
	{"str", `"vector databases"`, `42`},
	{"int", `25`, `2.5`},
	{"float", `0.75`, `"0.75"`},
	{"bool", `true`, `1`},
	{"list", `["a", "b", 3]`, `{}`},
	{"dict", `{"k": [1, 2]}`, `[]`},
}

// benchCallLog generates a flat schema file of tools and a JSON Lines log
// of n calls to them: most valid, some with missing, extra or mistyped
// arguments, unknown tools and broken lines, in the shapes models write.
func benchCallLog(n int) (schemas string, log []byte) {
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
			f := field{name: "arg_" + strconv.Itoa(j), typ: r.IntN(len(benchCallTypes))}
			fields[i] = append(fields[i], f)
			if j == k/2 {
				sb.WriteString("}, \"optional\": {")
			} else if j > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "%q: %q", f.name, benchCallTypes[f.typ].flat)
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
			v := benchCallTypes[f.typ].good
			switch roll := r.IntN(100); {
			case roll < 3:
				continue // missing, or an absent optional
			case roll < 6:
				v = benchCallTypes[f.typ].bad
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

func TestBenchCallLogIsMostlyValidAndCoversEveryOutcome(t *testing.T) {
	schemas, log := benchCallLog(2000)
	s := callFlatSchemas(t, schemas)
	seen := map[string]int{}
	valid, calls := 0, 0
	err := ReadCalls(bytes.NewReader(log), func(_ int, c Call) error {
		calls++
		errs := ValidateCall(c, s)
		if len(errs) == 0 {
			valid++
		}
		for _, e := range errs {
			seen[e[:strings.IndexByte(e, ':')]]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2000 {
		t.Errorf("calls = %d, want 2000", calls)
	}
	if valid < calls/2 {
		t.Errorf("valid = %d of %d, want most", valid, calls)
	}
	for _, code := range []string{"missing", "extra", "type", "unknown_tool", "malformed"} {
		if seen[code] == 0 {
			t.Errorf("no %s error in the generated log; seen %v", code, seen)
		}
	}
}

func BenchmarkValidateCall(b *testing.B) {
	s := callFlatSchemas(b, `{"search": {"required": {"query": "str", "limit": "int"}, "optional": {"lang": "str", "fuzzy": "bool", "score": "float"}}}`)
	for _, bc := range []struct{ name, call string }{
		{"valid", `{"name": "search", "args": {"query": "vector db", "limit": 10, "lang": "en", "score": 0.5}}`},
		{"invalid", `{"name": "search", "args": {"limit": true, "debug": 1, "lang": 3}}`},
	} {
		c := NormalizeCall(callNode(b, bc.call))
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ValidateCall(c, s)
			}
		})
	}
}

// readAllTokens is the floor for the JSON Lines path: reading every token
// of the input once with jsontext, building nothing.
func readAllTokens(data []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	for {
		if _, err := dec.ReadToken(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

func BenchmarkCallJSONLinesFloor(b *testing.B) {
	_, log := benchCallLog(10000)
	log = benchValidOnly(log)
	b.SetBytes(int64(len(log)))
	for b.Loop() {
		if err := readAllTokens(log); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCallJSONLines runs the command's path, CheckCalls with JSON
// output, on 10,000 generated calls, and reports its time as a multiple
// of the floor's on the same bytes.
func BenchmarkCallJSONLines(b *testing.B) {
	schemas, log := benchCallLog(10000)
	s := callFlatSchemas(b, schemas)
	floor := benchFloor(b, benchValidOnly(log))
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := CheckCalls(bytes.NewReader(log), io.Discard, s, CallOptions{JSON: true}); err != nil {
			b.Fatal(err)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(perOp)/float64(floor), "x-floor")
	b.ReportMetric(float64(perOp.Nanoseconds())/10000, "ns/call")
}

// benchValidOnly drops the lines jsontext cannot read as a stream, so the
// floor reads the same calls without stopping at a broken one.
func benchValidOnly(log []byte) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(log, []byte("\n")) {
		if !bytes.Contains(l, []byte(" trailing")) {
			out = append(out, l...)
		}
	}
	return out
}

// benchFloor is the fastest of a few runs of the floor.
func benchFloor(b *testing.B, data []byte) time.Duration {
	best := time.Duration(1 << 62)
	for range 5 {
		start := time.Now()
		if err := readAllTokens(data); err != nil {
			b.Fatal(err)
		}
		best = min(best, time.Since(start))
	}
	return best
}
