package lint

import (
	_ "embed"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The security rules' phrases and intents read words a person chose; the
// security model reads a sentence as a whole. It is a logistic
// regression over the sentence's words and pairs of words, and three
// things of where it is (see modelContext), weighted by tf-idf, trained
// on the security corpus (testdata/security): the
// sentences that carry the attack of each of its poisoned tools (which
// the tool's _meta names) against the other sentences of those tools
// and every sentence of its real servers' tools and its tricky ones.
// The trainer is TestSecurityModelIsTrainedOnTheCorpus, which rewrites
// security_model.txt with -update.
//
// The model does three things to a tool's scan (weigh):
//   - a rule's finding in a sentence the model scores below
//     modelVetoBelow is dropped: real tools' sentences that a phrase or
//     an intent misreads score low, poisoned ones high;
//   - a sentence no rule found anything in that the model scores at
//     modelFlagFrom or more, of modelFlagWords words at least, is a
//     finding of security/hidden-instruction: a shorter one gives the
//     model too few words to go on ("The capacitance (C) in farads (F).",
//     a public tool's, scores 0.96 on its letters), and the rules read
//     short orders well;
//   - so are two sentences in a row that are scored as one the same way.
//
// modelVetoBelow and modelFlagWords were set on tools the model was
// not trained on when they were set, rounds 11, 12 and 14 of the corpus
// and BFCL's public definitions, which are in the corpus now but BFCL's.
// modelFlagFrom was set by cross-validation on the corpus
// (TestSecurityModelCrossValidates): 0.98 flagged 0.7% of the real
// tools of the folds left out, and 88 to 93% of each class's poisoned
// ones, where 0.95 flagged 1.1% and 1 to 4 points more (see
// docs/security.md).
const (
	modelVetoBelow = 0.2
	modelFlagFrom  = 0.98
	// modelFlagAside is modelFlagFrom for a text that is no description
	// (a title, an enum or default value, a vendor's extension, a
	// property's name read as a sentence): real tools seldom put a
	// sentence of eight words there, and the folds flagged no more of
	// their tools at 0.6 than at 0.98, where blind rounds put orders
	// there that score 0.9 (docs/security.md).
	modelFlagAside = 0.8
	modelFlagWords = 8
)

//go:embed security_model.txt
var securityModelText string

// secModel is the trained model: for each feature (a word or a pair of
// words, by the hash of its text), its idf, its weight and its text.
type secModel struct {
	feats     featTable
	intercept float64
}

type modelFeat struct {
	idf, coef float32
	name      string // for a finding's why
}

// featTable finds a feature by its hash: open addressed, at most two
// thirds full, so that a sentence's features cost a compare or two
// each, not a map's lookup (the model reads every sentence of a lint),
// and never full, so that a search ends at an empty slot. The slots
// hold the hashes and the features' numbers in feats, so that an empty
// slot costs 12 bytes, not a feature's 32.
type featTable struct {
	keys  []uint64 // 0 for an empty slot
	at    []uint32 // the slot's feature in feats
	feats []modelFeat
	mask  uint64
}

// newFeatTable returns a table of n features at most.
func newFeatTable(n int) featTable {
	size := 1
	for size <= n+n/2 {
		size *= 2
	}
	return featTable{keys: make([]uint64, size), at: make([]uint32, size), feats: make([]modelFeat, 0, n), mask: uint64(size - 1)}
}

// slot returns where hash h is in the table, or would be.
func (t *featTable) slot(h uint64) uint64 {
	i := h & t.mask
	for t.keys[i] != 0 && t.keys[i] != h {
		i = (i + 1) & t.mask
	}
	return i
}

// add adds feature f of hash h, or returns the one the table has.
func (t *featTable) add(h uint64, f modelFeat) (modelFeat, bool) {
	i := t.slot(h)
	if t.keys[i] != 0 {
		return t.feats[t.at[i]], false
	}
	t.keys[i], t.at[i] = h, uint32(len(t.feats))
	t.feats = append(t.feats, f)
	return f, true
}

// has reports whether the table has a feature of hash h.
func (t *featTable) has(h uint64) bool { return t.keys[t.slot(h)] != 0 }

// get returns the feature of hash h.
func (t *featTable) get(h uint64) (modelFeat, bool) {
	i := t.slot(h)
	if t.keys[i] == 0 {
		return modelFeat{}, false
	}
	return t.feats[t.at[i]], true
}

// securityModel is the embedded model, read on first use.
var securityModel = sync.OnceValue(func() *secModel {
	m, err := parseModel(securityModelText)
	if err != nil {
		panic("security_model.txt: " + err.Error())
	}
	return m
})

// parseModel reads a model as formatModel writes it: a line "intercept
// X", then a line "idf coef feature" a feature.
func parseModel(text string) (*secModel, error) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	m := &secModel{feats: newFeatTable(len(lines))}
	for n, line := range lines {
		if line == "" || line[0] == '#' {
			continue
		}
		if v, ok := strings.CutPrefix(line, "intercept "); ok {
			b, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			m.intercept = b
			continue
		}
		idf, rest, ok1 := strings.Cut(line, " ")
		coef, name, ok2 := strings.Cut(rest, " ")
		i, err1 := strconv.ParseFloat(idf, 32)
		c, err2 := strconv.ParseFloat(coef, 32)
		if !ok1 || !ok2 || err1 != nil || err2 != nil || name == "" {
			return nil, fmt.Errorf("line %d: not idf, weight and feature: %q", n+1, line)
		}
		h := featureHash(name)
		if h == 0 {
			return nil, fmt.Errorf("line %d: %q has the hash 0", n+1, name)
		}
		if other, ok := m.feats.add(h, modelFeat{float32(i), float32(c), name}); !ok {
			return nil, fmt.Errorf("line %d: %q has the hash of %q", n+1, name, other.name)
		}
	}
	return m, nil
}

