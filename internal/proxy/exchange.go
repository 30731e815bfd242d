package proxy

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"toolbench/core/termtext"
)

// What the proxy writes to a client over HTTP goes through a queue of
// the client's connection, which the connection's own handler drains:
// the relay only queues a message, and never waits for a client to read
// it, so that a client that does not read holds up no other client of a
// server they share, and costs only its own connection.

// The bounds of one client's connection.
var (
	// writeTimeout bounds the writing of one message: a client that
	// does not read what it asked for loses its connection past it.
	writeTimeout = 10 * time.Second
	// clientQueueMessages and clientQueueBytes bound the messages that
	// wait for a client's connection behind the one being written. A
	// client that reads keeps its queue near empty; one that does not
	// read loses its connection once it is past either. A message that
	// finds the queue empty is queued whatever its size, so that an
	// answer of up to a message's bound reaches a client that reads it.
	clientQueueMessages = 1024
	clientQueueBytes    = 16 << 20
)

// errQueueFull is a message the client's queue has no room for: its
// connection is closed, the client not reading what it is sent.
var errQueueFull = errors.New("the client does not read what it is sent")

// errStopping is a connection given up as the proxy stops: what is
// still queued for it is recorded dropped before the record closes.
var errStopping = errors.New("the proxy is stopping")

// An exchange is one HTTP request of the client's and the response the
// proxy writes to it: a JSON body when the answer is the only message,
// else a stream of events. Messages are queued by write, from any
// goroutine, and written by serve, on the request's handler.
type exchange struct {
	w  http.ResponseWriter
	rc *http.ResponseController

	mu      sync.Mutex
	status  int         // the status of a JSON answer; 0 is 200
	sse     bool        // answered with a stream of events
	header  http.Header // the server's headers the response carries (see begin)
	started bool        // the response's head is written, or being written
	closing bool        // nothing more is queued: the answer is, or finish was called
	// endStatus is what a response that wrote nothing answers with once
	// finished; 0 leaves it to net/http.
	endStatus int
	ended     bool       // nothing more is queued or written
	queue     []outgoing // the messages waiting, oldest first
	queued    int        // their bytes
	broken    error      // why the connection is given up, nil while it is not
	lost      int        // the messages queued that were not written, it being given up
	// writing is set while serve writes a message, taken off the queue:
	// a connection given up meanwhile loses the queue once that write
	// ends, so that the record says the messages were not written in
	// the order they were queued.
	writing bool
	wake    chan struct{}
	// detached is closed once the request's handler is done with the
	// exchange (see detach).
	detached chan struct{}
}

// An outgoing message waits in an exchange's queue; final says it is
// the answer the request waits for, after which the exchange ends. d
// records it dropped should it not be written.
type outgoing struct {
	msg   []byte
	final bool
	d     *delivery
}

func newExchange(w http.ResponseWriter, r *http.Request) *exchange {
	return &exchange{w: w, rc: http.NewResponseController(w), wake: make(chan struct{}, 1), detached: make(chan struct{})}
}

// begin takes the status and headers of the server's response to the
// request passed on: its session and the framing it chose.
func (x *exchange) begin(status int, h http.Header) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.started {
		return
	}
	for _, name := range []string{sessionHeader, versionHeader} {
		if v := h.Get(name); v != "" {
			if x.header == nil {
				x.header = http.Header{}
			}
			x.header.Set(name, v)
		}
	}
	x.sse = strings.HasPrefix(h.Get("Content-Type"), "text/event-stream")
	if status/100 != 2 {
		x.status = status
	}
}

// write queues a message for the client, a copy; final says it is the
// answer the request waits for, after which nothing more is queued. It
// fails for an exchange that takes no more, and for a client whose
// queue is past its bounds, whose connection it then closes; d records
// a message queued dropped should it not be written, and is left to the
// caller when write fails.
func (x *exchange) write(msg []byte, final bool, d *delivery) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.closing || x.ended {
		return errNoStream
	}
	if len(x.queue) > 0 && (len(x.queue) >= clientQueueMessages || x.queued+len(msg) > clientQueueBytes) {
		x.giveUpLocked(errQueueFull)
		return errQueueFull
	}
	x.queue = append(x.queue, outgoing{msg: append([]byte(nil), msg...), final: final, d: d})
	x.queued += len(msg)
	x.closing = final
	x.signal()
	return nil
}

// finish ends the exchange once what is queued is written; one that
// wrote nothing then answers with status (0 for none of its own).
func (x *exchange) finish(status int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !x.closing {
		x.closing, x.endStatus = true, status
	}
	x.signal()
}

func (x *exchange) signal() {
	select {
	case x.wake <- struct{}{}:
	default:
	}
}

// giveUpLocked gives up the connection, for why: what is queued is not
// written (lost once a write under way ends), and a write under way
// fails at once.
func (x *exchange) giveUpLocked(why error) {
	if x.broken != nil || x.ended {
		return
	}
	x.broken, x.closing = why, true
	if !x.writing {
		x.loseQueueLocked()
	}
	x.rc.SetWriteDeadline(time.Unix(1, 0))
	x.signal()
}

