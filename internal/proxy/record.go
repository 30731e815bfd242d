package proxy

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"toolbench/core/catalog"
	"toolbench/internal/jsonrpc"
)

// Peer is a party to the traffic.
type Peer string

// The peers.
const (
	Client Peer = "client"
	Server Peer = "server"
	// Proxy is the proxy itself: its answers to what it keeps from the
	// server, and its own requests.
	Proxy Peer = "proxy"
)

// Verdict is what the proxy did with a message.
type Verdict string

// The verdicts.
const (
	// Relayed: passed on as received, byte for byte.
	Relayed Verdict = "relayed"
	// Filtered: passed on with tools withheld (a tools/list result of a
	// locked server, under the Drift policy Enforce).
	Filtered Verdict = "filtered"
	// Refused: kept from its peer and answered by the proxy: a call that
	// fails its check, a message that is not JSON-RPC, a request whose
	// headers disagree with its body.
	Refused Verdict = "refused"
	// Dropped: kept from its peer and not answered: what a server writes
	// that is not JSON-RPC, which would end the client's session, stale
	// progress, a message no client of a shared session can be sent. A
	// line with Of set and no Repeats is Dropped too: a message recorded
	// earlier, passed on and queued for a client over HTTP, was never
	// written, its connection ended first. (A line with Repeats carries
	// the verdict of the first of its run: see Event.Of.)
	Dropped Verdict = "dropped"
	// Sent: a message of the proxy's own.
	Sent Verdict = "sent"
)

// An Event is one message through the proxy, as the record holds it and
// Options.Events gets it.
type Event struct {
	Time time.Time
	From Peer
	To   Peer
	// Kind is "request", "notification", "response", "batch" or
	// "invalid".
	Kind string
	// Method is a request's or notification's method, or for a response
	// the method of the request it answers ("" when that is unknown).
	Method string
	// ID is the message's id as written, nil when it has none.
	ID json.RawMessage
	// Tool is the tool a tools/call names, in its request and response.
	Tool string
	// Bytes is the message's size.
	Bytes int
	// Latency is, for a response, the time since its request reached
	// the proxy.
	Latency time.Duration
	Verdict Verdict
	// Findings are what the checks found in the message.
	Findings []Finding
	// Params is a tools/call request's params and Result a tools/list
	// response's result, as written; with Options.RecordMessages, Message
	// is every message whole.
	Params  json.RawMessage
	Result  json.RawMessage
	Message json.RawMessage
	// Dropped counts the events dropped, the queue being full, between
	// the event queued before this one and this one: a record with a gap
	// says so where it is.
	Dropped int64
	// Of, when set, makes the event one about a message recorded
	// earlier, whose line has that time, Why saying what became of it:
	// without Repeats, the message, passed on to a client over HTTP, was
	// not written to it after all (Verdict Dropped); with Repeats, that
	// many more messages like it (Bytes their size together) were kept
	// from their peer as it was, and are not recorded one by one, the
	// Verdict the first's: Dropped, or Refused for requests of the
	// server's tied to no client's request, which the proxy answers.
	Of      time.Time
	Why     string
	Repeats int64
}

// undelivered is the event saying that the message of e, passed on to a
// client over HTTP and recorded so, was not written to it, for why.
func (e *Event) undelivered(why string) *Event {
	return &Event{From: e.From, To: e.To, Kind: e.Kind, Method: e.Method, ID: e.ID, Tool: e.Tool, Bytes: e.Bytes,
		Verdict: Dropped, Of: e.Time, Why: why}
}

// A queued event is an event in the recorder's queue.
type queued struct {
	e *Event
	// slot, when set, holds the event's place in the record until what
	// becomes of its message is decided.
	slot *slot
	cost int64 // what e.messageBytes was when it was queued
}

// A slot holds the place of an event in the record, at the time its
// message came, while what becomes of the message is decided: it is
// checked and passed on, or held (a call while the proxy lists the
// tools itself, a listing being linted). The events after it wait for
// it, so that the record's lines come in the order of their times.
type slot struct {
	ready chan struct{} // closed once the event is complete, or forgone
	// queued is whether the event is in the queue (not dropped), and
	// cost what it counted there when it was placed: what checks add to
	// it meanwhile (a held call's findings, a listing's lint) is counted
	// once it is complete.
	queued bool
	cost   int64
	// forgone is set for an event that is no line after all: a message
	// of the proxy's own, placed before it was sent, that could not be
	// sent.
	forgone bool
}

// A Finding is one thing a check found in a message.
type Finding struct {
	// Code is the code it is of: validate_call's (unknown_tool, missing,
	// extra, type, malformed), schema for the deep validator's, output for
	// a result against the tool's outputSchema, a lint rule's or a
	// change's (diff's codes, for a locked tool's drift), or one of the
	// proxy's own (Codes).
	Code     string
	Severity catalog.Severity
	// Text is the finding: for a call, the seed's string ("missing:query").
	Text string
	// Hint says in a line what to do about it.
	Hint string
	// Tool is the tool it is about, "" for none.
	Tool string
}