// featureHash is the hash of a feature's text: a word, or two words
// joined by a space.
func featureHash(name string) uint64 {
	a, b, pair := strings.Cut(name, " ")
	if pair {
		return pairHash(wordHash64(a), wordHash64(b))
	}
	return wordHash64(name)
}

// wordHash64 is FNV-1a of a word.
func wordHash64[T string | []byte](w T) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= fnvPrime
	}
	return h
}

// FNV-1a's 64-bit offset basis and prime.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// pairHash is the hash of two words in a row, from theirs.
func pairHash(a, b uint64) uint64 {
	h := a*0x9E3779B97F4A7C15 ^ b
	h ^= h >> 29
	return h * 0xBF58476D1CE4E5B9
}

// modelBytes classes the bytes the model reads: the letters of a word
// (an inner apostrophe aside, see modelTokens), each the lower-case
// letter it reads as, and the marks of a run it reads as one token
// (paths, pipes, markup, variables), each itself with modelMarkBit set.
// Any other byte is 0, and parts tokens.
var modelBytes = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = byte(c), byte(c)
	}
	for _, c := range []byte("~/$.`<>|") {
		t[c] = c | modelMarkBit
	}
	return t
}()

// modelMarkBit marks a mark in modelBytes: none of the marks has it set,
// nor does a lower-case letter.
const modelMarkBit = 0x80

func modelWord(c byte) bool { b := modelBytes[c]; return b != 0 && b&modelMarkBit == 0 }

func modelMark(c byte) bool { return modelBytes[c]&modelMarkBit != 0 }

// modelTokens calls fn with each token of s, lower-cased in buf (see
// eachModelToken). The bytes fn gets are valid only during the call; it
// returns buf for the next call.
func modelTokens(s string, buf []byte, fn func(tok []byte)) []byte {
	eachModelToken(s, func(i, j int) {
		buf = buf[:0]
		if s[i] == ':' {
			buf = append(buf, urlToken...)
		} else {
			for k := i; k < j; k++ {
				buf = append(buf, modelLower(s[k]))
			}
		}
		fn(buf)
	})
	return buf
}

