package tui

import (
	"slices"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"toolbench/core/jsondoc"
	"toolbench/core/lint"
	"toolbench/internal/gen"
)

// bigTools is the 10,000-tool document of the keystroke goal, linted once
// for every test and benchmark that needs it.
var bigTools = sync.OnceValue(func() *lint.Result {
	doc, err := jsondoc.Parse("big.json", gen.Tools(10000))
	if err != nil {
		panic(err)
	}
	return lint.Lint(doc, lint.Options{})
})

// bigSnap and smallSnap are the documents prepared for the screen once,
// with their costs counted once, for every test and benchmark.
var (
	bigSnap   = sync.OnceValue(func() *snapshot { return newSnapshot(bigTools(), loadTime) })
	smallSnap = sync.OnceValue(func() *snapshot { return newSnapshot(smallTools(), loadTime) })
)

// bigModel is the workbench at 120x40 with the big document loaded and a
// call half typed into the tester.
func bigModel(tb testing.TB) model {
	tb.Helper()
	m := newModel(Options{File: "big.json"}, nil)
	m = update(tb, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = update(tb, m, docLoadedMsg{snap: bigSnap()})
	m = press(tb, m, "tab", "tab")
	return typeText(tb, m, `{"name": "tool_5000", "arguments": {"city": "Paris", "limit": 5`)
}

// keystrokes alternates typing a digit and deleting it, so the call stays
// the same length however long a benchmark runs.
var keystrokes = [2]tea.KeyPressMsg{{Code: '0', Text: "0"}, {Code: tea.KeyBackspace}}

// BenchmarkCallKeystroke is one key typed into the tester with 10,000
// tools loaded: the text edit and the re-check of the call.
func BenchmarkCallKeystroke(b *testing.B) {
	m := bigModel(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		next, _ := m.Update(keystrokes[i%2])
		m = next.(model)
	}
}

// BenchmarkReloadUpdate is what Update does with a reload of the
// 10,000-tool document; preparing the snapshot happens in a command.
func BenchmarkReloadUpdate(b *testing.B) {
	m := bigModel(b)
	snap := newSnapshot(bigTools(), loadTime)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		next, _ := m.Update(docLoadedMsg{snap: snap})
		m = next.(model)
	}
}

// BenchmarkSnapshot is the command's work for a reload of the
// 10,000-tool document: labels, call schemas and issues per tool.
func BenchmarkSnapshot(b *testing.B) {
	res := bigTools()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		newSnapshot(res, loadTime)
	}
}

// TestCallKeystrokeWithTenThousandToolsTakesUnder50ms guards against a
// keystroke whose cost follows the document, with room for any load: the
// goal, a millisecond, is BenchmarkCallKeystroke's, which
// scripts/bench.sh reports.
func TestCallKeystrokeWithTenThousandToolsTakesUnder50ms(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a 10,000-tool document")
	}
	m := bigModel(t)
	if len(m.call.errs()) != 1 || m.call.errs()[0][:10] != "malformed:" {
		t.Fatalf("the half-typed call should be malformed, errors %q", m.call.errs())
	}
	times := make([]time.Duration, 201)
	for i := range times {
		start := time.Now()
		next, _ := m.Update(keystrokes[i%2])
		times[i] = time.Since(start)
		m = next.(model)
	}
	slices.Sort(times)
	if median := times[len(times)/2]; median > 50*time.Millisecond {
		t.Errorf("median keystroke %v, want under 50ms", median)
	}
	m = typeText(t, m, "}}")
	if len(m.call.errs()) != 0 {
		t.Errorf("the finished call should be valid, errors %q", m.call.errs())
	}
}

// BenchmarkView draws the screen with 10,000 tools loaded: only the rows
// on screen are drawn, so it does not grow with the document.
func BenchmarkView(b *testing.B) {
	m := bigModel(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m.View()
	}
}

// The keystroke goal: with 10,000 tools loaded, a key's Update and the
// View it causes take under a millisecond at 200x60 in each mode that
// takes keys, and at most half as long again as with 10 tools: the cost
// follows the screen, not the document.