// recordTime is the layout of a line's time: RFC 3339 in microseconds.
const recordTime = "2006-01-02T15:04:05.000000Z07:00"

// appendLine appends e as a record line, without its line end.
func (e *Event) appendLine(b []byte) []byte {
	b = append(b, `{"time":`...)
	b = append(b, '"')
	b = e.Time.AppendFormat(b, recordTime)
	b = append(b, '"')
	b = appendField(b, "from", string(e.From))
	b = appendField(b, "to", string(e.To))
	b = appendField(b, "kind", e.Kind)
	if e.Method != "" {
		b = appendField(b, "method", e.Method)
	}
	if e.ID != nil {
		b = append(b, `,"id":`...)
		b = append(b, e.ID...)
	}
	if e.Tool != "" {
		b = appendField(b, "tool", e.Tool)
	}
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, int64(e.Bytes), 10)
	if e.Latency > 0 {
		b = append(b, `,"ms":`...)
		b = strconv.AppendFloat(b, float64(e.Latency.Microseconds())/1000, 'f', -1, 64)
	}
	b = appendField(b, "verdict", string(e.Verdict))
	if len(e.Findings) > 0 {
		b = append(b, `,"findings":[`...)
		for i, f := range e.Findings {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"code":`...)
			b = jsonrpc.AppendQuote(b, f.Code)
			b = appendField(b, "severity", f.Severity.String())
			b = appendField(b, "text", f.Text)
			if f.Hint != "" {
				b = appendField(b, "hint", f.Hint)
			}
			if f.Tool != "" {
				b = appendField(b, "tool", f.Tool)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	for _, raw := range []struct {
		name string
		v    json.RawMessage
	}{{"params", e.Params}, {"result", e.Result}, {"message", e.Message}} {
		if raw.v != nil {
			b = append(b, `,"`...)
			b = append(b, raw.name...)
			b = append(b, `":`...)
			b = append(b, raw.v...)
		}
	}
	if e.Dropped > 0 {
		b = append(b, `,"dropped":`...)
		b = strconv.AppendInt(b, e.Dropped, 10)
	}
	if !e.Of.IsZero() {
		b = append(b, `,"of":"`...)
		b = e.Of.AppendFormat(b, recordTime)
		b = append(b, '"')
	}
	if e.Why != "" {
		b = appendField(b, "why", e.Why)
	}
	if e.Repeats > 0 {
		b = append(b, `,"repeats":`...)
		b = strconv.AppendInt(b, e.Repeats, 10)
	}
	return append(b, '}')
}

func appendField(b []byte, name, value string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, `":`...)
	return jsonrpc.AppendQuote(b, value)
}

// A recorder takes events off the relay's path: place and emit never
// wait, and one goroutine writes the record and calls the events
// function in order. What does not fit in the queue is dropped and
// counted.
//
// An event is stamped with its time as it takes its place in the queue:
// one whose message came is placed as it comes, before it is checked
// and passed on (a message of the proxy's own, just before it is sent),
// and written once emit completes it; one emitted without a place takes
// it then. So the record's lines come in the order of their times, which
// say when each message reached the proxy, however long one took to be
// checked or passed on meanwhile, over HTTP where clients' messages are
// taken on goroutines of their own as much as over stdio.
type recorder struct {
	q         chan queued
	w         io.Writer
	fn        func(Event)
	dropped   atomic.Int64 // dropped and not yet told
	total     atomic.Int64 // dropped in all
	queued    atomic.Int64 // bytes of messages in the queue
	werr      error        // the first write error of the record
	unwritten int64        // events not written since werr
	log       *logger      // says werr at once
	done      chan struct{}
	closing   chan struct{} // closed by close, which an event placed no longer waits past
	// mu is held to stamp an event and queue it, so that the queue is in
	// the order of the events' times, and to close the queue.
	mu     sync.Mutex
	closed bool
	// placed are the events queued in their place by place, to be
	// completed by emit.
	placed map[*Event]*slot
}

func newRecorder(opt *Options, log *logger) *recorder {
	if opt.Record == nil && opt.Events == nil {
		return nil
	}
	size := opt.QueueSize
	if size <= 0 {
		size = DefaultQueueSize
	}
	r := &recorder{q: make(chan queued, size), w: opt.Record, fn: opt.Events, log: log, done: make(chan struct{}), closing: make(chan struct{}), placed: map[*Event]*slot{}}
	go r.run()
	return r
}

// messageBytes is what an event's messages hold in memory, with its
// id, method, tool and findings, which a peer may make as long as a
// message (a call of 100,000 arguments the tool does not take has as
// many findings).
func (e *Event) messageBytes() int64 {
	n := len(e.Params) + len(e.Result) + len(e.Message) + len(e.ID) + len(e.Method) + len(e.Tool)
	for i := range e.Findings {
		f := &e.Findings[i]
		n += len(f.Code) + len(f.Text) + len(f.Hint) + len(f.Tool) + 64
	}
	return int64(n)
}

