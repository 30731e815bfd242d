package proxy

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"toolbench/internal/jsonrpc"
	"toolbench/internal/mcpclient"
)

func TestARefusalListsAHundredFindingsEachCutShort(t *testing.T) {
	t.Parallel()
	long := "extra:" + strings.Repeat("é", 100_000)
	for _, tc := range []struct {
		name      string
		findings  int
		text      string
		wantLines int // the head line, the findings and "and N more"
		wantMore  string
	}{
		{"a few", 3, "extra:x", 1 + 3, ""},
		{"a hundred", 100, "extra:x", 1 + 100, ""},
		{"a hundred thousand", 100_000, "extra:x", 1 + 100 + 1, "and 99900 more findings"},
		{"one of a long name", 1, long, 1 + 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := make([]Finding, tc.findings)
			for i := range fs {
				fs[i] = Finding{Text: tc.text, Hint: "leave it out"}
			}
			var res struct {
				Result struct {
					Content []struct{ Text string } `json:"content"`
				} `json:"result"`
			}
			if err := json.Unmarshal(refusalResult([]byte("1"), fs, "", ""), &res); err != nil {
				t.Fatal(err)
			}
			text := res.Result.Content[0].Text
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			if len(lines) != tc.wantLines {
				t.Errorf("%d lines, want %d", len(lines), tc.wantLines)
			}
			if tc.wantMore != "" && lines[len(lines)-1] != tc.wantMore {
				t.Errorf("last line %q, want %q", lines[len(lines)-1], tc.wantMore)
			}
			for _, l := range lines {
				if len(l) > refusalLineSize+len("… - leave it out") || !utf8.ValidString(l) {
					t.Errorf("a line of %d bytes (valid UTF-8: %v), want at most %d of text and its hint", len(l), utf8.ValidString(l), refusalLineSize)
				}
			}
		})
	}
}

