package proxy

import (
	"bufio"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/internal/jsonrpc"
)

// readAll is every event of the record, with its line.
func readAll(t *testing.T, record string) ([]Event, []int) {
	t.Helper()
	var events []Event
	var lines []int
	err := ReadRecord(strings.NewReader(record), func(line int, e Event) error {
		events = append(events, e)
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return events, lines
}

func TestReadRecordGivesBackTheEventsTheRecordWasWrittenFrom(t *testing.T) {
	for _, all := range []bool{false, true} {
		t.Run(map[bool]string{false: "calls and listings", true: "every message whole"}[all], func(t *testing.T) {
			up, _ := testServer(t, "tools")
			var mu sync.Mutex
			var given []Event
			r := start(t, Options{Upstream: up, RecordMessages: all, Events: func(e Event) {
				mu.Lock()
				defer mu.Unlock()
				given = append(given, e)
			}})
			p := r.peer(t)
			p.initialize()
			p.call("1", "tools/list", `{}`)
			p.call("2", "tools/call", `{"name":"search","arguments":{}}`)
			p.call("3", "tools/call", `{"name":"search","arguments":{"query":"q"}}`)
			if err := r.stop(t); err != nil {
				t.Fatal(err)
			}
			read, lines := readAll(t, r.record.String())
			mu.Lock()
			defer mu.Unlock()
			want := make([]Event, len(given))
			for i, e := range given {
				// The record keeps microseconds.
				e.Time, e.Latency = e.Time.Truncate(time.Microsecond), e.Latency.Truncate(time.Microsecond)
				if all && e.Message != nil {
					// Read back, a line with the whole message has its
					// call's params and its listing's result too.
					if e.Method == "tools/call" && e.Kind == "request" {
						e.Params = jsonMember(t, e.Message, "params")
					}
				}
				want[i] = e
			}
			if diff := cmp.Diff(want, read); diff != "" {
				t.Errorf("events read back (-given +read):\n%s", diff)
			}
			for i, line := range lines {
				if line != i+1 {
					t.Fatalf("lines %v, want one event a line from 1", lines)
				}
			}
		})
	}
}

func jsonMember(t *testing.T, msg []byte, name string) []byte {
	t.Helper()
	v := jsonrpc.Member(msg, name)
	if v == nil {
		t.Fatalf("no %q in %s", name, msg)
	}
	return v
}

func TestReadRecordSaysWhereALineIsNotOneOfARecord(t *testing.T) {
	good := `{"time":"2026-12-04T20:54:53.149137Z","from":"client","to":"server","kind":"request","method":"tools/list","id":1,"bytes":46,"verdict":"relayed"}`
	cases := []struct {
		name, record, want string
	}{
		{"not JSON", good + "\n" + `{"time": "x", "from": }`, "2:23: not JSON: "},
		{"a member missing", `{"time":"2026-12-04T20:54:53Z","from":"client","kind":"request","verdict":"sent"}`, `1: not a line of a record: it lacks "time", "from", "to", "kind" or "verdict"`},
		{"a member of the wrong type", strings.Replace(good, `"bytes":46`, `"bytes":"46"`, 1), `1:123: "bytes" is a JSON string`},
		{"an unknown verdict", strings.Replace(good, "relayed", "passed", 1), `1: "verdict" "passed" is none of`},
		{"an unknown peer", strings.Replace(good, `"from":"client"`, `"from":"model"`, 1), `1: "from" "model" and "to" "server"`},
		{"a time that is not one", strings.Replace(good, `2026-12-04T20:54:53.149137Z`, `yesterday`, 1), `1: "time" "yesterday" is not a time`},
		{"a negative latency", strings.Replace(good, `"bytes":46`, `"bytes":46,"ms":-1`, 1), `1: "ms", "bytes", "dropped" and "repeats" are counts`},
		{"a negative count of repeats", strings.Replace(good, `"bytes":46`, `"bytes":46,"repeats":-1`, 1), `1: "ms", "bytes", "dropped" and "repeats" are counts`},
		{"an of that is no time", strings.Replace(good, `"bytes":46`, `"bytes":46,"of":"then"`, 1), `1: "of" "then" is not a time in RFC 3339`},
		{"a line that is not an object", good + "\n\n" + `["a"]`, "3:1: not a line of a record: a record line is a JSON object"},
		{"a call's lines, not a record's", `{"name": "search", "args": {}}`, `1: not a line of a record`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := ReadRecord(strings.NewReader(tc.record), func(int, Event) error { return nil })
			var re *RecordError
			if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want a *RecordError starting %q", err, tc.want)
			}
		})
	}
}

