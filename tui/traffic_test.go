package tui

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/google/go-cmp/cmp"

	"toolbench/core/catalog"
	"toolbench/internal/proxy"
)

func TestTrafficFeedSendNeverWaitsAndCountsWhatItDrops(t *testing.T) {
	t.Parallel()
	f := NewTrafficFeed(4)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 10 {
			f.Send(proxy.Event{Kind: "notification", Method: "n" + strconv.Itoa(i)})
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Send waited for a reader") // a guard, not a measure
	}
	msg := readTraffic(f)().(trafficMsg)
	if len(msg.rows) != 4 || msg.dropped != 6 || msg.closed {
		t.Fatalf("got %d rows, %d dropped, closed %v; want the 4 the feed holds, 6 dropped, open", len(msg.rows), msg.dropped, msg.closed)
	}
	for i, r := range msg.rows {
		if want := "n" + strconv.Itoa(i); r.method != want {
			t.Errorf("row %d is %q, want %q: the first events are kept, in order", i, r.method, want)
		}
	}
}

func TestTrafficFeedClosedEndsTheReadingAndDropsWhatFollows(t *testing.T) {
	t.Parallel()
	f := NewTrafficFeed(0)
	f.Send(proxy.Event{Kind: "request", Method: "ping"})
	f.Close()
	f.Send(proxy.Event{Kind: "request", Method: "after"}) // must not panic
	f.Close()
	msg := readTraffic(f)().(trafficMsg)
	if len(msg.rows) != 1 || msg.rows[0].method != "ping" || !msg.closed {
		t.Fatalf("got %d rows, closed %v; want ping and the end", len(msg.rows), msg.closed)
	}
	m := proxyModel(t, 100, 30)
	next, cmd := m.Update(msg)
	m = next.(model)
	if cmd != nil {
		t.Error("the reading went on after the feed ended")
	}
	if s := screen(m); !strings.Contains(s, "the proxy has stopped") {
		t.Errorf("the screen should say the proxy has stopped:\n%s", s)
	}
}

func TestTrafficFeedKeepsOnlyWhatTheScreenShows(t *testing.T) {
	t.Parallel()
	f := NewTrafficFeed(0)
	big := json.RawMessage(`{"name":"echo","arguments":{"text":"` + strings.Repeat("a", maxKeptParams) + `"}}`)
	f.Send(proxy.Event{Kind: "request", Method: "tools/call", From: proxy.Client, Bytes: len(big) + 40, Params: big, Message: big})
	f.Send(proxy.Event{Kind: "response", Method: "tools/call", Result: json.RawMessage(`{"content":[]}`), Message: big})
	msg := readTraffic(f)().(trafficMsg)
	if r := msg.rows[0]; r.params != nil || r.paramBytes != len(big)+40 {
		t.Errorf("params over a MiB are kept (%d bytes) or their size lost (%d)", len(r.params), r.paramBytes)
	}
	if n := f.queued.Load(); n != 0 {
		t.Errorf("the feed still counts %d bytes once its events are read", n)
	}
	// A listing's result is read for its names; what else it holds, and
	// whole messages, are never queued.
	var held int64
	for range 100 {
		listing := json.RawMessage(`{"tools":[` + strings.Repeat(`{"name":"t","description":"`+strings.Repeat("d", 1<<20)+`"},`, 1) + `{"name":"u"}]}`)
		f.Send(proxy.Event{Kind: "response", Method: "tools/list", Result: listing})
		held = max(held, f.queued.Load())
	}
	if held > maxFeedBytes {
		t.Errorf("the feed held %d bytes of messages, past its bound of %d", held, maxFeedBytes)
	}
	if got := f.dropped.Load(); got == 0 {
		t.Error("listings past the bound of the feed's bytes should be dropped and counted")
	}
}

func TestTrafficReadingTakesWhatComesWithinAFrameInOneBatch(t *testing.T) {
	t.Parallel()
	f := NewTrafficFeed(0)
	go func() {
		for _, e := range sessionTraffic() {
			f.Send(e)
		}
	}()
	msg := readTraffic(f)().(trafficMsg)
	total := len(msg.rows)
	for total < len(sessionTraffic()) {
		msg = readTraffic(f)().(trafficMsg)
		total += len(msg.rows)
	}
	if total != len(sessionTraffic()) {
		t.Errorf("read %d events, want %d", total, len(sessionTraffic()))
	}
}

