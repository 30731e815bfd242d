package lint

import (
	"fmt"
	"maps"
	"math"
	"slices"
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
	// needs are the elements after the first that every match needs and
	// that words alone match (see needed): a clause without a word of
	// each cannot match, and is not tried.
	needs []int
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

// wordIn reports whether a token of cl[from:to] is one of set; the
// bounds are clipped to cl.
func wordIn(cl []tok, from, to int, set map[string]bool) bool {
	for k := max(0, from); k < min(to, len(cl)); k++ {
		if set[cl[k].w] {
			return true
		}
	}
	return false
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
	for k := 1; k < len(p.elems); k++ {
		if p.elems[k].needed() {
			p.needs = append(p.needs, k)
		}
	}
	return p
}

// needed reports whether a match needs a token that one of e's words,
// its own or of its named sets, is, and nothing else matches e; but not
// when one of them is too common to tell a clause that may match from
// one that cannot.
func (e *pelem) needed() bool {
	if e.opt || e.gap > 0 || e.any || e.kinds != 0 || len(e.prefixes) > 0 {
		return false
	}
	words := elementWords(e)
	return len(words) > 0 && !slices.ContainsFunc(words, func(w string) bool { return commonWords[w] })
}

// commonWords are words too common in any text to tell a clause that
// may match a phrase from one that cannot: no element needed has them.
var commonWords = wordSet("the a an this that these it its to of in on at by for with and or is are be was not no any all you your as from")

// phraseIndex finds, for each token, the phrases that can start there:
// by the token's word for phrases whose first element lists words, and
// the others at every token.
type phraseIndex[T any] struct {
	byWord wordTable
	byKind [8][]int // phrases whose first element takes a kind of token
	other  []int
	items  []T
	ps     []*phrase
	// needs are the needed elements (phrase.needs) of phrase k by number,
	// needs[needsAt[k]:needsAt[k+1]], in one array: one number for each
	// distinct set of words, which the entries of its words list
	// (wordEntry.needs).
	needs   []uint16
	needsAt []uint32
	nNeeds  int
}

// wordEntry is what the index knows of a word: the phrases that can
// start with it, and the tag the caller gave it (see newPhraseIndex).
type wordEntry struct {
	items []int
	tag   uint64
	needs []uint16 // the numbers of the needed elements that take the word
}

// wordTable finds a word's entry: a bit of a bitmap, by a hash of its
// length and a few of its bytes, tells most words of a text that have
// no entry so without a map lookup. What the table knows of its words
// lies in a few arrays, not in an object a word: a lint reaches it
// between other rules' work, its caches cold, and a word's lookup reads
// a few lines of memory, not one a pointer.
type wordTable struct {
	bits [1 << 16 / 64]uint64
	// slots are the words by wordKey, open addressed, each the number of
	// its wordInfo plus one (0 for none): a word costs a hash of its
	// bytes and a compare or two, not a map's lookup.
	slots []uint16
	infos []wordInfo
	items []int    // the phrases of the words, a run a word
	needs []uint16 // the needed elements of the words, a run a word
	mask  uint32
}

// wordInfo is what the table knows of a word (see wordEntry), its
// phrases and needed elements runs of the table's arrays.
type wordInfo struct {
	tag            uint64
	word           string // in one string of the table's words
	items, needs   uint32
	nItems, nNeeds uint16
}

// itemsOf and needsOf are the phrases and the needed elements of word
// number k of the table.
func (t *wordTable) itemsOf(k int32) []int {
	e := &t.infos[k]
	return t.items[e.items : e.items+uint32(e.nItems)]
}

func (t *wordTable) needsOf(k int32) []uint16 {
	e := &t.infos[k]
	return t.needs[e.needs : e.needs+uint32(e.nNeeds)]
}

// wordKey hashes all of a word's bytes (FNV-1a): words are short.
func wordKey(w string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint32(w[i])) * 16777619
	}
	return h
}

func wordHash(w string) uint32 {
	h := uint32(len(w)) * 0x9e3779b1
	if len(w) > 0 {
		h ^= uint32(w[0])<<24 ^ uint32(w[len(w)-1])<<16 ^ uint32(w[len(w)/2])<<8
	}
	if len(w) > 1 {
		h ^= uint32(w[1])
	}
	return (h * 0x85ebca6b) >> 16
}

// get returns the number of w's wordInfo, or -1.
func (t *wordTable) get(w string) int32 {
	if h := wordHash(w); t.bits[h>>6]&(1<<(h&63)) == 0 {
		return -1
	}
	for i := wordKey(w) & t.mask; ; i = (i + 1) & t.mask {
		k := int32(t.slots[i]) - 1
		if k < 0 || t.infos[k].word == w {
			return k
		}
	}
}

// build makes the table of the entries of m.
func (t *wordTable) build(m map[string]*wordEntry) {
	if len(m) >= math.MaxUint16 {
		panic("lint: too many words of phrases")
	}
	words := slices.Sorted(maps.Keys(m))
	all := strings.Join(words, "")
	n := 1
	for n < 4*len(m) {
		n *= 2
	}
	t.slots, t.mask = make([]uint16, n), uint32(n-1)
	at := 0
	for _, w := range words {
		e := m[w]
		if len(e.items) > math.MaxUint16 || len(e.needs) > math.MaxUint16 {
			panic("lint: a word of too many phrases")
		}
		t.infos = append(t.infos, wordInfo{tag: e.tag, word: all[at : at+len(w)],
			items: uint32(len(t.items)), nItems: uint16(len(e.items)), needs: uint32(len(t.needs)), nNeeds: uint16(len(e.needs))})
		at += len(w)
		t.items = append(t.items, e.items...)
		t.needs = append(t.needs, e.needs...)
		i := wordKey(w) & t.mask
		for t.slots[i] != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = uint16(len(t.infos))
		h := wordHash(w)
		t.bits[h>>6] |= 1 << (h & 63)
	}
}

