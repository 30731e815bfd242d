package lint

import (
	"fmt"
	"strconv"
	"strings"
)

// Phrases are what the security rules look for, written as data in a
// small pattern language over the tokens of a clause (see lexed):
//
//	do|does not        alternatives, words in lower case
//	the?               an optional element
//	~3                 up to 3 tokens of any kind
//	tell*              a word that starts with "tell"
//	<path> <url> <email> <host> <ident> <word>   a token of that kind
//	@secret            a word of a named set (phraseSets)
//	_                  any one token
//
// A phrase matches a run of tokens of one clause. Matching is a walk of
// the pattern with a bounded backtrack over the gaps and optional
// elements, so a clause of n tokens costs at most n times the patterns
// that can start at each token: no pattern's cost grows with the text.

type pelem struct {
	words    []string
	wordSet  map[string]bool // the words, when there are many
	prefixes []string
	sets     []map[string]bool
	kinds    uint8 // a bit for each tokKind it matches
	any      bool  // matches any token but a comma
	opt      bool
	gap      int // >0: this element skips 0 to gap tokens
}

func (e *pelem) matches(t *tok) bool {
	if e.any {
		return t.kind != tComma
	}
	if e.kinds&(1<<t.kind) != 0 {
		return true
	}
	if e.wordSet != nil {
		if e.wordSet[t.w] {
			return true
		}
	} else {
		for _, w := range e.words {
			if t.w == w {
				return true
			}
		}
	}
	for _, p := range e.prefixes {
		if strings.HasPrefix(t.w, p) {
			return true
		}
	}
	for _, s := range e.sets {
		if s[t.w] {
			return true
		}
	}
	return false
}

// phrase is one compiled pattern.
type phrase struct {
	src   string
	elems []pelem
	// anchor has the bits (tokenBit) of the words of one element after
	// the first that every match needs: a clause with none of them
	// cannot match, and is not tried. 0 when no element is such.
	anchor uint64
}

// tokenBit is a bit for a word, made of its length and its first and
// last bytes: a clause's words make a mask that tells most phrases they
// cannot match there without trying them.
func tokenBit(w string) uint64 {
	if w == "" {
		return 0
	}
	return 1 << ((uint(len(w))*31 + uint(w[0])*7 + uint(w[len(w)-1])) % 64)
}

// match returns the index just past a match of p's elements from k on,
// starting at token i of ts, or -1. Gaps take as few tokens as they can.
func (p *phrase) match(ts []tok, i, k int) int {
	for ; k < len(p.elems); k++ {
		e := &p.elems[k]
		switch {
		case e.gap > 0:
			for skip := 0; skip <= e.gap && i+skip <= len(ts); skip++ {
				if end := p.match(ts, i+skip, k+1); end >= 0 {
					return end
				}
			}
			return -1
		case e.opt:
			if i < len(ts) && e.matches(&ts[i]) {
				if end := p.match(ts, i+1, k+1); end >= 0 {
					return end
				}
			}
			continue
		}
		if i >= len(ts) || !e.matches(&ts[i]) {
			return -1
		}
		i++
	}
	return i
}

func wordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

var kindNames = map[string]tokKind{"word": tWord, "ident": tIdent, "path": tPath, "url": tURL, "email": tEmail, "host": tHost}

// compilePhrase compiles src, panicking on a mistake: phrases are the
// rules' own data, checked when the package loads.
func compilePhrase(src string, sets map[string]map[string]bool) *phrase {
	p := &phrase{src: src}
	for _, f := range strings.Fields(src) {
		var e pelem
		if n, ok := strings.CutPrefix(f, "~"); ok {
			g, err := strconv.Atoi(n)
			if err != nil || g <= 0 {
				panic(fmt.Sprintf("lint: phrase %q: bad gap %q", src, f))
			}
			e.gap = g
			p.elems = append(p.elems, e)
			continue
		}
		if f != "?" && strings.HasSuffix(f, "?") {
			e.opt, f = true, strings.TrimSuffix(f, "?")
		}
		for _, a := range strings.Split(f, "|") {
			switch {
			case a == "_":
				e.any = true
			case strings.HasPrefix(a, "<") && strings.HasSuffix(a, ">"):
				k, ok := kindNames[a[1:len(a)-1]]
				if !ok {
					panic(fmt.Sprintf("lint: phrase %q: unknown kind %s", src, a))
				}
				e.kinds |= 1 << k
			case strings.HasPrefix(a, "@"):
				s, ok := sets[a[1:]]
				if !ok {
					panic(fmt.Sprintf("lint: phrase %q: unknown set %s", src, a))
				}
				e.sets = append(e.sets, s)
			case strings.HasSuffix(a, "*") && len(a) > 1:
				e.prefixes = append(e.prefixes, strings.TrimSuffix(a, "*"))
			case a == "":
				panic(fmt.Sprintf("lint: phrase %q: empty alternative", src))
			default:
				e.words = append(e.words, a)
			}
		}
		if len(e.words) > 6 {
			e.wordSet = wordSet(strings.Join(e.words, " "))
		}
		p.elems = append(p.elems, e)
	}
	if len(p.elems) == 0 || p.elems[0].gap > 0 || p.elems[0].opt || p.elems[len(p.elems)-1].gap > 0 {
		panic(fmt.Sprintf("lint: phrase %q must start and end with a required element", src))
	}
	// The anchor: the required element after the first of words alone
	// with the fewest of them.
	best := -1
	for k := 1; k < len(p.elems); k++ {
		e := &p.elems[k]
		if e.opt || e.gap > 0 || e.any || e.kinds != 0 || len(e.prefixes) > 0 || len(e.sets) > 0 || len(e.words) == 0 {
			continue
		}
		if best < 0 || len(e.words) < len(p.elems[best].words) {
			best = k
		}
	}
	if best > 0 {
		for _, w := range p.elems[best].words {
			p.anchor |= tokenBit(w)
		}
	}
	return p
}