func TestTrafficRowsShowTimeDirectionCallVerdictLatencyAndCodes(t *testing.T) {
	t.Parallel()
	s := screen(proxyModel(t, 120, 60))
	cases := []rowCase{
		{"a call relayed, with its answer's latency", "tools/call echo #2", []string{"15:09:30.020", "c→s", "relayed", "3.4 ms"}},
		{"a call refused stands out, with its codes", "tools/call weather #3", []string{"✗", "c→s", "refused", "missing, extra"}},
		{"the proxy's answer to it", "p→c tools/call weather #3", []string{"sent", "0.2 ms"}},
		{"a result that breaks its outputSchema", "s→c tools/call weather #4", []string{"!", "12 ms", "output"}},
		{"a listing with a tool withheld", "tools/list #1", []string{"⊘", "s→c", "filtered", "withheld"}},
		{"a notification", "notifications/tools/list_changed", []string{"s→c", "relayed"}},
		{"a call still waiting for its answer", "tools/call echo #6", []string{"relayed", "…"}},
	}
	checkRows(t, s, cases)
}

// A rowCase is a row of the traffic on the screen, found by a piece of
// it, and the pieces it is to show.
type rowCase struct {
	name string
	find string // a piece of the row
	want []string
}

// checkRows checks that each row of cases, on the screen s, shows what
// it is to.
func checkRows(t *testing.T, s string, cases []rowCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			line := lineOf(s, tc.find)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("the row %q lacks %q", line, w)
				}
			}
		})
	}
}

// rowTime is the time a traffic row starts with.
var rowTime = regexp.MustCompile(`\d\d:\d\d:\d\d\.\d\d\d `)

// rowsOf is the traffic rows on the screen, their text from the time on.
func rowsOf(m model) []string {
	var rows []string
	for _, l := range strings.Split(screen(m), "\n") {
		if loc := rowTime.FindStringIndex(l); loc != nil {
			i := loc[0]
			rows = append(rows, strings.Join(strings.Fields(strings.TrimRight(l[i:], "│┃ ")), " "))
		}
	}
	return rows
}