// urlToken is the token the model reads an address as, before the
// address's words (see urlWords). No text's tokens spell it, as '<'
// and '>' are marks apart from the letters between them.
const urlToken = "<url>"

// urlHash is the hash of urlToken, as wordHash64 makes a token's.
var urlHash = wordHash64(urlToken)

// urlWords calls fn with the bounds of the words of the address
// s[from:to], which starts with "://": its host's labels but the
// top-level domain, and its path's, each a run of letters
// ("raw", "githubusercontent", "homebrew", "install", "sh"). The marks
// between them and the top-level domain are no words of the sentence:
// a model that read "io" and "/" took "For detailed docs go to
// https://eksctl.io/" for an attack that sent something to an invented
// host under .io.
func urlWords(s string, from, to int, fn func(i, j int)) {
	start := from + len("://")
	host := s[start:to]
	if k := strings.IndexAny(host, "/?#"); k >= 0 {
		host = host[:k]
	}
	hostEnd := start + len(host)
	tld := hostEnd // where the host's top-level domain starts
	if k := strings.LastIndexByte(host, '.'); k > 0 {
		tld = start + k
	}
	for k := start; k < to; {
		if !modelWord(s[k]) {
			k++
			continue
		}
		end := k
		for end < to && modelWord(s[end]) {
			end++
		}
		if k < tld || k >= hostEnd {
			fn(k, end)
		}
		k = end
	}
}

// eachModelToken calls fn with the bounds of each token of s: a run of
// letters with at most one inner apostrophe between letters ("don't"),
// a run of marks, or an address from its "://" (whose scheme before it
// is a token of its own, but for http and https, which every address
// has) and then its words (see urlWords): a token that starts with ':'
// is an address, read as urlToken.
func eachModelToken(s string, fn func(i, j int)) {
	for i := 0; i < len(s); {
		c := s[i]
		j := i
		switch {
		case modelWord(c):
			j = wordEnd(s, i)
			if strings.HasPrefix(s[j:], "://") {
				if scheme := s[i:j]; !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
					fn(i, j)
				}
				i, j = j, urlEnd(s, j)
				fn(i, j)
				urlWords(s, i, j, fn)
				i = j
				continue
			}
		case modelMark(c):
			for j < len(s) && modelMark(s[j]) {
				j++
			}
		default:
			i++
			continue
		}
		fn(i, j)
		i = j
	}
}

// modelLower is byte c of a token as the model reads it: a letter in
// lower case, a mark and an apostrophe as themselves.
func modelLower(c byte) byte {
	if b := modelBytes[c]; b != 0 {
		return b &^ modelMarkBit
	}
	return c
}

// wordEnd returns the end of the word of s that starts at i: a run of
// letters with at most one inner apostrophe between letters.
func wordEnd(s string, i int) int {
	j := i
	for j < len(s) && modelWord(s[j]) {
		j++
	}
	if j+1 < len(s) && s[j] == '\'' && modelWord(s[j+1]) {
		for j++; j < len(s) && modelWord(s[j]); j++ {
		}
	}
	return j
}

// modelSentences calls fn with the bounds of each sentence of s: text
// between line breaks, and after white space that follows . ! ? ; or :,
// trimmed of white space.
func modelSentences(s string, fn func(from, to int)) {
	emit := func(from, to int) {
		for from < to && isModelSpace(s[from]) {
			from++
		}
		for to > from && isModelSpace(s[to-1]) {
			to--
		}
		if from < to {
			fn(from, to)
		}
	}
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\n' || isModelSpace(c) && i > 0 && strings.IndexByte(".!?;:", s[i-1]) >= 0 {
			emit(start, i)
			start = i + 1
		}
	}
	emit(start, len(s))
}

func isModelSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// modelContext is what the model reads of a sentence besides its words:
// which of them are words of the names it is about (the tool's, and the
// property's whose schema holds it), each a feature "= word" as well as
// the word; and the kind of text it is in, a feature of its own (see
// textKind). A password asked for in a property named "password" of a
// tool named "registry_login" is what the tool is for; one asked for in
// a property named "notes" of a tool that plans a timetable is not. And
// an order that reads as plain text in a description reads otherwise
// in a title or an enum value, where real tools seldom write a sentence:
// trained with these, the folds that leave whole rounds out flagged 2
// to 13 points more of each round's poisoned tools at fewer real ones
// (docs/security.md).
type modelContext struct {
	names []uint64 // the hashes of the words of the names, lower-cased
	kind  uint64   // the hash of the kind's feature
	self  uint64   // the hash of the property's identifier as one token, 0 for none (see kindSelf)
}

// The kinds of text a sentence can be in, each the name of its feature.
const (
	kindDescription = "#kd" // the tool's own description
	kindSchema      = "#kp" // a description in a schema
	kindAside       = "#ka" // any other: a name, a title, a value, an extension

	// kindSelf is the feature of a sentence that names the property it
	// describes by its identifier, as documentation does ("Every time
	// the calendar is changed, changeKey changes as well"): a word the
	// sentence's own words cannot learn for a property the corpus has
	// not seen, and a poisoned property's text seldom has.
	kindSelf = "#kn"
)

// selfHash is the hash of kindSelf's feature.
var selfHash = wordHash64(kindSelf)

// nameMark is the hash of the mark of a feature "= word" (see
// modelContext): featureHash of "= word" is pairHash(nameMark, the
// word's), as of a pair of words, and no token is "=".
var nameMark = wordHash64("=")

// textKind is the kind of text t is (see modelContext).
func textKind(t *secText) string {
	switch {
	case t.aside():
		return kindAside
	case t.own:
		return kindDescription
	}
	return kindSchema
}

// contextOf is the context of the sentences of text i (see
// modelContext), its names' hashes in names.
func (s *secScan) contextOf(i int, names []uint64) modelContext {
	names = names[:0]
	for _, w := range s.words() {
		names = append(names, wordHash64(w))
	}
	eachNameWord(s.texts[i].prop, func(w string) { names = append(names, modelHash(w)) })
	return modelContext{names: names, kind: wordHash64(textKind(&s.texts[i])), self: identifierHash(s.texts[i].prop)}
}

// identifierHash is the hash of the one token the model reads property
// name prop as, when prop is an identifier no sentence writes as a word
// (changeKey: a lower-case letter then a capital, not "ID" or "URL");
// 0 when it is not, or when the model reads it as its words
// (change_key is "change" and "key", which the names' features hold).
func identifierHash(prop string) uint64 {
	ident := false // camelCase: a lower-case letter then a capital
	for i := 1; i < len(prop); i++ {
		if 'a' <= prop[i-1] && prop[i-1] <= 'z' && 'A' <= prop[i] && prop[i] <= 'Z' {
			ident = true
		}
	}
	if !ident {
		return 0
	}
	var h uint64
	n := 0
	modelHashes(prop, func(t uint64, _ bool) { h, n = t, n+1 })
	if n != 1 {
		return 0
	}
	return h
}

// modelDoc is a sentence as the trainer counts it: its text, its words
// that are words of the names it is about, each time it has them, its
// kind of text (see modelContext), and whether it names its property by
// its identifier (kindSelf).
type modelDoc struct {
	text, named, kind string
	self              bool
}