// smallTools is a 10-tool document linted, the other end of the ratio.
var smallTools = sync.OnceValue(func() *lint.Result {
	doc, err := jsondoc.Parse("small.json", gen.Tools(10))
	if err != nil {
		panic(err)
	}
	return lint.Lint(doc, lint.Options{})
})

// keystrokeMode is a mode of the workbench that takes keys, and a pair
// of keys that leaves it as it was, pressed in turn.
type keystrokeMode struct {
	name  string
	setup func(tb testing.TB, m model) model
	keys  [2]tea.KeyPressMsg
}

var keystrokeModes = []keystrokeMode{
	{"tester", func(tb testing.TB, m model) model {
		m = press(tb, m, "tab", "tab")
		return typeText(tb, m, `{"name": "tool_5", "arguments": {"city": "Paris", "limit": 5`)
	}, keystrokes},
	{"form", func(tb testing.TB, m model) model {
		m = press(tb, m, "j", "j", "j", "j", "j", "ctrl+s", "ctrl+f")
		return typeText(tb, m, "Paris")
	}, [2]tea.KeyPressMsg{{Code: 'x', Text: "x"}, {Code: tea.KeyBackspace}}},
	{"filter", func(tb testing.TB, m model) model {
		m = press(tb, m, "tab", "a", "/")
		return typeText(tb, m, "desc")
	}, [2]tea.KeyPressMsg{{Code: 'x', Text: "x"}, {Code: tea.KeyBackspace}}},
	{"tools filter", func(tb testing.TB, m model) model {
		m = press(tb, m, "/")
		return typeText(tb, m, "tool_")
	}, [2]tea.KeyPressMsg{{Code: '9', Text: "9"}, {Code: tea.KeyBackspace}}},
	{"detail", func(tb testing.TB, m model) model {
		return press(tb, m, "j", "j", "j", "j", "j", "enter", "j")
	}, [2]tea.KeyPressMsg{{Code: 'j', Text: "j"}, {Code: 'k', Text: "k"}}},
}

// keystrokeModel is the workbench at 200x60 on s in mode km.
func keystrokeModel(tb testing.TB, s *snapshot, km keystrokeMode) model {
	tb.Helper()
	m := newModel(Options{File: "tools.json"}, nil)
	m = update(tb, m, tea.WindowSizeMsg{Width: 200, Height: 60})
	m = update(tb, m, docLoadedMsg{snap: s})
	return km.setup(tb, m)
}

// keystroke is one key: its Update and the View it causes, timed (key),
// then the work of the commands it returned (a long list sifted, say),
// which runs off the screen's thread and is not timed, then the Update
// and View of each of their results, timed (result): a frame each.
func keystroke(tb testing.TB, m model, msg tea.KeyPressMsg) (next model, key, result time.Duration) {
	start := time.Now()
	nm, cmd := m.Update(msg)
	m = nm.(model)
	m.View()
	key = time.Since(start)
	for _, res := range quickMsgs(cmd) {
		start = time.Now()
		nm, _ := m.Update(res)
		m = nm.(model)
		m.View()
		result = max(result, time.Since(start))
	}
	return m, key, result
}

var keystrokeDocs = []struct {
	name string
	snap func() *snapshot
}{{"10", smallSnap}, {"10000", bigSnap}}

// BenchmarkKeystroke times a key's Update and View (ns/op, commands
// excluded), and the frame of the slowest result its commands send
// (result-ns/op), in each mode with 10 and with 10,000 tools at 200x60.
func BenchmarkKeystroke(b *testing.B) {
	for _, km := range keystrokeModes {
		for _, doc := range keystrokeDocs {
			b.Run(km.name+"/"+doc.name, func(b *testing.B) {
				m := keystrokeModel(b, doc.snap(), km)
				var keys, results time.Duration
				b.ReportAllocs()
				b.ResetTimer()
				for i := range b.N {
					var k, r time.Duration
					m, k, r = keystroke(b, m, km.keys[i%2])
					keys += k
					results += r
				}
				b.ReportMetric(float64(keys.Nanoseconds())/float64(b.N), "ns/op")
				b.ReportMetric(float64(results.Nanoseconds())/float64(b.N), "result-ns/op")
			})
		}
	}
}

