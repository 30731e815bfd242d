package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/call"
	"toolbench/internal/mcpclient"
)

func TestAHistoryLineIsReadBackAsTheEntryWritten(t *testing.T) {
	t.Parallel()
	when := time.Date(2025, 6, 1, 12, 0, 0, 123e6, time.FixedZone("", 2*3600))
	entries := []Entry{
		{Time: when, Server: "everything", Tool: "echo", Arguments: json.RawMessage(`{"message":"<hi>"}`),
			Result: json.RawMessage(`{"content":[{"type":"text","text":"Echo: <hi>"}]}`), Elapsed: 4213 * time.Microsecond},
		{Time: when, Server: "go", Tool: "nosuch", Arguments: json.RawMessage(`{}`),
			Error: &EntryError{Code: -32602, Message: `unknown tool "nosuch"`}, Elapsed: time.Millisecond},
		{Time: when, Server: "go", Tool: "crash", Arguments: json.RawMessage(`{}`),
			Error: &EntryError{Message: "server exited with status 7"}, Elapsed: 2 * time.Millisecond},
	}
	var b bytes.Buffer
	for _, e := range entries {
		if err := AppendEntry(&b, e); err != nil {
			t.Fatal(err)
		}
	}
	wantFirst := `{"time":"2025-06-01T12:00:00.123+02:00","server":"everything","method":"tools/call","params":{"name":"echo","arguments":{"message":"<hi>"}},"result":{"content":[{"type":"text","text":"Echo: <hi>"}]},"ms":4.213}`
	if first, _, _ := strings.Cut(b.String(), "\n"); first != wantFirst {
		t.Errorf("first line\n got %s\nwant %s", first, wantFirst)
	}
	var got []Entry
	err := ReadHistory(&b, func(line int, e Entry) error {
		if line != len(got)+1 {
			t.Errorf("entry %d read as line %d", len(got)+1, line)
		}
		got = append(got, e)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(entries, got, cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
}

func TestEveryHistoryLineIsACallThatChecks(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	AppendEntry(&b, Entry{Time: time.Now(), Tool: "echo", Arguments: json.RawMessage(`{"text":"hi"}`), Result: json.RawMessage(`{"content":[]}`)})
	AppendEntry(&b, Entry{Time: time.Now(), Tool: "echo", Error: &EntryError{Message: "no answer within 1s"}})
	var calls []string
	err := call.ReadCalls(&b, func(line int, c call.Call) error {
		calls = append(calls, c.Name+" "+string(argumentsJSON(c.Args))+" "+strings.Join(call.ValidateCall(c, schemasOf(t, runTools)), ","))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`echo {"text":"hi"} `, `echo {} missing:text`}
	if diff := cmp.Diff(want, calls); diff != "" {
		t.Errorf("history read as calls (-want +got):\n%s", diff)
	}
}

func TestOutcomeEntryKeepsTheJSONRPCErrorOrWhyTheServerFailed(t *testing.T) {
	t.Parallel()
	s := schemasOf(t, runTools)
	srv := &fakeServer{errs: map[string]error{"echo": &mcpclient.RPCError{Code: -32601, Message: "nope", Data: json.RawMessage(`{"x":1}`)}}}
	o := Run(context.Background(), srv, s, callOf(t, `{"name": "echo", "arguments": {"text": "a"}}`), Options{})
	e, ok := o.Entry("srv")
	if !ok || e.Server != "srv" || e.Tool != "echo" || string(e.Arguments) != `{"text":"a"}` || e.Result != nil {
		t.Fatalf("Entry = %+v, %v", e, ok)
	}
	if diff := cmp.Diff(&EntryError{Code: -32601, Message: "nope", Data: json.RawMessage(`{"x":1}`)}, e.Error); diff != "" {
		t.Errorf("Error (-want +got):\n%s", diff)
	}
	srv.errs["echo"] = errors.New("no answer within 1s")
	e, _ = Run(context.Background(), srv, s, callOf(t, `{"name": "echo", "arguments": {"text": "a"}}`), Options{}).Entry("srv")
	if diff := cmp.Diff(&EntryError{Message: "no answer within 1s"}, e.Error); diff != "" {
		t.Errorf("Error (-want +got):\n%s", diff)
	}
}

func TestReadHistoryNamesTheLineThatIsNotAnEntry(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, text, want string }{
		{"not JSON", "{\"time\": \"2025-06-01T12:00:00Z\", \"method\": \"tools/call\", \"params\": {\"name\": \"a\"}, \"ms\": 1}\n\nnope\n", "line 3: not a history entry"},
		{"another method", `{"time": "2025-06-01T12:00:00Z", "method": "tools/list", "params": {"name": "a"}}`, `line 1: not a history entry: want "method": "tools/call"`},
		{"bad time", `{"time": "noon", "method": "tools/call", "params": {"name": "a"}}`, "line 1: time: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ReadHistory(strings.NewReader(tc.text), func(int, Entry) error { return nil })
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("ReadHistory error = %v, want one starting %q", err, tc.want)
			}
		})
	}
}

func TestOpenHistoryAppends(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history.jsonl")
	for range 2 {
		f, err := OpenHistory(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := AppendEntry(f, Entry{Time: time.Now(), Tool: "echo"}); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 2 {
		t.Errorf("%d lines after two appends:\n%s", n, data)
	}
}