// TestTheLatencyOfACallCountsFromItsArrival has two calls wait for the
// proxy's own listing, which the server answers only once the client
// has answered its question: the second is checked only after the
// first. Each response's ms is at least the time between its request's
// line and its own, whether the server answered the call or the proxy
// refused it.
func TestTheLatencyOfACallCountsFromItsArrival(t *testing.T) {
	r, p := initialized(t, "asks-first", Options{CallTimeout: 10 * time.Second})
	p.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}`)
	for msg := p.next(); jsonrpc.Parse(msg).Method != "roots/list"; msg = p.next() {
		p.notes = append(p.notes, msg)
	}
	// Not an assertion: the calls wait long enough for a latency counted
	// from elsewhere than their arrival to show.
	time.Sleep(50 * time.Millisecond)
	p.send(`{"jsonrpc":"2.0","id":"roots-1","result":{"roots":[]}}`)
	p.answer("1")
	p.answer("2")
	r.stop(t)
	lines := recordLines(t, r.record.String())
	stamp := func(l jsonrpc.Message) time.Time {
		at, err := time.Parse(time.RFC3339Nano, field(l.Raw, "time"))
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	for _, tc := range []struct {
		name, id, from string
	}{
		{"answered by the server", "1", "server"},
		{"refused by the proxy", "2", "proxy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var asked, answered *jsonrpc.Message
			for i, l := range lines {
				switch {
				case field(l.Raw, "id") != tc.id || field(l.Raw, "method") != "tools/call":
				case field(l.Raw, "kind") == "request":
					asked = &lines[i]
				case field(l.Raw, "from") == tc.from:
					answered = &lines[i]
				}
			}
			if asked == nil || answered == nil {
				t.Fatalf("the record lacks the call %s or its answer from the %s:\n%s", tc.id, tc.from, describe(lines))
			}
			ms, _ := strconv.ParseFloat(field(answered.Raw, "ms"), 64)
			// The times are cut to microseconds, and so is ms; an answer's
			// line is stamped a little after its ms is taken, tens of
			// microseconds on a busy machine. A latency counted from
			// elsewhere than the arrival would miss the 50 ms the calls
			// waited: a millisecond's slack tells the two apart.
			if between := stamp(*answered).Sub(stamp(*asked)); time.Duration(ms*float64(time.Millisecond)) < between-time.Millisecond {
				t.Errorf("the answer's ms is %v, less than the %v between the call's line and its answer's:\n%s", ms, between, describe(lines))
			}
		})
	}
}

// TestACallTheProxyRefusesIsAnsweredInTheSessionsRevision: the tool
// result the proxy sends in the server's place, for a call that breaks
// the tool's schema or names a tool the lock withholds, says it is
// complete in a session of MCP 2026-07-28, as every result of that
// revision does, and has no resultType in one of 2025-11-25.
func TestACallTheProxyRefusesIsAnsweredInTheSessionsRevision(t *testing.T) {
	const (
		echo    = `{"name":"echo","description":"Echo the text back to the caller.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}`
		changed = `{"name":"send","description":"Send the text elsewhere.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}`
		pinned  = `{"name":"send","description":"Send the text.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}`
		modern  = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}`
	)
	revisions := []struct {
		name, open, opened, meta, wantType string
	}{
		{
			name:     "2026-07-28",
			open:     `{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{` + modern + `}}`,
			opened:   `{"jsonrpc":"2.0","id":0,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"},"resultType":"complete"}}`,
			meta:     modern + `,`,
			wantType: `"complete"`,
		},
		{
			name:     "2026-07-28, the requests without the _meta that names it",
			open:     `{"jsonrpc":"2.0","id":0,"method":"server/discover","params":{` + modern + `}}`,
			opened:   `{"jsonrpc":"2.0","id":0,"result":{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"},"resultType":"complete"}}`,
			wantType: `"complete"`,
		},
		{
			name:   "2025-11-25",
			open:   `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
			opened: `{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`,
		},
	}
	calls := []struct{ name, call, want string }{
		{name: "a call that breaks the tool's schema", call: `"name":"echo","arguments":{"txt":"x"}`, want: "missing:text"},
		{name: "a call of a tool the lock withholds", call: `"name":"send","arguments":{"text":"x"}`, want: "unknown_tool"},
	}
	for _, rev := range revisions {
		for _, tc := range calls {
			t.Run(rev.name+"/"+tc.name, func(t *testing.T) {
				opt := &Options{Upstream: mcpclient.Spec{Name: "test", Command: []string{"none"}}, Lock: pinning(t, "test", []byte(`{"tools":[`+echo+`,`+pinned+`]}`))}
				s := newSession(t.Context(), opt, nil, &logger{w: io.Discard})
				down := &answers{}
				s.up, s.down = discard{}, down
				s.fromClient([]byte(rev.open), nil, nil)
				s.fromServer([]byte(rev.opened), nil)
				s.fromClient([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{`+strings.TrimSuffix(rev.meta, ",")+`}}`), nil, nil)
				s.fromServer([]byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[`+echo+`,`+changed+`]}}`), nil)
				s.awaitLint(time.Minute)
				s.fromClient([]byte(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{`+rev.meta+tc.call+`}}`), nil, nil)
				if len(down.sent) != 3 {
					t.Fatalf("the client got %d messages, want the answers to the opening, the listing and the call:\n%s", len(down.sent), bytes.Join(down.sent, []byte("\n")))
				}
				answer := jsonrpc.Parse(down.sent[2])
				if string(answer.ID) != "2" || !bytes.Contains(answer.Result, []byte(tc.want)) || string(jsonrpc.Member(answer.Result, "isError")) != "true" {
					t.Fatalf("the call got %s, want a tool error saying %s", answer.Raw, tc.want)
				}
				if got := string(jsonrpc.Member(answer.Result, "resultType")); got != rev.wantType {
					t.Errorf("the refusal's resultType is %q, want %q: %s", got, rev.wantType, answer.Raw)
				}
			})
		}
	}
}
