package tui

import (
	"hash/maphash"
	"runtime"
	"strconv"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/tiktoken-go/tokenizer"

	"toolbench/core/jsondoc"
)

// Every tool in a request costs context, so the workbench shows what each
// costs: the bytes of its definition written as compact JSON, and the
// tokens of that text in o200k_base, the encoding of OpenAI's current
// models. Providers render definitions their own way before a model sees
// them, so the tokens are an estimate of the order of the cost, not the
// bill.

// costs is what the tools of one snapshot cost, by row.
type costs struct {
	bytes, tokens           []int
	totalBytes, totalTokens int
	// counted holds the tokens of every text counted, by its hash, so
	// that a reload counts only the tools that changed.
	counted map[uint64]int
}

// costsMsg is the cost of the tools of snap, counted in a command.
type costsMsg struct {
	snap  *snapshot
	costs *costs
	err   error
}

// o200k is the tokenizer, built once: it embeds its vocabulary, and
// reading that takes a few tens of milliseconds.
var o200k = sync.OnceValues(func() (tokenizer.Codec, error) {
	return tokenizer.Get(tokenizer.O200kBase)
})

// countCosts counts the cost of every tool of snap on every processor,
// taking the tokens of texts prev has counted from it. A snapshot's
// costs are counted once, however often they are asked for.
func countCosts(snap *snapshot, prev *costs, seed maphash.Seed) tea.Cmd {
	return func() tea.Msg {
		snap.costOnce.Do(func() {
			enc, err := o200k()
			if err != nil {
				snap.costErr = err
				return
			}
			snap.costs = measure(snap, prev, seed, enc)
		})
		return costsMsg{snap: snap, costs: snap.costs, err: snap.costErr}
	}
}

// measure is countCosts' work.
func measure(snap *snapshot, prev *costs, seed maphash.Seed, enc tokenizer.Codec) *costs {
	n := len(snap.rows)
	c := &costs{bytes: make([]int, n), tokens: make([]int, n)}
	hashes := make([]uint64, n)
	var old map[uint64]int
	if prev != nil {
		old = prev.counted
	}
	workers := min(runtime.GOMAXPROCS(0), max(n/64, 1))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for i := w; i < n; i += workers {
				buf = jsondoc.AppendCompact(buf[:0], snap.rows[i].tool.Node, false, 0)
				c.bytes[i] = len(buf)
				hashes[i] = maphash.Bytes(seed, buf)
				if t, ok := old[hashes[i]]; ok {
					c.tokens[i] = t
					continue
				}
				c.tokens[i], _ = enc.Count(string(buf)) // an error is invalid UTF-8, which a parsed document cannot hold
			}
		}()
	}
	wg.Wait()
	c.counted = make(map[uint64]int, n)
	for i := range n {
		c.counted[hashes[i]] = c.tokens[i]
		c.totalBytes += c.bytes[i]
		c.totalTokens += c.tokens[i]
	}
	return c
}

// shortCount is a count as a narrow column shows it, in at most five
// cells: 812, 12.4k, 312k, 3.1M.
func shortCount(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(n)
	case n < 100_000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + "k"
	case n < 1_000_000:
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + "M"
}

// costText is a cost in full: "1,234 bytes · 310 tokens".
func costText(bytes, tokens int) string {
	return groupDigits(bytes) + " bytes · " + groupDigits(tokens) + " tokens"
}

// groupDigits writes n with a comma between groups of three digits.
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
