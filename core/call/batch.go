package call

import (
	"runtime"
	"sync"
	"unsafe"

	"toolbench/core/internal/par"
	"toolbench/core/jsondoc"
)

// A call log of JSON Lines is checked in batches of lines on every
// processor: the reading goroutine cuts the input into batches, workers
// check a batch's calls and render their results with a ResultWriter's
// AppendResult, and one goroutine hands the batches, in input order, to
// its WriteResults. How a result reads is the ResultWriter's business. Each batch is what the sequential reading
// would have made of its lines, since a line's result depends on that
// line alone.

// The size of a batch: whichever limit comes first. A batch is also cut
// short when no more input is waiting, so that a log piped in slowly is
// answered as it comes.
const (
	batchLines = 512
	batchBytes = 64 << 10
)

// callBatch is a run of lines of a call log, with their results once
// checked.
type callBatch struct {
	text  []byte // the lines, without their line endings, one after another
	lines []batchLine
	out   []byte // the rendered results
	sum   CallSummary
	done  chan struct{}
	flush bool // no later batch was waiting when this one was written
}

type batchLine struct {
	line       int
	start, end int // the line's text in text
	// own is the line's text when it is too long to copy into text: the
	// buffer the reader put it together in.
	own []byte
	// cut, when set, is the line's call, which the reader made: the line
	// was past the limit, or not JSON at its first bytes, and not kept.
	cut *Call
}

// batches reads the rest of lr's input as JSON Lines and hands each
// batch to send, until the input ends or send returns false. It returns
// the read error, if any, after sending what came before it.
func (lr *lineReader) batches(newBatch func() *callBatch, send func(*callBatch) bool) error {
	b := newBatch()
	for {
		if len(b.lines) == 0 && lr.br.Buffered() == 0 {
			// About to wait for input: an empty batch has the results
			// so far flushed, those of the calls before the batches
			// included.
			if !send(b) {
				return nil
			}
			b = newBatch()
		}
		text, err := lr.next()
		if err != nil {
			if len(b.lines) > 0 {
				send(b)
			}
			return callEOF(err)
		}
		switch {
		case lr.cut:
			c := lr.cutCall()
			b.lines = append(b.lines, batchLine{line: lr.line, cut: &c})
		case isBlankLine(text):
		case len(text) > maxChunk && &text[0] == &lr.long[0]:
			// Not copied: a line of tens of MiB is held once.
			b.lines = append(b.lines, batchLine{line: lr.line, own: trimEOL(lr.takeLong())})
		default:
			start := len(b.text)
			b.text = append(b.text, trimEOL(text)...)
			b.lines = append(b.lines, batchLine{line: lr.line, start: start, end: len(b.text)})
		}
		if len(b.lines) >= batchLines || len(b.text) >= batchBytes || len(b.lines) > 0 && lr.br.Buffered() == 0 {
			if !send(b) {
				return nil
			}
			b = newBatch()
		}
	}
}

// checker checks the calls of batches against s, rendering each result
// as render does, with parsers of its own.
type checker struct {
	s           *Schemas
	opt         CallOptions
	render      func(dst []byte, r *Result) []byte
	lines, args jsondoc.Parser
	res         Result // the result being rendered, kept here so that it is not allocated a call
}

func (ck *checker) check(b *callBatch) {
	for _, l := range b.lines {
		var c Call
		switch {
		case l.cut != nil:
			c = *l.cut
		case l.own != nil:
			c = lineCall(&ck.lines, &ck.args, l.line, unsafe.String(unsafe.SliceData(l.own), len(l.own)))
		default:
			// The text stays put until the batch is written, and nothing
			// taken from it outlives this iteration.
			text := unsafe.String(&b.text[l.start], l.end-l.start)
			c = lineCall(&ck.lines, &ck.args, l.line, text)
		}
		ck.res = checkCall(c, ck.s, ck.opt, l.line, ck.res.Findings)
		b.sum.count(&ck.res)
		b.out = ck.render(b.out, &ck.res)
	}
	ck.res = Result{Findings: ck.res.Findings[:0]}
}

// checkBatches reads the rest of lr's input as JSON Lines, checks its
// calls on every processor and hands the rendered results of each batch,
// in input order, to write, which returns the error that stops the run.
func (lr *lineReader) checkBatches(s *Schemas, opt CallOptions, render func(dst []byte, r *Result) []byte, write func(*callBatch) error) error {
	workers := runtime.GOMAXPROCS(0)
	work := make(chan *callBatch, workers)
	order := make(chan *callBatch, 2*workers)
	free := make(chan *callBatch, 3*workers+2)
	newBatch := func() *callBatch {
		select {
		case b := <-free:
			clear(b.lines) // a long line's own buffer goes with it
			b.text, b.lines, b.out, b.sum = b.text[:0], b.lines[:0], b.out[:0], CallSummary{}
			b.done = make(chan struct{})
			return b
		default:
			return &callBatch{done: make(chan struct{})}
		}
	}

	// A write error or a panic stops the run: the reading stops, and the
	// writer drains what is under way without writing it.
	var (
		panics par.Panics
		halted = make(chan struct{})
		halt   = sync.OnceFunc(func() { close(halted) })
	)
	catch := func() {
		if r := recover(); r != nil {
			panics.Keep(r)
			halt()
		}
	}

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ck := &checker{s: s, opt: opt, render: render}
			for b := range work {
				func() {
					defer close(b.done)
					defer catch()
					ck.check(b)
				}()
			}
		}()
	}

	// The writer: the batches in order, each once it is checked.
	var writeErr error
	written := make(chan struct{})
	go func() {
		defer close(written)
		for b := range order {
			<-b.done
			select {
			case <-halted:
				continue
			default:
			}
			func() {
				defer catch()
				b.flush = len(order) == 0
				if writeErr = write(b); writeErr != nil {
					halt()
				}
			}()
			select {
			case free <- b:
			default:
			}
		}
	}()

	// Whatever ends the reading, a panic included, the workers and the
	// writer end before checkBatches returns.
	finish := sync.OnceFunc(func() {
		close(work)
		close(order)
		wg.Wait()
		<-written
	})
	defer finish()
	readErr := lr.batches(newBatch, func(b *callBatch) bool {
		select {
		case <-halted:
			return false
		default:
		}
		// To the workers first: a batch the writer waits for is one a
		// worker has.
		work <- b
		order <- b
		return true
	})
	finish()
	panics.Raise()
	if writeErr != nil {
		return writeErr
	}
	return readErr
}
