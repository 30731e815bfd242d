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

// bigModel is the workbench at 120x40 with the big document loaded and a
// call half typed into the tester.
func bigModel(tb testing.TB) model {
	tb.Helper()
	m := newModel(Config{File: "big.json"}, nil)
	m = update(tb, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = update(tb, m, docLoadedMsg{snap: newSnapshot(bigTools(), loadTime)})
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

func TestCallKeystrokeWithTenThousandToolsTakesUnderAMillisecond(t *testing.T) {
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
	if median := times[len(times)/2]; median > time.Millisecond {
		t.Errorf("median keystroke %v, want under 1ms", median)
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