// newPhraseIndex indexes the phrases of items. tags gives single words
// bits of the caller's meaning, which matches finds with the same
// lookup as the phrases: a word costs one lookup however many phrases
// and tags it has.
func newPhraseIndex[T any](items []T, phraseOf func(T) *phrase, tags map[string]uint64) *phraseIndex[T] {
	ix := &phraseIndex[T]{items: items}
	byWord := map[string]*wordEntry{}
	entry := func(w string) *wordEntry {
		e := byWord[w]
		if e == nil {
			e = &wordEntry{}
			byWord[w] = e
		}
		return e
	}
	for i, it := range items {
		p := phraseOf(it)
		ix.ps = append(ix.ps, p)
		e := &p.elems[0]
		for _, set := range e.sets {
			for w := range set {
				entry(w).items = append(entry(w).items, i)
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
			entry(w).items = append(entry(w).items, i)
		}
	}
	for w, tag := range tags {
		entry(w).tag |= tag
	}
	// The needed elements, numbered by their words: "user|users" is one
	// element, wherever it is.
	number := map[string]uint16{}
	ix.needsAt = append(ix.needsAt, 0)
	for _, p := range ix.ps {
		for _, k := range p.needs {
			words := elementWords(&p.elems[k])
			key := strings.Join(words, " ")
			n, ok := number[key]
			if !ok {
				if len(number) > math.MaxUint16 {
					panic("lint: too many needed elements of phrases")
				}
				n = uint16(len(number))
				number[key] = n
				for _, w := range words {
					entry(w).needs = append(entry(w).needs, n)
				}
			}
			ix.needs = append(ix.needs, n)
		}
		ix.needsAt = append(ix.needsAt, uint32(len(ix.needs)))
	}
	ix.nNeeds = len(number)
	ix.byWord.build(byWord)
	return ix
}

// elementWords are the words an element takes, its own and those of its
// named sets, sorted and each once.
func elementWords(e *pelem) []string {
	words := slices.Clone(e.words)
	for _, set := range e.sets {
		for w := range set {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	return slices.Compact(words)
}

// matchBufs are the buffers a clause's matching fills, reused from
// clause to clause: the tags and entries of its tokens, and which needed
// elements its words take, a bit each.
type matchBufs struct {
	tags  []uint64
	ents  []int32 // the numbers of the entries (wordTable.get)
	needs []uint64
}

// grow makes the buffers fit a clause of n tokens and an index of
// nNeeds needed elements.
func (b *matchBufs) grow(n, nNeeds int) {
	if cap(b.tags) < n {
		b.tags = make([]uint64, n, 2*n)
		b.ents = make([]int32, n, 2*n)
	}
	b.tags, b.ents = b.tags[:n], b.ents[:n]
	if w := (nNeeds + 63) / 64; len(b.needs) != w {
		b.needs = make([]uint64, w)
	}
}

// has reports whether the clause's words take needed element n.
func (b *matchBufs) has(n uint16) bool { return b.needs[n>>6]&(1<<(n&63)) != 0 }

// anchored reports whether a clause whose words take the needed
// elements of b may hold a match of phrase k: it has a word of every
// element the phrase needs.
func (ix *phraseIndex[T]) anchored(k int, b *matchBufs) bool {
	for _, n := range ix.needs[ix.needsAt[k]:ix.needsAt[k+1]] {
		if !b.has(n) {
			return false
		}
	}
	return true
}

// matches appends to out every match in ts, in the order of the tokens,
// and for each token in the order of the items; and leaves in b.tags
// the tag of each token's word.
func (ix *phraseIndex[T]) matches(ts []tok, out []phraseMatch[T], b *matchBufs) []phraseMatch[T] {
	b.grow(len(ts), ix.nNeeds)
	clear(b.needs)
	for i := range ts {
		b.tags[i], b.ents[i] = 0, -1
		if ts[i].kind == tComma {
			continue
		}
		if k := ix.byWord.get(ts[i].w); k >= 0 {
			b.tags[i], b.ents[i] = ix.byWord.infos[k].tag, k
			for _, n := range ix.byWord.needsOf(k) {
				b.needs[n>>6] |= 1 << (n & 63)
			}
		}
	}
	for i := range ts {
		if ts[i].kind == tComma {
			continue
		}
		if n := b.ents[i]; n >= 0 {
			// The word is one of the first element's: the match goes on
			// from the second.
			for _, k := range ix.byWord.itemsOf(n) {
				if !ix.anchored(k, b) {
					continue
				}
				if end := ix.ps[k].match(ts, i+1, 1); end > i {
					out = append(out, phraseMatch[T]{ix.items[k], i, end})
				}
			}
		}
		for _, k := range ix.byKind[ts[i].kind] {
			if !ix.anchored(k, b) {
				continue
			}
			if end := ix.ps[k].match(ts, i+1, 1); end > i { // and so is its kind
				out = append(out, phraseMatch[T]{ix.items[k], i, end})
			}
		}
		for _, k := range ix.other {
			if !ix.anchored(k, b) || !ix.ps[k].elems[0].matches(&ts[i]) {
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
