package tui

import (
	"hash/maphash"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"github.com/tiktoken-go/tokenizer"

	"toolbench/core/cost"
	"toolbench/core/jsondoc"
)

// Every tool in a request costs context, so the workbench shows what each
// costs, as core/cost counts it: the bytes of its definition written as
// compact JSON, and the tokens of that text in o200k_base. Providers
// render definitions their own way before a model sees them, so the
// tokens are an estimate of the order of the cost, not the bill.

// costs is what the tools of one snapshot cost, by row.
type costs struct {
	bytes, tokens           []int
	totalBytes, totalTokens int
	// counted is the count itself, which holds the tokens of every text
	// counted, so that a reload counts only the tools that changed.
	counted *cost.Costs
}

// costsMsg is the cost of the tools of snap, counted in a command.
type costsMsg struct {
	snap  *snapshot
	costs *costs
	err   error
}

// o200k is the tokenizer, built once.
func o200k() (tokenizer.Codec, error) { return cost.O200k() }

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
	defs := make([]*jsondoc.Node, len(snap.rows))
	for i := range snap.rows {
		defs[i] = snap.rows[i].tool.Node
	}
	var old *cost.Costs
	if prev != nil {
		old = prev.counted
	}
	c := cost.Measure(defs, old, seed, enc)
	return &costs{bytes: c.Bytes, tokens: c.Tokens, totalBytes: c.TotalBytes, totalTokens: c.TotalTokens, counted: c}
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