// zeros is an endless input of zero bytes, as /dev/zero is, which counts
// what was read of it.
type zeros struct{ read int }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read += len(p)
	return len(p), nil
}

func TestReadRecordStopsAtOnceOnWhatIsNoRecord(t *testing.T) {
	z := &zeros{}
	err := ReadRecord(z, func(int, Event) error { t.Fatal("an event of zeros"); return nil })
	var re *RecordError
	if !errors.As(err, &re) || re.Line != 1 || re.Column != 1 || z.read > 1<<20 {
		t.Errorf("error %v after %d bytes, want one at 1:1 within a MiB", err, z.read)
	}
}

func TestALineLongerThanTheBoundIsAnErrorOnceItPassesIt(t *testing.T) {
	long := `{"time":"` + strings.Repeat("x", 1000) + "\n"
	_, err := readLine(bufio.NewReaderSize(strings.NewReader(long), 16), 100, 7)
	var re *RecordError
	if !errors.As(err, &re) || re.Line != 7 || !strings.Contains(err.Error(), "a line longer than") {
		t.Errorf("error %v, want line 7 longer than the bound", err)
	}
}

func TestReadRecordStopsAtTheErrorOfItsFunction(t *testing.T) {
	good := `{"time":"2026-12-04T20:54:53Z","from":"client","to":"server","kind":"request","bytes":1,"verdict":"relayed"}` + "\n"
	stop := errors.New("stop")
	n := 0
	err := ReadRecord(strings.NewReader(good+good+good), func(int, Event) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("error %v after %d events, want stop after 1", err, n)
	}
}

// listingLine is a record line of a tools/list response from the server
// to to, with result.
func listingLine(to Peer, result string) string {
	e := Event{Time: time.Date(2026, 12, 4, 20, 0, 0, 0, time.UTC), From: Server, To: to, Kind: "response", Method: "tools/list", ID: []byte("1"), Verdict: Relayed, Result: []byte(result)}
	return string(e.appendLine(nil)) + "\n"
}

