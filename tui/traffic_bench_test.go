package tui

import (
	"encoding/json"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/catalog"
	"toolbench/internal/proxy"
)

// The traffic's goals: a burst of thousands of events a second is taken
// a batch at a time, and with 100,000 rows kept a key in the Traffic pane
// costs what the screen shows, as with a hundred.

// burst is n events of a busy session, in the mix an agent makes: a call
// relayed and its answer, a progress notification, a call refused with
// two findings and the proxy's answer to it; ids from first.
func burst(first, n int) []proxy.Event {
	missing := proxy.Finding{Code: "missing", Severity: catalog.Error, Text: "missing:city", Hint: "a required argument is absent: send it", Tool: "weather"}
	extra := proxy.Finding{Code: "extra", Severity: catalog.Error, Text: "extra:town", Hint: "the tool takes no such argument", Tool: "weather"}
	out := make([]proxy.Event, 0, n)
	for i := first; len(out) < n; i++ {
		id := json.RawMessage(strconv.Itoa(i))
		at := trafficAt(float64(i))
		switch i % 2 {
		case 0:
			out = append(out,
				proxy.Event{Time: at, From: proxy.Client, To: proxy.Server, Kind: "request", Method: "tools/call", ID: id, Tool: "echo", Bytes: 80,
					Verdict: proxy.Relayed, Params: callParams("echo", `{"text":"call `+strconv.Itoa(i)+`"}`)},
				proxy.Event{Time: at, From: proxy.Server, To: proxy.Client, Kind: "notification", Method: "notifications/progress", Bytes: 90, Verdict: proxy.Relayed},
				proxy.Event{Time: at, From: proxy.Server, To: proxy.Client, Kind: "response", Method: "tools/call", ID: id, Tool: "echo", Bytes: 120,
					Verdict: proxy.Relayed, Latency: 800 * time.Microsecond})
		default:
			out = append(out,
				proxy.Event{Time: at, From: proxy.Client, To: proxy.Server, Kind: "request", Method: "tools/call", ID: id, Tool: "weather", Bytes: 80,
					Verdict: proxy.Refused, Params: callParams("weather", `{"town":"Oslo"}`), Findings: []proxy.Finding{missing, extra}},
				proxy.Event{Time: at, From: proxy.Proxy, To: proxy.Client, Kind: "response", Method: "tools/call", ID: id, Tool: "weather", Bytes: 200,
					Verdict: proxy.Sent, Latency: 60 * time.Microsecond})
		}
	}
	return out[:n]
}

// trafficKept is the workbench beside a proxy at w x h with n events of
// a burst kept, the focus on Traffic.
func trafficKept(tb testing.TB, n, w, h int) model {
	tb.Helper()
	m := fakeServerWith(tb, newFakeSession(), fakeTools, Options{Traffic: NewTrafficFeed(0)}, w, h)
	m.setFocus(paneTraffic)
	events := burst(1, n)
	for len(events) > 0 {
		k := min(len(events), trafficBatch)
		m = withTraffic(tb, m, events[:k]...)
		events = events[k:]
	}
	return m
}

// BenchmarkTrafficKeystroke is a key in the Traffic pane at 200x60 (its
// Update and the View it causes), the selection moving down and up, with
// 100 and with 100,000 rows kept, every message listed or the calls that
// are problems.
func BenchmarkTrafficKeystroke(b *testing.B) {
	keys := [2]tea.KeyPressMsg{{Code: 'k', Text: "k"}, {Code: 'j', Text: "j"}}
	for _, n := range []int{100, maxKeptTraffic} {
		for _, filter := range [][]string{nil, {"c", "x"}} {
			name := strconv.Itoa(n)
			if filter != nil {
				name += "/problem-calls"
			}
			b.Run(name, func(b *testing.B) {
				m := press(b, trafficKept(b, n, 200, 60), append(filter, "k")...)
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					next, _ := m.Update(keys[i%2])
					m = next.(model)
					m.View()
				}
			})
		}
	}
}