// Why serve returned.
const (
	served     = iota // the exchange ended: its answer written, or finished
	clientGone        // the client's connection closed first
	stopping          // the proxy is stopping
	givenUp           // the connection was given up (see exchange.broken)
)

// serve writes what is queued for the client, in order, each message
// within writeTimeout, on the request's handler, until the exchange
// ends, the client goes (gone) or the proxy stops (stop, nil for
// never). It says why it returned.
func (x *exchange) serve(gone, stop <-chan struct{}) int {
	for {
		x.mu.Lock()
		if x.broken != nil {
			x.loseQueueLocked() // given up while a message was written
			x.mu.Unlock()
			return givenUp
		}
		if len(x.queue) == 0 {
			if x.closing {
				x.endLocked()
				x.mu.Unlock()
				return served
			}
			x.mu.Unlock()
			select {
			case <-x.wake:
				continue
			case <-gone:
				return clientGone
			case <-stop:
				return stopping
			}
		}
		out := x.queue[0]
		x.queue[0] = outgoing{}
		x.queue = x.queue[1:]
		x.queued -= len(out.msg)
		// Set while held, so that a giving up (which sets its own)
		// comes after it.
		x.rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		x.writing = true
		x.mu.Unlock()
		err := x.writeOut(out)
		x.mu.Lock()
		x.writing = false
		if err != nil {
			// The message under way is lost before those queued after
			// it, for the reason the connection was given up, if it was
			// while it was written.
			x.lost++
			why := x.broken
			if why == nil {
				why = err
			}
			out.d.lost(lossReason(why))
			x.giveUpLocked(err)
			x.loseQueueLocked()
			x.mu.Unlock()
			return givenUp
		}
		x.rc.SetWriteDeadline(time.Time{})
		if out.final {
			x.endLocked()
			x.mu.Unlock()
			return served
		}
		x.mu.Unlock()
	}
}

// endLocked ends the exchange, on its handler: a response that wrote
// nothing answers with the status finish gave, and nothing more is
// queued or written.
func (x *exchange) endLocked() {
	if !x.started && x.endStatus != 0 {
		x.w.WriteHeader(x.endStatus)
	}
	x.started, x.closing = true, true
	x.loseQueueLocked()
	x.ended = true
}

// loseQueueLocked empties the queue, its messages not to be written:
// the connection given up (x.broken), or ended before they were.
func (x *exchange) loseQueueLocked() {
	x.lost += len(x.queue)
	if len(x.queue) > 0 {
		why := lossReason(x.broken)
		for _, out := range x.queue {
			out.d.lost(why)
		}
	}
	x.queue, x.queued = nil, 0
}

// writeOut writes a message of the queue: as the JSON body of the
// response when it is the answer and nothing else came, else as an
// event of a stream, which it begins when it is the first.
func (x *exchange) writeOut(out outgoing) error {
	x.mu.Lock()
	first, asJSON := !x.started, !x.started && out.final && !x.sse
	x.started = true
	status := cmp.Or(x.status, http.StatusOK)
	x.mu.Unlock()
	if first {
		x.copyHeader()
	}
	if asJSON {
		h := x.w.Header()
		h.Set("Content-Type", "application/json")
		// With its length known, the whole answer is written, and
		// flushed, within the deadline: nothing is left for net/http to
		// write after it, with no deadline, to a client that stopped
		// reading.
		h.Set("Content-Length", strconv.Itoa(len(out.msg)))
		x.w.WriteHeader(status)
		if _, err := x.w.Write(out.msg); err != nil {
			return err
		}
		return x.rc.Flush()
	}
	if first {
		x.writeStreamHead()
	}
	if _, err := fmt.Fprintf(x.w, "event: message\ndata: %s\n\n", out.msg); err != nil {
		return err
	}
	return x.rc.Flush()
}

// copyHeader puts the server's headers that begin took on the response.
func (x *exchange) copyHeader() {
	x.mu.Lock()
	defer x.mu.Unlock()
	for name, values := range x.header {
		x.w.Header()[name] = values
	}
}

func (x *exchange) writeStreamHead() {
	h := x.w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	x.w.WriteHeader(http.StatusOK)
	x.rc.Flush()
}

// startStream begins the response as a stream of events at once, on
// the request's handler, before serve.
func (x *exchange) startStream() {
	x.mu.Lock()
	if x.started {
		x.mu.Unlock()
		return
	}
	x.started, x.sse = true, true
	x.mu.Unlock()
	x.copyHeader()
	x.rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	x.writeStreamHead()
	x.rc.SetWriteDeadline(time.Time{})
}

// detach ends the exchange as its handler returns: the response is the
// server's after that, and nothing more is queued or written. It
// returns how many messages queued for the client were not written,
// and why, when the connection was given up.
func (x *exchange) detach() (lost int, why error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.started = true // nothing more is written, not even a status
	x.endLocked()
	if x.detached != nil {
		close(x.detached)
		x.detached = nil
	}
	return x.lost, x.broken
}

