package jsondoc

// Parser parses one small JSON text after another, as a batch of calls
// has them, reusing its nodes: parsing a text overwrites the nodes of the
// one before, so a tree is good until the next Parse. It reads the text
// as ParseValue does, with the same values and errors. A nil Parser
// parses each text afresh with ParseValue. The zero value is ready.
type Parser struct {
	p     parser
	doc   Document
	nodes []Node
	kids  []Member // the members' pool, as nodes is the nodes'
}

// reuseNodes bounds the nodes, and the members, a Parser keeps
// between texts; a larger text allocates the rest as Parse does.
const reuseNodes = 1 << 14

// Parse parses src as ParseValue does.
func (cp *Parser) Parse(src string) (*Node, error) {
	if cp == nil {
		return ParseValue("", src)
	}
	cp.recycle()
	cp.doc = Document{Src: src}
	cp.p = parser{doc: &cp.doc, src: src, slab: cp.nodes, kids: cp.kids, stack: cp.p.stack[:0], path: cp.p.path[:0]}
	if root, ok := cp.p.scan(1); ok {
		return root, nil
	}
	// Errors are rare: Parse reads the text again, for its own message
	// and position.
	return ParseValue("", src)
}

// recycle clears the nodes and members the last text used, so none keeps
// a stale string or member list, and grows a pool the text outgrew.
func (cp *Parser) recycle() {
	cp.nodes = recyclePool(cp.nodes, cp.p.slab)
	cp.kids = recyclePool(cp.kids, cp.p.kids)
}

// recyclePool clears what a parser used of pool, given rest, what it
// left of the chunk it took from last. A pool the parser used up is
// replaced by one twice its size, up to reuseNodes.
func recyclePool[T any](pool, rest []T) []T {
	if len(pool) == 0 {
		return make([]T, 64)
	}
	used := len(pool)
	if cap(rest) > 0 && &rest[:cap(rest)][cap(rest)-1] == &pool[len(pool)-1] {
		used -= len(rest)
	}
	if used == len(pool) && len(pool) < reuseNodes {
		return make([]T, 2*len(pool))
	}
	clear(pool[:used])
	return pool
}
