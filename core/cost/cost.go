// Package cost counts what tool definitions cost a request: the bytes of
// each definition written as compact JSON, and the tokens of that text
// in o200k_base, the encoding of OpenAI's current models. Providers
// render definitions their own way before a model sees them, so the
// tokens are an estimate of the order of the cost, not the bill. The
// workbench shows it per tool; the checks of several servers together
// hold the sum to a budget.
//
// It imports jsondoc and internal/par.
package cost

import (
	"hash/maphash"
	"sync"

	"github.com/tiktoken-go/tokenizer"

	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
)

// Codec counts the tokens of a text, as a tokenizer.Codec does. Measure
// calls it from several goroutines at once.
type Codec interface {
	Count(text string) (int, error)
}

// O200k returns the o200k_base tokenizer. It is built once: it embeds
// its vocabulary, and reading that takes a few tens of milliseconds.
func O200k() (tokenizer.Codec, error) { return o200k() }

var o200k = sync.OnceValues(func() (tokenizer.Codec, error) {
	return tokenizer.Get(tokenizer.O200kBase)
})

// Costs are what each of a list of definitions costs, in the list's
// order, and what they cost together.
type Costs struct {
	Bytes, Tokens           []int
	TotalBytes, TotalTokens int
	// counted holds the tokens of every text counted, by its hash, so
	// that a count after a reload counts only the definitions that
	// changed.
	counted map[uint64]int
	seed    maphash.Seed
}

// perGoroutine is the fewest definitions a goroutine of Measure counts.
const perGoroutine = 64

// Measure counts the cost of each definition on every processor. The
// tokens of a text prev counted (prev may be nil) are taken from it, when
// prev was counted with the same seed.
func Measure(defs []*jsondoc.Node, prev *Costs, seed maphash.Seed, enc Codec) *Costs {
	n := len(defs)
	c := &Costs{Bytes: make([]int, n), Tokens: make([]int, n), seed: seed}
	hashes := make([]uint64, n)
	var old map[uint64]int
	if prev != nil && prev.seed == seed {
		old = prev.counted
	}
	par.Split(par.Shares(n, perGoroutine), n, func(_, lo, hi int) {
		var buf []byte
		for i := lo; i < hi; i++ {
			buf = jsondoc.AppendCompact(buf[:0], defs[i], false, 0)
			c.Bytes[i] = len(buf)
			hashes[i] = maphash.Bytes(seed, buf)
			if t, ok := old[hashes[i]]; ok {
				c.Tokens[i] = t
				continue
			}
			c.Tokens[i], _ = enc.Count(string(buf)) // an error is invalid UTF-8, which a parsed document cannot hold
		}
	})
	c.counted = make(map[uint64]int, n)
	for i := range n {
		c.counted[hashes[i]] = c.Tokens[i]
		c.TotalBytes += c.Bytes[i]
		c.TotalTokens += c.Tokens[i]
	}
	return c
}