// docOf is sentence text of text i of s as the trainer counts it.
func (s *secScan) docOf(i int, text string) modelDoc {
	ctx := s.contextOf(i, nil)
	var named []string
	self := false
	modelTokens(text, nil, func(b []byte) {
		h := wordHash64(b)
		if len(b) > 1 && modelWord(b[0]) && slices.Contains(ctx.names, h) {
			named = append(named, string(b))
		}
		self = self || ctx.self != 0 && h == ctx.self
	})
	return modelDoc{text: text, named: strings.Join(named, " "), kind: textKind(&s.texts[i]), self: self}
}

// modelFeatureNames returns the features of a sentence as text, in
// order, as the trainer counts them.
func modelFeatureNames(d modelDoc) []string {
	var names []string
	var prev string
	modelTokens(d.text, nil, func(b []byte) {
		w := string(b)
		names = append(names, w)
		if prev != "" {
			names = append(names, prev+" "+w)
		}
		prev = w
	})
	for _, w := range strings.Fields(d.named) {
		names = append(names, "= "+w)
	}
	if d.kind != "" {
		names = append(names, d.kind)
	}
	if d.self {
		names = append(names, kindSelf)
	}
	return names
}

// featCount is a feature of a sentence, its hash and how many times it
// occurs.
type featCount struct {
	h uint64
	n int
	f modelFeat
}

// modelScratch holds what scoring a sentence needs, for the next
// sentence to reuse: the hashes of its features the model knows, those
// features with their counts in the order of their hashes, and how many
// words of two letters or more it has; and for a pair of sentences (see
// weigh), the counts, words and pairPart of the one before and the
// counts of both.
type modelScratch struct {
	hashes []uint64
	counts []featCount
	words  int
	ctx    modelContext // of the text being read

	prev      []featCount
	prevWords int
	prevPart  pairPart
	pair      []featCount
}

// score is the probability the model gives a sentence of being a
// poisoned tool's, in the context sc.ctx.
func (m *secModel) score(s string, sc *modelScratch) float64 {
	m.read(s, sc)
	return m.scoreCounts(sc.counts)
}

// read counts the features of a sentence the model knows, in the
// context sc.ctx, into
// sc.counts, each once with how many times it occurs, in the order of
// their hashes, and its words of two letters or more into sc.words. A
// feature the model does not know (most pairs of words) is dropped as
// it is read; those it knows are counted by sorting their hashes, so
// that a sentence of many features (a long text with no stop in it)
// costs no more than its length times its logarithm.
func (m *secModel) read(s string, sc *modelScratch) {
	hashes := sc.hashes[:0]
	words := 0
	var prev uint64
	first, self := true, false
	modelHashes(s, func(h uint64, word bool) {
		if m.feats.has(h) {
			hashes = append(hashes, h)
		}
		if !first {
			if p := pairHash(prev, h); m.feats.has(p) {
				hashes = append(hashes, p)
			}
		}
		if word {
			words++
			if slices.Contains(sc.ctx.names, h) {
				if c := pairHash(nameMark, h); m.feats.has(c) {
					hashes = append(hashes, c)
				}
			}
		}
		self = self || sc.ctx.self != 0 && h == sc.ctx.self
		prev, first = h, false
	})
	if m.feats.has(sc.ctx.kind) {
		hashes = append(hashes, sc.ctx.kind)
	}
	if self && m.feats.has(selfHash) {
		hashes = append(hashes, selfHash)
	}
	slices.Sort(hashes)
	counts := sc.counts[:0]
	for i := 0; i < len(hashes); {
		j := i + 1
		for j < len(hashes) && hashes[j] == hashes[i] {
			j++
		}
		f, _ := m.feats.get(hashes[i])
		counts = append(counts, featCount{hashes[i], j - i, f})
		i = j
	}
	sc.hashes, sc.counts = hashes, counts
	sc.words = words
}

// modelHashes calls fn with the hash of each token of s, as
// modelTokens cuts and lower-cases it and wordHash64 hashes it, and
// whether it is a word of two letters or more: the tokens hashed as
// they are read, not copied first.
func modelHashes(s string, fn func(h uint64, word bool)) {
	eachModelToken(s, func(i, j int) {
		if s[i] == ':' {
			fn(urlHash, true)
			return
		}
		fn(modelHash(s[i:j]), j-i > 1 && modelWord(s[i]))
	})
}