// medianKeystrokes is the median time of n keystrokes of km on small and
// on big, taken in turn so that a busy spell of the machine slows both
// alike, and the median frame of big's results.
func medianKeystrokes(tb testing.TB, small, big model, km keystrokeMode, n int) (smallKey, bigKey, bigResult time.Duration) {
	smalls, bigs, results := make([]time.Duration, n), make([]time.Duration, n), make([]time.Duration, n)
	for i := range n {
		small, smalls[i], _ = keystroke(tb, small, km.keys[i%2])
		big, bigs[i], results[i] = keystroke(tb, big, km.keys[i%2])
	}
	for _, ts := range [][]time.Duration{smalls, bigs, results} {
		slices.Sort(ts)
	}
	return smalls[n/2], bigs[n/2], results[n/2]
}

func TestKeystrokesCostWhatTheScreenShows(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a 10,000-tool document")
	}
	for _, km := range keystrokeModes {
		t.Run(km.name, func(t *testing.T) {
			small, big := keystrokeModel(t, smallSnap(), km), keystrokeModel(t, bigSnap(), km)
			var ratio float64
			var bigKey, bigResult time.Duration
			// The machine is shared: a measure that misses the goal is
			// taken again before it counts.
			for range 3 {
				var smallKey time.Duration
				smallKey, bigKey, bigResult = medianKeystrokes(t, small, big, km, 201)
				ratio = float64(bigKey) / float64(smallKey)
				if bigKey < time.Millisecond && bigResult < time.Millisecond && ratio <= 1.5 {
					break
				}
			}
			t.Logf("%s: %v with 10,000 tools, %.2fx the time with 10; the frame of a result %v", km.name, bigKey, ratio, bigResult)
			if bigKey >= time.Millisecond || bigResult >= time.Millisecond {
				t.Errorf("median keystroke %v, result frame %v with 10,000 tools, want under 1ms", bigKey, bigResult)
			}
			if ratio > 1.5 {
				t.Errorf("a keystroke with 10,000 tools takes %.2fx the time with 10, want at most 1.5x", ratio)
			}
		})
	}
}

// manyIssues is a snapshot of 100,000 issues over 10,000 tools, the
// filter goal's document: the big document's issues repeated, each
// placed and worded as the linter wrote it.
var manyIssues = sync.OnceValue(func() *snapshot {
	base := bigTools()
	res := *base
	res.Issues = make([]lint.Issue, 0, 100_000)
	for len(res.Issues) < 100_000 {
		res.Issues = append(res.Issues, base.Issues...)
	}
	res.Issues = res.Issues[:100_000]
	return newSnapshot(&res, loadTime)
})

// BenchmarkFilterIssues sifts 100,000 issues by a text, as a keystroke
// in the issues filter has a command do.
func BenchmarkFilterIssues(b *testing.B) {
	s := manyIssues()
	c := issuesSift{all: true, text: "unknown type"}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		siftIssues(s, c)
	}
}

// TestFilteringAHundredThousandIssuesTakesUnderASecond guards against a
// filter that grows with the square of the issues, with room for any
// load: the goal, 20ms, is BenchmarkFilterIssues's, which
// scripts/bench.sh reports.
func TestFilteringAHundredThousandIssuesTakesUnderASecond(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a 10,000-tool document")
	}
	s := manyIssues()
	for _, text := range []string{"unknown type", "tool_5", "$[", "zzz"} {
		c := issuesSift{all: true, text: text}
		times := make([]time.Duration, 11)
		var n int
		for i := range times {
			start := time.Now()
			n = len(siftIssues(s, c))
			times[i] = time.Since(start)
		}
		slices.Sort(times)
		t.Logf("%q: %d of 100,000 issues in %v (median %v)", text, n, times[0], times[len(times)/2])
		// The fastest run is what filtering costs: on a shared machine,
		// and beside the other packages' tests, the slower ones also
		// hold what else ran.
		if fastest := times[0]; fastest > time.Second {
			t.Errorf("filtering 100,000 issues by %q takes %v at the fastest of 11, want under a second", text, fastest)
		}
	}
}