func TestTrafficFiltersListCallsAndProblems(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []string
		want []string
	}{
		{"calls, a row each with its answer", []string{"c"}, []string{
			"15:09:30.020 c→s echo #2 relayed 3.4 ms",
			"15:09:30.031 c→s weather #3 refused 0.2 ms missing, extra",
			"15:09:30.040 c→s weather #4 relayed 12 ms output",
			"15:09:30.070 c→s write_note #5 refused 0.1 ms unknown_tool",
			"15:09:30.080 c→s echo #6 relayed …",
		}},
		{"problems", []string{"x"}, []string{
			"15:09:30.011 s→c tools/list #1 filtered 1.9 ms withheld",
			"15:09:30.031 c→s tools/call weather #3 refused 0.2 ms missing, extra",
			"15:09:30.052 s→c tools/call weather #4 relayed 12 ms output",
			"15:09:30.070 c→s tools/call write_note #5 refused 0.1 ms unknown_tool",
		}},
		{"calls that are problems, an answer's findings among them", []string{"c", "x"}, []string{
			"15:09:30.031 c→s weather #3 refused 0.2 ms missing, extra",
			"15:09:30.040 c→s weather #4 relayed 12 ms output",
			"15:09:30.070 c→s write_note #5 refused 0.1 ms unknown_tool",
		}},
		{"every message again", []string{"c", "x", "c", "x"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, proxyModel(t, 120, 60), tc.keys...)
			got := rowsOf(m)
			if tc.want == nil {
				if n := len(m.traffic.visible); n != len(sessionTraffic()) {
					t.Errorf("%d rows listed, want every message's %d", n, len(sessionTraffic()))
				}
				return
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

func TestAnAnswerWithFindingsListsItsCallAmongTheProblemCallsInItsPlace(t *testing.T) {
	t.Parallel()
	events := sessionTraffic()
	late := events[10] // the answer to weather #4, which breaks its outputSchema
	refused := events[7]
	refused.Time, refused.ID = trafficAt(90), json.RawMessage("7")
	cases := []struct {
		name string
		keys []string // on the problem calls before the answer comes
		hold string   // the id of the call held
	}{
		{"held before where it goes", []string{"g"}, "3"},
		{"held after where it goes", []string{"G", "k"}, "5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 120, 60)
			m.setFocus(paneTraffic)
			m = press(t, m, "c", "x")
			m = withTraffic(t, m, append(append(events[:10:10], events[11:]...), refused)...)
			m = press(t, m, tc.keys...)
			if got := rowsOf(m); len(got) != 3 {
				t.Fatalf("before the answer, the problem calls should be weather #3, write_note #5 and weather #7: %q", got)
			}
			m = withTraffic(t, m, late)
			want := []string{
				"15:09:30.031 c→s weather #3 refused 0.2 ms missing, extra",
				"15:09:30.040 c→s weather #4 relayed 12 ms output",
				"15:09:30.070 c→s write_note #5 refused 0.1 ms unknown_tool",
				"15:09:30.090 c→s weather #7 refused missing, extra",
			}
			if diff := cmp.Diff(want, rowsOf(m)); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if r := m.traffic.selected(); r == nil || r.rawID != tc.hold {
				t.Errorf("the held selection moved off #%s to %+v", tc.hold, r)
			}
		})
	}
}

// numbered is n calls of echo, each with its answer, one millisecond
// apart, ids from first.
func numbered(first, n int) []proxy.Event {
	var out []proxy.Event
	for i := first; i < first+n; i++ {
		id := json.RawMessage(strconv.Itoa(i))
		out = append(out,
			proxy.Event{Time: trafficAt(float64(i)), From: proxy.Client, To: proxy.Server, Kind: "request", Method: "tools/call", ID: id, Tool: "echo",
				Verdict: proxy.Relayed, Params: callParams("echo", `{"text":"`+strconv.Itoa(i)+`"}`)},
			proxy.Event{Time: trafficAt(float64(i) + 0.5), From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/call", ID: id, Tool: "echo",
				Verdict: proxy.Relayed, Latency: 500 * time.Microsecond})
	}
	return out
}

func TestTrafficFollowsTheNewestRowUntilTheSelectionMovesUp(t *testing.T) {
	t.Parallel()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 120, 40)
	m.setFocus(paneTraffic)
	m = withTraffic(t, m, numbered(1, 20)...)
	if r := m.traffic.selected(); r.rawID != "20" || r.kind != "response" {
		t.Fatalf("following, the newest row should be selected, not %s %s", r.kind, r.rawID)
	}
	m = press(t, m, "k", "k")
	held := m.traffic.selectedSeq()
	m = withTraffic(t, m, numbered(21, 20)...)
	if m.traffic.selectedSeq() != held {
		t.Errorf("moved up, the selection should stay where it was as rows arrive")
	}
	if s := screen(m); !strings.Contains(s, "held · G follows") {
		t.Errorf("the pane should say it is held:\n%s", s)
	}
	m = press(t, m, "G")
	m = withTraffic(t, m, numbered(41, 5)...)
	if r := m.traffic.selected(); r.rawID != "45" {
		t.Errorf("after G the newest row should be selected, not %s", r.rawID)
	}
	if r := m.traffic.selected(); !strings.Contains(lineOf(screen(m), "s→c tools/call echo #"+r.rawID), "›") {
		t.Errorf("the newest row should be on screen:\n%s", screen(m))
	}
}

func TestTrafficKeepsTheLastRowsAndSaysWhatItDropped(t *testing.T) {
	t.Parallel()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 120, 40)
	m.traffic.log = newTrafficLog(100, maxKeptDetail)
	m.setFocus(paneTraffic)
	events := numbered(1, 125) // 250 rows
	events[0].Dropped = 3      // the proxy's queue was full
	batch := trafficOf(events...)
	batch.dropped = 4 // and the feed was
	next, _ := m.Update(batch)
	m = next.(model)
	// One call whose answer never comes, pushed out by what follows.
	lost := numbered(500, 1)[:1]
	m = withTraffic(t, m, lost...)
	m = withTraffic(t, m, numbered(126, 60)...)
	l := m.traffic.log
	if l.kept() != 100 || l.evicted != 271 || l.total != 371 {
		t.Errorf("kept %d, evicted %d of %d; want the last 100 of 371", l.kept(), l.evicted, l.total)
	}
	if len(l.pending) != 0 {
		t.Errorf("calls no longer kept still wait for their answers: %v", l.pending)
	}
	if got := m.traffic.selected(); got == nil || got.rawID != "185" {
		t.Errorf("the newest row should be selected, got %+v", got)
	}
	if len(m.traffic.visible) != 100 || m.traffic.visible[0] != l.first {
		t.Errorf("the list holds %d rows from %d, want the 100 kept from %d", len(m.traffic.visible), m.traffic.visible[0], l.first)
	}
	head := lineOf(screen(m), "every message")
	for _, want := range []string{"7 dropped", "the last 100 kept"} {
		if !strings.Contains(head, want) {
			t.Errorf("the header %q lacks %q", head, want)
		}
	}
}