// place stamps e with the time and queues it in its place: its line is
// written once emit completes it, and the lines after it wait for it. e
// is not to change after emit. An event the queue had no room for is
// counted as dropped once: emit does not queue it again.
func (r *recorder) place(e *Event) {
	sl := &slot{ready: make(chan struct{})}
	r.mu.Lock()
	defer r.mu.Unlock()
	e.Time = time.Now()
	r.addLocked(e, sl)
	r.placed[e] = sl
}

// emit completes e, placed, or stamps and queues it now.
func (r *recorder) emit(e *Event) {
	r.mu.Lock()
	sl, ok := r.placed[e]
	if !ok {
		e.Time = time.Now()
		r.addLocked(e, nil)
		r.mu.Unlock()
		return
	}
	delete(r.placed, e)
	r.mu.Unlock()
	if sl.queued {
		r.queued.Add(e.messageBytes() - sl.cost)
	}
	close(sl.ready)
}

// forgo gives up the place of e, placed: it is no line.
func (r *recorder) forgo(e *Event) {
	r.mu.Lock()
	sl, ok := r.placed[e]
	delete(r.placed, e)
	r.mu.Unlock()
	if ok {
		sl.forgone = true
		close(sl.ready)
	}
}

// addLocked queues e, held in sl when sl is set, or drops it when the
// queue is full or holds maxQueuedBytes of messages already, and
// reports whether it queued it. r.mu is held.
func (r *recorder) addLocked(e *Event, sl *slot) bool {
	if r.closed {
		r.total.Add(1)
		return false
	}
	n := e.messageBytes()
	if n > 0 && r.queued.Add(n) > maxQueuedBytes {
		r.queued.Add(-n)
		r.drop()
		return false
	}
	// The events dropped since the last one queued go with this one,
	// which follows them.
	e.Dropped = r.dropped.Swap(0)
	if sl != nil {
		sl.queued, sl.cost = true, n
	}
	select {
	case r.q <- queued{e: e, slot: sl, cost: n}:
		return true
	default:
		if sl != nil {
			sl.queued = false
		}
		r.queued.Add(-n)
		r.dropped.Add(e.Dropped)
		r.drop()
		return false
	}
}

// await waits for ready to be closed, the event of a slot complete, and
// reports whether it is: a recorder that closes writes no more of what
// is still held.
func (r *recorder) await(ready <-chan struct{}) bool {
	select {
	case <-ready:
		return true
	case <-r.closing:
	}
	select {
	case <-ready:
		return true
	default:
		return false
	}
}

func (r *recorder) drop() {
	r.dropped.Add(1)
	r.total.Add(1)
}

func (r *recorder) run() {
	defer close(r.done)
	var line []byte
	for q := range r.q {
		switch {
		case q.slot == nil:
			r.queued.Add(-q.cost)
		case !r.await(q.slot.ready):
			// Still undecided when the proxy stopped: not written, and
			// counted as the events dropped are.
			r.queued.Add(-q.cost)
			r.drop()
			continue
		case q.slot.forgone:
			r.queued.Add(-q.cost)
			continue
		default:
			// What emit counted once it was complete.
			r.queued.Add(-q.e.messageBytes())
		}
		e := q.e
		if r.w != nil {
			line = append(e.appendLine(line[:0]), '\n')
			r.write(line)
			if cap(line) > 1<<20 {
				line = nil
			}
		}
		if r.fn != nil {
			r.fn(*e)
		}
	}
	if n := r.dropped.Swap(0); n > 0 {
		e := &Event{Time: time.Now(), From: Proxy, To: Proxy, Kind: "note", Verdict: Sent, Dropped: n}
		if r.w != nil {
			r.write(append(e.appendLine(nil), '\n'))
		}
		if r.fn != nil {
			r.fn(*e)
		}
	}
}

// write appends a line to the record. The first error is said at once:
// the record (a full disk, a pipe whose reader went) holds nothing more,
// and the lines it does not get are counted.
func (r *recorder) write(line []byte) {
	if r.werr != nil {
		r.unwritten++
		return
	}
	if _, err := r.w.Write(line); err != nil {
		r.werr, r.unwritten = err, 1
		r.log.printf("the record could not be written, and holds no more messages: %v", err)
	}
}

// closeWait bounds how long close waits for what is queued to be
// written: a record whose reader stopped reading (a pipe, a stalled
// network file) would hold the proxy for ever.
const closeWait = 5 * time.Second

// close ends the recorder once what is queued is written, within
// closeWait, and returns how many events were dropped in all and the
// record's first write error.
func (r *recorder) close() (int64, error) {
	r.mu.Lock()
	if !r.closed {
		r.closed = true
		close(r.q)
		close(r.closing)
	}
	r.mu.Unlock()
	select {
	case <-r.done:
		return r.total.Load(), r.werr
	case <-time.After(closeWait):
		return r.total.Load(), fmt.Errorf("what was queued was still being written after %s, and is not all in it", closeWait)
	}
}