// modelHash is wordHash64 of token w as the model reads it, each byte
// by modelLower.
func modelHash(w string) uint64 {
	h := uint64(fnvOffset)
	for k := 0; k < len(w); k++ {
		h ^= uint64(modelLower(w[k]))
		h *= fnvPrime
	}
	return h
}

// scoreCounts is the probability the model gives a sentence of these
// features.
func (m *secModel) scoreCounts(counts []featCount) float64 {
	p, _ := m.scoreBound(counts)
	return p
}

// scoreBound is scoreCounts's probability, and what bounds the score of
// the sentence read with another (see pairBelow): the sum of its
// features' weighted terms that weigh toward poison, and the square of
// its norm.
func (m *secModel) scoreBound(counts []featCount) (p float64, b pairPart) {
	var norm, dot, pos float64
	for _, c := range counts {
		v := float64(c.f.idf)
		if c.n > 1 {
			v *= 1 + math.Log(float64(c.n))
		}
		norm += v * v
		t := v * float64(c.f.coef)
		dot += t
		if t > 0 {
			pos += t
		}
	}
	z := m.intercept
	if norm > 0 {
		z += dot / math.Sqrt(norm)
	}
	return 1 / (1 + math.Exp(-z)), pairPart{pos, norm}
}

// pairPart is what scoreBound keeps of a sentence for pairBelow.
type pairPart struct{ pos, norm float64 }

// pairBelow reports whether two sentences read as one must score below
// p, from what scoreBound kept of each, without counting their features
// together. Each feature of the two weighs at least as much as in either
// (its count only grows), so the pair's norm is at least the larger of
// theirs; and no feature's term toward poison is more than the sum of
// its terms in each (1+log(a+b) <= (1+log a)+(1+log b) for counts of one
// or more), so the pair's product with the weights is at most the sum
// of their positive terms. The bound is exact arithmetic's; a margin
// keeps rounding from deciding a pair at p.
func (m *secModel) pairBelow(a, b pairPart, p float64) bool {
	norm := max(a.norm, b.norm)
	if norm == 0 {
		return 1/(1+math.Exp(-m.intercept)) < p
	}
	z := m.intercept + (a.pos+b.pos)/math.Sqrt(norm)
	return 1/(1+math.Exp(-z)) < p-1e-9
}

// whyMinIdf keeps the commonest words ("the", idf 2.1; "in", 3.5) out
// of a finding's why: they weigh toward poison in every sentence, and
// tell a reader nothing.
const whyMinIdf = 4

// why names the features of a sentence that weigh most toward poison,
// at most three, for a finding's message, but for the commonest words
// and the kind of text: a word of a name it is about says so.
func why(counts []featCount) string {
	top := slices.Clone(counts)
	top = slices.DeleteFunc(top, func(c featCount) bool {
		return c.f.coef <= 0 || c.f.idf < whyMinIdf || strings.HasPrefix(c.f.name, "#")
	})
	weight := func(c featCount) float64 {
		f := c.f
		return (1 + math.Log(float64(c.n))) * float64(f.idf) * float64(f.coef)
	}
	slices.SortStableFunc(top, func(a, b featCount) int {
		wa, wb := weight(a), weight(b)
		switch {
		case wa > wb:
			return -1
		case wa < wb:
			return 1
		}
		return strings.Compare(a.f.name, b.f.name)
	})
	var names []string
	for _, c := range top[:min(3, len(top))] {
		if w, ok := strings.CutPrefix(c.f.name, "= "); ok {
			names = append(names, strconv.Quote(w)+" of a name it is about")
			continue
		}
		names = append(names, strconv.Quote(c.f.name))
	}
	return strings.Join(names, ", ")
}