func TestTrafficDropsTheDetailsOfTheOldestRowsPastItsBudget(t *testing.T) {
	t.Parallel()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 120, 40)
	m.traffic.log = newTrafficLog(1000, 1024)
	m.setFocus(paneTraffic)
	m = withTraffic(t, m, numbered(1, 100)...)
	l := m.traffic.log
	if l.detail > l.detailLimit+l.at(l.next-1).detailBytes() {
		t.Errorf("the rows hold %d bytes of details, past the budget of %d", l.detail, l.detailLimit)
	}
	first, newest := l.at(l.first), l.at(l.next-2) // the newest call
	if first.params != nil || newest.params == nil {
		t.Errorf("the oldest call's params should go first (oldest kept: %v, newest: %v)", first.params != nil, newest.params != nil)
	}
	m = press(t, m, "g", "enter")
	if !strings.Contains(m.note, "are not kept") || m.focus != paneTraffic {
		t.Errorf("enter on a call whose params were dropped should say so, note %q", m.note)
	}
}

func TestEnterOpensACallOfTheTrafficInTheTesterToSendAgain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		keys []string // from the calls, the newest selected
		text string
		errs []string
	}{
		{"a refused call, its arguments as sent", []string{"k", "k", "k"}, `{"name": "weather", "arguments": {"town":"Oslo"}}`, []string{"missing:city", "extra:town"}},
		{"a call relayed", []string{"k", "k"}, `{"name": "weather", "arguments": {"city":"Oslo"}}`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := press(t, proxyModel(t, 120, 40), "c")
			m = press(t, m, tc.keys...)
			m = press(t, m, "enter")
			if m.focus != paneCall || m.call.text() != tc.text {
				t.Fatalf("focus %v, tester %q; want Call with %q", m.focus, m.call.text(), tc.text)
			}
			if diff := cmp.Diff(tc.errs, m.call.errs()); diff != "" {
				t.Errorf("the tester's errors (-want +got):\n%s", diff)
			}
			if !strings.Contains(m.note, "ctrl+r sends it to test-tools") {
				t.Errorf("the note should say how to send it: %q", m.note)
			}
			if sel := m.tools.SelectedTool(); sel == nil || sel.Name != "weather" {
				t.Errorf("the tools selection should follow the call to weather")
			}
			// Edited and sent again, to the server the workbench is on.
			m = press(t, m, "ctrl+r")
			if s := screen(m); tc.errs == nil && !strings.Contains(s, "▶ weather: ok 4 ms") {
				t.Errorf("ctrl+r should send the call to the server:\n%s", s)
			}
		})
	}
}

func TestEnterOnAnAnswerOpensItsCallAndOnAnotherMessageShowsItWhole(t *testing.T) {
	t.Parallel()
	m := proxyModel(t, 120, 40)
	// Every message: the newest is echo #6, before it the proxy's answer
	// to write_note #5.
	answer := press(t, m, "k", "enter")
	if answer.focus != paneCall || !strings.Contains(answer.call.text(), `"write_note"`) {
		t.Errorf("enter on an answer should open its call: focus %v, tester %q", answer.focus, answer.call.text())
	}
	note := press(t, m, "k", "k", "k", "enter")
	if note.view != viewMessage || !strings.Contains(screen(note), "notifications/tools/list_changed") {
		t.Errorf("enter on a notification should show it whole:\n%s", screen(note))
	}
	if back := press(t, note, "esc"); back.view != viewNone || back.focus != paneTraffic {
		t.Errorf("esc should go back to the traffic")
	}
}

