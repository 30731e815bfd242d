package proxy

// A fifo holds values by key, at most max of them and maxBytes of their
// costs together: putting one more gives up the oldest, as many as it
// takes.
type fifo[V any] struct {
	max, maxBytes int
	cost          func(key string, v V) int
	bytes         int // the costs of the values held
	seq           uint64
	byKey         map[string]fifoSlot[V]
	// order holds the keys oldest first, with those deleted or put again
	// since among them, told apart by their seq.
	order []fifoKey
}

type fifoSlot[V any] struct {
	v    V
	seq  uint64
	cost int
}

type fifoKey struct {
	key string
	seq uint64
}

// newFIFO holds at most max values, and maxBytes of their costs as cost
// says (nil for none, 0 each).
func newFIFO[V any](max, maxBytes int, cost func(key string, v V) int) *fifo[V] {
	return &fifo[V]{max: max, maxBytes: maxBytes, cost: cost, byKey: map[string]fifoSlot[V]{}}
}

// put holds v under key, in place of what key held, and returns the
// oldest values it gave up to make room, oldest first. A value that
// costs more than maxBytes alone is held, alone.
func (f *fifo[V]) put(key string, v V) (gaveUp []V) {
	f.take(key)
	cost := 0
	if f.cost != nil {
		cost = f.cost(key, v)
	}
	for len(f.byKey) > 0 && (len(f.byKey) >= f.max || f.maxBytes > 0 && f.bytes+cost > f.maxBytes) {
		oldest, ok := f.popOldest()
		if !ok {
			break
		}
		gaveUp = append(gaveUp, oldest)
	}
	f.seq++
	f.byKey[key] = fifoSlot[V]{v: v, seq: f.seq, cost: cost}
	f.bytes += cost
	f.order = append(f.order, fifoKey{key: key, seq: f.seq})
	f.compact()
	return gaveUp
}

// popOldest removes the oldest value held and returns it.
func (f *fifo[V]) popOldest() (V, bool) {
	for len(f.order) > 0 {
		k := f.order[0]
		f.order = f.order[1:]
		if slot, ok := f.byKey[k.key]; ok && slot.seq == k.seq {
			delete(f.byKey, k.key)
			f.bytes -= slot.cost
			return slot.v, true
		}
	}
	var zero V
	return zero, false
}

// compact drops from order the keys no longer held once they outnumber
// those held, so that order stays within a multiple of max.
func (f *fifo[V]) compact() {
	if len(f.order) <= 2*len(f.byKey)+64 {
		return
	}
	live := f.order[:0:0]
	for _, k := range f.order {
		if slot, ok := f.byKey[k.key]; ok && slot.seq == k.seq {
			live = append(live, k)
		}
	}
	f.order = live
}

func (f *fifo[V]) get(key string) (V, bool) {
	slot, ok := f.byKey[key]
	return slot.v, ok
}

// take removes the value key holds, and returns it.
func (f *fifo[V]) take(key string) (V, bool) {
	slot, ok := f.byKey[key]
	if ok {
		delete(f.byKey, key)
		f.bytes -= slot.cost
	}
	return slot.v, ok
}

func (f *fifo[V]) len() int { return len(f.byKey) }

// all yields every value held, in no order.
func (f *fifo[V]) all(yield func(string, V) bool) {
	for key, slot := range f.byKey {
		if !yield(key, slot.v) {
			return
		}
	}
}