// exchange begins the exchange of a request of the client's, which its
// handler ends with done: until then, a proxy that stops gives it up
// (see close).
func (h *httpDown) exchange(w http.ResponseWriter, r *http.Request) *exchange {
	x := newExchange(w, r)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		x.giveUpLocked(errStopping)
	} else {
		h.live[x] = true
	}
	return x
}

// done ends the exchange x as its handler returns (see detach); a
// connection given up is said on stderr (but as the proxy stops, which
// says them all at once) and closed, whatever of its response was
// written.
func (h *httpDown) done(x *exchange) {
	h.mu.Lock()
	delete(h.live, x)
	h.mu.Unlock()
	lost, why := x.detach()
	if why == nil {
		return
	}
	if !errors.Is(why, errStopping) {
		h.lostMessages(lost, why)
	}
	panic(http.ErrAbortHandler)
}

// stopExchanges gives up, as the proxy stops, every exchange whose
// handler has not returned, so that what is still queued for clients
// (a client that does not read, its answer being written) is recorded
// dropped while the record is open, and waits for their handlers to be
// done with them within d. It says on stderr how many messages were not
// written, whether or not every handler was done within d: what was
// queued is lost as the exchange is given up, and only a message still
// being written then is lost later, which it says apart.
func (h *httpDown) stopExchanges(d time.Duration) {
	h.mu.Lock()
	live := make([]*exchange, 0, len(h.live))
	for x := range h.live {
		live = append(live, x)
	}
	h.mu.Unlock()
	for _, x := range live {
		x.mu.Lock()
		x.giveUpLocked(errStopping)
		x.mu.Unlock()
	}
	bound := time.NewTimer(d)
	defer bound.Stop()
	expired := false
	lost, writing := 0, 0
	for _, x := range live {
		x.mu.Lock()
		detached := x.detached
		x.mu.Unlock()
		if detached != nil && !expired {
			select {
			case <-detached:
			case <-bound.C:
				expired = true // the rest are not waited for
			}
		}
		x.mu.Lock()
		if lossOf(x.broken) == stopped {
			lost += x.lost
		}
		if x.writing {
			writing++
		}
		x.mu.Unlock()
	}
	if lost > 0 {
		h.log.printf("the proxy stopped with %s queued for clients over HTTP not written to them: the record says each was dropped", termtext.Plural(lost, "message"))
	}
	if writing > 0 {
		h.log.printf("%s to clients over HTTP still being written %v after the proxy gave up their connections, not counted as written or not: the record may say only that they were passed on",
			termtext.Plural(writing, "message"), d)
	}
}

// lostMessages says on stderr, for the first client and every power of
// ten of those whose connection was lost alike, that a client's
// connection was lost and what it was not sent.
func (h *httpDown) lostMessages(lost int, why error) {
	l := lossOf(why)
	n := h.lostClients[l].Add(1)
	if !every(n) {
		return
	}
	what := "a client's connection ended"
	if l == queueFull || l == timedOut {
		what = "a client " + notReading(l) + ": its connection was closed"
	}
	h.log.printf("%s, and %s for it not written (%d such clients so far)", what, termtext.Plural(lost, "message"), n)
}

// Why a client's connection was given up, as stderr and the record both
// say it.
type loss int

const (
	connectionEnded loss = iota // an error of the connection's own: the client went
	queueFull                   // errQueueFull
	timedOut                    // a message not written within writeTimeout
	stopped                     // errStopping
)

// lossOf is why a connection given up for why was.
func lossOf(why error) loss {
	switch {
	case errors.Is(why, errStopping):
		return stopped
	case errors.Is(why, errQueueFull):
		return queueFull
	case errors.Is(why, os.ErrDeadlineExceeded):
		return timedOut
	}
	return connectionEnded
}

// notReading says what a client whose connection was given up, for a
// loss of queueFull or timedOut, did not do.
func notReading(l loss) string {
	if l == queueFull {
		return "let more than " + strconv.Itoa(clientQueueMessages) + " messages or " + termtext.Size(int64(clientQueueBytes)) + " wait for it unread"
	}
	return "did not read a message within " + writeTimeout.String()
}

// givenUpFor is why the connection was given up, nil for not.
func (x *exchange) givenUpFor() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.broken
}

// lossReason says, in a record line, why a message queued for a client
// was not written: its connection given up for why, or (why nil, or an
// error of the connection's own) ended first.
func lossReason(why error) string {
	_, notWritten := lossWords(why)
	return notWritten
}

// lossWords says why a connection to a client was lost, given up for
// why (nil, or an error of the connection's own, for one that ended):
// as the reason the server's notifications/cancelled gives for its
// request, and, in a record line, as why a message queued for it was
// not written.
func lossWords(why error) (cancel, notWritten string) {
	switch l := lossOf(why); l {
	case stopped:
		return "the proxy is stopping", "the proxy stopped before it was written"
	case queueFull, timedOut:
		did := "the client " + notReading(l)
		return did + ", and the proxy closed its connection", did + ", and its connection was closed"
	}
	return "the client closed its connection", "the client's connection ended before it was written"
}