func TestListingsAreTheCompleteListingsWithTheirPagesJoined(t *testing.T) {
	call := `{"time":"2026-12-04T20:00:00Z","from":"client","to":"server","kind":"request","method":"tools/call","bytes":1,"verdict":"relayed","params":{"name":"a"}}` + "\n"
	record := listingLine(Client, `{"tools":[{"name":"old"}]}`) +
		call +
		listingLine(Client, `{"tools":[{"name":"a"},{"name":"b"}],"nextCursor":"2"}`) +
		listingLine(Client, `{"tools":[{"name":"c"}]}`) +
		listingLine(Proxy, `{"tools":[{"name":"own", "description":"the proxy's own listing"}]}`) +
		listingLine(Client, `{"tools":[{"name":"partial"}],"nextCursor":"x"}`)
	type listing struct {
		Tools       []string
		Line, Pages int
	}
	all := func(record string) ([]listing, error) {
		var got []listing
		err := Listings(strings.NewReader(record), func(l Listing) error {
			var tools []string
			for _, tool := range l.Tools {
				tools = append(tools, string(tool))
			}
			got = append(got, listing{tools, l.Line, l.Pages})
			return nil
		})
		return got, err
	}
	got, err := all(record)
	if err != nil {
		t.Fatal(err)
	}
	want := []listing{
		{[]string{`{"name":"old"}`}, 1, 1},
		{[]string{`{"name":"a"}`, `{"name":"b"}`, `{"name":"c"}`}, 4, 2},
		{[]string{`{"name":"own", "description":"the proxy's own listing"}`}, 5, 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("listings (-want +got):\n%s", diff)
	}
	if none, err := all(call); none != nil || err != nil {
		t.Errorf("a record without a listing: %+v, %v; want none", none, err)
	}
	_, err = all(call + listingLine(Client, `{"tools":"no"}`))
	var re *RecordError
	if !errors.As(err, &re) || re.Line != 2 {
		t.Errorf("a listing that is not one: %v, want an error on line 2", err)
	}
	stop := errors.New("stop")
	n := 0
	err = Listings(strings.NewReader(record), func(Listing) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("error %v after %d listings, want stop after 1", err, n)
	}
}

func TestFindingsComeBackWithTheirSeverity(t *testing.T) {
	e := Event{Time: time.Unix(0, 0).UTC(), From: Client, To: Server, Kind: "request", Method: "tools/call", Verdict: Refused,
		Findings: []Finding{{Code: "missing", Severity: catalog.Error, Text: "missing:query", Hint: "send it", Tool: "search"}, {Code: "empty-properties", Severity: catalog.Warning, Text: "w"}}}
	read, _ := readAll(t, string(e.appendLine(nil)))
	if diff := cmp.Diff(e.Findings, read[0].Findings); diff != "" {
		t.Errorf("findings (-written +read):\n%s", diff)
	}
}

// TestAResponseIsRecordedWithTheIDOfTheClientsRequest reads the record
// of a client on HTTP in front of a spawned server of MCP 2026-07-28,
// whose requests the proxy renumbers on the server's side: each response
// to the client is recorded with the id of the client's request, as the
// client received it, so that a reader of the record pairs the two.
func TestAResponseIsRecordedWithTheIDOfTheClientsRequest(t *testing.T) {
	up, _ := testServer(t, "modern")
	url, _, record := serve(t, Options{Upstream: up}, listen(t))
	s := sdkOverHTTP(t, url, "2026-07-28")
	if _, err := s.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Lines come as the proxy finishes each message: a request's line may
	// follow its response's, so the record is read once both are there.
	waitFor(t, "the listing's request and response in the record", func() bool {
		r := record.String()
		return strings.Contains(r, `"from":"server","to":"client","kind":"response","method":"tools/list"`) &&
			strings.Contains(r, `"from":"client","to":"server","kind":"request","method":"tools/list"`)
	})
	events, _ := readAll(t, record.String())
	asked := map[string]bool{}
	for _, e := range events {
		if e.From == Client && e.Kind == "request" {
			asked[string(e.ID)] = true
		}
	}
	for _, e := range events {
		if e.From == Server && e.To == Client && e.Kind == "response" && e.Method != "" && !asked[string(e.ID)] {
			t.Errorf("the %s response is recorded with the id %s, which no request of the client's had (%v)", e.Method, e.ID, asked)
		}
	}
}

// TestReadRecordGivesBackTheLinesAboutAMessageRecordedEarlier writes
// the lines that say what became of a message recorded earlier, and
// reads them back as the events they were written from.
func TestReadRecordGivesBackTheLinesAboutAMessageRecordedEarlier(t *testing.T) {
	at := time.Date(2026, 12, 4, 20, 54, 53, 149137000, time.UTC)
	sent := Event{Time: at, From: Server, To: Client, Kind: "response", Method: "tools/call", ID: []byte(`7`), Tool: "search", Bytes: 120, Verdict: Relayed}
	lost := sent.undelivered("the client's connection ended before it was written")
	lost.Time = at.Add(time.Second)
	tests := []struct {
		name string
		e    Event
	}{
		{name: "passed on and never written", e: *lost},
		{name: "a run summed up", e: Event{Time: at.Add(time.Minute), From: Server, To: Client, Kind: "notification", Method: "notifications/progress",
			Bytes: 99900, Verdict: Dropped, Of: at, Why: "progress of the same token", Repeats: 999}},
		{name: "a run passed on summed up", e: Event{Time: at.Add(time.Minute), From: Server, To: Client, Kind: "notification", Method: "notifications/message",
			Bytes: 348, Verdict: Relayed, Of: at, Why: "log lines tied to the request of the line this one is of, given up", Repeats: 4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			read, _ := readAll(t, string(tc.e.appendLine(nil)))
			if diff := cmp.Diff([]Event{tc.e}, read); diff != "" {
				t.Errorf("the event read back (-written +read):\n%s", diff)
			}
		})
	}
}
