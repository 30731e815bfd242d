package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/call"
	"toolbench/core/jsondoc"
	"toolbench/internal/mcpclient"
)

const runTools = `{"tools": [
	{"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string", "maxLength": 5}}, "required": ["text"]}},
	{"name": "sum", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}},
	 "outputSchema": {"type": "object", "properties": {"sum": {"type": "number"}}, "required": ["sum"]}}
]}`

// fakeServer answers calls with the result or error its table holds for
// the tool, and records what it was sent.
type fakeServer struct {
	results map[string]string // tool -> result object
	errs    map[string]error
	sent    []string // "name arguments"
}

func (f *fakeServer) Call(ctx context.Context, name string, args json.RawMessage) (*mcpclient.CallResult, error) {
	f.sent = append(f.sent, name+" "+string(args))
	if err := f.errs[name]; err != nil {
		return nil, err
	}
	res := f.results[name]
	return &mcpclient.CallResult{Result: json.RawMessage(res), IsError: strings.Contains(res, `"isError": true`), Elapsed: 4 * time.Millisecond}, nil
}

func schemasOf(t *testing.T, text string) *call.Schemas {
	t.Helper()
	doc, err := jsondoc.Parse("tools.json", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := call.LoadSchemas(doc, "tools")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func callOf(t *testing.T, text string) call.Call {
	t.Helper()
	n, err := jsondoc.ParseValue("call", text)
	if err != nil {
		t.Fatal(err)
	}
	return call.NormalizeCall(n)
}

func TestRunSendsValidCallsAndDescribesWhatCameBack(t *testing.T) {
	t.Parallel()
	srv := &fakeServer{
		results: map[string]string{
			"echo": `{"content": [{"type": "text", "text": "hi\nthere"}]}`,
			"sum":  `{"content": [], "structuredContent": {"sum": "five"}}`,
		},
	}
	s := schemasOf(t, runTools)
	tests := []struct {
		name     string
		call     string
		opt      Options
		sent     string // what the server received, "" for nothing
		status   string
		details  []string
		failed   bool
		override map[string]string // results for this case
	}{
		{name: "ok", call: `{"name": "echo", "arguments": {"text": "hi"}}`, sent: `echo {"text":"hi"}`,
			status: "ok 4 ms", details: []string{"hi", "there"}},
		{name: "invalid is not sent", call: `{"name": "echo", "arguments": {}}`,
			status: "missing:text", failed: true},
		{name: "deep errors are not sent either", call: `{"name": "echo", "arguments": {"text": "too long"}}`, opt: Options{Deep: true},
			status: "schema:/text: maxLength: got 8, want 5", failed: true},
		{name: "malformed", call: `{"arguments": {}}`, status: "malformed:no name", failed: true},
		{name: "output breaks the outputSchema", call: `{"name": "sum", "arguments": {"a": 1}}`, sent: `sum {"a":1}`,
			status: "ok 4 ms", details: []string{"output /sum: got string, want number"}, failed: true},
		{name: "output conforms", call: `{"name": "sum", "arguments": {"a": 1}}`, sent: `sum {"a":1}`,
			override: map[string]string{"sum": `{"content": [{"type": "text", "text": "5"}], "structuredContent": {"sum": 5}}`},
			status:   "ok 4 ms", details: []string{"5"}},
		{name: "tool error is not checked against the outputSchema", call: `{"name": "sum", "arguments": {}}`, sent: `sum {}`,
			override: map[string]string{"sum": `{"content": [{"type": "text", "text": "no"}], "isError": true}`},
			status:   "tool error 4 ms", details: []string{"no"}, failed: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv.sent = nil
			saved := srv.results
			if tc.override != nil {
				srv.results = tc.override
			}
			defer func() { srv.results = saved }()
			o := Run(context.Background(), srv, s, callOf(t, tc.call), tc.opt)
			if got := strings.Join(srv.sent, "\n"); got != tc.sent {
				t.Errorf("sent %q, want %q", got, tc.sent)
			}
			if got := o.Status(); got != tc.status {
				t.Errorf("Status = %q, want %q", got, tc.status)
			}
			if diff := cmp.Diff(tc.details, o.Details()); diff != "" {
				t.Errorf("Details (-want +got):\n%s", diff)
			}
			if o.Failed() != tc.failed {
				t.Errorf("Failed = %v, want %v", o.Failed(), tc.failed)
			}
			if _, ok := o.Entry("srv"); ok != (tc.sent != "") {
				t.Errorf("Entry ok = %v for a call sent = %v", ok, tc.sent != "")
			}
		})
	}
}

func TestRunTellsARefusedCallFromAFailedServer(t *testing.T) {
	t.Parallel()
	s := schemasOf(t, runTools)
	refused := &mcpclient.RPCError{Method: "tools/call", Code: -32602, Message: "unknown tool"}
	srv := &fakeServer{errs: map[string]error{"echo": refused}}
	o := Run(context.Background(), srv, s, callOf(t, `{"name": "echo", "arguments": {"text": "x"}}`), Options{})
	if !o.Refused() || !o.Failed() || !strings.HasPrefix(o.Status(), "protocol error ") || !strings.HasSuffix(o.Status(), `: JSON-RPC error -32602: "unknown tool"`) {
		t.Errorf("refused call: Refused %v, Failed %v, Status %q", o.Refused(), o.Failed(), o.Status())
	}
	srv.errs["echo"] = &mcpclient.ExitError{Code: 7, Stderr: "panic\n"}
	o = Run(context.Background(), srv, s, callOf(t, `{"name": "echo", "arguments": {"text": "x"}}`), Options{})
	var exit *mcpclient.ExitError
	if o.Refused() || !errors.As(o.Err, &exit) || !strings.HasPrefix(o.Status(), "failed ") || !strings.HasSuffix(o.Status(), `: server exited with status 7; stderr: "panic\n"`) {
		t.Errorf("failed server: Refused %v, Err %v, Status %q", o.Refused(), o.Err, o.Status())
	}
}

func TestContentLinesDescribeEachKindOfItem(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, result string
		want         []string
	}{
		{"text, escaped", `{"content": [{"type": "text", "text": "a\u001b[31m\tb\nc\u202e"}]}`, []string{`a\x1b[31m` + "\tb", `c\u{202E}`}},
		{"image", `{"content": [{"type": "image", "mimeType": "image/png", "data": "` + strings.Repeat("AAAA", 412) + `"}]}`, []string{"[image/png, 1,236 bytes]"}},
		{"audio of one byte", `{"content": [{"type": "audio", "mimeType": "audio/wav", "data": "AA=="}]}`, []string{"[audio/wav, 1 byte]"}},
		{"data that is not base64", `{"content": [{"type": "image", "mimeType": "image/png", "data": "!"}]}`, []string{"[image/png, data that is not base64]"}},
		{"resource link", `{"content": [{"type": "resource_link", "uri": "test://static/resource/1", "name": "r"}]}`, []string{"test://static/resource/1"}},
		{"embedded text resource", `{"content": [{"type": "resource", "resource": {"uri": "file:///a.txt", "mimeType": "text/plain", "text": "hello"}}]}`, []string{"[resource file:///a.txt, text/plain, 5 bytes]"}},
		{"embedded blob", `{"content": [{"type": "resource", "resource": {"uri": "file:///a.gz", "blob": "AAAA"}}]}`, []string{"[resource file:///a.gz, no MIME type, 3 bytes]"}},
		{"unknown type", `{"content": [{"type": "hologram"}]}`, []string{"[hologram content]"}},
		{"several", `{"content": [{"type": "text", "text": "one"}, {"type": "text", "text": "two"}]}`, []string{"one", "two"}},
		{"none", `{"content": []}`, nil},
		{"not a list", `{"content": {}}`, []string{"[content is not a list of items]"}},
		{"not an item", `{"content": [3]}`, []string{"[a content item that is not an object]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ContentLines(json.RawMessage(tc.result))); diff != "" {
				t.Errorf("ContentLines (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMillisRoundsToWholeMillisecondsAboveOne(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{4 * time.Millisecond, "4 ms"},
		{4600 * time.Microsecond, "5 ms"},
		{1500 * time.Millisecond, "1500 ms"},
		{400 * time.Microsecond, "0.4 ms"},
		{0, "0.0 ms"},
	} {
		if got := Millis(tc.d); got != tc.want {
			t.Errorf("Millis(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestACancelledCallSaysSo(t *testing.T) {
	t.Parallel()
	s := schemasOf(t, runTools)
	srv := &fakeServer{errs: map[string]error{"echo": fmt.Errorf("tools/call %q: %w", "echo", context.Canceled)}}
	o := Run(context.Background(), srv, s, callOf(t, `{"name": "echo", "arguments": {"text": "x"}}`), Options{})
	if !strings.HasPrefix(o.Status(), "cancelled ") || !strings.HasSuffix(o.Status(), " ms") || !o.Failed() {
		t.Errorf("Status %q, Failed %v; want cancelled N ms, failed", o.Status(), o.Failed())
	}
	if e, ok := o.Entry("srv"); !ok || e.Error == nil || !strings.Contains(e.Error.Message, "context canceled") {
		t.Errorf("a cancelled call was sent: its entry should say it was cancelled, got %+v", e)
	}
}

func TestStructuredLinesIndentTheStructuredContentEscaped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		result string
		want   []string
	}{
		{"none", `{"content": []}`, nil},
		{"an object", `{"content": [], "structuredContent": {"sum": 5, "parts": [1.50, 3.5]}}`,
			[]string{"{", `  "sum": 5,`, `  "parts": [`, "    1.50,", "    3.5", "  ]", "}"}},
		{"raw control characters in a string", "{\"structuredContent\": {\"s\": \"a\u202eb\"}}",
			[]string{"{", `  "s": "a\u{202E}b"`, "}"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Outcome{Result: json.RawMessage(tc.result)}.StructuredLines()
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("StructuredLines (-want +got):\n%s", diff)
			}
		})
	}
}