func TestTheWholeMessageShowsFindingsHintsAnswerAndParams(t *testing.T) {
	t.Parallel()
	m := press(t, proxyModel(t, 120, 60), "c", "g", "j", "v")
	if m.view != viewMessage {
		t.Fatal("v should open the whole message")
	}
	s := screen(m)
	for _, want := range []string{
		"Message weather #3", "refused: kept from its peer and answered by the proxy",
		"E missing missing:city", "hint a required argument is absent: send it",
		"E extra extra:town", "answer p→c", `"town": "Oslo"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the message lacks %q:\n%s", want, s)
		}
	}
	if closed := press(t, m, "v"); closed.view != viewNone {
		t.Error("v should close the message")
	}
}

func TestTheSelectedRowsFindingsShowUnderTheList(t *testing.T) {
	t.Parallel()
	m := press(t, proxyModel(t, 120, 40), "x", "g", "j")
	s := screen(m)
	for _, want := range []string{"tools/call weather #3 · c→s", "answered in 0.2 ms (p→c, sent)", "E missing missing:city"} {
		if !strings.Contains(s, want) {
			t.Errorf("the detail lacks %q:\n%s", want, s)
		}
	}
}

func TestToolsTheProxyWithholdsOrPassesDriftedAreMarked(t *testing.T) {
	t.Parallel()
	listing := func(fs ...proxy.Finding) proxy.Event {
		return proxy.Event{Time: trafficAt(1), From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/list",
			ID: json.RawMessage("1"), Verdict: proxy.Relayed, Result: json.RawMessage(fakeTools), Findings: fs}
	}
	withheld := func(tool string) proxy.Finding {
		return proxy.Finding{Code: proxy.CodeWithheld, Severity: catalog.Error, Tool: tool}
	}
	drift := func(tool string) proxy.Finding {
		return proxy.Finding{Code: proxy.CodeDrift, Severity: catalog.Warning, Tool: tool}
	}
	cases := []struct {
		name     string
		listings []proxy.Event
		marks    map[string]string // by tool, its mark: "" for none
		status   string
	}{
		{"withheld", []proxy.Event{listing(withheld("write_note"))}, map[string]string{"write_note": "⊘", "echo": ""}, "proxy: 1 tool withheld"},
		{"drifted under audit", []proxy.Event{listing(drift("weather"), drift("echo"))}, map[string]string{"weather": "~", "echo": "~", "write_note": ""}, "proxy: 2 tools drifted"},
		{"both", []proxy.Event{listing(drift("weather"), withheld("write_note"))}, map[string]string{"weather": "~", "write_note": "⊘"}, "proxy: 1 tool withheld, 1 drifted"},
		{"a later listing clears what it lists clean", []proxy.Event{listing(withheld("write_note")), listing()}, map[string]string{"write_note": ""}, ""},
		{"a drift finding about no tool marks nothing", []proxy.Event{listing(proxy.Finding{Code: proxy.CodeDrift, Severity: catalog.Error, Text: "the lock cannot be read"})}, map[string]string{"echo": ""}, ""},
		{"findings of another kind mark nothing", []proxy.Event{listing(proxy.Finding{Code: "description-too-short", Severity: catalog.Warning, Tool: "echo"})}, map[string]string{"echo": ""}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 120, 40)
			for _, l := range tc.listings {
				m = withTraffic(t, m, l)
			}
			s := screen(m)
			for tool, mark := range tc.marks {
				if got, ok := toolMark(s, tool); !ok || got != mark {
					t.Errorf("the row of %s has the mark %q (found %v), want %q:\n%s", tool, got, ok, mark, s)
				}
			}
			status := lineOf(s, "test-tools 1.2.3")
			if tc.status != "" && !strings.Contains(status, tc.status) || tc.status == "" && strings.Contains(status, "proxy:") {
				t.Errorf("the status bar %q, want %q", status, tc.status)
			}
		})
	}
}

// toolMark is the mark of tool's row in the tools pane of screen s, ""
// for none, and whether the row is there.
func toolMark(s, tool string) (string, bool) {
	row := regexp.MustCompile(`^[│┃] (?:›| ) (?:(\S) |  )?` + regexp.QuoteMeta(tool) + ` `)
	for _, l := range strings.Split(s, "\n") {
		if m := row.FindStringSubmatch(l); m != nil {
			return m[1], true
		}
	}
	return "", false
}

func TestTheProxysMarksStandBesideTheLocksOwn(t *testing.T) {
	t.Parallel()
	m := fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 120, 40)
	m.driftChecked(driftMsg{doc: m.snap.result.Doc, marks: map[string]driftMark{"echo": drifted, "weather": notPinned, "write_note": drifted}, drifted: 2, added: 1})
	m = withTraffic(t, m, proxy.Event{Time: trafficAt(1), From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/list",
		Verdict: proxy.Filtered, Result: json.RawMessage(fakeTools),
		Findings: []proxy.Finding{{Code: proxy.CodeWithheld, Severity: catalog.Error, Tool: "write_note"}}})
	s := screen(m)
	for tool, mark := range map[string]string{"echo": "≠", "weather": "+", "write_note": "⊘"} {
		if got, _ := toolMark(s, tool); got != mark {
			t.Errorf("the row of %s has the mark %q, want %q:\n%s", tool, got, mark, s)
		}
	}
}

func TestTabVisitsTrafficOnlyBesideAProxy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		m    func(t *testing.T) model
		keys []string
		want pane
	}{
		{"beside a proxy, tab thrice", func(t *testing.T) model {
			return fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 80, 24)
		}, []string{"tab", "tab", "tab"}, paneTraffic},
		{"beside a proxy, shift+tab", func(t *testing.T) model {
			return fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 80, 24)
		}, []string{"shift+tab"}, paneTraffic},
		{"beside a proxy, tab wraps", func(t *testing.T) model {
			return fakeServerWith(t, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, 80, 24)
		}, []string{"tab", "tab", "tab", "tab"}, paneTools},
		{"on a server alone, tab thrice wraps", func(t *testing.T) model { return fakeServerModel(t, 80, 24) }, []string{"tab", "tab", "tab"}, paneTools},
		{"on a server alone, shift+tab", func(t *testing.T) model { return fakeServerModel(t, 80, 24) }, []string{"shift+tab"}, paneCall},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if m := press(t, tc.m(t), tc.keys...); m.focus != tc.want {
				t.Errorf("focus %v, want %v", m.focus, tc.want)
			}
		})
	}
}

func TestAClickSelectsATrafficRowAndTheWheelScrolls(t *testing.T) {
	t.Parallel()
	m := proxyModel(t, 120, 40)
	m.setFocus(paneTools)
	r := m.rects[paneTraffic]
	m = update(t, m, tea.MouseClickMsg{X: 10, Y: r.y + 2, Button: tea.MouseLeft}) // the border, the header, the first row
	if m.focus != paneTraffic {
		t.Fatalf("a click on Traffic should focus it, focus %v", m.focus)
	}
	first := m.traffic.visible[m.traffic.offset]
	if m.traffic.selectedSeq() != first || m.traffic.follow {
		t.Errorf("the click should select the first row shown (%d), and hold: got %d, following %v", first, m.traffic.selectedSeq(), m.traffic.follow)
	}
	m = update(t, m, tea.MouseWheelMsg{X: 10, Y: r.y + 3, Button: tea.MouseWheelDown})
	if m.traffic.cursor != m.traffic.offset+wheelStep && !m.traffic.follow {
		t.Errorf("the wheel should move the selection %d rows", wheelStep)
	}
}

func TestTheTrafficPaneFitsEverySize(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{40, 12}, {41, 13}, {55, 16}, {71, 20}, {80, 24}, {120, 40}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := proxyModel(t, size[0], size[1])
			for _, keys := range [][]string{nil, {"c"}, {"x"}, {"k", "k", "v"}} {
				v := press(t, m, keys...).View().Content
				lines := strings.Split(v, "\n")
				if len(lines) != size[1] {
					t.Fatalf("after %q, %d lines, want %d", keys, len(lines), size[1])
				}
				for i, l := range lines {
					if w := width(l); w > size[0] {
						t.Errorf("after %q, line %d is %d cells wide: %q", keys, i, w, l)
					}
				}
			}
		})
	}
}

// TestARowAboutAMessageRecordedEarlierNamesItAndPairsWithNoCall: the
// record's later line saying an answer was never written to its client
// is a row of its own that names the answer's time, and answers no call
// (a call of the same id still waits); a run of stale progress summed up
// says how many it stands for.
func TestARowAboutAMessageRecordedEarlierNamesItAndPairsWithNoCall(t *testing.T) {
	t.Parallel()
	lost := "the client's connection ended before it was written"
	answer := proxy.Event{Time: trafficAt(85), From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/call", ID: json.RawMessage("6"), Tool: "echo", Bytes: 120, Verdict: proxy.Relayed}
	unwritten := answer
	unwritten.Time, unwritten.Verdict, unwritten.Of, unwritten.Why = trafficAt(90), proxy.Dropped, answer.Time, lost
	again := unwritten
	again.ID, again.Time = json.RawMessage("7"), trafficAt(96)
	run := proxy.Event{Time: trafficAt(97), From: proxy.Server, To: proxy.Client, Kind: "notification", Method: "notifications/progress", Bytes: 99900,
		Verdict: proxy.Dropped, Of: trafficAt(60.5), Why: "progress of the same token", Repeats: 999}
	call := proxy.Event{Time: trafficAt(95), From: proxy.Client, To: proxy.Server, Kind: "request", Method: "tools/call", ID: json.RawMessage("7"), Tool: "echo", Bytes: 60, Verdict: proxy.Relayed}
	m := withTraffic(t, proxyModel(t, 140, 60), answer, unwritten, call, again, run)
	s := screen(m)
	cases := []rowCase{
		{"the answer never written", "15:09:30.090", []string{"✗", "s→c", "tools/call echo #6", "dropped", "of 15:09:30.085"}},
		{"a call of the id of a later line's answer still waits", "c→s tools/call echo #7", []string{"relayed", "…"}},
		{"a run summed up", "15:09:30.097", []string{"notifications/progress", "dropped", "×999 like 15:09:30.060"}},
	}
	checkRows(t, s, cases)
	if detail := screen(press(t, m, "k", "k", "k")); !strings.Contains(detail, "of 15:09:30.085: "+lost) {
		t.Errorf("the selected row's detail does not say what became of the answer:\n%s", detail)
	}
}

// TestARunOfLogLinesPassedOnIsARowRelayedAndNoProblem: the line summing
// up the server's log lines after a cancel, which the client got, is a
// row ×N of the run's first, relayed: unmarked, among no problems, and
// its first's row is not said never written.
func TestARunOfLogLinesPassedOnIsARowRelayedAndNoProblem(t *testing.T) {
	t.Parallel()
	first := proxy.Event{Time: trafficAt(85), From: proxy.Server, To: proxy.Client, Kind: "notification", Method: "notifications/message", Bytes: 87, Verdict: proxy.Relayed}
	run := first
	run.Time, run.Bytes, run.Of, run.Why, run.Repeats = trafficAt(90), 348, first.Time, "log lines tied to the request of the line this one is of, given up: passed on as that was", 4
	m := withTraffic(t, proxyModel(t, 160, 60), first, run)
	s := screen(m)
	checkRows(t, s, []rowCase{
		{"the run", "15:09:30.090", []string{"s→c", "notifications/message", "relayed", "×4 like 15:09:30.085"}},
		{"its first", "15:09:30.085", []string{"s→c", "notifications/message", "relayed"}},
	})
	for _, at := range []string{"15:09:30.085", "15:09:30.090"} {
		if line := lineOf(s, at); strings.Contains(line, "✗") || strings.Contains(line, "never written") {
			t.Errorf("the row %q is marked as a message kept from the client", line)
		}
	}
	if problems := screen(press(t, m, "x")); strings.Contains(problems, "notifications/message") {
		t.Errorf("the log lines passed on are among the problems:\n%s", problems)
	}
}

// TestARowNeverWrittenMarksTheMessagePassedOnNotMarkedYetOfItsTime:
// messages alike of one time are told apart by what became of them: a
// second later row marks the second message passed on, not the first
// again, and one kept from its peer is never the row marked.
func TestARowNeverWrittenMarksTheMessagePassedOnNotMarkedYetOfItsTime(t *testing.T) {
	t.Parallel()
	lost := "the client's connection ended before it was written"
	progress := proxy.Event{Time: trafficAt(85), From: proxy.Server, To: proxy.Client, Kind: "notification", Method: "notifications/progress", Bytes: 80, Verdict: proxy.Relayed}
	stale := progress
	stale.Verdict = proxy.Dropped
	unwritten := progress
	unwritten.Time, unwritten.Verdict, unwritten.Of, unwritten.Why = trafficAt(90), proxy.Dropped, progress.Time, lost
	tests := []struct {
		name   string
		events []proxy.Event
		marked int // the rows of the messages' time marked never written
	}{
		{"two passed on, both never written", []proxy.Event{progress, progress, unwritten, unwritten}, 2},
		{"one kept back before one passed on and never written", []proxy.Event{stale, progress, unwritten}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := withTraffic(t, proxyModel(t, 160, 60), tc.events...)
			s := screen(m)
			marked := 0 // the rows passed on of the messages' time marked ✗
			for _, line := range strings.Split(s, "\n") {
				if strings.Contains(line, "15:09:30.085") && strings.Contains(line, "relayed") && strings.Contains(line, "✗") {
					marked++
				}
			}
			if marked != tc.marked {
				t.Errorf("%d rows passed on of the messages' time are marked never written, want %d:\n%s", marked, tc.marked, s)
			}
		})
	}
}

// TestAnAnswerNeverWrittenIsMarkedSoOnItsRowAndItsCall: once a later
// row says a call's answer, relayed, never reached the client, the
// answer's row and, in the calls, its call's are marked ✗, say why, and
// are among the problems; the message view says it too.
func TestAnAnswerNeverWrittenIsMarkedSoOnItsRowAndItsCall(t *testing.T) {
	t.Parallel()
	lost := "the client's connection ended before it was written"
	answer := proxy.Event{Time: trafficAt(85), From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/call", ID: json.RawMessage("6"), Tool: "echo", Bytes: 120, Latency: 5 * time.Millisecond, Verdict: proxy.Relayed}
	unwritten := answer
	unwritten.Time, unwritten.Verdict, unwritten.Of, unwritten.Why, unwritten.Latency = trafficAt(90), proxy.Dropped, answer.Time, lost, 0
	// Another message of the answer's time, which the later row is not
	// about.
	other := proxy.Event{Time: trafficAt(85), From: proxy.Server, To: proxy.Client, Kind: "notification", Method: "notifications/message", Bytes: 80, Verdict: proxy.Relayed}
	m := withTraffic(t, proxyModel(t, 160, 60), other, answer, unwritten)
	cases := []struct {
		name string
		keys []string
		find string
		want []string
	}{
		{"the answer's row", nil, "15:09:30.085 s→c tools/call", []string{"✗", "relayed"}},
		{"the call's row in the calls", []string{"c"}, "echo #6", []string{"✗", "relayed", "5.0 ms"}},
		{"the answer among the problems", []string{"x"}, "15:09:30.085 s→c tools/call", []string{"✗"}},
		{"the call among the calls that are problems", []string{"c", "x"}, "echo #6", []string{"✗"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := screen(press(t, m, tc.keys...))
			line := lineOf(s, tc.find)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("the row %q lacks %q:\n%s", line, w, s)
				}
			}
		})
	}
	if line := lineOf(screen(m), "notifications/message"); strings.Contains(line, "✗") {
		t.Errorf("a message of the same time the later row is not about is marked: %q", line)
	}
	calls := press(t, m, "c")
	if detail := screen(calls); !strings.Contains(detail, "relayed, never written: "+lost) {
		t.Errorf("the call's detail does not say its answer was never written:\n%s", detail)
	}
	if view := screen(press(t, calls, "v")); !strings.Contains(view, "never written: "+lost) {
		t.Errorf("the call's message view does not say its answer was never written:\n%s", view)
	}
}