// BenchmarkTrafficBatch is a batch of a burst taken by the screen with
// 100,000 rows kept (each new row pushes the oldest out): the command's
// work (each event made a row) and the Update and View of the batch,
// which is what a key waits for at most while a burst comes in. It
// reports the events a second the screen takes so, on one processor.
func BenchmarkTrafficBatch(b *testing.B) {
	for _, size := range []int{64, trafficBatch} {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			m := trafficKept(b, maxKeptTraffic, 200, 60)
			events := burst(maxKeptTraffic+1, size*16)
			var prepare, screen time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				batch := events[(i%16)*size : (i%16+1)*size]
				start := time.Now()
				msg := trafficOf(batch...)
				mid := time.Now()
				next, _ := m.Update(msg)
				m = next.(model)
				m.View()
				prepare += mid.Sub(start)
				screen += time.Since(mid)
			}
			taken := float64(b.N * size)
			b.ReportMetric(float64(prepare.Nanoseconds())/taken, "prepare-ns/event")
			b.ReportMetric(float64(screen.Nanoseconds())/float64(b.N), "update+view-ns/batch")
			b.ReportMetric(taken/(prepare+screen).Seconds(), "events/s")
		})
	}
}

// BenchmarkTrafficFilter lists the calls only, and every message again,
// of 100,000 rows kept: a pass over them in Update.
func BenchmarkTrafficFilter(b *testing.B) {
	m := trafficKept(b, maxKeptTraffic, 200, 60)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		next, _ := m.Update(keyPress("c"))
		m = next.(model)
		m.View()
	}
}

// BenchmarkTrafficFeedSend is what the proxy's recorder pays to hand an
// event to the workbench, the feed's reader keeping up.
func BenchmarkTrafficFeedSend(b *testing.B) {
	f := NewTrafficFeed(0)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range f.ch {
		}
	}()
	e := burst(1, 1)[0]
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		f.Send(e)
	}
	b.StopTimer()
	f.Close()
	<-done
}

// TestATrafficKeystrokeWithAHundredThousandRowsTakesUnder50ms guards
// against a key whose cost follows the traffic kept, with room for any
// load: the goal, a millisecond, is BenchmarkTrafficKeystroke's.
func TestATrafficKeystrokeWithAHundredThousandRowsTakesUnder50ms(t *testing.T) {
	if testing.Short() {
		t.Skip("keeps 100,000 rows of traffic")
	}
	m := trafficKept(t, maxKeptTraffic, 200, 60)
	if l := m.traffic.log; l.kept() != maxKeptTraffic || l.evicted != 0 {
		t.Fatalf("kept %d, evicted %d; want %d kept", l.kept(), l.evicted, maxKeptTraffic)
	}
	for _, keys := range [][]string{{"k", "j"}, {"c", "c"}, {"x", "x"}} {
		times := make([]time.Duration, 41)
		for i := range times {
			start := time.Now()
			next, _ := m.Update(keyPress(keys[i%2]))
			m = next.(model)
			m.View()
			times[i] = time.Since(start)
		}
		slices.Sort(times)
		if median := times[len(times)/2]; median > 50*time.Millisecond {
			t.Errorf("keys %q: median %v with 100,000 rows kept, want under 50ms", keys, median)
		}
	}
}

// TestAHundredThousandRowsOfTrafficHoldUnderAKiBEach measures the heap
// the traffic kept holds, a burst's params and findings among it: the
// bound keeps what the workbench holds beside a busy proxy in tens of
// MiB, whatever the proxy relays.
func TestAHundredThousandRowsOfTrafficHoldUnderAKiBEach(t *testing.T) {
	if testing.Short() {
		t.Skip("keeps 100,000 rows of traffic")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := trafficKept(t, maxKeptTraffic, 200, 60)
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	perRow := held / int64(m.traffic.log.kept())
	t.Logf("%d rows kept hold %d MiB of heap, %d bytes a row", m.traffic.log.kept(), held>>20, perRow)
	if perRow > 1024 {
		t.Errorf("a row of traffic holds %d bytes, want at most 1024", perRow)
	}
	runtime.KeepAlive(m)
}