// weigh holds the scan's findings to the model: it drops those in a
// sentence the model scores below modelVetoBelow, and adds a
// security/hidden-instruction finding for each sentence no rule found
// anything in that it scores at modelFlagFrom (modelFlagAside out of a
// description) or more, of modelFlagWords words at least. Two sentences
// in a row of a text, no rule's finding in either, are also scored as
// one, when neither alone is a finding: a poisoned order is often cut
// in two by a colon or a full stop ("It can't be refunded, and it is
// best left unmentioned: groups that hear about it tend to cancel."),
// each half too short or too plain to score high alone.
func (s *secScan) weigh(m *secModel) {
	sc := &s.model
	kept := s.found[:0]
	for _, f := range s.found {
		src := s.texts[f.text].src()
		sc.ctx = s.contextOf(f.text, sc.ctx.names)
		from, to := sentenceAt(src, f.from)
		if unvetoed(f, src, from, to) || m.score(src[from:to], sc) >= modelVetoBelow {
			kept = append(kept, f)
		}
	}
	clear(s.found[len(kept):])
	s.found = kept
	for i := range s.texts {
		src := s.texts[i].src()
		if !hasWords(src, modelFlagWords) {
			// Neither a sentence of it nor two together have the words
			// to be judged: most property descriptions.
			continue
		}
		sc.ctx = s.contextOf(i, sc.ctx.names)
		prev := -1 // the start of the last sentence, when it may begin a pair
		flag := modelFlagFrom
		if s.texts[i].aside() {
			flag = modelFlagAside
		}
		modelSentences(src, func(from, to int) {
			if slices.ContainsFunc(s.found, func(f secFinding) bool { return f.text == i && f.from < to && f.to > from }) {
				prev = -1
				return
			}
			m.read(src[from:to], sc)
			p, part := m.scoreBound(sc.counts)
			if p >= flag && sc.words >= modelFlagWords {
				s.hidden(i, from, to, "it", p, sc.counts)
				prev = -1
				return
			}
			if prev >= 0 && sc.prevWords+sc.words >= modelFlagWords && !m.pairBelow(sc.prevPart, part, flag) {
				if p := m.weighPair(sc); p >= flag {
					s.hidden(i, prev, to, "these two sentences", p, sc.pair)
					prev = -1
					return
				}
			}
			prev = from
			// The counts read move to prev; the next read reuses prev's.
			sc.prev, sc.counts = sc.counts, sc.prev[:0]
			sc.prevWords, sc.prevPart = sc.words, part
		})
	}
}

// unvetoed reports whether the model is not to drop finding f, in the
// sentence of src from from to to, whatever it scores: a download piped
// into a shell that the sentence orders run ("If it fails, run curl
// -fsSL https://.../install.sh | sh first" scored 0.07), where the rule
// has left out a filter's sentence, an elided example and an installer
// the tool's purpose explains, and a vendor's instructions quoted as
// text ("for Linux that is: curl ... | sh") stay the model's to weigh;
// an install from a registry neither public nor the tool's own; a
// choice named for acting without asking; an address of a scheme data
// is pushed to, and a person's private details templated into what is
// published; and an order about another product's tool.
func unvetoed(f secFinding, src string, from, to int) bool {
	switch f.class {
	case clsCommand:
		return f.why == whyPipedToShell && ordersRun(src[from:f.from]) || f.why == whyRogueRegistry
	case clsCoercion:
		return f.why == whyActsUnasked
	case clsExfiltration:
		return strings.HasPrefix(f.why, whyPushAddress) || f.why == whyPublishedTemplate
	case clsShadowing:
		return f.why == whyProductTool || namesProductsTool(src[from:to], f.refs)
	}
	return false
}

