package jsondoc

import (
	"math"
	"strings"

	"toolbench/core/internal/par"
)

// A large document is scanned by several goroutines at once. Where a
// byte's meaning depends on everything before it, a goroutine cannot know
// what the middle of a text holds without reading from the start; it can
// guess. Each helper takes a segment of the text, guesses that a '{' or
// '[' right after a comma starts an element of an array, and reads
// elements from there to the array's closing bracket: a run. The goroutine
// reading the text from the start, on meeting an array element at the
// very offset where a run starts, takes the run's elements instead of
// reading them, and goes on after the run's bracket. Reading the same
// bytes from the same offset gives the same nodes, whoever reads them, so
// a run taken is what the reader would have built; a wrong guess (a comma
// inside a string, say) is a run nobody takes, and costs only the time of
// the helper. Helpers take each other's runs the same way, so with k
// processors each reads about a k'th of the text.
//
// What depends on where a run sits, it keeps relative: its depth, and the
// paths of its repeated keys. The goroutine taking it adds its own.

// parallelScanSize is the size of input from which Parse scans with
// several goroutines, and the least each one is given.
const parallelScanSize = 1 << 20

// specWorker is one helper: it reads the runs that start in its segment
// of the text, [from, to).
type specWorker struct {
	from, to int
	runs     []specRun // in text order
	done     chan struct{}
	panics   *par.Panics // the helpers', raised again by whoever waits for them
}

// wait waits for w to finish and raises a helper's panic, if one had one.
func (w *specWorker) wait() {
	<-w.done
	w.panics.Raise()
}

// helpers are the helpers of one scan.
type helpers []*specWorker

// wait waits until every helper has finished, and raises a helper's
// panic, if one had one.
func (h helpers) wait() {
	for _, w := range h {
		w.wait()
	}
}

// waitQuietly waits until every helper has finished.
func (h helpers) waitQuietly() {
	for _, w := range h {
		<-w.done
	}
}

// specRun is a run of array elements read ahead by a helper.
type specRun struct {
	start   int // offset of the first element
	end     int // offset of the array's closing bracket
	elems   []Member
	dups    []parsedDup // paths relative to the run: the first segment is the element's index in it
	deepest int         // depth of the deepest container, 0 for an element; a run starts with one
}

// specChain is what one parser knows of the helpers whose segments come
// after its own: the next one to wait for and the runs it may still take.
type specChain struct {
	workers []*specWorker
	next    int
	runs    []specRun
	taken   int // runs taken, for tests
}

// scanners is how many goroutines scan a text of size bytes: one per
// processor, each with at least parallelScanSize bytes.
func scanners(size int) int { return par.Shares(size, parallelScanSize) }

// startHelpers starts n-1 helpers, which with p make n goroutines
// scanning p.src.
func (p *parser) startHelpers(n int) helpers {
	if n < 2 {
		return nil
	}
	panics := &par.Panics{}
	workers := make([]*specWorker, n-1)
	for k := range workers {
		workers[k] = &specWorker{
			from:   p.base + (k+1)*(len(p.src)-p.base)/n,
			to:     p.base + (k+2)*(len(p.src)-p.base)/n,
			done:   make(chan struct{}),
			panics: panics,
		}
	}
	for k, w := range workers {
		go w.scan(p.src, workers[k+1:])
	}
	p.follow(workers)
	return workers
}

// follow makes p take the runs of workers.
func (p *parser) follow(workers []*specWorker) {
	if len(workers) > 0 {
		p.spec = &specChain{workers: workers}
		p.updateSpecAt()
	}
}

// updateSpecAt sets the offset from which p next looks for a run: the
// start of the next helper's segment or of the next run, whichever is
// first.
func (p *parser) updateSpecAt() {
	c := p.spec
	p.specAt = math.MaxInt
	if c.next < len(c.workers) {
		p.specAt = c.workers[c.next].from
	}
	if len(c.runs) > 0 {
		p.specAt = min(p.specAt, c.runs[0].start)
	}
}

// adoptRun is called at the element of index k that starts at i, in an
// array at depth. It waits for the helpers whose segments start at or
// before i, and takes the run that starts at i if there is one: its
// elements go on the stack and it returns the offset of the array's
// closing bracket.
func (p *parser) adoptRun(i, depth, k int) (int, bool) {
	c := p.spec
	defer p.updateSpecAt()
	for c.next < len(c.workers) && c.workers[c.next].from <= i {
		w := c.workers[c.next]
		w.wait()
		c.runs = append(c.runs, w.runs...)
		c.next++
	}
	for len(c.runs) > 0 && c.runs[0].start < i {
		c.runs = c.runs[1:]
	}
	if len(c.runs) == 0 || c.runs[0].start != i {
		return 0, false
	}
	r := &c.runs[0]
	c.runs = c.runs[1:]
	if depth+1+r.deepest >= MaxDepth {
		// Too deep where it sits: reading it again finds the error.
		return 0, false
	}
	c.taken++
	p.deepest = max(p.deepest, depth+1+r.deepest)
	p.stack = append(p.stack, r.elems...)
	for _, d := range r.dups {
		segs := make([]Seg, 0, len(p.path)+len(d.segs))
		segs = append(segs, p.path...)
		segs = append(segs, Seg{Index: k + d.segs[0].Index})
		segs = append(segs, d.segs[1:]...)
		p.dups = append(p.dups, parsedDup{segs: segs, key: d.key, first: d.first, second: d.second})
	}
	return r.end, true
}

// scan reads the runs that start in w's segment of src, taking those of
// the helpers after it, then marks w done.
func (w *specWorker) scan(src string, after []*specWorker) {
	defer close(w.done)
	defer w.panics.Catch()
	p := parser{src: src}
	p.follow(after)
	for i := w.from; ; {
		start := elementCandidate(src, i, w.to)
		if start < 0 {
			return
		}
		p.path, p.deepest = p.path[:0], -1
		dmark := len(p.dups)
		end, ok := p.scanElements(start, -1)
		if !ok {
			// A wrong guess, or an error the first reader will find.
			clear(p.stack)
			p.stack, p.dups = p.stack[:0], p.dups[:dmark]
			i = max(start+1, end)
			continue
		}
		w.runs = append(w.runs, specRun{
			start: start, end: end, elems: p.take(0),
			dups: p.dups[dmark:len(p.dups):len(p.dups)], deepest: p.deepest,
		})
		i = end + 1
	}
}

// elementCandidate returns the offset of the first '{' or '[' that
// follows, after white space, a comma in src[from:to], or -1: where an
// element of an array may start. The bracket itself may lie past to.
func elementCandidate(src string, from, to int) int {
	for i := from; i < to; {
		j := strings.IndexByte(src[i:to], ',')
		if j < 0 {
			return -1
		}
		i = skipSpace(src, i+j+1)
		if i < len(src) && (src[i] == '{' || src[i] == '[') {
			return i
		}
	}
	return -1
}
