package tui

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"toolbench/core/catalog"
	"toolbench/core/termtext"
	"toolbench/internal/proxy"
)

// sgr is a Select Graphic Rendition sequence: the only escape sequence
// the workbench's own styles write.
var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// rawHazards is what in a screen's content a terminal would act on or a
// reader could not see, besides the workbench's own colors: text from
// the traffic must never add any.
func rawHazards(content string) []string {
	return termtext.Hazards(sgr.ReplaceAllString(content, ""))
}

// hostileEvents are a session whose every piece of text a peer or the
// proxy's checks put on screen hides terminal controls, bidi overrides,
// zero-width characters or bytes that are not UTF-8, or is huge.
func hostileEvents(s string) []proxy.Event {
	huge := strings.Repeat("w", 1<<20)
	params := json.RawMessage(`{"name":"` + s + `","arguments":{"text":"\u202eevil` + "\u202e\u200b" + `","` + huge + `":1}}`)
	f := proxy.Finding{Code: "code" + s, Severity: catalog.Error, Text: "text" + s + huge, Hint: "hint" + s, Tool: "tool" + s}
	return []proxy.Event{
		{Time: trafficAt(1), From: proxy.Client, To: proxy.Server, Kind: "request" + s, Method: "tools/call", ID: json.RawMessage(`"` + s + `"`),
			Tool: "tool" + s + huge, Bytes: len(params), Verdict: proxy.Refused, Params: params, Findings: []proxy.Finding{f, f}},
		{Time: trafficAt(2), From: proxy.Proxy, To: proxy.Client, Kind: "response", Method: "tools/call", ID: json.RawMessage(`"` + s + `"`),
			Tool: "tool" + s, Verdict: proxy.Sent, Latency: time.Millisecond},
		{Time: trafficAt(3), From: proxy.Peer("peer" + s), To: proxy.Client, Kind: "notification", Method: "method" + s + huge,
			Verdict: proxy.Verdict("verdict" + s), Findings: []proxy.Finding{{Code: s, Severity: catalog.Severity(9), Text: s, Hint: s, Tool: s}}},
		{Time: trafficAt(4), From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/list", ID: json.RawMessage(s),
			Verdict: proxy.Filtered, Result: json.RawMessage(`{"tools":[{"name":"` + s + `"}]}`),
			Findings: []proxy.Finding{{Code: proxy.CodeWithheld, Severity: catalog.Error, Text: s, Hint: s, Tool: s}}},
	}
}

// hostileText is what the traffic hides in its text, each kind at once.
const hostileText = "x\x1b[2J\x1b]0;title\x07\u202e\u200b\xff\x9b31m\ty"

// trafficWalk is keys that visit every list, filter, the detail under
// the list, the whole message and the tester.
var trafficWalk = []string{"g", "j", "c", "g", "v", "j", "esc", "x", "k", "c", "G", "k", "k", "v", "G", "esc", "enter", "tab", "g", "enter"}

func TestHostileTrafficIsShownEscaped(t *testing.T) {
	t.Parallel()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 160, 50)
	m.setFocus(paneTraffic)
	m = withTraffic(t, m, hostileEvents(hostileText)...)
	raw := []string{"\x1b[2J", "\x1b]0;", "\x07", "\u202e", "\u200b", "\xff", "\u009b"}
	for i, k := range append([]string{""}, trafficWalk...) {
		if k != "" {
			m = press(t, m, k)
		}
		content := m.View().Content
		for _, r := range raw {
			if strings.Contains(content, r) {
				t.Errorf("after %q: the screen holds %q raw", trafficWalk[:i], r)
			}
		}
		if h := rawHazards(content); len(h) > 0 {
			t.Errorf("after %q: the screen holds %v", trafficWalk[:i], h)
		}
	}
	// Seen escaped: in the rows, the detail and the whole message.
	m = withTraffic(t, fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 160, 50), hostileEvents(hostileText)...)
	m.setFocus(paneTraffic)
	for _, keys := range [][]string{{"g"}, {"g", "v"}, {"G"}} {
		s := screen(press(t, m, keys...))
		if !strings.Contains(s, `x\x1b[2J\x1b]0;title\x07\u{202E}\u{200B}\xff`) {
			t.Errorf("after %q the hostile text should show escaped:\n%s", keys, s)
		}
	}
}

func TestAHostileCallOpensInTheTesterAsJSONEscapes(t *testing.T) {
	t.Parallel()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 160, 50)
	m.setFocus(paneTraffic)
	evil := json.RawMessage(`{"name":"echo","arguments":{"text":"a` + "\u202e\u200b" + `b"}}`)
	m = withTraffic(t, m, proxy.Event{Time: trafficAt(1), From: proxy.Client, To: proxy.Server, Kind: "request", Method: "tools/call",
		ID: json.RawMessage("1"), Tool: "echo", Verdict: proxy.Relayed, Params: evil})
	m = press(t, m, "enter")
	if got, want := m.call.text(), `{"name": "echo", "arguments": {"text":"a\u202e\u200bb"}}`; got != want {
		t.Errorf("the tester holds %q, want %q: the same call, its hidden characters as JSON escapes", got, want)
	}
	if len(m.call.errs()) != 0 {
		t.Errorf("the call should still be valid: %q", m.call.errs())
	}
}

// FuzzTrafficPane feeds the workbench a session whose text is any
// string and walks the traffic's keys at two sizes: it must neither fail,
// nor lose its layout, nor let anything of the text reach the terminal
// raw.
func FuzzTrafficPane(f *testing.F) {
	for _, s := range []string{"", "plain", hostileText, "\x1b[31m", "\u202e", "日本語のツール 🚀", `"}]}`, "\xf0\x28\x8c\x28"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, size := range [][2]int{{80, 24}, {41, 12}} {
			m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, size[0], size[1])
			m.setFocus(paneTraffic)
			m = withTraffic(t, m, hostileEvents(s)...)
			for _, k := range trafficWalk {
				m = press(t, m, k)
				content := m.View().Content
				if lines := strings.Count(content, "\n") + 1; lines != size[1] {
					t.Fatalf("%dx%d after %q: %d lines", size[0], size[1], k, lines)
				}
				if h := rawHazards(content); len(h) > 0 {
					t.Fatalf("%dx%d after %q: the screen holds %v", size[0], size[1], k, h)
				}
			}
		}
	})
}

func TestRawHazardsFindsWhatTheWorkbenchNeverWrites(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		content string
		found   bool
	}{
		{"the workbench's colors", "\x1b[38;2;90;79;207mTools\x1b[m", false},
		{"a screen clear", "a\x1b[2Jb", true},
		{"a window title", "\x1b]0;x\x07", true},
		{"a bidi override", "a\u202eb", true},
		{"a C1 CSI", "\u009b31m", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(rawHazards(tc.content)) > 0; got != tc.found {
				t.Errorf("rawHazards(%q) found %v, want %v", tc.content, got, tc.found)
			}
		})
	}
}