// phraseIndex finds, for each token, the phrases that can start there:
// by the token's word for phrases whose first element lists words, and
// the others at every token.
type phraseIndex[T any] struct {
	// starts has a bit for each (length, first letter, second letter) of
	// the words in byWord: most words of a text start no phrase, and are
	// told so without a map lookup.
	starts [16 * 26 * 26 / 64]uint64
	byWord map[string][]int
	byKind [8][]int // phrases whose first element takes a kind of token
	other  []int
	items  []T
	ps     []*phrase
}

func newPhraseIndex[T any](items []T, phraseOf func(T) *phrase) *phraseIndex[T] {
	ix := &phraseIndex[T]{byWord: map[string][]int{}, items: items}
	for i, it := range items {
		p := phraseOf(it)
		ix.ps = append(ix.ps, p)
		e := &p.elems[0]
		for _, set := range e.sets {
			for w := range set {
				ix.byWord[w] = append(ix.byWord[w], i)
			}
		}
		if e.any || len(e.prefixes) > 0 {
			ix.other = append(ix.other, i)
		} else {
			for k := range ix.byKind {
				if e.kinds&(1<<k) != 0 {
					ix.byKind[k] = append(ix.byKind[k], i)
				}
			}
		}
		for _, w := range e.words {
			ix.byWord[w] = append(ix.byWord[w], i)
		}
	}
	for w := range ix.byWord {
		if k, ok := startKey(w); ok {
			ix.starts[k/64] |= 1 << (k % 64)
		}
	}
	return ix
}

// startKey is the bit of starts for w, false for a word it does not
// sort: shorter than two bytes, or not starting with two letters.
func startKey(w string) (int, bool) {
	if len(w) < 2 || w[0] < 'a' || w[0] > 'z' || w[1] < 'a' || w[1] > 'z' {
		return 0, false
	}
	return min(len(w), 15)*26*26 + int(w[0]-'a')*26 + int(w[1]-'a'), true
}

// maybe reports whether w may start a phrase of byWord.
func (ix *phraseIndex[T]) maybe(w string) bool {
	k, ok := startKey(w)
	return !ok || ix.starts[k/64]&(1<<(k%64)) != 0
}

// matches appends to out every match in ts, in the order of the tokens,
// and for each token in the order of the items.
func (ix *phraseIndex[T]) matches(ts []tok, out []phraseMatch[T]) []phraseMatch[T] {
	var mask uint64
	for i := range ts {
		mask |= tokenBit(ts[i].w)
	}
	for i := range ts {
		if ts[i].kind == tComma {
			continue
		}
		if ix.maybe(ts[i].w) {
			for _, k := range ix.byWord[ts[i].w] {
				if a := ix.ps[k].anchor; a != 0 && mask&a == 0 {
					continue
				}
				if end := ix.ps[k].match(ts, i, 0); end > i {
					out = append(out, phraseMatch[T]{ix.items[k], i, end})
				}
			}
		}
		for _, k := range ix.byKind[ts[i].kind] {
			if end := ix.ps[k].match(ts, i, 0); end > i {
				out = append(out, phraseMatch[T]{ix.items[k], i, end})
			}
		}
		for _, k := range ix.other {
			if !ix.ps[k].elems[0].matches(&ts[i]) {
				continue
			}
			if end := ix.ps[k].match(ts, i, 0); end > i {
				out = append(out, phraseMatch[T]{ix.items[k], i, end})
			}
		}
	}
	return out
}

// phraseMatch is a phrase found in tokens: its item, and the tokens
// [from, to) it spans.
type phraseMatch[T any] struct {
	item     T
	from, to int
}