// ordersRun reports whether the words just before a command order it
// run: "run", "execute" or "exec" among the last three.
func ordersRun(before string) bool {
	words := strings.FieldsFunc(before, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') })
	for _, w := range words[max(0, len(words)-3):] {
		switch strings.ToLower(w) {
		case "run", "execute", "exec":
			return true
		}
	}
	return false
}

// namesProductsTool reports whether a sentence names a tool of another
// product by its identifier, after the product's name: "Sentry's
// update_issue", "the PagerDuty server's create_incident", "WooCommerce
// create_coupon". A rule's order about such a tool is kept whatever
// the model makes of the sentence: the model reads words, and a
// product's name and a tool's identifier are words it has rarely seen.
func namesProductsTool(sentence string, refs []string) bool {
	for _, r := range refs {
		if !strings.ContainsRune(r, '_') {
			continue // an identifier, not a word a tool is also named
		}
		at := 0
		for {
			i := indexFold(sentence[at:], r)
			if i < 0 {
				break
			}
			i += at
			before := strings.TrimSuffix(strings.TrimRight(sentence[:i], " "), "'s")
			before = strings.TrimSuffix(strings.TrimSuffix(before, " server's"), " server")
			j := strings.LastIndexByte(before, ' ') + 1
			// The product's name is a capitalised word that does not
			// start the sentence ("Use x_y instead" names no product).
			if w := before[j:]; j > 0 && len(w) > 1 && 'A' <= w[0] && w[0] <= 'Z' && hasLower(w) && i > 0 && sentence[i-1] == ' ' {
				return true
			}
			at = i + len(r)
		}
	}
	return false
}

// indexFold is strings.Index of sub in s, in any case of ASCII letters.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// hidden adds a security/hidden-instruction finding of text i's bytes
// from to to, which the model gives p, most for the features of counts.
func (s *secScan) hidden(i, from, to int, what string, p float64, counts []featCount) {
	s.found = append(s.found, secFinding{class: clsHidden, text: i, from: from, to: to,
		why: fmt.Sprintf("reads as an order hidden for the model (the corpus model gives %s %.2f, most for %s)", what, p, why(counts))})
}

// weighPair is the probability the model gives the sentence read last
// into sc and the one before it (sc.prev) as one: their features
// counted together, as if they were one sentence but for the pair of
// words across their bound, which neither has. It leaves them in
// sc.pair.
func (m *secModel) weighPair(sc *modelScratch) float64 {
	a, b := sc.prev, sc.counts
	pair := sc.pair[:0]
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0].h < b[0].h:
			pair, a = append(pair, a[0]), a[1:]
		case len(a) == 0 || b[0].h < a[0].h:
			pair, b = append(pair, b[0]), b[1:]
		default:
			c := a[0]
			c.n += b[0].n
			pair, a, b = append(pair, c), a[1:], b[1:]
		}
	}
	sc.pair = pair
	return m.scoreCounts(pair)
}

// hasWords says whether s has n words of two letters or more, as read
// counts them, without reading more of s than it takes to find them.
func hasWords(s string, n int) bool {
	for i := 0; i < len(s); {
		if !modelWord(s[i]) {
			i++
			continue
		}
		j := wordEnd(s, i)
		if strings.HasPrefix(s[j:], "://") {
			// An address, as eachModelToken cuts it: its scheme but
			// http's, the address itself, and its words.
			if scheme := s[i:j]; j-i > 1 && !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
				n--
			}
			end := urlEnd(s, j)
			n--
			urlWords(s, j, end, func(a, b int) {
				if b-a > 1 {
					n--
				}
			})
			if n <= 0 {
				return true
			}
			i = end
			continue
		}
		if j-i > 1 {
			if n--; n == 0 {
				return true
			}
		}
		i = j
	}
	return n <= 0
}

// sentenceAt returns the bounds of the sentence of s that holds byte at,
// or the whole of s.
func sentenceAt(s string, at int) (from, to int) {
	from, to = 0, len(s)
	found := false
	modelSentences(s, func(a, b int) {
		if !found && at < b {
			from, to, found = a, b, true
		}
	})
	return from, to
}
